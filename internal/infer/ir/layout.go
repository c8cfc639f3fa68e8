package ir

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/drfcheck/drfcheck/internal/infer/clang"
)

// Records are laid out by clang, never by rules of our own: __align__,
// alignas, #pragma pack, attributes on typedefs and the ABI's rules all
// change sizes and offsets, and a layout guessed wrong makes overlapping
// accesses look disjoint. The JSON dump has no layouts, so the front end
// asks clang once per file, and only when a kernel needs the layout of a
// record (CUDA's vector types aside): it checks the file again with a
// function appended that names, for each record of the file and of
// drfcheck's headers, an instance of an undefined template whose
// arguments are sizeof, alignof and __builtin_offsetof of its fields.
// clang cannot complete those instances and prints their arguments in its
// errors ("implicit instantiation of undefined template
// '__drf_L<3, 16, 16, 0>'"), each tagged with the site's number. A record
// whose site clang rejects (a bit-field has no offset, a name the probe
// cannot spell) has no layout, and its accesses are unknown.

// clangRec is what clang says of one record: its size, its alignment and
// the byte offset of each field, by the field's declaration id (see
// probeItem for the other keys).
type clangRec struct {
	size, align int64
	offs        map[string]int64
}

// probeItem is one number asked of clang for a record.
type probeItem struct {
	key  string // a FieldDecl id, "size", "align", "base:I" (the first field of base I)
	expr string
}

// probeSite is the question about one record spelled where it can be
// named: the namespaces to open and the record's spelling inside them.
type probeSite struct {
	decl  *clang.Node
	ns    []string
	spell string
	items []probeItem
	subs  []subRecord // unnamed records inside it, laid out from its numbers
}

// subRecord is an unnamed record inside a probed one: an anonymous member
// (union { ... };) or the type of a named field (struct { ... } s;). Its
// offsets are the enclosing record's less its own offset.
type subRecord struct {
	decl  *clang.Node
	field string // the id of the field it is the type of
	path  string // the designator of that field, for a named field ("s."); "" for an anonymous member
}

// clangLayouts returns clang's layouts of the records of the file, by
// declaration, asking clang once per file.
func (ts *types) clangLayouts() map[*clang.Node]*clangRec {
	v := ts.tu.Memo("ir.layouts", func() any {
		sites := ts.probeSites()
		if len(sites) == 0 {
			return map[*clang.Node]*clangRec{}
		}
		source, re := probeSource, probeRE
		if ts.tu.OpenCL {
			source, re = probeSourceC, probeCRE
		}
		out, err := ts.tu.Probe(source(ts.tu.Src, sites))
		if err != nil {
			return map[*clang.Node]*clangRec{}
		}
		return readProbe(out, sites, re)
	})
	return v.(map[*clang.Node]*clangRec)
}

// probeSites makes one site for each record of the file and of the
// prelude that can be named at namespace scope.
func (ts *types) probeSites() []*probeSite {
	var sites []*probeSite
	var walk func(list []*clang.Node, ns, cls []string)
	walk = func(list []*clang.Node, ns, cls []string) {
		for i, n := range list {
			if n == nil {
				continue
			}
			switch n.Kind {
			case "NamespaceDecl":
				walk(n.Inner, append(ns[:len(ns):len(ns)], n.Name), cls)
			case "LinkageSpecDecl":
				walk(n.Inner, ns, cls)
			case "CXXRecordDecl", "RecordDecl":
				if !hasFields(n) {
					continue
				}
				if n.Name == "" {
					// typedef struct { ... } name;
					// (clang names the struct after the typedef)
					if td := nextTypedef(list, i); td != nil {
						sites = append(sites, ts.site(n, ns, qualify(cls, td.Name)))
					}
					continue
				}
				sites = append(sites, ts.site(n, ns, n.TagUsed+" "+qualify(cls, n.Name)))
				inner := append(cls[:len(cls):len(cls)], n.Name)
				if ts.tu.OpenCL {
					inner = nil // C: a record declared inside another is of file scope
				}
				walk(n.Inner, ns, inner)
			case "ClassTemplateDecl":
				params := templateParams(n)
				for _, c := range n.Inner {
					if c != nil && c.Kind == "ClassTemplateSpecializationDecl" {
						if s, ok := specSpelling(c, params); ok && hasFields(c) {
							sites = append(sites, ts.site(c, ns, c.TagUsed+" "+qualify(cls, s)))
						}
					}
				}
			case "ClassTemplateSpecializationDecl":
				if s, ok := specSpelling(n, nil); ok && hasFields(n) {
					sites = append(sites, ts.site(n, ns, n.TagUsed+" "+qualify(cls, s)))
				}
			}
		}
	}
	walk(ts.tu.MainDecls(), nil, nil)
	walk(ts.tu.PreludeDecls(), nil, nil)
	return sites
}

func qualify(cls []string, name string) string {
	return strings.Join(append(cls[:len(cls):len(cls)], name), "::")
}

// nextTypedef returns the typedef that names the unnamed record at
// list[i] (typedef struct { ... } name;): the next declaration, a typedef
// whose type is the record, which clang spells as unnamed or with the
// typedef's name.
func nextTypedef(list []*clang.Node, i int) *clang.Node {
	if i+1 >= len(list) || list[i+1] == nil || list[i+1].Kind != "TypedefDecl" {
		return nil
	}
	td := list[i+1]
	if t := td.TypeString(); unnamedType(t) || strings.Contains(t, td.Name) {
		return td
	}
	return nil
}

func unnamedType(t string) bool {
	return strings.Contains(t, "(unnamed ") || strings.Contains(t, "(anonymous ")
}

// templateParams returns the spelled types of a class template's
// parameters that are values of a type other than an integer or bool (an
// enumeration), by position; "" for the others.
func templateParams(n *clang.Node) []string {
	var out []string
	for _, c := range n.Inner {
		if c == nil {
			continue
		}
		switch c.Kind {
		case "TemplateTypeParmDecl", "TemplateTemplateParmDecl":
			out = append(out, "")
		case "NonTypeTemplateParmDecl":
			t := strings.TrimSpace(c.TypeString())
			if _, isInt := intTypes[strings.TrimPrefix(t, "const ")]; isInt {
				t = ""
			}
			out = append(out, t)
		}
	}
	return out
}

// specSpelling spells an instance of a class template with its arguments
// (a value of an enumeration type cast to it).
func specSpelling(n *clang.Node, params []string) (string, bool) {
	var args []string
	for _, c := range n.Inner {
		if c == nil || c.Kind != "TemplateArgument" {
			continue
		}
		a, ok := templateArg(c)
		if !ok {
			return "", false
		}
		if i := len(args); len(c.Value) > 0 && i < len(params) && params[i] != "" {
			a = "static_cast<" + params[i] + ">(" + a + ")"
		}
		args = append(args, a)
	}
	return n.Name + "<" + strings.Join(args, ", ") + ">", true
}

// site makes the questions about one record: its size and alignment, the
// offset of each of its fields, of the fields of the unnamed records in
// it, and of the first field of each base class that has fields.
func (ts *types) site(d *clang.Node, ns []string, spell string) *probeSite {
	s := &probeSite{decl: d, ns: ns, spell: spell}
	s.items = append(s.items, probeItem{"size", "sizeof(" + spell + ")"}, probeItem{"align", "alignof(" + spell + ")"})
	for i, b := range d.Bases {
		if b.Type == nil {
			continue
		}
		bd := ts.record(baseName(b.Type.String()))
		if bd == nil {
			continue
		}
		if f := ts.firstNamedField(bd); f != "" {
			s.items = append(s.items, probeItem{fmt.Sprintf("base:%d", i), "__builtin_offsetof(" + spell + ", " + f + ")"})
		}
	}
	s.fieldItems(d, "")
	return s
}

// fieldItems asks the offset of each field of rec, a record inside the
// site's whose fields are designated with the prefix path.
func (s *probeSite) fieldItems(rec *clang.Node, path string) {
	for i, c := range rec.Inner {
		if c == nil || c.Kind != "FieldDecl" {
			continue
		}
		sub := unnamedBefore(rec.Inner, i, c)
		if c.Name != "" {
			s.items = append(s.items, probeItem{c.ID, "__builtin_offsetof(" + s.spell + ", " + path + c.Name + ")"})
			if sub != nil {
				s.subs = append(s.subs, subRecord{decl: sub, field: c.ID, path: path + c.Name})
				s.items = append(s.items, probeItem{c.ID + ":size", "sizeof(((" + s.spell + " *)0)->" + path + c.Name + ")"})
				s.fieldItems(sub, path+c.Name+".")
			}
			continue
		}
		if sub != nil {
			// an anonymous member: its fields are the record's own
			s.subs = append(s.subs, subRecord{decl: sub, field: c.ID})
			s.fieldItems(sub, path)
		}
	}
}

// unnamedBefore returns the unnamed record that a field is of, which
// clang places just before it.
func unnamedBefore(list []*clang.Node, i int, f *clang.Node) *clang.Node {
	if i == 0 || !unnamedType(f.TypeString()) {
		return nil
	}
	if p := list[i-1]; p != nil && (p.Kind == "CXXRecordDecl" || p.Kind == "RecordDecl") && p.Name == "" {
		return p
	}
	return nil
}

func (ts *types) firstNamedField(d *clang.Node) string {
	return ts.firstField(d, 0)
}

// firstField is the name of the first named field of a record, its own
// or, when it has none, its base class's (struct u : t {} with struct t :
// s { int x; }: x, which offsetof names through u as well).
func (ts *types) firstField(d *clang.Node, depth int) string {
	if d == nil || depth > 16 {
		return ""
	}
	for _, c := range d.Inner {
		if c != nil && c.Kind == "FieldDecl" && c.Name != "" {
			return c.Name
		}
	}
	for _, b := range d.Bases {
		if b.Type == nil {
			continue
		}
		if f := ts.firstField(ts.record(baseName(b.Type.String())), depth+1); f != "" {
			return f
		}
	}
	return ""
}

// baseName is the record a base class's type spells ("struct s": s).
func baseName(t string) string {
	return strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(strings.TrimPrefix(t, "struct "), "class "), "union "))
}

// probeSource is the file with the probe appended: one function per
// site, in the site's namespaces, so that its spelling means there what
// it means in the file.
func probeSource(src []byte, sites []*probeSite) []byte {
	var b strings.Builder
	b.Write(src)
	b.WriteString("\n\ntemplate <unsigned long long...> struct __drf_L;\n")
	for i, s := range sites {
		for _, n := range s.ns {
			fmt.Fprintf(&b, "namespace %s { ", n)
		}
		fmt.Fprintf(&b, "static inline void __drf_layout_%d() { (void)sizeof(::__drf_L<%d", i, i)
		for _, it := range s.items {
			b.WriteString(", ")
			b.WriteString(it.expr)
		}
		b.WriteString(">); }")
		b.WriteString(strings.Repeat(" }", len(s.ns)))
		b.WriteString("\n")
	}
	return []byte(b.String())
}

var probeRE = regexp.MustCompile(`undefined template '(?:::)?__drf_L<([0-9, ]+)>'`)

// probeSourceC is probeSource for C (OpenCL C), which has no templates:
// each site initializes a struct with a pointer to an array whose
// dimensions are the numbers plus one (a dimension may not be 0), which
// clang rejects, spelling the pointer's type with the dimensions computed
// ("incompatible type 'char (__private *)[1][33][17][17]'").
func probeSourceC(src []byte, sites []*probeSite) []byte {
	var b strings.Builder
	b.Write(src)
	b.WriteString("\n\n")
	for i, s := range sites {
		fmt.Fprintf(&b, "void __drf_layout_%d(void) { struct __drf_n { int x; } v = (char (*)[%d + 1]", i, i)
		for _, it := range s.items {
			fmt.Fprintf(&b, "[%s + 1]", strings.ReplaceAll(it.expr, "alignof(", "__alignof__("))
		}
		b.WriteString(")0; }\n")
	}
	return []byte(b.String())
}

var probeCRE = regexp.MustCompile(`incompatible type 'char \([a-z_ ]*\*\)((?:\[[0-9]+\])+)'`)

// readProbe reads clang's answers: the numbers of each site it could
// compute, then the layouts of the unnamed records inside each.
func readProbe(stderr []byte, sites []*probeSite, re *regexp.Regexp) map[*clang.Node]*clangRec {
	out := map[*clang.Node]*clangRec{}
	for _, m := range re.FindAllSubmatch(stderr, -1) {
		var nums []int64
		fields, shift := strings.Split(string(m[1]), ","), int64(0)
		if re == probeCRE {
			// [n+1][m+1]...
			fields, shift = strings.Split(strings.Trim(string(m[1]), "[]"), "]["), 1
		}
		for _, f := range fields {
			v, err := strconv.ParseInt(strings.TrimSpace(f), 10, 64)
			if err != nil {
				nums = nil
				break
			}
			nums = append(nums, v-shift)
		}
		if len(nums) == 0 || nums[0] < 0 || nums[0] >= int64(len(sites)) {
			continue
		}
		s := sites[nums[0]]
		if len(nums) != len(s.items)+1 {
			continue
		}
		r := &clangRec{offs: map[string]int64{}}
		for i, it := range s.items {
			r.offs[it.key] = nums[i+1]
		}
		r.size, r.align = r.offs["size"], r.offs["align"]
		out[s.decl] = r
		// inner records first: an anonymous member's offset is known once
		// those inside it are laid out
		for i := len(s.subs) - 1; i >= 0; i-- {
			if sr := subLayout(r, s.subs[i]); sr != nil {
				out[s.subs[i].decl] = sr
			}
		}
	}
	return out
}

// subLayout derives an unnamed record's layout from the enclosing one's:
// each field's offset less the record's own, which is that of the field
// it is the type of, or, for an anonymous member, the least of its
// fields' (its first field is at its start). The size of an anonymous
// member is not asked (it has no name to ask it by): the extent of its
// fields stands for it, which leaves out only tail padding, no field's
// bytes.
func subLayout(r *clangRec, sub subRecord) *clangRec {
	fields := fieldsOf(sub.decl)
	if len(fields) == 0 {
		return nil
	}
	base, ok := r.offs[sub.field]
	if sub.path == "" {
		base = -1
		for _, f := range fields {
			o, known := r.offs[f.ID]
			if !known {
				return nil // an unnamed bit-field: its start is not the record's
			}
			if base < 0 || o < base {
				base = o
			}
		}
		r.offs[sub.field], ok = base, true
	}
	if !ok {
		return nil
	}
	sr := &clangRec{offs: map[string]int64{}}
	for _, f := range fields {
		o, known := r.offs[f.ID]
		if !known {
			return nil
		}
		sr.offs[f.ID] = o - base
	}
	if sz, known := r.offs[sub.field+":size"]; known {
		sr.size = sz
	}
	return sr
}

// fromClang makes the layout of a record from clang's numbers: its base
// class with fields first (its fields flattened into the record's, a base
// without fields taking no room), then its own fields, each at the offset
// clang gives.
func (ts *types) fromClang(name string, decl *clang.Node) *record {
	cr := ts.clangLayouts()[decl]
	if cr == nil {
		return nil
	}
	r := &record{name: name, bytes: cr.size, alignment: cr.align, union: decl.TagUsed == "union"}
	bases := 0
	for i, b := range decl.Bases {
		bt := ts.parse(b.Type.String())
		if b.IsVirtual || bt.kind != cStruct {
			return nil
		}
		if bt.rec == nil {
			if d := ts.records[bt.name]; d == nil || hasFields(d) {
				return nil
			}
			continue
		}
		if bases++; bases > 1 {
			return nil
		}
		first, ok := cr.offs[fmt.Sprintf("base:%d", i)]
		f0, found := bt.rec.field(ts.firstNamedField(ts.record(bt.name)))
		if !ok || !found {
			return nil
		}
		for _, f := range bt.rec.fields {
			if _, hidden := findField(decl, f.name); hidden && f.name != "" {
				return nil // a field of the class hides it: offsetof named the class's
			}
			r.fields = append(r.fields, field{name: f.name, id: f.id, t: f.t, off: first - f0.off + f.off})
		}
	}
	for _, c := range decl.Inner {
		if c == nil || c.Kind != "FieldDecl" {
			continue
		}
		ft := ts.of(c)
		off, ok := cr.offs[c.ID]
		if ft.size == 0 || isBitField(c) || !ok {
			return nil
		}
		r.fields = append(r.fields, field{name: c.Name, id: c.ID, t: ft, off: off})
	}
	if len(r.fields) == 0 {
		return nil
	}
	if r.bytes == 0 {
		// an anonymous member: the extent of its fields (see subLayout)
		for _, f := range r.fields {
			r.bytes = max(r.bytes, f.off+f.t.size)
			r.alignment = max(r.alignment, f.t.align)
		}
	}
	return r
}

// findField reports whether a record declares a field of that name,
// directly or in an anonymous member.
func findField(d *clang.Node, name string) (*clang.Node, bool) {
	for i, c := range d.Inner {
		if c == nil || c.Kind != "FieldDecl" {
			continue
		}
		if c.Name == name {
			return c, true
		}
		if sub := unnamedBefore(d.Inner, i, c); sub != nil && c.Name == "" {
			if f, ok := findField(sub, name); ok {
				return f, true
			}
		}
	}
	return nil, false
}

// cellType is the element type of memory holding values of type t: the
// first scalar in it, the unit of the protocol's indices, unless some
// scalar of t would straddle two such cells (a packed struct's int at
// offset 1, an __align__(2) struct of a char and a short), when it is an
// unsigned integer of the largest power-of-two size that no scalar
// straddles. An access is one cell, or whole cells from a cell's start,
// only when no scalar straddles (symexec's access).
func cellType(t ctype) Type {
	leaf := t.scalarLeaf()
	if t.kind != cStruct && t.kind != cArray || leaf.Size <= 1 {
		return leaf
	}
	p := leaf.Size
	for p > 1 && !(t.size%p == 0 && cellsFit(t, 0, p)) {
		p /= 2
	}
	if p == leaf.Size {
		return leaf
	}
	return Type{Kind: Int, Size: p, Signed: false}
}

// cellsFit reports whether every scalar of t, placed at off, is inside
// one cell of p bytes or is whole cells.
func cellsFit(t ctype, off, p int64) bool {
	switch t.kind {
	case cArray:
		e := t.pointee()
		return cellsFit(e, off, p) && (t.n <= 1 || e.size%p == 0)
	case cStruct:
		if t.rec == nil {
			return true // its accesses are unknown
		}
		for _, f := range t.rec.fields {
			if !cellsFit(f.t, off+f.off, p) {
				return false
			}
		}
		return true
	}
	sz := t.size
	switch {
	case sz <= 0:
		return true
	case sz <= p:
		return off/p == (off+sz-1)/p
	}
	return off%p == 0 && sz%p == 0
}

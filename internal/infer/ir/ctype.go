package ir

import (
	"encoding/json"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"

	"github.com/drfcheck/drfcheck/internal/infer/clang"
)

// ckind classifies a C type as the lowering sees it.
type ckind int

const (
	cUnknown ckind = iota
	cVoid
	cScalar // integers, bool, enums, floating point: an IR Type
	cPtr
	cRef
	cArray
	cStruct
	cFunc
)

// ctype is a C type parsed from clang's spelling, with its size and
// alignment (0 when unknown).
type ctype struct {
	kind  ckind
	ir    Type    // cScalar
	elem  *ctype  // cPtr, cRef: the pointee; cArray: the element (one dimension)
	n     int64   // cArray: the length, 0 when unknown
	rec   *record // cStruct: the layout, nil when unknown
	name  string  // cStruct: the spelling
	size  int64
	align int64
}

func (t ctype) pointee() ctype {
	if t.elem == nil {
		return ctype{}
	}
	return *t.elem
}

// scalarLeaf returns the first scalar inside a type (an array's element, a
// struct's first field): the element type a base is shown with.
func (t ctype) scalarLeaf() Type {
	switch t.kind {
	case cScalar:
		return t.ir
	case cArray:
		return t.pointee().scalarLeaf()
	case cStruct:
		if t.rec != nil && len(t.rec.fields) > 0 {
			return t.rec.fields[0].t.scalarLeaf()
		}
	case cPtr:
		return U64
	}
	return VoidT
}

// record is the layout of a struct, class or union: its fields at their
// byte offsets, its size and alignment, all as clang computes them (see
// layout.go), or by rule for CUDA's vector types.
type record struct {
	name      string
	fields    []field
	bytes     int64 // sizeof
	alignment int64 // alignof
	union     bool  // every field is a view of the same bytes
	vector    bool  // an OpenCL vector: its fields are its components
}

type field struct {
	name string
	id   string // the FieldDecl's id; "" for the fields of a vector type
	t    ctype
	off  int64
}

// member returns the field a member expression designates: by its
// declaration's id where it has one (two anonymous members are both
// named ""), else by name.
func (r *record) member(id, name string) (field, bool) {
	if id != "" {
		for _, f := range r.fields {
			if f.id == id {
				return f, true
			}
		}
	}
	return r.field(name)
}

func (r *record) field(name string) (field, bool) {
	for _, f := range r.fields {
		if f.name == name {
			return f, true
		}
	}
	return field{}, false
}

var intTypes = map[string]Type{
	"char": {Int, 1, true}, "signed char": {Int, 1, true}, "unsigned char": {Int, 1, false},
	"short": {Int, 2, true}, "short int": {Int, 2, true}, "unsigned short": {Int, 2, false}, "unsigned short int": {Int, 2, false},
	"int": {Int, 4, true}, "signed": {Int, 4, true}, "signed int": {Int, 4, true}, "unsigned": {Int, 4, false}, "unsigned int": {Int, 4, false},
	"long": {Int, 8, true}, "long int": {Int, 8, true}, "unsigned long": {Int, 8, false}, "unsigned long int": {Int, 8, false},
	"long long": {Int, 8, true}, "long long int": {Int, 8, true}, "unsigned long long": {Int, 8, false}, "unsigned long long int": {Int, 8, false},
	"wchar_t": {Int, 4, true}, "char16_t": {Int, 2, false}, "char32_t": {Int, 4, false}, "char8_t": {Int, 1, false},
	"int8_t": {Int, 1, true}, "uint8_t": {Int, 1, false}, "int16_t": {Int, 2, true}, "uint16_t": {Int, 2, false},
	"int32_t": {Int, 4, true}, "uint32_t": {Int, 4, false}, "int64_t": {Int, 8, true}, "uint64_t": {Int, 8, false},
	"size_t": {Int, 8, false}, "ptrdiff_t": {Int, 8, true}, "intptr_t": {Int, 8, true}, "uintptr_t": {Int, 8, false},
	"uint": {Int, 4, false}, "ushort": {Int, 2, false},
	"bool": BoolT, "_Bool": BoolT,
	"float": F32, "double": {Float, 8, true}, "long double": {Float, 16, true},
	"_Float16": {Float, 2, true}, "__fp16": {Float, 2, true},
}

// types parses type spellings and finds the layouts of the file's structs.
type types struct {
	tu      *clang.TU
	records map[string]*clang.Node // struct definitions of the main file by name
	enums   map[string]bool
	under   map[string]string // an enum's underlying type, by the enum's spellings
	enumVal map[string]int64  // enumerators by spelling (cuda::thread_scope_block, E::A)
	alias   map[string]string // typedefs and aliases of the main file: their types
	layouts map[string]*record
	busy    map[string]bool // layouts being computed (a struct containing itself by value is malformed)
}

func newTypes(tu *clang.TU) *types {
	ts := &types{tu: tu, records: map[string]*clang.Node{}, enums: map[string]bool{}, under: map[string]string{}, enumVal: map[string]int64{}, alias: map[string]string{},
		layouts: map[string]*record{}, busy: map[string]bool{}}
	// the user's declarations first, then those of drfcheck's headers
	// (cuRAND's states, libcu++'s atomics), which never shadow them
	ts.add(tu.MainDecls())
	ts.add(tu.PreludeDecls())
	return ts
}

// add records the typedefs, enums and structs of declarations, keeping
// the first of each name.
func (ts *types) add(decls []*clang.Node) {
	// clang spells compound types with the typedef's name (real[16]
	// for typedef float real): resolve them, in functions too
	var walk func(n *clang.Node)
	walk = func(n *clang.Node) {
		if n == nil {
			return
		}
		if (n.Kind == "TypedefDecl" || n.Kind == "TypeAliasDecl") && n.Name != "" && n.Type != nil {
			if _, seen := ts.alias[n.Name]; !seen {
				ts.alias[n.Name] = n.Type.String()
			}
		}
		for _, c := range n.Inner {
			walk(c)
		}
	}
	for _, d := range decls {
		walk(d)
	}
	var anon *clang.Node // the last struct without a name
	clang.WalkDecls(decls, func(n *clang.Node, prefix string) bool {
		switch n.Kind {
		case "TypedefDecl":
			// typedef struct { ... } name: the struct is known by the
			// typedef's name only
			if t := n.Type.String(); anon != nil && (strings.Contains(t, "(unnamed") || strings.Contains(t, n.Name)) {
				delete(ts.alias, n.Name)
				for _, key := range []string{prefix + n.Name, n.Name} {
					if _, seen := ts.records[key]; !seen {
						ts.records[key] = anon
					}
				}
			}
			anon = nil
		case "EnumDecl":
			ts.addEnum(n, prefix)
		case "ClassTemplateDecl":
			// the instances of a class template have layouts of their own,
			// spelled with their arguments: box<int, 1>
			for _, c := range n.Inner {
				if c != nil && c.Kind == "ClassTemplateSpecializationDecl" {
					ts.addSpecialization(c, prefix)
				}
			}
		case "ClassTemplateSpecializationDecl":
			ts.addSpecialization(n, prefix)
		case "CXXRecordDecl", "RecordDecl":
			if n.Name == "" && hasFields(n) {
				anon = n
				a := n.Loc.At()
				ts.records[fmt.Sprintf("unnamed@%d:%d", a.Line, a.Col)] = n
			}
			if n.Name != "" && hasFields(n) {
				for _, key := range []string{prefix + n.Name, n.Name} {
					if _, seen := ts.records[key]; !seen {
						ts.records[key] = n
					}
				}
			}
			return true
		}
		return false
	})
}

// addEnumerators records the values of an enum's enumerators under the
// spellings a template argument may use: prefix::A for an unscoped enum
// of a namespace, prefix::E::A for any.
func (ts *types) addEnumerators(n *clang.Node, prefix string) {
	eachEnumerator(n, func(c *clang.Node, v int64) {
		for _, key := range []string{prefix + c.Name, prefix + n.Name + "::" + c.Name} {
			if _, seen := ts.enumVal[key]; !seen {
				ts.enumVal[key] = v
			}
		}
	})
}

// eachEnumerator calls f with each enumerator of an enum and its value:
// the value its initializer gives, else one more than the previous one.
func eachEnumerator(n *clang.Node, f func(c *clang.Node, v int64)) {
	next := int64(0)
	for _, c := range n.Inner {
		if c == nil || c.Kind != "EnumConstantDecl" {
			continue
		}
		if v, ok := enumeratorValue(c.Inner); ok {
			next = v
		}
		f(c, next)
		next++
	}
}

// enumeratorValue is the value of an enumerator's initializer: its
// ConstantExpr, which clang puts under the conversion to the enum's type
// when the value's type is another (LARGE = 1LL << 40).
func enumeratorValue(inner []*clang.Node) (int64, bool) {
	for _, e := range inner {
		switch {
		case e == nil:
		case e.Kind == "ConstantExpr":
			return e.IntValue()
		case e.Kind == "ImplicitCastExpr":
			return enumeratorValue(e.Inner)
		}
	}
	return 0, false
}

// addSpecialization records an instance of a class template under its
// spelling, the template's name and its arguments as clang prints them
// (box<int, 1>, box<float *, true>), unless an argument is of a kind it
// cannot spell.
func (ts *types) addSpecialization(n *clang.Node, prefix string) {
	if n.Name == "" || !hasFields(n) {
		return
	}
	var args []string
	for _, c := range n.Inner {
		if c == nil || c.Kind != "TemplateArgument" {
			continue
		}
		a, ok := templateArg(c)
		if !ok {
			return
		}
		args = append(args, a)
	}
	name := n.Name + "<" + strings.Join(args, ", ") + ">"
	for _, key := range []string{prefix + name, name} {
		if _, seen := ts.records[key]; !seen {
			ts.records[key] = n
		}
	}
	// its enums, as the types of its fields spell them (box<float>::kind)
	for _, c := range n.Inner {
		if c != nil && c.Kind == "EnumDecl" {
			ts.addEnum(c, prefix+name+"::")
		}
	}
}

// addEnum records an enum declared with a prefix (its scopes), its
// underlying type and its enumerators.
func (ts *types) addEnum(n *clang.Node, prefix string) {
	under := "int"
	switch {
	case n.FixedType != nil:
		under = n.FixedType.String()
	default:
		// an enum without a fixed type is an int unless its values need
		// more (C++ [dcl.enum]: an integral type that can represent them)
		eachEnumerator(n, func(_ *clang.Node, v int64) {
			if v < math.MinInt32 || v > math.MaxUint32 {
				under = "long long"
			} else if v > math.MaxInt32 && under == "int" {
				under = "unsigned int"
			}
		})
	}
	for _, key := range []string{n.Name, prefix + n.Name} {
		if key == "" || key == prefix {
			continue
		}
		ts.enums[key] = true
		ts.under[key] = under
	}
	ts.addEnumerators(n, prefix)
}

// record returns the declaration of the struct of a name: the one recorded
// under it, or the instance of a class template it spells (specializationOf).
func (ts *types) record(name string) *clang.Node {
	if d := ts.records[name]; d != nil {
		return d
	}
	return ts.specializationOf(name)
}

// specializationOf finds the instance of a class template that a spelling
// names when its arguments are not spelled as addSpecialization spells
// them (an enumerator, cuda::thread_scope_device, for the value 1): the
// instances of the template with as many arguments, whose type arguments
// are spelled the same, provided they all have the same fields (then which
// one it is does not matter); nil otherwise.
func (ts *types) specializationOf(name string) *clang.Node {
	open := strings.IndexByte(name, '<')
	if open <= 0 || !strings.HasSuffix(name, ">") {
		return nil
	}
	base, args := name[:open], splitArgs(name[open+1:len(name)-1])
	var found *clang.Node
	for key, d := range ts.records {
		if d.Kind != "ClassTemplateSpecializationDecl" || !strings.HasPrefix(key, base+"<") {
			continue
		}
		kargs := splitArgs(key[len(base)+1 : len(key)-1])
		if len(kargs) != len(args) || !ts.typesAgree(args, kargs) {
			continue
		}
		if found != nil && found != d && !sameFields(found, d) {
			return nil
		}
		found = d
	}
	return found
}

// splitArgs splits template arguments, or parameters, at the commas of
// their top level.
func splitArgs(s string) []string {
	var out []string
	depth, start := 0, 0
	for i, c := range s {
		switch c {
		case '<', '(', '[':
			depth++
		case '>', ')', ']':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, strings.TrimSpace(s[start:i]))
				start = i + 1
			}
		}
	}
	return append(out, strings.TrimSpace(s[start:]))
}

// typesAgree reports whether spelled arguments agree with an instance's:
// a type argument of the instance must be spelled the same; a value
// argument (a number, true, false) matches a number or an enumerator of
// the file only if equal, and any other spelling (a cast, an expression:
// what addSpecialization cannot spell).
func (ts *types) typesAgree(spelled, instance []string) bool {
	for i := range spelled {
		a, b := spelled[i], instance[i]
		n, isNum := spelledNumber(b)
		switch {
		case isNum:
			if m, ok := spelledNumber(a); ok && m != n {
				return false
			}
			if m, ok := ts.enumVal[strings.TrimPrefix(a, "::")]; ok && m != n {
				return false
			}
		case b == "true" || b == "false":
			if (a == "true" || a == "false") && a != b {
				return false
			}
		case a != b:
			return false
		}
	}
	return true
}

// spelledNumber returns the value of an integer spelled in C (1, 1U, 0x10).
func spelledNumber(s string) (int64, bool) {
	v, err := strconv.ParseInt(strings.TrimRight(s, "uUlL"), 0, 64)
	return v, err == nil
}

// sameFields reports whether two records declare the same fields, by name
// and spelled type, in order.
func sameFields(a, b *clang.Node) bool {
	fa, fb := fieldsOf(a), fieldsOf(b)
	if len(fa) != len(fb) || len(a.Bases) != len(b.Bases) {
		return false
	}
	for i := range fa {
		if fa[i].Name != fb[i].Name || fa[i].TypeString() != fb[i].TypeString() {
			return false
		}
	}
	for i := range a.Bases {
		if a.Bases[i].Type.String() != b.Bases[i].Type.String() {
			return false
		}
	}
	return true
}

func fieldsOf(n *clang.Node) []*clang.Node {
	var out []*clang.Node
	for _, c := range n.Inner {
		if c != nil && c.Kind == "FieldDecl" {
			out = append(out, c)
		}
	}
	return out
}

// templateArg spells a template argument: a type, or an integral or
// boolean value.
func templateArg(c *clang.Node) (string, bool) {
	if len(c.Value) > 0 {
		var v any
		if json.Unmarshal(c.Value, &v) != nil {
			return "", false
		}
		switch v := v.(type) {
		case bool:
			return strconv.FormatBool(v), true
		case float64:
			return strconv.FormatInt(int64(v), 10), true
		case string:
			return v, true
		}
		return "", false
	}
	if c.Type != nil && c.Type.QualType != "" {
		return c.Type.QualType, true
	}
	return "", false
}

func hasFields(n *clang.Node) bool {
	for _, c := range n.Inner {
		if c != nil && c.Kind == "FieldDecl" {
			return true
		}
	}
	return len(n.Inner) > 0
}

func (ts *types) of(n *clang.Node) ctype {
	if n == nil || n.Type == nil {
		return ctype{}
	}
	return ts.parse(n.Type.String())
}

// parse parses a spelling such as "const float *__restrict",
// "float[16][17]", "float (*)[17]", "int &" or "struct S".
func (ts *types) parse(s string) ctype {
	s = strings.TrimSpace(extVectorRE.ReplaceAllString(s, " __ext_vector_$1"))
	for {
		t := s
		for _, q := range qualifiers {
			// int const, and the pointer itself qualified: int *const
			if rest, ok := strings.CutSuffix(t, q); ok && (strings.HasSuffix(rest, " ") || strings.HasSuffix(rest, "*")) {
				t = rest
			}
		}
		if t == s {
			break
		}
		s = strings.TrimSpace(t)
	}
	if _, ok := anonKey(s); ok {
		return ts.base(s)
	}
	switch {
	case s == "" || s == "<dependent type>":
		return ctype{}
	case strings.HasSuffix(s, "&"):
		r := ts.parse(strings.TrimRight(s, "&"))
		return ctype{kind: cRef, elem: &r, size: 8, align: 8}
	case strings.Contains(s, "(*)"):
		i := strings.Index(s, "(*)")
		rest := strings.TrimSpace(s[i+3:])
		if strings.HasPrefix(rest, "[") {
			a := ts.parse(s[:i] + rest)
			return ctype{kind: cPtr, elem: &a, size: 8, align: 8}
		}
		f := ctype{kind: cFunc}
		return ctype{kind: cPtr, elem: &f, size: 8, align: 8}
	case strings.HasSuffix(s, "]"):
		i := strings.Index(s, "[")
		j := strings.Index(s[i:], "]") + i
		n, _ := strconv.ParseInt(strings.TrimSpace(s[i+1:j]), 10, 64)
		elem := ts.parse(s[:i] + s[j+1:])
		t := ctype{kind: cArray, elem: &elem, n: n, align: elem.align}
		t.size = elem.size * n
		return t
	case strings.HasSuffix(s, "*"):
		p := ts.parse(s[:len(s)-1])
		return ctype{kind: cPtr, elem: &p, size: 8, align: 8}
	case strings.Contains(s, "("):
		return ctype{kind: cFunc}
	}
	return ts.base(s)
}

func (ts *types) base(s string) ctype {
	var kept []string
	enum := false
	for _, w := range strings.Fields(s) {
		switch w {
		case "const", "volatile", "__restrict", "restrict", "typename", "struct", "class", "union",
			"__global", "__local", "__constant", "__private", "__generic", "__read_only", "__write_only", "__read_write":
		case "enum":
			enum = true
		default:
			kept = append(kept, w)
		}
	}
	if n := len(kept); n >= 2 && strings.HasPrefix(kept[n-1], "__ext_vector_") {
		return extVector(strings.Join(kept[:n-1], " "), kept[n-1])
	}
	name := strings.Join(kept, " ")
	if imageDims(name) > 0 {
		// an OpenCL image: a handle to memory of the host's, taken for a
		// pointer to its pixels (one 4-byte cell each; opencl.go)
		px := ctype{kind: cScalar, ir: I32, size: 4, align: 4}
		return ctype{kind: cPtr, elem: &px, size: 8, align: 8}
	}
	if t, ok := intTypes[name]; ok {
		return ctype{kind: cScalar, ir: t, size: t.Size, align: t.Size}
	}
	if openCLHandles[name] {
		// a handle the kernel only passes on: a word whose value nothing
		// here interprets
		return ctype{kind: cScalar, ir: U64, size: 8, align: 8}
	}
	if name == "void" {
		return ctype{kind: cVoid}
	}
	if a, ok := ts.alias[name]; ok && a != name && !ts.busy["typedef "+name] {
		ts.busy["typedef "+name] = true
		defer delete(ts.busy, "typedef "+name)
		return ts.parse(a)
	}
	if enum || ts.enums[name] {
		if u, ok := ts.under[name]; ok && u != name && !ts.busy["enum "+name] {
			ts.busy["enum "+name] = true
			defer delete(ts.busy, "enum "+name)
			if t := ts.parse(u); t.kind == cScalar {
				return t
			}
		}
		return ctype{kind: cScalar, ir: I32, size: 4, align: 4}
	}
	if name == "std::nullptr_t" || name == "nullptr_t" {
		v := ctype{kind: cVoid}
		return ctype{kind: cPtr, elem: &v, size: 8, align: 8}
	}
	if k, ok := anonKey(name); ok {
		name = k
	}
	t := ctype{kind: cStruct, name: name}
	if r, size, align := ts.layout(name); r != nil {
		t.rec, t.size, t.align = r, size, align
	}
	return t
}

// qualifiers are the qualifiers parse drops: C's, and OpenCL's address
// spaces, which say where an object is, not what it is (the lowering reads
// a kernel parameter's address space from its declaration).
var qualifiers = []string{"const", "volatile", "__restrict", "restrict", "__global", "__local", "__constant", "__private", "__generic",
	"__read_only", "__write_only", "__read_write"}

// openCLHandles are OpenCL's opaque types of values that kernels store and
// pass on (events of async copies, samplers).
var openCLHandles = map[string]bool{"event_t": true, "sampler_t": true, "clk_event_t": true, "queue_t": true, "reserve_id_t": true, "ndrange_t": true}

// extVectorRE matches clang's spelling of an OpenCL vector type (float4 is
// float __attribute__((ext_vector_type(4)))).
var extVectorRE = regexp.MustCompile(`\s*__attribute__\(\(ext_vector_type\((\d+)\)\)\)`)

// extVector is an OpenCL vector of n components of a scalar type: its
// components s0, s1, ... at consecutive offsets; a 3-component vector has
// the size and alignment of a 4-component one, and every vector is
// aligned to its size (OpenCL C 1.2, Section 6.1.5).
func extVector(comp, count string) ctype {
	c, ok := intTypes[comp]
	if comp == "half" {
		c, ok = Type{Kind: Float, Size: 2, Signed: true}, true
	}
	n, err := strconv.ParseInt(strings.TrimPrefix(count, "__ext_vector_"), 10, 64)
	if !ok || err != nil || n < 1 || n > 16 {
		return ctype{kind: cStruct, name: comp + " vector"}
	}
	slots := n
	if n == 3 {
		slots = 4
	}
	r := &record{name: fmt.Sprintf("%s%d", comp, n), bytes: slots * c.Size, alignment: slots * c.Size, vector: true}
	ct := ctype{kind: cScalar, ir: c, size: c.Size, align: c.Size}
	for i := int64(0); i < n; i++ {
		r.fields = append(r.fields, field{name: fmt.Sprintf("s%x", i), t: ct, off: i * c.Size})
	}
	return ctype{kind: cStruct, name: r.name, rec: r, size: r.bytes, align: r.alignment}
}

// anonKey names a struct without a name, which clang spells
// "(unnamed struct at file.cu:5:3)", by its position.
func anonKey(name string) (string, bool) {
	if !strings.HasSuffix(name, ")") || !strings.Contains(name, "(unnamed ") && !strings.Contains(name, "(anonymous ") {
		return "", false
	}
	parts := strings.Split(strings.TrimSuffix(name, ")"), ":")
	if len(parts) < 3 {
		return "", false
	}
	return "unnamed@" + parts[len(parts)-2] + ":" + parts[len(parts)-1], true
}

// vectorTypes are CUDA's vector types (int2, float4, ...) by name prefix,
// with their component type. Their alignment is their size (up to 16), as
// in CUDA's headers, except for the three-component ones.
var vectorTypes = map[string]Type{
	"char": {Int, 1, true}, "uchar": {Int, 1, false}, "short": {Int, 2, true}, "ushort": {Int, 2, false},
	"int": I32, "uint": U32, "long": I64, "ulong": U64, "longlong": I64, "ulonglong": U64,
	"float": F32, "double": {Float, 8, true},
}

// vectorType returns the component type of one of CUDA's vector types
// (float4: float); ok is false for any other name.
func vectorType(name string) (comp Type, ok bool) {
	if n := len(name); n >= 2 && name[n-1] >= '1' && name[n-1] <= '4' {
		comp, ok = vectorTypes[name[:n-1]]
	}
	return comp, ok
}

// layout returns the layout of a struct type: CUDA's vector types and
// dim3 by rule (the rule is checked against clang by TestVectorLayouts),
// every other record as clang lays it out (layout.go). A record clang gives
// no layout for (bit-fields, several base classes with fields, a type the
// probe cannot name) has none: its accesses are unknown.
func (ts *types) layout(name string) (*record, int64, int64) {
	if r, ok := ts.layouts[name]; ok {
		if r == nil {
			return nil, 0, 0
		}
		return r, r.size(), r.align()
	}
	r := ts.computeLayout(name)
	ts.layouts[name] = r
	if r == nil {
		return nil, 0, 0
	}
	return r, r.size(), r.align()
}

func (r *record) size() int64  { return r.bytes }
func (r *record) align() int64 { return r.alignment }

func (ts *types) computeLayout(name string) *record {
	if name == "dim3" || name == "uint3" {
		return scalarRecord(name, U32, 3, 4)
	}
	if comp, ok := vectorType(name); ok {
		count := int64(name[len(name)-1] - '0')
		align := comp.Size * count
		if count == 3 {
			align = comp.Size
		}
		return scalarRecord(name, comp, count, min(align, 16))
	}
	decl := ts.record(name)
	if decl == nil || ts.busy[name] {
		return nil
	}
	ts.busy[name] = true
	defer delete(ts.busy, name)
	return ts.fromClang(name, decl)
}

// isBitField reports whether a field declaration has a width.
func isBitField(f *clang.Node) bool {
	for _, c := range f.Inner {
		if c != nil && c.Kind == "ConstantExpr" {
			return true
		}
	}
	return false
}

func scalarRecord(name string, comp Type, count, align int64) *record {
	r := &record{name: name, bytes: count * comp.Size, alignment: align}
	ct := ctype{kind: cScalar, ir: comp, size: comp.Size, align: comp.Size}
	for i := int64(0); i < count; i++ {
		r.fields = append(r.fields, field{name: string("xyzw"[i]), t: ct, off: i * comp.Size})
	}
	// a larger alignment than the components' (float4 is 16-aligned) is
	// that of a hidden padding-free wrapper: record it on the first field
	if align > comp.Size {
		r.fields[0].t.align = align
	}
	return r
}

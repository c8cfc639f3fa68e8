package cudagen

import (
	"fmt"
	"strings"
)

// This file makes some of the kernel's struct types instances of class
// templates:
//
//	template <class T, int W>
//	struct Rec {
//	  int key;
//	  T val[W];
//	};
//
// used as Rec<int, 4> in a __shared__ array, Cfg<int> as the struct
// parameter, Pair<int> in shared and global arrays, locals and device
// function parameters, Opts<2> (template <int W> struct Opts { int stride
// = W; ... }) and Bufs<float, 3> (template <class T, int W> struct Bufs {
// T *c[W]; int n; }). A type parameter is used in field types (and the
// pointee of an array of pointers), an int parameter in an array bound
// (the member's fitted length) or a default member initializer. A kernel
// may use two instances of Rec, of different bounds.
//
// Each instance is an ordinary Struct with its own fields, of the
// substituted types: the generator, the checker and the interpreter see
// through the template, and only the printer knows it (Struct.Tmpl,
// Field.TP and Field.NP).

// Template is a class template some structs are instances of.
type Template struct {
	Name string
	T, N bool // has a type parameter, an int parameter
}

// The names of the template parameters.
const (
	tmplT = "T"
	tmplN = "W"
)

// spelling is the struct's name where it is used: Rec<int, 4>.
func (s *Struct) spelling() string {
	if s.Tmpl == nil {
		return s.Name
	}
	var args []string
	if s.Tmpl.T {
		args = append(args, s.TArg.String())
	}
	if s.Tmpl.N {
		args = append(args, fmt.Sprint(s.intArg()))
	}
	return s.Name + "<" + strings.Join(args, ", ") + ">"
}

// intArg is the int argument of an instance: the bound or default value
// of its NP field.
func (s *Struct) intArg() int64 {
	for _, f := range s.Fields {
		if f.NP && f.Arr {
			return int64(f.Len)
		}
		if f.NP && f.Def {
			return f.DefVal
		}
	}
	panic("template instance without an int argument")
}

// template prints the class template of instance s.
func (p *printer) template(s *Struct) {
	var ps []string
	if s.Tmpl.T {
		ps = append(ps, "class "+tmplT)
	}
	if s.Tmpl.N {
		ps = append(ps, "int "+tmplN)
	}
	p.line("template <%s>", strings.Join(ps, ", "))
	p.line("struct %s {", s.Name)
	for _, f := range s.Fields {
		t := f.T.String()
		if f.TP {
			t = tmplT
			if f.T.K == KPtr {
				t = tmplT + " *"
			}
		}
		bound := fmt.Sprint(f.Len)
		if f.NP {
			bound = tmplN
		}
		switch {
		case f.Arr && f.T.K == KPtr:
			p.line("  %s%s[%s];", t, f.Name, bound)
		case f.Arr:
			p.line("  %s %s[%s];", t, f.Name, bound)
		case f.Def && f.NP:
			p.line("  %s %s = %s;", t, f.Name, tmplN)
		case f.Def:
			p.line("  %s %s = %s;", t, f.Name, litText(litOf(f.T, f.DefVal)))
		default:
			p.line("  %s %s;", t, f.Name)
		}
	}
	p.ctors(s)
	p.line("};")
	p.line("")
}

// templated makes s an instance of a template of its name: the fields
// named in tps have the type parameter as type (they share one type, the
// argument), the field named np (if any) the int parameter as bound or
// default value.
func templated(s *Struct, tps []string, np string) {
	s.Tmpl = &Template{Name: s.Name, T: len(tps) > 0, N: np != ""}
	for _, f := range s.Fields {
		for _, n := range tps {
			if f.Name == n {
				f.TP = true
				t := f.T
				if t.K == KPtr {
					t = t.Elem
				}
				s.TArg = t
			}
		}
		if f.Name == np {
			f.NP = true
		}
	}
}

// instance is another instance of s's template, with fresh fields of the
// same types (its bound is fitted on its own).
func instance(s *Struct) *Struct {
	t := &Struct{Name: s.Name, Tmpl: s.Tmpl, TArg: s.TArg}
	for _, f := range s.Fields {
		g := *f
		t.Fields = append(t.Fields, &g)
	}
	return t
}

// tchance is chance for the choices of this file, drawn from their own
// source so that adding them left the rest of the generator's choices as
// they were.
func (g *gen) tchance(p float64) bool {
	if g.tr == nil {
		return false
	}
	return g.tr.Float64() < p
}

// someOf returns a random non-empty subset of names, or all of them.
func (g *gen) someOf(names ...string) []string {
	var out []string
	for _, n := range names {
		if g.tchance(0.6) {
			out = append(out, n)
		}
	}
	if len(out) == 0 {
		out = names
	}
	return out
}

// templates makes some of the kernel's first structs (Pair, Rec, Cfg)
// instances of templates.
func (g *gen) templates() {
	if g.tchance(0.2) {
		templated(g.pairS, []string{"a", "b"}, "")
	}
	if g.tchance(0.45) {
		switch g.tr.Intn(3) {
		case 0:
			templated(g.recS, g.someOf("key", "val"), "val")
		case 1:
			templated(g.recS, nil, "val")
		default:
			templated(g.recS, g.someOf("key", "val"), "")
		}
	}
	if g.tchance(0.15) {
		templated(g.cfgS, g.someOf("base", "len"), "")
	}
}

// distinctInstances lengthens the array member of an instance whose
// arguments are those of an earlier instance of its template, so that the
// kernel uses two different instances (a longer member only leaves room).
func distinctInstances(p *Program) {
	seen := map[string]bool{}
	for _, s := range p.Structs {
		if s.Tmpl == nil {
			continue
		}
		if seen[s.spelling()] {
			for _, f := range s.Fields {
				if f.NP && f.Arr && f.Len < maxMember {
					f.Len++
				}
			}
		}
		seen[s.spelling()] = true
	}
}

// tmplConstructs adds the constructs of this file.
func tmplConstructs(p *Program, add func(string)) {
	inst := map[*Template]map[string]bool{}
	for _, s := range p.Structs {
		if s.Tmpl == nil {
			continue
		}
		add("struct template")
		if inst[s.Tmpl] == nil {
			inst[s.Tmpl] = map[string]bool{}
		}
		inst[s.Tmpl][s.spelling()] = true
		if len(inst[s.Tmpl]) > 1 {
			add("two template instances")
		}
		if s.Tmpl.N {
			add("template int parameter")
		}
	}
	for _, v := range p.Kernel.Params {
		if v.T.K == KStruct && v.T.S.Tmpl != nil {
			add("struct template param")
		}
	}
}

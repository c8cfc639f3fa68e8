package cudagen

import (
	"slices"
	"strings"
)

// This file holds what the printer, the checker and the pruner know of
// constructors (genctor.go): structs with user-provided constructors, a
// base class or members of struct type.

// ownFields are the fields the struct declares: Fields without the
// base's.
func (s *Struct) ownFields() []*Field {
	if s.Base == nil {
		return s.Fields
	}
	return s.Fields[len(s.Base.Fields):]
}

// defaultCtor is the struct's user-provided default constructor, nil for
// none.
func (s *Struct) defaultCtor() *Func {
	for _, c := range s.Ctors {
		if !c.Copy && len(c.Params) == 0 {
			return c
		}
	}
	return nil
}

// copyCtor is the struct's user-provided copy constructor, nil for none.
func (s *Struct) copyCtor() *Func {
	for _, c := range s.Ctors {
		if c.Copy {
			return c
		}
	}
	return nil
}

// special says whether constructing or copying the struct may run code
// of the user's, or lays out subobjects: it has constructors, a base or
// members of struct type. Such a struct is only a local, an element of a
// local array or a parameter of a device function, never __shared__, in
// global memory or a kernel parameter (CUDA wants those trivial), and
// the interpreter constructs and copies it by C++'s rules
// (interp_ctor.go).
func special(s *Struct) bool {
	if len(s.Ctors) > 0 || s.Base != nil {
		return true
	}
	for _, f := range s.Fields {
		if f.T.K == KStruct {
			return true
		}
	}
	return false
}

// specialType says whether t is a special struct.
func specialType(t *Type) bool { return t != nil && t.K == KStruct && special(t.S) }

// isThis says whether e names the object under construction.
func isThis(e Expr) bool {
	r, ok := e.(*VarRef)
	return ok && r.V.Name == "this"
}

// ctorArgs prints a constructor's arguments: "(a, b)" or "{a, b}".
func ctorArgs(c *Call) string {
	var as []string
	for _, a := range c.Args {
		as = append(as, exprString(a))
	}
	if c.Brace {
		return "{" + strings.Join(as, ", ") + "}"
	}
	return "(" + strings.Join(as, ", ") + ")"
}

// ctors prints the constructors of s in its body.
func (p *printer) ctors(s *Struct) {
	for _, c := range s.Ctors {
		var ps []string
		for _, v := range c.Params {
			switch {
			case c.Copy:
				ps = append(ps, "const "+s.Name+" &"+v.Name)
			case v.T.K == KPtr:
				ps = append(ps, v.T.String()+v.Name)
			default:
				ps = append(ps, v.T.String()+" "+v.Name)
			}
		}
		var inits []string
		for _, a := range c.Inits {
			inits = append(inits, a.L.(*Member).F.Name+"("+exprString(a.R)+")")
		}
		list := ""
		if len(inits) > 0 {
			list = " : " + strings.Join(inits, ", ")
		}
		p.indent++
		p.line("__device__ %s(%s)%s {", s.Name, strings.Join(ps, ", "), list)
		p.body(c.Body)
		p.line("}")
		p.indent--
	}
}

// memberField says whether f is a member of struct type of s (never an
// array, never with a default member initializer): s is then special.
func memberField(s *Struct, f *Field) bool {
	return f.T.K == KStruct && !f.Arr && !f.Def && f.T.S != s
}

// defaultConstructible says whether "S v;" compiles: a struct with
// constructors needs a default one, and its base and members too.
func defaultConstructible(s *Struct) bool {
	if len(s.Ctors) > 0 && s.defaultCtor() == nil {
		return false
	}
	if s.Base != nil && !defaultConstructible(s.Base) {
		return false
	}
	for _, f := range s.ownFields() {
		if f.T.K == KStruct && !defaultConstructible(f.T.S) {
			return false
		}
	}
	return true
}

// structLocal checks the declaration of a struct local: default
// initialized, copied from a struct lvalue, or by a constructor's call.
func (c *checker) structLocal(v *Var, init Expr) {
	call, _ := init.(*Call)
	switch {
	case init == nil:
		if !defaultConstructible(v.T.S) {
			c.fail("%s has no default constructor", v.T)
		}
	case call != nil && call.F.Self != nil:
		f := call.F
		if f.Copy || !sameType(f.Self.T, v.T) || !slices.Contains(v.T.S.Ctors, f) || len(call.Args) != len(f.Params) {
			c.fail("bad constructor call for %s", v.Name)
		}
		for i, a := range call.Args {
			c.assignable(f.Params[i].T, a)
		}
	default:
		c.assignable(v.T, init)
	}
}

// ctors checks the constructors of s: "this" and the parameters (scalars
// and pointers, or the one reference of a copy constructor), the member
// initializer list (own scalar fields, each once) and the body.
func (c *checker) ctors(s *Struct) {
	if s.Base != nil && (len(s.Fields) < len(s.Base.Fields) || !slices.Equal(s.Fields[:len(s.Base.Fields)], s.Base.Fields)) {
		c.fail("%s does not begin with its base's fields", s.Name)
	}
	st := &Type{K: KStruct, S: s}
	sigs := map[string]bool{}
	for _, f := range s.Ctors {
		sig := sigString(f, "")
		if sigs[sig] {
			c.fail("two constructors %s of %s", sig, s.Name) // a redeclaration
		}
		sigs[sig] = true
		c.fn, c.fnIdx = f, -1 // no calls
		c.locals = map[string]bool{}
		c.scopes = []map[*Var]bool{c.globalScope}
		c.ctx = nil
		c.push()
		if f.Self == nil || f.Self.Name != "this" || f.Self.Kind != VRef || !sameType(f.Self.T, st) || f.Ret.K != KVoid || f.RetRef {
			c.fail("bad constructor of %s", s.Name)
		}
		c.declare(f.Self)
		for _, v := range f.Params {
			copyOK := f.Copy && len(f.Params) == 1 && v.Kind == VRef && sameType(v.T, st)
			valOK := !f.Copy && v.Kind == VLocal && (v.T.integral() && !v.T.wide() && v.T.K != KBool || v.T.K == KPtr && v.T.Elem.integral() && !v.T.Elem.wide())
			if !copyOK && !valOK {
				c.fail("bad parameter %s of a constructor of %s", v.Name, s.Name)
			}
			c.declare(v)
		}
		if f.Copy != (len(f.Params) == 1 && f.Params[0].Kind == VRef) {
			c.fail("bad copy constructor of %s", s.Name)
		}
		seen := map[*Field]bool{}
		for _, a := range f.Inits {
			m, ok := a.L.(*Member)
			if !ok || !isThis(m.X) || m.X.(*VarRef).V != f.Self || a.Op != "=" || seen[m.F] || !slices.Contains(s.ownFields(), m.F) || m.F.T.K == KStruct {
				c.fail("bad member initializer in %s", s.Name)
			}
			seen[m.F] = true
			c.assignable(m.F.T, a.R)
		}
		c.push()
		for _, st := range f.Body.Stmts {
			c.stmt(st)
		}
		c.pop()
		c.pop()
	}
}

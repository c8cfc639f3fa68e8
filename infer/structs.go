package infer

import (
	"fmt"
	"strings"

	"drfcheck/infer/clang"
	"drfcheck/protocol"
)

// construct evaluates a constructor call: a copy or move copies the value;
// a constructor defined in the file is inlined on a temporary; dim3's sets
// its three fields; another one gives an object of unknown fields.
func (x *exec) construct(n *clang.Node) value {
	at := x.pos(n)
	t := x.typeOf(n)
	ctorType := ""
	if n.CtorType != nil {
		ctorType = n.CtorType.QualType
	}
	args := n.Inner
	if len(args) == 1 && isCopyCtor(ctorType) {
		a := args[0]
		if a.ValueCategory == "prvalue" {
			return x.rvalue(a)
		}
		return x.load(x.lvalue(a))
	}
	if t.name == "dim3" || t.name == "uint3" {
		fs := map[string]value{}
		for i, f := range []string{"x", "y", "z"} {
			fs[f] = intVal{lit(at, 1)}
			if i < len(args) && args[i].Kind != "CXXDefaultArgExpr" {
				fs[f] = x.convert(at, x.rvalue(args[i]), ctype{kind: tInt})
			}
		}
		if len(args) == 1 && x.typeOf(args[0]).isStruct() {
			return x.rvalue(args[0])
		}
		return structVal{fields: fs}
	}
	if ctor := x.k.constructor(t, ctorType); ctor != nil {
		return x.onTemporary(n, func(this value) { x.inline(n, ctor, this, args) })
	}
	if len(args) == 0 {
		// a default constructor the file does not define (the library's)
		return structVal{fields: map[string]value{}, local: true}
	}
	return x.unknownCall(n, "a constructor whose body is not available", nil, args)
}

// isCopyCtor reports whether a constructor type is a copy or move
// constructor: "void (const P &)", "void (P &&) noexcept".
func isCopyCtor(ctorType string) bool {
	t := strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(ctorType), "noexcept"))
	if !strings.HasPrefix(t, "void (") || !strings.HasSuffix(t, ")") {
		return false
	}
	inner := t[len("void (") : len(t)-1]
	return !strings.Contains(inner, ",") && (strings.HasSuffix(inner, "&") || strings.HasSuffix(inner, "&&"))
}

// onTemporary runs f with this pointing to a fresh temporary object and
// returns the object.
func (x *exec) onTemporary(n *clang.Node, f func(this value)) value {
	x.k.temps++
	key := fmt.Sprintf("temp#%d", x.k.temps)
	x.env.vars[key] = structVal{fields: map[string]value{}, local: true}
	f(ptrVal{alts: []ptrAlt{{kind: tgVar, key: key}}})
	v := x.env.vars[key]
	delete(x.env.vars, key)
	return v
}

// initList evaluates a braced initializer.
func (x *exec) initList(n *clang.Node) value {
	at := x.pos(n)
	t := x.typeOf(n)
	switch t.kind {
	case tStruct:
		names := x.k.fieldNames(t)
		fs := map[string]value{}
		for i, e := range n.Inner {
			v := x.rvalue(e)
			if i < len(names) {
				fs[names[i]] = v
			}
		}
		return structVal{fields: fs, local: names == nil}
	case tArray:
		for _, e := range n.Inner {
			x.rvalueDiscard(e)
		}
		return ptrVal{alts: []ptrAlt{{kind: tgLocal}}}
	}
	if len(n.Inner) == 0 {
		return x.zero(t, at)
	}
	v := x.rvalue(n.Inner[0])
	for _, e := range n.Inner[1:] {
		x.rvalueDiscard(e)
	}
	return v
}

// emitAssume emits a nested assumption. At the top level of the kernel it
// opens a block for the rest of the kernel, since an assumption directly
// in the top-level body would be a precondition of the whole run.
func (x *exec) emitAssume(a *protocol.Assume) {
	if !x.top {
		x.emit(a)
		return
	}
	b := &protocol.Block{At: a.At, Stmts: []protocol.Stmt{a}}
	x.emit(b)
	x.out, x.top = &b.Stmts, false
}

// lambda evaluates a lambda expression: the closure records the values of
// the variables it captures by copy, which its body sees instead of their
// current values when it is called. Variables captured by reference are
// read where the body runs, as the kernel's own.
func (x *exec) lambda(n *clang.Node) value {
	fields := map[string]value{}
	var record *clang.Node
	var inits []*clang.Node
	for i, c := range n.Inner {
		switch {
		case c == nil:
		case c.Kind == "CXXRecordDecl" && record == nil:
			record = c
		case i == len(n.Inner)-1 && c.Kind == "CompoundStmt":
		default:
			inits = append(inits, c)
		}
	}
	var captureFields []*clang.Node
	if record != nil {
		for _, c := range record.Inner {
			if c != nil && c.Kind == "FieldDecl" {
				captureFields = append(captureFields, c)
			}
		}
	}
	for i, init := range inits {
		if i < len(captureFields) && x.k.types.parse(captureFields[i].TypeString()).kind == tRef {
			continue // by reference
		}
		ref := firstDeclRef(init)
		if ref == nil {
			x.rvalueDiscard(init)
			continue
		}
		fields["capture:"+ref.Referenced.ID] = x.rvalue(init)
	}
	return structVal{fields: fields}
}

// firstDeclRef finds the variable a capture initializer copies.
func firstDeclRef(n *clang.Node) *clang.Node {
	if n == nil {
		return nil
	}
	if n.Kind == "DeclRefExpr" && n.Referenced != nil && (n.Referenced.Kind == "VarDecl" || n.Referenced.Kind == "ParmVarDecl") {
		return n
	}
	for _, c := range n.Inner {
		if r := firstDeclRef(c); r != nil {
			return r
		}
	}
	return nil
}

// captures returns the variables a closure captured by copy, with their
// values, when this points to a closure held in a variable.
func (x *exec) captures(this value) map[string]value {
	p, ok := this.(ptrVal)
	if !ok || len(p.alts) != 1 || p.alts[0].kind != tgVar || len(p.alts[0].path) > 0 {
		return nil
	}
	s, ok := x.env.vars[p.alts[0].key].(structVal)
	if !ok {
		return nil
	}
	out := map[string]value{}
	for k, v := range s.fields {
		if strings.HasPrefix(k, "capture:") {
			out[strings.TrimPrefix(k, "capture:")] = v
		}
	}
	return out
}

package ir

import (
	"strings"

	"github.com/drfcheck/drfcheck/internal/infer/clang"
	"github.com/drfcheck/drfcheck/protocol"
)

// Calls (Cogumbreiro et al., Section 5: "auxiliary functions that manipulate shared
// memory [...] we can inline such calls easily. Faial cannot handle
// recursive functions"). A function with a body outside the system headers
// is inlined: its parameters are bound to the arguments (a copy for a
// value, the object for a reference, the address for a pointer), its
// body becomes a Region and its returns assignments to a result variable
// and Exits. The prelude's functions without a body are CUDA's built-ins.
// Any other call is Unknown: its body could access any memory.

// call lowers a call. It returns the result's value, or the object when
// the function returns a reference.
func (l *lowerer) call(n *clang.Node) (val, *lval) {
	callee := strip(n.Child(0))
	args := n.Inner[1:]
	switch n.Kind {
	case "CXXMemberCallExpr":
		if callee == nil || callee.Kind != "MemberExpr" {
			return l.unknownCall(n, "a method called through a pointer to member", args), nil
		}
		fn := l.tu.Decl(callee.MemberDecl)
		obj := callee.Child(0)
		if fn == nil && strings.HasPrefix(callee.Name, "operator ") && !callee.IsArrow {
			// a conversion the dump leaves out (dim3 to uint3): same fields
			return l.load(l.lv(obj)), nil
		}
		if l.dynamicDispatch(callee, fn) {
			l.discard(obj)
			return l.unknownCall(n, "a call of virtual method "+callee.Name+", which may dispatch to an override", args), nil
		}
		var this *ptrv
		if callee.IsArrow {
			this = l.pointer(l.rv(obj))
		} else {
			this = l.addressOf(l.lv(obj))
		}
		return l.callFunction(n, fn, callee.Name, this, args)
	case "CXXOperatorCallExpr":
		if callee == nil || callee.Kind != "DeclRefExpr" || callee.Referenced == nil {
			return l.unknownCall(n, "an operator the lowering cannot resolve", args), nil
		}
		fn := l.tu.Decl(callee.Referenced.ID)
		if callee.Referenced.Name == "operator=" && len(args) == 2 && l.definition(fn) == nil {
			// the implicit assignment of a struct: a copy of its fields
			v := l.rv(args[1])
			lv := l.lv(args[0])
			l.store(lv, v, l.pos(n))
			return v, &lv
		}
		if c := l.closureOf(args0(args)); c != nil && callee.Referenced.Name == "operator()" {
			return l.callClosure(n, fn, c, args[1:])
		}
		if callee.Referenced.Kind == "CXXMethodDecl" && len(args) > 0 {
			return l.callFunction(n, fn, callee.Referenced.Name, l.addressOf(l.lv(args[0])), args[1:])
		}
		return l.callFunction(n, fn, callee.Referenced.Name, nil, args)
	}
	switch {
	case callee != nil && callee.Kind == "DeclRefExpr" && callee.Referenced != nil:
		return l.callFunction(n, l.tu.Decl(callee.Referenced.ID), callee.Referenced.Name, nil, args)
	case callee != nil && callee.Kind == "MemberExpr":
		return l.callFunction(n, l.tu.Decl(callee.MemberDecl), callee.Name, nil, args)
	}
	return l.callThrough(n, args)
}

// dynamicDispatch reports whether a method call may run an override: the
// method is virtual (or overrides one: the name of a virtual method of the
// file), the call is not qualified (obj.Base::f()), and the object is
// reached through a pointer, a reference or this, whose dynamic type may
// be a derived class. A variable or member of class type has its declared
// type, so the call is exact.
func (l *lowerer) dynamicDispatch(callee, fn *clang.Node) bool {
	if fn == nil || !fn.Virtual && !l.virtualName(callee.Name) {
		return false
	}
	if strings.Contains(l.tu.Text(callee), "::") {
		return false
	}
	if callee.IsArrow {
		return true
	}
	base := strip(callee.Child(0))
	switch {
	case base == nil || base.Kind == "CXXThisExpr":
		return true
	case base.Kind == "DeclRefExpr" && base.Referenced != nil && base.Referenced.Type != nil:
		return l.types.parse(base.Referenced.Type.String()).kind == cRef
	case base.Kind == "MemberExpr":
		return false
	}
	return true
}

// virtualName reports whether a method of this name is declared virtual in
// some class of the file.
func (l *lowerer) virtualName(name string) bool {
	if l.virtuals == nil {
		l.virtuals = map[string]bool{}
		l.tu.WalkDecls(func(n *clang.Node, _ string) bool {
			if n.Kind == "CXXMethodDecl" && n.Virtual {
				l.virtuals[n.Name] = true
			}
			return n.Kind == "CXXRecordDecl" || n.Kind == "ClassTemplateDecl" || n.Kind == "ClassTemplateSpecializationDecl"
		})
	}
	return l.virtuals[name]
}

func args0(args []*clang.Node) *clang.Node {
	if len(args) == 0 {
		return nil
	}
	return args[0]
}

// definition returns the definition of a function from any declaration.
func (l *lowerer) definition(fn *clang.Node) *clang.Node {
	if fn == nil {
		return nil
	}
	if fn.Body() != nil {
		return fn
	}
	return l.defs[fn.ID]
}

// systemHeader reports whether a declaration comes from a system header:
// library code, not inlined.
func systemHeader(d *clang.Node) bool {
	f := clang.DeclFile(d)
	return strings.HasPrefix(f, "/usr/") || strings.HasPrefix(f, "/lib/") || strings.HasPrefix(f, "/opt/")
}

// callFunction calls fn, inlined when its body is available, a built-in
// of the prelude, or unknown.
func (l *lowerer) callFunction(n, fn *clang.Node, name string, this *ptrv, args []*clang.Node) (val, *lval) {
	if byteCopies[name] && len(args) == 3 && this == nil {
		return l.byteCopy(n, name, args), nil
	}
	if def := l.definition(fn); def != nil && !systemHeader(def) {
		return l.inline(n, def, this, args)
	}
	if fn == nil || l.tu.InPrelude(clang.DeclFile(fn)) || l.redeclaresPrelude(fn) {
		if v, ok := l.builtin(n, fn, name, args); ok {
			return v, nil
		}
	}
	if fn != nil && systemHeader(fn) && (name == "min" || name == "max") && len(args) == 2 && l.typeOf(n).kind == cScalar {
		// std::min and std::max of two scalars (constexpr templates of
		// the C++ library, callable in device code)
		v, _ := l.builtin(n, fn, name, args)
		return v, nil
	}
	if fn != nil && fn.Type != nil && clang.HelperFunction(name, fn.Type.QualType) {
		l.note(n, "%s has no body in this file: taken as helper_math.h's %s, a function of its arguments that touches no memory", cSignature(name, fn.Type.QualType), name)
		return l.bodilessCall(n, fn, name, args, true), nil
	}
	if l.tu.OpenCL && l.touchesNothing(args) {
		// OpenCL C: a function reaches memory only through its pointer
		// arguments and the program's variables, of which it has none
		// to write: its result is a fresh value, one per call
		return l.bodilessCall(n, fn, name, args, false), nil
	}
	return l.unknownCall(n, "a call to "+name+", whose body is not available", args), nil
}

// touchesNothing reports whether an OpenCL function called with args can
// reach no memory but its own: no argument holds a pointer, and the
// program has no variables but __constant ones, which no one writes
// (OpenCL C 1.2 has no others; 2.0 may).
func (l *lowerer) touchesNothing(args []*clang.Node) bool {
	for _, a := range args {
		if t := l.typeOf(a); t.kind != cScalar || strings.Contains(a.TypeString(), "*") {
			return false
		}
	}
	ok := true
	l.tu.WalkDecls(func(d *clang.Node, _ string) bool {
		if d.Kind == "VarDecl" && varSpace(d.TypeString()) != "__constant" {
			ok = false
		}
		return ok
	})
	return ok
}

// cSignature spells a function's declaration from its name and clang's
// type ("float (float2)"): float length(float2).
func cSignature(name, typ string) string {
	if ret, params, ok := strings.Cut(typ, " ("); ok {
		return ret + " " + name + "(" + params
	}
	return name
}

// redeclaresPrelude reports whether a function declared in the file
// without a body is a redeclaration of one of the prelude's (a file's own
// `__device__ float fabs(float);`): the same function, whose semantics
// the prelude states. A previous declaration missing from the dump is one
// of the precompiled prelude's, which the dump leaves out.
func (l *lowerer) redeclaresPrelude(fn *clang.Node) bool {
	seen := map[string]bool{}
	for prev := fn.PreviousDecl; prev != "" && !seen[prev]; {
		seen[prev] = true
		d := l.tu.Decl(prev)
		if d == nil || l.tu.InPrelude(clang.DeclFile(d)) {
			return true
		}
		prev = d.PreviousDecl
	}
	return false
}

// unknownCall lowers the arguments of a call the lowering cannot follow,
// and gives an opaque result.
func (l *lowerer) unknownCall(n *clang.Node, why string, args []*clang.Node) val {
	for _, a := range args {
		l.discard(a)
	}
	l.unknown(n, "%s", why)
	return l.opaqueVal(n, l.typeOf(n), "the result of "+why)
}

// returnType parses the return type of a function type: "float &(int)".
func (l *lowerer) returnType(fnType string) ctype {
	if ret, _, ok := signature(fnType); ok {
		return l.types.parse(ret)
	}
	return ctype{}
}

// defaultArg returns the default argument of the i-th parameter of a
// function: on its definition, or on an earlier declaration (a prototype
// `f(int a, int b = 0);` before the definition `f(int a, int b) {...}`),
// or nil.
func (l *lowerer) defaultArg(def *clang.Node, i int) *clang.Node {
	seen := map[string]bool{}
	for d := def; d != nil && !seen[d.ID]; {
		seen[d.ID] = true
		if ps := d.Params(); i < len(ps) && ps[i].Init != "" {
			if a := last(ps[i]); a != nil && !clang.IsDecl(a.Kind) && !isAttr(a.Kind) {
				return a
			}
		}
		if d.PreviousDecl == "" {
			break
		}
		d = l.tu.Decl(d.PreviousDecl)
	}
	return nil
}

// inline lowers a call by the body of its function.
func (l *lowerer) inline(n, def *clang.Node, this *ptrv, args []*clang.Node) (val, *lval) {
	at := l.pos(n)
	rt := l.returnType(def.TypeString())
	for _, f := range l.stack {
		if f.ID == def.ID {
			return l.unknownCall(n, "recursion: a recursive call to "+def.Name, args), nil
		}
	}
	if len(l.stack) > 40 {
		return l.unknownCall(n, "calls nested too deeply", args), nil
	}
	// the arguments, in the caller
	params := def.Params()
	mod := l.modifiedIn(def)
	bound := make([]*object, len(params))
	for i, p := range params {
		var a *clang.Node
		if i < len(args) {
			a = args[i]
		}
		if a == nil || a.Kind == "CXXDefaultArgExpr" {
			a = l.defaultArg(def, i)
		}
		if c := l.closureArg(a, p.Name); c != nil {
			// a lambda passed to a function (a template's F f): calls
			// of the parameter call it
			l.closures[p.ID] = c
			continue
		}
		bound[i] = l.bindParam(p, a, mod[p.ID])
	}
	for i := len(params); i < len(args); i++ {
		l.discard(args[i]) // variadic
	}
	// the body, in its own region
	savedSite, savedRet, savedThis, savedJumps := l.site, l.ret, l.this, l.jumps
	if l.site == nil && !l.tu.InMain(def.Loc.At()) {
		l.site = n
	}
	fname := def.Name
	if fname == "" {
		fname = "f"
	}
	region := &Region{At: at, Name: l.name(fname), Call: true, Body: &Block{At: at}}
	ctx := &retContext{region: region}
	if body := def.Body(); body != nil {
		if r := last(body); r != nil && r.Kind == "ReturnStmt" {
			ctx.last = r
		}
	}
	switch {
	case rt.kind == cVoid || def.Kind == "CXXConstructorDecl":
	case rt.kind == cRef:
		ctx.byRef = true
		ctx.result = l.newObject(at, l.name(fname+"_ret"), rt, Temp)
	default:
		ctx.result = l.newObject(at, l.name(fname+"_ret"), rt, Temp)
	}
	for i, p := range params {
		if bound[i] != nil {
			l.env[p.ID] = bound[i]
		}
	}
	l.ret, l.this, l.jumps = ctx, this, nil
	l.stack = append(l.stack, def)
	region.Body.Stmts = l.into(func() {
		if def.Kind == "CXXConstructorDecl" {
			l.ctorInits(def, this)
		}
		l.block(def.Body())
	})
	l.stack = l.stack[:len(l.stack)-1]
	l.site, l.ret, l.this, l.jumps = savedSite, savedRet, savedThis, savedJumps
	l.emit(region)
	switch {
	case ctx.result == nil:
		return val{t: ctype{kind: cVoid}}, nil
	case ctx.byRef:
		p := l.readPtr(ctx.result, at)
		return val{}, &lval{alts: p.alts, t: rt.pointee(), n: n}
	}
	if ctx.result.v != nil && countReturns(def.Body()) == 1 {
		l.stable[ctx.result.v] = true
	}
	return l.readObject(ctx.result, at), nil
}

// defaultFields is the value of a struct made by its implicit default
// constructor: each field's default member initializer (int n = 4;), an
// unknown value for the others.
func (l *lowerer) defaultFields(t ctype, at protocol.Pos) val {
	decl := l.types.record(t.name)
	if t.rec == nil || decl == nil || len(decl.Bases) > 0 {
		return val{t: t}
	}
	inits := map[string]*clang.Node{}
	for _, c := range decl.Inner {
		if c != nil && c.Kind == "FieldDecl" && len(c.Inner) > 0 && !isBitField(c) {
			if e := last(c); e != nil && !clang.IsDecl(e.Kind) && !isAttr(e.Kind) {
				inits[c.Name] = e
			}
		}
	}
	if len(inits) == 0 {
		return val{t: t}
	}
	v := val{t: t}
	for _, f := range t.rec.fields {
		switch e := inits[f.name]; {
		case e != nil:
			fv := l.rv(e)
			if f.t.kind == cScalar {
				fv = val{t: f.t, e: l.scalar(fv, f.t.ir, at)}
			}
			v.fields = append(v.fields, fv)
		case f.t.kind == cScalar:
			v.fields = append(v.fields, val{t: f.t, e: &Opaque{At: at, Reason: "an uninitialized field", T: f.t.ir}})
		case f.t.kind == cPtr:
			v.fields = append(v.fields, val{t: f.t, p: unknownPtr("an uninitialized pointer field")})
		default:
			v.fields = append(v.fields, val{t: f.t})
		}
	}
	return v
}

func countReturns(n *clang.Node) int {
	if n == nil {
		return 0
	}
	c := 0
	if n.Kind == "ReturnStmt" {
		c++
	}
	for _, k := range n.Inner {
		c += countReturns(k)
	}
	return c
}

// bindParam makes the object of a parameter of an inlined function from
// its argument (nil when missing).
func (l *lowerer) bindParam(p, a *clang.Node, modified bool) *object {
	at := l.pos(p)
	if a != nil {
		at = l.pos(a)
	}
	t := l.typeOf(p)
	name := p.Name
	if name == "" {
		name = "arg"
	}
	o := l.newObject(at, l.name(name), t, Local)
	if a == nil {
		if t.kind == cRef || t.kind == cPtr {
			o.ptr.fixed = unknownPtr("a missing argument")
		}
		return o
	}
	switch t.kind {
	case cRef:
		l.bindPtr(o, l.addressOf(l.lv(a)), false, at)
	case cPtr:
		l.bindPtr(o, l.pointer(l.rv(a)), modified, at)
	case cScalar:
		l.emit(&Assign{At: at, Dst: o.v, X: l.scalar(l.rv(a), o.v.T, at)})
		if !modified {
			l.stable[o.v] = true
		}
	default:
		l.initObject(o, l.rv(a), modified, at)
		if !modified {
			l.markStable(o)
		}
	}
	return o
}

// ctorInits lowers the member initializers of a constructor.
func (l *lowerer) ctorInits(ctor *clang.Node, this *ptrv) {
	if this == nil {
		return
	}
	for _, c := range ctor.Inner {
		if c != nil && c.Kind == "CXXCtorInitializer" && c.BaseInit != nil && len(c.Inner) > 0 {
			l.baseInit(c, this)
			continue
		}
		if c == nil || c.Kind != "CXXCtorInitializer" || len(c.Inner) == 0 || c.AnyInit == nil {
			continue
		}
		v := l.rv(c.Inner[0])
		ft := l.types.parse(c.AnyInit.Type.String())
		lv := lval{alts: this.alts, n: c.Inner[0]}
		// the field of *this by name: the object's type is the record
		// whose field this is
		for _, a := range this.alts {
			if a.kind == pVar && a.obj.t.rec != nil {
				lv.t = a.obj.t
			}
		}
		if lv.t.rec == nil {
			l.unknown(c.Inner[0], "a member initializer of an object the lowering cannot follow")
			continue
		}
		f, ok := lv.t.rec.field(c.AnyInit.Name)
		if !ok {
			continue
		}
		fl := lval{t: ft, n: c.Inner[0]}
		for _, a := range lv.alts {
			if a.kind == pVar && a.off == nil && a.obj.fields != nil {
				for i, rf := range a.obj.t.rec.fields {
					if rf.name == f.name {
						a.obj = a.obj.fields[i]
					}
				}
			} else if a.kind == pMem || a.kind == pVar {
				a.off = add(a.off.Pos(), a.off, i64(a.off.Pos(), f.off))
			}
			fl.alts = append(fl.alts, a)
		}
		l.store(fl, v, l.pos(c.Inner[0]))
	}
}

// baseInit lowers the initializer of a base class in a constructor: the
// base's constructor runs on the same object, whose fields include the
// base's (one base with fields is laid out, its fields by name). A base
// constructor the lowering cannot see leaves the object unknown.
func (l *lowerer) baseInit(c *clang.Node, this *ptrv) {
	e := strip(c.Inner[0])
	if e == nil || e.Kind != "CXXConstructExpr" || e.CtorType == nil {
		l.unknown(c.Inner[0], "a base class initializer the lowering cannot follow")
		return
	}
	bt := l.types.parse(c.BaseInit.String())
	ctor := l.findCtor(bt, e.CtorType.QualType)
	switch {
	case ctor != nil:
		l.inline(e, ctor, this, e.Inner)
	case len(e.Inner) > 0:
		l.unknownCall(e, "a constructor of base class "+structName(bt)+" whose body is not available", e.Inner)
	}
}

// construct lowers a constructor call: a copy copies, dim3's sets its
// fields, a constructor with a body runs on a fresh object.
func (l *lowerer) construct(n *clang.Node) val {
	at := l.pos(n)
	t := l.typeOf(n)
	ctorType := ""
	if n.CtorType != nil {
		ctorType = n.CtorType.QualType
	}
	args := n.Inner
	if len(args) == 1 && isCopyCtor(ctorType) && l.copyOf(ctorType, t) && l.userCtor(t, ctorType) == nil {
		// the implicit copy or move: the fields' values
		if args[0].ValueCategory == "prvalue" {
			return l.rv(args[0])
		}
		return l.load(l.lv(args[0]))
	}
	if t.name == "dim3" || t.name == "uint3" {
		if len(args) == 1 && l.typeOf(args[0]).kind == cStruct {
			return l.rv(args[0])
		}
		v := val{t: t}
		u := ctype{kind: cScalar, ir: U32, size: 4, align: 4}
		for i := range 3 {
			f := val{t: u, e: &Const{At: at, T: U32, Int: 1}}
			if i < len(args) && args[i].Kind != "CXXDefaultArgExpr" {
				f.e = l.scalar(l.rv(args[i]), U32, at)
			}
			v.fields = append(v.fields, f)
		}
		return v
	}
	ctor := l.findCtor(t, ctorType)
	if len(args) == 0 && ctor == nil {
		if l.nestedCtors(t) {
			return l.unknownCall(n, "an implicit constructor of "+structName(t)+" that runs the constructors of its members or bases", nil)
		}
		// an implicit default constructor (or one of the prelude's empty
		// classes): the fields with a default member initializer get it,
		// the others are indeterminate
		return l.defaultFields(t, at)
	}
	if ctor != nil {
		tmp := l.newObject(at, l.name("tmp"), t, Temp)
		l.inline(n, ctor, &ptrv{alts: []place{{kind: pVar, obj: tmp}}}, args)
		return l.readObject(tmp, at)
	}
	return l.unknownCall(n, "a constructor of "+structName(t)+" whose body is not available", args)
}

// nestedCtors reports whether the implicit default constructor of a
// struct runs code of its bases' or members' default constructors, which
// defaultFields does not follow (a member's constructor may write
// memory: struct T { S s; } with S() { g[0] = 1; }).
func (l *lowerer) nestedCtors(t ctype) bool {
	r := l.types.record(t.name)
	if r == nil {
		return false
	}
	for _, b := range r.Bases {
		if b.Type != nil && !l.quietCtor(l.types.parse(b.Type.String()), 0) {
			return true
		}
	}
	for _, f := range r.Inner {
		if f != nil && f.Kind == "FieldDecl" && f.Type != nil && !l.quietCtor(l.types.parse(f.Type.String()), 0) {
			return true
		}
	}
	return false
}

// quietCtor reports whether the default constructor of a type (an
// array's: of its elements) has no effect but on the object: none at all
// (scalars, pointers, trivial structs), or the default member
// initializers of constant expressions of it and of its members and
// bases, whose values defaultFields may leave indeterminate.
func (l *lowerer) quietCtor(t ctype, depth int) bool {
	for t.kind == cArray {
		t = t.pointee()
	}
	if t.kind != cStruct {
		return true
	}
	if l.trivialStruct(t) {
		return true
	}
	r := l.types.record(t.name)
	if r == nil || r.DefinitionData == nil || depth > 8 {
		return false
	}
	for _, b := range r.Bases {
		if b.Type == nil || !l.quietCtor(l.types.parse(b.Type.String()), depth+1) {
			return false
		}
	}
	for _, c := range r.Inner {
		switch {
		case c == nil:
		case c.Kind == "CXXConstructorDecl" && !c.IsImplicit && c.Defaulted != "default" && c.Type != nil && strings.HasPrefix(c.Type.QualType, "void ()"):
			return false // the user's default constructor
		case c.Kind == "FieldDecl":
			if c.Type == nil || !l.quietCtor(l.types.parse(c.Type.String()), depth+1) {
				return false
			}
			if e := last(c); e != nil && !clang.IsDecl(e.Kind) && !isAttr(e.Kind) && !constantExpr(e) {
				return false
			}
		}
	}
	return true
}

// trivialStruct reports whether a struct's default constructor runs no
// code: CUDA's vector types (plain C structs in its headers), or a record
// clang says so of.
func (l *lowerer) trivialStruct(t ctype) bool {
	if _, ok := vectorType(t.name); ok {
		return true
	}
	r := l.types.record(t.name)
	return r != nil && r.DefinitionData != nil && !r.DefinitionData.DefaultCtor.NonTrivial
}

// constantExpr reports whether an expression is made of literals and
// operators without effects (a default member initializer `= 2 * W`).
func constantExpr(e *clang.Node) bool {
	ok := true
	clang.Inspect(e, func(n *clang.Node) bool {
		switch n.Kind {
		case "IntegerLiteral", "FloatingLiteral", "CXXBoolLiteralExpr", "CharacterLiteral", "ConstantExpr",
			"ImplicitCastExpr", "CStyleCastExpr", "ParenExpr", "DeclRefExpr", "InitListExpr", "ImplicitValueInitExpr",
			"SubstNonTypeTemplateParmExpr", "CXXNullPtrLiteralExpr", "ConditionalOperator":
		case "UnaryOperator":
			ok = ok && n.Opcode != "++" && n.Opcode != "--"
		case "BinaryOperator":
			ok = ok && n.Opcode != "="
		default:
			ok = false
		}
		return ok
	})
	return ok
}

// isCopyCtor reports whether a constructor type is a copy or move
// constructor: "void (const P &)", "void (P &&) noexcept".
func isCopyCtor(ctorType string) bool {
	t := strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(ctorType), "noexcept"))
	if !strings.HasPrefix(t, "void (") || !strings.HasSuffix(t, ")") {
		return false
	}
	inner := t[len("void (") : len(t)-1]
	return len(splitArgs(inner)) == 1 && strings.HasSuffix(inner, "&")
}

// copyOf reports whether a constructor of one reference parameter takes
// the constructed type itself (a copy or a move), not another
// (atomic_ref(T &r) binds a reference to r: not a copy of it).
func (l *lowerer) copyOf(ctorType string, t ctype) bool {
	inner := strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(ctorType), "noexcept"))
	inner = strings.TrimSuffix(strings.TrimPrefix(inner, "void ("), ")")
	inner = strings.TrimSpace(strings.TrimRight(inner, "&"))
	inner = strings.TrimSpace(strings.TrimPrefix(inner, "const "))
	pt := l.types.parse(inner)
	if t.kind != cStruct || pt.kind == cUnknown {
		// the abstracted value types (__half made from __half_raw): a
		// value of the argument, as before
		return true
	}
	return pt.kind == cStruct && pt.name == t.name
}

// findCtor returns the definition of a struct's constructor of a type.
func (l *lowerer) findCtor(t ctype, ctorType string) *clang.Node {
	return l.definition(l.userCtor(t, ctorType))
}

// userCtor returns the user's declaration of a struct's constructor of a
// type, or nil for an implicit one (or one declared = default).
func (l *lowerer) userCtor(t ctype, ctorType string) *clang.Node {
	r := l.types.record(t.name)
	if r == nil {
		return nil
	}
	for _, c := range r.Inner {
		if c != nil && c.Kind == "CXXConstructorDecl" && c.Type != nil && c.Type.QualType == ctorType && !c.IsImplicit && c.Defaulted != "default" {
			return c
		}
	}
	return nil
}

// initList lowers a braced initializer of a struct or a scalar.
func (l *lowerer) initList(n *clang.Node) val {
	at := l.pos(n)
	t := l.typeOf(n)
	switch t.kind {
	case cStruct:
		v := val{t: t}
		if t.rec == nil {
			for _, e := range n.Inner {
				l.discard(e)
			}
			return v
		}
		for i, f := range t.rec.fields {
			if i < len(n.Inner) {
				fv := l.rv(n.Inner[i])
				if f.t.kind == cScalar {
					fv.e = l.scalar(fv, f.t.ir, at)
				}
				v.fields = append(v.fields, fv)
			} else {
				v.fields = append(v.fields, l.zero(f.t, at))
			}
		}
		return v
	case cScalar, cPtr:
		if len(n.Inner) == 0 {
			return l.zero(t, at)
		}
		v := l.rv(n.Inner[0])
		for _, e := range n.Inner[1:] {
			l.discard(e)
		}
		return v
	}
	for _, e := range n.Inner {
		l.discard(e)
	}
	l.unknown(n, "an initializer list of an array used as a value")
	return val{t: t}
}

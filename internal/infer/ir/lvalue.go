package ir

import (
	"strings"

	"github.com/drfcheck/drfcheck/internal/infer/clang"
	"github.com/drfcheck/drfcheck/protocol"
)

var builtinVars = map[string]BuiltinKind{"threadIdx": ThreadIdx, "blockIdx": BlockIdx, "blockDim": BlockDim, "gridDim": GridDim}

// lv lowers an expression that designates an object.
func (l *lowerer) lv(n *clang.Node) lval {
	t := l.typeOf(n)
	switch n.Kind {
	case "DeclRefExpr":
		return l.declRef(n)
	case "ParenExpr", "ExprWithCleanups", "CXXBindTemporaryExpr", "ConstantExpr", "FullExpr", "SubstNonTypeTemplateParmExpr":
		if c := last(n); c != nil {
			lv := l.lv(c)
			lv.n = n
			return lv
		}
	case "MaterializeTemporaryExpr":
		if c := n.Child(0); c != nil && c.ValueCategory != "prvalue" {
			return l.lv(c)
		}
	case "ImplicitCastExpr", "CStyleCastExpr", "CXXStaticCastExpr", "CXXConstCastExpr", "CXXReinterpretCastExpr", "CXXFunctionalCastExpr":
		if n.ValueCategory != "prvalue" {
			lv := l.lv(n.Child(0))
			lv.t, lv.n = t, n
			return lv
		}
	case "ArraySubscriptExpr":
		return l.subscript(n)
	case "UnaryOperator":
		switch n.Opcode {
		case "*":
			p := l.pointer(l.rv(n.Child(0)))
			return lval{alts: p.alts, t: t, n: n}
		case "++", "--":
			if !n.IsPostfix {
				lv, _ := l.incDec(n, false)
				lv.n = n
				return lv
			}
		case "__extension__":
			return l.lv(n.Child(0))
		}
	case "MemberExpr":
		return l.member(n)
	case "ExtVectorElementExpr":
		return l.swizzle(n)
	case "BinaryOperator":
		switch n.Opcode {
		case "=":
			lv, _ := l.assign(n)
			return lv
		case ",":
			l.discard(n.Child(0))
			return l.lv(n.Child(1))
		}
	case "CompoundAssignOperator":
		lv, _ := l.compound(n)
		return lv
	case "ConditionalOperator":
		if n.ValueCategory != "prvalue" {
			return l.condLval(n)
		}
	case "CallExpr", "CXXMemberCallExpr", "CXXOperatorCallExpr":
		v, ref := l.call(n)
		if ref != nil {
			return *ref
		}
		return l.tempLval(v, n)
	case "CXXThisExpr":
		if l.this != nil {
			return lval{alts: l.this.alts, t: t.pointee(), n: n}
		}
	}
	// an rvalue used as an object: a temporary
	return l.tempLval(l.rv(n), n)
}

func (l *lowerer) tempLval(v val, n *clang.Node) lval {
	return lval{alts: []place{{kind: pTemp, val: &v}}, t: l.typeOf(n), n: n}
}

// condLval lowers c ? x : y used as an object: x where c holds, y
// elsewhere. The accesses of each arm happen under its condition.
func (l *lowerer) condLval(n *clang.Node) lval {
	at := l.pos(n)
	c := l.cond(n.Child(0))
	var a, b lval
	sa := l.into(func() { a = l.lv(n.Child(1)) })
	sb := l.into(func() { b = l.lv(n.Child(2)) })
	l.emitIf(at, c, sa, sb)
	p := mergePtr(at, c, &ptrv{alts: a.alts}, &ptrv{alts: b.alts})
	return lval{alts: p.alts, t: l.typeOf(n), n: n}
}

// declRef designates the object a name refers to.
func (l *lowerer) declRef(n *clang.Node) lval {
	at := l.pos(n)
	t := l.typeOf(n)
	ref := n.Referenced
	if ref == nil {
		l.unknown(n, "unresolved name")
		return l.tempLval(l.opaqueVal(n, t, "unresolved name"), n)
	}
	if e := l.bindings[ref.ID]; e != nil {
		return l.lv(e)
	}
	if o := l.env[ref.ID]; o != nil {
		if o.t.kind == cRef {
			p := l.readPtr(o, at)
			return lval{alts: p.alts, t: t, n: n}
		}
		return lval{alts: []place{{kind: pVar, obj: o}}, t: t, n: n}
	}
	if b := l.bases[ref.ID]; b != nil {
		return lval{alts: []place{{kind: pMem, base: b, off: i64(at, 0)}}, t: t, n: n}
	}
	if ref.Kind == "FunctionDecl" {
		return lval{alts: []place{l.funcPlace(l.namedFunc(n))}, t: t, n: n}
	}
	decl := l.tu.Decl(ref.ID)
	inPrelude := decl == nil || l.tu.InPrelude(clang.DeclFile(decl))
	if k, ok := builtinVars[ref.Name]; ok && inPrelude {
		return lval{alts: []place{{kind: pBuiltin, bi: k, dim: -1}}, t: t, n: n}
	}
	if ref.Name == "warpSize" && inPrelude {
		return l.tempLval(val{t: t, e: &Builtin{At: at, Kind: WarpSize}}, n)
	}
	if decl != nil && decl.Kind == "VarDecl" {
		if !l.writable(decl) {
			if v, ok := l.constant(decl, t); ok {
				return l.tempLval(v, n)
			}
		}
		if b := l.staticVar(decl); b != nil {
			return lval{alts: []place{{kind: pMem, base: b, off: i64(at, 0)}}, t: t, n: n}
		}
		if v, ok := l.constant(decl, t); ok {
			return l.tempLval(v, n)
		}
		if textureRef(decl) {
			// device code cannot write a texture reference, and the
			// fetches that take it (tex1Dfetch, tex2D...) read the
			// texture, not memory the protocol tracks: an opaque value
			return l.tempLval(l.opaqueVal(n, t, "the texture reference "+ref.Name), n)
		}
	}
	why := "a variable of the host or of another file: " + ref.Name
	if l.closures[ref.ID] != nil {
		// only a direct call of a lambda variable is followed
		why = "a lambda used other than by calling it: " + ref.Name
	}
	l.unknown(n, "%s", why)
	return l.tempLval(l.opaqueVal(n, t, why), n)
}

// textureRef reports whether a declaration is a texture reference of the
// texture<T, dim, mode> template the prelude declares (as CUDA's headers
// do). Surface references are not: surf*write stores through them.
func textureRef(d *clang.Node) bool {
	t := strings.TrimPrefix(strings.TrimPrefix(d.TypeString(), "const "), "::")
	return strings.HasPrefix(t, "texture<")
}

// staticVar returns the memory of a variable of static storage: a
// __shared__, __device__ or __constant__ variable, or a static local
// (one object for the grid).
func (l *lowerer) staticVar(d *clang.Node) *Base {
	key := d.ID
	if b := l.bases[key]; b != nil {
		return b
	}
	shared := d.HasAttr("CUDASharedAttr")
	kind := Device
	space := ""
	if l.tu.OpenCL {
		// OpenCL's address spaces are qualifiers of the variable's type:
		// a __local variable of a kernel is the work-group's, a
		// __constant one the program's
		space = varSpace(d.TypeString())
	}
	switch {
	case shared || space == "__local":
		shared, kind = true, Shared
	case d.HasAttr("CUDAConstantAttr") || space == "__constant":
		kind = Constant
	case space == "__global":
	case d.HasAttr("CUDADeviceAttr"):
	case d.StorageClass == "static" || l.hostVar(d):
		kind = Device
	default:
		return nil
	}
	t := l.typeOf(d)
	if shared && d.StorageClass == "extern" {
		// every extern __shared__ array is the same dynamic shared memory
		if b := l.bases["extern"]; b != nil {
			l.bases[key] = b
			return b
		}
		b := l.newBase(l.pos(d), l.name(d.Name), kind, t)
		l.bases["extern"] = b
		l.bases[key] = b
		return b
	}
	b := l.newBase(l.pos(d), l.name(d.Name), kind, t)
	l.bases[key] = b
	return b
}

// varSpace returns the address space of an OpenCL variable of type t
// (clang's spelling): the qualifier after a pointer's last star, or one
// among the words before an array's dimensions (float __local
// __attribute__((ext_vector_type(4)))[16]); "" for none.
func varSpace(t string) string {
	if i := strings.LastIndex(t, "*"); i >= 0 {
		t = t[i+1:]
	} else if i := strings.Index(t, "["); i >= 0 {
		t = t[:i]
	}
	for _, w := range strings.Fields(t) {
		switch w {
		case "__local", "__constant", "__global", "__private":
			return w
		}
	}
	return ""
}

// hostVar reports whether a declaration is a variable of namespace scope (or
// a static member) without a CUDA memory space: a variable of the host.
// nvcc rejects its use in device code; clang, which checks only host code
// here, lets it through, and GPUVerify takes it as a variable of the
// device. So does drfcheck: one object for the grid, whose accesses are
// checked as a __device__ variable's are.
func (l *lowerer) hostVar(d *clang.Node) bool {
	if l.fileVars == nil {
		l.fileVars = map[string]bool{}
		l.tu.WalkDecls(func(n *clang.Node, _ string) bool {
			if n.Kind == "VarDecl" {
				l.fileVars[n.ID] = true
			}
			return true
		})
	}
	return l.fileVars[d.ID] && d.Kind == "VarDecl" && !textureRef(d)
}

// writable reports whether a variable lies in memory that the host or a
// kernel may write whatever its declaration says: CUDA's __device__,
// __constant__ (cudaMemcpyToSymbol) and __shared__ variables, and OpenCL's
// in any address space but __constant (whose program-scope variables are
// initialized when the program is built, and read-only). A const variable
// outside them, such as "const unsigned LOG_NUM_BANKS = 4;" at namespace
// scope, is its initializer: nvcc lets device code use it only as a
// constant expression, and a write to a const object is not C++.
func (l *lowerer) writable(d *clang.Node) bool {
	if l.tu.OpenCL {
		space := varSpace(d.TypeString())
		return space != "__constant" && space != ""
	}
	return d.HasAttr("CUDASharedAttr") || d.HasAttr("CUDAConstantAttr") || d.HasAttr("CUDADeviceAttr")
}

// constant returns the value of a file-scope constant of integer type.
func (l *lowerer) constant(d *clang.Node, t ctype) (val, bool) {
	if d.Init == "" || len(d.Inner) == 0 || t.kind != cScalar {
		return val{}, false
	}
	readOnly := d.Constexpr || strings.HasPrefix(strings.TrimSpace(d.TypeString()), "const")
	if !readOnly && !(l.tu.OpenCL && varSpace(d.TypeString()) == "__constant") {
		return val{}, false
	}
	var v val
	sts := l.into(func() { v = l.rv(last(d)) })
	if len(sts) > 0 || v.e == nil {
		return val{}, false
	}
	if _, ok := v.e.(*Const); !ok {
		return val{}, false
	}
	return val{t: t, e: convert(l.pos(d), v.e, t.ir)}, true
}

// subscript lowers base[index] (or index[base]).
func (l *lowerer) subscript(n *clang.Node) lval {
	at := l.pos(n)
	b, i := n.Child(0), n.Child(1)
	if l.typeOf(b).kind != cPtr && l.typeOf(i).kind == cPtr {
		b, i = i, b
	}
	p := l.pointer(l.rv(b))
	idx := l.offset(l.rv(i), at)
	t := l.typeOf(n)
	return lval{alts: l.ptrAdd(p, idx, t, at).alts, t: t, n: n}
}

// member lowers base.field and base->field.
func (l *lowerer) member(n *clang.Node) lval {
	t := l.typeOf(n)
	base := n.Child(0)
	var lv lval
	if n.IsArrow {
		v := l.rv(base)
		lv = lval{alts: l.pointer(v).alts, t: l.typeOf(base).pointee(), n: base}
	} else {
		lv = l.lv(base)
	}
	st := lv.t
	f, known := field{}, false
	if st.rec != nil {
		f, known = st.rec.member(n.MemberDecl, n.Name)
	}
	return l.fieldOf(lv, st, f, known, t, n)
}

// fieldOf designates field f (known: the layout has it) of each place an
// lvalue of struct type st may designate, as an lvalue of type t.
func (l *lowerer) fieldOf(lv lval, st ctype, f field, known bool, t ctype, n *clang.Node) lval {
	at := l.pos(n)
	out := lval{t: t, n: n}
	for _, a := range lv.alts {
		switch a.kind {
		case pBuiltin:
			if d := strings.Index("xyz", n.Name); a.dim < 0 && d >= 0 && len(n.Name) == 1 {
				a.dim = d
			} else {
				a = place{guard: a.guard, kind: pUnknown, why: "a member of a built-in variable: " + n.Name}
			}
		case pTemp:
			fv := l.opaqueVal(n, t, "a field of a value the lowering does not know")
			if known && a.val.fields != nil {
				for i, rf := range st.rec.fields {
					if rf == f && i < len(a.val.fields) {
						fv = a.val.fields[i]
					}
				}
			}
			a.val = &fv
		case pMem, pVar:
			if !known {
				a = place{guard: a.guard, kind: pUnknown, why: "a field of " + structName(st) + ", whose layout is unknown"}
				break
			}
			if a.kind == pVar && a.off == nil && a.obj.fields != nil {
				for i, rf := range a.obj.t.rec.fields {
					if rf == f {
						a.obj = a.obj.fields[i]
					}
				}
				break
			}
			off := a.off
			if off == nil {
				off = i64(at, 0)
			}
			a.off = add(at, off, i64(at, f.off))
		}
		out.alts = append(out.alts, a)
	}
	return out
}

func structName(t ctype) string {
	if t.name == "" {
		return "a struct"
	}
	return "struct " + t.name
}

// addressOf returns the address of an object. A temporary whose address
// is taken (a const T & parameter bound to a call's result, this of a
// method called on one) is materialized, as C++ does: a local object of
// the thread holding its value, which lives as long as the call.
func (l *lowerer) addressOf(lv lval) *ptrv {
	p := &ptrv{}
	for _, a := range lv.alts {
		switch {
		case a.kind == pTemp && a.val != nil && lv.n != nil && (lv.t.kind == cScalar || lv.t.kind == cStruct && lv.t.rec != nil):
			at := l.pos(lv.n)
			tmp := l.newObject(at, l.name("tmp"), lv.t, Temp)
			l.initObject(tmp, *a.val, true, at)
			a = place{guard: a.guard, kind: pVar, obj: tmp}
		case a.kind == pBuiltin || a.kind == pTemp:
			a = place{guard: a.guard, kind: pUnknown, why: "the address of a temporary"}
		}
		p.alts = append(p.alts, a)
	}
	return p
}

// decay turns an array object into a pointer to its first element: the
// memory of a local array.
func (l *lowerer) decay(lv lval) *ptrv {
	p := &ptrv{}
	for _, a := range lv.alts {
		if a.kind == pVar {
			if o, mem, ok := l.varPart(a, lv.t); ok && o == nil {
				mem.guard = a.guard
				a = mem
			} else if ok && o.base != nil {
				a = place{guard: a.guard, kind: pMem, base: o.base, off: i64(protocol.Pos{}, 0)}
			}
		}
		if a.kind == pBuiltin || a.kind == pTemp {
			a = place{guard: a.guard, kind: pUnknown, why: "an array that is a value"}
		}
		p.alts = append(p.alts, a)
	}
	return p
}

// ptrAdd moves a pointer by off elements of type elem.
func (l *lowerer) ptrAdd(p *ptrv, off Expr, elem ctype, at protocol.Pos) *ptrv {
	out := &ptrv{}
	for _, a := range p.alts {
		switch a.kind {
		case pMem, pVar:
			if elem.size <= 0 && elem.kind != cScalar {
				a = place{guard: a.guard, kind: pUnknown, why: "arithmetic on a pointer to a type of unknown size"}
				break
			}
			if a.kind == pVar && a.obj.base != nil {
				a = place{guard: a.guard, kind: pMem, base: a.obj.base, off: a.off}
			}
			cur := a.off
			if cur == nil {
				cur = i64(at, 0)
			}
			a.off = add(at, cur, mulConst(at, off, elem.size))
		case pNull:
			a = place{guard: a.guard, kind: pUnknown, why: "arithmetic on a null pointer"}
		case pFunc:
			a = place{guard: a.guard, kind: pUnknown, why: "arithmetic on a pointer to function " + a.fn.Name}
		}
		out.alts = append(out.alts, a)
	}
	return out
}

// ---- loads and stores ----

// load reads an lvalue: one access per place it may designate, under
// the place's guard.
func (l *lowerer) load(lv lval) val {
	at := l.pos(lv.n)
	if lv.parts != nil {
		v := val{t: lv.t}
		for _, p := range lv.parts {
			v.fields = append(v.fields, l.load(p))
		}
		return v
	}
	if len(lv.alts) == 1 && lv.alts[0].guard == nil {
		return l.loadPlace(lv.alts[0], lv.t, lv.n)
	}
	switch lv.t.kind {
	case cScalar:
		r := l.temp(at, lv.t.ir)
		delete(l.stable, r)
		l.eachAlt(lv.alts, at, func(a place) {
			v := l.loadPlace(a, lv.t, lv.n)
			l.emit(&Assign{At: at, Dst: r, X: l.scalar(v, lv.t.ir, at)})
		})
		return val{t: lv.t, e: &Ref{At: at, Var: r}}
	case cPtr:
		// the pointer held by whichever object: its places, each under
		// the object's guard
		out := &ptrv{}
		parts := make([]*ptrv, len(lv.alts))
		l.eachAltIndex(lv.alts, at, func(i int, a place) {
			parts[i] = l.pointer(l.loadPlace(a, lv.t, lv.n))
		})
		for i, a := range lv.alts {
			if parts[i] == nil {
				continue
			}
			for _, pa := range parts[i].alts {
				pa.guard = and(at, a.guard, pa.guard)
				out.alts = append(out.alts, pa)
			}
		}
		return val{t: lv.t, p: out}
	case cStruct:
		if lv.t.rec != nil {
			// whichever object it is, copied into a temporary one under
			// each object's guard: its fields (pointers and arrays
			// included) are then the chosen object's
			tmp := l.newObject(at, l.name("tmp"), lv.t, Temp)
			l.eachAlt(lv.alts, at, func(a place) { l.writeObject(tmp, l.loadPlace(a, lv.t, lv.n), at) })
			return l.readObject(tmp, at)
		}
	}
	l.emit(&Unknown{At: at, Reason: "a struct read through a pointer that may point to several objects: " + l.text(lv.n)})
	l.eachAlt(lv.alts, at, func(a place) { l.loadPlace(a, lv.t, lv.n) })
	return val{t: lv.t}
}

// eachAlt emits f's statements for each place under its guard, as an if
// chain; the last place is the chain's else.
func (l *lowerer) eachAlt(alts []place, at protocol.Pos, f func(place)) {
	l.eachAltIndex(alts, at, func(_ int, a place) { f(a) })
}

// eachAltIndex is eachAlt with each place's index in alts. The places are
// visited last first (the chain is built from its else), so what f
// computes per place must be kept by index, not in the order of the calls:
// pairing them by call order once swapped the arms of every pointer ?:.
func (l *lowerer) eachAltIndex(alts []place, at protocol.Pos, f func(int, place)) {
	var tail []Stmt
	for i := len(alts) - 1; i >= 0; i-- {
		a := alts[i]
		sts := l.into(func() { f(i, a) })
		if tail == nil && i == len(alts)-1 || a.guard == nil {
			tail = sts
			if tail == nil {
				tail = []Stmt{}
			}
			continue
		}
		if len(sts) == 0 && len(tail) == 0 {
			continue
		}
		tail = []Stmt{&If{At: at, Cond: a.guard, Then: &Block{At: at, Stmts: sts}, Else: &Block{At: at, Stmts: tail}}}
	}
	l.emit(tail...)
}

// loadPlace reads an object of type t at one place.
func (l *lowerer) loadPlace(a place, t ctype, n *clang.Node) val {
	at := l.pos(n)
	switch a = a.asData(); a.kind {
	case pTemp:
		return *a.val
	case pBuiltin:
		if a.dim >= 0 {
			return val{t: t, e: &Builtin{At: at, Kind: a.bi, Dim: a.dim}}
		}
		v := val{t: t}
		for d := range 3 {
			v.fields = append(v.fields, val{t: ctype{kind: cScalar, ir: U32, size: 4}, e: &Builtin{At: at, Kind: a.bi, Dim: d}})
		}
		return v
	case pNull:
		l.emit(&Unknown{At: at, Reason: "a read through a null pointer: " + l.text(n)})
		return l.opaqueVal(n, t, "a value read through a null pointer")
	case pUnknown:
		l.emit(&Unknown{At: at, Reason: "a read through a pointer the lowering cannot follow (" + a.why + "): " + l.text(n)})
		return l.opaqueVal(n, t, "a value read through a pointer the lowering cannot follow")
	case pVar:
		o, mem, ok := l.varPart(a, t)
		if !ok {
			l.emit(&Unknown{At: at, Reason: "a read of variable " + a.obj.name + " at an offset the lowering does not know: " + l.text(n)})
			return l.opaqueVal(n, t, "a part of a variable at an unknown offset")
		}
		if o == nil {
			return l.loadPlace(mem, t, n)
		}
		if o.t.kind == cStruct && t.kind == cStruct || o.t.kind == t.kind || t.kind == cUnknown {
			if o.t.kind == cRef {
				p := l.readPtr(o, at)
				return l.load(lval{alts: p.alts, t: t, n: n})
			}
			return l.readObject(o, at)
		}
		if o.v != nil && t.kind == cScalar {
			return val{t: t, e: convert(at, &Ref{At: at, Var: o.v}, t.ir)}
		}
		l.emit(&Unknown{At: at, Reason: "a read of variable " + a.obj.name + " as another type: " + l.text(n)})
		return l.opaqueVal(n, t, "a variable read as another type")
	}
	// memory
	addr := Addr{Base: a.base, Off: a.off}
	switch t.kind {
	case cScalar:
		r := l.temp(at, t.ir)
		l.emit(&Load{At: at, Dst: r, Addr: addr, T: t.ir, Source: l.text(n)})
		return val{t: t, e: &Ref{At: at, Var: r}}
	case cPtr:
		r := l.temp(at, U64)
		l.emit(&Load{At: at, Dst: r, Addr: addr, T: U64, Source: l.text(n)})
		if p := l.paramElement(a, at); p != nil {
			return val{t: t, p: &ptrv{alts: []place{*p}}}
		}
		return val{t: t, p: unknownPtr("a pointer loaded from memory")}
	case cStruct:
		if t.rec == nil {
			l.emit(&Unknown{At: at, Reason: "a copy of " + structName(t) + ", whose layout is unknown: " + l.text(n)})
			return val{t: t}
		}
		v := val{t: t}
		for _, f := range t.rec.fields {
			fa := a
			fa.off = add(at, a.off, i64(at, f.off))
			v.fields = append(v.fields, l.loadPlace(fa, f.t, n))
		}
		return v
	}
	if t.kind == cArray {
		// an array member of a struct being copied: where it is
		return val{t: t, arr: &a}
	}
	l.emit(&Unknown{At: at, Reason: "a read of an object of unknown type: " + l.text(n)})
	return l.opaqueVal(n, t, "an object of unknown type")
}

// store writes a value to an lvalue.
func (l *lowerer) store(lv lval, v val, at protocol.Pos) {
	if lv.parts != nil {
		for i, p := range lv.parts {
			c := l.opaqueVal(p.n, p.t, "a component of a vector value the lowering does not know")
			if i < len(v.fields) {
				c = v.fields[i]
			}
			l.store(p, c, at)
		}
		return
	}
	if lv.t.kind == cScalar && v.e != nil {
		// evaluate once, store at each place
		v.e = convert(at, v.e, lv.t.ir)
	}
	l.eachAlt(lv.alts, at, func(a place) { l.storePlace(a, lv.t, v, lv.n, at) })
}

// pointerBits is the value of a pointer written to memory, for telling
// writes of one value (benign) from others: the address of its base plus
// its offset, where the pointer is one place in memory every thread
// shares. The address is a call of no arguments, which the protocol makes
// an unknown the same for all threads (the generic address of a __shared__
// variable is the same in every block too); two writes of it are then
// equal exactly where their offsets are. Any other pointer is opaque.
func pointerBits(p *ptrv, at protocol.Pos) Expr {
	if p != nil && len(p.alts) == 1 {
		a := p.alts[0]
		if a.kind == pMem && a.guard == nil && a.base != nil && a.base.Kind != Private {
			base := &Call{At: at, Func: "addr_" + a.base.Name, T: I64}
			return &Binary{At: at, Op: "+", X: base, Y: a.off, T: I64}
		}
	}
	return &Opaque{At: at, Reason: "a pointer", T: U64}
}

// storePlace writes an object of type t at one place.
func (l *lowerer) storePlace(a place, t ctype, v val, n *clang.Node, at protocol.Pos) {
	switch a = a.asData(); a.kind {
	case pTemp:
		return // a temporary: nothing observes it
	case pBuiltin:
		l.emit(&Unknown{At: at, Reason: "a write to a built-in variable: " + l.text(n)})
		return
	case pNull:
		l.emit(&Unknown{At: at, Reason: "a write through a null pointer: " + l.text(n)})
		return
	case pUnknown:
		l.emit(&Unknown{At: at, Reason: "a write through a pointer the lowering cannot follow (" + a.why + "): " + l.text(n)})
		return
	case pVar:
		o, mem, ok := l.varPart(a, t)
		if !ok {
			l.emit(&Unknown{At: at, Reason: "a write to variable " + a.obj.name + " at an offset the lowering does not know: " + l.text(n)})
			return
		}
		if o == nil {
			l.storePlace(mem, t, v, n, at)
			return
		}
		if o.t.kind == cRef {
			p := l.readPtr(o, at)
			l.store(lval{alts: p.alts, t: t, n: n}, v, at)
			return
		}
		l.writeObject(o, v, at)
		return
	}
	addr := Addr{Base: a.base, Off: a.off}
	switch t.kind {
	case cScalar:
		l.emit(&Store{At: at, Addr: addr, T: t.ir, X: l.scalar(v, t.ir, at), Source: l.text(n)})
	case cPtr:
		l.emit(&Store{At: at, Addr: addr, T: U64, X: pointerBits(v.p, at), Source: l.text(n)})
	case cStruct:
		if t.rec == nil {
			l.emit(&Unknown{At: at, Reason: "a write of " + structName(t) + ", whose layout is unknown: " + l.text(n)})
			return
		}
		for i, f := range t.rec.fields {
			fa := a
			fa.off = add(at, a.off, i64(at, f.off))
			fv := val{t: f.t, e: &Opaque{At: at, Reason: "a field of a struct value the lowering does not know", T: f.t.scalarLeaf()}}
			if f.t.kind == cPtr {
				fv = val{t: f.t, p: unknownPtr("a field of a struct value the lowering does not know")}
			}
			if i < len(v.fields) {
				fv = v.fields[i]
			}
			l.storePlace(fa, f.t, fv, n, at)
		}
	case cArray:
		l.copyArray(a, v, t, at, n)
	default:
		l.emit(&Unknown{At: at, Reason: "a write of an object of unknown type: " + l.text(n)})
	}
}

// swizzle lowers the components of an OpenCL vector (v.x, v.s13, v.lo,
// v.odd; OpenCL C 1.2, Section 6.1.7): one component is a field of the
// vector, several are an lvalue whose parts are those fields, read and
// written one by one.
func (l *lowerer) swizzle(n *clang.Node) lval {
	t := l.typeOf(n)
	lv := l.lv(n.Child(0))
	count := len(lv.parts)
	if lv.parts == nil {
		if lv.t.rec == nil || !lv.t.rec.vector {
			l.unknown(n, "components of a vector of unknown type")
			return l.tempLval(l.opaqueVal(n, t, "a vector of unknown type"), n)
		}
		count = len(lv.t.rec.fields)
	}
	acc := l.tu.LastToken(n)
	idx, ok := components(acc, count)
	if !ok {
		l.unknown(n, "vector components the lowering does not know: %q", acc)
		return l.tempLval(l.opaqueVal(n, t, "vector components "+acc), n)
	}
	part := func(i int) lval {
		if lv.parts != nil {
			return lv.parts[i]
		}
		f := lv.t.rec.fields[i]
		return l.fieldOf(lv, lv.t, f, true, f.t, n)
	}
	if len(idx) == 1 {
		return part(idx[0])
	}
	out := lval{t: t, n: n, parts: []lval{}}
	for _, i := range idx {
		out.parts = append(out.parts, part(i))
	}
	return out
}

// components returns the indices of the components an accessor names in a
// vector of count components: x, y, z, w (and r, g, b, a); s or S followed
// by hexadecimal digits; lo, hi, even and odd, halves of a vector whose
// 3 components count as 4. ok is false for a component past the vector's
// end (the fourth of a 3-component vector's hi, which no one may use).
func components(acc string, count int) ([]int, bool) {
	n := count
	if n == 3 {
		n = 4
	}
	var idx []int
	switch {
	case acc == "lo" || acc == "hi" || acc == "even" || acc == "odd":
		for i := 0; i < n/2; i++ {
			switch acc {
			case "lo":
				idx = append(idx, i)
			case "hi":
				idx = append(idx, n/2+i)
			case "even":
				idx = append(idx, 2*i)
			case "odd":
				idx = append(idx, 2*i+1)
			}
		}
	case len(acc) > 1 && (acc[0] == 's' || acc[0] == 'S'):
		for _, c := range strings.ToLower(acc[1:]) {
			i := strings.IndexRune("0123456789abcdef", c)
			if i < 0 {
				return nil, false
			}
			idx = append(idx, i)
		}
	default:
		for _, c := range acc {
			i := strings.IndexRune("xyzw", c)
			if i < 0 {
				i = strings.IndexRune("rgba", c)
			}
			if i < 0 {
				return nil, false
			}
			idx = append(idx, i)
		}
	}
	for _, i := range idx {
		if i >= count {
			return nil, false
		}
	}
	return idx, len(idx) > 0
}

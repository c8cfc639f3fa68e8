package cudagen

// This file builds calls through function pointers: a local pointer to a
// __device__ function, given one of several functions of one signature
// (by ?: or by an assignment on a branch, under a condition that may
// depend on the thread), then called. drfcheck must follow the choice
// thread by thread: a front end that called the wrong function, or one
// function for every thread, would miss the races the other one makes.

// fpInfo is what the generator knows of the value a call through a
// function pointer local adds to its arguments' sum: between lo and hi,
// and whether it is the same for every thread of a block.
type fpInfo struct {
	lo, hi int64
	uni    bool
}

// fnIdent2: int f(int x, int y) returns x + y, in another shape than
// fnIdent, so that a pointer choosing between the two keeps the value.
func (g *gen) fnIdent2() *Func {
	return g.fn("ident2", func(name string) *Func {
		x, y := param("x", tInt), param("y", tInt)
		z := &Var{Name: "z", Kind: VLocal, T: tInt}
		body := []Stmt{&Return{X: bin("+", ref(y), ref(x))}}
		if g.chance(0.5) {
			body = []Stmt{&Decl{V: z, Init: ref(y)}, &Assign{L: ref(z), Op: "+=", R: ref(x)}, &Return{X: ref(z)}}
		}
		return &Func{Name: name, Ret: tInt, Params: []*Var{x, y}, Body: &Block{Stmts: body}}
	})
}

// fnShift: int f(int x, int y) { return x + y + 1; }: the one that
// shifts an index, for kernels that may race.
func (g *gen) fnShift() *Func {
	return g.fn("shift", func(name string) *Func {
		x, y := param("x", tInt), param("y", tInt)
		return &Func{Name: name, Ret: tInt, Params: []*Var{x, y}, Body: block(&Return{X: bin("+", bin("+", ref(x), ref(y)), intLit(1))})}
	})
}

// fnPtrLocal declares a function pointer local of the signature of fns[0]
// holding one of fns: "T (*fp)(...) = c ? f1 : f2;" or "= f1;" then
// "if (c) fp = f2;" (more functions: one more branch each). It reports
// whether the choice is the same for every thread of a block.
func (g *gen) fnPtrLocal(out *[]Stmt, fns []*Func) (*Var, bool) {
	fp := &Var{Name: g.name("fp"), Kind: VFnPtr, T: &Type{K: KFnPtr, Fn: fns[0]}}
	addr := func(f *Func) *FnRef { return &FnRef{F: f, Amp: g.chance(0.3)} }
	uni := true
	cond := func() Expr {
		u := g.chance(0.4)
		uni = uni && u
		return g.cond(out, u)
	}
	if len(fns) == 2 && g.chance(0.5) {
		c := cond()
		*out = append(*out, &Decl{V: fp, Init: &Cond{C: c, X: addr(fns[0]), Y: addr(fns[1])}})
	} else {
		*out = append(*out, &Decl{V: fp, Init: addr(fns[0])})
		for _, f := range fns[1:] {
			c := cond()
			*out = append(*out, &If{C: c, Then: block(&Assign{L: &VarRef{V: fp}, Op: "=", R: addr(f)})})
		}
	}
	g.scope = append(g.scope, fp)
	return fp, uni
}

// viaFnPtr computes e through a call of a function pointer local that
// holds fnIdent or fnIdent2 (both x + y): fp(e - k, k). When not keep, it
// may instead hold fnShift for some threads, which then compute e + 1.
func (g *gen) viaFnPtr(out *[]Stmt, e Expr, keep bool) Expr {
	r := g.rangeOf(e)
	t := g.typeOf(e)
	if !r.ok || r.hi >= 1<<20 || r.lo <= -(1<<20) || !(t.integral() || t.K == KUint) {
		return e
	}
	fns := []*Func{g.fnIdent(), g.fnIdent2()}
	shift := !keep && g.chance(0.5)
	if shift {
		fns = append(fns, g.fnShift())
	}
	if g.chance(0.5) {
		fns[0], fns[1] = fns[1], fns[0]
	}
	fp, uni := g.fnPtrLocal(out, fns)
	info := fpInfo{uni: true}
	if shift {
		info = fpInfo{hi: 1, uni: uni}
	}
	if g.fps == nil {
		g.fps = map[*Var]fpInfo{}
	}
	g.fps[fp] = info
	k := int64(g.intn(3))
	return &Call{F: fns[0], Via: fp, Star: g.chance(0.4), Args: []Expr{bin("-", g.toIntE(e), intLit(k)), intLit(k)}}
}

// fnPtrStore stores v at a[idx] through a function pointer local that
// holds fnSetPtr or fnWrap (both store p[i]).
func (g *gen) fnPtrStore(out *[]Stmt, a *arr, idx, v Expr) {
	fns := []*Func{g.fnSetPtr(), g.fnWrap()}
	if g.chance(0.5) {
		fns[0], fns[1] = fns[1], fns[0]
	}
	fp, _ := g.fnPtrLocal(out, fns)
	*out = append(*out, &ExprStmt{X: &Call{F: fns[0], Via: fp, Star: g.chance(0.4), Args: []Expr{ref(a.v), g.toIntE(idx), v}}})
}

// fnPtrRange is the range of a call through a function pointer local
// made by viaFnPtr.
func (g *gen) fnPtrRange(e *Call) rng {
	info, ok := g.fps[e.Via]
	x, y := g.rangeOf(e.Args[0]), g.rangeOf(e.Args[1])
	if !ok || !x.ok || !y.ok {
		return unknown
	}
	return rk(x.lo+y.lo+info.lo, x.hi+y.hi+info.hi)
}

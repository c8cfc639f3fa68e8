package cudagen

// This file holds the __device__ functions kernels call: small templates
// whose effect the generator knows (an identity, stores by reference and
// by pointer, a returned reference, a load, a store followed by a
// barrier).

// fn returns the function of a kind, making it on first use.
func (g *gen) fn(kind string, make func(name string) *Func) *Func {
	if f, ok := g.fns[kind]; ok {
		return f
	}
	f := make(g.name("f"))
	g.fns[kind] = f
	g.p.Funcs = append(g.p.Funcs, f)
	return f
}

func param(name string, t *Type) *Var    { return &Var{Name: name, Kind: VLocal, T: t} }
func refParam(name string, t *Type) *Var { return &Var{Name: name, Kind: VRef, T: t} }

// fnIdent: int f(int x, int y) returns x + y, through a local and a branch.
func (g *gen) fnIdent() *Func {
	return g.fn("ident", func(name string) *Func {
		x, y := param("x", tInt), param("y", tInt)
		z := &Var{Name: "z", Kind: VLocal, T: tInt}
		var body []Stmt
		switch g.intn(3) {
		case 0:
			body = []Stmt{&Return{X: bin("+", ref(x), ref(y))}}
		case 1:
			body = []Stmt{&Decl{V: z, Init: ref(x)},
				&If{C: bin("!=", ref(y), intLit(0)), Then: block(&Assign{L: ref(z), Op: "+=", R: ref(y)})},
				&Return{X: ref(z)}}
		default:
			body = []Stmt{&If{C: bin(">", ref(y), intLit(0)), Then: block(&Return{X: bin("+", ref(x), ref(y))})},
				&Return{X: bin("-", ref(x), &Unary{Op: "-", X: ref(y)})}}
		}
		return &Func{Name: name, Ret: tInt, Params: []*Var{x, y}, Body: &Block{Stmts: body}}
	})
}

// fnSetRef: void f(int &r, int v) { r = v; }
func (g *gen) fnSetRef() *Func {
	return g.fn("setref", func(name string) *Func {
		r, v := refParam("r", tInt), param("v", tInt)
		return &Func{Name: name, Ret: tVoid, Params: []*Var{r, v}, Body: block(&Assign{L: ref(r), Op: "=", R: ref(v)})}
	})
}

// fnAddRef: void f(int &r, int v) { r += v; }
func (g *gen) fnAddRef() *Func {
	return g.fn("addref", func(name string) *Func {
		r, v := refParam("r", tInt), param("v", tInt)
		return &Func{Name: name, Ret: tVoid, Params: []*Var{r, v}, Body: block(&Assign{L: ref(r), Op: "+=", R: ref(v)})}
	})
}

// fnSetPtr: void f(int *p, int i, int v) { p[i] = v; }
func (g *gen) fnSetPtr() *Func {
	return g.fn("setptr", func(name string) *Func {
		p, i, v := param("p", ptrTo(tInt)), param("i", tInt), param("v", tInt)
		var s Stmt = &Assign{L: &Index{X: ref(p), I: ref(i)}, Op: "=", R: ref(v)}
		if g.chance(0.5) {
			s = &Assign{L: &Deref{X: bin("+", ref(p), ref(i))}, Op: "=", R: ref(v)}
		}
		return &Func{Name: name, Ret: tVoid, Params: []*Var{p, i, v}, Body: block(s)}
	})
}

// fnRefRet: int &f(int *p, int i) { return p[i]; }
func (g *gen) fnRefRet() *Func {
	return g.fn("refret", func(name string) *Func {
		p, i := param("p", ptrTo(tInt)), param("i", tInt)
		return &Func{Name: name, Ret: tInt, RetRef: true, Params: []*Var{p, i}, Body: block(&Return{X: &Index{X: ref(p), I: ref(i)}})}
	})
}

// fnLoad: int f(int *p, int i) { return p[i]; }
func (g *gen) fnLoad() *Func {
	return g.fn("load", func(name string) *Func {
		p, i := param("p", ptrTo(tInt)), param("i", tInt)
		return &Func{Name: name, Ret: tInt, Params: []*Var{p, i}, Body: block(&Return{X: &Index{X: ref(p), I: ref(i)}})}
	})
}

// fnSyncStore: void f(int *p, int i, int v) { p[i] = v; __syncthreads(); }
func (g *gen) fnSyncStore() *Func {
	return g.fn("syncstore", func(name string) *Func {
		p, i, v := param("p", ptrTo(tInt)), param("i", tInt), param("v", tInt)
		return &Func{Name: name, Ret: tVoid, Params: []*Var{p, i, v}, Body: block(
			&Assign{L: &Index{X: ref(p), I: ref(i)}, Op: "=", R: ref(v)}, &Sync{Op: "__syncthreads"})}
	})
}

// fnCfg: int f(Cfg c, int t) takes the struct parameter by value and
// changes its copy: { c.base += t; return c.base; } is t + cfg.base, and
// the caller's cfg does not change.
func (g *gen) fnCfg() *Func {
	return g.fn("cfg", func(name string) *Func {
		c, t := param("c", &Type{K: KStruct, S: g.cfgS}), param("t", tInt)
		base := func() Expr { return &Member{X: ref(c), F: g.cfgS.Fields[0]} }
		var body []Stmt
		if g.chance(0.5) {
			body = []Stmt{&Assign{L: base(), Op: "+=", R: ref(t)}, &Return{X: base()}}
		} else {
			body = []Stmt{&Return{X: bin("+", ref(t), base())}}
		}
		return &Func{Name: name, Ret: tInt, Params: []*Var{c, t}, Body: &Block{Stmts: body}}
	})
}

// fnPairSum: int f(Pair q) { return min(q.a, q.b); } reads a struct by
// value (both fields, so that the compiler keeps both loads).
func (g *gen) fnPairSum() *Func {
	return g.fn("pairsum", func(name string) *Func {
		q := param("q", &Type{K: KStruct, S: g.pairS})
		return &Func{Name: name, Ret: tInt, Params: []*Var{q}, Body: block(
			&Return{X: &MinMax{X: &Member{X: ref(q), F: g.pairS.Fields[0]}, Y: &Member{X: ref(q), F: g.pairS.Fields[1]}}})}
	})
}

// fnWrap: void f(int *p, int i, int v) { g(p + 1, i - 1, v); } calls the
// pointer store with a shifted pointer: it stores p[i].
func (g *gen) fnWrap() *Func {
	return g.fn("wrap", func(name string) *Func {
		inner := g.fnSetPtr()
		p, i, v := param("p", ptrTo(tInt)), param("i", tInt), param("v", tInt)
		return &Func{Name: name, Ret: tVoid, Params: []*Var{p, i, v}, Body: block(
			&ExprStmt{X: &Call{F: inner, Args: []Expr{bin("+", ref(p), intLit(1)), bin("-", ref(i), intLit(1)), ref(v)}}})}
	})
}

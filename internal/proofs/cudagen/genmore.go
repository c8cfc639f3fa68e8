package cudagen

// This file builds the constructs of C++ beyond plain scalars:
// __builtin_memcpy and __builtin_memset over the bytes of arrays, local
// arrays and local structs; GNU statement expressions; lambdas held in
// locals, capturing by copy or by reference a variable that changes after
// the lambda is made; a struct with default member initializers; and
// whole-struct assignment (between locals, and into arrays of structs).

// fieldKey names a field of one struct local, for ranges and uniformity.
type fieldKey struct {
	v *Var
	f *Field
}

// lamInfo is what the generator knows of a lambda "i + c" or "i * c": c's
// value when the lambda is called, and whether it is block-uniform.
type lamInfo struct {
	mul bool
	c   int64
	uni bool
}

// ---- a struct with default member initializers ----

// opts is the struct "Opts { int stride = D1; int n; int off = D2; }",
// made on first use.
func (g *gen) opts() *Struct {
	if g.optS == nil {
		g.optS = &Struct{Name: "Opts", Fields: []*Field{
			{Name: "stride", T: tInt, Def: true, DefVal: int64(1 + g.intn(3))},
			{Name: "n", T: tInt},
			{Name: "off", T: tInt, Def: true, DefVal: int64(g.intn(4))},
		}}
		g.p.Structs = append(g.p.Structs, g.optS)
		if g.tchance(0.3) {
			templated(g.optS, nil, "stride") // template <int W> (gentmpl.go)
		}
	}
	return g.optS
}

// optsLocal declares "Opts o;": its defaulted fields known, n not set.
func (g *gen) optsLocal(out *[]Stmt) *Var {
	s := g.opts()
	o := &Var{Name: g.name("o"), Kind: VLocal, T: &Type{K: KStruct, S: s}}
	*out = append(*out, &Decl{V: o})
	g.scope = append(g.scope, o)
	for _, f := range s.Fields {
		if f.Def {
			g.vr[fieldKey{o, f}] = rk(f.DefVal, f.DefVal)
			g.uni[fieldKey{o, f}] = true
		}
	}
	return o
}

func (g *gen) optsField(name string) *Field {
	for _, f := range g.opts().Fields {
		if f.Name == name {
			return f
		}
	}
	panic("no field " + name)
}

func member(v *Var, f *Field) *Member { return &Member{X: ref(v), F: f} }

// setField assigns e to a field of a struct local and records its range.
func (g *gen) setField(out *[]Stmt, v *Var, f *Field, e Expr) {
	*out = append(*out, &Assign{L: member(v, f), Op: "=", R: e})
	g.vr[fieldKey{v, f}] = g.rangeOf(e)
	g.uni[fieldKey{v, f}] = g.uniform(e)
}

// ownOpts spells t * scale + base through the default fields of an Opts
// local ("t * o.stride + o.off"), when their defaults allow; nil if not.
func (g *gen) ownOpts(out *[]Stmt, t Expr, scale, base int64) Expr {
	st, off := g.optsField("stride"), g.optsField("off")
	if st.DefVal != scale && scale != 1 {
		return nil
	}
	o := g.optsLocal(out)
	tt := g.toIntE(t)
	var e Expr = tt
	if st.DefVal == scale {
		e = bin("*", tt, member(o, st))
	}
	switch k := base - off.DefVal; {
	case k == 0:
		e = bin("+", e, member(o, off))
	case base == 0 && g.chance(0.5):
	case k > 0:
		e = bin("+", e, bin("+", member(o, off), intLit(k)))
	default:
		e = bin("+", e, bin("-", member(o, off), intLit(-k)))
	}
	return e
}

// ---- rewrites: an index through a construct ----

// viaStmtExpr computes e in a statement expression: "({ int q = e + k;
// q - k; })" and the like.
func (g *gen) viaStmtExpr(e Expr, keep bool) Expr {
	r := g.rangeOf(e)
	t := promote(g.typeOf(e))
	if !r.ok || (t.K != KInt && t.K != KUint) || r.hi >= 1<<20 || r.lo <= -(1<<20) {
		return e
	}
	q := &Var{Name: g.name("q"), Kind: VLocal, T: t}
	g.uni[q] = g.uniform(e)
	k := int64(1 + g.intn(3))
	var stmts []Stmt
	var x Expr
	switch g.intn(4) {
	case 0: // ({ int q = e; q; })
		stmts = []Stmt{&Decl{V: q, Init: e}}
		x = ref(q)
		g.vr[q] = r
	case 1: // ({ int q = e + k; q - k; })
		stmts = []Stmt{&Decl{V: q, Init: bin("+", e, litOf(t, k))}}
		x = bin("-", ref(q), litOf(t, k))
		g.vr[q] = rk(r.lo+k, r.hi+k)
	case 2: // ({ int q = e; q *= 2; q / 2; })
		if r.lo < 0 {
			return e
		}
		stmts = []Stmt{&Decl{V: q, Init: e}, &Assign{L: ref(q), Op: "*=", R: litOf(t, 2)}}
		x = bin("/", ref(q), litOf(t, 2))
		g.vr[q] = rk(2*r.lo, 2*r.hi)
	default: // ({ int q = e * 2; q++; q >> 1; })
		if r.lo < 0 {
			return e
		}
		stmts = []Stmt{&Decl{V: q, Init: bin("*", e, litOf(t, 2))}, &IncDec{L: ref(q), Op: "++"}}
		x = bin(">>", ref(q), litOf(t, 1))
		g.vr[q] = rk(2*r.lo, 2*r.hi+1)
	}
	if !keep && g.chance(0.4) {
		x = bin("+", x, litOf(t, 1))
	}
	return &StmtExpr{Stmts: stmts, X: x}
}

// viaLambda computes e through a lambda held in a local that captures a
// variable, by copy or by reference, which changes after the lambda is
// made:
//
//	int c = 3;
//	auto f = [=](int i) { return i + c; };
//	c -= 2;
//	... f(e - 3) ...
//
// The lambda sees the value of c when it was made ([=]) or when it is
// called ([&]). When not keep, the argument may be computed as if the
// lambda saw the other value: a shifted index, which a front end with the
// two captures swapped would take for e.
func (g *gen) viaLambda(out *[]Stmt, e Expr, keep bool) Expr {
	r := g.rangeOf(e)
	t := g.typeOf(e)
	if !r.ok || r.hi >= 1<<20 || r.lo <= -(1<<20) || !(t.integral() || t.K == KUint) {
		return e
	}
	byRef := g.chance(0.5)
	wrong := !keep && g.chance(0.5)
	mul := g.chance(0.25)
	// a: c's value when the lambda is made, b: when it is called
	var a, b int64
	d := int64(1 + g.intn(3))
	switch {
	case mul:
		// the effective value is 1 (0 when wrong: every thread meets)
		a, b = 0, 1
		if !byRef {
			a, b = 1, 0
		}
		if wrong {
			a, b = b, a
		}
	case byRef:
		a = int64(g.intn(4))
		b = a + d
	default:
		b = int64(g.intn(4))
		a = b + d
	}
	eff, other := a, b
	if byRef {
		eff, other = b, a
	}
	// the captured variable: an int local, a defaulted field of an Opts
	// local, or the struct parameter's base
	var cv Expr
	var change func() Stmt
	fb := g.cfgS.Fields[0]
	switch g.pick(5, 3, 2) {
	case 1:
		if mul {
			break
		}
		o := g.optsLocal(out)
		off := g.optsField("off")
		if !byRef {
			// a copy of the whole struct: every field set first
			g.setField(out, o, g.optsField("n"), g.smallUniform())
		}
		a = off.DefVal
		if byRef {
			b = a + d
			eff, other = b, a
		} else {
			b = a - d
			eff, other = a, b
		}
		cv = member(o, off)
		change = func() Stmt {
			g.vr[fieldKey{o, off}] = rk(b, b)
			return &Assign{L: member(o, off), Op: "=", R: intLit(b)}
		}
	case 2:
		// (only at the kernel's top level: the change holds for the rest)
		br := g.vr[fb]
		if mul || !br.ok || br.lo != br.hi || !g.uni[fb] || g.depth > 0 || len(g.loops) > 0 {
			break
		}
		a = br.lo
		if byRef {
			b = a + d
			eff, other = b, a
		} else {
			b = a - d
			eff, other = a, b
		}
		cv = member(g.cfgPar, fb)
		change = func() Stmt {
			g.vr[fb] = rk(b, b)
			op := "+="
			if b < a {
				op = "-="
			}
			return &Assign{L: member(g.cfgPar, fb), Op: op, R: intLit(d)}
		}
	}
	if cv == nil {
		c := g.local(out, "c", tInt, intLit(a), rk(a, a), true)
		g.noIdx[c] = true
		cv = ref(c)
		change = func() Stmt {
			g.vr[c] = rk(b, b)
			switch {
			case g.chance(0.5):
				return &Assign{L: ref(c), Op: "=", R: intLit(b)}
			case b > a:
				return &Assign{L: ref(c), Op: "+=", R: intLit(b - a)}
			}
			return &Assign{L: ref(c), Op: "-=", R: intLit(a - b)}
		}
	}
	p := &Var{Name: g.name("i"), Kind: VLocal, T: tInt}
	op := "+"
	if mul {
		op = "*"
	}
	lam := &Lambda{ByRef: byRef, Params: []*Var{p}, Body: bin(op, ref(p), cv)}
	f := &Var{Name: g.name("lam"), Kind: VLambda, T: tVoid}
	*out = append(*out, &Decl{V: f, Init: lam})
	*out = append(*out, change())
	g.scope = append(g.scope, f)
	arg := g.toIntE(e)
	if !mul {
		sub := eff
		if wrong {
			sub = other
		}
		switch {
		case sub > 0:
			arg = bin("-", arg, intLit(sub))
		case sub < 0:
			arg = bin("+", arg, intLit(-sub))
		}
	}
	if g.lams == nil {
		g.lams = map[*Var]lamInfo{}
	}
	g.lams[f] = lamInfo{mul: mul, c: eff, uni: true}
	return &LambdaCall{F: f, Args: []Expr{arg}}
}

// viaStruct passes e through a struct local: a field of an Opts local
// ("Opts o; o.n = e;" read as o.n, o.n * o.stride / o.stride or o.n +
// o.off - o.off), or a whole-struct copy whose source changes afterwards:
//
//	Pair q; q.a = e; q.b = 0;
//	Pair q2; q2 = q;
//	q.a = e + 1;
//	... q2.a ...
func (g *gen) viaStruct(out *[]Stmt, e Expr, keep bool) Expr {
	r := g.rangeOf(e)
	t := g.typeOf(e)
	if !r.ok || r.hi >= 1<<20 || r.lo <= -(1<<20) || !(t.integral() || t.K == KUint) {
		return e
	}
	e = g.toIntE(e)
	if g.chance(0.4) {
		o := g.optsLocal(out)
		n, st, off := g.optsField("n"), g.optsField("stride"), g.optsField("off")
		g.setField(out, o, n, e)
		switch g.intn(3) {
		case 0:
			if r.lo >= 0 {
				return bin("/", bin("*", member(o, n), member(o, st)), member(o, st))
			}
		case 1:
			if !keep && g.chance(0.5) && off.DefVal > 0 {
				return bin("+", member(o, n), member(o, off))
			}
			return bin("-", bin("+", member(o, n), member(o, off)), member(o, off))
		}
		return member(o, n)
	}
	// a whole-struct copy
	var s *Struct
	var fld *Field
	if g.chance(0.5) {
		s, fld = g.pairS, g.pairS.Fields[g.intn(2)]
	} else {
		s, fld = g.opts(), g.optsField("n")
	}
	st := &Type{K: KStruct, S: s}
	q := &Var{Name: g.name("q"), Kind: VLocal, T: st}
	*out = append(*out, &Decl{V: q})
	g.scope = append(g.scope, q)
	for _, f := range s.Fields {
		switch {
		case f == fld:
			g.setField(out, q, f, e)
		case !f.Def:
			g.setField(out, q, f, g.smallUniform())
		}
	}
	q2 := &Var{Name: g.name("q"), Kind: VLocal, T: st}
	if g.chance(0.3) {
		*out = append(*out, &Decl{V: q2, Init: ref(q)})
	} else {
		*out = append(*out, &Decl{V: q2}, &Assign{L: ref(q2), Op: "=", R: ref(q)})
	}
	g.scope = append(g.scope, q2)
	for _, f := range s.Fields {
		g.vr[fieldKey{q2, f}] = g.vr[fieldKey{q, f}]
		g.uni[fieldKey{q2, f}] = g.uni[fieldKey{q, f}]
	}
	// the source changes after the copy
	changed := g.perturb(g.copyExpr(e))
	g.setField(out, q, fld, changed)
	if !keep && g.chance(0.5) {
		return member(q, fld)
	}
	return member(q2, fld)
}

// ---- whole-struct assignment into and out of arrays of structs ----

// structAssignStmt assigns a whole Pair local to an element of an array of
// Pair ("a[i] = q;"), or an element to a local ("q = a[i];", then used).
func (g *gen) structAssignStmt(out *[]Stmt) {
	a := g.pickArr(func(a *arr) bool {
		return a.elem.K == KStruct && a.elem.S.fixedSize() && a.dims == 1 && !a.atomicOnly && !a.input
	})
	if a == nil {
		g.localStmt(out)
		return
	}
	st := a.elem
	q := &Var{Name: g.name("q"), Kind: VLocal, T: st}
	el := func(idx Expr) Expr {
		if g.chance(0.3) {
			return &Deref{X: bin("+", ref(a.v), idx)}
		}
		return &Index{X: ref(a.v), I: idx}
	}
	if g.chance(0.75) {
		f, ok := g.plan(out, a, 1)
		if !ok {
			return
		}
		*out = append(*out, &Decl{V: q})
		g.scope = append(g.scope, q)
		for _, fl := range st.S.Fields {
			g.setField(out, q, fl, g.value(out, fl.T))
		}
		*out = append(*out, &Assign{L: el(g.index(out, a, f)), Op: "=", R: ref(q)})
		return
	}
	f, ok := g.plan(out, a, 0)
	if !ok {
		return
	}
	if g.chance(0.5) {
		*out = append(*out, &Decl{V: q, Init: el(g.index(out, a, f))})
	} else {
		*out = append(*out, &Decl{V: q}, &Assign{L: ref(q), Op: "=", R: el(g.index(out, a, f))})
	}
	g.scope = append(g.scope, q)
	x := g.local(out, "x", tInt, member(q, st.S.Fields[g.intn(len(st.S.Fields))]), unknown, false)
	g.noIdx[x] = true
	g.use(out, x)
}

// ---- memcpy and memset ----

// memArr says whether memcpy and memset may work on a's bytes: a
// one-dimensional array of scalars or of structs without array members.
func memArr(a *arr) bool {
	if a.dims != 1 || a.atomicOnly {
		return false
	}
	switch a.elem.K {
	case KInt, KUint, KFloat:
		return true
	case KStruct:
		return a.elem.S.fixedSize()
	}
	return false
}

// wordT is the type of the words of a's elements.
func wordT(a *arr) *Type {
	if a.elem.K == KStruct {
		return tInt
	}
	return a.elem
}

// memEnd is one end of a memcpy: an object and the window of bytes (from
// byte 0 of ptr(0)) that it may touch.
type memEnd struct {
	ptr  func(k int64) Expr // a pointer to byte k of the window
	span int64              // bytes in the window
	grow bool               // the object is sized to what is touched: the window may be overrun
}

// arrEnd is the window of span bytes of array a from element idx.
func (g *gen) arrEnd(a *arr, idx Expr, span int64) memEnd {
	eb := 4 * int64(a.elem.words())
	return memEnd{span: span, grow: !a.dyn, ptr: func(k int64) Expr {
		it := g.typeOf(idx)
		switch {
		case k == 0 && g.chance(0.4):
			return &AddrOf{X: &Index{X: ref(a.v), I: idx}}
		case k == 0 && g.chance(0.5):
			return bin("+", ref(a.v), idx)
		case k > 0 && k%eb == 0 && g.chance(0.3):
			return &AddrOf{X: &Index{X: ref(a.v), I: bin("+", idx, litOf(promote(it), k/eb))}}
		}
		switch g.intn(3) {
		case 0:
			return &ByteAddr{X: &AddrOf{X: &Index{X: ref(a.v), I: idx}}, Off: g.byteOff(k)}
		case 1:
			return &ByteAddr{X: bin("+", ref(a.v), idx), Off: g.byteOff(k)}
		}
		// (char *)a + (eb * idx + k)
		pt := promote(it)
		var off Expr = bin("*", litOf(pt, eb), idx)
		if g.chance(0.5) {
			off = bin("*", idx, litOf(pt, eb))
		}
		if k > 0 {
			off = bin("+", off, litOf(pt, k))
		}
		return &ByteAddr{X: ref(a.v), Off: off}
	}}
}

// byteOff is a byte offset k: nil for 0, a literal, or a uniform spelling.
func (g *gen) byteOff(k int64) Expr {
	if k == 0 && g.chance(0.7) {
		return nil
	}
	if g.chance(0.8) {
		return intLit(k)
	}
	return g.uniformValue(k, tInt)
}

// localArrEnd declares a local array of type t filled with values, as a
// window of bytes.
func (g *gen) localArrEnd(out *[]Stmt, t *Type, fill bool) (memEnd, *Var) {
	v := &Var{Name: g.name("la"), Kind: VLocalArr, T: t, Dims: []int{1}}
	*out = append(*out, &Decl{V: v})
	g.scope = append(g.scope, v)
	words := int64(1 + g.intn(4))
	if fill {
		i := &Var{Name: g.name("i"), Kind: VLocal, T: tInt}
		var val Expr = bin("+", ref(g.tid), ref(i))
		switch t.K {
		case KUint:
			val = &Cast{T: tUint, X: val}
		case KFloat:
			val = bin("*", &Cast{T: tFloat, X: val}, floatLit(0.5))
		}
		*out = append(*out, &For{Init: &Decl{V: i, Init: intLit(0)}, C: bin("<", ref(i), intLit(words)), Post: &IncDec{L: ref(i), Op: "++"},
			Body: block(&Assign{L: &Index{X: ref(v), I: ref(i)}, Op: "=", R: val})})
	}
	return memEnd{span: 4 * words, grow: true, ptr: func(k int64) Expr {
		switch {
		case k == 0 && g.chance(0.5):
			return ref(v)
		case k%4 == 0 && g.chance(0.5):
			if g.chance(0.5) {
				return &AddrOf{X: &Index{X: ref(v), I: intLit(k / 4)}}
			}
			return bin("+", ref(v), intLit(k/4))
		}
		return &ByteAddr{X: ref(v), Off: g.byteOff(k)}
	}}, v
}

// structEnd declares a struct local with every field set, as a window of
// bytes.
func (g *gen) structEnd(out *[]Stmt) (memEnd, *Var) {
	var s *Struct
	if g.chance(0.5) {
		s = g.pairS
	} else {
		s = g.opts()
	}
	v := &Var{Name: g.name("q"), Kind: VLocal, T: &Type{K: KStruct, S: s}}
	*out = append(*out, &Decl{V: v})
	g.scope = append(g.scope, v)
	for _, f := range s.Fields {
		if !f.Def || g.chance(0.3) {
			g.setField(out, v, f, g.detInt(out, 1))
		} else {
			g.vr[fieldKey{v, f}] = rk(f.DefVal, f.DefVal)
		}
	}
	return memEnd{span: 4 * int64(s.words()), ptr: func(k int64) Expr {
		if k == 0 && g.chance(0.6) {
			return &AddrOf{X: ref(v)}
		}
		if k%4 == 0 && g.chance(0.4) {
			return &AddrOf{X: member(v, s.Fields[k/4])}
		}
		return &ByteAddr{X: &AddrOf{X: ref(v)}, Off: g.byteOff(k)}
	}}, v
}

// byteCount spells a number of bytes n: a literal, a uniform expression,
// or (when lo < n) one that is n or n - 1 depending on the thread.
func (g *gen) byteCount(n, lo int64) Expr {
	switch g.pick(6, 1, 2, 2, 1) {
	case 1:
		return uintLit(n)
	case 2:
		if n%4 == 0 {
			return bin("*", intLit(4), intLit(n/4))
		}
		return bin("+", bin("*", intLit(4), intLit(n/4)), intLit(n%4))
	case 3:
		return g.uniformValue(n, tInt)
	case 4:
		if lo < n {
			return bin("-", intLit(n), bin("&", ref(g.tid), intLit(1)))
		}
	}
	return intLit(n)
}

// window picks the bytes a memcpy or memset touches: from byte k of the
// destination's window (ks of the source's, with ks = k mod 4), n bytes.
// spill lets n overrun the windows by a few bytes (into a neighbour's
// cells). ok is false when nothing fits.
func (g *gen) window(dst, src memEnd, memset, spill bool) (k, ks, n, lo int64, ok bool) {
	if dst.span < 1 || !memset && src.span < 1 {
		return 0, 0, 0, 0, false
	}
	if !g.chance(0.4) {
		k = int64(g.intn(int(dst.span)))
	}
	nmax := dst.span - k
	if !memset {
		ks = k % 4
		if ks >= src.span {
			return 0, 0, 0, 0, false
		}
		for j := src.span / 4; j > 0; j-- {
			if c := k%4 + 4*int64(g.intn(int(j))); c < src.span {
				ks = c
				break
			}
		}
		nmax = min(nmax, src.span-ks)
	}
	n = nmax
	if g.chance(0.5) {
		n = int64(1 + g.intn(int(nmax)))
	}
	if spill && dst.grow && (memset || src.grow) {
		n += int64(1 + g.intn(4))
	}
	lo = n
	if n > 1 && g.chance(0.3) {
		lo = n - 1
	}
	return k, ks, n, lo, true
}

// memStmt copies or sets bytes of arrays and locals with __builtin_memcpy
// and __builtin_memset, in the discipline (a thread's own cells, all of
// them or a part, the cells of one thread under a guard, cells read by
// all) or breaking it (a copy spilling into the next thread's cells).
func (g *gen) memStmt(out *[]Stmt) {
	a := g.pickArr(func(a *arr) bool { return memArr(a) && !a.input })
	if a == nil {
		g.localStmt(out)
		return
	}
	switch g.pick(4, 4, 3) {
	case 0:
		g.memInto(out, a, true)
	case 1:
		g.memInto(out, a, false)
	default:
		g.memFrom(out, a)
	}
}

// memWindow is the window of array a a thread may touch for family f (a
// write when write): its own cells, or one or two elements anywhere.
func (g *gen) memWindow(out *[]Stmt, a *arr, f family) memEnd {
	eb := 4 * int64(a.elem.words())
	if f == famOwn {
		var t Expr
		if a.grid {
			t = g.gidE()
		} else {
			t = g.tidE()
		}
		var e Expr
		if g.chance(0.2) {
			e = g.ownOpts(out, t, a.scale, a.base)
		}
		if e == nil {
			e = t
			if a.scale > 1 {
				e = bin("*", t, litOf(g.typeOf(t), a.scale))
			}
			if a.base != 0 {
				e = bin("+", e, g.uniformValue(a.base, g.typeOf(t)))
			}
		}
		return g.arrEnd(a, g.rewrite(out, e, true), eb*a.scale)
	}
	return g.arrEnd(a, g.index(out, a, f), eb*int64(1+g.intn(2)))
}

// memInto writes bytes of a: memset, or memcpy from a local array, a
// local struct or another array.
func (g *gen) memInto(out *[]Stmt, a *arr, set bool) {
	f, ok := g.plan(out, a, 1)
	if !ok {
		return
	}
	dst := g.memWindow(out, a, f)
	spill := g.mood != DRF && (g.risky() || g.chance(0.1))
	var src memEnd
	var c Expr
	wt := wordT(a)
	if set {
		switch g.intn(4) {
		case 0:
			c = ref(g.mPar)
		case 1:
			c = intLit(int64(1 + g.intn(maxMemsetInt)))
		default:
			c = intLit(0)
		}
	} else {
		var b *arr
		if g.chance(0.35) {
			b = g.pickArr(func(b *arr) bool { return b != a && memArr(b) && sameType(wordT(b), wt) })
		}
		switch {
		case b != nil:
			fb, ok := g.plan(out, b, 0)
			if !ok {
				return
			}
			src = g.memWindow(out, b, fb)
			g.mark(a, f, 1) // (again, if the read needed a barrier)
		case wt.K == KInt && g.chance(0.4):
			src, _ = g.structEnd(out)
		default:
			src, _ = g.localArrEnd(out, wt, true)
		}
	}
	k, ks, n, lo, ok := g.window(dst, src, set, spill)
	if !ok {
		return
	}
	if n > dst.span-k {
		g.mark(a, famDirty, 1)
	}
	m := &MemOp{Set: set, Dst: dst.ptr(k), N: g.byteCount(n, lo)}
	if set {
		m.Src = c
	} else {
		m.Src = src.ptr(ks)
	}
	*out = append(*out, &ExprStmt{X: m})
}

// memFrom copies bytes of a (or of an input) into a local array or
// struct, and maybe uses a value copied.
func (g *gen) memFrom(out *[]Stmt, a *arr) {
	if in := g.inputArr(); in != nil && g.chance(0.4) {
		a = in
	}
	f, ok := g.plan(out, a, 0)
	if !ok {
		return
	}
	src := g.memWindow(out, a, f)
	wt := wordT(a)
	var dst memEnd
	var la, q *Var
	if wt.K == KInt && g.chance(0.35) {
		dst, q = g.structEnd(out)
	} else {
		dst, la = g.localArrEnd(out, wt, g.chance(0.3))
	}
	k, ks, n, lo, ok := g.window(dst, src, false, false)
	if !ok {
		return
	}
	*out = append(*out, &ExprStmt{X: &MemOp{Dst: dst.ptr(k), Src: src.ptr(ks), N: g.byteCount(n, lo)}})
	if g.chance(0.6) {
		var x *Var
		if la != nil {
			x = &Var{Name: g.name("x"), Kind: VLocal, T: wt}
			*out = append(*out, &Decl{V: x, Init: &Index{X: ref(la), I: intLit(k / 4)}})
			g.scope = append(g.scope, x)
			g.vr[x] = unknown
		} else {
			x = g.local(out, "x", tInt, member(q, q.T.S.Fields[k/4]), unknown, false)
		}
		g.noIdx[x] = true
		g.use(out, x)
	}
}

package cudagen

import "math"

// This file builds expressions: thread ids, the index of a thread's own
// cells of an array, rewrites of an index that keep its value (through
// casts, masks, min/max, locals assigned on several branches, loops,
// switches, device functions) or change it, arbitrary indices, values to
// store, and conditions.

// tidE is the thread's linear id in its block, spelled in one of several
// ways; its type is int or unsigned.
func (g *gen) tidE() Expr {
	p := g.p
	oneD := p.Block[1] == 1 && p.Block[2] == 1
	switch g.pick(10, 3, 3, 2) {
	case 1:
		if oneD {
			return tidx(0)
		}
	case 2:
		if oneD {
			return &Cast{T: tInt, X: tidx(0)}
		}
	case 3:
		if !oneD && p.Block[2] == 1 {
			return bin("+", bin("*", tidx(1), bdim(0)), tidx(0))
		}
	}
	return ref(g.tid)
}

// gidE is the thread's id in the grid.
func (g *gen) gidE() Expr {
	p := g.p
	if g.gid != nil && g.chance(0.7) {
		return ref(g.gid)
	}
	if p.Block[1] == 1 && p.Block[2] == 1 && p.Grid[1] == 1 {
		if g.chance(0.5) {
			return bin("+", bin("*", bidx(0), bdim(0)), tidx(0))
		}
		return bin("+", bin("*", &Cast{T: tInt, X: bidx(0)}, &Cast{T: tInt, X: bdim(0)}), ref(g.tid))
	}
	if g.gid != nil {
		return ref(g.gid)
	}
	var per Expr = bdim(0)
	for d := 1; d < 3; d++ {
		if p.Block[d] > 1 {
			per = bin("*", per, bdim(d))
		}
	}
	var b Expr = bidx(0)
	if p.Grid[1] > 1 {
		b = bin("+", bin("*", bidx(1), gdim(0)), bidx(0))
	}
	return bin("+", bin("*", b, per), ref(g.tid))
}

// threadCount is the number of threads the recipe of a spans.
func (g *gen) threadCount(a *arr) int64 {
	n := int64(g.p.threads())
	if a.grid {
		n *= int64(g.p.blocks())
	}
	return n
}

// own returns an index of one of the cells the thread owns in a:
// scale*t + base + u (+ i*scale*threads inside a loop over i), where t is
// the thread id (global for grid arrays).
func (g *gen) own(out *[]Stmt, a *arr) Expr {
	if a.scale == 1 && a.base == 0 {
		// inside a block- or grid-stride loop, its variable is an own cell
		for i := len(g.loops) - 1; i >= 0; i-- {
			if l := g.loops[i]; l.stride && l.grid == a.grid && g.chance(0.7) {
				return g.rewrite(out, ref(l.v), true)
			}
		}
	}
	var t Expr
	if a.grid {
		t = g.gidE()
	} else {
		t = g.tidE()
	}
	e := t
	off := a.base
	viaOpts := false
	if g.chance(0.05) {
		// t * scale + base through the default member initializers of a
		// struct local
		if x := g.ownOpts(out, t, a.scale, a.base); x != nil {
			e, off, viaOpts = x, 0, true
			t = g.toIntE(t) // (only its type is used below)
		}
	}
	switch {
	case viaOpts:
	case a.scale == 1:
	case a.scale == 2 && g.chance(0.3):
		if g.isUnsigned(t) {
			e = bin("<<", t, uintLit(1))
		} else {
			e = bin("<<", t, intLit(1))
		}
	case g.chance(0.5):
		e = bin("*", litOf(g.typeOf(t), a.scale), t)
	default:
		e = bin("*", t, litOf(g.typeOf(t), a.scale))
	}
	if a.scale > 1 {
		u := int64(g.intn(int(a.scale)))
		if g.chance(0.25) && a.scale == 2 {
			// a thread-dependent u in range: which of its cells
			e = bin("+", e, bin("&", g.tidE(), litOf(g.typeOf(t), 1)))
		} else {
			off += u
		}
	}
	if off != 0 {
		e = bin("+", e, g.uniformValue(off, g.typeOf(t)))
	}
	// a loop variable strides over whole rows of cells
	if lv := g.innerLoopVar(); lv != nil && g.chance(0.35) {
		r := g.vr[lv.v]
		if r.ok && r.lo >= 0 && r.hi <= 8 {
			stride := a.scale * g.threadCount(a)
			var s Expr
			oneD := g.p.Block[1] == 1 && g.p.Block[2] == 1 && g.p.Grid[1] == 1
			if !a.grid && a.scale == 1 && oneD {
				s = &Cast{T: tInt, X: bdim(0)}
			} else if a.grid && a.scale == 1 && oneD {
				// a grid-stride loop
				s = &Cast{T: tInt, X: bin("*", bdim(0), gdim(0))}
			} else {
				s = intLit(stride)
			}
			e = bin("+", e, bin("*", ref(lv.v), s))
		}
	}
	return g.rewrite(out, e, true)
}

// uniformValue spells the value v (of type t) in a block-uniform way.
func (g *gen) uniformValue(v int64, t *Type) Expr {
	lit := litOf(t, v)
	if t.K != KInt {
		return lit
	}
	switch g.pick(8, 1, 1, 1) {
	case 1:
		if g.cfgPar != nil && g.vr[g.cfgS.Fields[0]].ok && g.uni[g.cfgS.Fields[0]] {
			b := g.vr[g.cfgS.Fields[0]]
			if b.lo == b.hi && b.lo == v {
				return &Member{X: ref(g.cfgPar), F: g.cfgS.Fields[0]}
			}
		}
	case 2:
		if n := g.nPar.Vals[0]; n >= 0 {
			return bin("-", bin("+", ref(g.nPar), intLit(v)), ref(g.nPar))
		}
	case 3:
		return &Cast{T: tInt, X: bin("-", bin("+", bdim(0), uintLit(v)), bdim(0))}
	}
	return lit
}

// innerLoopVar is the innermost enclosing loop with a variable.
func (g *gen) innerLoopVar() *loopInfo {
	for i := len(g.loops) - 1; i >= 0; i-- {
		if g.loops[i].v != nil {
			return g.loops[i]
		}
	}
	return nil
}

// rewrite returns an expression of the same value as e for every thread
// (when keep), spelled through some construct; without keep, the value
// may change (a perturbation: the race-prone variants). It may emit
// statements (locals, branches, loops) before the use.
func (g *gen) rewrite(out *[]Stmt, e Expr, keep bool) Expr {
	n := g.pick(55, 38, 7)
	for i := 0; i < n; i++ {
		e = g.rewrite1(out, e, keep)
	}
	return e
}

func (g *gen) rewrite1(out *[]Stmt, e Expr, keep bool) Expr {
	e = g.rewrite0(out, e, keep)
	// after the rewrite of the main source, so that the kernels without
	// intrinsics stay those the seeds gave before
	if g.hchance(intrinsicProb) {
		if r := g.rangeOf(e); r.ok {
			if v, ok := g.viaIntrinsic(out, e, keep, r); ok {
				return v
			}
		}
	}
	return e
}

func (g *gen) rewrite0(out *[]Stmt, e Expr, keep bool) Expr {
	r := g.rangeOf(e)
	if !r.ok {
		return e
	}
	t := g.typeOf(e)
	isInt := t.K == KInt || t.K == KBool || t.K == KShort || t.K == KUChar
	nonneg := r.lo >= 0
	switch g.pick(3, 3, 2, 2, 2, 2, 2, 3, 3, 2, 1, 2, 2, 2, 1, 2, 2, 2, 2, 2, 2, 2) {
	case 21: // a call through a function pointer chosen per thread
		return g.viaFnPtr(out, e, keep)
	case 18: // a GNU statement expression
		return g.viaStmtExpr(e, keep)
	case 19: // a lambda capturing a variable that changes
		return g.viaLambda(out, e, keep)
	case 20: // a struct local: default member initializers, whole-struct copy
		return g.viaStruct(out, e, keep)
	case 0: // narrowing cast
		if nonneg && r.hi <= 255 && g.chance(0.6) {
			return g.toInt(&Cast{T: tUChar, X: e})
		}
		if r.lo >= -32768 && r.hi <= 32767 {
			return g.toInt(&Cast{T: tShort, X: e})
		}
	case 1: // int <-> unsigned
		if isInt && nonneg {
			return &Cast{T: tInt, X: &Cast{T: tUint, X: e}}
		}
		if t.K == KUint && r.hi <= math.MaxInt32 {
			return &Cast{T: tInt, X: e}
		}
	case 2: // through float
		if r.lo > -(1<<20) && r.hi < 1<<20 {
			if g.chance(0.5) {
				return &Cast{T: tInt, X: &Cast{T: tFloat, X: e}}
			}
			// (int)((float)e * 2.0f * 0.5f)
			return &Cast{T: tInt, X: bin("*", bin("*", &Cast{T: tFloat, X: e}, floatLit(2)), floatLit(0.5))}
		}
	case 3: // min / max
		if nonneg {
			t2 := t
			if !isInt && t.K != KUint {
				break
			}
			x := e
			if t.K != KInt && t.K != KUint {
				x, t2 = &Cast{T: tInt, X: e}, tInt
			}
			if g.chance(0.5) {
				return &MinMax{X: x, Y: litOf(t2, r.hi+int64(g.intn(3)))}
			}
			return &MinMax{Max: true, X: litOf(t2, int64(g.intn(int(min(r.lo, 2)+1)))), Y: x}
		}
	case 4: // modulo or mask by a larger power of two
		if nonneg {
			m := pow2ceil(r.hi + 1)
			if g.chance(0.5) {
				return bin("%", e, litOf(promote(t), m+int64(g.intn(3))))
			}
			return bin("&", e, litOf(promote(t), m-1))
		}
	case 5: // a local copy
		if !isInt && t.K != KUint {
			break
		}
		lt := promote(t)
		v := g.local(out, "v", lt, e, r, g.uniform(e))
		return ref(v)
	case 6: // shifts
		if nonneg && r.hi < 1<<20 && isInt {
			return bin(">>", bin("<<", e, intLit(2)), intLit(2))
		}
	case 7: // merge after if/else
		return g.mergeIf(out, e, keep)
	case 8: // conditional expression
		c := g.cond(out, g.chance(0.5))
		other := g.copyExpr(e)
		if !keep && g.chance(0.5) {
			other = g.perturb(other)
		}
		return &Cond{C: c, X: e, Y: other}
	case 9: // loop exit value
		if nonneg && r.hi <= 16 && isInt {
			return g.loopExit(out, e)
		}
	case 10: // switch
		if isInt || t.K == KUint {
			return g.mergeSwitch(out, e, keep)
		}
	case 11: // device function
		if isInt && r.hi < 1<<20 && r.lo > -(1<<20) {
			return g.callValue(out, g.toIntE(e))
		}
	case 12: // + k - k
		if isInt && r.hi < 1<<20 {
			k := g.smallUniform()
			return bin("-", bin("+", e, k), g.copyExpr(k))
		}
	case 13: // perturbation
		if !keep {
			return g.perturb(e)
		}
	case 15: // compound assignments to a local that cancel out
		if (isInt || t.K == KUint) && nonneg && r.hi < 1<<20 {
			lt := promote(t)
			v := g.local(out, "v", lt, e, r, g.uniform(e))
			k := int64(1 + g.intn(3))
			var a, b *Assign
			switch g.intn(5) {
			case 0:
				a, b = &Assign{L: ref(v), Op: "<<=", R: litOf(lt, k)}, &Assign{L: ref(v), Op: ">>=", R: litOf(lt, k)}
			case 1:
				a, b = &Assign{L: ref(v), Op: "*=", R: litOf(lt, k+1)}, &Assign{L: ref(v), Op: "/=", R: litOf(lt, k+1)}
			case 2:
				a, b = &Assign{L: ref(v), Op: "^=", R: litOf(lt, k)}, &Assign{L: ref(v), Op: "^=", R: litOf(lt, k)}
			case 3:
				m := pow2ceil(r.hi + 1)
				a, b = &Assign{L: ref(v), Op: "%=", R: litOf(lt, m)}, &Assign{L: ref(v), Op: "&=", R: litOf(lt, m-1)}
			default:
				a, b = &Assign{L: ref(v), Op: "-=", R: litOf(lt, k)}, &Assign{L: ref(v), Op: "+=", R: litOf(lt, k)}
				if r.lo < k && lt.K == KUint {
					a, b = b, &Assign{L: ref(v), Op: "-=", R: litOf(lt, k)}
				}
			}
			if !keep && g.chance(0.3) {
				b.R = litOf(lt, k+1)
				g.vr[v] = unknown
			}
			*out = append(*out, a, b)
			return ref(v)
		}
	case 16: // through a device function taking the struct by value
		if isInt && r.hi < 1<<20 && r.lo > -(1<<20) {
			if b := g.vr[g.cfgS.Fields[0]]; b.ok && g.uni[g.cfgS.Fields[0]] && b.lo == b.hi {
				return bin("-", &Call{F: g.fnCfg(), Args: []Expr{ref(g.cfgPar), g.toIntE(e)}}, &Member{X: ref(g.cfgPar), F: g.cfgS.Fields[0]})
			}
		}
	case 17: // (c ? x : y) += k; (c ? x : y) -= k; with x == y == e
		if isInt && r.hi < 1<<20 && r.lo > -(1<<20) {
			x := g.local(out, "x", tInt, g.toIntE(e), r, g.uniform(e))
			y := g.local(out, "y", tInt, g.toIntE(g.copyExpr(e)), r, g.uniform(e))
			c := g.cond(out, g.chance(0.4))
			k := int64(1 + g.intn(4))
			k2 := k
			if !keep && g.chance(0.4) {
				k2 = k + 1
				g.vr[x] = rk(r.lo-1, r.hi)
			}
			*out = append(*out, &Assign{L: &Cond{C: c, X: ref(x), Y: ref(y)}, Op: "+=", R: intLit(k)},
				&Assign{L: &Cond{C: g.copyExpr(c), X: ref(x), Y: ref(y)}, Op: "-=", R: intLit(k2)})
			return ref(x)
		}
	case 14: // through a struct field
		if isInt && g.cfgPar != nil && r.hi < 1<<20 {
			f := g.cfgS.Fields[1]
			*out = append(*out, &Assign{L: &Member{X: ref(g.cfgPar), F: f}, Op: "=", R: g.toIntE(e)})
			g.vr[f] = r
			g.uni[f] = g.uniform(e)
			return &Member{X: ref(g.cfgPar), F: f}
		}
	}
	return e
}

// toInt makes a narrowing cast's result an int for strict min/max etc.:
// promotions already make it int in arithmetic, so nothing to do.
func (g *gen) toInt(e Expr) Expr { return e }

// toIntE converts an expression to type int where needed.
func (g *gen) toIntE(e Expr) Expr {
	if g.typeOf(e).K == KInt {
		return e
	}
	return &Cast{T: tInt, X: e}
}

// smallUniform is a small block-uniform int.
func (g *gen) smallUniform() Expr {
	switch g.intn(4) {
	case 0:
		return ref(g.nPar)
	case 1:
		return &Member{X: ref(g.cfgPar), F: g.cfgS.Fields[0]}
	case 2:
		return &Cast{T: tInt, X: bidx(0)}
	}
	return intLit(int64(1 + g.intn(5)))
}

// copyExpr duplicates an expression (nodes are never shared).
func (g *gen) copyExpr(e Expr) Expr {
	c := &cloner{vars: map[*Var]*Var{}, fns: map[*Func]*Func{}, structs: map[*Struct]*Struct{}, fields: map[*Field]*Field{}}
	// keep variables, functions, structs and fields: identity maps
	walkExpr(e, func(x Expr) {
		switch x := x.(type) {
		case *VarRef:
			c.vars[x.V] = x.V
		case *Index2:
			c.vars[x.V] = x.V
		case *Row:
			c.vars[x.V] = x.V
		case *Call:
			c.fns[x.F] = x.F
			if x.Via != nil {
				c.vars[x.Via] = x.Via
			}
		case *FnRef:
			c.fns[x.F] = x.F
		case *Member:
			c.fields[x.F] = x.F
		case *Cast:
			if x.T.K == KStruct {
				c.structs[x.T.S] = x.T.S
			}
		case *LambdaCall:
			c.vars[x.F] = x.F
		}
	})
	// the locals of statement expressions are declared anew, under new names
	walkExpr(e, func(x Expr) {
		if se, ok := x.(*StmtExpr); ok {
			for _, s := range se.Stmts {
				if d, ok := s.(*Decl); ok {
					v := &Var{Name: g.name("q"), Kind: d.V.Kind, T: d.V.T}
					c.vars[d.V] = v
					g.vr[v], g.uni[v] = g.vr[d.V], g.uni[d.V]
				}
			}
		}
	})
	return c.expr(e)
}

// perturb changes an index a little: a neighbour, a clamp, a wrap.
func (g *gen) perturb(e Expr) Expr {
	r := g.rangeOf(e)
	t := promote(g.typeOf(e))
	switch g.intn(9) {
	case 8:
		// an unsigned wrap-around reduced modulo a non-power of two
		if r.ok && r.lo >= 0 && r.hi < 1<<20 {
			return bin("%", bin("-", &Cast{T: tUint, X: e}, uintLit(1)), uintLit(r.hi+2))
		}
	case 0:
		return bin("+", e, litOf(t, 1))
	case 1:
		if r.ok && r.lo >= 1 {
			return bin("-", e, litOf(t, 1))
		}
		return bin("+", e, litOf(t, 2))
	case 2:
		if r.ok && r.hi > 2 {
			return &MinMax{X: g.toIntE(e), Y: intLit(r.hi / 2)}
		}
	case 3:
		if r.ok && r.lo >= 0 {
			return bin("^", e, litOf(t, 1))
		}
	case 4:
		if r.ok && r.lo >= 0 {
			return bin("/", e, litOf(t, 2))
		}
	case 5:
		if r.ok && r.lo >= 0 && r.hi >= 4 {
			return bin("%", e, litOf(t, 4))
		}
	case 6:
		if r.ok && r.lo >= 0 {
			return &Cast{T: tUChar, X: bin("*", e, litOf(t, 8))}
		}
	}
	return bin("+", e, litOf(t, 1))
}

// mergeIf declares v = e and reassigns it on one branch (to the same value
// when keep, else maybe to another).
func (g *gen) mergeIf(out *[]Stmt, e Expr, keep bool) Expr {
	t := promote(g.typeOf(e))
	if t.K != KInt && t.K != KUint {
		return e
	}
	r := g.rangeOf(e)
	other := g.copyExpr(e)
	if !keep && g.chance(0.6) {
		other = g.perturb(other)
	}
	c := g.cond(out, g.chance(0.4))
	var v *Var
	switch g.intn(3) {
	case 0: // v = e; if (c) v = other;
		v = g.local(out, "v", t, e, r, false)
		*out = append(*out, &If{C: c, Then: block(&Assign{L: ref(v), Op: "=", R: other})})
	case 1: // v = 0; if (c) v = e; else v = other;
		v = g.local(out, "v", t, litOf(t, 0), r, false)
		*out = append(*out, &If{C: c, Then: block(&Assign{L: ref(v), Op: "=", R: e}), Else: block(&Assign{L: ref(v), Op: "=", R: other})})
	default: // v = e; if (c) { v += 1; v -= 1; }
		v = g.local(out, "v", t, e, r, false)
		one := litOf(t, 1)
		if !keep && g.chance(0.4) {
			*out = append(*out, &If{C: c, Then: block(&Assign{L: ref(v), Op: "+=", R: one})})
		} else {
			*out = append(*out, &If{C: c, Then: block(&Assign{L: ref(v), Op: "+=", R: one}, &Assign{L: ref(v), Op: "-=", R: litOf(t, 1)})})
		}
	}
	nr := g.rangeOf(other)
	if nr.ok && r.ok {
		g.vr[v] = rk(min(r.lo, nr.lo), max(r.hi, nr.hi)+1)
	} else {
		g.vr[v] = unknown
	}
	g.uni[v] = g.uniform(e) && g.uniform(other) && g.uniform(c)
	return ref(v)
}

// mergeSwitch computes e through a switch with fallthrough and default.
func (g *gen) mergeSwitch(out *[]Stmt, e Expr, keep bool) Expr {
	t := promote(g.typeOf(e))
	r := g.rangeOf(e)
	v := g.local(out, "v", t, litOf(t, 0), r, false)
	sel := g.switchSelector(out)
	k := 2 + g.intn(2)
	sw := &Switch{X: sel}
	for i := 0; i < k; i++ {
		c := &SwitchCase{Vals: []int64{int64(i)}}
		if i == k-1 && g.chance(0.7) {
			c.Vals, c.Default = nil, true
		}
		val := g.copyExpr(e)
		if !keep && g.chance(0.3) {
			val = g.perturb(val)
		}
		switch g.intn(3) {
		case 0: // fall through into the next case, which assigns again
			if i < k-1 {
				c.Body = []Stmt{&Assign{L: ref(v), Op: "=", R: litOf(t, 0)}}
				break
			}
			fallthrough
		default:
			c.Body = []Stmt{&Assign{L: ref(v), Op: "=", R: val}, &Break{}}
		}
		sw.Cases = append(sw.Cases, c)
	}
	if !sw.Cases[len(sw.Cases)-1].Default {
		// no default: values outside the cases keep 0 unless keep
		sw.Cases = append(sw.Cases, &SwitchCase{Default: true, Body: []Stmt{&Assign{L: ref(v), Op: "=", R: g.copyExpr(e)}}})
	}
	*out = append(*out, sw)
	g.vr[v] = unknown
	if r.ok {
		g.vr[v] = rk(min(r.lo, 0), r.hi+2)
	}
	g.uni[v] = false
	return ref(v)
}

// switchSelector is an integer to switch on (often thread-dependent).
func (g *gen) switchSelector(out *[]Stmt) Expr {
	switch g.intn(5) {
	case 0:
		return bin("%", g.tidE(), litOf(g.typeOf(g.tidE()), int64(2+g.intn(3))))
	case 1:
		return ref(g.nPar)
	case 2:
		return bin("&", &Cast{T: tInt, X: tidx(0)}, intLit(3))
	case 3:
		if lv := g.innerLoopVar(); lv != nil {
			return ref(lv.v)
		}
	}
	return bin("%", ref(g.tid), intLit(int64(2+g.intn(4))))
}

// loopExit computes e (0 <= e <= 16) as the exit value of a loop.
func (g *gen) loopExit(out *[]Stmt, e Expr) Expr {
	r := g.rangeOf(e)
	v := g.local(out, "j", tInt, intLit(0), r, false)
	bound := g.toIntE(e)
	switch g.intn(3) {
	case 0: // for (; j < e; j++) {}
		*out = append(*out, &For{C: bin("<", ref(v), bound), Post: &IncDec{L: ref(v), Op: "++"}, Body: &Block{}})
	case 1: // while (j < e) j++;
		*out = append(*out, &While{C: bin("<", ref(v), bound), Body: block(&IncDec{L: ref(v), Op: "++"})})
	default: // for (; j < 64 && j < e; j += 1) {}
		*out = append(*out, &For{C: bin("&&", bin("<", ref(v), intLit(64)), bin("<", ref(v), bound)),
			Post: &Assign{L: ref(v), Op: "+=", R: intLit(1)}, Body: &Block{}})
	}
	g.uni[v] = g.uniform(e)
	return ref(v)
}

// callValue passes an int through a __device__ function that returns it
// (by value, through a reference, or through a pointer).
func (g *gen) callValue(out *[]Stmt, e Expr) Expr {
	switch g.intn(3) {
	case 0:
		f := g.fnIdent()
		return &Call{F: f, Args: []Expr{e, intLit(0)}}
	case 1:
		f := g.fnSetRef()
		r := g.rangeOf(e)
		v := g.local(out, "v", tInt, intLit(0), r, false)
		*out = append(*out, &ExprStmt{X: &Call{F: f, Args: []Expr{ref(v), e}}})
		g.uni[v] = g.uniform(e)
		return ref(v)
	default:
		f := g.fnSetPtr()
		r := g.rangeOf(e)
		v := g.local(out, "v", tInt, intLit(0), r, false)
		*out = append(*out, &ExprStmt{X: &Call{F: f, Args: []Expr{&AddrOf{X: ref(v)}, intLit(0), e}}})
		g.uni[v] = g.uniform(e)
		return ref(v)
	}
}

// anyIndex is an arbitrary non-negative index for a (race-prone).
func (g *gen) anyIndex(out *[]Stmt, a *arr) Expr {
	if a.grid && g.chance(0.3) {
		// the classic: a block-local index into global memory
		return g.rewrite(out, g.tidE(), true)
	}
	switch g.pick(6, 4, 3, 3, 2, 2, 2, 2) {
	case 0: // a neighbour of the own cell
		return g.perturb(g.own(out, a))
	case 1: // a uniform cell
		return g.rewrite(out, g.uniformIndex(), false)
	case 2: // data-dependent
		if in := g.inputArr(); in != nil {
			return &Index{X: ref(in.v), I: g.tidMod(in)}
		}
	case 3: // a local or loop variable
		if e := g.idxVar(); e != nil {
			return e
		}
	case 4: // wrap-around in unsigned arithmetic, masked or reduced
		if g.p.Block[1] == 1 && g.p.Block[2] == 1 {
			if g.chance(0.5) {
				// (threadIdx.x - k) % K: thread 0 wraps to 2^32 - k, whose
				// residue meets another thread's only modulo 2^32
				k := int64(1 + g.intn(2))
				K := []int64{3, 5, 6, 7, 9}[g.intn(5)]
				var t Expr = tidx(0)
				if g.chance(0.4) {
					t = &Cast{T: tUint, X: bin("-", ref(g.tid), intLit(k))}
					return bin("%", t, uintLit(K))
				}
				return bin("%", bin("-", t, uintLit(k)), uintLit(K))
			}
			lane := bin("&", tidx(0), uintLit(31))
			return bin("&", bin("-", lane, uintLit(1)), uintLit(int64(pow2ceil(int64(g.p.Block[0]))-1)))
		}
	case 5: // a narrowing cast that wraps
		return &Cast{T: tUChar, X: bin("*", g.tidE(), litOf(g.typeOf(g.tidE()), int64(4+g.intn(12))))}
	case 6: // through a float
		if f := g.floatVar(); f != nil {
			return &Cast{T: tInt, X: ref(f)}
		}
		return &Cast{T: tInt, X: bin("*", &Cast{T: tFloat, X: ref(g.tid)}, floatLit(0.5))}
	case 7: // reversed
		n := g.threadCount(a)
		if a.grid {
			return bin("-", intLit(n-1), g.gidE())
		}
		return bin("-", litOf(g.typeOf(g.tidE()), n-1), g.tidE())
	}
	return g.perturb(g.own(out, a))
}

// uniformIndex is a small non-negative block-uniform index.
func (g *gen) uniformIndex() Expr {
	switch g.intn(6) {
	case 0:
		return ref(g.nPar)
	case 1:
		return bidx(0)
	case 2:
		return &Member{X: ref(g.cfgPar), F: g.cfgS.Fields[0]}
	case 3:
		if lv := g.innerLoopVar(); lv != nil && lv.uni {
			if r := g.vr[lv.v]; r.ok && r.lo >= 0 {
				return ref(lv.v)
			}
		}
	}
	return intLit(int64(g.intn(4)))
}

// tidMod is a thread index into an input array.
func (g *gen) tidMod(in *arr) Expr {
	if g.chance(0.5) {
		return g.tidE()
	}
	return bin("%", g.tidE(), litOf(g.typeOf(g.tidE()), int64(1+g.intn(8))))
}

func (g *gen) inputArr() *arr {
	for _, a := range g.arrays {
		if a.input {
			return a
		}
	}
	return nil
}

// idxVar is an integer variable in scope with a known non-negative range.
func (g *gen) idxVar() Expr {
	var cands []*Var
	for _, v := range g.scope {
		if r, ok := g.vr[v]; ok && r.ok && r.lo >= 0 && r.hi <= 512 && (v.T.K == KInt || v.T.K == KUint) && !g.noIdx[v] {
			cands = append(cands, v)
		}
	}
	if len(cands) == 0 {
		return nil
	}
	return ref(cands[g.intn(len(cands))])
}

func (g *gen) floatVar() *Var {
	var cands []*Var
	for _, v := range g.scope {
		if v.T.K == KFloat && g.vr[v].ok {
			cands = append(cands, v)
		}
	}
	if len(cands) == 0 {
		return nil
	}
	return cands[g.intn(len(cands))]
}

// detInt is a deterministic int with a known, modest range: for values to
// store and for local computations.
func (g *gen) detInt(out *[]Stmt, depth int) Expr {
	if depth <= 0 || g.chance(0.4) {
		switch g.intn(7) {
		case 0:
			return intLit(int64(g.intn(10)))
		case 1:
			return ref(g.tid)
		case 2:
			if e := g.idxVar(); e != nil {
				return g.toIntE(e)
			}
		case 3:
			return ref(g.nPar)
		case 4:
			if in := g.inputArr(); in != nil {
				return &Index{X: ref(in.v), I: g.tidMod(in)}
			}
		case 5:
			return &Cast{T: tInt, X: bidx(0)}
		}
		return &Cast{T: tInt, X: tidx(0)}
	}
	x := g.detInt(out, depth-1)
	switch g.intn(9) {
	case 0:
		return bin("+", x, g.detInt(out, depth-1))
	case 1:
		return bin("-", x, g.detInt(out, depth-1))
	case 2:
		return bin("*", x, intLit(int64(1+g.intn(4))))
	case 3:
		return bin("/", x, intLit(int64(1+g.intn(4))))
	case 4:
		return bin("%", x, intLit(int64(1+g.intn(6))))
	case 5:
		return bin([]string{"&", "|", "^"}[g.intn(3)], x, intLit(int64(g.intn(16))))
	case 6:
		return &MinMax{Max: g.chance(0.5), X: x, Y: g.detInt(out, depth-1)}
	case 7:
		return &Cond{C: g.cond(out, g.chance(0.5)), X: x, Y: g.detInt(out, depth-1)}
	}
	return bin("<<", x, intLit(int64(g.intn(3))))
}

// cond is a condition: block-uniform when uni, usually thread-dependent
// otherwise.
func (g *gen) cond(out *[]Stmt, uni bool) Expr {
	if uni {
		switch g.intn(8) {
		case 0:
			return bin([]string{"<", "<=", ">", ">=", "==", "!="}[g.intn(6)], ref(g.nPar), intLit(int64(g.intn(6))))
		case 1:
			if g.chance(0.5) {
				return bin("<", bin("+", bidx(0), uintLit(1)), gdim(0))
			}
			return bin("==", bidx(0), uintLit(0))
		case 2:
			return bin(">", &Member{X: ref(g.cfgPar), F: g.cfgS.Fields[1]}, intLit(int64(g.intn(4))))
		case 3:
			if lv := g.innerLoopVar(); lv != nil && lv.uni {
				return bin("==", bin("%", ref(lv.v), intLit(2)), intLit(0))
			}
			return bin(">", bdim(0), uintLit(int64(g.intn(8))))
		case 4:
			return bin("&", ref(g.nPar), intLit(1))
		case 5:
			return bin("!=", ref(g.mPar), uintLit(int64(g.intn(3))))
		case 6:
			return &Unary{Op: "!", X: bin("&", ref(g.nPar), intLit(1))}
		}
		return bin("<", bdim(0), uintLit(int64(1+g.intn(40))))
	}
	n := int64(g.p.threads())
	t := g.tidE()
	tt := g.typeOf(t)
	switch g.intn(11) {
	case 0:
		return bin("<", t, litOf(tt, int64(g.intn(int(n)+1))))
	case 1:
		return bin(">=", t, litOf(tt, int64(g.intn(int(n)+1))))
	case 2:
		return bin("%", t, litOf(tt, 2))
	case 3:
		return bin("==", bin("&", t, litOf(tt, 1)), litOf(tt, 0))
	case 4:
		return bin("==", t, litOf(tt, 0))
	case 5:
		return bin("<", ref(g.tid), ref(g.nPar))
	case 6:
		if in := g.inputArr(); in != nil {
			return bin(">", &Index{X: ref(in.v), I: g.tidMod(in)}, intLit(int64(g.intn(4))))
		}
	case 7:
		if e := g.idxVar(); e != nil {
			r := g.rangeOf(e)
			return bin("<", e, litOf(g.typeOf(e), (r.lo+r.hi)/2+1))
		}
	case 8:
		if n > 3 {
			return bin("&&", bin(">", t, litOf(tt, 0)), bin("<", g.tidE(), litOf(g.typeOf(g.tidE()), n-1)))
		}
		return bin("||", bin("==", t, litOf(tt, 0)), bin(">", ref(g.nPar), intLit(4)))
	case 9:
		return &Unary{Op: "!", X: bin("<", t, litOf(tt, int64(g.intn(int(n)+1))))}
	case 10:
		return &Unary{Op: "!", X: bin("%", t, litOf(tt, 2))}
	}
	return bin("!=", bin("%", ref(g.tid), intLit(3)), intLit(1))
}

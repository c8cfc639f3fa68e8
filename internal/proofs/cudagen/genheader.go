package cudagen

import "math/rand"

// This file generates the CUDA header API: values of cuda_fp16.h and
// cuda_bf16.h, the warp's collective functions, and scoped atomics, each
// in arrays of its own (touched by nothing else, so that the discipline
// of the other arrays need not know them):
//
// Halves (halfStmt, arrays "hfN" of __half, __nv_bfloat16 or __half2, in
// shared or global memory): a thread computes a value (conversions
// __float2half, __int2half_rn, __floats2half2_rn ..., arithmetic __hadd,
// __hmul, __hfma, operators) and stores it to its own element, then reads
// another thread's element after a barrier (racy: without it, or across
// blocks); elements of two threads side by side in one word (2 bytes each:
// no race; racy: h[own / 2]); fp16 accumulation acc[i] += h by one thread
// per cell (racy: by every thread, or by each block's leader into one
// global cell); and an index computed from a rounded half, q =
// __half2int_rz(__int2half_rn(tid + B)) - B, whose threads collide exactly
// where rounding merges their values (B = 2048 for __half, 256 for
// __nv_bfloat16: racy; B = 0: race-free).
//
// Warp collectives (warpFnStmt, arrays "wvN"), placed where every thread
// of the block (so of each warp) arrives: a reduction, vote, match or
// shuffle over the full mask, __activemask(), the half of the warp a lane
// is in, or a mask that differs between warps, whose result the threads
// write to their own cells, or lane 0 (the group's leader) to its warp's
// cell; racy kernels let the leaders of every warp write one cell (their
// values differ when warps differ: a partial last warp, different masks
// or data), or every lane its warp's cell. Results also choose the writer
// (if (lane == __reduce_min_sync(m, lane))) or the cell (wv[wid * W +
// __shfl_xor_sync(m, lane, k)]).
//
// Scoped atomics (scopedAtomicStmt, arrays "saN", "caN", counters "scN"
// with slots "ssN"): atomicOp_block and atomicOp_system,
// cuda::atomic_ref<T, S>(x).op() and a local atomic_ref, and
// cuda::atomic<T, S> objects of a global array, on a cell per block or on
// shared memory (race-free), or of block scope on one global cell that
// every block updates (racy), mixed with device-scoped atomics of other
// blocks, or read by atomic loads of other blocks (racy), or only loaded
// (race-free); a block-scoped counter whose values index slots, per block
// (race-free) or shared by the blocks (racy).
//
// The choices are drawn from a source of their own (gen.hr), so that a
// kernel a seed gives without these constructs is the one it gave before.

// hdrProb is the probability of a header construct at each statement;
// a variable, so that a test may ask for more.
var hdrProb = 0.06

// hdrMax bounds the header constructs of a kernel.
const hdrMax = 2

func newHdrRand(seed int64) *rand.Rand { return rand.New(rand.NewSource(seed ^ 0x6a5d1e47)) }

func (g *gen) hchance(p float64) bool { return g.hr != nil && g.hr.Float64() < p }

func (g *gen) hintn(n int) int {
	if g.hr == nil || n <= 1 {
		return 0
	}
	return g.hr.Intn(n)
}

func (g *gen) hpick(ws ...int) int {
	t := 0
	for _, w := range ws {
		t += w
	}
	x := g.hintn(t)
	for i, w := range ws {
		if x < w {
			return i
		}
		x -= w
	}
	return len(ws) - 1
}

// headerHere says whether to place a header construct at this statement.
func (g *gen) headerHere() bool { return g.hdrN < hdrMax && g.hchance(hdrProb) }

func (g *gen) headerStmt(out *[]Stmt) {
	g.hdrN++
	// on top of the kernel's budget: the other constructs keep their
	// shares of the kernels
	g.budget++
	switch g.hpick(40, 35, 25) {
	case 0:
		g.halfStmt(out)
	case 1:
		g.warpFnStmt(out)
	default:
		g.scopedAtomicStmt(out)
	}
}

// hracy says whether to break the discipline at a decision of this file.
func (g *gen) hracy() bool { return g.mood == Racy && g.hchance(0.6) }

// blin is the block's linear index.
func (g *gen) blin() Expr {
	if g.p.Grid[1] > 1 {
		return bin("+", bin("*", bidx(1), gdim(0)), bidx(0))
	}
	return bidx(0)
}

// ownArr declares an array of its own of element type t: shared, or
// global (indexed over the grid when there are several blocks); it
// returns the array and the thread's own index (a new node each call).
func (g *gen) ownArr(prefix string, t *Type, global bool) (*Var, func() Expr) {
	if global {
		a := &Var{Name: g.name(prefix), Kind: VLocal, T: ptrTo(t), Param: true, Len: 1}
		g.k.Params = append(g.k.Params, a)
		if g.p.blocks() > 1 {
			return a, func() Expr { return g.gidE() }
		}
		return a, func() Expr { return ref(g.tid) }
	}
	a := &Var{Name: g.name(prefix), Kind: VShared, T: t, Dims: []int{1}}
	g.ownShared = append(g.ownShared, a)
	return a, func() Expr { return ref(g.tid) }
}

// ---- halves ----

// halfType picks __half, __nv_bfloat16 or __half2.
func (g *gen) halfType() *Type {
	switch g.hpick(50, 25, 25) {
	case 0:
		return tHalf
	case 1:
		return tBF16
	}
	return tHalf2
}

// floatOf is a deterministic float of the thread: (float)tid * 0.25f,
// (float)n + 0.5f, a literal.
func (g *gen) floatOf() Expr {
	switch g.hintn(4) {
	case 0:
		return bin("*", &Cast{T: tFloat, X: ref(g.tid)}, floatLit([]float32{0.25, 0.1, 1.5, 3}[g.hintn(4)]))
	case 1:
		return bin("+", &Cast{T: tFloat, X: ref(g.nPar)}, floatLit([]float32{0.5, 0.3, 2}[g.hintn(3)]))
	case 2:
		return bin("+", &Cast{T: tFloat, X: ref(g.tid)}, floatLit(1))
	}
	return floatLit([]float32{0.1, 1, 2.5, 0.333}[g.hintn(4)])
}

// halfLeaf is a value of half type t converted from the thread's floats
// and ints.
func (g *gen) halfLeaf(t *Type) Expr {
	switch t.K {
	case KHalf2:
		if g.hchance(0.3) {
			return &HCall{Fn: "__halves2half2", Args: []Expr{g.halfLeaf(tHalf), g.halfLeaf(tHalf)}}
		}
		return &HCall{Fn: "__floats2half2_rn", Args: []Expr{g.floatOf(), g.floatOf()}}
	case KBF16:
		if g.hchance(0.3) {
			return &HCall{Fn: "__int2bfloat16_rn", Args: []Expr{bin("+", ref(g.tid), intLit(int64(g.hintn(5))))}}
		}
		return &HCall{Fn: []string{"__float2bfloat16", "__float2bfloat16_rn"}[g.hintn(2)], Args: []Expr{g.floatOf()}}
	}
	if g.hchance(0.3) {
		return &HCall{Fn: "__int2half_rn", Args: []Expr{bin("+", ref(g.tid), intLit(int64(g.hintn(5))))}}
	}
	return &HCall{Fn: []string{"__float2half", "__float2half_rn"}[g.hintn(2)], Args: []Expr{g.floatOf()}}
}

// halfValue is a deterministic value of half type t: a leaf, or an
// operation of two or three (depth bounds the nesting).
func (g *gen) halfValue(t *Type, depth int) Expr {
	if depth <= 0 || g.hchance(0.4) {
		return g.halfLeaf(t)
	}
	x, y := g.halfValue(t, depth-1), g.halfValue(t, depth-1)
	if t.K == KHalf2 {
		switch g.hintn(4) {
		case 0:
			return bin([]string{"+", "-", "*"}[g.hintn(3)], x, y)
		case 1:
			return &HCall{Fn: "__hfma2", Args: []Expr{x, y, g.halfLeaf(t)}}
		}
		return &HCall{Fn: []string{"__hadd2", "__hsub2", "__hmul2"}[g.hintn(3)], Args: []Expr{x, y}}
	}
	switch g.hintn(5) {
	case 0:
		return bin([]string{"+", "-", "*"}[g.hintn(3)], x, y)
	case 1:
		return &HCall{Fn: "__hfma", Args: []Expr{x, y, g.halfLeaf(t)}}
	case 2:
		return &HCall{Fn: []string{"__hmax", "__hmin"}[g.hintn(2)], Args: []Expr{x, y}}
	case 3:
		// a quotient by a value of at least 1: no division by zero
		return &HCall{Fn: "__hdiv", Args: []Expr{x, g.halfOne(t)}}
	}
	return &HCall{Fn: []string{"__hadd", "__hsub", "__hmul"}[g.hintn(3)], Args: []Expr{x, y}}
}

// halfOne is a value of t of at least 1.
func (g *gen) halfOne(t *Type) Expr {
	e := bin("+", ref(g.tid), intLit(1))
	if t.K == KBF16 {
		return &HCall{Fn: "__int2bfloat16_rn", Args: []Expr{e}}
	}
	return &HCall{Fn: "__int2half_rn", Args: []Expr{e}}
}

// useHalf reads a half local into the sink: through a float, or as a
// comparison with a value of the thread.
func (g *gen) useHalf(out *[]Stmt, v *Var) {
	var f Expr
	switch v.T.K {
	case KHalf:
		f = &HCall{Fn: "__half2float", Args: []Expr{ref(v)}}
	case KBF16:
		f = &HCall{Fn: "__bfloat162float", Args: []Expr{ref(v)}}
	default:
		switch g.hintn(3) {
		case 0:
			f = &HCall{Fn: "__half2float", Args: []Expr{&HCall{Fn: []string{"__low2half", "__high2half"}[g.hintn(2)], Args: []Expr{ref(v)}}}}
		default:
			f = &HCall{Fn: []string{"__low2float", "__high2float"}[g.hintn(2)], Args: []Expr{ref(v)}}
		}
	}
	if v.T.K != KHalf2 && g.hchance(0.3) {
		// a comparison of halves: an operator or __hlt and the like
		var c Expr = bin([]string{"<", "<=", ">", ">=", "==", "!="}[g.hintn(6)], ref(v), g.halfLeaf(v.T))
		if g.hchance(0.5) {
			c = &HCall{Fn: []string{"__hlt", "__hle", "__hgt", "__hge", "__heq", "__hne"}[g.hintn(6)], Args: []Expr{ref(v), g.halfLeaf(v.T)}}
		}
		f = &Cast{T: tFloat, X: c}
	}
	x := g.local(out, "hv", tFloat, f, unknown, false)
	g.noIdx[x] = true
	g.use(out, x)
}

func (g *gen) halfStmt(out *[]Stmt) {
	p := g.p
	n := int64(p.threads())
	switch g.hpick(35, 20, 25, 20) {
	case 0:
		g.halfExchange(out)
	case 1:
		// elements side by side: the own element (2 bytes, next to the
		// neighbour's), or two threads on one (racy)
		t := g.halfType()
		a, own := g.ownArr("hf", t, g.hchance(0.5))
		idx := own()
		if g.hracy() && n >= 2 {
			idx = bin("/", own(), intLit(2))
		}
		*out = append(*out, &Assign{L: &Index{X: ref(a), I: idx}, Op: "=", R: g.halfValue(t, 2)})
	case 2:
		g.halfAccumulate(out)
	default:
		g.halfIndex(out)
	}
}

// halfExchange writes the thread's own element, then reads another
// thread's after a barrier.
func (g *gen) halfExchange(out *[]Stmt) {
	p := g.p
	n := int64(p.threads())
	t := g.halfType()
	global := g.hchance(0.5)
	a, own := g.ownArr("hf", t, global)
	withSync := g.canSync() && !g.hracy()
	k := int64(1 + g.hintn(int(max(n-1, 1))))
	var other Expr = bin("%", bin("+", ref(g.tid), intLit(k)), intLit(n))
	if global && p.blocks() > 1 {
		// the block's own cells: the barrier orders the block only
		blockBase := bin("-", own(), ref(g.tid))
		other = bin("+", blockBase, other)
		if g.hracy() {
			other = bin("%", bin("+", own(), intLit(n)), intLit(n*int64(p.blocks()))) // the next block's thread
			withSync = withSync && g.hchance(0.5)
		}
	}
	if !withSync && g.mood == DRF {
		other = own() // no barrier: read the own element
	}
	*out = append(*out, &Assign{L: &Index{X: ref(a), I: own()}, Op: "=", R: g.halfValue(t, 2)})
	if withSync {
		g.sync(out)
	}
	save := len(g.scope)
	x := g.local(out, "h", t, &Index{X: ref(a), I: other}, unknown, false)
	g.noIdx[x] = true
	if g.hchance(0.5) {
		// a computation on the value read
		y := g.local(out, "h", t, g.halfCombine(t, ref(x)), unknown, false)
		g.noIdx[y] = true
		x = y
	}
	g.useHalf(out, x)
	g.scope = g.scope[:save]
	if withSync && len(g.loops) > 0 {
		g.sync(out) // the next pass writes again
	}
}

// halfCombine is x combined with a value of the thread.
func (g *gen) halfCombine(t *Type, x Expr) Expr {
	y := g.halfLeaf(t)
	if t.K == KHalf2 {
		return &HCall{Fn: "__hmul2", Args: []Expr{x, y}}
	}
	switch g.hintn(3) {
	case 0:
		return bin("*", x, y)
	case 1:
		return &HCall{Fn: "__hfma", Args: []Expr{x, y, g.halfLeaf(t)}}
	}
	return &HCall{Fn: "__hadd", Args: []Expr{x, y}}
}

// halfAccumulate is fp16 accumulation: acc[c] op= h by one thread per
// cell, or (racy) by many.
func (g *gen) halfAccumulate(out *[]Stmt) {
	p := g.p
	t := g.halfType()
	global := g.hchance(0.5)
	a, own := g.ownArr("hf", t, global)
	var cell Expr
	var guard Expr
	multi := global && p.blocks() > 1
	switch {
	case g.hracy() && (p.threads() > 1 || multi):
		if multi && g.hchance(0.5) {
			// each block's leader, into one global cell
			cell, guard = intLit(0), bin("==", ref(g.tid), intLit(0))
		} else {
			cell = intLit(int64(g.hintn(2))) // every thread
		}
	case g.hchance(0.5):
		cell = own()
	default:
		guard = bin("==", ref(g.tid), intLit(int64(g.hintn(p.threads()))))
		cell = intLit(0)
		if multi {
			cell = g.blin()
		}
	}
	v := g.halfValue(t, 1)
	var s Stmt
	lv := func() Expr { return &Index{X: ref(a), I: g.copyExpr(cell)} }
	switch g.hintn(4) {
	case 0:
		if t.K == KHalf2 {
			s = &Assign{L: lv(), Op: "=", R: &HCall{Fn: "__hadd2", Args: []Expr{lv(), v}}}
		} else {
			s = &Assign{L: lv(), Op: "=", R: &HCall{Fn: "__hadd", Args: []Expr{lv(), v}}}
		}
	case 1:
		s = &Assign{L: lv(), Op: "=", R: bin("+", lv(), v)}
	default:
		s = &Assign{L: lv(), Op: []string{"+=", "+=", "-=", "*="}[g.hintn(4)], R: v}
	}
	if guard != nil {
		*out = append(*out, &If{C: guard, Then: block(s)})
		return
	}
	*out = append(*out, s)
}

// halfIndex writes an int array at an index computed from a rounded half:
// q = __half2int_rz(__int2half_rn(t + B)) - B, injective for B = 0 and
// merging neighbours where the format's spacing is 2 (B = 2048 for __half,
// 256 for __nv_bfloat16: B + 1 rounds to B, ties to even).
func (g *gen) halfIndex(out *[]Stmt) {
	p := g.p
	bf := g.hchance(0.4)
	global := g.hchance(0.5)
	a, own := g.ownArr("hfx", tInt, global)
	var B int64
	if g.mood == Racy && g.hchance(0.8) {
		B = 2048
		if bf {
			B = 256
		}
	} else if g.hchance(0.5) {
		B = 1024
		if bf {
			B = 64
		}
	}
	conv, back := "__int2half_rn", []string{"__half2int_rz", "__half2int_rn"}[g.hintn(2)]
	ht := tHalf
	if bf {
		conv, back, ht = "__int2bfloat16_rn", []string{"__bfloat162int_rz", "__bfloat162int_rn"}[g.hintn(2)], tBF16
	}
	subject := own()
	n := int64(p.threads())
	if global && p.blocks() > 1 {
		n *= int64(p.blocks())
	}
	save := len(g.scope)
	hq := g.local(out, "hq", ht, &HCall{Fn: conv, Args: []Expr{bin("+", subject, intLit(B))}}, unknown, false)
	g.noIdx[hq] = true
	q := g.local(out, "q", tInt, bin("-", &HCall{Fn: back, Args: []Expr{ref(hq)}}, intLit(B)), rk(0, n), false)
	g.noIdx[q] = false
	*out = append(*out, &Assign{L: &Index{X: ref(a), I: ref(q)}, Op: "=", R: bin("+", ref(g.tid), ref(g.nPar))})
	g.scope = g.scope[:save]
}

// ---- warp collectives ----

// fullMask is 0xffffffffu.
func fullMask() Expr { return &Lit{T: tUint, I: 0xffffffff, Hex: true} }

func (g *gen) warpFnStmt(out *[]Stmt) {
	p := g.p
	if !g.canSync() {
		g.halfStmt(out)
		return
	}
	W := int64(p.warp())
	n := int64(p.threads())
	save := len(g.scope)
	defer func() { g.scope = g.scope[:save] }()
	lane := g.local(out, "ln", tInt, bin("%", ref(g.tid), g.warpSizeE()), rk(0, W-1), false)
	g.noIdx[lane] = false
	wid := g.local(out, "wid", tInt, bin("/", ref(g.tid), g.warpSizeE()), rk(0, (n-1)/W), false)
	g.noIdx[wid] = false
	nw := (n + W - 1) / W

	// the mask: full, __activemask(), the lane's half of the warp, or one
	// that differs between warps
	H := W / 2
	var mask Expr = fullMask()
	groups := false
	switch g.hpick(45, 20, 20, 15) {
	case 1:
		mask = &HCall{Fn: "__activemask"}
	case 2:
		if H >= 1 {
			lo := int64(1)<<H - 1
			mask = &Cond{C: bin("<", ref(lane), intLit(H)), X: &Lit{T: tUint, I: lo, Hex: true}, Y: &Lit{T: tUint, I: lo << H, Hex: true}}
			groups = true
		}
	case 3:
		if H >= 1 && nw > 1 {
			lo := int64(1)<<H - 1
			half := &Cond{C: bin("<", ref(lane), intLit(H)), X: &Lit{T: tUint, I: lo, Hex: true}, Y: &Lit{T: tUint, I: lo << H, Hex: true}}
			mask = &Cond{C: bin("==", bin("%", ref(wid), intLit(2)), intLit(0)), X: fullMask(), Y: half}
			groups = true
		}
	}
	m := g.local(out, "wm", tUint, mask, unknown, false)
	g.noIdx[m] = true

	// the collective and its operand
	var call *HCall
	var rt *Type
	opnd := func(t *Type) Expr {
		switch t.K {
		case KUint:
			return []func() Expr{
				func() Expr { return &Cast{T: tUint, X: ref(lane)} },
				func() Expr { return &Cast{T: tUint, X: bin("+", ref(g.tid), ref(g.nPar))} },
				func() Expr { return &Cast{T: tUint, X: bin("/", ref(lane), intLit(int64(1+g.hintn(4))))} },
				func() Expr { return bin("<<", uintLit(1), &Cast{T: tUint, X: bin("%", ref(lane), intLit(8))}) },
			}[g.hintn(4)]()
		case KFloat:
			return bin("*", &Cast{T: tFloat, X: ref(g.tid)}, floatLit(0.5))
		}
		return []func() Expr{
			func() Expr { return ref(lane) },
			func() Expr { return bin("+", ref(g.tid), ref(g.nPar)) },
			func() Expr { return bin("/", ref(lane), intLit(int64(1+g.hintn(4)))) },
			func() Expr { return bin("*", ref(wid), intLit(int64(1+g.hintn(3)))) },
		}[g.hintn(4)]()
	}
	kind := g.hpick(35, 20, 15, 30)
	var pred *Var
	switch kind {
	case 0: // reductions
		fn := []string{"__reduce_add_sync", "__reduce_min_sync", "__reduce_max_sync", "__reduce_and_sync", "__reduce_or_sync", "__reduce_xor_sync"}[g.hintn(6)]
		rt = tUint
		if (fn == "__reduce_add_sync" || fn == "__reduce_min_sync" || fn == "__reduce_max_sync") && g.hchance(0.5) {
			rt = tInt
		}
		call = &HCall{Fn: fn, Args: []Expr{ref(m), opnd(rt)}}
	case 1: // votes
		fn := []string{"__all_sync", "__any_sync", "__ballot_sync"}[g.hintn(3)]
		c := []func() Expr{
			func() Expr { return bin("<", ref(lane), intLit(int64(g.hintn(int(W)+1)))) },
			func() Expr { return bin("==", bin("%", ref(g.tid), intLit(2)), intLit(0)) },
			func() Expr { return bin("<", ref(g.tid), intLit(int64(g.hintn(int(n)+1)))) },
		}[g.hintn(3)]()
		call = &HCall{Fn: fn, Args: []Expr{ref(m), c}}
		rt = tInt
		if fn == "__ballot_sync" {
			rt = tUint
		}
	case 2: // matches
		t := []*Type{tInt, tUint, tFloat}[g.hintn(3)]
		v := opnd(t)
		if t.K == KInt {
			v = bin("/", ref(lane), intLit(int64(1+g.hintn(4))))
		}
		rt = tUint
		if g.hchance(0.5) {
			pred = g.local(out, "pr", tInt, intLit(0), unknown, false)
			g.noIdx[pred] = true
			call = &HCall{Fn: "__match_all_sync", Args: []Expr{ref(m), v, &AddrOf{X: ref(pred)}}}
		} else {
			call = &HCall{Fn: "__match_any_sync", Args: []Expr{ref(m), v}}
		}
	default: // shuffles
		call, rt = g.shuffle(m, lane, groups)
	}
	r := g.local(out, "wr", rt, call, unknown, false)
	g.noIdx[r] = true
	if pred != nil {
		g.use(out, pred)
	}

	// the results: where they go
	global := g.hchance(0.4)
	et := rt
	if et.K == KFloat {
		et = tFloat
	}
	a := &Var{Name: g.name("wv"), Kind: VShared, T: et, Dims: []int{1}}
	per := n // cells per block of a global array
	if global {
		a = &Var{Name: a.Name, Kind: VLocal, T: ptrTo(et), Param: true, Len: 1}
		g.k.Params = append(g.k.Params, a)
	} else {
		g.ownShared = append(g.ownShared, a)
	}
	multi := global && p.blocks() > 1
	off := func(e Expr) Expr {
		if !multi {
			return e
		}
		return bin("+", bin("*", g.blin(), intLit(per)), e)
	}
	racy := g.hracy()
	val := func() Expr { return ref(r) }
	switch g.hpick(25, 30, 20, 25) {
	case 0:
		// every thread its own cell; racy: a lane mate's cell, written
		// by both
		idx := ref(g.tid)
		if racy && n > 1 {
			*out = append(*out, &Assign{L: &Index{X: ref(a), I: off(bin("/", ref(g.tid), intLit(2)))}, Op: "=", R: val()})
			return
		}
		*out = append(*out, &Assign{L: &Index{X: ref(a), I: off(idx)}, Op: "=", R: val()})
	case 1:
		// the leader of the warp (of the lane's half with group masks)
		// writes the warp's cell; racy: one cell for every warp (and
		// block), or every lane the warp's cell
		per = 2 * nw
		leader := bin("==", ref(lane), intLit(0))
		cell := bin("*", ref(wid), intLit(2))
		if groups {
			leader = bin("==", bin("%", ref(lane), intLit(max(H, 1))), intLit(0))
			cell = bin("+", bin("*", ref(wid), intLit(2)), bin("/", ref(lane), intLit(max(H, 1))))
		}
		if racy {
			if g.hchance(0.5) && (nw > 1 || multi || groups) {
				*out = append(*out, &If{C: leader, Then: block(&Assign{L: &Index{X: ref(a), I: intLit(0)}, Op: "=", R: val()})})
				return
			}
			*out = append(*out, &Assign{L: &Index{X: ref(a), I: off(cell)}, Op: "=", R: val()})
			return
		}
		*out = append(*out, &If{C: leader, Then: block(&Assign{L: &Index{X: ref(a), I: off(cell)}, Op: "=", R: val()})})
	case 2:
		// the lane a reduction names writes: the lowest lane of the
		// group, its warp's cell; racy: every lane at or above it
		// (with group masks, one leader per group: the group's cell)
		minLane := &HCall{Fn: "__reduce_min_sync", Args: []Expr{ref(m), &Cast{T: tUint, X: ref(lane)}}}
		lead := g.local(out, "wl", tUint, minLane, rk(0, W-1), false)
		g.noIdx[lead] = false
		per = 2 * nw
		cell := bin("*", ref(wid), intLit(2))
		if groups {
			cell = bin("+", bin("*", ref(wid), intLit(2)), bin("/", ref(lane), intLit(max(H, 1))))
		}
		op := "=="
		if racy {
			op = ">="
		}
		*out = append(*out, &If{C: bin(op, &Cast{T: tUint, X: ref(lane)}, ref(lead)),
			Then: block(&Assign{L: &Index{X: ref(a), I: off(cell)}, Op: "=", R: val()})})
	default:
		// a shuffled lane names the cell: a permutation of the warp's
		// cells (xor) or, racy, a broadcast (every lane the same cell)
		k := int64(0)
		if W > 1 {
			k = int64(1 + g.hintn(int(W-1)))
		}
		fn, arg := "__shfl_xor_sync", k
		if racy {
			fn, arg = "__shfl_sync", int64(g.hintn(int(W)))
		}
		sh := &HCall{Fn: fn, Args: []Expr{ref(m), ref(lane), intLit(arg)}}
		per = nw * W
		if !g.shflValidW(fn, arg, W, groups) {
			if !racy {
				// no valid permutation at hand: the own lane's cell
				*out = append(*out, &Assign{L: &Index{X: ref(a), I: off(bin("+", bin("*", ref(wid), intLit(W)), ref(lane)))}, Op: "=", R: val()})
				break
			}
			sh = &HCall{Fn: "__reduce_max_sync", Args: []Expr{ref(m), ref(lane)}} // every lane the same cell
		}
		c := g.local(out, "wc", tInt, sh, rk(0, W-1), false)
		g.noIdx[c] = false
		*out = append(*out, &Assign{L: &Index{X: ref(a), I: off(bin("+", bin("*", ref(wid), intLit(W)), ref(c)))}, Op: "=", R: val()})
	}
}

// shuffle builds a shuffle of the lane's value whose source lanes are all
// threads that take part, for every warp of the block (the last may be
// partial); a reduction when none is found.
func (g *gen) shuffle(m, lane *Var, groups bool) (*HCall, *Type) {
	W := int64(g.p.warp())
	fns := []string{"__shfl_sync", "__shfl_up_sync", "__shfl_down_sync", "__shfl_xor_sync"}
	t := []*Type{tInt, tUint, tFloat}[g.hintn(3)]
	var v Expr
	switch t.K {
	case KInt:
		v = bin("+", ref(g.tid), ref(g.nPar))
	case KUint:
		v = &Cast{T: tUint, X: bin("*", ref(lane), intLit(3))}
	default:
		v = bin("*", &Cast{T: tFloat, X: ref(g.tid)}, floatLit(0.5))
	}
	for try := 0; try < 4; try++ {
		fn := fns[g.hintn(4)]
		arg := int64(g.hintn(int(W)))
		if fn != "__shfl_sync" && W > 1 {
			arg = int64(1 + g.hintn(int(W-1)))
		}
		width := W
		explicit := g.hchance(0.3)
		if explicit && W > 1 {
			width = W >> g.hintn(2)
		}
		if !g.shflValidW(fn, arg, width, groups) {
			continue
		}
		args := []Expr{ref(m), v, intLit(arg)}
		if fn == "__shfl_up_sync" || fn == "__shfl_down_sync" {
			args[2] = uintLit(arg)
		}
		if explicit {
			if width == W && g.hchance(0.5) {
				args = append(args, &Builtin{Name: "warpSize"})
			} else {
				args = append(args, intLit(width))
			}
		}
		return &HCall{Fn: fn, Args: args}, t
	}
	return &HCall{Fn: "__reduce_add_sync", Args: []Expr{ref(m), &Cast{T: tUint, X: ref(lane)}}}, tUint
}

// shflValidW says whether a shuffle of every lane of every warp of the
// block reads a lane that is a thread and in its group.
func (g *gen) shflValidW(fn string, arg, width int64, groups bool) bool {
	W := int64(g.p.warp())
	n := int64(g.p.threads())
	H := max(W/2, 1)
	for base := int64(0); base < n; base += W {
		nw := min(W, n-base)
		for t := int64(0); t < nw; t++ {
			src := shflSource(fn, t, arg, width)
			if src < 0 || src >= nw {
				return false
			}
			if groups && W > 1 && src/H != t/H {
				return false
			}
		}
	}
	return true
}

// ---- scoped atomics ----

func (g *gen) scopeOf(racy bool) string {
	if racy {
		return "block"
	}
	return []string{"block", "device", "system"}[g.hpick(40, 35, 25)]
}

func (g *gen) scopedAtomicStmt(out *[]Stmt) {
	p := g.p
	multi := p.blocks() > 1
	racy := g.hracy() && multi
	switch g.hpick(35, 30, 17, 18) {
	case 0:
		g.scopedBuiltin(out, racy)
	case 1:
		g.atomicRef(out, racy)
	case 2:
		g.cudaAtomic(out, racy)
	default:
		g.scopedCounter(out, racy)
	}
}

// atomCell picks the cell of an atomic array: shared (any cell: one
// block), global per block (race-free at any scope), or one global cell
// for the grid (block scope races between blocks).
func (g *gen) atomCell(prefix string, t *Type, racy, forceGlobal bool) (*Var, Expr, bool) {
	p := g.p
	global := forceGlobal || racy || g.hchance(0.6)
	if !global {
		a := &Var{Name: g.name(prefix), Kind: VShared, T: t, Dims: []int{1}}
		g.ownShared = append(g.ownShared, a)
		return a, intLit(int64(g.hintn(2))), false
	}
	a := &Var{Name: g.name(prefix), Kind: VLocal, T: ptrTo(t), Param: true, Len: 1}
	g.k.Params = append(g.k.Params, a)
	if racy || p.blocks() == 1 {
		return a, intLit(int64(g.hintn(2))), true
	}
	return a, g.blin(), true
}

func (g *gen) scopedBuiltin(out *[]Stmt, racy bool) {
	t := tInt
	if g.hchance(0.4) {
		t = tUint
	}
	a, cell, global := g.atomCell("sa", t, racy, false)
	ops := []string{"Add", "Sub", "Max", "Min", "Or", "Exch", "CAS"}
	op := ops[g.hintn(len(ops))]
	scope := "block"
	if !racy && g.hchance(0.7) {
		scope = "system"
	}
	val := func() Expr {
		switch op {
		case "Add", "Sub":
			return litOf(t, int64(1+g.hintn(3)))
		case "Or":
			return litOf(t, int64(1)<<g.hintn(8))
		}
		if t.K == KUint {
			return &Cast{T: tUint, X: ref(g.tid)}
		}
		return ref(g.tid)
	}
	mk := func(scope string) *Atomic {
		at := &Atomic{Op: op, P: &AddrOf{X: &Index{X: ref(a), I: g.copyExpr(cell)}}, V: val(), Scope: scope}
		if op == "CAS" {
			at.W = val()
			at.V = litOf(t, 0)
		}
		return at
	}
	save := len(g.scope)
	defer func() { g.scope = g.scope[:save] }()
	if racy && global && g.hchance(0.4) {
		// block 0 block-scoped, the others device-scoped
		x := g.local(out, "ao", t, litOf(t, 0), unknown, false)
		g.noIdx[x] = true
		*out = append(*out, &If{C: bin("==", bidx(0), uintLit(0)),
			Then: block(&Assign{L: ref(x), Op: "=", R: mk("block")}),
			Else: block(&Assign{L: ref(x), Op: "=", R: mk([]string{"", "system"}[g.hintn(2)])})})
		g.use(out, x)
		return
	}
	if g.hchance(0.5) {
		*out = append(*out, &ExprStmt{X: mk(scope)})
		return
	}
	x := g.local(out, "ao", t, mk(scope), unknown, false)
	g.noIdx[x] = true
	g.use(out, x)
}

// atomicRef is an operation of cuda::atomic_ref<int, S>: a temporary, or
// a local.
func (g *gen) atomicRef(out *[]Stmt, racy bool) {
	t := tInt
	if g.hchance(0.3) {
		t = tUint
	}
	loadsOnly := !racy && g.hchance(0.2)
	a, cell, global := g.atomCell("sa", t, racy || loadsOnly, loadsOnly)
	scope := g.scopeOf(racy)
	if loadsOnly {
		scope = "block" // loads of block scope from every block: no race
	}
	save := len(g.scope)
	defer func() { g.scope = g.scope[:save] }()
	var ref0 *Var
	local := g.hchance(0.4)
	if local {
		ref0 = &Var{Name: g.name("ar"), Kind: VAtomRef, T: &Type{K: KAtomRef, Elem: t, Scope: scope}}
		*out = append(*out, &Decl{V: ref0, Init: &Index{X: ref(a), I: g.copyExpr(cell)}})
	}
	op := func(method string, args ...Expr) *AtomOp {
		o := &AtomOp{Method: method, Args: args, Relaxed: g.hchance(0.3)}
		if local {
			o.Ref = ref0
		} else {
			o.X, o.Scope = &Index{X: ref(a), I: g.copyExpr(cell)}, scope
		}
		return o
	}
	small := func() Expr { return litOf(t, int64(1+g.hintn(3))) }
	if loadsOnly {
		x := g.local(out, "ao", t, op("load"), unknown, false)
		g.noIdx[x] = true
		g.use(out, x)
		if g.mood == Racy && global && g.p.blocks() > 1 {
			// and a writer in block 0: a block-scoped load races with it
			*out = append(*out, &If{C: bin("==", bidx(0), uintLit(0)), Then: block(&ExprStmt{X: op("fetch_add", small())})})
		}
		return
	}
	switch g.hintn(5) {
	case 0:
		x := g.local(out, "ao", t, op([]string{"fetch_add", "fetch_sub"}[g.hintn(2)], small()), unknown, false)
		g.noIdx[x] = true
		g.use(out, x)
	case 1:
		*out = append(*out, &ExprStmt{X: op([]string{"fetch_or", "fetch_xor", "fetch_and"}[g.hintn(3)], litOf(t, int64(1)<<g.hintn(8)))})
	case 2:
		*out = append(*out, &ExprStmt{X: op([]string{"store", "exchange", "fetch_max", "fetch_min"}[g.hintn(4)], g.atomVal(t))})
	case 3:
		e := g.local(out, "ae", t, litOf(t, 0), unknown, false)
		g.noIdx[e] = true
		*out = append(*out, &ExprStmt{X: op("compare_exchange_strong", ref(e), g.atomVal(t))})
		g.use(out, e)
	default:
		*out = append(*out, &ExprStmt{X: op("fetch_add", small())})
		x := g.local(out, "ao", t, op("load"), unknown, false)
		g.noIdx[x] = true
		g.use(out, x)
	}
}

// atomVal is a value to store atomically: the thread's id.
func (g *gen) atomVal(t *Type) Expr {
	if t.K == KUint {
		return &Cast{T: tUint, X: ref(g.tid)}
	}
	return bin("+", ref(g.tid), intLit(int64(g.hintn(3))))
}

// cudaAtomic operates on cuda::atomic<T, S> objects of a global array.
func (g *gen) cudaAtomic(out *[]Stmt, racy bool) {
	p := g.p
	t := tUint
	if g.hchance(0.4) {
		t = tInt
	}
	scope := g.scopeOf(racy)
	at := &Type{K: KAtomic, Elem: t, Scope: scope}
	a := &Var{Name: g.name("ca"), Kind: VLocal, T: ptrTo(at), Param: true, Len: 1}
	g.k.Params = append(g.k.Params, a)
	var cell Expr = intLit(0)
	if !racy && p.blocks() > 1 && scope == "block" {
		cell = g.blin()
	}
	save := len(g.scope)
	defer func() { g.scope = g.scope[:save] }()
	op := func(method string, args ...Expr) *AtomOp {
		return &AtomOp{X: &Index{X: ref(a), I: g.copyExpr(cell)}, Method: method, Args: args, Relaxed: g.hchance(0.25)}
	}
	switch g.hintn(4) {
	case 0:
		x := g.local(out, "ao", t, op("fetch_add", litOf(t, int64(1+g.hintn(2)))), unknown, false)
		g.noIdx[x] = true
		g.use(out, x)
	case 1:
		*out = append(*out, &ExprStmt{X: op([]string{"store", "exchange"}[g.hintn(2)], g.atomVal(t))})
	case 2:
		*out = append(*out, &ExprStmt{X: op("fetch_add", litOf(t, 1))})
		x := g.local(out, "ao", t, op("load"), unknown, false)
		g.noIdx[x] = true
		g.use(out, x)
	default:
		*out = append(*out, &ExprStmt{X: op([]string{"fetch_or", "fetch_max"}[g.hintn(2)], litOf(t, int64(1)<<g.hintn(6)))})
	}
}

// scopedCounter is a block-scoped counter whose values index slots: one
// per block (race-free), or one for the grid (the blocks' atomics race).
func (g *gen) scopedCounter(out *[]Stmt, racy bool) {
	p := g.p
	T := int64(p.threads())
	cnt := &Var{Name: g.name("sc"), Kind: VLocal, T: ptrTo(tInt), Param: true, Len: 1, Counter: true}
	slots := &Var{Name: g.name("ss"), Kind: VLocal, T: ptrTo(tInt), Param: true, Len: 1}
	g.k.Params = append(g.k.Params, cnt, slots)
	var cell Expr = intLit(0)
	var base Expr = intLit(0)
	if !racy && p.blocks() > 1 {
		cell = g.blin()
		base = bin("*", g.blin(), intLit(T))
	}
	save := len(g.scope)
	defer func() { g.scope = g.scope[:save] }()
	var get Expr
	if g.hchance(0.5) {
		get = &Atomic{Op: "Add", P: &AddrOf{X: &Index{X: ref(cnt), I: cell}}, V: intLit(1), Scope: "block"}
	} else {
		get = &AtomOp{X: &Index{X: ref(cnt), I: cell}, Scope: "block", Method: "fetch_add", Args: []Expr{intLit(1)}}
	}
	i := g.local(out, "si", tInt, get, rk(0, T*int64(p.blocks())-1), false)
	g.noIdx[i] = false
	*out = append(*out, &Assign{L: &Index{X: ref(slots), I: bin("+", base, ref(i))}, Op: "=", R: bin("+", ref(g.tid), intLit(1))})
}

package cudagen

// This file generates sorting networks: loops whose variable steps
// through powers of two, at the kernel's top level (every thread of the
// block passes their barriers), over a __shared__ array of their own of
// 2T elements for T threads per block (tid the linear thread id):
//
//	__shared__ int net7[2T];
//	net7[tid] = (tid * 5 + n) % 11;
//	net7[tid + T] = ...;
//	__syncthreads();
//	for (unsigned s = 8u; s > 0u; s >>= 1) {
//	  __syncthreads();
//	  unsigned pos = 2u * (unsigned)tid - ((unsigned)tid & (s - 1u));
//	  if (pos + s < 2T) {
//	    int a = net7[pos];
//	    int b = net7[pos + s];
//	    if (a > b) { net7[pos] = b; net7[pos + s] = a; }
//	  }
//	}
//
// The loops halve from a power of two S (T, or smaller, or larger than
// T, or blockDim.x), double from 1 (s < L; s <<= 1, s *= 2, s += s), or
// nest as in a bitonic sort (for (size = 2; size <= 2T; size <<= 1) for
// (s = size / 2; s > 0; s >>= 1)), possibly with the bitonic direction
// (up = pos & size: the pair is sorted up when it is 0). The pair a thread
// exchanges is (pos, pos + s) with pos = 2 tid - (tid & (s - 1)), or (i,
// i ^ s) when i ^ s > i, for i = tid (or i = tid, tid + T in a loop). For
// a power of two s these pairs are disjoint for distinct threads, and a
// barrier in the loop orders the stages: the kernels are race-free by the
// arithmetic of powers of two (internal/infer/symexec/power.go, smtgen/cases.go).
// An access that could fall out of the array is guarded (pos + s < 2T,
// ixj < 2T); the guard is left out, sometimes, when none can.
//
// Racy kernels (about a third of the networks) break it: the loop's
// barrier dropped or moved to the outer loop of a bitonic network, tid &
// s instead of tid & (s - 1), a start that is not a power of two (3, T -
// 1, size / 2 + 1: pairs then meet; with ^ they stay disjoint and the
// kernel race-free), the partner pos + s + 1, both threads of an xor pair
// exchanging (ixj != i), the result read after the loop without a
// barrier. The interpreter says which are racy, for the launch.
//
// The compare-exchange either swaps under a comparison of the values read
// (if (a > b) ...): the array is then an election variable (Var.Elect),
// whose reads the interpreter answers with the values the writes that
// happen before them leave, running the kernel again until they settle
// (once per barrier interval the values cross: maxNetPasses, and only for
// few threads and stages, maxNetSwapCost; a racy kernel whose values do
// not settle is rejected); or it writes min(a, b) and max(a, b) whatever
// the values, which the interpreter need not know. Either way the values
// decide no index, and control flow only when they are deterministic.
//
// The choices of this file are drawn from a source of their own (gen.nr),
// so that the kernel a seed gives without a network is the one it gave
// before.

// netLoop is the shape of a network's loops.
type netLoop int

const (
	nlHalving netLoop = iota
	nlDoubling
	nlBitonic
)

// The ways a racy network breaks the discipline.
const (
	nmNone      = iota
	nmNoBarrier // the loop's barrier dropped
	nmOuter     // bitonic: the barrier in the outer loop, not the inner
	nmMask      // pos = 2 tid - (tid & s)
	nmStart     // a start that is not a power of two
	nmPlusOne   // the partner pos + s + 1
	nmBoth      // xor: both threads of a pair exchange (ixj != i)
	nmNoFinal   // the result read after the loop without a barrier
	nmCount
)

// nchance, nintn and npick draw the choices of this file.
func (g *gen) nchance(p float64) bool { return g.nr != nil && g.nr.Float64() < p }

func (g *gen) nintn(n int) int {
	if g.nr == nil {
		return 0
	}
	return g.nr.Intn(n)
}

func (g *gen) npick(ws ...int) int {
	t := 0
	for _, w := range ws {
		t += w
	}
	x := g.nintn(t)
	for i, w := range ws {
		if x < w {
			return i
		}
		x -= w
	}
	return len(ws) - 1
}

// netHere says whether to place a network at this statement (the kernel's
// top level, where every thread passes).
func (g *gen) netHere() bool {
	return !g.netDone && g.nchance(netProb)
}

// maxNetSwapCost bounds the work of the interpreter on a network that
// swaps under a comparison (runs times stages times threads of the grid).
const maxNetSwapCost = 30000

// netProb is the probability of a network at each statement of the
// kernel's top level where one may be (about 5% of kernels get one); a
// variable, so that a test may ask for more.
var netProb = 0.007

func isPow2(x int64) bool { return x > 0 && x&(x-1) == 0 }

// pow2floor is the largest power of two not above x (x >= 1).
func pow2floor(x int64) int64 {
	p := int64(1)
	for p*2 <= x {
		p *= 2
	}
	return p
}

// netStage is one pass of a network's inner loop: s, and size in a
// bitonic network.
type netStage struct{ size, s int64 }

// netStmt places one sorting network at the kernel's top level.
func (g *gen) netStmt(out *[]Stmt) {
	p := g.p
	T := int64(p.threads())
	N := 2 * T
	oneD := p.Block[1] == 1 && p.Block[2] == 1
	g.netDone = true
	g.budget = min(g.budget-1, 3)
	n0 := len(*out)
	defer func() {
		// a network is large: a kernel may have as many statements more
		for _, s := range (*out)[n0:] {
			walkStmt(s, func(Stmt) { g.netStmts++ }, nil)
		}
	}()
	t := tUint // the type of the loop variables and positions
	if g.nchance(0.25) {
		t = tInt
	}
	lit := func(v int64) Expr { return litOf(t, v) }
	et := tInt // the element type
	if g.nchance(0.2) {
		et = tUint
	}
	loop := netLoop(g.npick(3, 2, 3))
	xor := g.nchance(0.35)
	stride := xor && g.nchance(0.3)
	swap := g.nchance(0.6) // if the interpreter can follow the values: below
	dir := loop == nlBitonic && g.nchance(0.5)
	final := g.nchance(0.35)
	mut := nmNone
	if g.mood == Racy && g.nchance(0.75) {
		ws := make([]int, nmCount)
		ws[nmNoBarrier], ws[nmMask], ws[nmStart], ws[nmPlusOne] = 3, 3, 3, 2
		if loop == nlBitonic {
			ws[nmOuter] = 3
		}
		if xor {
			ws[nmMask], ws[nmPlusOne], ws[nmStart], ws[nmBoth] = 0, 0, 1, 4
		}
		if final {
			ws[nmNoFinal] = 1
		}
		mut = g.npick(ws...)
	}
	tv := func() Expr { // tid, of type t
		if t.K == KUint {
			return &Cast{T: tUint, X: ref(g.tid)}
		}
		return ref(g.tid)
	}
	// an int network's bounds are unsigned sometimes, as C compares them
	raw := t.K == KInt && g.nchance(0.5)
	asBound := func(e Expr) Expr {
		if c, ok := e.(*Cast); ok && raw {
			return c.X
		}
		return e
	}
	nExpr := func() Expr { // 2T
		if oneD && g.nchance(0.3) {
			x := bin("*", uintLit(2), bdim(0))
			if t.K == KInt {
				return &Cast{T: tInt, X: x}
			}
			return x
		}
		return lit(N)
	}
	tExpr := func() Expr { // T
		if oneD && g.nchance(0.3) {
			if t.K == KInt {
				return &Cast{T: tInt, X: bdim(0)}
			}
			return bdim(0)
		}
		return lit(T)
	}
	notPow2 := func(cands ...int64) int64 {
		var ok []int64
		for _, c := range cands {
			if c >= 1 && !isPow2(c) {
				ok = append(ok, c)
			}
		}
		if len(ok) == 0 {
			return 3
		}
		return ok[g.nintn(len(ok))]
	}

	// the array, filled by every thread
	net := &Var{Name: g.name("net"), Kind: VShared, T: et, Dims: []int{int(N)}, MinLen: int(N), Net: true}
	g.ownShared = append(g.ownShared, net)
	at := func(i Expr) Expr { return &Index{X: ref(net), I: i} }
	value := func(x Expr) Expr {
		var v Expr
		switch g.nintn(4) {
		case 0:
			v = bin("%", bin("+", bin("*", x, intLit(int64(3+g.nintn(11)))), ref(g.nPar)), intLit(int64(5+g.nintn(27))))
		case 1:
			v = bin("-", intLit(N), x)
		case 2:
			v = bin("^", x, intLit(int64(1+g.nintn(31))))
		default:
			if in := g.netInput(); in != nil {
				v = &Index{X: ref(in), I: bin("%", x, intLit(int64(2+g.nintn(7))))}
			} else {
				v = bin("%", bin("*", x, intLit(int64(5+g.nintn(9)))), intLit(int64(7+g.nintn(20))))
			}
		}
		if et.K == KUint {
			v = &Cast{T: tUint, X: v}
		}
		return v
	}
	*out = append(*out, &Assign{L: at(ref(g.tid)), Op: "=", R: value(ref(g.tid))})
	var hi Expr = bin("+", ref(g.tid), intLit(T))
	if oneD && g.nchance(0.3) {
		hi = bin("+", tidx(0), bdim(0))
	}
	*out = append(*out, &Assign{L: at(hi), Op: "=", R: value(bin("+", ref(g.tid), intLit(T)))})
	g.sync(out)

	// the loops and their stages
	s := &Var{Name: g.name("s"), Kind: VLocal, T: t}
	var size *Var
	var stages []netStage
	var outer *For // the outer loop of a bitonic network
	var inner *For // the loop whose body exchanges
	halve := func() Stmt {
		if g.nchance(0.3) {
			return &Assign{L: ref(s), Op: "/=", R: lit(2)}
		}
		return &Assign{L: ref(s), Op: ">>=", R: intLit(1)}
	}
	positive := func() Expr {
		switch g.nintn(4) {
		case 0:
			return bin(">=", ref(s), lit(1))
		case 1:
			return bin("!=", ref(s), lit(0))
		}
		return bin(">", ref(s), lit(0))
	}
	switch loop {
	case nlHalving:
		P := pow2floor(T)
		var start Expr
		var S int64
		switch {
		case mut == nmStart && oneD && !isPow2(T) && g.nchance(0.3):
			start, S = tExpr(), T
		case mut == nmStart:
			S = notPow2(3, T-1, T+1, N-1, 5, 6)
			start = lit(S)
		case isPow2(T) && g.nchance(0.4):
			start, S = tExpr(), T
		default:
			cands := []int64{P, 2 * P, 4 * P}
			if P > 1 {
				cands = append(cands, P/2)
			}
			S = cands[g.nintn(len(cands))]
			start = lit(S)
		}
		for x := S; x > 0; x >>= 1 {
			stages = append(stages, netStage{0, x})
		}
		inner = &For{Init: &Decl{V: s, Init: start}, C: positive(), Post: halve()}
	case nlDoubling:
		S := int64(1)
		if mut == nmStart {
			S = notPow2(3, T-1, 5, 6)
		} else if g.nchance(0.2) {
			S = 2
		}
		var bound Expr
		var L int64
		switch g.nintn(4) {
		case 0:
			L = T
			bound = asBound(tExpr())
		case 1:
			L = pow2ceil(T) * int64(1+g.nintn(2))
			bound = lit(L)
		default:
			L = N
			bound = asBound(nExpr())
		}
		var post Stmt
		switch g.nintn(3) {
		case 0:
			post = &Assign{L: ref(s), Op: "*=", R: lit(2)}
		case 1:
			post = &Assign{L: ref(s), Op: "+=", R: ref(s)}
		default:
			post = &Assign{L: ref(s), Op: "<<=", R: intLit(1)}
		}
		for x := S; x < L; x <<= 1 {
			stages = append(stages, netStage{0, x})
		}
		inner = &For{Init: &Decl{V: s, Init: lit(S)}, C: bin("<", ref(s), bound), Post: post}
	default:
		size = &Var{Name: g.name("size"), Kind: VLocal, T: t}
		Z := int64(2)
		inStart := func() Expr {
			if g.nchance(0.3) {
				return bin(">>", ref(size), intLit(1))
			}
			return bin("/", ref(size), lit(2))
		}
		plus := int64(0)
		if mut == nmStart {
			if g.nchance(0.5) {
				Z = 3
			} else {
				plus = 1
			}
		}
		start := inStart()
		if plus > 0 {
			start = bin("+", start, lit(plus))
		}
		for z := Z; z <= N; z <<= 1 {
			for x := z/2 + plus; x > 0; x >>= 1 {
				stages = append(stages, netStage{z, x})
			}
		}
		inner = &For{Init: &Decl{V: s, Init: start}, C: positive(), Post: halve()}
		outer = &For{Init: &Decl{V: size, Init: lit(Z)}, C: bin("<=", ref(size), asBound(nExpr())),
			Post: &Assign{L: ref(size), Op: "<<=", R: intLit(1)}, Body: block(inner)}
	}

	// the interpreter follows the values of a swapping network by running
	// the kernel once per stage: not too many threads and stages
	if k := int64(len(stages)); (k+3)*k*T*int64(p.blocks()) > maxNetSwapCost {
		swap = false
	}
	net.Elect = swap

	// the pairs: which a thread exchanges, and whether any falls out of
	// the array
	elems := func(tid int64) []int64 {
		if stride {
			var is []int64
			for i := tid; i < N; i += T {
				is = append(is, i)
			}
			return is
		}
		return []int64{tid}
	}
	pair := func(i int64, st netStage) (int64, int64, bool) {
		if xor {
			j := i ^ st.s
			return i, j, j > i || mut == nmBoth && j != i
		}
		m := st.s - 1
		if mut == nmMask {
			m = st.s
		}
		pos := 2*i - (i & m)
		j := pos + st.s
		if mut == nmPlusOne {
			j++
		}
		return pos, j, true
	}
	needGuard := false
	for tid := int64(0); tid < T; tid++ {
		for _, i := range elems(tid) {
			for _, st := range stages {
				if x, y, ok := pair(i, st); ok && (x >= N || y >= N) {
					needGuard = true
				}
			}
		}
	}
	guard := needGuard || g.nchance(0.5)

	// the body: the exchange of a pair
	var body []Stmt
	cmpx := func(i, j func() Expr, up *Var) []Stmt {
		a := &Var{Name: g.name("a"), Kind: VLocal, T: et}
		b := &Var{Name: g.name("b"), Kind: VLocal, T: et}
		st := []Stmt{&Decl{V: a, Init: at(i())}, &Decl{V: b, Init: at(j())}}
		// up: the pair is sorted up when x & size is 0
		upward := func() Expr { return bin("==", ref(up), lit(0)) }
		if swap {
			var c Expr = bin(">", ref(a), ref(b))
			if up != nil {
				c = bin("==", c, upward())
			}
			return append(st, &If{C: c, Then: block(&Assign{L: at(i()), Op: "=", R: ref(b)}, &Assign{L: at(j()), Op: "=", R: ref(a)})})
		}
		lo := func() Expr { return &MinMax{X: ref(a), Y: ref(b)} }
		hi := func() Expr { return &MinMax{Max: true, X: ref(a), Y: ref(b)} }
		if up != nil {
			return append(st, &Assign{L: at(i()), Op: "=", R: &Cond{C: upward(), X: lo(), Y: hi()}},
				&Assign{L: at(j()), Op: "=", R: &Cond{C: upward(), X: hi(), Y: lo()}})
		}
		return append(st, &Assign{L: at(i()), Op: "=", R: lo()}, &Assign{L: at(j()), Op: "=", R: hi()})
	}
	direction := func(x Expr) (*Var, Stmt) {
		if !dir {
			return nil, nil
		}
		up := &Var{Name: g.name("up"), Kind: VLocal, T: t}
		return up, &Decl{V: up, Init: bin("&", x, ref(size))}
	}
	if xor {
		var iv *Var // the element, when a loop runs over tid, tid + T
		var ie func() Expr = tv
		var within []Stmt
		if stride {
			iv = &Var{Name: g.name("i"), Kind: VLocal, T: t}
			ie = func() Expr { return ref(iv) }
		}
		ixj := &Var{Name: g.name("ixj"), Kind: VLocal, T: t}
		within = append(within, &Decl{V: ixj, Init: bin("^", ie(), ref(s))})
		var c Expr = bin(">", ref(ixj), ie())
		if mut == nmBoth {
			c = bin("!=", ref(ixj), ie())
		}
		if guard {
			c = bin("&&", c, bin("<", ref(ixj), nExpr()))
		}
		up, d := direction(ie())
		if d != nil {
			within = append(within, d)
		}
		within = append(within, &If{C: c, Then: block(cmpx(ie, func() Expr { return ref(ixj) }, up)...)})
		if stride {
			var step Expr = lit(T)
			if oneD && t.K == KUint && g.nchance(0.4) {
				step = bdim(0)
			}
			body = append(body, &For{Init: &Decl{V: iv, Init: tv()}, C: bin("<", ref(iv), lit(N)),
				Post: &Assign{L: ref(iv), Op: "+=", R: step}, Body: block(within...)})
		} else {
			body = within
		}
	} else {
		pos := &Var{Name: g.name("pos"), Kind: VLocal, T: t}
		var m Expr = bin("-", ref(s), lit(1))
		if mut == nmMask {
			m = ref(s)
		}
		body = append(body, &Decl{V: pos, Init: bin("-", bin("*", lit(2), tv()), bin("&", tv(), m))})
		j := func() Expr {
			if mut == nmPlusOne {
				return bin("+", bin("+", ref(pos), ref(s)), lit(1))
			}
			return bin("+", ref(pos), ref(s))
		}
		up, d := direction(ref(pos))
		if d != nil {
			body = append(body, d)
		}
		ex := cmpx(func() Expr { return ref(pos) }, j, up)
		if guard {
			body = append(body, &If{C: bin("<", j(), nExpr()), Then: block(ex...)})
		} else {
			body = append(body, ex...)
		}
	}
	bar := &Sync{Op: "__syncthreads"}
	switch {
	case mut == nmNoBarrier:
	case mut == nmOuter:
		if g.nchance(0.5) {
			outer.Body.Stmts = append([]Stmt{bar}, outer.Body.Stmts...)
		} else {
			outer.Body.Stmts = append(outer.Body.Stmts, bar)
		}
	case g.nchance(0.3):
		body = append(body, bar)
	default:
		body = append([]Stmt{bar}, body...)
	}
	inner.Body = block(body...)
	if outer != nil {
		*out = append(*out, outer)
	} else {
		*out = append(*out, inner)
	}

	// the result, read by every thread
	if final {
		if mut != nmNoFinal {
			g.sync(out)
		}
		var idx Expr
		switch g.nintn(3) {
		case 0:
			idx = ref(g.tid)
		case 1:
			idx = bin("-", intLit(N-1), ref(g.tid))
		default:
			idx = bin("+", bin("*", intLit(2), ref(g.tid)), intLit(int64(g.nintn(2))))
		}
		x := g.local(out, "r", et, at(idx), unknown, false)
		g.noIdx[x] = true
		g.use(out, x)
	}
}

// netInput is a read-only input array of the kernel, if it has one.
func (g *gen) netInput() *Var {
	for _, a := range g.arrays {
		if a.input && a.elem.K == KInt {
			return a.v
		}
	}
	return nil
}

// hasNet says whether a program has the array of a sorting network whose
// values the interpreter follows.
func hasNet(p *Program) bool {
	for _, s := range p.Kernel.Body.Stmts {
		if d, ok := s.(*Decl); ok && d.V.Net && d.V.Elect {
			return true
		}
	}
	return false
}

// netConstructs names the constructs of this file: a loop over a
// network's array, one nested in another (bitonic), an xor partner.
func netConstructs(p *Program, add func(string)) {
	usesNet := func(b *Block) bool {
		found := false
		walkBlock(b, nil, func(e Expr) {
			if r, ok := e.(*VarRef); ok && r.V.Net {
				found = true
			}
		})
		return found
	}
	walkProgram(p, func(s Stmt) {
		f, ok := s.(*For)
		if !ok || !usesNet(f.Body) {
			return
		}
		add("power-of-two loop")
		var v *Var // the loop's variable
		if d, ok := f.Init.(*Decl); ok {
			v = d.V
		}
		walkBlock(f.Body, func(s Stmt) {
			// a loop whose start is computed from this one's variable
			g, ok := s.(*For)
			if !ok || v == nil || !usesNet(g.Body) {
				return
			}
			d, ok := g.Init.(*Decl)
			if !ok {
				return
			}
			walkExpr(d.Init, func(e Expr) {
				if r, ok := e.(*VarRef); ok && r.V == v {
					add("bitonic network")
				}
			})
		}, func(e Expr) {
			if b, ok := e.(*Binary); ok && b.Op == "^" {
				if _, ok := b.Y.(*VarRef); ok {
					add("xor partner")
				}
			}
		})
	}, nil)
}

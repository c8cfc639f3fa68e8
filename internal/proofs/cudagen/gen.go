package cudagen

import (
	"fmt"
	"math"
	"math/rand"
)

// This file drives generation: the launch, the parameters, the arrays and
// the kernel's skeleton, and the choice of a target verdict. The
// statements and expressions are in genstmt.go and genexpr.go.
//
// A kernel is generated in one of three moods, picked first: race-free
// (every write goes to cells its thread owns, by a per-array recipe
// scale*tid + base + u with 0 <= u < scale, or to one thread's cells
// under a guard, or atomically; reads of cells others write wait for a
// barrier; barriers stand where every thread reaches them), racy (the same
// discipline, broken at a few decision points: a neighbour's cell, a
// missing barrier, a block-local index into global memory, a plain access
// next to atomics) or divergent (a barrier under a thread-dependent
// condition or loop, or after a thread-dependent return). The
// interpreter then says what the kernel really does, and generation
// retries a few times until the verdict is the one aimed at, so that the
// proportions stay balanced whatever the discipline misses.

// rng is an estimated range of an integer expression over every thread
// and every execution; ok is false when unknown.
type rng struct {
	lo, hi int64
	ok     bool
}

func rk(lo, hi int64) rng { return rng{lo, hi, true} }

var unknown = rng{}

type arr struct {
	v     *Var
	sp    space
	elem  *Type // element type
	dims  int   // 1 or 2 (0: shared scalar)
	input bool
	// atomicOnly arrays are only accessed atomically.
	atomicOnly bool
	// own recipe: thread t owns [scale*t + base, scale*t + base + scale)
	scale, base int64
	// grid: global memory with several blocks (the recipe is over the
	// global thread id)
	grid bool
	dyn  bool
}

// epoch is what a barrier interval did to an array so far (race-free
// mood): own-cell writes and reads, reads of other cells, atomics, and
// accesses of one thread under a guard.
type epoch struct {
	ownW, ownR, othR, atom, single bool
}

type loopInfo struct {
	v    *Var // the loop variable (nil for loops without one)
	uni  bool // bounds are block-uniform
	trip int  // the most iterations
	sync bool // a barrier was placed in the body
	// noContinue: a continue would skip the increment
	noContinue bool
	// noSync: a thread-dependent break or continue: no barrier after it
	noSync bool
	// stride: the variable runs over the thread's own cells (i = tid; i <
	// N; i += blockDim.x), of grid arrays when grid
	stride, grid bool
}

type gen struct {
	r      *rand.Rand
	tr     *rand.Rand // the choices of gentmpl.go, apart from r's
	p      *Program
	k      *Func
	cnt    int
	mood   Verdict
	risk   float64 // probability of a risky choice at each decision (racy mood)
	div    float64 // probability of a divergent barrier placement (divergent mood)
	budget int
	depth  int

	tid, gid, tx, ty   *Var
	nPar, mPar, cfgPar *Var
	cfgS, pairS, recS  *Struct
	vr                 map[any]rng  // ranges of integer variables and cfg fields
	uni                map[any]bool // block-uniform variables
	noIdx              map[any]bool // variables whose value is not for indices
	scope              []*Var
	loops              []*loopInfo
	arrays             []*arr
	ctxUni             bool // the current control point is block-uniform
	tdReturn           bool // a thread-dependent return happened before
	fns                map[string]*Func
	st                 map[*arr]*epoch
	inSwitch           int
	guard              bool // inside "if (tid == 0)"
	sink               *arr
	diverged           bool // a divergent barrier was placed
	prologueLen        int
	optS               *Struct          // the struct with default member initializers (genmore.go)
	ownShared          []*Var           // shared arrays of warp exchanges and counters (genwarp.go, gencounter.go)
	lams               map[*Var]lamInfo // lambdas held in locals
	fps                map[*Var]fpInfo  // function pointer locals of values (genfnptr.go)
	pa                 *ptrArr          // the struct parameter with an array of pointers (genptrarr.go)
	nr                 *rand.Rand       // the choices of genpow2.go, apart from r's
	netDone            bool             // a sorting network was placed (genpow2.go)
	netStmts           int              // its statements, and a double buffer's, beyond maxStmts
	wr                 *rand.Rand       // the choices of genwrap.go, apart from r's
	wrapN              int              // wrap-around indices placed (genwrap.go)
	hr                 *rand.Rand       // the choices of genheader.go, apart from r's
	hdrN               int              // header constructs placed (genheader.go)
	lr                 *rand.Rand       // the choices of genlayout.go, apart from r's
	layoutDone         bool             // a layout group was placed (genlayout.go)
	cr                 *rand.Rand       // the choices of genctor.go, apart from r's
	ctorDone           bool             // a constructor group was placed (genctor.go)
	rbr                *rand.Rand       // the choices of genreadback.go, apart from r's
	rbDone             bool             // a read back was placed (genreadback.go)
	dbr                *rand.Rand       // the choices of gendbuf.go, apart from r's
	bir                *rand.Rand       // the choices of genbarinv.go, apart from r's
	prr                *rand.Rand       // the choices of genpair.go, apart from r's
	prAll              bool             // start with a precondition about pairs (NewWithPairPrecondition)
	biDone             bool             // a barrier invariant was placed (genbarinv.go)
	biAll              bool             // place one wherever one may be (NewWithInvariant)
}

func (g *gen) chance(p float64) bool { return g.r.Float64() < p }
func (g *gen) intn(n int) int        { return g.r.Intn(n) }

// pick returns an index chosen with the given weights.
func (g *gen) pick(ws ...int) int { return pickFrom(g.r, ws...) }

// pickFrom returns an index chosen with the given weights, drawn from r.
func pickFrom(r *rand.Rand, ws ...int) int {
	t := 0
	for _, w := range ws {
		t += w
	}
	x := r.Intn(t)
	for i, w := range ws {
		if x < w {
			return i
		}
		x -= w
	}
	return len(ws) - 1
}

func (g *gen) name(prefix string) string {
	g.cnt++
	return fmt.Sprintf("%s%d", prefix, g.cnt)
}

// risky says whether to break the discipline at this decision.
func (g *gen) risky() bool { return g.risk > 0 && g.chance(g.risk) }

// generate makes a case. target < 0 picks the mood at random (44% race
// free, 44% racy, 12% divergent: about 10% of kernels end up divergent) and
// retries until the interpreter agrees, at most a few times.
func generate(r *rand.Rand, target int) *Case { return generateWith(r, target, false, false) }

// generateWith is generate; with inv, the kernel holds a barrier invariant
// (genbarinv.go) where its launch allows one, at the first statement of its
// top level that may hold one.
func generateWith(r *rand.Rand, target int, inv, pair bool) *Case {
	mood := Verdict(target)
	if target < 0 {
		switch x := r.Intn(100); {
		case x < 44:
			mood = DRF
		case x < 88:
			mood = Racy
		default:
			mood = Divergent
		}
	}
	name := fmt.Sprintf("k%08x", r.Uint32())
	var last *Case
	for attempt := 0; ; attempt++ {
		seed := r.Int63()
		c, _ := build(seed, mood, name, inv, pair)
		if c != nil {
			last = c
			if c.Expect == mood || attempt >= 12 {
				return addHost(c)
			}
		}
		if attempt >= 60 && last != nil {
			return addHost(last)
		}
	}
}

// build generates one kernel from a seed in a mood and finalizes it.
func build(seed int64, mood Verdict, name string, inv, pair bool) (*Case, error) {
	g := &gen{
		r:     rand.New(rand.NewSource(seed)),
		tr:    rand.New(rand.NewSource(seed ^ 0x5eed7e3a)),
		nr:    rand.New(rand.NewSource(seed ^ 0x2b17c0de)),
		wr:    newWrapRand(seed),
		hr:    newHdrRand(seed),
		lr:    newLayoutRand(seed),
		cr:    newCtorRand(seed),
		rbr:   newReadBackRand(seed),
		dbr:   newDbufRand(seed),
		bir:   newBarInvRand(seed),
		prr:   newPairRand(seed),
		prAll: pair,
		biAll: inv,
		mood:  mood,
		vr:    map[any]rng{},
		uni:   map[any]bool{},
		noIdx: map[any]bool{},
		fns:   map[string]*Func{},
		st:    map[*arr]*epoch{},
	}
	switch mood {
	case Racy:
		g.risk = 0.12 + 0.3*g.r.Float64()
	case Divergent:
		g.div = 0.5
	}
	p := g.program(name)
	n := 0
	walkProgram(p, func(Stmt) { n++ }, nil)
	if n > maxStmts+g.netStmts {
		return nil, fmt.Errorf("%d statements", n)
	}
	return finalize(p)
}

// maxStmts bounds the statements of a kernel (device functions included).
const maxStmts = 40

func (g *gen) program(name string) *Program {
	p := &Program{Block: [3]int{1, 1, 1}, Grid: [3]int{1, 1, 1}}
	g.p = p
	g.launch()
	if g.prAll {
		p.Grid = [3]int{1, 1, 1} // a grid of one block, checked whole (genpair.go)
	}
	g.k = &Func{Name: name, Ret: tVoid, Body: &Block{}}
	p.Kernel = g.k
	g.params()
	g.makeArrays()
	var body []Stmt
	g.ctxUni = true
	g.prologue(&body)
	g.pairPrecondition(&body)
	g.fixedParam(&body)
	if g.dbufHere() {
		// first, from choices of its own: the rest of the kernel is what
		// it would be without it
		g.dbufStmt(&body)
	}
	g.prologueLen = len(body)
	g.budget = 3 + g.intn(8)
	if g.biAll {
		// kernels made for their barrier invariant: nothing else (the
		// CUDA differential mixes invariants with the other constructs)
		g.budget = 1
	}
	for g.budget > 0 {
		g.stmt(&body)
	}
	if g.mood == Divergent && !g.diverged {
		// a divergent barrier at some point of the kernel's top level
		var tail []Stmt
		g.divergent(&tail)
		k := g.prologueLen + g.intn(len(body)-g.prologueLen+1)
		body = append(body[:k], append(tail, body[k:]...)...)
	}
	// shared declarations first
	var decls []Stmt
	for _, a := range g.arrays {
		if a.sp == spShared {
			decls = append(decls, &Decl{V: a.v})
		}
	}
	for _, v := range g.ownShared {
		decls = append(decls, &Decl{V: v})
	}
	g.k.Body.Stmts = append(decls, body...)
	g.finishPtrArrays()
	return p
}

func (g *gen) launch() {
	p := g.p
	sizes := []int{1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 24, 32, 33, 48, 64}
	ws := []int{1, 6, 4, 8, 2, 2, 2, 8, 3, 7, 2, 6, 1, 2, 3}
	switch g.pick(70, 25, 5) {
	case 0:
		p.Block[0] = sizes[g.pick(ws...)]
	case 1:
		xs := []int{1, 2, 3, 4, 8, 16}
		ys := []int{2, 3, 4, 8}
		p.Block[0] = xs[g.intn(len(xs))]
		p.Block[1] = ys[g.intn(len(ys))]
		for p.Block[0]*p.Block[1] > 64 {
			p.Block[0] /= 2
		}
	default:
		p.Block = [3]int{2, 2, 2}
		if g.chance(0.5) {
			p.Block[0] = 4
		}
	}
	switch g.pick(45, 35, 10, 10) {
	case 0:
		p.Grid[0] = 1
	case 1:
		p.Grid[0] = 2
	case 2:
		p.Grid[0] = 3
	default:
		p.Grid[0] = 4
	}
	if p.Grid[0] == 2 && g.chance(0.1) {
		p.Grid = [3]int{1, 2, 1}
	}
	g.pickWarp()
}

func (g *gen) params() {
	g.nPar = &Var{Name: "n", Kind: VLocal, T: tInt, Param: true, Vals: []int64{int64(g.intn(9))}}
	g.vr[g.nPar] = rk(g.nPar.Vals[0], g.nPar.Vals[0])
	g.uni[g.nPar] = true
	g.mPar = &Var{Name: "m", Kind: VLocal, T: tUint, Param: true, Vals: []int64{int64(1 + g.intn(8))}}
	g.vr[g.mPar] = rk(g.mPar.Vals[0], g.mPar.Vals[0])
	g.uni[g.mPar] = true
	g.cfgS = &Struct{Name: "Cfg", Fields: []*Field{{Name: "base", T: tInt}, {Name: "len", T: tInt}}}
	g.cfgPar = &Var{Name: "cfg", Kind: VLocal, T: &Type{K: KStruct, S: g.cfgS}, Param: true,
		Vals: []int64{int64(g.intn(5)), int64(1 + g.intn(6))}}
	for i, f := range g.cfgS.Fields {
		g.vr[f] = rk(g.cfgPar.Vals[i], g.cfgPar.Vals[i])
		g.uni[f] = true
	}
	g.pairS = &Struct{Name: "Pair", Fields: []*Field{{Name: "a", T: tInt}, {Name: "b", T: tInt}}}
	g.recS = &Struct{Name: "Rec", Fields: []*Field{{Name: "key", T: tInt}, {Name: "val", T: tInt, Arr: true, Len: 4}}}
	g.p.Structs = []*Struct{g.pairS, g.recS, g.cfgS}
	g.templates()
	g.k.Params = []*Var{g.nPar, g.mPar, g.cfgPar}
}

// makeArrays picks the arrays of the kernel.
func (g *gen) makeArrays() {
	multi := g.p.blocks() > 1
	add := func(a *arr) *arr {
		if a.scale == 0 {
			a.scale = 1
			if g.chance(0.25) {
				a.scale = int64(2 + g.intn(3))
			}
			if g.chance(0.3) {
				a.base = int64(g.intn(4))
			}
		}
		g.arrays = append(g.arrays, a)
		return a
	}
	shared := func(t *Type, dims []int) *arr {
		v := &Var{Name: g.name("s"), Kind: VShared, T: t, Dims: dims}
		return add(&arr{v: v, sp: spShared, elem: t, dims: len(dims)})
	}
	global := func(t *Type, name string) *arr {
		v := &Var{Name: g.name(name), Kind: VLocal, T: ptrTo(t), Param: true, Len: 1}
		g.k.Params = append(g.k.Params, v)
		return add(&arr{v: v, sp: spGlobal, elem: t, dims: 1, grid: multi})
	}
	n := 0
	if g.chance(0.8) {
		shared(tInt, []int{1})
		n++
	}
	if g.chance(0.7) || n == 0 {
		global(tInt, "out")
	}
	if g.chance(0.35) {
		a := global(tInt, "in")
		a.input = true
		a.v.Input = true
		a.v.InitA = int64(1 + g.intn(7))
		a.v.InitB = int64(g.intn(5))
		a.v.InitM = int64(2 + g.intn(15))
	}
	if g.chance(0.2) {
		shared(tUint, []int{1})
	}
	if g.chance(0.15) {
		a := shared(tFloat, []int{1})
		if g.chance(0.5) {
			a.scale, a.base = 4, 0
		}
	}
	if g.chance(0.12) {
		a := global(tFloat, "f")
		if g.chance(0.5) {
			a.scale, a.base = 4, 0
		}
	}
	if g.chance(0.15) {
		global(tUint, "u")
	}
	if g.chance(0.15) {
		shared(tInt, []int{1, 1})
	}
	if g.chance(0.12) {
		shared(&Type{K: KStruct, S: g.pairS}, []int{1})
	}
	if g.chance(0.08) {
		global(&Type{K: KStruct, S: g.pairS}, "pairs")
	}
	if g.chance(0.1) || g.recS.Tmpl != nil && g.recS.Tmpl.N && g.tchance(0.3) {
		shared(&Type{K: KStruct, S: g.recS}, []int{1})
		if g.recS.Tmpl != nil && g.recS.Tmpl.N && g.tchance(0.8) {
			// a second instance of Rec's template (gentmpl.go)
			s := instance(g.recS)
			g.p.Structs = append(g.p.Structs, s)
			shared(&Type{K: KStruct, S: s}, []int{1})
		}
	}
	if g.chance(0.08) {
		v := &Var{Name: "dyn", Kind: VDyn, T: tInt}
		add(&arr{v: v, sp: spShared, elem: tInt, dims: 1, dyn: true})
	}
	if g.chance(0.12) {
		a := shared(tInt, nil)
		a.dims = 0
	}
	if g.chance(0.2) {
		t := tInt
		if g.chance(0.4) {
			t = tUint
		}
		a := shared(t, []int{1})
		a.atomicOnly = true
		if g.chance(0.4) {
			a.v.T, a.elem = tUint, tUint
		}
	}
	g.namespaceVars(add)
	g.ptrArrayParam(add)
	for _, a := range g.arrays {
		g.st[a] = &epoch{}
	}
}

// prologue declares tid (and gid).
func (g *gen) prologue(out *[]Stmt) {
	p := g.p
	var e Expr
	if p.Block[1] == 1 && p.Block[2] == 1 {
		e = tidx(0)
	} else {
		g.tx = g.local(out, "tx", tInt, tidx(0), rk(0, int64(p.Block[0]-1)), false)
		g.ty = g.local(out, "ty", tInt, tidx(1), rk(0, int64(p.Block[1]-1)), false)
		e = bin("+", bin("*", ref(g.ty), bdim(0)), ref(g.tx))
		if p.Block[2] > 1 {
			e = bin("+", bin("*", tidx(2), bin("*", bdim(0), bdim(1))), e)
		}
	}
	n := int64(p.threads())
	g.tid = g.local(out, "tid", tInt, e, rk(0, n-1), false)
	g.noIdx[g.tid] = false
	if p.blocks() > 1 || g.chance(0.3) {
		var per Expr = bdim(0)
		if p.Block[1] > 1 {
			per = bin("*", bdim(0), bdim(1))
		}
		if p.Block[2] > 1 {
			per = bin("*", per, bdim(2))
		}
		var b Expr = bidx(0)
		if p.Grid[1] > 1 {
			b = bin("+", bin("*", bidx(1), gdim(0)), bidx(0))
		}
		g.gid = g.local(out, "gid", tInt, bin("+", bin("*", b, per), ref(g.tid)), rk(0, n*int64(p.blocks())-1), false)
	}
}

// local declares a scalar local and puts it in scope.
func (g *gen) local(out *[]Stmt, prefix string, t *Type, init Expr, r rng, uni bool) *Var {
	name := prefix
	if prefix != "tid" && prefix != "gid" && prefix != "tx" && prefix != "ty" {
		name = g.name(prefix)
	}
	v := &Var{Name: name, Kind: VLocal, T: t}
	*out = append(*out, &Decl{V: v, Init: init})
	g.scope = append(g.scope, v)
	g.vr[v] = r
	g.uni[v] = uni
	return v
}

// rangeOf estimates the range of an integral expression over every thread.
func (g *gen) rangeOf(e Expr) rng {
	r := g.rangeOf0(e)
	if !r.ok {
		return r
	}
	if r.lo < math.MinInt32 || r.hi > math.MaxUint32 {
		return unknown
	}
	return r
}

func (g *gen) rangeOf0(e Expr) rng {
	p := g.p
	switch e := e.(type) {
	case *Lit:
		if e.T.K == KFloat {
			return rk(int64(math.Floor(float64(e.F))), int64(math.Ceil(float64(e.F))))
		}
		return rk(e.I, e.I)
	case *Builtin:
		switch e.Name {
		case "threadIdx":
			return rk(0, int64(p.Block[e.Dim]-1))
		case "blockIdx":
			return rk(0, int64(p.Grid[e.Dim]-1))
		case "blockDim":
			return rk(int64(p.Block[e.Dim]), int64(p.Block[e.Dim]))
		case "gridDim":
			return rk(int64(p.Grid[e.Dim]), int64(p.Grid[e.Dim]))
		case "warpSize":
			return rk(int64(p.warp()), int64(p.warp()))
		}
	case *VarRef:
		if r, ok := g.vr[e.V]; ok {
			return r
		}
	case *Member:
		if x, ok := e.X.(*VarRef); ok {
			if r, ok := g.vr[fieldKey{x.V, e.F}]; ok {
				return r
			}
		}
		if r, ok := g.vr[e.F]; ok {
			return r
		}
	case *StmtExpr:
		return g.rangeOf(e.X)
	case *LambdaCall:
		l, ok := g.lams[e.F]
		x := g.rangeOf(e.Args[0])
		if !ok || !x.ok {
			return unknown
		}
		if l.mul {
			return rk(min(x.lo*l.c, x.hi*l.c), max(x.lo*l.c, x.hi*l.c))
		}
		return rk(x.lo+l.c, x.hi+l.c)
	case *Index:
		if v, ok := e.X.(*VarRef); ok && v.V.Input {
			return rk(0, v.V.InitM-1)
		}
	case *Cast:
		x := g.rangeOf(e.X)
		switch e.T.K {
		case KUChar:
			if x.ok && x.lo >= 0 && x.hi <= 255 {
				return x
			}
			return rk(0, 255)
		case KShort:
			if x.ok && x.lo >= -32768 && x.hi <= 32767 {
				return x
			}
			return rk(-32768, 32767)
		case KUint:
			if x.ok && x.lo >= 0 {
				return x
			}
			return rk(0, math.MaxUint32)
		case KInt:
			if x.ok && x.hi <= math.MaxInt32 {
				return x
			}
			return unknown
		case KFloat:
			return x
		}
	case *Unary:
		x := g.rangeOf(e.X)
		switch e.Op {
		case "!":
			return rk(0, 1)
		case "-":
			if x.ok && !g.isUnsigned(e.X) {
				return rk(-x.hi, -x.lo)
			}
		}
		return unknown
	case *MinMax:
		x, y := g.rangeOf(e.X), g.rangeOf(e.Y)
		if !x.ok || !y.ok {
			return unknown
		}
		if e.Max {
			return rk(max(x.lo, y.lo), max(x.hi, y.hi))
		}
		return rk(min(x.lo, y.lo), min(x.hi, y.hi))
	case *Cond:
		x, y := g.rangeOf(e.X), g.rangeOf(e.Y)
		if !x.ok || !y.ok {
			return unknown
		}
		return rk(min(x.lo, y.lo), max(x.hi, y.hi))
	case *Call:
		if e.Via != nil {
			return g.fnPtrRange(e)
		}
		if e.F == g.fns["cfg"] {
			x, y := g.rangeOf(e.Args[1]), g.vr[g.cfgS.Fields[0]]
			if x.ok && y.ok {
				return rk(x.lo+y.lo, x.hi+y.hi)
			}
		}
		if e.F == g.fns["ident"] {
			x, y := g.rangeOf(e.Args[0]), g.rangeOf(e.Args[1])
			if x.ok && y.ok {
				return rk(x.lo+y.lo, x.hi+y.hi)
			}
		}
	case *Binary:
		switch e.Op {
		case "<", "<=", ">", ">=", "==", "!=", "&&", "||":
			return rk(0, 1)
		}
		x, y := g.rangeOf(e.X), g.rangeOf(e.Y)
		if !x.ok || !y.ok {
			return unknown
		}
		uns := g.isUnsigned(e.X) || g.isUnsigned(e.Y)
		var r rng
		switch e.Op {
		case "+":
			r = rk(x.lo+y.lo, x.hi+y.hi)
		case "-":
			r = rk(x.lo-y.hi, x.hi-y.lo)
		case "*":
			a, b, c, d := x.lo*y.lo, x.lo*y.hi, x.hi*y.lo, x.hi*y.hi
			r = rk(min(a, b, c, d), max(a, b, c, d))
		case "/":
			if y.lo <= 0 || x.lo < 0 {
				return unknown
			}
			r = rk(x.lo/y.hi, x.hi/y.lo)
		case "%":
			if y.lo <= 0 || x.lo < 0 {
				return unknown
			}
			if x.hi < y.lo {
				return x
			}
			r = rk(0, y.hi-1)
		case "&":
			switch {
			case x.lo >= 0 && y.lo >= 0:
				r = rk(0, min(x.hi, y.hi))
			case y.lo >= 0:
				r = rk(0, y.hi)
			case x.lo >= 0:
				r = rk(0, x.hi)
			default:
				return unknown
			}
		case "|", "^":
			if x.lo < 0 || y.lo < 0 {
				return unknown
			}
			r = rk(0, pow2ceil(max(x.hi, y.hi)+1)-1)
			if e.Op == "|" {
				r.lo = max(x.lo, y.lo)
			}
		case "<<":
			if x.lo < 0 || y.lo < 0 || y.hi > 20 {
				return unknown
			}
			r = rk(x.lo<<y.lo, x.hi<<y.hi)
		case ">>":
			if x.lo < 0 || y.lo < 0 || y.hi > 31 {
				return unknown
			}
			r = rk(x.lo>>y.hi, x.hi>>y.lo)
		default:
			return unknown
		}
		if uns && r.lo < 0 {
			return rk(0, math.MaxUint32)
		}
		if !uns && (r.lo < math.MinInt32 || r.hi > math.MaxInt32) {
			return unknown
		}
		return r
	}
	return unknown
}

func pow2ceil(x int64) int64 {
	p := int64(1)
	for p < x {
		p <<= 1
	}
	return p
}

// isUnsigned: the expression has type unsigned (after promotion).
func (g *gen) isUnsigned(e Expr) bool {
	return g.typeOf(e).K == KUint
}

// typeOf is the static type of an expression the generator built.
func (g *gen) typeOf(e Expr) *Type {
	switch e := e.(type) {
	case *Lit:
		return e.T
	case *Builtin:
		if e.Name == "warpSize" || e.Name == otherTid {
			return tInt
		}
		return tUint
	case *VarRef:
		if e.V.isArray() {
			return ptrTo(e.V.T)
		}
		return e.V.T
	case *Index, *Deref, *VecLane:
		if t := lvalType(e); t != nil {
			return t
		}
	case *Index2:
		return e.V.T
	case *Row:
		return ptrTo(e.V.T)
	case *Member:
		if e.F.Arr {
			return ptrTo(e.F.T)
		}
		return e.F.T
	case *Cast:
		return e.T
	case *Unary:
		if e.Op == "!" {
			return tBool
		}
		return promote(g.typeOf(e.X))
	case *Binary:
		x := g.typeOf(e.X)
		switch e.Op {
		case "<", "<=", ">", ">=", "==", "!=", "&&", "||":
			return tBool
		case "<<", ">>":
			return promote(x)
		}
		if x.K == KPtr {
			return x
		}
		return usual(x, g.typeOf(e.Y))
	case *Cond:
		x, y := g.typeOf(e.X), g.typeOf(e.Y)
		if x.K == KPtr {
			return x
		}
		if sameType(x, y) {
			return x
		}
		return usual(x, y)
	case *MinMax:
		return g.typeOf(e.X)
	case *Call:
		return e.F.Ret
	case *Atomic:
		if t := staticPointee(e.P); t != nil {
			return t
		}
	case *AddrOf:
		if t := lvalType(e.X); t != nil {
			return ptrTo(t)
		}
	case *SyncPred:
		return tInt
	case *StmtExpr:
		return g.typeOf(e.X)
	case *LambdaCall:
		return tInt
	case *FnRef:
		return &Type{K: KFnPtr, Fn: e.F}
	}
	return tInt
}

// uniform says whether an expression has one value for all threads of a
// block.
func (g *gen) uniform(e Expr) bool {
	switch e := e.(type) {
	case *Builtin:
		return e.Name != "threadIdx" && e.Name != otherTid
	case *VarRef:
		return g.uni[e.V]
	case *Member:
		if e.F.Arr {
			return false
		}
		if r, ok := e.X.(*VarRef); ok && r.V == g.cfgPar {
			return g.uni[e.F]
		}
		if r, ok := e.X.(*VarRef); ok {
			return g.uni[fieldKey{r.V, e.F}]
		}
		return false
	case *LambdaCall:
		for _, a := range e.Args {
			if !g.uniform(a) {
				return false
			}
		}
		return g.lams[e.F].uni
	case *Index, *Index2, *Deref, *VecLane, *Atomic, *SyncPred:
		if ix, ok := e.(*Index); ok {
			if v, ok := ix.X.(*VarRef); ok && v.V.Input {
				return g.uniform(ix.I)
			}
		}
		return false
	case *Call:
		if e.Via != nil && !g.fps[e.Via].uni {
			return false
		}
		for _, a := range e.Args {
			if !g.uniform(a) {
				return false
			}
		}
		return true
	}
	for _, c := range children(e) {
		if !g.uniform(c) {
			return false
		}
	}
	return true
}

package cudagen

// This file builds statements: memory accesses under the race-freedom
// discipline (or breaking it), and the control flow around them.

// family of an access: how a thread picks the cell.
type family byte

const (
	famOwn    family = 'o' // one of the thread's own cells
	famOther  family = 'x' // any cell (reads of cells no one writes now)
	famSingle family = 's' // any cell, by one thread under a guard
	famDirty  family = 'd' // a shifted own cell: nothing else this interval
)

// stmt generates one statement (or a few) into out.
func (g *gen) stmt(out *[]Stmt) {
	g.budget--
	if g.wrapHere() {
		g.wrapStmt(out)
		return
	}
	if g.layoutHere() {
		g.layoutStmt(out)
		return
	}
	if g.headerHere() {
		g.headerStmt(out)
		return
	}
	if g.ctorHere() {
		g.ctorStmt(out)
		return
	}
	deep := g.depth >= 3
	nest := 9
	if deep {
		nest = 0
	}
	inLoop := 0
	if len(g.loops) > 0 {
		inLoop = 5
	}
	grid := 0
	if g.p.blocks() > 1 {
		grid = 3
	}
	top := 0 // the kernel's top level, where every thread passes (genelect.go)
	if g.depth == 0 && len(g.loops) == 0 && g.inSwitch == 0 && g.canSync() {
		top = 2
		if g.netHere() {
			g.netStmt(out)
			return
		}
		if g.readBackHere() {
			g.readBackStmt(out)
			return
		}
		if g.barInvHere() {
			g.barInvStmt(out)
			return
		}
	}
	switch g.pick(30, 6, nest, nest, nest/3, 7, 4, 4, 4, 3, 3, 2, inLoop, 3, 7, 3, nest/3, nest/3, 5, 4, 5, grid, 4, top) {
	case 23:
		g.electStmt(out)
	case 22:
		g.counterStmt(out)
	case 20:
		g.warpStmt(out)
	case 21:
		g.gridStmt(out)
	case 18:
		g.memStmt(out)
	case 19:
		g.structAssignStmt(out)
	case 0:
		g.access(out)
	case 1:
		g.localStmt(out)
	case 2:
		g.ifStmt(out)
	case 3:
		g.loop(out)
	case 4:
		g.switchStmt(out)
	case 5:
		g.barrierStmt(out)
	case 6:
		g.pointerWalk(out)
	case 7:
		g.refStmt(out)
	case 8:
		g.callStmt(out)
	case 9:
		g.cfgAccess(out)
	case 10:
		g.localArray(out)
	case 11:
		g.returnStmt(out)
	case 12:
		g.breakStmt(out)
	case 13:
		g.floatStmt(out)
	case 14:
		g.atomicStmt(out)
	case 15:
		g.guardStmt(out)
	case 16:
		g.strideLoop(out)
	case 17:
		g.reduction(out)
	}
}

// strideLoop is a block-stride (or grid-stride) loop: "for (int i = tid;
// i < N; i += blockDim.x)", each thread visiting its own cells.
func (g *gen) strideLoop(out *[]Stmt) {
	grid := g.p.blocks() > 1 && g.chance(0.5)
	p := g.p
	oneD := p.Block[1] == 1 && p.Block[2] == 1 && p.Grid[1] == 1
	n := int64(p.threads())
	var start, step Expr
	if grid {
		n *= int64(p.blocks())
		start = g.gidE()
		step = intLit(n)
		if oneD {
			step = &Cast{T: tInt, X: bin("*", bdim(0), gdim(0))}
		}
	} else {
		start = ref(g.tid)
		step = intLit(n)
		if oneD {
			step = &Cast{T: tInt, X: bdim(0)}
		}
	}
	if g.risky() {
		// a stride one short of the threads: cells meet
		step = bin("-", step, intLit(1))
		if n == 1 {
			step = intLit(1)
		}
	}
	trips := int64(1 + g.intn(3))
	bound := n*(trips-1) + 1 + int64(g.intn(int(n)))
	var b Expr = intLit(bound)
	if g.chance(0.4) {
		b = bin("+", intLit(bound-g.nPar.Vals[0]), ref(g.nPar))
	}
	v := &Var{Name: g.name("i"), Kind: VLocal, T: tInt}
	g.vr[v] = rk(0, bound-1)
	g.uni[v] = false
	li := &loopInfo{v: v, trip: int(trips), stride: true, grid: grid}
	save := len(g.scope)
	g.scope = append(g.scope, v)
	s0 := g.snap()
	g.loops = append(g.loops, li)
	body := g.nested(true, 1+g.intn(2))
	g.loops = g.loops[:len(g.loops)-1]
	g.scope = g.scope[:save]
	g.unionWith(s0)
	var post Stmt = &Assign{L: ref(v), Op: "+=", R: step}
	*out = append(*out, &For{Init: &Decl{V: v, Init: start}, C: bin("<", ref(v), b), Post: post, Body: body})
}

// reduction is the tree reduction of a shared array:
//
//	for (int s = blockDim.x / 2; s > 0; s >>= 1) {
//	  if (tid < s) a[tid] += a[tid + s];
//	  __syncthreads();
//	}
//
// (or a variant that races, or diverges).
func (g *gen) reduction(out *[]Stmt) {
	a := g.pickArr(func(a *arr) bool {
		return a.sp == spShared && a.dims == 1 && !a.atomicOnly && (a.elem.K == KInt || a.elem.K == KUint || a.elem.K == KFloat)
	})
	if a == nil || !g.canSync() && g.mood == DRF {
		g.access(out)
		return
	}
	if g.canSync() && !g.epochEmpty() {
		g.sync(out)
	}
	// fill: a[tid] = value; __syncthreads();
	*out = append(*out, &Assign{L: &Index{X: ref(a.v), I: ref(g.tid)}, Op: "=", R: g.value(out, a.elem)})
	if g.canSync() {
		g.sync(out)
	}
	if g.chance(0.35) {
		g.levels(out, a)
		return
	}
	n := g.p.threads()
	s := &Var{Name: g.name("s"), Kind: VLocal, T: tInt}
	g.vr[s] = rk(1, int64(max(n/2, 1)))
	g.uni[s] = true
	var init Expr = bin("/", &Cast{T: tInt, X: bdim(0)}, intLit(2))
	if g.p.Block[1] > 1 || g.p.Block[2] > 1 {
		init = intLit(int64(n / 2))
	}
	var cond Expr = bin("<", ref(g.tid), ref(s))
	var other Expr = bin("+", ref(g.tid), ref(s))
	barrier := true
	inside := false
	if g.mood != DRF {
		switch g.intn(5) {
		case 0:
			barrier = false // iterations meet
		case 1:
			if g.mood == Divergent {
				inside = true // the barrier under tid < s
			} else {
				cond = bin("<=", ref(g.tid), ref(s)) // thread s reads and is read
			}
		case 2:
			other = bin("-", bin("+", ref(g.tid), ref(s)), bin("&", ref(g.tid), intLit(1)))
		}
	}
	upd := &Assign{L: &Index{X: ref(a.v), I: ref(g.tid)}, Op: "+=", R: &Index{X: ref(a.v), I: other}}
	if a.elem.K == KInt {
		// an int sum of reads could overflow in theory: a max instead
		upd = &Assign{L: &Index{X: ref(a.v), I: ref(g.tid)}, Op: "=", R: &MinMax{Max: true, X: &Index{X: ref(a.v), I: ref(g.tid)}, Y: &Index{X: ref(a.v), I: other}}}
	}
	then := block(upd)
	body := block(&If{C: cond, Then: then})
	g.levelBarrier(barrier, inside, then, body)
	*out = append(*out, &For{Init: &Decl{V: s, Init: init}, C: bin(">", ref(s), intLit(0)), Post: &Assign{L: ref(s), Op: ">>=", R: intLit(1)}, Body: body})
	// the result, read by one thread
	if g.chance(0.6) {
		x := g.local(out, "x", g.lvalType(a), &Index{X: ref(a.v), I: intLit(0)}, unknown, false)
		g.noIdx[x] = true
		g.use(out, x)
	}
	e := g.st[a]
	*e = epoch{othR: true, ownW: true}
}

// levels is the reduction of the wavelet's form, one level per iteration
// of a counted loop, the active threads' variables updated under their
// guard (a sticky guard: a thread that fails it keeps them, and fails it
// again):
//
//	unsigned act = blockDim.x / 2, st = 1, pos = tid * 2;
//	for (int i = 0; i < L; i++) {
//	  if (tid < act) { a[pos] = max(a[pos], a[pos + st]); act >>= 1; st <<= 1; pos <<= 1; }
//	  __syncthreads();
//	}
//
// In level k the active threads, tid < n / 2^(k+1), write a[tid 2^(k+1)]
// and read a[tid 2^(k+1) + 2^k], below n. L is a literal or n (a
// parameter drfcheck does not know). The updates may also follow the
// guard (every thread moves). Variants race (no barrier, or pos from
// tid: thread 0 reads a[1] as thread 1 writes it) or diverge (the barrier
// in the guard).
func (g *gen) levels(out *[]Stmt, a *arr) {
	n := g.p.threads()
	var act0 Expr = bin("/", bdim(0), uintLit(2))
	if g.p.Block[1] > 1 || g.p.Block[2] > 1 {
		act0 = uintLit(int64(n / 2))
	}
	var pos0 Expr = bin("*", &Cast{T: tUint, X: ref(g.tid)}, uintLit(2))
	barrier, inside := true, false
	if g.mood != DRF {
		switch g.intn(3) {
		case 0:
			barrier = false
		case 1:
			if g.mood == Divergent {
				inside = true
			} else {
				pos0 = &Cast{T: tUint, X: ref(g.tid)}
			}
		}
	}
	act := g.local(out, "act", tUint, act0, rk(0, int64(n/2)), true)
	st := g.local(out, "st", tUint, uintLit(1), unknown, true)
	pos := g.local(out, "pos", tUint, pos0, unknown, false)
	for _, v := range []*Var{act, st, pos} {
		g.noIdx[v] = true
	}
	var trips Expr = intLit(int64(1 + g.intn(8)))
	if g.chance(0.4) {
		trips = ref(g.nPar)
	}
	i := &Var{Name: g.name("i"), Kind: VLocal, T: tInt}
	at := func(e Expr) Expr { return &Index{X: ref(a.v), I: e} }
	upd := &Assign{L: at(ref(pos)), Op: "=", R: &MinMax{Max: true, X: at(ref(pos)), Y: at(bin("+", ref(pos), ref(st)))}}
	if a.elem.K != KInt {
		upd = &Assign{L: at(ref(pos)), Op: "+=", R: at(bin("+", ref(pos), ref(st)))}
	}
	steps := []Stmt{&Assign{L: ref(act), Op: ">>=", R: uintLit(1)}, &Assign{L: ref(st), Op: "<<=", R: uintLit(1)}, &Assign{L: ref(pos), Op: "<<=", R: uintLit(1)}}
	then := block(upd)
	body := block(&If{C: bin("<", &Cast{T: tUint, X: ref(g.tid)}, ref(act)), Then: then})
	if g.chance(0.75) {
		then.Stmts = append(then.Stmts, steps...)
	} else {
		body.Stmts = append(body.Stmts, steps...)
	}
	g.levelBarrier(barrier, inside, then, body)
	*out = append(*out, &For{Init: &Decl{V: i, Init: intLit(0)}, C: bin("<", ref(i), trips), Post: &IncDec{L: ref(i), Op: "++"}, Body: body})
	e := g.st[a]
	*e = epoch{othR: true, ownW: true}
}

// levelBarrier ends a level of a reduction with its barrier: after the
// guarded branch then, in the loop's body, or inside the branch (a
// divergence), or nowhere.
func (g *gen) levelBarrier(barrier, inside bool, then, body *Block) {
	switch {
	case !barrier:
	case inside:
		then.Stmts = append(then.Stmts, &Sync{Op: "__syncthreads"})
		g.diverged = true
	default:
		body.Stmts = append(body.Stmts, &Sync{Op: "__syncthreads"})
	}
}

// ---- the race-freedom discipline ----

func (g *gen) snap() map[*arr]epoch {
	m := map[*arr]epoch{}
	for a, e := range g.st {
		m[a] = *e
	}
	return m
}

func (g *gen) restore(m map[*arr]epoch) {
	for a, e := range m {
		*g.st[a] = e
	}
}

func (g *gen) unionWith(m map[*arr]epoch) {
	for a, e := range m {
		s := g.st[a]
		s.ownW = s.ownW || e.ownW
		s.ownR = s.ownR || e.ownR
		s.othR = s.othR || e.othR
		s.atom = s.atom || e.atom
		s.single = s.single || e.single
	}
}

func (g *gen) epochEmpty() bool {
	for _, e := range g.st {
		if *e != (epoch{}) {
			return false
		}
	}
	return true
}

// canSync says whether a barrier here is reached by every thread of the
// block (as far as the generator knows).
func (g *gen) canSync() bool {
	if !g.ctxUni || g.tdReturn || g.guard {
		return false
	}
	for _, l := range g.loops {
		if l.noSync {
			return false
		}
	}
	return true
}

// sync emits a barrier and starts a new interval.
func (g *gen) sync(out *[]Stmt) {
	*out = append(*out, &Sync{Op: "__syncthreads"})
	for _, e := range g.st {
		*e = epoch{}
	}
	for _, l := range g.loops {
		l.sync = true
	}
}

// plan decides the family of an access to a (write, read or atomic),
// emitting a barrier first when the discipline needs one and one is
// possible; ok is false when the access should not be made.
func (g *gen) plan(out *[]Stmt, a *arr, mode int) (family, bool) {
	e := g.st[a]
	if a.input {
		return famOther, mode == 0
	}
	allowed := func(f family) bool {
		switch {
		case mode == 2:
			return !e.ownW && !e.ownR && !e.othR && !e.single
		case f == famOwn && mode == 1:
			return !e.othR && !e.atom && !e.single
		case f == famOwn:
			return !e.atom && !e.single
		case f == famOther && mode == 1:
			return false
		case f == famOther:
			return !e.ownW && !e.atom && !e.single && !a.grid
		case f == famSingle:
			return !e.ownW && !e.ownR && !e.othR && !e.atom && !a.grid
		case f == famDirty:
			return *e == (epoch{}) && !a.grid
		}
		return false
	}
	var want family
	switch {
	case mode == 2:
		want = famOther
	case g.guard && !a.grid:
		want = famSingle
	case a.dims == 0 && mode == 1:
		want = famSingle
	case a.dims == 0:
		want = famOther
	case mode == 0 && g.chance(0.5):
		want = famOther
	default:
		want = famOwn
	}
	if g.risky() {
		// break the discipline: a cell of another thread, or no barrier
		if mode == 1 && g.chance(0.5) {
			want = famOther
		}
		g.mark(a, want, mode)
		return want, true
	}
	if allowed(want) {
		g.mark(a, want, mode)
		return want, true
	}
	if want == famOther && mode == 0 && allowed(famOwn) && a.dims > 0 {
		g.mark(a, famOwn, mode)
		return famOwn, true
	}
	if g.canSync() && g.mood != Racy || g.canSync() && g.chance(0.5) {
		g.sync(out)
		if allowed(want) {
			g.mark(a, want, mode)
			return want, true
		}
	}
	if g.mood == Racy && g.chance(0.3) {
		g.mark(a, want, mode)
		return want, true
	}
	return 0, false
}

func (g *gen) mark(a *arr, f family, mode int) {
	e := g.st[a]
	switch {
	case mode == 2:
		e.atom = true
	case f == famSingle:
		e.single = true
	case f == famDirty:
		*e = epoch{ownW: true, ownR: true, othR: true, atom: true, single: true}
	case f == famOwn && mode == 1:
		e.ownW = true
	case f == famOwn:
		e.ownR = true
	default:
		e.othR = true
		if mode == 1 {
			e.ownW = true
		}
	}
}

// pickArr picks an array satisfying ok.
func (g *gen) pickArr(ok func(*arr) bool) *arr {
	var cands []*arr
	for _, a := range g.arrays {
		if ok(a) {
			cands = append(cands, a)
		}
	}
	if len(cands) == 0 {
		return nil
	}
	return cands[g.intn(len(cands))]
}

// index returns an index into a for a family.
func (g *gen) index(out *[]Stmt, a *arr, f family) Expr {
	switch f {
	case famOwn:
		return g.own(out, a)
	case famSingle, famOther:
		if g.chance(0.3) && !a.input {
			return g.rewrite(out, g.uniformIndex(), true)
		}
		if a.input {
			return g.tidMod(a)
		}
		return g.anyIndex(out, a)
	}
	return g.own(out, a)
}

// ---- accesses ----

// access writes, reads or updates one cell of an array.
func (g *gen) access(out *[]Stmt) {
	a := g.pickArr(func(a *arr) bool { return !a.input && !a.atomicOnly })
	if a == nil {
		g.localStmt(out)
		return
	}
	switch g.pick(6, 2, 1, 2) {
	case 0: // store
		f, ok := g.plan(out, a, 1)
		if !ok {
			g.readInto(out)
			return
		}
		if g.viaFunction(out, a, f) {
			return
		}
		l := g.lvalue(out, a, f)
		v := g.value(out, g.lvalType(a))
		if mentions(v, a.v) {
			// never x = x: the compiler would delete the store
			v = bin("+", v, litOf(g.lvalType(a), 1))
		}
		*out = append(*out, &Assign{L: l, Op: "=", R: v})
		if g.chance(0.25) {
			if again, ok := copyPlain(l); ok {
				g.readBack(out, again, g.lvalType(a))
			}
		}
	case 1: // compound assignment
		f, ok := g.plan(out, a, 1)
		if !ok {
			g.readInto(out)
			return
		}
		l := g.lvalue(out, a, f)
		t := g.lvalType(a)
		op, r := g.compound(t)
		*out = append(*out, &Assign{L: l, Op: op, R: r})
	case 2: // increment
		f, ok := g.plan(out, a, 1)
		if !ok {
			g.readInto(out)
			return
		}
		t := g.lvalType(a)
		l := g.lvalue(out, a, f)
		if t.K == KFloat {
			*out = append(*out, &Assign{L: l, Op: "+=", R: floatLit(1)})
			return
		}
		*out = append(*out, &IncDec{L: l, Op: []string{"++", "--"}[g.intn(2)]})
	default:
		g.readInto(out)
	}
}

// readBack reads the cell a store just wrote, through the same lvalue, and
// keeps the value: the thread's read of its own write, which drfcheck
// leaves out of the protocol (internal/infer/symexec/forward.go) on the ground that
// any race of that read is also one of the write.
func (g *gen) readBack(out *[]Stmt, l Expr, t *Type) {
	if t.K != KInt && t.K != KUint {
		return
	}
	v := g.local(out, "x", t, l, unknown, false)
	g.noIdx[v] = true
	g.use(out, v)
}

// copyPlain copies an lvalue made of variables, literals, built-ins,
// subscripts and arithmetic (no call, no atomic: reading it again reads
// what the store wrote), sharing only its variables and types: a node may
// not appear at two places of a kernel.
func copyPlain(e Expr) (Expr, bool) {
	two := func(x, y Expr) (Expr, Expr, bool) {
		cx, ok1 := copyPlain(x)
		cy, ok2 := copyPlain(y)
		return cx, cy, ok1 && ok2
	}
	switch e := e.(type) {
	case *Lit:
		c := *e
		return &c, true
	case *Builtin:
		return &Builtin{Name: e.Name, Dim: e.Dim}, true
	case *VarRef:
		return &VarRef{V: e.V}, true
	case *Index:
		x, i, ok := two(e.X, e.I)
		return &Index{X: x, I: i}, ok
	case *Index2:
		i, j, ok := two(e.I, e.J)
		return &Index2{V: e.V, I: i, J: j}, ok
	case *Row:
		i, ok := copyPlain(e.I)
		return &Row{V: e.V, I: i}, ok
	case *Binary:
		x, y, ok := two(e.X, e.Y)
		return &Binary{Op: e.Op, X: x, Y: y}, ok
	case *Unary:
		x, ok := copyPlain(e.X)
		return &Unary{Op: e.Op, X: x}, ok
	case *Cast:
		x, ok := copyPlain(e.X)
		return &Cast{T: e.T, X: x}, ok
	}
	return nil, false
}

// mentions says whether e names v.
func mentions(e Expr, v *Var) bool {
	found := false
	walkExpr(e, func(x Expr) {
		switch x := x.(type) {
		case *VarRef:
			found = found || x.V == v
		case *Index2:
			found = found || x.V == v
		case *Row:
			found = found || x.V == v
		}
	})
	return found
}

// lvalType is the scalar type of the cells of a reached by lvalue.
func (g *gen) lvalType(a *arr) *Type {
	if a.elem.K == KStruct {
		return tInt
	}
	return a.elem
}

// compound picks a compound operator and operand safe for memory of
// type t (nd values: + and - by small values, masks; unsigned: anything).
// No operand makes the assignment a no-op (x |= 0, x >>= 0, x *= 1): the
// compiler would delete it, and the oracle would not see the access.
func (g *gen) compound(t *Type) (string, Expr) {
	switch t.K {
	case KFloat:
		ops := []string{"+=", "-=", "*="}
		op := ops[g.intn(3)]
		if op == "*=" {
			return op, floatLit([]float32{0.5, 2}[g.intn(2)])
		}
		return op, floatLit([]float32{0.5, 1, 2}[g.intn(3)])
	case KUint:
		ops := []string{"+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>="}
		op := ops[g.intn(len(ops))]
		v := int64(2 + g.intn(6))
		if op == "<<=" || op == ">>=" {
			v = int64(1 + g.intn(3))
		}
		return op, uintLit(v)
	}
	ops := []string{"+=", "-=", "&=", "|=", "^=", "/=", "%=", ">>="}
	op := ops[g.intn(len(ops))]
	switch op {
	case "+=", "-=":
		if g.chance(0.3) {
			return op, bin("+", &Cast{T: tInt, X: bin("&", tidx(0), uintLit(7))}, intLit(1))
		}
		return op, intLit(int64(1 + g.intn(5)))
	case ">>=":
		return op, intLit(int64(1 + g.intn(2)))
	case "/=", "%=":
		return op, intLit(int64(2 + g.intn(3)))
	}
	return op, intLit(int64(1 + g.intn(254)))
}

// value is a value to store into memory of type t.
func (g *gen) value(out *[]Stmt, t *Type) Expr {
	switch t.K {
	case KFloat:
		switch g.intn(4) {
		case 0:
			if f := g.floatVar(); f != nil {
				return ref(f)
			}
		case 1:
			if r := g.read(out, tFloat); r != nil {
				return bin("+", r, floatLit(1))
			}
		case 2:
			return floatLit([]float32{0.5, 1, 2.5}[g.intn(3)])
		}
		return bin("*", &Cast{T: tFloat, X: g.detInt(out, 1)}, floatLit(0.5))
	case KUint:
		switch g.intn(4) {
		case 0:
			if r := g.read(out, tUint); r != nil {
				return bin("+", bin("*", r, uintLit(3)), tidx(0))
			}
		case 1:
			return bin("+", bin("*", tidx(0), uintLit(int64(1+g.intn(4)))), ref(g.mPar))
		case 2:
			return bin("-", ref(g.mPar), uintLit(int64(g.intn(4))))
		}
		return &Cast{T: tUint, X: g.detInt(out, 2)}
	}
	switch g.intn(5) {
	case 0, 1:
		if r := g.read(out, tInt); r != nil {
			if g.chance(0.5) {
				return bin([]string{"+", "-", "^", "&"}[g.intn(4)], r, intLit(int64(1+g.intn(9))))
			}
			return r
		}
	case 2:
		if f := g.floatVar(); f != nil {
			return &Cast{T: tInt, X: ref(f)}
		}
	}
	return g.detInt(out, 2)
}

// read returns a read of memory converted to or usable as t (nil if none
// is allowed now).
func (g *gen) read(out *[]Stmt, t *Type) Expr {
	a := g.pickArr(func(a *arr) bool {
		if a.atomicOnly && g.st[a].atom {
			return false
		}
		et := g.lvalType(a)
		switch t.K {
		case KFloat:
			return true
		case KUint:
			return et.K == KUint
		}
		return et.K == KInt
	})
	if a == nil {
		return nil
	}
	f, ok := g.plan(out, a, 0)
	if !ok {
		return nil
	}
	if a.input {
		switch g.intn(3) {
		case 0:
			return &Deref{X: bin("+", ref(a.v), g.index(out, a, f))}
		}
		return &Index{X: ref(a.v), I: g.index(out, a, f)}
	}
	if g.chance(0.15) && a.elem.K == KInt && a.dims == 1 && !a.dyn {
		fn := g.fnLoad()
		return &Call{F: fn, Args: []Expr{ref(a.v), g.toIntE(g.index(out, a, f))}}
	}
	if a.elem.K == KStruct && a.elem.S == g.pairS && g.chance(0.4) {
		return &Call{F: g.fnPairSum(), Args: []Expr{&Index{X: ref(a.v), I: g.index(out, a, f)}}}
	}
	return g.lvalue(out, a, f)
}

// readInto reads memory into a new local (and maybe uses it).
func (g *gen) readInto(out *[]Stmt) {
	t := []*Type{tInt, tInt, tUint, tFloat}[g.intn(4)]
	r := g.read(out, t)
	if r == nil {
		g.localStmt(out)
		return
	}
	var v *Var
	if t.K == KFloat {
		v = &Var{Name: g.name("f"), Kind: VLocal, T: tFloat}
		*out = append(*out, &Decl{V: v, Init: r})
		g.scope = append(g.scope, v)
		g.vr[v] = unknown
	} else {
		v = g.local(out, "x", t, r, unknown, false)
		g.noIdx[v] = true
	}
	if g.chance(0.9) {
		g.use(out, v)
	}
}

// use keeps a value read from memory alive: it is added to the thread's
// own cell of a sink array (a load whose value is unused would be deleted
// by the compiler, and the execution oracle would not see it).
func (g *gen) use(out *[]Stmt, v *Var) {
	if g.sink == nil {
		sv := &Var{Name: "sink", Kind: VLocal, T: ptrTo(tUint), Param: true, Len: 1}
		g.k.Params = append(g.k.Params, sv)
		g.sink = &arr{v: sv, sp: spGlobal, elem: tUint, dims: 1, grid: g.p.blocks() > 1, scale: 1}
	}
	var x Expr = &Cast{T: tUint, X: ref(v)}
	if v.T.K == KFloat {
		x = &Cast{T: tUint, X: bin(">", ref(v), floatLit(0))}
	}
	var idx Expr
	if g.sink.grid {
		idx = g.gidE()
	} else {
		idx = g.tidE()
	}
	*out = append(*out, &Assign{L: &Index{X: ref(g.sink.v), I: idx}, Op: "+=", R: x})
}

// lvalue builds an lvalue for a cell of a of the family f, through one of
// several constructs.
func (g *gen) lvalue(out *[]Stmt, a *arr, f family) Expr {
	if a.dims == 0 {
		return ref(a.v)
	}
	if a.dims == 2 {
		i, j := g.index2(out, a, f)
		switch g.intn(6) {
		case 0: // T *row = a[i]; row[j]
			p := g.ptrVar(out, a.elem, &Row{V: a.v, I: i})
			return &Index{X: ref(p), I: j}
		case 1: // *(a[i] + j)
			return &Deref{X: bin("+", &Row{V: a.v, I: i}, j)}
		case 2: // T *q = &a[i][j]; *q
			p := g.ptrVar(out, a.elem, &AddrOf{X: &Index2{V: a.v, I: i, J: j}})
			return &Deref{X: ref(p)}
		}
		return &Index2{V: a.v, I: i, J: j}
	}
	if a.elem.K == KStruct {
		return g.structLvalue(out, a, f)
	}
	// reinterpret_cast<int4 *>: cells 4q + lane
	if a.scale == 4 && a.base == 0 && !a.dyn && (a.elem.K == KInt || a.elem.K == KFloat) && g.chance(0.4) && (f == famOwn || f == famOther) {
		var q Expr
		if a.grid {
			q = g.gidE()
		} else {
			q = g.tidE()
		}
		if f == famOther {
			q = g.perturb(q)
		}
		return &VecLane{X: ref(a.v), I: q, Lane: g.intn(4)}
	}
	idx := g.index(out, a, f)
	return g.path(out, a, idx)
}

// path reaches a[idx] through some construct.
func (g *gen) path(out *[]Stmt, a *arr, idx Expr) Expr {
	t := a.elem
	switch g.pick(8, 3, 3, 2, 2, 2, 4, 2, 2, 2) {
	case 1: // *(a + idx)
		return &Deref{X: bin("+", ref(a.v), idx)}
	case 2: // T *p = a + k; p[idx - k]
		k := int64(1 + g.intn(3))
		p := g.ptrVar(out, t, bin("+", ref(a.v), intLit(k)))
		return &Index{X: ref(p), I: bin("-", g.toIntE(idx), intLit(k))}
	case 3: // T *p = &a[idx]; *p
		p := g.ptrVar(out, t, &AddrOf{X: &Index{X: ref(a.v), I: idx}})
		if g.chance(0.5) {
			return &Index{X: ref(p), I: intLit(0)}
		}
		return &Deref{X: ref(p)}
	case 4: // T *p = a; p += k; p[idx - k]
		k := int64(1 + g.intn(3))
		p := g.ptrVar(out, t, ref(a.v))
		if k == 1 && g.chance(0.5) {
			*out = append(*out, &IncDec{L: ref(p), Op: "++"})
		} else {
			*out = append(*out, &Assign{L: ref(p), Op: "+=", R: intLit(k)})
		}
		return &Deref{X: bin("+", ref(p), bin("-", g.toIntE(idx), intLit(k)))}
	case 5: // T &r = a[idx]; r
		r := &Var{Name: g.name("r"), Kind: VRef, T: t}
		*out = append(*out, &Decl{V: r, Init: &Index{X: ref(a.v), I: idx}})
		g.scope = append(g.scope, r)
		g.noIdx[r] = true
		return ref(r)
	case 6: // (c ? a : b)[idx] with b an array a's own cells are safe in
		if b := g.twin(a); b != nil {
			c := g.cond(out, g.chance(0.5))
			if g.chance(0.5) {
				return &Index{X: &Cond{C: c, X: ref(a.v), Y: ref(b.v)}, I: idx}
			}
			p := g.ptrVar(out, t, &Cond{C: c, X: ref(a.v), Y: ref(b.v)})
			return &Index{X: ref(p), I: idx}
		}
	case 7: // (c ? a[idx] : b[idx])
		if b := g.twin(a); b != nil {
			c := g.cond(out, g.chance(0.5))
			return &Cond{C: c, X: &Index{X: ref(a.v), I: idx}, Y: &Index{X: ref(b.v), I: g.copyExpr(idx)}}
		}
	case 9: // T *p = a; if (c) p = b; p[idx]
		if b := g.twin(a); b != nil {
			p := g.ptrVar(out, t, ref(a.v))
			*out = append(*out, &If{C: g.cond(out, g.chance(0.5)), Then: block(&Assign{L: ref(p), Op: "=", R: ref(b.v)})})
			return &Index{X: ref(p), I: idx}
		}
	case 8: // a device function returning a reference
		if t.K == KInt && !a.dyn {
			f := g.fnRefRet()
			return &Call{F: f, Args: []Expr{ref(a.v), g.toIntE(idx)}}
		}
	}
	return &Index{X: ref(a.v), I: idx}
}

// twin is another array of a's element type in a's memory space whose
// interval state is a's (so the same family is safe in it), or nil.
func (g *gen) twin(a *arr) *arr {
	return g.pickArr(func(b *arr) bool {
		ok := b != a && b.dims == 1 && sameType(b.elem, a.elem) && !b.input && !b.atomicOnly && b.grid == a.grid
		if g.mood == DRF {
			ok = ok && b.scale == a.scale && b.base == a.base && *g.st[b] == *g.st[a]
		}
		return ok
	})
}

func (g *gen) ptrVar(out *[]Stmt, t *Type, init Expr) *Var {
	p := &Var{Name: g.name("p"), Kind: VLocal, T: ptrTo(t)}
	*out = append(*out, &Decl{V: p, Init: init})
	g.scope = append(g.scope, p)
	return p
}

// index2 is the pair of indices of a two-dimensional array's cell.
func (g *gen) index2(out *[]Stmt, a *arr, f family) (Expr, Expr) {
	twoD := g.p.Block[1] > 1 && g.p.Block[2] == 1
	own := func() (Expr, Expr) {
		if twoD && a.base == 0 {
			return ref(g.ty), ref(g.tx)
		}
		if a.base == 1 {
			w := int64(4)
			return bin("/", ref(g.tid), intLit(w)), bin("%", g.tidE(), litOf(g.typeOf(g.tidE()), w))
		}
		u := int64(g.intn(int(a.scale)))
		return g.rewrite(out, g.tidE(), true), intLit(u)
	}
	i, j := own()
	if f == famOwn {
		return i, j
	}
	switch g.intn(4) {
	case 0:
		return j, i // transposed
	case 1:
		return i, g.perturb(j)
	case 2:
		return g.perturb(i), j
	}
	return g.uniformIndex(), intLit(int64(g.intn(3)))
}

// structLvalue reaches a field of an element of an array of structs.
func (g *gen) structLvalue(out *[]Stmt, a *arr, f family) Expr {
	idx := g.index(out, a, f)
	var el Expr
	switch g.intn(4) {
	case 1:
		el = &Deref{X: bin("+", ref(a.v), idx)}
	case 2:
		k := int64(1 + g.intn(2))
		p := g.ptrVar(out, a.elem, bin("+", ref(a.v), intLit(k)))
		el = &Index{X: ref(p), I: bin("-", g.toIntE(idx), intLit(k))}
	default:
		el = &Index{X: ref(a.v), I: idx}
	}
	s := a.elem.S
	fld := s.Fields[g.intn(len(s.Fields))]
	if fld.Arr {
		var k Expr = intLit(int64(g.intn(4)))
		if g.chance(0.3) {
			k = bin("&", ref(g.tid), intLit(3))
		}
		return &Index{X: &Member{X: el, F: fld}, I: k}
	}
	return &Member{X: el, F: fld}
}

// viaFunction stores to a cell of an int array through a device function
// (by reference, by pointer, or through a returned reference); false when
// it did not.
func (g *gen) viaFunction(out *[]Stmt, a *arr, f family) bool {
	if a.elem.K != KInt || a.dims != 1 || a.dyn || !g.chance(0.2) {
		return false
	}
	idx := g.index(out, a, f)
	v := g.value(out, tInt)
	switch g.intn(6) {
	case 5: // through a function pointer to one of two functions storing p[i]
		g.fnPtrStore(out, a, idx, v)
	case 4: // through a function that calls another with a shifted pointer
		*out = append(*out, &ExprStmt{X: &Call{F: g.fnWrap(), Args: []Expr{ref(a.v), g.toIntE(idx), v}}})
	case 0:
		*out = append(*out, &ExprStmt{X: &Call{F: g.fnSetRef(), Args: []Expr{&Index{X: ref(a.v), I: idx}, v}}})
	case 1:
		*out = append(*out, &ExprStmt{X: &Call{F: g.fnSetPtr(), Args: []Expr{ref(a.v), g.toIntE(idx), v}}})
	case 2:
		k := int64(g.intn(3))
		*out = append(*out, &ExprStmt{X: &Call{F: g.fnSetPtr(), Args: []Expr{bin("+", ref(a.v), intLit(k)), bin("-", g.toIntE(idx), intLit(k)), v}}})
	default:
		*out = append(*out, &Assign{L: &Call{F: g.fnRefRet(), Args: []Expr{ref(a.v), g.toIntE(idx)}}, Op: "=", R: v})
	}
	return true
}

// ---- other statements ----

// localStmt declares a local computed from thread and launch values,
// maybe rewritten (for later use in indices).
func (g *gen) localStmt(out *[]Stmt) {
	switch g.intn(4) {
	case 0: // an unsigned lane computation that may wrap
		if g.p.Block[1] == 1 && g.p.Block[2] == 1 {
			lane := g.local(out, "lane", tUint, bin("&", tidx(0), uintLit(31)), rk(0, min(31, int64(g.p.Block[0]-1))), false)
			e := bin("&", bin("-", ref(lane), uintLit(1)), uintLit(31))
			g.local(out, "prev", tUint, e, rk(0, 31), false)
			return
		}
	case 1:
		if g.inputArr() != nil {
			e := g.detInt(out, 1)
			if r := g.rangeOf(e); r.ok {
				g.local(out, "d", tInt, e, r, g.uniform(e))
				return
			}
		}
	}
	e := g.rewrite(out, g.tidE(), g.mood == DRF || g.chance(0.5))
	if r := g.rangeOf(e); r.ok {
		g.local(out, "t", promote(g.typeOf(e)), e, r, g.uniform(e))
	}
}

// ifStmt is an if (else) with nested statements.
func (g *gen) ifStmt(out *[]Stmt) {
	uni := g.chance(0.5)
	c := g.cond(out, uni)
	s0 := g.snap()
	then := g.nested(!uni, 1+g.intn(2))
	s1 := g.snap()
	var els *Block
	if g.chance(0.4) {
		g.restore(s0)
		if g.chance(0.3) {
			c2 := g.cond(out, uni)
			inner := g.nested(!uni, 1+g.intn(2))
			els = block(&If{C: c2, Then: inner})
		} else {
			els = g.nested(!uni, 1+g.intn(2))
		}
	}
	if els == nil {
		g.unionWith(s0)
	} else {
		g.unionWith(s1)
	}
	*out = append(*out, &If{C: c, Then: then, Else: els})
}

// nested generates a block of about n statements; td: under a
// thread-dependent condition.
func (g *gen) nested(td bool, n int) *Block {
	saveScope, saveUni, saveGuard := len(g.scope), g.ctxUni, g.guard
	g.depth++
	if td {
		g.ctxUni = false
	}
	var b []Stmt
	g.budget++
	for i := 0; i < n && (i == 0 || g.budget > 0); i++ {
		g.stmt(&b)
	}
	g.depth--
	g.scope, g.ctxUni, g.guard = g.scope[:saveScope], saveUni, saveGuard
	return &Block{Stmts: b}
}

// loop generates a loop of one of many shapes, with a body.
// unsignedBound is a literal bound of an int counter written unsigned
// (i < 8u), maybe: C compares the counter's residue modulo 2^32, which is
// the counter while it is not negative (symexec, withoutResidue).
func (g *gen) unsignedBound(hi Expr) Expr {
	if l, ok := hi.(*Lit); ok && l.T.K == KInt && l.I >= 0 && g.chance(0.5) {
		return uintLit(l.I)
	}
	return hi
}

func (g *gen) loop(out *[]Stmt) {
	li := &loopInfo{}
	uni := g.chance(0.6)
	// the bound: 0..8
	var hi Expr
	var hr rng
	if uni {
		switch g.intn(5) {
		case 0:
			hi, hr = ref(g.nPar), g.vr[g.nPar]
		case 1:
			hi = &Member{X: ref(g.cfgPar), F: g.cfgS.Fields[1]}
			hr = g.vr[g.cfgS.Fields[1]]
			if !hr.ok || hr.hi > 8 || hr.lo < 0 || !g.uni[g.cfgS.Fields[1]] {
				hi, hr = intLit(3), rk(3, 3)
			}
		case 2:
			hi, hr = &MinMax{X: ref(g.nPar), Y: intLit(4)}, rk(min(g.nPar.Vals[0], 4), min(g.nPar.Vals[0], 4))
		default:
			v := int64(1 + g.intn(6))
			hi, hr = intLit(v), rk(v, v)
		}
	} else {
		t := g.tidE()
		tt := g.typeOf(t)
		switch g.intn(4) {
		case 0:
			hi, hr = bin("%", t, litOf(tt, 4)), rk(0, 3)
		case 1:
			hi, hr = bin("&", t, litOf(tt, 3)), rk(0, 3)
		case 2:
			hi, hr = &MinMax{X: g.toIntE(t), Y: intLit(5)}, rk(0, min(5, int64(g.p.threads()-1)))
		default:
			hi = bin("/", g.toIntE(t), intLit(8))
			hr = rk(0, int64(g.p.threads()-1)/8)
		}
		if tt.K == KUint {
			hi = &Cast{T: tInt, X: hi}
		}
	}
	if !hr.ok || hr.hi > 8 {
		hi, hr = intLit(4), rk(4, 4)
	}
	li.uni = uni
	save := len(g.scope)
	var st Stmt
	mk := func(name string, t *Type, init Expr, r rng) *Var {
		v := &Var{Name: g.name(name), Kind: VLocal, T: t}
		g.vr[v] = r
		g.uni[v] = uni
		g.scope = append(g.scope, v)
		return v
	}
	s0 := g.snap()
	body := func(n int) *Block {
		g.loops = append(g.loops, li)
		b := g.nested(!uni, n)
		if li.sync && g.canSync() && !g.epochEmpty() && g.mood != Racy {
			g.sync(&b.Stmts)
		}
		g.loops = g.loops[:len(g.loops)-1]
		return b
	}
	n := 1 + g.intn(2)
	var after *Var
	switch g.pick(4, 2, 2, 2, 2, 2, 2, 2, 2, 1, 3) {
	case 0: // for (int i = 0; i < hi; i++)
		v := mk("i", tInt, nil, rk(0, max(hr.hi-1, 0)))
		li.v, li.trip = v, int(hr.hi)
		op := []string{"<", "<", "!="}[g.intn(3)]
		if op == "!=" && !(hr.lo >= 0) {
			op = "<"
		}
		var post Stmt = &IncDec{L: ref(v), Op: "++"}
		if g.chance(0.3) {
			post = &Assign{L: ref(v), Op: "+=", R: intLit(1)}
		}
		st = &For{Init: &Decl{V: v, Init: intLit(0)}, C: bin(op, ref(v), g.unsignedBound(hi)), Post: post, Body: body(n)}
	case 1: // for (int i = lo; i <= hi; i += k)
		k := int64(1 + g.intn(3))
		v := mk("i", tInt, nil, rk(0, hr.hi))
		li.v, li.trip = v, int(hr.hi/k+1)
		st = &For{Init: &Decl{V: v, Init: intLit(0)}, C: bin("<=", ref(v), hi), Post: &Assign{L: ref(v), Op: "+=", R: intLit(k)}, Body: body(n)}
	case 2: // for (int i = hi - 1; i >= 0; i--)
		v := mk("i", tInt, nil, rk(0, max(hr.hi-1, 0)))
		li.v, li.trip = v, int(hr.hi)
		cond := bin(">=", ref(v), intLit(0))
		if g.chance(0.5) {
			cond = bin(">", ref(v), intLit(-1))
		}
		st = &For{Init: &Decl{V: v, Init: bin("-", hi, intLit(1))}, C: cond, Post: &IncDec{L: ref(v), Op: "--"}, Body: body(n)}
	case 3: // for (int i = hi; i > 0; i -= k)
		k := int64(1 + g.intn(2))
		v := mk("i", tInt, nil, rk(1, max(hr.hi, 1)))
		li.v, li.trip = v, int(hr.hi)
		st = &For{Init: &Decl{V: v, Init: hi}, C: bin(">", ref(v), intLit(0)), Post: &Assign{L: ref(v), Op: "-=", R: intLit(k)}, Body: body(n)}
	case 4: // for (int i = 1; i < 2^k; i *= 2)
		lim := int64(1) << (1 + g.intn(4))
		v := mk("i", tInt, nil, rk(1, lim))
		li.v, li.trip = v, 5
		var c Expr = bin("<", ref(v), g.unsignedBound(intLit(lim)))
		if !uni {
			c = bin("<=", ref(v), bin("+", g.toIntE(bin("&", g.tidE(), litOf(g.typeOf(g.tidE()), 7))), intLit(1)))
			g.vr[v] = rk(1, 8)
		}
		st = &For{Init: &Decl{V: v, Init: intLit(1)}, C: c, Post: &Assign{L: ref(v), Op: "*=", R: intLit(2)}, Body: body(n)}
	case 5: // for (int i = 2^k; i > 0; i >>= 1)
		start := int64(1) << g.intn(4)
		v := mk("i", tInt, nil, rk(1, start))
		li.v, li.trip = v, 5
		var post Stmt = &Assign{L: ref(v), Op: ">>=", R: intLit(1)}
		if g.chance(0.5) {
			post = &Assign{L: ref(v), Op: "/=", R: intLit(2)}
		}
		var init Expr = intLit(start)
		if !uni {
			init = bin("+", g.toIntE(bin("&", g.tidE(), litOf(g.typeOf(g.tidE()), 7))), intLit(1))
			g.vr[v] = rk(1, 8)
		}
		cond := bin(">", ref(v), intLit(0))
		if g.chance(0.4) {
			cond = bin(">=", ref(v), intLit(1))
		}
		st = &For{Init: &Decl{V: v, Init: init}, C: cond, Post: post, Body: body(n)}
	case 6: // int i = 0; while (i < hi) { ...; i++; }
		if g.chance(0.3) {
			// int i = -1; while (i < hi - 1) { i++; ... }: the body steps
			// the counter before its statements (and their barriers)
			v := g.local(out, "w", tInt, intLit(-1), rk(0, max(hr.hi-1, 0)), uni)
			li.v, li.trip, li.noContinue = v, int(hr.hi), true
			b := body(n)
			b.Stmts = append([]Stmt{&IncDec{L: ref(v), Op: "++"}}, b.Stmts...)
			st = &While{C: bin("<", ref(v), bin("-", hi, intLit(1))), Body: b}
			g.vr[v] = rk(-1, max(hr.hi-1, 0))
			break
		}
		v := g.local(out, "w", tInt, intLit(0), rk(0, max(hr.hi-1, 0)), uni)
		li.v, li.trip, li.noContinue = v, int(hr.hi), true
		b := body(n)
		b.Stmts = append(b.Stmts, &IncDec{L: ref(v), Op: "++"})
		st = &While{C: bin("<", ref(v), hi), Body: b}
		g.vr[v] = rk(0, hr.hi)
		after = v
	case 7: // int i = 0; do { ...; i += 1; } while (i < hi);
		v := g.local(out, "w", tInt, intLit(0), rk(0, max(hr.hi-1, 0)), uni)
		li.v, li.trip, li.noContinue = v, int(hr.hi)+1, true
		b := body(n)
		b.Stmts = append(b.Stmts, &Assign{L: ref(v), Op: "+=", R: intLit(1)})
		st = &DoWhile{Body: b, C: bin("<", ref(v), hi)}
		g.vr[v] = rk(1, max(hr.hi, 1))
		after = v
	case 8: // int i = 0; for (; i < 64 && i < hi; i++) {} -- used after
		v := g.local(out, "k", tInt, intLit(0), rk(0, max(hr.hi-1, 0)), uni)
		li.v, li.trip = v, int(hr.hi)
		st = &For{C: bin("&&", bin("<", ref(v), intLit(64)), bin("<", ref(v), hi)), Post: &IncDec{L: ref(v), Op: "++"}, Body: body(n)}
		g.vr[v] = rk(0, hr.hi)
		after = v
	case 10: // int w = 0; while (1) { ...; if (w + 1 >= hi) break; w++; }: a persistent loop
		v := g.local(out, "w", tInt, intLit(0), rk(0, max(hr.hi-1, 0)), uni)
		li.v, li.trip, li.noContinue = v, int(max(hr.hi, 1)), true
		var pre []Stmt // the barrier that starts each round, most often
		if uni && g.canSync() && g.chance(0.9) {
			g.loops = append(g.loops, li)
			g.sync(&pre)
			g.loops = g.loops[:len(g.loops)-1]
		}
		b := body(n)
		b.Stmts = append(pre, b.Stmts...)
		b.Stmts = append(b.Stmts, &If{C: bin(">=", bin("+", ref(v), intLit(1)), hi), Then: block(&Break{})},
			&IncDec{L: ref(v), Op: "++"})
		st = &While{C: intLit(1), Body: b}
		g.vr[v] = rk(0, max(hr.hi-1, 0))
		after = v
	default: // for (unsigned u = 0; u < m; u++)
		v := mk("u", tUint, nil, rk(0, g.mPar.Vals[0]-1))
		li.v, li.trip, li.uni = v, int(g.mPar.Vals[0]), true
		saveUni := uni
		uni = true
		st = &For{Init: &Decl{V: v, Init: uintLit(0)}, C: bin("<", ref(v), ref(g.mPar)), Post: &IncDec{L: ref(v), Op: "++"}, Body: body(n)}
		uni = saveUni
	}
	g.scope = g.scope[:save]
	if after != nil {
		g.scope = append(g.scope, after)
		g.uni[after] = uni
	}
	g.unionWith(s0)
	*out = append(*out, st)
	if after != nil && g.chance(0.6) {
		// the variable's value after the loop, in an index
		g.useAfter(out, after)
	}
}

// useAfter uses a loop's variable after the loop, in an access.
func (g *gen) useAfter(out *[]Stmt, v *Var) {
	a := g.pickArr(func(a *arr) bool { return !a.input && !a.atomicOnly && a.dims == 1 && a.elem.arith() })
	if a == nil {
		return
	}
	f, ok := g.plan(out, a, 1)
	if !ok {
		return
	}
	idx := g.index(out, a, f)
	if g.chance(0.5) || f != famOwn {
		idx = bin("+", idx, ref(v))
	} else {
		idx = bin("-", bin("+", idx, ref(v)), g.copyExpr(&VarRef{V: v}))
	}
	*out = append(*out, &Assign{L: &Index{X: ref(a.v), I: idx}, Op: "=", R: g.value(out, a.elem)})
}

// switchStmt is a switch with cases that break or fall through.
func (g *gen) switchStmt(out *[]Stmt) {
	sel := g.switchSelector(out)
	uni := g.uniform(sel)
	sw := &Switch{X: sel}
	k := 2 + g.intn(2)
	s0 := g.snap()
	g.inSwitch++
	for i := 0; i < k; i++ {
		c := &SwitchCase{Vals: []int64{int64(i)}}
		if g.chance(0.2) {
			c.Vals = append(c.Vals, int64(i+10))
		}
		if i == k-1 && g.chance(0.6) {
			c.Vals, c.Default = nil, true
		}
		b := g.nested(!uni, 1+g.intn(2))
		c.Body = b.Stmts
		if g.chance(0.7) || i == k-1 {
			c.Body = append(c.Body, &Break{})
		}
		sw.Cases = append(sw.Cases, c)
	}
	g.inSwitch--
	g.unionWith(s0)
	*out = append(*out, sw)
}

// barrierStmt places a barrier: where every thread reaches it, or (to
// diverge) under a thread-dependent condition.
func (g *gen) barrierStmt(out *[]Stmt) {
	if g.div > 0 && g.chance(g.div) {
		g.divergent(out)
		return
	}
	if !g.canSync() {
		if g.mood == Racy && g.chance(0.2) {
			// a barrier where not every thread may reach it
			*out = append(*out, &Sync{Op: "__syncthreads"})
		}
		return
	}
	switch g.pick(10, 1, 1, 1) {
	case 1:
		*out = append(*out, &Sync{Op: "__syncwarp"})
		return
	case 2:
		c := g.cond(out, false)
		*out = append(*out, &ExprStmt{X: &SyncPred{Op: []string{"or", "and"}[g.intn(2)], X: c}})
	case 3:
		c := g.cond(out, false)
		v := g.local(out, "cnt", tInt, &SyncPred{Op: "count", X: c}, unknown, false)
		g.noIdx[v] = true
	default:
		*out = append(*out, &Sync{Op: "__syncthreads"})
	}
	for _, e := range g.st {
		*e = epoch{}
	}
	for _, l := range g.loops {
		l.sync = true
	}
}

// divergent places a barrier that some threads of a block do not reach.
func (g *gen) divergent(out *[]Stmt) {
	g.diverged = true
	n := int64(g.p.threads())
	switch g.intn(4) {
	case 0:
		*out = append(*out, &If{C: g.cond(out, false), Then: block(&Sync{Op: "__syncthreads"})})
	case 1:
		*out = append(*out, &If{C: bin(">=", ref(g.tid), intLit(n/2+int64(g.intn(2)))), Then: block(&Return{})})
		g.tdReturn = true
		*out = append(*out, &Sync{Op: "__syncthreads"})
	case 2:
		i := &Var{Name: g.name("i"), Kind: VLocal, T: tInt}
		g.vr[i] = rk(0, 3)
		*out = append(*out, &For{Init: &Decl{V: i, Init: intLit(0)}, C: bin("<", ref(i), bin("%", ref(g.tid), intLit(int64(2+g.intn(3))))),
			Post: &IncDec{L: ref(i), Op: "++"}, Body: block(&Sync{Op: "__syncthreads"})})
	default:
		if len(g.loops) > 0 && !g.loops[len(g.loops)-1].noContinue {
			*out = append(*out, &If{C: g.cond(out, false), Then: block(&Continue{})}, &Sync{Op: "__syncthreads"})
			return
		}
		*out = append(*out, &If{C: g.cond(out, false), Then: block(&Sync{Op: "__syncthreads"})}, &Sync{Op: "__syncthreads"})
	}
}

// pointerWalk stores through a pointer advanced by a stride in a loop.
func (g *gen) pointerWalk(out *[]Stmt) {
	a := g.pickArr(func(a *arr) bool {
		return !a.input && !a.atomicOnly && a.dims == 1 && a.elem.arith() && !a.dyn
	})
	if a == nil {
		g.access(out)
		return
	}
	f, ok := g.plan(out, a, 1)
	if !ok {
		return
	}
	start := g.index(out, a, f)
	stride := a.scale * g.threadCount(a)
	if f != famOwn || g.risky() {
		stride = int64(1 + g.intn(2))
	}
	trip := int64(1 + g.intn(3))
	i := &Var{Name: g.name("i"), Kind: VLocal, T: tInt}
	g.vr[i] = rk(0, trip-1)
	if g.chance(0.5) {
		// an index variable moved by the same step every iteration
		r := g.rangeOf(start)
		if !r.ok {
			return
		}
		k := g.local(out, "k", tInt, g.toIntE(start), rk(r.lo, r.hi+stride*trip), false)
		g.noIdx[k] = true
		store := &Assign{L: &Index{X: ref(a.v), I: ref(k)}, Op: "=", R: g.value(out, a.elem)}
		var step Stmt = &Assign{L: ref(k), Op: "+=", R: intLit(stride)}
		if g.chance(0.3) {
			// the same step on both branches
			step = &If{C: g.cond(out, false), Then: block(&Assign{L: ref(k), Op: "+=", R: intLit(stride)}),
				Else: block(&Assign{L: ref(k), Op: "+=", R: intLit(stride)})}
		}
		*out = append(*out, &For{Init: &Decl{V: i, Init: intLit(0)}, C: bin("<", ref(i), intLit(trip)),
			Post: &IncDec{L: ref(i), Op: "++"}, Body: block(store, step)})
		if g.chance(0.4) {
			*out = append(*out, &Assign{L: &Index{X: ref(a.v), I: ref(k)}, Op: "=", R: g.value(out, a.elem)})
		}
		return
	}
	p := g.ptrVar(out, a.elem, bin("+", ref(a.v), start))
	var step Stmt = &Assign{L: ref(p), Op: "+=", R: intLit(stride)}
	store := &Assign{L: &Deref{X: ref(p)}, Op: "=", R: g.value(out, a.elem)}
	*out = append(*out, &For{Init: &Decl{V: i, Init: intLit(0)}, C: bin("<", ref(i), intLit(trip)),
		Post: &IncDec{L: ref(i), Op: "++"}, Body: block(store, step)})
	if g.chance(0.4) {
		// the pointer after the loop: one stride further
		*out = append(*out, &Assign{L: &Deref{X: ref(p)}, Op: "=", R: g.value(out, a.elem)})
	}
}

// refStmt binds a reference: to a local whose value then changes through
// it (and indexes an access), or to a conditional choice of locals.
func (g *gen) refStmt(out *[]Stmt) {
	a := g.pickArr(func(a *arr) bool { return !a.input && !a.atomicOnly && a.dims == 1 && a.elem.arith() })
	if a == nil {
		g.localStmt(out)
		return
	}
	f, ok := g.plan(out, a, 1)
	if !ok {
		return
	}
	idx := g.index(out, a, f)
	r := g.rangeOf(idx)
	if !r.ok {
		*out = append(*out, &Assign{L: &Index{X: ref(a.v), I: idx}, Op: "=", R: g.value(out, a.elem)})
		return
	}
	x := g.local(out, "x", tInt, g.toIntE(idx), r, false)
	k := int64(1 + g.intn(3))
	rv := &Var{Name: g.name("r"), Kind: VRef, T: tInt}
	switch g.intn(2) {
	case 0: // int &r = x; r += k; a[x - k]
		*out = append(*out, &Decl{V: rv, Init: ref(x)}, &Assign{L: ref(rv), Op: "+=", R: intLit(k)})
	default: // int y = 0; int &r = c ? x : y; r += k; a[x - k] (only if c)
		y := g.local(out, "y", tInt, intLit(0), rk(0, 0), true)
		c := g.cond(out, g.chance(0.3))
		if g.mood != Racy {
			c = bin("||", c, bin(">=", ref(g.nPar), intLit(0)))
		}
		*out = append(*out, &Decl{V: rv, Init: &Cond{C: c, X: ref(x), Y: ref(y)}}, &Assign{L: ref(rv), Op: "+=", R: intLit(k)})
	}
	*out = append(*out, &Assign{L: &Index{X: ref(a.v), I: bin("-", ref(x), intLit(k))}, Op: "=", R: g.value(out, a.elem)})
}

// callStmt calls a device function that stores or loads.
func (g *gen) callStmt(out *[]Stmt) {
	a := g.pickArr(func(a *arr) bool { return !a.input && !a.atomicOnly && a.dims == 1 && a.elem.K == KInt && !a.dyn })
	if a == nil {
		g.access(out)
		return
	}
	if g.chance(0.2) && g.canSync() {
		// a device function with a barrier inside: store, sync
		f, ok := g.plan(out, a, 1)
		if !ok {
			return
		}
		idx := g.index(out, a, f)
		*out = append(*out, &ExprStmt{X: &Call{F: g.fnSyncStore(), Args: []Expr{ref(a.v), g.toIntE(idx), g.value(out, tInt)}}})
		g.sync(&[]Stmt{})
		return
	}
	if g.chance(0.3) {
		// an accumulation through a reference parameter
		f, ok := g.plan(out, a, 1)
		if !ok {
			return
		}
		idx := g.index(out, a, f)
		*out = append(*out, &ExprStmt{X: &Call{F: g.fnAddRef(), Args: []Expr{&Index{X: ref(a.v), I: idx}, intLit(int64(1 + g.intn(3)))}}})
		return
	}
	f, ok := g.plan(out, a, 1)
	if !ok {
		return
	}
	g.viaFunction0(out, a, f)
}

func (g *gen) viaFunction0(out *[]Stmt, a *arr, f family) {
	idx := g.index(out, a, f)
	v := g.value(out, tInt)
	switch g.intn(3) {
	case 0:
		*out = append(*out, &ExprStmt{X: &Call{F: g.fnSetRef(), Args: []Expr{&Index{X: ref(a.v), I: idx}, v}}})
	case 1:
		*out = append(*out, &ExprStmt{X: &Call{F: g.fnSetPtr(), Args: []Expr{ref(a.v), g.toIntE(idx), v}}})
	default:
		*out = append(*out, &Assign{L: &Call{F: g.fnRefRet(), Args: []Expr{ref(a.v), g.toIntE(idx)}}, Op: "+=", R: intLit(1)})
	}
}

// cfgAccess changes a field of the struct parameter on one branch (or in
// a loop) and indexes with it: "if (tid >= 32) cfg.base -= 1; s[tid +
// cfg.base] = 0;".
func (g *gen) cfgAccess(out *[]Stmt) {
	a := g.pickArr(func(a *arr) bool {
		return !a.input && !a.atomicOnly && a.dims == 1 && a.elem.arith() && !a.grid
	})
	if a == nil {
		g.localStmt(out)
		return
	}
	e := g.st[a]
	if *e != (epoch{}) {
		if !g.canSync() {
			return
		}
		g.sync(out)
	}
	fb := g.cfgS.Fields[0]
	base := &Member{X: ref(g.cfgPar), F: fb}
	br := g.vr[fb]
	n := int64(g.p.threads())
	h := int64(g.intn(int(n) + 1))
	d := int64(g.intn(4))
	switch g.intn(5) {
	case 0: // upper threads move up: still one cell each
		*out = append(*out, &If{C: bin(">=", ref(g.tid), intLit(h)), Then: block(&Assign{L: base, Op: "+=", R: intLit(d)})})
		g.vr[fb] = rk(br.lo, br.hi+d)
	case 1: // upper threads move down: neighbours collide
		if br.lo >= 1 {
			*out = append(*out, &If{C: bin(">=", ref(g.tid), intLit(h)), Then: block(&Assign{L: base, Op: "-=", R: intLit(1)})})
			g.vr[fb] = rk(br.lo-1, br.hi)
		}
	case 2: // lower threads move up
		*out = append(*out, &If{C: bin("<", ref(g.tid), intLit(h)), Then: block(&Assign{L: base, Op: "+=", R: intLit(d)})})
		g.vr[fb] = rk(br.lo, br.hi+d)
	case 3: // everyone, in a loop
		i := &Var{Name: g.name("i"), Kind: VLocal, T: tInt}
		*out = append(*out, &For{Init: &Decl{V: i, Init: intLit(0)}, C: bin("<", ref(i), ref(g.nPar)), Post: &IncDec{L: ref(i), Op: "++"},
			Body: block(&Assign{L: base, Op: "+=", R: intLit(1)})})
		g.vr[fb] = rk(br.lo, br.hi+g.nPar.Vals[0])
		*out = append(*out, &Assign{L: &Index{X: ref(a.v), I: bin("+", ref(g.tid), &Member{X: ref(g.cfgPar), F: fb})}, Op: "=", R: g.value(out, a.elem)})
		g.mark(a, famDirty, 1)
		return
	default: // even threads
		*out = append(*out, &If{C: bin("%", ref(g.tid), intLit(2)), Then: block(&Assign{L: base, Op: "+=", R: intLit(d + 1)})})
		g.vr[fb] = rk(br.lo, br.hi+d+1)
	}
	g.uni[fb] = false
	*out = append(*out, &Assign{L: &Index{X: ref(a.v), I: bin("+", ref(g.tid), &Member{X: ref(g.cfgPar), F: fb})}, Op: "=", R: g.value(out, a.elem)})
	g.mark(a, famDirty, 1)
}

// localArray fills a per-thread array and indexes with its contents.
func (g *gen) localArray(out *[]Stmt) {
	v := &Var{Name: g.name("la"), Kind: VLocalArr, T: tInt, Dims: []int{1}}
	*out = append(*out, &Decl{V: v})
	g.scope = append(g.scope, v)
	k := int64(1 + g.intn(4))
	i := &Var{Name: g.name("i"), Kind: VLocal, T: tInt}
	*out = append(*out, &For{Init: &Decl{V: i, Init: intLit(0)}, C: bin("<", ref(i), intLit(k)), Post: &IncDec{L: ref(i), Op: "++"},
		Body: block(&Assign{L: &Index{X: ref(v), I: ref(i)}, Op: "=", R: bin("+", ref(g.tid), ref(i))})})
	// la[j] == tid + j: an own cell (j = 0) or a neighbour's
	a := g.pickArr(func(a *arr) bool { return !a.input && !a.atomicOnly && a.dims == 1 && a.elem.arith() && !a.grid })
	if a == nil {
		return
	}
	j := int64(0)
	if a.scale != 1 || a.base != 0 || g.risky() || g.mood != DRF && g.chance(0.3) {
		j = int64(g.intn(int(k)))
	}
	f := famOwn
	if j != 0 || a.scale != 1 || a.base != 0 {
		f = famDirty
		if *g.st[a] != (epoch{}) {
			if !g.canSync() {
				return
			}
			g.sync(out)
		}
	} else if ff, ok := g.plan(out, a, 1); !ok || ff != famOwn {
		return
	}
	g.mark(a, f, 1)
	*out = append(*out, &Assign{L: &Index{X: ref(a.v), I: &Index{X: ref(v), I: intLit(j)}}, Op: "=", R: g.value(out, a.elem)})
}

// returnStmt returns early: under a block-uniform condition, or a
// thread-dependent one (barriers after it then diverge).
func (g *gen) returnStmt(out *[]Stmt) {
	if g.depth > 0 && g.chance(0.5) {
		return
	}
	uni := g.chance(0.5)
	var c Expr
	if uni {
		c = bin(">", ref(g.nPar), intLit(8+int64(g.intn(3))))
		if g.chance(0.5) {
			c = bin("<", ref(g.nPar), intLit(0))
		}
	} else {
		n := int64(g.p.threads())
		c = bin(">=", ref(g.tid), intLit(n-int64(g.intn(3))))
		if g.mood != DRF && g.chance(0.5) {
			c = g.cond(out, false)
		}
		g.tdReturn = true
		g.ctxUni = false
	}
	*out = append(*out, &If{C: c, Then: block(&Return{})})
}

// breakStmt breaks out of or continues the innermost loop under a
// condition.
func (g *gen) breakStmt(out *[]Stmt) {
	if len(g.loops) == 0 {
		return
	}
	li := g.loops[len(g.loops)-1]
	uni := g.chance(0.5)
	if !uni && li.sync && g.mood == DRF {
		uni = true
	}
	if !li.uni {
		uni = false
	}
	c := g.cond(out, uni)
	if uni && li.v != nil && g.uni[li.v] && g.chance(0.5) {
		c = bin("==", ref(li.v), litOf(li.v.T, 1))
	}
	var s Stmt = &Break{}
	if !li.noContinue && g.chance(0.5) {
		s = &Continue{}
	}
	*out = append(*out, &If{C: c, Then: block(s)})
	if !uni {
		li.noSync = true
		g.ctxUni = false
	}
}

// floatStmt computes a float that later indexes through a cast: "float f =
// 1; if (tid % 2) f = 2;".
func (g *gen) floatStmt(out *[]Stmt) {
	v := &Var{Name: g.name("f"), Kind: VLocal, T: tFloat}
	switch g.intn(3) {
	case 0:
		*out = append(*out, &Decl{V: v, Init: floatLit(1)}, &If{C: bin("%", ref(g.tid), intLit(2)), Then: block(&Assign{L: ref(v), Op: "=", R: floatLit(2)})})
		g.vr[v] = rk(1, 2)
	case 1:
		*out = append(*out, &Decl{V: v, Init: bin("*", &Cast{T: tFloat, X: ref(g.tid)}, floatLit(0.5))})
		g.vr[v] = rk(0, int64(g.p.threads())/2)
	default:
		*out = append(*out, &Decl{V: v, Init: &Cast{T: tFloat, X: ref(g.nPar)}}, &Assign{L: ref(v), Op: "+=", R: floatLit(0.5)})
		g.vr[v] = rk(g.nPar.Vals[0], g.nPar.Vals[0]+1)
	}
	g.scope = append(g.scope, v)
}

// atomicStmt updates memory atomically (and maybe keeps the old value).
func (g *gen) atomicStmt(out *[]Stmt) {
	a := g.pickArr(func(a *arr) bool {
		return !a.input && a.dims <= 1 && (a.elem.arith() || a.elem.K == KStruct) && (a.atomicOnly || g.chance(0.5))
	})
	if a == nil {
		return
	}
	if a.elem.K == KStruct {
		// an atomic on a field of a struct in an array
		if _, ok := g.plan(out, a, 2); !ok {
			return
		}
		fld := a.elem.S.Fields[0]
		var idx Expr
		if g.chance(0.5) {
			idx = g.uniformIndex()
		} else {
			idx = g.own(out, a)
		}
		*out = append(*out, &ExprStmt{X: &Atomic{Op: "Add", P: &AddrOf{X: &Member{X: &Index{X: ref(a.v), I: idx}, F: fld}}, V: intLit(1)}})
		return
	}
	if _, ok := g.plan(out, a, 2); !ok {
		return
	}
	var p Expr
	var idx Expr
	if a.dims == 0 {
		p = &AddrOf{X: ref(a.v)}
	} else {
		if a.atomicOnly || g.chance(0.5) {
			idx = g.uniformIndex()
			if g.chance(0.3) {
				idx = g.anyIndex(out, a)
			}
		} else {
			idx = g.own(out, a)
		}
		if g.chance(0.5) {
			p = &AddrOf{X: &Index{X: ref(a.v), I: idx}}
		} else {
			p = bin("+", ref(a.v), idx)
		}
	}
	t := a.elem
	at := &Atomic{P: p}
	switch t.K {
	case KFloat:
		at.Op = []string{"Add", "Exch"}[g.intn(2)]
		at.V = floatLit(1)
	case KUint:
		at.Op = []string{"Add", "Sub", "Exch", "Min", "Max", "And", "Or", "Xor", "Inc", "Dec", "CAS", "Inc", "Dec", "Inc", "Dec", "Dec", "Inc"}[g.intn(17)]
		at.V = uintLit(int64(1 + g.intn(9)))
		if at.Op == "CAS" {
			at.W = uintLit(int64(g.intn(4)))
		}
	default:
		at.Op = []string{"Add", "Add", "Sub", "Exch", "Min", "Max", "And", "Or", "Xor", "CAS"}[g.intn(10)]
		switch at.Op {
		case "Add", "Sub":
			at.V = intLit(int64(1 + g.intn(4)))
		case "And", "Or", "Xor":
			at.V = intLit(int64(g.intn(256)))
		case "CAS":
			at.V, at.W = intLit(0), g.detInt(out, 1)
		default:
			at.V = g.detInt(out, 1)
		}
	}
	if g.chance(0.4) {
		old := &Var{Name: g.name("old"), Kind: VLocal, T: t}
		*out = append(*out, &Decl{V: old, Init: at})
		g.scope = append(g.scope, old)
		g.noIdx[old] = true
		g.vr[old] = unknown
		// keep the old value in a cell the thread owns
		b := g.pickArr(func(b *arr) bool { return !b.input && !b.atomicOnly && b.dims == 1 && sameType(b.elem, t) && b != a })
		if b != nil {
			if f, ok := g.plan(out, b, 1); ok {
				*out = append(*out, &Assign{L: g.lvalue(out, b, f), Op: "=", R: ref(old)})
			}
		}
		return
	}
	*out = append(*out, &ExprStmt{X: at})
}

// guardStmt runs accesses in one thread: "if (tid == 0) { ... }".
func (g *gen) guardStmt(out *[]Stmt) {
	var c Expr = bin("==", ref(g.tid), intLit(0))
	if g.chance(0.3) {
		c = bin("==", tidx(0), uintLit(0))
		if g.p.Block[1] > 1 || g.p.Block[2] > 1 {
			c = bin("&&", c, bin("==", tidx(1), uintLit(0)))
			if g.p.Block[2] > 1 {
				c = bin("==", ref(g.tid), intLit(0))
			}
		}
	}
	saveG := g.guard
	s0 := g.snap()
	g.guard = true
	b := g.nested(true, 1+g.intn(2))
	g.guard = saveG
	g.unionWith(s0)
	*out = append(*out, &If{C: c, Then: b})
}

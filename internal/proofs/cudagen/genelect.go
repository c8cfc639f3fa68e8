package cudagen

// This file generates leader elections: a value one or a few threads write
// into an election cell (a __shared__ scalar or array cell, or a cell of a
// global array of its own, Var.Elect) before a barrier (at the kernel's top
// level, in a branch every thread of a block takes alike, or in a loop),
// read by every thread at a thread-uniform index after it, and used to
// decide who writes an array of its own (the target):
//
//	if (tid == 0) e[0] = n * 3 + 1;
//	__syncthreads();
//	unsigned v = e[0];
//	if (tid == (int)(v % 12u)) t[blockIdx.x] = tid + 1;
//
// or t[blockIdx.x * 12 + (v + tid) % 12u] = tid (a permutation of the
// block's cells when v is the same for every thread), or
// t[blockIdx.x * K + v % K] under a guard. drfcheck takes memory that no
// write can reach in a barrier interval to hold one value per address for
// the block during that interval (internal/infer/symexec/intervals.go):
// these kernels are race-free by that rule and by nothing weaker.
//
// Racy kernels break it in the ways that matter to the rule: the barrier
// left out; the cell written again in the interval of the read (by some
// thread, after a use); the cell read at a thread-dependent index (each
// thread of an array of cells written by several threads, with values that
// differ); the barrier in a branch (under a block-uniform condition, which
// may be false) or in a loop instead of at the top level; a global cell
// written by the leader of every block, or read at another block's cell
// (blocks see different values, and race); several writers of one cell
// with different values before the barrier (a race on the cell itself).
// Race-free kernels may reset the cell after a second barrier.
//
// The interpreter stays exact (runElect): a read of an election cell
// returns the value of the last write that happens before it (the same
// thread earlier, the block in an earlier block interval, any block in an
// earlier grid interval) as the writes of the previous run place them, and
// runs again until the writes settle. In a race-free kernel the writes
// that happen before a read are ordered and the others come after it, so
// that is the value of every schedule. A read with no such write, or whose
// writes are unordered, races with a write, and the kernel is racy
// whatever the value (it is then the value of a concurrent write, or 0:
// the oracle zeroes memory). The values read only reach the target's
// indices through % with a constant or blockDim, so that every schedule
// stays in the target's bounds (Var.MinLen), and only conditions that
// choose writers of the target otherwise.

// electStmt places one election at the kernel's top level, or in a branch
// that every thread of a block takes alike, or in a loop whose iterations
// every thread runs alike, each an election ended by a barrier (in racy
// kernels, sometimes not: the next iteration's write then races with this
// one's reads). drfcheck finds the writes that may share a barrier
// interval with a read on the kernel's control flow (package
// internal/infer/symexec, intervals.go), wherever the barriers are.
func (g *gen) electStmt(out *[]Stmt) {
	wrap := 0
	if g.chance(0.5) {
		wrap = 1 + g.intn(2)
	}
	if wrap == 0 {
		g.election(out)
		return
	}
	var inner []Stmt
	g.election(&inner)
	if wrap == 1 {
		*out = append(*out, &If{C: g.cond(out, true), Then: block(inner...)})
		return
	}
	if g.mood != Racy || g.chance(0.6) {
		g.sync(&inner)
	}
	iv := &Var{Name: g.name("r"), Kind: VLocal, T: tInt}
	var bound Expr = intLit(int64(2 + g.intn(2)))
	if g.chance(0.4) {
		bound = bin("+", bin("%", ref(g.nPar), intLit(3)), intLit(1))
	}
	*out = append(*out, &For{Init: &Decl{V: iv, Init: intLit(0)}, C: bin("<", ref(iv), bound),
		Post: &IncDec{L: ref(iv), Op: "++"}, Body: block(inner...)})
}

// election makes one election.
func (g *gen) election(out *[]Stmt) {
	p := g.p
	T := int64(p.threads())
	G := int64(p.blocks())
	racy := g.mood == Racy && g.chance(0.85)
	brk := -1
	const (
		bNoBarrier = iota
		bRewrite
		bTDIndex
		bNested
		bOtherBlocks
		bWriters
	)
	if racy {
		ws := []int{3, 3, 2, 3, 0, 2}
		if G > 1 {
			ws[bOtherBlocks] = 4
		}
		if T < 2 {
			ws[bTDIndex], ws[bWriters] = 0, 0
		}
		brk = g.pick(ws...)
	} else if g.chance(0.12) {
		brk = bNested // a barrier in a branch that is taken, most often
	}
	t := tUint
	if g.chance(0.35) {
		t = tInt
	}
	lit := func(v int64) Expr { return litOf(t, v) }
	// fresh nodes each time: a node is in one place of the tree
	blin := func() Expr {
		if p.Grid[1] > 1 {
			return bin("+", bin("*", bidx(1), gdim(0)), bidx(0))
		}
		return bidx(0)
	}
	// the cell: a shared scalar, a shared array of L cells, or a global
	// array (a cell per block, or one for the grid)
	global := brk == bOtherBlocks || g.chance(0.25)
	L := int64(1)
	if brk == bTDIndex || g.chance(0.3) && T >= 2 {
		L = int64(2 + g.intn(int(min(T, 4))-1))
		if L > T {
			L = T
		}
	}
	var cell *Var
	if global {
		cell = &Var{Name: g.name("el"), Kind: VLocal, T: ptrTo(t), Param: true, Len: 1, Elect: true}
		g.k.Params = append(g.k.Params, cell)
	} else {
		cell = &Var{Name: g.name("el"), Kind: VShared, T: t, Elect: true}
		if L > 1 || g.chance(0.4) {
			cell.Dims = []int{int(L)}
		}
		g.ownShared = append(g.ownShared, cell)
	}
	// at(j): the lvalue of cell j of the block (of the grid's cell when
	// the blocks share one)
	shareCell := brk == bOtherBlocks && g.chance(0.6)
	at := func(j Expr) Expr {
		switch {
		case global && shareCell:
			return &Index{X: ref(cell), I: j}
		case global:
			if L == 1 {
				return &Index{X: ref(cell), I: blin()}
			}
			return &Index{X: ref(cell), I: bin("+", bin("*", blin(), uintLit(L)), j)}
		case len(cell.Dims) == 0:
			return ref(cell)
		}
		return &Index{X: ref(cell), I: j}
	}
	// value(j): what the writer of cell j writes, non-negative
	value := func(j Expr, who Expr) Expr {
		var v Expr
		switch g.intn(5) {
		case 0:
			v = bin("+", bin("*", ref(g.nPar), intLit(int64(1+g.intn(4)))), intLit(int64(g.intn(5))))
		case 1:
			v = bin("+", bin("*", blin(), uintLit(int64(1+g.intn(5)))), ref(g.mPar))
		case 2:
			v = bin("+", &Member{X: ref(g.cfgPar), F: g.cfgS.Fields[0]}, intLit(int64(g.intn(7))))
		case 3:
			v = bin("+", ref(g.mPar), uintLit(int64(g.intn(9))))
		default:
			v = intLit(int64(g.intn(2 * int(T))))
		}
		if j != nil {
			v = bin("+", v, bin("*", j, intLit(int64(1+g.intn(3)))))
		}
		if who != nil {
			v = bin("+", v, who)
		}
		return &Cast{T: t, X: v}
	}
	tid := func() Expr { return ref(g.tid) }
	// the writers
	c := int64(0)
	if g.chance(0.3) {
		c = int64(g.intn(int(T)))
	}
	switch {
	case brk == bWriters:
		// several writers of cell 0, with different values
		var who Expr
		switch g.intn(3) {
		case 0:
			who = bin("<", tid(), intLit(int64(2+g.intn(int(T)-1))))
		case 1:
			who = bin("==", bin("%", tid(), intLit(2)), intLit(0))
		default:
			who = bin("!=", tid(), intLit(c))
		}
		*out = append(*out, &If{C: who, Then: block(&Assign{L: at(lit(0)), Op: "=", R: value(nil, tid())})})
		if L > 1 {
			*out = append(*out, &If{C: bin("==", tid(), intLit(1)), Then: block(&Assign{L: at(lit(1)), Op: "=", R: value(nil, nil)})})
		}
	case L > 1:
		// thread j writes cell j
		*out = append(*out, &If{C: bin("<", tid(), intLit(L)), Then: block(&Assign{L: at(&Cast{T: t, X: tid()}), Op: "=", R: value(tid(), nil)})})
	default:
		var who Expr = bin("==", tid(), intLit(c))
		if c == 0 && p.Block[1] == 1 && p.Block[2] == 1 && g.chance(0.4) {
			who = bin("==", tidx(0), uintLit(0))
		}
		*out = append(*out, &If{C: who, Then: block(&Assign{L: at(lit(0)), Op: "=", R: value(nil, nil)})})
	}
	// the barrier
	switch brk {
	case bNoBarrier:
		if g.chance(0.3) {
			*out = append(*out, &Sync{Op: "__syncwarp"}) // orders nothing across warps
		}
	case bNested:
		if g.chance(0.5) {
			iv := &Var{Name: g.name("i"), Kind: VLocal, T: tInt}
			var bound Expr = intLit(1)
			if g.chance(0.4) {
				bound = bin("+", bin("%", ref(g.nPar), intLit(2)), intLit(1))
			}
			*out = append(*out, &For{Init: &Decl{V: iv, Init: intLit(0)}, C: bin("<", ref(iv), bound),
				Post: &IncDec{L: ref(iv), Op: "++"}, Body: block(&Sync{Op: "__syncthreads"})})
		} else {
			*out = append(*out, &If{C: g.cond(out, true), Then: block(&Sync{Op: "__syncthreads"})})
		}
	default:
		g.sync(out)
	}
	// the read, at a uniform index (a thread-dependent one when racy)
	jk := 0 // the index read: cell 0, or chosen below
	if L > 1 && brk != bWriters {
		switch {
		case brk == bTDIndex && g.chance(0.5):
			jk = 1
		case brk == bTDIndex:
			jk = 2
		case g.chance(0.4):
			jk = 3
		case g.chance(0.3):
			jk = 4
		default:
			jk = 5
		}
	}
	jc := int64(g.intn(int(L)))
	j := func() Expr {
		switch jk {
		case 1:
			return &Cast{T: t, X: bin("%", tid(), intLit(L))}
		case 2:
			return &Cast{T: t, X: bin("%", bin("+", tid(), intLit(1)), intLit(L))}
		case 3:
			return &Cast{T: t, X: bin("%", ref(g.nPar), intLit(L))}
		case 4:
			return &Cast{T: t, X: bin("%", blin(), uintLit(L))}
		case 5:
			return lit(jc)
		}
		return lit(0)
	}
	read := at(j())
	if global && !shareCell && brk == bOtherBlocks {
		// the next block's cell
		nb := bin("%", bin("+", blin(), uintLit(1)), uintLit(G))
		read = &Index{X: ref(cell), I: bin("+", bin("*", nb, uintLit(L)), &Cast{T: tUint, X: j()})}
	}
	v := &Var{Name: g.name("lead"), Kind: VLocal, T: t}
	*out = append(*out, &Decl{V: v, Init: read})
	// the target: an array of its own, room for every value
	tgt := &Var{Name: g.name("won"), Kind: VLocal, T: ptrTo(tInt), Param: true, Len: 1, MinLen: int(G * T)}
	g.k.Params = append(g.k.Params, tgt)
	um := func(x Expr) Expr { return &Cast{T: tUint, X: x} } // v as unsigned
	var tc Expr = uintLit(T)
	if p.Block[1] == 1 && p.Block[2] == 1 && g.chance(0.5) {
		tc = bdim(0)
	}
	uses := []Stmt{}
	switch g.pick(5, 3, 2) {
	case 0:
		// the elected leader writes the block's cell
		var cond Expr = bin("==", tid(), &Cast{T: tInt, X: bin("%", um(ref(v)), tc)})
		if p.Block[1] == 1 && p.Block[2] == 1 && g.chance(0.4) {
			cond = bin("==", tidx(0), bin("%", um(ref(v)), tc))
		}
		uses = append(uses, &If{C: cond, Then: block(&Assign{L: &Index{X: ref(tgt), I: blin()}, Op: "=", R: bin("+", tid(), intLit(1))})})
	case 1:
		// every thread writes a cell of the block's, rotated by v
		idx := bin("+", bin("*", blin(), uintLit(T)), bin("%", bin("+", um(ref(v)), um(tid())), uintLit(T)))
		uses = append(uses, &Assign{L: &Index{X: ref(tgt), I: idx}, Op: "=", R: tid()})
	default:
		// one thread writes the cell v chooses
		k := int64(1 + g.intn(int(T)))
		idx := bin("+", bin("*", blin(), uintLit(k)), bin("%", um(ref(v)), uintLit(k)))
		uses = append(uses, &If{C: bin("==", tid(), intLit(c)), Then: block(&Assign{L: &Index{X: ref(tgt), I: idx}, Op: "=", R: intLit(int64(1 + g.intn(9)))})})
	}
	*out = append(*out, uses...)
	// the cell written again: in the interval of the read (racy), or
	// after a barrier
	switch {
	case brk == bRewrite:
		w := int64(g.intn(int(T)))
		*out = append(*out, &If{C: bin("==", tid(), intLit(w)), Then: block(&Assign{L: at(j()), Op: "=", R: value(nil, nil)})})
	case brk < 0 && g.chance(0.2) && g.canSync():
		g.sync(out)
		*out = append(*out, &If{C: bin("==", tid(), intLit(c)), Then: block(&Assign{L: at(j()), Op: "=", R: value(nil, nil)})})
	}
}

// electConstructs adds the constructs of this file.
func electConstructs(p *Program, add func(string)) {
	elects := func(b *Block) bool {
		for _, s := range b.Stmts {
			if d, ok := s.(*Decl); ok && d.Init != nil && readsElect(d.Init) {
				return true
			}
		}
		return false
	}
	walkProgram(p, func(s Stmt) {
		switch s := s.(type) {
		case *If:
			if elects(s.Then) {
				add("election in a branch")
			}
		case *For:
			if elects(s.Body) {
				add("election in a loop")
			}
			if countsInMemory(s.Body) {
				add("count in memory")
			}
		}
	}, nil)
	walkProgram(p, func(s Stmt) {
		d, ok := s.(*Decl)
		if !ok || d.Init == nil {
			return
		}
		switch {
		case readsBack(d.Init):
			add("own value as index")
		case readsElect(d.Init):
			add("uniform read after barrier")
		}
	}, nil)
}

// readsElect reports whether an expression reads an election cell (not a
// sorting network's).
func readsElect(e Expr) bool {
	found := false
	walkExpr(e, func(e Expr) {
		if r, ok := e.(*VarRef); ok && r.V.Elect && !r.V.Net {
			found = true
		}
	})
	return found
}

// readsBack reports whether an expression reads a read back's cell.
func readsBack(e Expr) bool {
	found := false
	walkExpr(e, func(e Expr) {
		if r, ok := e.(*VarRef); ok && r.V.Back {
			found = true
		}
	})
	return found
}

// electWrite is a write to an election cell: by thread th of block blk,
// in its block interval epoch and grid interval gepoch, as its seq-th
// access to election cells.
type electWrite struct {
	owner              *Var
	i, j               int64
	w                  int
	blk, th            int
	epoch, gepoch, seq int
	i64                int64
	f                  float32
}

// electCell is a cell of an election variable.
type electCell struct {
	owner *Var
	i, j  int64
	w     int
}

// maxElectPasses bounds the runs until the writes to election cells
// settle. The cells of a sorting network (Var.Net, genpow2.go) pass their
// values on from one barrier interval to the next, and a run settles the
// values of one more interval: a program with one may run once more than
// it has barrier intervals, up to maxNetPasses times.
const (
	maxElectPasses = 4
	maxNetPasses   = 48
)

// runElect runs the program until the writes to election cells are those
// the previous run's reads were answered from (one run without them).
func runElect(p *Program, ti *typeInfo) (*Result, error) {
	var prev []electWrite
	limit := maxElectPasses
	for pass := 0; ; pass++ {
		res, ew, err := runPass(p, ti, prev)
		if err != nil {
			return nil, err
		}
		if sameWrites(ew, prev) {
			return res, nil
		}
		if pass == 0 && hasNet(p) {
			limit = max(limit, min(res.Barriers+3, maxNetPasses))
		}
		if pass+1 >= limit {
			return nil, &runError{kind: errOther, node: p.Kernel, msg: "writes to election cells do not settle"}
		}
		prev = ew
	}
}

func sameWrites(a, b []electWrite) bool {
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		if a[k] != b[k] {
			return false
		}
	}
	return true
}

// electStore records a write to an election cell.
func (th *thread) electStore(l loc, v value, site Expr) {
	if v.nd {
		fail(errND, site, "schedule-dependent value stored to election cell %s", l.obj.owner.Name)
	}
	th.eseq++
	th.in.ew = append(th.in.ew, electWrite{owner: l.obj.owner, i: l.i, j: l.j, w: l.w, blk: th.blin, th: th.lin,
		epoch: th.epoch, gepoch: th.gepoch, seq: th.eseq, i64: v.i, f: v.f})
	k := th.ownCell(l)
	th.in.ewOwn[k] = append(th.in.ewOwn[k], len(th.in.ew)-1)
}

func (th *thread) ownCell(l loc) ownCell {
	return ownCell{electCell{l.obj.owner, l.i, l.j, l.w}, th.blin, th.lin}
}

// ownWrite returns the thread's last write of this run to the cell of l
// that keep accepts, or nil.
func (th *thread) ownWrite(l loc, keep func(*electWrite) bool) *electWrite {
	ks := th.in.ewOwn[th.ownCell(l)]
	for i := len(ks) - 1; i >= 0; i-- {
		if w := &th.in.ew[ks[i]]; keep(w) {
			return w
		}
	}
	return nil
}

// electRead answers a read of an election cell from the writes of the
// previous run and the thread's own of this run: the last of those that
// happen before it, else one concurrent with it (the kernel races), else
// 0.
func (th *thread) electRead(l loc) value {
	th.eseq++
	shared := l.obj.sp == spShared
	var best, conc *electWrite
	best = th.ownWrite(l, func(*electWrite) bool { return true })
	for _, k := range th.in.ewCell[electCell{l.obj.owner, l.i, l.j, l.w}] {
		w := &th.in.ewPrev[k]
		same := w.blk == th.blin
		if shared && !same {
			continue
		}
		own := same && w.th == th.lin
		if own {
			continue // this run's own writes are the ones read
		}
		before := same && (w.epoch < th.epoch || own && w.seq < th.eseq) || w.gepoch < th.gepoch
		after := same && (w.epoch > th.epoch || own && w.seq > th.eseq) || w.gepoch > th.gepoch
		switch {
		case before:
			if best == nil || electLater(w, best) {
				best = w
			}
		case !after && conc == nil:
			conc = w
		}
	}
	if best == nil {
		best = conc
	}
	v := value{t: l.t, mem: true}
	if best != nil {
		v.i, v.f = convertInt(best.i64, l.t), best.f
	}
	return v
}

// electLater reports whether write a comes after write b in the order
// reads of election cells take the last of (grid interval, block
// interval, block, thread, the thread's own order).
func electLater(a, b *electWrite) bool {
	ka := [5]int{a.gepoch, a.epoch, a.blk, a.th, a.seq}
	kb := [5]int{b.gepoch, b.epoch, b.blk, b.th, b.seq}
	for k := range ka {
		if ka[k] != kb[k] {
			return ka[k] > kb[k]
		}
	}
	return false
}

// countsInMemory reports whether a loop body counts a read back's cell up
// (countInMemory).
func countsInMemory(b *Block) bool {
	for _, s := range b.Stmts {
		if a, ok := s.(*Assign); ok && a.Op == "+=" && readsBack(a.L) {
			return true
		}
	}
	return false
}

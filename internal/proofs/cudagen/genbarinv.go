package cudagen

import "math/rand"

// This file generates barrier invariants (issue 21, point 1; Chong,
// Donaldson, Kelly, Ketema and Qadeer, "Barrier Invariants"): each thread
// stores a value into its cell of a __shared__ array, a barrier invariant
// before the next barrier says what the cells hold, and after it each
// thread reads another thread's cell and writes a target of its own at
// that value:
//
//	bi[tid] = (unsigned)(tid * 3 + 1);
//	__barrier_invariant(bi[tid] == (unsigned)(tid * 3 + 1), (tid + 5) % 8);
//	__syncthreads();
//	unsigned v = bi[(tid + 5) % 8];
//	own[blockIdx.x * 25 + v % 25] = tid + 1;
//
// drfcheck checks the invariant at the barrier with what each thread
// stored itself, and assumes it after the barrier for the thread the
// instantiation names (internal/infer/symexec, invariant.go): these
// kernels are race free by those rules and by nothing weaker (the value
// read is another thread's). Racy kernels break them where it matters: an
// invariant that does not hold (a value off by one; a condition left out
// where only the even threads store; a store by a neighbour between two
// barriers, which the thread does not know of), stores that are not one to
// one (tid / 2 * a + b), and a use that reads cells no thread stored.
// Binary invariants say that every two threads stored different values
// (or fail to: two threads store one). The oracle
// evaluates each invariant at the barrier for every thread (the
// interpreter: checkInvariants; the execution: drf::invariant), and a
// failure is an error of the kernel, as a race is.

// biProb is the probability of a barrier invariant at each statement of
// the kernel's top level where one may be.
var biProb = 0.03

func newBarInvRand(seed int64) *rand.Rand { return rand.New(rand.NewSource(seed ^ 0x6a771e5b)) }

func (g *gen) biintn(n int) int { return g.bir.Intn(n) }

// barInvHere says whether to place a barrier invariant at this statement:
// blocks of one dimension (drfcheck instantiates threadIdx.x) and at least
// two threads (the two-thread reduction checks an invariant for a pair).
func (g *gen) barInvHere() bool {
	p := g.p
	return g.bir != nil && !g.biDone && p.Block[1] == 1 && p.Block[2] == 1 && p.threads() >= 2 && (g.biAll || g.bir.Float64() < biProb)
}

// The kinds of barrier invariant fragments.
const (
	biAll           = iota // every thread stores; the invariant says what (drf)
	biCond                 // the even threads store; the invariant is an implication; the use is guarded (drf)
	biBoth                 // the even and the odd threads store in two branches (drf)
	biWrong                // the invariant is off by one (racy: it fails)
	biUncond               // as biCond, the invariant without its condition (racy: fails for the odd threads)
	biTwo                  // a neighbour overwrites the cell between two barriers (racy: fails)
	biHalf                 // the stores are not one to one (racy: a race on the target)
	biUnguarded            // as biCond, the use unguarded (racy: cells no one stored read as 0)
	biDistinct             // binary: every two threads stored different values; the use relies on it (drf)
	biSame                 // binary: two threads stored one value (racy: it fails)
	biSnapshot             // a snapshot, then a count in the cell: the invariant relates the two (drf)
	biSnapshotWrong        // as biSnapshot, the invariant off by one count (racy: it fails)
)

// barInvStmt places one barrier invariant fragment (the kernel's top
// level), sometimes as the body of a loop of a few rounds, with a barrier
// at its end that orders a round's reads before the next round's stores:
// a loop whose rounds its text fixes, which drfcheck checks round by
// round, or one whose rounds depend on a parameter.
func (g *gen) barInvStmt(out *[]Stmt) {
	g.biDone = true
	if g.biintn(3) != 0 {
		g.barInvFragment(out)
		return
	}
	var inner []Stmt
	g.barInvFragment(&inner)
	g.sync(&inner)
	iv := &Var{Name: g.name("round"), Kind: VLocal, T: tInt}
	var bound Expr = intLit(int64(1 + g.biintn(3)))
	if g.biintn(3) == 0 {
		bound = bin("+", bin("%", ref(g.nPar), intLit(3)), intLit(1))
	}
	*out = append(*out, &For{Init: &Decl{V: iv, Init: intLit(0)}, C: bin("<", ref(iv), bound),
		Post: &IncDec{L: ref(iv), Op: "++"}, Body: block(inner...)})
}

// barInvFragment makes the statements of a barrier invariant fragment.
func (g *gen) barInvFragment(out *[]Stmt) {
	T := int64(g.p.threads())
	var kind int
	if g.mood == Racy {
		kind = []int{biWrong, biUncond, biTwo, biHalf, biUnguarded, biSame, biSnapshotWrong, biSnapshotWrong}[g.biintn(8)]
	} else {
		kind = []int{biAll, biCond, biBoth, biDistinct, biSnapshot, biSnapshot}[g.biintn(6)]
	}
	if kind == biDistinct || kind == biSame {
		g.binaryInvariant(out, kind == biSame)
		return
	}
	if kind == biSnapshot || kind == biSnapshotWrong {
		g.snapshotInvariant(out, kind == biSnapshotWrong)
		return
	}
	cell := &Var{Name: g.name("bi"), Kind: VShared, T: tUint, Dims: []int{int(T)}, Elect: true}
	g.ownShared = append(g.ownShared, cell)
	tid := func() Expr { return ref(g.tid) }
	at := func(i Expr) Expr { return &Index{X: ref(cell), I: i} }
	a, b := int64(1+g.biintn(3)), int64(1+g.biintn(4))
	f := func(t Expr) Expr { return &Cast{T: tUint, X: bin("+", bin("*", t, intLit(a)), intLit(b))} }
	if kind == biHalf {
		f = func(t Expr) Expr {
			return &Cast{T: tUint, X: bin("+", bin("*", bin("/", t, intLit(2)), intLit(a)), intLit(b))}
		}
	}
	K := a*T + b + 1 // room for every value: v % K is v
	even := func(t Expr) Expr { return bin("==", bin("%", t, intLit(2)), intLit(0)) }
	store := &Assign{L: at(tid()), Op: "=", R: f(tid())}
	phi := bin("==", at(tid()), f(tid()))
	switch kind {
	case biAll, biWrong, biHalf:
		*out = append(*out, store)
	case biTwo:
		*out = append(*out, store)
		g.sync(out)
		*out = append(*out, &If{C: bin("&&", even(tid()), bin("<", tid(), intLit(T-1))),
			Then: block(&Assign{L: at(bin("+", tid(), intLit(1))), Op: "=", R: uintLit(0)})})
	case biCond, biUncond, biUnguarded:
		*out = append(*out, &If{C: even(tid()), Then: block(store)})
		if kind != biUncond {
			phi = bin("||", bin("!=", bin("%", tid(), intLit(2)), intLit(0)), phi)
		}
	case biBoth:
		*out = append(*out, &If{C: even(tid()), Then: block(store), Else: block(&Assign{L: at(tid()), Op: "=", R: f(tid())})})
		phi = bin("==", at(tid()), &Cond{C: even(tid()), X: f(tid()), Y: f(tid())})
	}
	if kind == biWrong {
		phi = bin("==", at(tid()), &Cast{T: tUint, X: bin("+", f(tid()), uintLit(1))})
	}
	k := int64(g.biintn(int(T)))
	j := func() Expr { return bin("%", bin("+", tid(), intLit(k)), intLit(T)) }
	inv := &BarInv{C: phi, Insts: []Expr{j()}}
	if g.biintn(3) == 0 {
		inv.Insts = append([]Expr{tid()}, inv.Insts...)
	}
	*out = append(*out, &Sync{Op: "__syncthreads", Invs: []*BarInv{inv}})
	for _, e := range g.st {
		*e = epoch{}
	}
	v := &Var{Name: g.name("got"), Kind: VLocal, T: tUint}
	*out = append(*out, &Decl{V: v, Init: at(j())})
	G := int64(g.p.blocks())
	tgt := &Var{Name: g.name("own"), Kind: VLocal, T: ptrTo(tInt), Param: true, Len: 1, MinLen: int(G * K)}
	g.k.Params = append(g.k.Params, tgt)
	idx := bin("+", bin("*", g.blin(), uintLit(K)), bin("%", ref(v), uintLit(K)))
	use := Stmt(&Assign{L: &Index{X: ref(tgt), I: idx}, Op: "=", R: bin("+", tid(), intLit(1))})
	if kind == biCond {
		use = &If{C: even(j()), Then: block(use)}
	}
	*out = append(*out, use)
}

// binaryInvariant places a binary barrier invariant: every two threads
// stored different values into their cells (with same, threads 2m and
// 2m + 1 store one value, and it fails). Either it is assumed for the
// pair of the thread and another, (tid + k) % T, and a thread that reads
// the same value in both cells writes the block's cell of the target,
// which the invariant says none does:
//
//	bi[tid] = (unsigned)(tid * 3 + 1);
//	__barrier_invariant_binary(bi[tid] != bi[__other_int(tid)], tid, (tid + 5) % 8);
//	__syncthreads();
//	if (bi[tid] == bi[(tid + 5) % 8]) own[blockIdx.x] = tid + 1;
//
// or it is assumed for the pair of threads a race check compares (the
// instantiation (e, __other_int(e)), GPUVerify's idiom), at the cells
// they read, and each thread writes the cell of the target its value
// names, which the invariant says differ for two threads:
//
//	__barrier_invariant_binary(bi[tid] != bi[__other_int(tid)], (tid + 5) % 8, (__other_int(tid) + 5) % 8);
//	__syncthreads();
//	own[blockIdx.x * 26 + bi[(tid + 5) % 8] % 26] = tid + 1;
func (g *gen) binaryInvariant(out *[]Stmt, same bool) {
	T := int64(g.p.threads())
	cell := &Var{Name: g.name("bi"), Kind: VShared, T: tUint, Dims: []int{int(T)}, Elect: true}
	g.ownShared = append(g.ownShared, cell)
	tid := func() Expr { return ref(g.tid) }
	at := func(i Expr) Expr { return &Index{X: ref(cell), I: i} }
	a, b := int64(1+g.biintn(3)), int64(1+g.biintn(4))
	t := tid()
	if same {
		t = bin("/", tid(), intLit(2))
	}
	*out = append(*out, &Assign{L: at(tid()), Op: "=", R: &Cast{T: tUint, X: bin("+", bin("*", t, intLit(a)), intLit(b))}})
	k := int64(1 + g.biintn(int(T-1))) // another thread
	j := func() Expr { return bin("%", bin("+", tid(), intLit(k)), intLit(T)) }
	inv := &BarInv{C: bin("!=", at(tid()), at(&Builtin{Name: otherTid})), Insts: []Expr{tid(), j()}, Binary: true}
	pair := g.biintn(2) == 0
	if pair {
		inv.Insts = []Expr{j(), bin("%", bin("+", &Builtin{Name: otherTid}, intLit(k)), intLit(T))}
	}
	*out = append(*out, &Sync{Op: "__syncthreads", Invs: []*BarInv{inv}})
	for _, e := range g.st {
		*e = epoch{}
	}
	G := int64(g.p.blocks())
	if pair {
		K := a*T + b + 1 // room for every value: v % K is v
		tgt := &Var{Name: g.name("own"), Kind: VLocal, T: ptrTo(tInt), Param: true, Len: 1, MinLen: int(G * K)}
		g.k.Params = append(g.k.Params, tgt)
		idx := bin("+", bin("*", g.blin(), uintLit(K)), bin("%", at(j()), uintLit(K)))
		*out = append(*out, &Assign{L: &Index{X: ref(tgt), I: idx}, Op: "=", R: bin("+", tid(), intLit(1))})
		return
	}
	tgt := &Var{Name: g.name("own"), Kind: VLocal, T: ptrTo(tInt), Param: true, Len: 1, MinLen: int(G)}
	g.k.Params = append(g.k.Params, tgt)
	*out = append(*out, &If{C: bin("==", at(tid()), at(j())),
		Then: block(&Assign{L: &Index{X: ref(tgt), I: g.blin()}, Op: "=", R: bin("+", tid(), intLit(1))})})
}

// checkInvariants evaluates the barrier invariants of a barrier the thread
// has just passed, reading memory as it is at the barrier; a failure is an
// error of the kernel, recorded as a race on a pseudo-array. An invariant
// speaks of pairs of distinct threads (Chong et al., rule K-BAR-ERR): a
// block of one thread has none, and nothing to check.
func (th *thread) checkInvariants(s *Sync) {
	if th.in.p.threads() < 2 {
		return
	}
	for _, inv := range s.Invs {
		if th.holds(inv) {
			continue
		}
		in := th.in
		in.res.Harmful = true
		if in.res.Race == nil {
			site := exprString(inv.C)
			in.res.Race = &Race{Array: "__barrier_invariant", Modes: [2]string{"invariant", "invariant"},
				Sites: [2]string{site, site}, Threads: [2]int{th.lin, th.lin}}
		}
	}
}

// holds evaluates an invariant for the thread, and a binary one for the
// thread with every other thread of the block.
func (th *thread) holds(inv *BarInv) bool {
	th.ghost = true
	defer func() { th.ghost, th.other = false, -1 }()
	others := []int{-1}
	if inv.Binary {
		others = nil
		for t := range th.in.p.threads() {
			if t != th.lin {
				others = append(others, t)
			}
		}
	}
	for _, t := range others {
		th.other = t
		if !th.det(th.eval(inv.C), inv.C, false).truth() {
			return false
		}
	}
	return true
}

// ghostRead is a barrier invariant's read of an election cell: the value
// of the last write that happens before the barrier just passed (the
// writes of the previous run, as electRead), 0 where none does (the oracle
// zeroes memory).
func (th *thread) ghostRead(l loc) value {
	best := th.ownWrite(l, func(w *electWrite) bool { return w.epoch < th.epoch })
	for _, k := range th.in.ewCell[electCell{l.obj.owner, l.i, l.j, l.w}] {
		w := &th.in.ewPrev[k]
		same := w.blk == th.blin
		if l.obj.sp == spShared && !same || same && w.th == th.lin {
			continue
		}
		if (same && w.epoch < th.epoch || w.gepoch < th.gepoch) && (best == nil || electLater(w, best)) {
			best = w
		}
	}
	v := value{t: l.t, mem: true}
	if best != nil {
		v.i, v.f = convertInt(best.i64, l.t), best.f
	}
	return v
}

// snapshotInvariant places GPUVerify's ghost array idiom: each thread
// stores a value into its cell, takes a snapshot of the cells into a
// local array of its own, counts its cell up by d in each of n % 3 + c
// rounds, and the invariant relates the cell to the snapshot; after the
// barrier each thread reads another thread's cell, which the invariant
// (instantiated for that thread) says is its snapshot plus the count:
//
//	bi[tid] = (unsigned)(tid * 3 + 1);
//	unsigned gh[8];
//	__array_snapshot(gh, bi);
//	for (int r = 0; r < n % 3 + 1; r++) bi[tid] += 2u;
//	__barrier_invariant(bi[tid] == gh[tid] + (unsigned)(n % 3 + 1) * 2u, (tid + 5) % 8);
//	__syncthreads();
//	unsigned v = bi[(tid + 5) % 8];
//	own[blockIdx.x * K + (v - (unsigned)(n % 3 + 1) * 2u) % K] = tid + 1;
//
// drfcheck knows the snapshot's cell from the thread's own store and the
// cell from the count (an induction cell); wrong, the invariant misses
// one round's step and fails.
func (g *gen) snapshotInvariant(out *[]Stmt, wrong bool) {
	T := int64(g.p.threads())
	cell := &Var{Name: g.name("bi"), Kind: VShared, T: tUint, Dims: []int{int(T)}, Elect: true}
	g.ownShared = append(g.ownShared, cell)
	tid := func() Expr { return ref(g.tid) }
	at := func(i Expr) Expr { return &Index{X: ref(cell), I: i} }
	a, b, c, d := int64(1+g.biintn(3)), int64(1+g.biintn(4)), int64(1+g.biintn(2)), int64(1+g.biintn(3))
	*out = append(*out, &Assign{L: at(tid()), Op: "=", R: &Cast{T: tUint, X: bin("+", bin("*", tid(), intLit(a)), intLit(b))}})
	gh := &Var{Name: g.name("gh"), Kind: VLocalArr, T: tUint, Dims: []int{int(T)}}
	*out = append(*out, &Decl{V: gh})
	*out = append(*out, &ExprStmt{X: &MemOp{Ghost: true, Dst: ref(gh), Src: ref(cell), N: intLit(0)}})
	rounds := func() Expr { return bin("+", bin("%", ref(g.nPar), intLit(3)), intLit(c)) }
	iv := &Var{Name: g.name("r"), Kind: VLocal, T: tInt}
	*out = append(*out, &For{Init: &Decl{V: iv, Init: intLit(0)}, C: bin("<", ref(iv), rounds()),
		Post: &IncDec{L: ref(iv), Op: "++"}, Body: block(&Assign{L: at(tid()), Op: "+=", R: uintLit(d)})})
	count := func() Expr { return bin("*", &Cast{T: tUint, X: rounds()}, uintLit(d)) }
	var moved Expr = count()
	if wrong {
		moved = bin("-", count(), uintLit(d))
	}
	k := int64(g.biintn(int(T)))
	j := func() Expr { return bin("%", bin("+", tid(), intLit(k)), intLit(T)) }
	phi := bin("==", at(tid()), bin("+", &Index{X: ref(gh), I: tid()}, moved))
	*out = append(*out, &Sync{Op: "__syncthreads", Invs: []*BarInv{{C: phi, Insts: []Expr{j()}}}})
	for _, e := range g.st {
		*e = epoch{}
	}
	v := &Var{Name: g.name("got"), Kind: VLocal, T: tUint}
	*out = append(*out, &Decl{V: v, Init: at(j())})
	K := a*T + b + 1 // room for every first value: v % K is v
	G := int64(g.p.blocks())
	tgt := &Var{Name: g.name("own"), Kind: VLocal, T: ptrTo(tInt), Param: true, Len: 1, MinLen: int(G * K)}
	g.k.Params = append(g.k.Params, tgt)
	idx := bin("+", bin("*", g.blin(), uintLit(K)), bin("%", bin("-", ref(v), count()), uintLit(K)))
	*out = append(*out, &Assign{L: &Index{X: ref(tgt), I: idx}, Op: "=", R: bin("+", tid(), intLit(1))})
}

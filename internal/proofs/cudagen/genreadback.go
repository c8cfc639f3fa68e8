package cudagen

import "math/rand"

// This file generates a thread reading back what it stored itself and
// using it as an index (issue 21, point 3): each thread stores a value
// into its own cell of a __shared__ array, maybe passes a barrier, reads
// its cell again and writes a target of its own at that value:
//
//	rb[tid] = tid * 2 + 1;
//	__syncthreads();
//	unsigned v = rb[tid];
//	own[blockIdx.x * K + v % K] = tid;
//
// drfcheck takes the value a thread reads to be its own last store there
// when at most one barrier lies between them (internal/infer/symexec,
// memory.go): these kernels are race-free by that rule and by nothing
// weaker. Racy kernels break it where it matters: two barriers with the
// even threads overwriting their odd neighbours' cells between them, an
// overwrite in a branch or in a loop (the value read is then another), a
// store that is not one-to-one (tid / 2), the neighbour's cell read in the
// interval of its store. The cells are election cells (Var.Elect), whose
// reads the interpreter answers with the last write that happens before
// them (runElect).

// rbProb is the probability of a read back at each statement of the
// kernel's top level where one may be.
var rbProb = 0.02

func newReadBackRand(seed int64) *rand.Rand { return rand.New(rand.NewSource(seed ^ 0x7eadbac4)) }

func (g *gen) rbintn(n int) int { return g.rbr.Intn(n) }

// readBackHere says whether to place a read back at this statement.
func (g *gen) readBackHere() bool {
	return g.rbr != nil && !g.rbDone && g.rbr.Float64() < rbProb
}

// readBackStmt places one read back (the kernel's top level).
func (g *gen) readBackStmt(out *[]Stmt) {
	g.rbDone = true
	p := g.p
	T := int64(p.threads())
	const (
		rbSame      = iota // no barrier between the store and the read
		rbOne              // one barrier
		rbBranch           // one barrier, both ways of a branch store
		rbTwo              // two barriers, the even threads overwrite their neighbours' cells between them (racy)
		rbOver             // the odd threads overwrite their own cell in a branch (racy)
		rbLoop             // a loop overwrites the cell when it runs (racy)
		rbHalf             // the stores are not one to one (racy)
		rbNeighbour        // the neighbour's cell read in the interval of its store (racy)
		rbStart            // cell 0 read by all in an interval with stores elsewhere (drf)
		rbRewrite          // as rbStart, cell 0 stored in the interval too (racy)
		rbCount            // a loop counts the cell up by a constant, maybe with a barrier (drf)
		rbCountRacy        // a loop counts the cell up and all threads act on the second count (racy)
	)
	var kind int
	if g.mood == Racy && T >= 2 {
		kind = []int{rbTwo, rbOver, rbLoop, rbHalf, rbNeighbour, rbRewrite, rbCountRacy}[g.rbintn(7)]
	} else {
		kind = []int{rbSame, rbOne, rbBranch, rbStart, rbCount}[g.rbintn(5)]
	}
	if kind == rbStart || kind == rbRewrite {
		g.readStart(out, kind == rbRewrite)
		return
	}
	if kind == rbCount || kind == rbCountRacy {
		g.countInMemory(out, kind == rbCountRacy)
		return
	}
	cell := &Var{Name: g.name("rb"), Kind: VShared, T: tUint, Dims: []int{int(T)}, Elect: true, Back: true}
	g.ownShared = append(g.ownShared, cell)
	tid := func() Expr { return ref(g.tid) }
	at := func(i Expr) Expr { return &Index{X: ref(cell), I: i} }
	a, b := int64(1+g.rbintn(3)), int64(g.rbintn(4))
	value := func() Expr { return &Cast{T: tUint, X: bin("+", bin("*", tid(), intLit(a)), intLit(b))} }
	K := a*T + b + 1 // room for every value: v % K is v
	if kind == rbHalf {
		*out = append(*out, &Assign{L: at(tid()), Op: "=", R: &Cast{T: tUint, X: bin("/", tid(), intLit(2))}})
	} else {
		*out = append(*out, &Assign{L: at(tid()), Op: "=", R: value()})
	}
	odd := func() Expr { return bin("==", bin("%", tid(), intLit(2)), intLit(1)) }
	switch kind {
	case rbOne, rbHalf:
		g.sync(out)
	case rbBranch:
		// both ways store a one-to-one value (c is the same for all)
		alt := &Cast{T: tUint, X: bin("+", bin("*", tid(), intLit(a)), intLit(b+K))}
		K *= 2
		*out = append(*out, &If{C: bin("==", bin("%", ref(g.nPar), intLit(2)), intLit(0)), Then: block(&Assign{L: at(tid()), Op: "=", R: alt})})
		g.sync(out)
	case rbTwo:
		g.sync(out)
		*out = append(*out, &If{C: bin("&&", bin("==", bin("%", tid(), intLit(2)), intLit(0)), bin("<", tid(), intLit(T-1))),
			Then: block(&Assign{L: at(bin("+", tid(), intLit(1))), Op: "=", R: uintLit(0)})})
		g.sync(out)
	case rbOver:
		*out = append(*out, &If{C: odd(), Then: block(&Assign{L: at(tid()), Op: "=", R: uintLit(0)})})
		if g.rbintn(2) == 0 {
			g.sync(out)
		}
	case rbLoop:
		iv := &Var{Name: g.name("i"), Kind: VLocal, T: tInt}
		*out = append(*out, &For{Init: &Decl{V: iv, Init: intLit(0)}, C: bin("<", ref(iv), bin("+", bin("%", ref(g.nPar), intLit(2)), intLit(1))),
			Post: &IncDec{L: ref(iv), Op: "++"}, Body: block(&Assign{L: at(tid()), Op: "=", R: uintLit(0)})})
	}
	read := at(tid())
	if kind == rbNeighbour {
		read = at(bin("%", bin("+", tid(), intLit(1)), intLit(T)))
	}
	v := &Var{Name: g.name("back"), Kind: VLocal, T: tUint}
	*out = append(*out, &Decl{V: v, Init: read})
	G := int64(p.blocks())
	tgt := &Var{Name: g.name("own"), Kind: VLocal, T: ptrTo(tInt), Param: true, Len: 1, MinLen: int(G * K)}
	g.k.Params = append(g.k.Params, tgt)
	idx := bin("+", bin("*", g.blin(), uintLit(K)), bin("%", ref(v), uintLit(K)))
	*out = append(*out, &Assign{L: &Index{X: ref(tgt), I: idx}, Op: "=", R: bin("+", tid(), intLit(1))})
}

// readStart places a read of cell 0 of a read back's array by every
// thread, in a barrier interval where each thread also stores to a cell
// of the array's second half that no one reads there: every thread reads
// the value the interval began with, and a rotation by it writes distinct
// cells of the target. With rewrite, thread c stores cell 0 in that
// interval too, racing with the reads.
func (g *gen) readStart(out *[]Stmt, rewrite bool) {
	p := g.p
	T := int64(p.threads())
	cell := &Var{Name: g.name("rb"), Kind: VShared, T: tUint, Dims: []int{int(2 * T)}, Elect: true, Back: true}
	g.ownShared = append(g.ownShared, cell)
	tid := func() Expr { return ref(g.tid) }
	at := func(i Expr) Expr { return &Index{X: ref(cell), I: i} }
	*out = append(*out, &Assign{L: at(tid()), Op: "=", R: &Cast{T: tUint, X: bin("+", bin("*", tid(), intLit(int64(1+g.rbintn(3)))), ref(g.nPar))}})
	g.sync(out)
	c := int64(g.rbintn(int(T)))
	rw := &If{C: bin("==", tid(), intLit(c)), Then: block(&Assign{L: at(intLit(0)), Op: "=", R: uintLit(int64(g.rbintn(9)))})}
	before := rewrite && g.rbintn(2) == 0
	if before {
		*out = append(*out, rw)
	}
	v := &Var{Name: g.name("back"), Kind: VLocal, T: tUint}
	*out = append(*out, &Decl{V: v, Init: at(intLit(0))})
	*out = append(*out, &Assign{L: at(bin("+", tid(), intLit(T))), Op: "=", R: &Cast{T: tUint, X: tid()}})
	if rewrite && !before {
		*out = append(*out, rw)
	}
	G := int64(p.blocks())
	tgt := &Var{Name: g.name("own"), Kind: VLocal, T: ptrTo(tInt), Param: true, Len: 1, MinLen: int(G * T)}
	g.k.Params = append(g.k.Params, tgt)
	idx := bin("+", bin("*", g.blin(), uintLit(T)), bin("%", bin("+", ref(v), &Cast{T: tUint, X: tid()}), uintLit(T)))
	*out = append(*out, &Assign{L: &Index{X: ref(tgt), I: idx}, Op: "=", R: bin("+", tid(), intLit(1))})
}

// countInMemory places a loop that counts a thread's own cell up by a
// constant step, n % 2 + c times: drfcheck knows the cell at each
// iteration and after the loop from the iteration count (an induction
// cell, symexec/memory.go), and by nothing weaker. Race-free, the count
// read after the loop writes a target of the thread's own (the values of
// the threads stay apart by the same count added to each); racy, every
// thread writes one cell in the iteration whose count it recognizes (the
// second), which a model that took the cell to hold its first value at
// every head would never see.
//
//	rb[tid] = tid * a + b;
//	for (int i = 0; i < n % 2 + c; i++) { __syncthreads(); rb[tid] += d; }
//	own[blockIdx.x * K + rb[tid] % K] = tid + 1;
func (g *gen) countInMemory(out *[]Stmt, racy bool) {
	p := g.p
	T := int64(p.threads())
	G := int64(p.blocks())
	cell := &Var{Name: g.name("rb"), Kind: VShared, T: tUint, Dims: []int{int(T)}, Elect: true, Back: true}
	g.ownShared = append(g.ownShared, cell)
	tid := func() Expr { return ref(g.tid) }
	at := func() Expr { return &Index{X: ref(cell), I: tid()} }
	a, b, c, d := int64(1+g.rbintn(3)), int64(g.rbintn(4)), int64(1+g.rbintn(2)), int64(1+g.rbintn(3))
	if racy {
		a, b, c, d = 1, 0, 2, 1
	}
	*out = append(*out, &Assign{L: at(), Op: "=", R: &Cast{T: tUint, X: bin("+", bin("*", tid(), intLit(a)), intLit(b))}})
	tgt := &Var{Name: g.name("own"), Kind: VLocal, T: ptrTo(tInt), Param: true, Len: 1}
	g.k.Params = append(g.k.Params, tgt)
	var body []Stmt
	if !racy && g.rbintn(2) == 0 {
		g.sync(&body)
	}
	if racy {
		// the second iteration finds tid + 1 in every thread's cell
		tgt.MinLen = int(G)
		body = append(body, &If{C: bin("==", at(), &Cast{T: tUint, X: bin("+", tid(), intLit(1))}),
			Then: block(&Assign{L: &Index{X: ref(tgt), I: g.blin()}, Op: "=", R: bin("+", tid(), intLit(1))})})
	}
	body = append(body, &Assign{L: at(), Op: "+=", R: uintLit(d)})
	iv := &Var{Name: g.name("i"), Kind: VLocal, T: tInt}
	*out = append(*out, &For{Init: &Decl{V: iv, Init: intLit(0)}, C: bin("<", ref(iv), bin("+", bin("%", ref(g.nPar), intLit(2)), intLit(c))),
		Post: &IncDec{L: ref(iv), Op: "++"}, Body: block(body...)})
	if racy {
		return
	}
	K := a*T + b + (c+1)*d + 1 // room for every value: v % K is v
	tgt.MinLen = int(G * K)
	idx := bin("+", bin("*", g.blin(), uintLit(K)), bin("%", at(), uintLit(K)))
	*out = append(*out, &Assign{L: &Index{X: ref(tgt), I: idx}, Op: "=", R: bin("+", tid(), intLit(1))})
}

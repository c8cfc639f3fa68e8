package cudagen

import (
	"math/rand"
	"strings"
)

// Preconditions about pairs of threads: GPUVerify's __requires naming
// the other thread with __other_int, which drfcheck assumes for the two
// threads of each race query (internal/infer/symexec, pairAssume). A
// kernel of one block may start with one, over an input array whose
// contents make it hold, followed by a scatter through that input:
//
//	__requires(pin[tid] != pin[__other_int(tid)]);
//	pout[pin[tid] / 2] = tid + 1;
//
// The input holds (a*j + b) % m at j, with a coprime to m and m at least
// the block's size, so every two threads read different values. The
// scatter through the value itself is race-free; through the value
// halved or reduced modulo k, two threads may meet (the interpreter
// decides). A precondition that does not hold for some pair (after
// shrinking) makes the program invalid: a run outside the kernel's
// contract says nothing. It is a Sync of Op pairRequires with one binary
// BarInv, the condition, which the interpreter evaluates for every pair
// like a binary barrier invariant (holds) at the kernel's start.

// pairRequires is the Op of a precondition about pairs.
const pairRequires = "__requires"

// pairProb is the chance that a kernel of one block starts with one.
const pairProb = 0.08

func newPairRand(seed int64) *rand.Rand { return rand.New(rand.NewSource(seed ^ 0x3a1f00d5)) }

// pairPrecondition places a precondition and its scatter, maybe.
func (g *gen) pairPrecondition(out *[]Stmt) {
	p := g.p
	if g.prr == nil || p.blocks() != 1 || p.threads() < 2 || g.biAll || !g.prAll && g.prr.Float64() >= pairProb {
		return
	}
	T := int64(p.threads())
	m := T + int64(g.prr.Intn(8))
	a := int64(1 + g.prr.Intn(7))
	for gcd(a, m) != 1 {
		a--
	}
	in := &Var{Name: g.name("pin"), Kind: VLocal, T: ptrTo(tInt), Param: true, Len: 1, Input: true,
		InitA: a, InitB: int64(g.prr.Intn(5)), InitM: m}
	dst := &Var{Name: g.name("pout"), Kind: VLocal, T: ptrTo(tInt), Param: true, Len: 1}
	g.k.Params = append(g.k.Params, in, dst)
	at := func(i Expr) Expr { return &Index{X: ref(in), I: i} }
	c := bin("!=", at(ref(g.tid)), at(&Builtin{Name: otherTid}))
	*out = append(*out, &Sync{Op: pairRequires, Invs: []*BarInv{{C: c, Binary: true}}})
	var cell Expr = at(ref(g.tid))
	switch g.prr.Intn(3) {
	case 1:
		cell = bin("/", cell, intLit(2))
	case 2:
		cell = bin("%", cell, intLit(int64(2+g.prr.Intn(int(m-1)))))
	}
	*out = append(*out, &Assign{L: &Index{X: ref(dst), I: cell}, Op: "=", R: bin("+", ref(g.tid), intLit(1))})
}

// fixedParamProb is the chance that a kernel states the value of its
// parameter n as a precondition, __requires(n == 3), which drfcheck writes
// into the protocol as the number (symexec, fixedParams). The condition
// names no other thread: the interpreter checks it for each thread.
const fixedParamProb = 0.1

// fixedParam places such a precondition, maybe. Half of them state n in
// terms of the block or grid size (n == blockDim.x * 2 + 1,
// n == gridDim.x - 3), which fixes n where the launch is given (symexec,
// limits and narrowRanges): the CUDA differential infers some batches
// with their launch (exactLaunch). blockDim.x and gridDim.x are unsigned,
// so n is compared as C converts it: an int becomes its residue modulo
// 2^32.
func (g *gen) fixedParam(out *[]Stmt) {
	if g.prr == nil || g.prr.Float64() >= fixedParamProb {
		return
	}
	v := g.nPar.Vals[0]
	var c Expr = bin("==", ref(g.nPar), intLit(v))
	if r := g.prr.Intn(4); r < 2 {
		var e Expr = bdim(0)
		b := int64(g.p.Block[0])
		if r == 1 {
			e, b = gdim(0), int64(g.p.Grid[0])
		}
		switch {
		case v < b:
			e = bin("-", e, intLit(b-v))
		case v/b > 1:
			e = bin("*", e, intLit(v/b))
		}
		if v >= b && v%b != 0 {
			e = bin("+", e, intLit(v%b))
		}
		c = bin("==", ref(g.nPar), e)
	}
	*out = append(*out, &Sync{Op: pairRequires, Invs: []*BarInv{{C: c, Binary: true}}})
}

// aboutPairs reports whether a precondition names the other thread.
func aboutPairs(s *Sync) bool {
	return strings.Contains(exprString(s.Invs[0].C), "__other_int(")
}

func gcd(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// checkPrecondition evaluates a precondition about pairs for the thread
// and every other thread; a failure rejects the program. Only a grid of
// one block is checked whole this way (holds pairs the threads of the
// block), so another is rejected too.
func (th *thread) checkPrecondition(s *Sync) {
	if !aboutPairs(s) {
		if !th.eval(s.Invs[0].C).truth() {
			fail(errOther, s, "the precondition %s does not hold", exprString(s.Invs[0].C))
		}
		return
	}
	if th.in.p.blocks() != 1 {
		fail(errOther, s, "a precondition about pairs in a grid of several blocks")
	}
	for _, inv := range s.Invs {
		if !th.holds(inv) {
			fail(errOther, s, "the precondition about pairs %s does not hold", exprString(inv.C))
		}
	}
}

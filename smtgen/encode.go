package smtgen

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/aclements/go-z3/z3"

	"github.com/drfcheck/drfcheck/protocol"
	"github.com/drfcheck/drfcheck/protocol/wellformed"
)

// Launch is the launch configuration: the size of a block and of the grid in
// each dimension, 0 for "any" (the * of --blockDim=[*,*,1]).
type Launch struct {
	BlockDim, GridDim [3]int64
	// WarpSize is the number of threads of a warp; 0 means 32.
	WarpSize int64
	// LockStep says that the threads of a warp run in lock-step
	// (wellformed.LockStep); witnesses carry it for their replay.
	LockStep bool
}

// Warp returns the warp size, 32 unless set.
func (l Launch) Warp() int64 {
	if l.WarpSize > 0 {
		return l.WarpSize
	}
	return 32
}

// Env is what every query about one protocol shares.
type Env struct {
	Info   *protocol.Info
	Launch Launch
	Level  wellformed.Level
	Pre    []protocol.Cond     // hold for both threads: the top-level assumptions and the variant's choices
	Agree  []protocol.Expr     // both threads compute these alike (wellformed.Variant.Agree)
	Differ []wellformed.Differ // the threads disagree on these (wellformed.Variant.Differ)
	// BenignRaces reports two writes of values known to be equal
	// (Access.Value) as a race; by default such a pair is benign.
	BenignRaces bool
	// SplitWarps says that pairs of threads of one warp are checked at
	// WarpLevel, so that BlockLevel compares threads of different warps.
	SplitWarps bool
}

// encodeError aborts an encoding; Solver methods recover it into an error.
type encodeError struct{ err error }

// encoder builds the formula of one query. Names follow the two-thread
// encoding of Cogumbreiro et al., Example 2: a uniform value is one constant ("N",
// "blockDim.x", the variable of an aligned loop), a thread-local value has
// one constant per thread ("threadIdx.x$1", "threadIdx.x$2", "x$1").
type encoder struct {
	ctx    *z3.Context
	env    Env
	consts map[string]num
	order  []string // names of consts in creation order, for models
	// bv says that integers are 64-bit bit-vectors (BitVectors); taints
	// lists the taint of every bit-vector operation that may overflow;
	// the first queryTaints of them are the query's as it was decided
	// (seal; -1 before).
	bv          bool
	taints      []z3.Bool
	queryTaints int
	nfresh      int    // fresh constants made
	defect      Defect // Solver.Break
	funcs       map[string]z3.FuncDecl
	facts       []z3.Bool
	// products lists the nonlinear products made, for lemmas.
	products []product
	// bitApps lists the bitwise operators applied, for lemmas.
	bitApps []bitApp
	// internal marks the constants that encode the formula's bookkeeping
	// (which site, which mode) rather than a value of the kernel.
	internal map[string]bool
	// domains are the finite domains conditions give terms (cases.go).
	domains []domain
	// apps lists the distinct applications of uninterpreted functions
	// encoded, which a witness minimizes after the constants (smallModel);
	// appIDs holds their terms' IDs. Each distinct term once: a value
	// read by both threads, or at several sites, is one term, and
	// minimizing it again costs a bisection of checks that all fail (a
	// value near 2^32, the 18 uses of one read: 4.6 s of a witness whose
	// race took 12 ms).
	apps   []num
	appIDs map[uint64]bool
	// the sorts, made once: go-z3 wraps each sort it returns with a
	// finalizer, and making one per literal cost 2% of the CUDA
	// differential's time
	intSort, bvSort z3.Sort
}

func newEncoder(ctx *z3.Context, env Env, enc Encoding) *encoder {
	return &encoder{ctx: ctx, env: env, bv: enc == BitVectors, consts: map[string]num{}, funcs: map[string]z3.FuncDecl{}, internal: map[string]bool{}, appIDs: map[uint64]bool{}, queryTaints: -1,
		intSort: ctx.IntSort(), bvSort: ctx.BVSort(width)}
}

func (e *encoder) fail(pos protocol.Pos, format string, args ...any) {
	panic(encodeError{protocol.Errorf(pos, format, args...)})
}

func (e *encoder) int(name string) num {
	if c, ok := e.consts[name]; ok {
		return c
	}
	c := num{v: e.ctx.Const(name, e.sort())}
	e.consts[name] = c
	e.order = append(e.order, name)
	return c
}

// ilit is a literal of the integer encoding.
func (e *encoder) ilit(v int64) z3.Int {
	return e.ctx.FromInt(v, e.intSort).(z3.Int)
}

func (e *encoder) assert(b z3.Bool) { e.facts = append(e.facts, b) }

// product is x*y with neither factor a literal.
type product struct{ x, y, xy z3.Int }

func isLiteral(x z3.Int) bool {
	_, lit, _ := x.AsInt64()
	return lit
}

// mul multiplies.
func (e *encoder) mul(x, y num) num { return e.arith(protocol.Mul, x, y) }

// imul multiplies in the integer encoding, remembering nonlinear products
// for productLemmas.
func (e *encoder) imul(x, y z3.Int) z3.Int {
	xy := x.Mul(y)
	if !isLiteral(x) && !isLiteral(y) {
		e.products = append(e.products, product{x, y, xy})
	}
	return xy
}

// productLemmas helps Z3 with the products that strided loops and global
// thread indices create (k*blockDim.x + threadIdx.x): for two products with
// a common factor f, a*f and b*f, either a = b or they differ by at least
// |f|. The fact is valid for all integers, so it changes no answer, but
// nonlinear integer arithmetic rarely finds it alone: without it, proving a
// block-stride loop race free times out.
//
// Only products that share a factor can give a lemma, so the products are
// indexed by their factors' Z3 identities (ASTs are hash-consed: equal
// terms are one AST) and each is paired with those it shares one with:
// comparing every pair by cgo calls took seconds of the encoding, before
// any check and beyond the kernel's deadline, on kernels whose indices
// repeat one product hundreds of times (a repeated product is kept once:
// its lemmas with itself say nothing).
func (e *encoder) productLemmas() {
	ps, ids := uniqueProducts(e.products)
	byFactor := map[uint64][]int{}
	for i, id := range ids {
		byFactor[id[0]] = append(byFactor[id[0]], i)
		if id[1] != id[0] {
			byFactor[id[1]] = append(byFactor[id[1]], i)
		}
	}
	for i, p := range ps {
		for _, j := range partners(i, ids[i], byFactor) {
			q := ps[j]
			for _, c := range [4][2]int{{0, 0}, {0, 1}, {1, 0}, {1, 1}} {
				if ids[i][c[0]] != ids[j][c[1]] {
					continue
				}
				f, a, b := p.factor(c[0]), p.factor(1-c[0]), q.factor(1-c[1])
				d := num{v: p.xy.Sub(q.xy)}
				e.assert(a.Eq(b).Or(e.ge(e.abs(d), e.abs(num{v: f}))))
			}
		}
	}
}

// factor is x (0) or y (1).
func (p product) factor(i int) z3.Int {
	if i == 0 {
		return p.x
	}
	return p.y
}

// uniqueProducts drops the repeats of a product, keeping the first, and
// returns the Z3 identities of each one's factors.
func uniqueProducts(all []product) ([]product, [][2]uint64) {
	seen := map[uint64]bool{}
	var ps []product
	var ids [][2]uint64
	for _, p := range all {
		id := p.xy.AsAST().ID()
		if seen[id] {
			continue
		}
		seen[id] = true
		ps = append(ps, p)
		ids = append(ids, [2]uint64{p.x.AsAST().ID(), p.y.AsAST().ID()})
	}
	return ps, ids
}

// partners lists, in increasing order, the products after i that share a
// factor with it.
func partners(i int, id [2]uint64, byFactor map[uint64][]int) []int {
	seen := map[int]bool{}
	var out []int
	for _, f := range id {
		for _, j := range byFactor[f] {
			if j > i && !seen[j] {
				seen[j] = true
				out = append(out, j)
			}
		}
	}
	sort.Ints(out)
	return out
}

func (e *encoder) abs(x num) num {
	return e.ite(e.ge(x, e.lit(0)), x, e.neg(x))
}

// magnitude is |x| for a witness's minimization, never tainted: in the
// bit-vector encoding |MinInt64| overflows, and abs's tainted result is
// then a free value, which minimizing makes 0: a witness showed access
// choices of -2^63 that way, and was taken as inexact. Here it is the
// greatest value, the last a minimization picks.
func (e *encoder) magnitude(x num) num {
	if !e.bv {
		return e.abs(x)
	}
	b := x.b()
	least := e.bvLit(math.MinInt64)
	return num{v: b.Eq(least).IfThenElse(e.bvLit(math.MaxInt64), b.SLT(e.bvLit(0)).IfThenElse(b.Neg(), b))}
}

// seal records the query's taints, as decided: the witness's exactness
// is theirs, not that of the terms made afterwards to read or minimize
// its model.
func (e *encoder) seal() { e.queryTaints = len(e.taints) }

// minimizable lists the constants that stand for values of the kernel, in
// the order a witness should minimize them: parameters and launch sizes,
// then shared loop variables, then everything per thread.
func (e *encoder) minimizable() []string {
	rank := func(name string) int {
		switch {
		case strings.HasPrefix(name, "blockDim.") || strings.HasPrefix(name, "gridDim."):
			return 1
		case strings.Contains(name, "$"):
			return 3
		case e.isParam(name):
			return 0
		}
		return 2
	}
	var names []string
	for _, n := range e.order {
		if !e.internal[n] {
			names = append(names, n)
		}
	}
	sort.SliceStable(names, func(i, j int) bool { return rank(names[i]) < rank(names[j]) })
	return names
}

func (e *encoder) isParam(name string) bool {
	k, ok := e.env.Info.Kinds[name]
	return ok && k == protocol.Param
}

func (e *encoder) grid() bool { return e.env.Level == wellformed.GridLevel }

// scope gives names their meaning for one thread (1 or 2): vars holds the
// loop variables in scope (per-thread ones for unsynchronized loops, shared
// ones for binders).
type scope struct {
	thread int
	vars   map[string]num
}

func (sc scope) with(name string, v num) scope {
	vars := make(map[string]num, len(sc.vars)+1)
	for k, x := range sc.vars {
		vars[k] = x
	}
	vars[name] = v
	return scope{thread: sc.thread, vars: vars}
}

func threadName(name string, thread int) string { return fmt.Sprintf("%s$%d", name, thread) }

func (e *encoder) builtin(b *protocol.Builtin, thread int) num {
	name := b.Name()
	if b.Kind == protocol.ThreadIdx || (b.Kind == protocol.BlockIdx && e.grid()) {
		name = threadName(name, thread)
	}
	x := e.int(name)
	// the ranges launch asserts
	size := func(n int64) int64 {
		if n > 0 {
			return n
		}
		return math.MaxInt64
	}
	switch b.Kind {
	case protocol.ThreadIdx:
		return bounded(x, 0, size(e.env.Launch.BlockDim[b.Dim])-1)
	case protocol.BlockIdx:
		return bounded(x, 0, size(e.env.Launch.GridDim[b.Dim])-1)
	case protocol.BlockDim:
		if n := e.env.Launch.BlockDim[b.Dim]; n > 0 {
			// the launch's literal, so that products with it stay linear
			// and fold (a grid-stride loop's step blockDim.x * gridDim.x);
			// the named constant, which launch asserts equal to it, is
			// what a witness reads
			return e.lit(n)
		}
		return bounded(x, 1, math.MaxInt64)
	case protocol.GridDim:
		if n := e.env.Launch.GridDim[b.Dim]; n > 0 {
			return e.lit(n)
		}
		return bounded(x, 1, math.MaxInt64)
	}
	return x
}

func (e *encoder) expr(x protocol.Expr, sc scope) num {
	switch x := x.(type) {
	case *protocol.IntLit:
		return e.lit(x.Value)
	case *protocol.Var:
		if v, ok := sc.vars[x.Name]; ok {
			return v
		}
		switch kind, ok := e.env.Info.Kinds[x.Name]; {
		case ok && kind == protocol.Param:
			return e.int(x.Name)
		case ok && kind == protocol.Local:
			return e.int(threadName(x.Name, sc.thread))
		}
		e.fail(x.At, "unbound variable %s", x.Name)
	case *protocol.Builtin:
		return e.builtin(x, sc.thread)
	case *protocol.Other:
		// the other thread's value: its own leaves only (protocol.OtherOf)
		if e.defect == OtherAsOwn {
			return e.expr(x.X, sc)
		}
		return e.expr(x.X, scope{thread: 3 - sc.thread, vars: sc.vars})
	case *protocol.Neg:
		return e.neg(e.expr(x.X, sc))
	case *protocol.Binary:
		return e.arith(x.Op, e.expr(x.X, sc), e.expr(x.Y, sc))
	case *protocol.Ite:
		return e.ite(e.cond(x.Cond, sc), e.expr(x.Then, sc), e.expr(x.Else, sc))
	case *protocol.Call:
		// A tainted argument is a free value already: the function of
		// it is any value too, so the call itself needs no taint.
		args := make([]z3.Value, len(x.Args))
		for i, a := range x.Args {
			args[i] = e.expr(a, sc).v
		}
		app := num{v: e.fun(x.Func, len(args)).Apply(args...)}
		if id := app.ast().ID(); len(e.apps) < maxMinimizedApps && !e.appIDs[id] {
			e.apps = append(e.apps, app)
			e.appIDs[id] = true
		}
		return app
	}
	e.fail(x.Pos(), "cannot encode expression %T", x)
	return num{}
}

// maxMinimizedApps bounds the applications of uninterpreted functions a
// witness minimizes: each costs a few checks.
const maxMinimizedApps = 32

func (e *encoder) fun(name string, arity int) z3.FuncDecl {
	if f, ok := e.funcs[name]; ok {
		return f
	}
	dom := make([]z3.Sort, arity)
	for i := range dom {
		dom[i] = e.sort()
	}
	f := e.ctx.FuncDecl(name, dom, e.sort())
	e.funcs[name] = f
	return f
}

// binary encodes an operator with C semantics. Z3's div and mod are
// Euclidean (the remainder is never negative); C truncates toward zero, so
// a negative dividend is divided by its absolute value and negated back.
// Division by zero is left unconstrained, as Z3 does: it only adds
// behaviours.
func (e *encoder) binary(op protocol.BinOp, x, y z3.Int) z3.Int {
	switch op {
	case protocol.Add:
		return x.Add(y)
	case protocol.Sub:
		return x.Sub(y)
	case protocol.Mul:
		return e.imul(x, y)
	case protocol.Div:
		nonneg := x.GE(e.ilit(0))
		return nonneg.IfThenElse(x.Div(y), x.Neg().Div(y).Neg()).(z3.Int)
	case protocol.Mod:
		nonneg := x.GE(e.ilit(0))
		return nonneg.IfThenElse(x.Mod(y), x.Neg().Mod(y).Neg()).(z3.Int)
	case protocol.Shl, protocol.Shr:
		if k, lit, _ := y.AsInt64(); lit && k >= 0 && k <= 62 {
			// by a constant: a product, or a floor division (Z3's div
			// rounds toward minus infinity for a positive divisor, as an
			// arithmetic shift does)
			if op == protocol.Shl {
				return x.Mul(e.ilit(1 << k))
			}
			return x.Div(e.ilit(1 << k))
		}
	case protocol.BitAnd:
		if k, v, ok := lowMask(x, y); ok {
			x = v
			// x & (2^k - 1) is x's residue modulo 2^k for every int64
			// x, negative ones too (two's complement): Z3's mod, which
			// is never negative, exactly
			return x.Mod(e.ilit(1 << k))
		}
	}
	return e.bitwise(op, x, y)
}

// lowMask finds, in x & y, an operand that is a literal 2^k - 1 (k in
// 0..62) and returns k and the other operand.
func lowMask(x, y z3.Int) (int, z3.Int, bool) {
	for _, p := range [2][2]z3.Int{{y, x}, {x, y}} {
		if v, lit, _ := p[0].AsInt64(); lit {
			if k, ok := maskBits(v); ok {
				return k, p[1], true
			}
		}
	}
	return 0, x, false
}

// maskBits returns k where v is 2^k - 1 with k in 0..62.
func maskBits(v int64) (int, bool) {
	if v < 0 || v > 1<<62-1 || v&(v+1) != 0 {
		return 0, false
	}
	k := 0
	for ; v != 0; v >>= 1 {
		k++
	}
	return k, true
}

// bitwise encodes a bitwise operator (or a shift by a variable) as an
// uninterpreted function of its operands, with lemmas (bitLemmas) that
// hold of int64's operators (package eval). The encoding is sound, not
// complete: a model may give an operator a value int64 does not, and the
// witness replay through eval then refuses it. Why not Z3's bit-vectors
// through int2bv: Z3 decides such mixed queries very slowly (a query on
// tid ^ j that a pure bit-vector encoding answers in 24 ms did not finish
// in 200 s), and the solver must stay in linear integer arithmetic.
func (e *encoder) bitwise(op protocol.BinOp, x, y z3.Int) z3.Int {
	r := e.fun(BitFunc(op), 2).Apply(x, y).(z3.Int)
	e.bitApps = append(e.bitApps, bitApp{op, x, y, r})
	return r
}

// BitFunc names the function that stands for a bitwise operator in the
// formula and in a witness's Funcs (with CallKey): "bit^$". The $ keeps it
// apart from the protocol's own functions.
func BitFunc(op protocol.BinOp) string { return "bit" + op.String() + "$" }

// isBitwise reports whether a binary expression is encoded by bitwise.
func (e *encoder) isBitwise(b *protocol.Binary) bool {
	if b.Op < protocol.BitAnd {
		return false
	}
	if b.Op == protocol.Shl || b.Op == protocol.Shr {
		if k, ok := b.Y.(*protocol.IntLit); ok && k.Value >= 0 && k.Value <= 62 {
			return false
		}
	}
	if b.Op == protocol.BitAnd {
		for _, m := range []protocol.Expr{b.X, b.Y} {
			if k, ok := m.(*protocol.IntLit); ok {
				if _, ok := maskBits(k.Value); ok {
					return false
				}
			}
		}
	}
	return true
}

// bitApp is an application of a bitwise operator: r = x op y.
type bitApp struct {
	op      protocol.BinOp
	x, y, r z3.Int
}

// bitLemmas asserts facts of the bitwise operators applied, each true of
// int64's: &, | and ^ commute; x ^ y ^ y = x (which, with congruence,
// proves that tid ^ j and another thread's tid ^ j never meet where
// their own elements are); on non-negative operands the results are
// non-negative, below any power of two both operands are below, x & y is
// at most each operand, x | y at least each and at most their sum, x ^ y
// at most their sum; x >> y of a non-negative x is at most x, at most x/2
// when y >= 1, and 0 when x < 2^y; x << y of a non-negative x is at least
// x, 2x when y >= 1, and 2^y when x >= 1 (where it is defined: eval fails
// past int64).
func (e *encoder) bitLemmas() {
	zero := e.ilit(0)
	for _, a := range e.bitApps {
		nonneg := a.x.GE(zero).And(a.y.GE(zero))
		switch a.op {
		case protocol.BitAnd, protocol.BitOr, protocol.BitXor:
			e.assert(a.r.Eq(e.fun(BitFunc(a.op), 2).Apply(a.y, a.x).(z3.Int)))
			e.assert(nonneg.Implies(a.r.GE(zero).And(a.r.LE(a.x.Add(a.y)))))
			// operands below a power of two give a result below it
			for k := 1; k <= 32; k++ {
				p := e.ilit(1 << k)
				e.assert(nonneg.And(a.x.LT(p), a.y.LT(p)).Implies(a.r.LT(p)))
			}
		}
		switch a.op {
		case protocol.BitAnd:
			e.assert(nonneg.Implies(a.r.LE(a.x).And(a.r.LE(a.y))))
			e.assert(a.x.GE(zero).Or(a.y.GE(zero)).Implies(a.r.GE(zero)))
		case protocol.BitOr:
			e.assert(nonneg.Implies(a.r.GE(a.x).And(a.r.GE(a.y))))
		case protocol.BitXor:
			xor := e.fun(BitFunc(protocol.BitXor), 2)
			e.assert(xor.Apply(a.r, a.y).(z3.Int).Eq(a.x))
			e.assert(xor.Apply(a.r, a.x).(z3.Int).Eq(a.y))
			e.assert(a.x.Eq(a.y).Implies(a.r.Eq(zero)))
			e.assert(a.y.Eq(zero).Implies(a.r.Eq(a.x)))
		case protocol.Shr:
			e.assert(nonneg.Implies(a.r.GE(zero).And(a.r.LE(a.x))))
			// a shift by at least 1 halves; by at least k, of an x below
			// 2^k, leaves nothing
			e.assert(nonneg.And(a.y.GE(e.ilit(1))).Implies(a.r.Mul(e.ilit(2)).LE(a.x)))
			for k := 1; k <= 63; k++ {
				bound := a.y.GE(e.ilit(int64(k)))
				if k < 63 {
					bound = bound.And(a.x.LT(e.ilit(1 << k)))
				}
				e.assert(nonneg.And(bound).Implies(a.r.Eq(zero)))
			}
		case protocol.Shl:
			// where it is defined (eval fails past int64)
			e.assert(nonneg.Implies(a.r.GE(a.x)))
			e.assert(nonneg.And(a.y.GE(e.ilit(1))).Implies(a.r.GE(a.x.Mul(e.ilit(2)))))
			for k := 1; k <= 62; k++ {
				e.assert(a.x.GE(e.ilit(1)).And(a.y.GE(e.ilit(int64(k)))).Implies(a.r.GE(e.ilit(1 << k))))
			}
		}
	}
}

// powerFacts are the power cases of every operator applied, for v.
func (e *encoder) powerFacts(v int64) []z3.Bool {
	var out []z3.Bool
	for _, a := range e.bitApps {
		out = append(out, e.powerCase(a, v)...)
	}
	return out
}

// powerCase is what the bitwise operators compute when an operand is 2^k
// or 2^k - 1, or a shift count is v, and the other operand is not
// negative: x & (2^k - 1) is x mod 2^k, x & 2^k, x | 2^k and x ^ 2^k set or
// clear bit k, a shift by v is a product or a quotient. All are linear.
// They are asserted in the case of a split (cases.go) where a term is 2^k
// or v: asserted for every k up front, their divisions took Z3 seconds
// per query even where no operand was a power of two.
func (e *encoder) powerCase(a bitApp, v int64) []z3.Bool {
	zero := e.ilit(0)
	var out []z3.Bool
	cases := func(x, y z3.Int) {
		pre := x.GE(zero)
		if v >= 0 && v <= 62 {
			switch a.op {
			case protocol.Shr:
				out = append(out, pre.And(y.Eq(e.ilit(v))).Implies(a.r.Eq(x.Div(e.ilit(1<<v)))))
			case protocol.Shl:
				out = append(out, pre.And(y.Eq(e.ilit(v))).Implies(a.r.Eq(x.Mul(e.ilit(1<<v)))))
			}
		}
		if v <= 0 || v&(v-1) != 0 {
			return
		}
		p := e.ilit(v)
		bit := x.Div(p).Mod(e.ilit(2)).Mul(p) // the bit of x at v, as 0 or v
		switch a.op {
		case protocol.BitAnd:
			out = append(out, pre.And(y.Eq(e.ilit(v-1))).Implies(a.r.Eq(x.Mod(p))))
			out = append(out, pre.And(y.Eq(p)).Implies(a.r.Eq(bit)))
		case protocol.BitOr:
			out = append(out, pre.And(y.Eq(p)).Implies(a.r.Eq(x.Add(p).Sub(bit))))
		case protocol.BitXor:
			out = append(out, pre.And(y.Eq(p)).Implies(a.r.Eq(x.Add(p).Sub(bit).Sub(bit))))
		}
	}
	cases(a.x, a.y)
	if a.op == protocol.BitAnd || a.op == protocol.BitOr || a.op == protocol.BitXor {
		cases(a.y, a.x)
	}
	return out
}

func (e *encoder) cond(c protocol.Cond, sc scope) z3.Bool {
	switch c := c.(type) {
	case *protocol.BoolLit:
		return e.ctx.FromBool(c.Value)
	case *protocol.Cmp:
		return e.cmp(c.Op, e.expr(c.X, sc), e.expr(c.Y, sc))
	case *protocol.Not:
		return e.cond(c.X, sc).Not()
	case *protocol.Logic:
		e.noteDomain(c, sc)
		if c.Op == protocol.And {
			return e.cond(c.X, sc).And(e.cond(c.Y, sc))
		}
		return e.cond(c.X, sc).Or(e.cond(c.Y, sc))
	}
	e.fail(c.Pos(), "cannot encode condition %T", c)
	return z3.Bool{}
}

// threadLocal reports whether n needs one instance per thread at this level.
func (e *encoder) threadLocal(n protocol.Node) bool {
	return e.env.Info.ThreadLocal(n, e.grid())
}

// both asserts a condition that must hold for both threads: once when it is
// uniform, once per thread when it is thread-local.
func (e *encoder) both(c protocol.Cond, vars map[string]num) {
	e.assert(e.cond(c, scope{thread: 1, vars: vars}))
	if e.threadLocal(c) {
		e.assert(e.cond(c, scope{thread: 2, vars: vars}))
	}
}

// launch asserts the ranges of the built-in variables for two threads and
// that the threads are distinct: of one block at block level, of different
// blocks at grid level.
func (e *encoder) launch() {
	zero := e.lit(0)
	var sameThread, sameBlock []z3.Bool
	for d := 0; d < 3; d++ {
		bd := e.int(protocol.BuiltinName(protocol.BlockDim, d))
		gd := e.int(protocol.BuiltinName(protocol.GridDim, d))
		e.assert(e.size(bd, e.env.Launch.BlockDim[d]))
		e.assert(e.size(gd, e.env.Launch.GridDim[d]))
		for t := 1; t <= 2; t++ {
			tid := e.builtin(&protocol.Builtin{Kind: protocol.ThreadIdx, Dim: d}, t)
			bid := e.builtin(&protocol.Builtin{Kind: protocol.BlockIdx, Dim: d}, t)
			e.assert(e.ge(tid, zero).And(e.lt(tid, bd)))
			e.assert(e.ge(bid, zero).And(e.lt(bid, gd)))
		}
		t1 := e.builtin(&protocol.Builtin{Kind: protocol.ThreadIdx, Dim: d}, 1)
		t2 := e.builtin(&protocol.Builtin{Kind: protocol.ThreadIdx, Dim: d}, 2)
		b1 := e.builtin(&protocol.Builtin{Kind: protocol.BlockIdx, Dim: d}, 1)
		b2 := e.builtin(&protocol.Builtin{Kind: protocol.BlockIdx, Dim: d}, 2)
		sameThread = append(sameThread, e.eq(t1, t2))
		sameBlock = append(sameBlock, e.eq(b1, b2))
	}
	switch {
	case e.grid():
		e.assert(and(e.ctx, sameBlock...).Not())
		return
	case e.env.Level == wellformed.WarpLevel:
		e.assert(e.eq(e.warp(1), e.warp(2)))
	case e.env.SplitWarps:
		e.assert(e.ne(e.warp(1), e.warp(2)))
	}
	e.assert(and(e.ctx, sameThread...).Not())
}

// warp returns the warp of a thread within its block: its linear index
// x + y*blockDim.x + z*blockDim.x*blockDim.y divided by the warp size, as
// a constant w bound by ws*w <= linear < ws*(w+1), which stays linear.
//
// In the bit-vector encoding a linear index that may overflow (blockDim
// unbounded) is tainted, and so free: the warp is then any.
func (e *encoder) warp(thread int) num {
	name := threadName("warp", thread)
	if c, ok := e.consts[name]; ok {
		return c
	}
	w := e.int(name)
	e.internal[name] = true
	tid := func(d int) num { return e.builtin(&protocol.Builtin{Kind: protocol.ThreadIdx, Dim: d}, thread) }
	bd := func(d int) num {
		if n := e.env.Launch.BlockDim[d]; n > 0 {
			return e.lit(n)
		}
		return e.int(protocol.BuiltinName(protocol.BlockDim, d))
	}
	lin := e.add(e.add(tid(0), e.mul(tid(1), bd(0))), e.mul(tid(2), e.mul(bd(0), bd(1))))
	ws := e.lit(e.env.Launch.Warp())
	// ws*w <= lin < ws*w + ws, with w in [0, lin] so that ws*w stays
	// within lin's range (no overflow in the bit-vector encoding)
	e.assert(e.ge(w, e.lit(0)).And(e.le(w, lin)))
	wsw := e.mul(ws, w)
	e.assert(e.le(wsw, lin).And(e.lt(e.sub(lin, wsw), ws)))
	return w
}

func (e *encoder) size(v num, fixed int64) z3.Bool {
	if fixed > 0 {
		return e.eq(v, e.lit(fixed))
	}
	return e.ge(v, e.lit(1))
}

// context asserts the launch, the preconditions, the agreements and the
// binders, and returns the binders' shared constants.
func (e *encoder) context(pre []protocol.Cond, agree []protocol.Expr, binders []protocol.Binder) map[string]num {
	e.launch()
	e.distinct()
	vars := map[string]num{}
	for _, c := range pre {
		e.both(c, vars)
	}
	for _, x := range agree {
		if e.threadLocal(x) {
			e.assert(e.eq(e.expr(x, scope{thread: 1, vars: vars}), e.expr(x, scope{thread: 2, vars: vars})))
		}
	}
	for _, b := range binders {
		x := e.int(b.Var)
		if e.bv && !e.threadLocal(b.Lo) && !e.threadLocal(b.Hi) {
			x = within(x, e.expr(b.Lo, scope{thread: 1, vars: vars}), e.expr(b.Hi, scope{thread: 1, vars: vars}))
		}
		in := &protocol.Logic{Op: protocol.And,
			X: &protocol.Cmp{Op: protocol.Le, X: b.Lo, Y: &protocol.Var{Name: b.Var}},
			Y: &protocol.Cmp{Op: protocol.Lt, X: &protocol.Var{Name: b.Var}, Y: b.Hi}}
		vars[b.Var] = x
		e.both(in, vars)
	}
	e.differ(e.env.Differ, vars)
	return vars
}

// differ asserts that the two threads disagree on each of ds: on its
// condition, or on one of its expressions.
func (e *encoder) differ(ds []wellformed.Differ, vars map[string]num) {
	for _, d := range ds {
		one, two := scope{thread: 1, vars: vars}, scope{thread: 2, vars: vars}
		var any []z3.Bool
		if d.Cond != nil {
			any = append(any, e.cond(d.Cond, one).Xor(e.cond(d.Cond, two)))
		}
		for _, x := range d.Exprs {
			any = append(any, e.ne(e.expr(x, one), e.expr(x, two)))
		}
		e.assert(or(e.ctx, any...))
	}
}

// distinct asserts the distinct declarations: the two threads hold
// different values in any two locals of one group.
func (e *encoder) distinct() {
	if e.defect == IgnoreDistinct {
		return
	}
	groups := e.env.Info.Distinct
	if !e.grid() {
		// the two threads are of one block
		groups = append(slices.Clip(groups), e.env.Info.BlockDistinct...)
	}
	for _, g := range groups {
		for _, a := range g {
			for _, b := range g {
				e.assert(e.ne(e.int(threadName(a, 1)), e.int(threadName(b, 2))))
			}
		}
	}
}

func and(ctx *z3.Context, bs ...z3.Bool) z3.Bool {
	if len(bs) == 0 {
		return ctx.FromBool(true)
	}
	return bs[0].And(bs[1:]...)
}

func or(ctx *z3.Context, bs ...z3.Bool) z3.Bool {
	if len(bs) == 0 {
		return ctx.FromBool(false)
	}
	return bs[0].Or(bs[1:]...)
}

package symexec

import (
	"math/bits"

	"github.com/drfcheck/drfcheck/internal/infer/ir"
	"github.com/drfcheck/drfcheck/protocol"
)

// Ranges: which values an integer expression may take in C, so that the
// residue of an unsigned expression is taken only where the expression
// may leave its type's range.
//
// An integer is a protocol expression over unbounded integers that is
// congruent to C's value modulo 2^32: +, - and * keep the congruence, so
// unsigned arithmetic is built as it is and its C value, the residue, is
// taken where something sees more than the residue (unsignedValue):
// division, remainder, shifts, masks, comparisons (== included), a
// conversion to a wider or a signed type, and an array subscript. Signed
// arithmetic is C's only without overflow, which is undefined behaviour in
// C++ and which the compilers assume away (they widen int induction
// variables on that assumption): drfcheck assumes it too, as UBSan would
// flag it.
//
// The leaves' ranges are their C types' (registered when the name is
// made: parameters, values read from memory, the head values of loop
// variables), the hardware's limits for the built-in variables, and one
// assumption about the launch, the default grid being of any size: a
// grid has fewer than 2^31 threads along x, so that the global index
// blockIdx.x * blockDim.x + threadIdx.x fits in an int, as nearly every
// kernel assumes (a --gridDim fixed by the user replaces it by
// constants). A name nothing registered is any integer.

// interval is a set of integers [lo, hi]; lo = -inf or hi = inf stand
// for no bound.
type interval struct{ lo, hi int64 }

const inf = int64(1) << 62

var anyInt = interval{-inf, inf}

// typeRange is the range of a C integer type; 64-bit types and others
// are any integer (their wrap-around is beyond the int64 literals of a
// protocol, a known limitation).
func typeRange(t ir.Type) interval {
	if t.Kind == ir.Bool {
		return interval{0, 1}
	}
	w := t.Size * 8
	if t.Kind == ir.Int && w >= 64 && !t.Signed {
		// a size_t is never negative; above, it is not bounded (64-bit
		// integers do not wrap above: a known limitation)
		return interval{0, inf}
	}
	if t.Kind != ir.Int || w <= 0 || w >= 64 {
		return anyInt
	}
	if t.Signed {
		return interval{-(1 << (w - 1)), 1<<(w-1) - 1}
	}
	return interval{0, 1<<w - 1}
}

func sat(v int64) int64 { return max(-inf, min(inf, v)) }

func (a interval) within(b interval) bool { return a.lo >= b.lo && a.hi <= b.hi }

func (a interval) union(b interval) interval { return interval{min(a.lo, b.lo), max(a.hi, b.hi)} }

func (a interval) add(b interval) interval { return interval{sat(a.lo + b.lo), sat(a.hi + b.hi)} }

func (a interval) neg() interval { return interval{-a.hi, -a.lo} }

// satMul multiplies two saturated values, saturating.
func satMul(a, b int64) int64 {
	if a == 0 || b == 0 {
		return 0
	}
	neg := (a < 0) != (b < 0)
	hi, lo := bits.Mul64(uint64(abs(a)), uint64(abs(b)))
	if hi != 0 || lo >= uint64(inf) {
		if neg {
			return -inf
		}
		return inf
	}
	if neg {
		return -int64(lo)
	}
	return int64(lo)
}

func (a interval) mul(b interval) interval {
	ps := []int64{satMul(a.lo, b.lo), satMul(a.lo, b.hi), satMul(a.hi, b.lo), satMul(a.hi, b.hi)}
	r := interval{ps[0], ps[0]}
	for _, p := range ps[1:] {
		r = r.union(interval{p, p})
	}
	return r
}

// limits sets the largest launch sizes: CUDA's (1024 threads a block,
// 64 along z; 65535 blocks along y and z) or larger ones given, and along
// x the grid given, else the launch assumption's: fewer than 2^31
// threads, so at most 2^31 / blockDim.x blocks for the smallest
// blockDim.x given.
func (k *kernel) limits(maxBlock, maxGrid, minBlock, minGrid [3]int64) {
	k.maxBlock = [3]int64{1024, 1024, 64}
	k.maxGrid = [3]int64{min(1<<31-1, 1<<31/max(1, minBlock[0])), 65535, 65535}
	k.launchAssumed = maxGrid[0] == 0
	for d := 0; d < 3; d++ {
		k.maxBlock[d] = max(k.maxBlock[d], maxBlock[d])
		k.minBlock[d] = 1
		if minBlock[d] > 0 && minBlock[d] == maxBlock[d] {
			k.maxBlock[d], k.minBlock[d] = maxBlock[d], maxBlock[d]
		}
		if maxGrid[d] > 0 {
			k.maxGrid[d] = maxGrid[d]
		}
		k.minGrid[d] = 1
		if minGrid[d] > 0 && minGrid[d] == maxGrid[d] {
			k.minGrid[d] = maxGrid[d]
		}
	}
}

// builtinRange is the range of a built-in variable.
func (k *kernel) builtinRange(b *protocol.Builtin) interval {
	block, grid := k.maxBlock[b.Dim], k.maxGrid[b.Dim]
	switch b.Kind {
	case protocol.ThreadIdx:
		return interval{0, block - 1}
	case protocol.BlockDim:
		return interval{max(1, k.minBlock[b.Dim]), block}
	case protocol.BlockIdx:
		return interval{0, grid - 1}
	}
	return interval{max(1, k.minGrid[b.Dim]), grid}
}

// launchFactors returns the range of a product of factors where one is
// blockIdx.x (below 2^31 / blockDim.x by the launch assumption) or
// gridDim.x (at most that), another blockDim.x: the pair's range, and the
// other factors.
func launchFactors(fs []protocol.Expr) (interval, []protocol.Expr, bool) {
	idx, dim := -1, -1
	for i, f := range fs {
		b, ok := f.(*protocol.Builtin)
		switch {
		case !ok || b.Dim != 0:
		case b.Kind == protocol.BlockDim && dim < 0:
			dim = i
		case (b.Kind == protocol.BlockIdx || b.Kind == protocol.GridDim) && idx < 0:
			idx = i
		}
	}
	if idx < 0 || dim < 0 {
		return interval{}, nil, false
	}
	r := interval{1, 1 << 31}
	if fs[idx].(*protocol.Builtin).Kind == protocol.BlockIdx {
		r = interval{0, 1<<31 - 1}
	}
	var rest []protocol.Expr
	for i, f := range fs {
		if i != idx && i != dim {
			rest = append(rest, f)
		}
	}
	return r, rest, true
}

// globalIndex reports whether e is blockIdx.x * blockDim.x + threadIdx.x
// (in any order): below 2^31 by the launch assumption.
func globalIndex(e *protocol.Binary) bool {
	if e.Op != protocol.Add {
		return false
	}
	for _, p := range [][2]protocol.Expr{{e.X, e.Y}, {e.Y, e.X}} {
		t, ok := p[1].(*protocol.Builtin)
		if !ok || t.Kind != protocol.ThreadIdx || t.Dim != 0 {
			continue
		}
		fs := factors(p[0], nil)
		if r, rest, ok := launchFactors(fs); ok && len(rest) == 0 && r.lo == 0 {
			return true
		}
	}
	return false
}

// factors lists the factors of a product, nested products flattened.
func factors(e protocol.Expr, out []protocol.Expr) []protocol.Expr {
	if b, ok := e.(*protocol.Binary); ok && b.Op == protocol.Mul {
		return factors(b.Y, factors(b.X, out))
	}
	return append(out, e)
}

// rangeOf returns a range of the values e may take in C, its leaves in
// their ranges. It is memoized by node: expressions are DAGs.
func (x *exec) rangeOf(e protocol.Expr) interval {
	if r, ok := x.k.rangeMemo[e]; ok {
		return r
	}
	r := x.rangeRec(e)
	x.k.rangeMemo[e] = r
	return r
}

func (x *exec) rangeRec(e protocol.Expr) interval {
	switch e := e.(type) {
	case *protocol.IntLit:
		return interval{sat(e.Value), sat(e.Value)}
	case *protocol.Builtin:
		return x.k.builtinRange(e)
	case *protocol.Var:
		if r, ok := x.k.ranges[e.Name]; ok {
			return r
		}
	case *protocol.Call:
		if r, ok := x.k.ranges[e.Func+"()"]; ok {
			return r
		}
	case *protocol.Neg:
		return x.rangeOf(e.X).neg()
	case *protocol.Ite:
		return x.rangeOf(e.Then).union(x.rangeOf(e.Else))
	case *protocol.Binary:
		return x.binaryRange(e)
	}
	return anyInt
}

func (x *exec) binaryRange(e *protocol.Binary) interval {
	a, b := x.rangeOf(e.X), x.rangeOf(e.Y)
	switch e.Op {
	case protocol.Add:
		if x.k.launchAssumed && globalIndex(e) {
			return interval{0, 1<<31 - 1}
		}
		return a.add(b)
	case protocol.Sub:
		return x.maskedDiff(e, a.add(b.neg()))
	case protocol.Mul:
		fs := factors(e, nil)
		r := interval{1, 1}
		if p, rest, ok := launchFactors(fs); ok && x.k.launchAssumed {
			r, fs = p, rest
		}
		for _, f := range fs {
			r = r.mul(x.rangeOf(f))
		}
		return r
	case protocol.Div:
		// truncating: |a / b| <= |a|, and the sign of a when b > 0
		m := max(abs(a.lo), abs(a.hi))
		if b.lo >= 1 && a.lo >= 0 {
			return interval{a.lo / b.hi, unbounded(a.hi, a.hi/b.lo)}
		}
		if b.lo >= 1 {
			return interval{min(0, a.lo), max(0, a.hi)}
		}
		return interval{-m, m}
	case protocol.Mod:
		// the sign of the dividend, below the divisor's magnitude
		m := max(abs(b.lo), abs(b.hi))
		if m >= inf {
			m = max(abs(a.lo), abs(a.hi))
		} else {
			m--
		}
		r := interval{-m, m}
		if a.lo >= 0 {
			r.lo = 0
		}
		if a.hi <= 0 {
			r.hi = 0
		}
		return r
	case protocol.BitAnd:
		switch {
		case a.lo >= 0 && b.lo >= 0:
			return interval{0, min(a.hi, b.hi)}
		case a.lo >= 0:
			return interval{0, a.hi}
		case b.lo >= 0:
			return interval{0, b.hi}
		}
	case protocol.BitOr, protocol.BitXor:
		if a.lo >= 0 && b.lo >= 0 {
			return interval{0, allOnes(max(a.hi, b.hi))}
		}
	case protocol.Shr:
		if a.lo >= 0 && b.lo >= 0 {
			return interval{0, unbounded(a.hi, a.hi>>min(b.lo, 63))}
		}
	}
	return anyInt
}

// maskedDiff narrows r, the range of e = x - (y & z), where y >= 0: y & z
// keeps some of y's bits, so it lies in [0, y] and e in [x - y, x]. The
// lower bound is the range of x - y with its like terms cancelled: the
// bitonic sort's 2*tid - (tid & (stride - 1)) is at least tid, never
// negative, so its conversion to unsigned does not wrap.
func (x *exec) maskedDiff(e *protocol.Binary, r interval) interval {
	m, ok := e.Y.(*protocol.Binary)
	if !ok || m.Op != protocol.BitAnd {
		return r
	}
	for _, y := range []protocol.Expr{m.X, m.Y} {
		if x.rangeOf(y).lo >= 0 {
			r.lo = max(r.lo, x.rangeOf(protocol.LinearDiff(e.Pos(), e.X, y)).lo)
			r.hi = min(r.hi, x.rangeOf(e.X).hi)
		}
	}
	return r
}

// unbounded is v, or inf where the bound it was computed from is inf:
// inf stands for any larger value (a 64-bit unsigned one up to 2^64 - 1),
// so inf / 4 is no bound of a quotient.
func unbounded(from, v int64) int64 {
	if from >= inf {
		return inf
	}
	return v
}

// allOnes is the least 2^k - 1 at least v, for v >= 0.
func allOnes(v int64) int64 {
	if v >= inf {
		return inf
	}
	return int64(1)<<bits.Len64(uint64(v)) - 1
}

// setRange records the range of the values a name stands for.
func (k *kernel) setRange(name string, r interval) {
	k.ranges[name] = r
}

// typed records that a fresh integer is a value of C type t, and returns
// it.
func (x *exec) typed(e protocol.Expr, t ir.Type) protocol.Expr {
	switch e := e.(type) {
	case *protocol.Var:
		x.k.setRange(e.Name, typeRange(t))
	case *protocol.Call:
		// the results of a function, apart from the names of values
		x.k.setRange(e.Func+"()", typeRange(t))
	}
	return e
}

// reduces notes the leaves of an expression whose residue is taken: the
// residue is C's value only for leaves in their ranges, which rangeFacts
// assumes of them.
func (x *exec) reduces(e protocol.Expr) {
	walk(e, func(n protocol.Node) bool {
		switch n := n.(type) {
		case *protocol.Var:
			for _, d := range x.k.rangeDeps[n.Name] {
				x.reduces(d)
			}
			kind, declared := x.k.kinds[n.Name]
			_, ranged := x.k.ranges[n.Name]
			if declared && ranged && (kind == protocol.Param || kind == protocol.Local) {
				x.k.reduced(n.Name)
			}
		case *protocol.Builtin:
			x.k.reduced(protocol.BuiltinName(n.Kind, n.Dim))
		}
		return true
	})
}

// rangeFacts assumes that the leaves a residue was taken over are in
// their ranges: without it the solver may give a parameter a value its C
// type excludes (an int of -2^32, which wraps to 0), or a block more than
// 1024 threads.
//
// An unsigned parameter the protocol mentions is assumed in its range in
// any case: a witness never shows n = -1 for an unsigned n.
func (k *kernel) rangeFacts(at protocol.Pos, body []protocol.Stmt) []protocol.Stmt {
	used := protocol.FreeVars(&protocol.Block{Stmts: body})
	var out []protocol.Stmt
	within := func(v protocol.Expr, r interval) {
		var c protocol.Cond
		if r.lo > -inf {
			c = cmp(at, protocol.Le, lit(at, r.lo), v)
		}
		if r.hi < inf {
			c = and(at, c, cmp(at, protocol.Le, v, lit(at, r.hi)))
		}
		if !isTrue(c) {
			out = append(out, &protocol.Assume{At: at, Cond: c})
		}
	}
	for _, d := range append(append([]declEntry(nil), k.perm...), k.fresh...) {
		r, ok := k.ranges[d.name]
		unsignedParam := (d.kind == protocol.Param && r.hi < inf || r.hi == inf) && r.lo == 0 && used[d.name]
		if ok && (k.reducedBy[d.name] || unsignedParam || k.nonNeg[d.name] && used[d.name]) {
			within(&protocol.Var{At: at, Name: d.name}, r)
		}
	}
	for d := 0; d < 3; d++ {
		for _, kinds := range [][3]protocol.BuiltinKind{{protocol.BlockDim, protocol.ThreadIdx, protocol.BlockDim}, {protocol.GridDim, protocol.BlockIdx, protocol.GridDim}} {
			if k.reducedBy[protocol.BuiltinName(kinds[0], d)] || k.reducedBy[protocol.BuiltinName(kinds[1], d)] {
				b := &protocol.Builtin{At: at, Kind: kinds[2], Dim: d}
				within(b, interval{-inf, k.builtinRange(b).hi})
			}
		}
	}
	return out
}

// narrowRanges narrows the ranges of the parameters a precondition bounds
// by an expression of known range (n <= 1 << 20, n == blockDim.x * 2 with
// the block size given, and conjunctions of such): it holds all along the
// kernel.
func (x *exec) narrowRanges(c protocol.Cond) {
	x.narrowFresh(c, func(name string) bool {
		_, ranged := x.k.ranges[name]
		return ranged && x.k.kinds[name] == protocol.Param
	})
}

// narrowed is r, the range of v, narrowed by v op b for a b in range b.
func (r interval) narrowed(op protocol.CmpOp, b interval) interval {
	switch op {
	case protocol.Lt:
		r.hi = min(r.hi, sat(b.hi-1))
	case protocol.Le:
		r.hi = min(r.hi, b.hi)
	case protocol.Gt:
		r.lo = max(r.lo, sat(b.lo+1))
	case protocol.Ge:
		r.lo = max(r.lo, b.lo)
	case protocol.Eq:
		r = interval{max(r.lo, b.lo), min(r.hi, b.hi)}
	}
	return r
}

// narrowFresh narrows the ranges of names for which fresh reports true by
// the comparisons of a condition that holds (a conjunction's), with any
// bound whose range is known: v < e puts v below e's largest value.
func (x *exec) narrowFresh(c protocol.Cond, fresh func(string) bool) {
	switch c := c.(type) {
	case *protocol.Logic:
		if c.Op == protocol.And {
			x.narrowFresh(c.X, fresh)
			x.narrowFresh(c.Y, fresh)
		}
	case *protocol.Cmp:
		op := c.Op
		v, b, nonNeg, ok := x.comparedVar(c.X, c.Y, op)
		if !ok {
			op = flipped[c.Op]
			v, b, nonNeg, ok = x.comparedVar(c.Y, c.X, op)
		}
		if !ok || !fresh(v.Name) {
			return
		}
		r, ok := x.k.ranges[v.Name]
		if !ok {
			r = anyInt
		}
		r = r.narrowed(op, b)
		if nonNeg {
			r.lo = max(r.lo, 0)
		}
		if r.lo <= r.hi {
			x.k.ranges[v.Name] = r
			clear(x.k.rangeMemo)
		}
	}
}

// comparedVar reads e op bound as v op b for a name v and a range b: e is
// v itself, or v's residue modulo 2^w (v >= 0 ? v : v + 2^w, an int
// compared with an unsigned: n == blockDim.x * 2) bounded above by less
// than the residue of v's lowest value, so that v is not negative and is
// its residue (nonNeg).
func (x *exec) comparedVar(e, bound protocol.Expr, op protocol.CmpOp) (v *protocol.Var, b interval, nonNeg, ok bool) {
	b = x.rangeOf(bound)
	if v, ok := e.(*protocol.Var); ok {
		return v, b, false, true
	}
	r0, p, ok := residueOf(e)
	v, isVar := r0.(*protocol.Var)
	if !ok || !isVar || op != protocol.Eq && op != protocol.Lt && op != protocol.Le {
		return nil, b, false, false
	}
	r, ranged := x.k.ranges[v.Name]
	if !ranged || r.lo <= -inf || b.hi >= sat(p+r.lo) {
		return nil, b, false, false
	}
	return v, b, true, true
}

// residueOf matches v >= 0 ? v : v + p, the form unsignedValue gives
// the residue of a value that may be negative, and returns v and p.
func residueOf(e protocol.Expr) (protocol.Expr, int64, bool) {
	t, ok := e.(*protocol.Ite)
	if !ok {
		return nil, 0, false
	}
	c, ok1 := t.Cond.(*protocol.Cmp)
	w, ok2 := t.Else.(*protocol.Binary)
	if !ok1 || !ok2 || c.Op != protocol.Ge || w.Op != protocol.Add || !equal(c.X, t.Then) || !equal(w.X, t.Then) {
		return nil, 0, false
	}
	zero, ok1 := litValue(c.Y)
	p, ok2 := litValue(w.Y)
	if !ok1 || !ok2 || zero != 0 || p <= 0 {
		return nil, 0, false
	}
	return t.Then, p, true
}

// flipped is the comparison with its operands swapped: c < v is v > c.
var flipped = map[protocol.CmpOp]protocol.CmpOp{protocol.Lt: protocol.Gt, protocol.Le: protocol.Ge, protocol.Gt: protocol.Lt, protocol.Ge: protocol.Le, protocol.Eq: protocol.Eq, protocol.Ne: protocol.Ne}

// reduced marks a name as a leaf a residue was taken over.
func (k *kernel) reduced(name string) {
	if !k.reducedBy[name] {
		k.reducedBy[name] = true
		k.reducedLog = append(k.reducedLog, name)
	}
}

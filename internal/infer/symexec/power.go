package symexec

import (
	"math/bits"

	"github.com/drfcheck/drfcheck/internal/infer/ir"
	"github.com/drfcheck/drfcheck/protocol"
)

// Sorting networks and scans step through powers of two (for (s = 1; s <
// n; s <<= 1), for (j = k / 2; j > 0; j >>= 1)) and index with bitwise
// operators on them (2*tid - (tid & (s - 1)), tid ^ j). The protocol says
// which values such a variable takes: s == 1 || s == 2 || s == 4 || ...,
// a condition the solver decides by cases (smtgen/cases.go), in each of
// which the bitwise operators are linear. Without it, s - 1 is any number
// and tid & (s - 1) any value below it: a false alarm.

// powerLoop reports whether a multiplicative loop's variable v is a power
// of two, or 0, in every iteration: it starts at one (pow2If) and is
// multiplied or divided by one. The values stay below 2^maxBit, v's width
// (C's arithmetic wraps a power of two to 0 at the width, and a loop
// that gets there runs with 0). As everywhere in the front end, a
// multiplicative counter is assumed not to wrap. A loop that starts from
// the block's size (s = blockDim.x / 2) steps through powers of two only
// when that size is one: cond says when (nil: always), and the protocol
// says so as an implication, which a launch that fixes the size (-b 128)
// decides.
func (x *exec) powerLoop(s shape, v *ir.Var) (ok bool, cond protocol.Cond, maxBit int) {
	if v == nil || !v.T.IsInt() || s.kind != mulShape && s.kind != divShape {
		return false, nil, 0
	}
	if s.factor < 2 || s.factor&(s.factor-1) != 0 {
		return false, nil, 0
	}
	cond, ok = x.pow2If(s.lo)
	if !ok {
		return false, nil, 0
	}
	maxBit = int(v.T.Size)*8 - 1
	if !v.T.Signed {
		maxBit++
	}
	if r := x.rangeOf(s.lo); s.kind == divShape && r.hi >= 0 && r.hi < inf {
		// a halving loop never exceeds its start: j = k / 2 with k at
		// most 32 takes 16, 8, ... only (fewer cases for the solver)
		maxBit = min(maxBit, bits.Len64(uint64(r.hi)))
	}
	return true, cond, min(maxBit, 62)
}

// pow2Known reports whether e is always a power of two or 0 (pow2If
// without a condition).
func (x *exec) pow2Known(e protocol.Expr) bool {
	c, ok := x.pow2If(e)
	return ok && c == nil
}

// pow2If reports whether e is a power of two or 0 whenever cond holds (nil:
// always): a literal that is one, the variable of a loop that steps
// through them, and products, quotients, shifts by a non-negative amount
// and choices of such; blockDim.x (y, z) when it is one. Such an e is
// never negative, whatever cond.
func (x *exec) pow2If(e protocol.Expr) (cond protocol.Cond, ok bool) {
	both := func(a, b protocol.Expr) (protocol.Cond, bool) {
		ca, oka := x.pow2If(a)
		cb, okb := x.pow2If(b)
		if !oka || !okb {
			return nil, false
		}
		switch {
		case ca == nil:
			return cb, true
		case cb == nil || equal(ca, cb):
			return ca, true
		}
		return and(e.Pos(), ca, cb), true
	}
	if c, ok := x.constValue(e); ok {
		// one value in every run (a literal, or fixed by a precondition:
		// n / 2 under __requires(n == 64))
		return nil, c >= 0 && bits.OnesCount64(uint64(c)) <= 1
	}
	switch e := e.(type) {
	case *protocol.Var:
		if x.k.pow2[e.Name] {
			return nil, true
		}
		c, ok := x.k.pow2If[e.Name]
		return c, ok
	case *protocol.Builtin:
		if e.Kind == protocol.BlockDim {
			return blockPowers(e), true
		}
	case *protocol.Binary:
		switch e.Op {
		case protocol.Mul, protocol.Div:
			return both(e.X, e.Y)
		case protocol.Shl, protocol.Shr:
			if !x.nonNegativeKnown(e.Y) {
				return nil, false
			}
			return x.pow2If(e.X)
		}
	case *protocol.Ite:
		return both(e.Then, e.Else)
	}
	return nil, false
}

// maxBlockBit bounds the block sizes blockPowers names: CUDA's blocks have
// at most 1024 threads. A larger block only falsifies the condition.
const maxBlockBit = 10

// blockPowers is the condition that a block dimension b is a power of two
// (1, 2, ..., 1024), put as a negated conjunction of disequalities: a
// disjunction of equalities would be a domain the solver splits queries
// on (smtgen/cases.go), where the variable it guards is the one to split.
func blockPowers(b *protocol.Builtin) protocol.Cond {
	at := b.At
	var none protocol.Cond
	for k := 0; k <= maxBlockBit; k++ {
		none = and(at, none, cmp(at, protocol.Ne, b, lit(at, 1<<k)))
	}
	return &protocol.Not{At: at, X: none}
}

// implies is c ⇒ p, with a nil c true.
func implies(at protocol.Pos, c, p protocol.Cond) protocol.Cond {
	if c == nil {
		return p
	}
	return or(at, not(at, c), p)
}

// powers is the condition that v is a power of two below 2^maxBit, or 0
// when zero says so.
func powers(at protocol.Pos, v protocol.Expr, maxBit int, zero bool) protocol.Cond {
	var c protocol.Cond
	if zero {
		c = cmp(at, protocol.Eq, v, lit(at, 0))
	}
	for k := 0; k < maxBit; k++ {
		is := cmp(at, protocol.Eq, v, lit(at, 1<<k))
		if c == nil {
			c = is
		} else {
			c = or(at, c, is)
		}
	}
	return c
}

// powerHead is a loop over powers of two by factor, at the iteration where
// its variable is v: a variable multiplied by factor in every iteration
// (offset *= 2 beside d >>= 1, as in a scan's up-sweep) has w0 * (v / lo)
// there when the loop multiplies, w0 * (lo / v) when it divides, both
// exact since lo and v are powers of two and v is never 0 in an
// iteration of a halving loop that ends at 0 (where it may be, the
// division by 0 is any value: only more behaviours).
type powerHead struct {
	v, lo  protocol.Expr
	factor int64
	div    bool
	// table is the shape of a table loop (table.go), whose scaled
	// variables are tables too
	table *shape
}

func powerHeadOf(s shape, v protocol.Expr) *powerHead {
	if s.table != nil {
		return &powerHead{v: v, table: &s}
	}
	if !s.pow2 || s.pow2If != nil {
		// only when lo and v are powers of two whatever the launch
		return nil
	}
	return &powerHead{v: v, lo: s.lo, factor: s.factor, div: s.kind == divShape}
}

func (p *powerHead) value(at protocol.Pos, w0 protocol.Expr) protocol.Expr {
	if p.div {
		return mul(at, w0, div(at, p.lo, p.v))
	}
	return mul(at, w0, div(at, p.v, p.lo))
}

// ratioOf is f where end is head * f for a constant f >= 2.
func ratioOf(head, end value) (int64, bool) {
	h, ok1 := head.(intVal)
	e, ok2 := end.(intVal)
	if !ok1 || !ok2 {
		return 0, false
	}
	b, ok := e.e.(*protocol.Binary)
	if !ok || b.Op != protocol.Mul {
		return 0, false
	}
	for _, pair := range [][2]protocol.Expr{{b.X, b.Y}, {b.Y, b.X}} {
		if k, ok := litValue(pair[1]); ok && k >= 2 && equal(pair[0], h.e) {
			return k, true
		}
	}
	return 0, false
}

package smtgen

import (
	"math"
	"math/big"
	"math/bits"

	"github.com/drfcheck/drfcheck/protocol"
)

// span is a range [lo, hi] of int64 values a term takes, known from its
// form: literals, the launch's sizes and indices, loop variables within
// literal bounds, and operations on such terms. The bit-vector encoding
// leaves out the overflow test (num.taint) of an operation whose
// operands' spans rule an overflow out: most index arithmetic of a
// kernel launched with a fixed size, which Z3 then bit-blasts without
// the tests' circuits. ok is false where nothing is known.
type span struct {
	lo, hi int64
	ok     bool
}

var fullSpan = span{math.MinInt64, math.MaxInt64, true}

func (a span) union(b span) span {
	if !a.ok || !b.ok {
		return span{}
	}
	return span{min(a.lo, b.lo), max(a.hi, b.hi), true}
}

func (a span) nonNeg() bool { return a.ok && a.lo >= 0 }

// bigSpan is a span of exact bounds, which may leave int64.
func bigSpan(vals ...*big.Int) (span, bool) {
	lo, hi := vals[0], vals[0]
	for _, v := range vals[1:] {
		if v.Cmp(lo) < 0 {
			lo = v
		}
		if v.Cmp(hi) > 0 {
			hi = v
		}
	}
	if !lo.IsInt64() || !hi.IsInt64() {
		return span{}, false
	}
	return span{lo.Int64(), hi.Int64(), true}, true
}

// spanOf is the span of x op y and whether the operation is safe: it
// cannot fail in eval (no overflow, no division by zero, no shift count
// out of range) for any operands within their spans.
func spanOf(op protocol.BinOp, x, y span) (span, bool) {
	if !x.ok || !y.ok {
		return span{}, false
	}
	bx := [2]*big.Int{big.NewInt(x.lo), big.NewInt(x.hi)}
	by := [2]*big.Int{big.NewInt(y.lo), big.NewInt(y.hi)}
	corners := func(f func(a, b *big.Int) *big.Int) (span, bool) {
		var vs []*big.Int
		for _, a := range bx {
			for _, b := range by {
				vs = append(vs, f(a, b))
			}
		}
		return bigSpan(vs...)
	}
	switch op {
	case protocol.Add:
		return corners(func(a, b *big.Int) *big.Int { return new(big.Int).Add(a, b) })
	case protocol.Sub:
		return corners(func(a, b *big.Int) *big.Int { return new(big.Int).Sub(a, b) })
	case protocol.Mul:
		return corners(func(a, b *big.Int) *big.Int { return new(big.Int).Mul(a, b) })
	case protocol.Div:
		if y.lo <= 0 && y.hi >= 0 || x.lo == math.MinInt64 {
			return span{}, false
		}
		m := max(-x.lo, x.hi)
		return span{-m, m, true}, true
	case protocol.Mod:
		if y.lo <= 0 && y.hi >= 0 || y.lo == math.MinInt64 {
			return span{}, false
		}
		m := max(-y.lo, y.hi) - 1
		switch {
		case x.lo >= 0:
			return span{0, min(x.hi, m), true}, true
		case x.hi <= 0:
			return span{max(x.lo, -m), 0, true}, true
		}
		return span{-m, m, true}, true
	case protocol.Shr:
		if y.lo < 0 {
			return span{}, false
		}
		return span{min(x.lo, 0), max(x.hi, 0), true}, true
	case protocol.Shl:
		if y.lo < 0 || y.hi > 62 {
			return span{}, false
		}
		return corners(func(a, b *big.Int) *big.Int { return new(big.Int).Lsh(a, uint(b.Int64())) })
	case protocol.BitAnd:
		switch {
		case x.nonNeg() && y.nonNeg():
			return span{0, min(x.hi, y.hi), true}, true
		case x.nonNeg():
			return span{0, x.hi, true}, true
		case y.nonNeg():
			return span{0, y.hi, true}, true
		}
		return fullSpan, true
	case protocol.BitOr, protocol.BitXor:
		if x.nonNeg() && y.nonNeg() {
			n := bits.Len64(uint64(max(x.hi, y.hi)))
			if n >= 63 {
				return span{0, math.MaxInt64, true}, true
			}
			return span{0, int64(1)<<n - 1, true}, true
		}
		return fullSpan, true
	}
	return span{}, false
}

// bounded is x with the span [lo, hi].
func bounded(x num, lo, hi int64) num {
	if lo <= hi {
		x.r = span{lo, hi, true}
	}
	return x
}

// within is x with the span of values at or above lo and below hi, where
// the encoding asserts lo <= x < hi (a loop's variable).
func within(x, lo, hi num) num {
	if lo.r.ok && hi.r.ok && hi.r.hi > math.MinInt64 {
		return bounded(x, lo.r.lo, hi.r.hi-1)
	}
	return x
}

package smtgen

import (
	"fmt"
	"math"
	"math/big"
	"math/bits"

	"github.com/aclements/go-z3/z3"

	"github.com/drfcheck/drfcheck/protocol"
)

// Encoding says how a query encodes the protocol's integers.
type Encoding int

const (
	// Portfolio asks both encodings, the one that suits the query first
	// and the other soon after, and takes the first definitive answer
	// (Solver.portfolio).
	Portfolio Encoding = iota
	// Ints encodes integers as Z3's unbounded integers: linear arithmetic
	// is exact, the bitwise operators are functions with lemmas
	// (encoder.bitwise) refined against int64 (refusal).
	Ints
	// BitVectors encodes integers as 64-bit bit-vectors: int64's
	// arithmetic exactly, bitwise operators and shifts included; an
	// operation that leaves int64 (where package eval fails) makes its
	// result unconstrained (num.taint), so that no behaviour is lost.
	BitVectors
)

func (enc Encoding) String() string {
	switch enc {
	case Ints:
		return "int"
	case BitVectors:
		return "bv"
	}
	return "portfolio"
}

// ParseEncoding reads an encoding's name: int, bv or portfolio.
func ParseEncoding(s string) (Encoding, error) {
	for _, enc := range []Encoding{Portfolio, Ints, BitVectors} {
		if enc.String() == s {
			return enc, nil
		}
	}
	return Portfolio, fmt.Errorf("unknown arithmetic %q: want int, bv or portfolio", s)
}

// width is the bit-vector encoding's width: eval's int64.
const width = 64

// num is an integer term: a z3.Int, or a z3.BV of 64 bits.
//
// In the bit-vector encoding a term is int64's value of its expression
// unless an operation on the way overflowed (or divided by zero), where
// eval fails and unbounded arithmetic gives a value beyond 64 bits. There
// taint holds and the term is the value of an uninterpreted function of
// the operands instead of the wrapped result: any value, one per
// operation and operands. Comparisons of tainted terms are unconstrained
// too (encoder.cond). So each execution of unbounded arithmetic has a
// model (its values beyond int64 mapped to distinct free ones), and the
// encoding only adds behaviours, as the integer encoding does.
type num struct {
	v       z3.Value
	taint   z3.Bool
	tainted bool // taint is set; false: the term is always exact
	// r is the range of an exact term's values, known from its form
	// (ranges.go): an operation whose operands' ranges rule out an
	// overflow needs no taint. The zero range is unknown.
	r span
}

func (x num) i() z3.Int { return x.v.(z3.Int) }
func (x num) b() z3.BV  { return x.v.(z3.BV) }

// ast is the term's AST, for hash-consed comparisons.
func (x num) ast() z3.AST { return x.v.AsAST() }

func (e *encoder) sort() z3.Sort {
	if e.bv {
		return e.bvSort
	}
	return e.intSort
}

func (e *encoder) lit(v int64) num { return num{v: e.ctx.FromInt(v, e.sort()), r: span{v, v, true}} }

// litOf is the value of a literal term.
func litOf(x num) (int64, bool) {
	if x.tainted {
		return 0, false
	}
	switch v := x.v.(type) {
	case z3.Int:
		n, lit, ok := v.AsInt64()
		return n, lit && ok
	case z3.BV:
		n, lit, ok := v.AsInt64()
		return n, lit && ok
	}
	return 0, false
}

func (e *encoder) eq(x, y num) z3.Bool {
	if e.bv {
		return x.b().Eq(y.b())
	}
	return x.i().Eq(y.i())
}

func (e *encoder) ne(x, y num) z3.Bool { return e.eq(x, y).Not() }

func (e *encoder) lt(x, y num) z3.Bool {
	if e.bv {
		return x.b().SLT(y.b())
	}
	return x.i().LT(y.i())
}

func (e *encoder) le(x, y num) z3.Bool {
	if e.bv {
		return x.b().SLE(y.b())
	}
	return x.i().LE(y.i())
}

func (e *encoder) ge(x, y num) z3.Bool {
	if e.bv {
		return x.b().SGE(y.b())
	}
	return x.i().GE(y.i())
}

func (e *encoder) gt(x, y num) z3.Bool {
	if e.bv {
		return x.b().SGT(y.b())
	}
	return x.i().GT(y.i())
}

// ite chooses between two terms.
func (e *encoder) ite(c z3.Bool, x, y num) num {
	r := num{v: c.IfThenElse(x.v, y.v), r: x.r.union(y.r)}
	if x.tainted || y.tainted {
		r.taint, r.tainted = c.IfThenElse(e.taintOf(x), e.taintOf(y)).(z3.Bool), true
	}
	return r
}

func (e *encoder) taintOf(x num) z3.Bool {
	if x.tainted {
		return x.taint
	}
	return e.ctx.FromBool(false)
}

func (e *encoder) add(x, y num) num { return e.arith(protocol.Add, x, y) }
func (e *encoder) sub(x, y num) num { return e.arith(protocol.Sub, x, y) }

func (e *encoder) neg(x num) num {
	if !e.bv {
		return num{v: x.i().Neg()}
	}
	return e.arith(protocol.Sub, e.lit(0), x)
}

// arith is x op y: C's operator in the integer encoding (binary), int64's
// in the bit-vector one (bvBinary).
func (e *encoder) arith(op protocol.BinOp, x, y num) num {
	if e.bv {
		return e.bvBinary(op, x, y)
	}
	return num{v: e.binary(op, x.i(), y.i())}
}

// bvBinary is int64's x op y on bit-vectors, as package eval computes it:
// / and % truncate (bvsdiv, bvsrem), >> is arithmetic and fills with the
// sign past 63, as Go's. Where eval fails (an overflow, a division by
// zero, a shift count out of its range) the result is tainted: the value
// of a function "ovf<op>$" of the operands, unconstrained.
func (e *encoder) bvBinary(op protocol.BinOp, x, y num) num {
	if a, ok := litOf(x); ok {
		if b, ok := litOf(y); ok {
			if r, ok := fold(op, a, b); ok {
				return e.lit(r)
			}
		}
	}
	a, b := x.b(), y.b()
	rr, safe := spanOf(op, x.r, y.r)
	zero, neg := e.bvLit(0), func(v z3.BV) z3.Bool { return v.SLT(e.bvLit(0)) }
	var r z3.BV
	var ovf z3.Bool
	exact := false
	switch op {
	case protocol.Add:
		r = a.Add(b)
		ovf = neg(a).Eq(neg(b)).And(neg(r).NE(neg(a)))
	case protocol.Sub:
		r = a.Sub(b)
		ovf = neg(a).NE(neg(b)).And(neg(r).NE(neg(a)))
	case protocol.Mul:
		r = a.Mul(b)
		ovf = e.mulOverflow(x, y)
	case protocol.Div:
		r = a.SDiv(b)
		if k, ok := pow2Of(y); ok {
			r = e.bvDivPow2(a, k, x.r)
		}
		ovf = b.Eq(zero).Or(a.Eq(e.bvLit(math.MinInt64)).And(b.Eq(e.bvLit(-1))))
	case protocol.Mod:
		r = a.SRem(b)
		if k, ok := pow2Of(y); ok {
			r = e.bvRemPow2(a, k, x.r)
		}
		ovf = b.Eq(zero)
	case protocol.BitAnd:
		r, exact = a.And(b), true
		if e.defect == AndAsOr {
			r = a.Or(b)
		}
	case protocol.BitOr:
		r, exact = a.Or(b), true
	case protocol.BitXor:
		r, exact = a.Xor(b), true
	case protocol.Shr:
		r = a.SRsh(b)
		ovf = neg(b)
	case protocol.Shl:
		r = a.Lsh(b)
		ovf = neg(b).Or(b.SGT(e.bvLit(62))).Or(r.SRsh(b).NE(a))
	default:
		e.fail(protocol.Pos{}, "cannot encode operator %s", op)
	}
	if (exact || safe) && !x.tainted && !y.tainted {
		return num{v: r, r: rr}
	}
	taint := e.ctx.FromBool(false)
	if !exact {
		taint = ovf
	}
	if x.tainted {
		taint = taint.Or(x.taint)
	}
	if y.tainted {
		taint = taint.Or(y.taint)
	}
	free := e.fresh("ovf").(z3.BV)
	e.taints = append(e.taints, taint)
	return num{v: taint.IfThenElse(free, r), taint: taint, tainted: true}
}

// pow2Of returns k where y is the literal 2^k, 1 <= k <= 62.
func pow2Of(y num) (int, bool) {
	v, ok := litOf(y)
	if !ok || v < 2 || v&(v-1) != 0 {
		return 0, false
	}
	return bits.TrailingZeros64(uint64(v)), true
}

// bvDivPow2 is a / 2^k truncated toward zero, as bvsdiv computes it, with
// shifts: Z3 bit-blasts a signed division by a constant as a whole
// divider (tens of thousands of clauses at 64 bits), a shift as wires.
// For a negative a it is -((-a) >>> k), which holds for the least int64
// too (its negation is itself, read unsigned 2^63). r is a's range.
func (e *encoder) bvDivPow2(a z3.BV, k int, r span) z3.BV {
	sh := e.bvLit(int64(k))
	if r.ok && r.lo >= 0 {
		return a.URsh(sh)
	}
	return a.SLT(e.bvLit(0)).IfThenElse(a.Neg().URsh(sh).Neg(), a.URsh(sh)).(z3.BV)
}

// bvRemPow2 is a % 2^k with the sign of a, as bvsrem computes it, with
// masks (see bvDivPow2).
func (e *encoder) bvRemPow2(a z3.BV, k int, r span) z3.BV {
	mask := e.bvLit(1<<k - 1)
	if r.ok && r.lo >= 0 {
		return a.And(mask)
	}
	return a.SLT(e.bvLit(0)).IfThenElse(a.Neg().And(mask).Neg(), a.And(mask)).(z3.BV)
}

func (e *encoder) bvLit(v int64) z3.BV { return e.ctx.FromInt(v, e.bvSort).(z3.BV) }

// mulOverflow holds where x * y may leave int64: exactly when a factor
// is a literal; otherwise unless one factor is within 2^32 and the other
// within 2^30 of zero, so that the product is within 2^62 (exact
// overflow needs a product twice as wide, which Z3 bit-blasts slowly).
// Holding where there is no overflow only frees the result: sound.
func (e *encoder) mulOverflow(x, y num) z3.Bool {
	if _, ok := litOf(x); ok {
		x, y = y, x
	}
	a, b := x.b(), y.b()
	if c, ok := litOf(y); ok {
		lo, hi, none := mulRange(c)
		if none {
			return e.ctx.FromBool(false)
		}
		return a.SLT(e.bvLit(lo)).Or(a.SGT(e.bvLit(hi)))
	}
	within := func(v z3.BV, k uint) z3.Bool {
		return v.SGE(e.bvLit(-(1 << k))).And(v.SLE(e.bvLit(1 << k)))
	}
	small := within(a, 32).And(within(b, 30)).Or(within(a, 30).And(within(b, 32)))
	return small.Not()
}

// mulRange is the range of a for which a * c is an int64 (none: every a,
// c = 0).
func mulRange(c int64) (lo, hi int64, none bool) {
	if c == 0 {
		return 0, 0, true
	}
	min, max := big.NewInt(math.MinInt64), big.NewInt(math.MaxInt64)
	bc := big.NewInt(c)
	// a*c >= min and a*c <= max: for c > 0, ceil(min/c) <= a <= floor(max/c);
	// for c < 0 the bounds swap
	l, h := new(big.Int), new(big.Int)
	if c > 0 {
		l = ceilDiv(min, bc)
		h = floorDiv(max, bc)
	} else {
		l = ceilDiv(max, bc)
		h = floorDiv(min, bc)
	}
	return clampInt64(l), clampInt64(h), false
}

func floorDiv(a, b *big.Int) *big.Int {
	// Euclidean: a = q*b + m with 0 <= m < |b|, so a/b = q + m/b, and
	// for b < 0, m/b is in (-1, 0]: the floor is q - 1 unless m = 0
	q, m := new(big.Int).DivMod(a, b, new(big.Int))
	if b.Sign() < 0 && m.Sign() != 0 {
		q.Sub(q, big.NewInt(1))
	}
	return q
}

func ceilDiv(a, b *big.Int) *big.Int {
	neg := new(big.Int).Neg(a)
	return new(big.Int).Neg(floorDiv(neg, b))
}

func clampInt64(v *big.Int) int64 {
	if v.IsInt64() {
		return v.Int64()
	}
	if v.Sign() < 0 {
		return math.MinInt64
	}
	return math.MaxInt64
}

// fold is int64's x op y where eval computes it; false where it fails.
func fold(op protocol.BinOp, x, y int64) (r int64, ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	switch op {
	case protocol.Add:
		r = x + y
		return r, (y > 0) == (r > x) || y == 0
	case protocol.Sub:
		r = x - y
		return r, (y > 0) == (r < x) || y == 0
	case protocol.Mul:
		if x == 0 || y == 0 {
			return 0, true
		}
		if x == -1 && y == math.MinInt64 || y == -1 && x == math.MinInt64 {
			return 0, false
		}
		r = x * y
		return r, r/y == x
	case protocol.Div:
		if y == 0 || x == math.MinInt64 && y == -1 {
			return 0, false
		}
		return x / y, true
	case protocol.Mod:
		if y == 0 {
			return 0, false
		}
		if y == -1 {
			return 0, true
		}
		return x % y, true
	}
	return bitValue(op, x, y)
}

// cmp is the comparison c of two terms, as a condition of the protocol:
// where either is tainted (its value is not the protocol's), the outcome
// is free (a fresh Boolean), since a value beyond
// int64 compares with others in ways no int64 value does.
func (e *encoder) cmp(op protocol.CmpOp, x, y num) z3.Bool {
	var c z3.Bool
	switch op {
	case protocol.Eq:
		c = e.eq(x, y)
	case protocol.Ne:
		c = e.ne(x, y)
	case protocol.Lt:
		c = e.lt(x, y)
	case protocol.Le:
		c = e.le(x, y)
	case protocol.Gt:
		c = e.gt(x, y)
	default:
		c = e.ge(x, y)
	}
	if !x.tainted && !y.tainted {
		return c
	}
	free := e.ctx.BoolConst(fmt.Sprintf("cmp$%d", e.nfresh))
	e.nfresh++
	return e.taintOf(x).Or(e.taintOf(y)).IfThenElse(free, c).(z3.Bool)
}

// fresh is a new constant of the encoding's sort, free: the value of a
// tainted term. One per application, not a function of the operands:
// that only frees the terms more (two tainted terms of one expression
// may differ), which adds behaviours, and it keeps the query free of
// uninterpreted functions where the protocol has none, which Z3's
// bit-vector solving needs to be fast.
func (e *encoder) fresh(prefix string) z3.Value {
	name := fmt.Sprintf("%s$%d", prefix, e.nfresh)
	e.nfresh++
	e.internal[name] = true
	return e.ctx.Const(name, e.sort())
}

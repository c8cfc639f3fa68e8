package symexec

import (
	"math"
	"math/bits"

	"github.com/drfcheck/drfcheck/internal/infer/ir"
	"github.com/drfcheck/drfcheck/protocol"
)

// Integers are protocol expressions over unbounded integers. +, - and *
// agree with C's arithmetic modulo 2^width, so they are kept as they are;
// the operations that see more than the residue (division, remainder,
// shifts, masks, comparisons) first put an unsigned operand that may be
// negative back in [0, 2^32), and a conversion to a narrower type wraps.

// eval evaluates a pure IR expression.
func (x *exec) eval(e ir.Expr) value {
	at := e.Pos()
	switch e := e.(type) {
	case *ir.Const:
		if e.T.IsInt() {
			return intVal{lit(at, e.Int)}
		}
		if b, ok := floatConst(e.T, e.Float); ok {
			return intVal{lit(at, b)}
		}
		return x.k.opaque(false, false)
	case *ir.Ref:
		return x.read(at, e.Var)
	case *ir.Builtin:
		if e.Kind == ir.WarpSize {
			return intVal{lit(at, x.k.warpSize)}
		}
		b := &protocol.Builtin{At: at, Kind: builtinKinds[e.Kind], Dim: e.Dim}
		if r := x.k.builtinRange(b); (b.Kind == protocol.BlockDim || b.Kind == protocol.GridDim) && r.lo == r.hi {
			// the block or grid size given (limits)
			return intVal{lit(at, r.lo)}
		}
		return intVal{b}
	case *ir.Unary:
		return x.unary(e)
	case *ir.Binary:
		return x.binary(e)
	case *ir.Select:
		c := x.cond(e.Cond)
		return x.merge(at, c, x.eval(e.X), x.eval(e.Y))
	case *ir.Convert:
		return x.convert(at, x.eval(e.X), e.X.Type(), e.To)
	case *ir.Call:
		return x.call(e)
	case *ir.Opaque:
		return x.fresh(at, e.T, "", true, false)
	case *ir.Other:
		return x.other(e)
	}
	x.unknown(at, "an expression this stage does not know (%T)", e)
	return x.k.opaque(true, true)
}

// read returns the value of a variable; one never assigned is a fresh
// thread-local value, the same at every read.
func (x *exec) read(at protocol.Pos, v *ir.Var) value {
	if val, ok := x.env[v]; ok {
		return val
	}
	val := x.freshOf(at, v)
	x.env[v] = val
	return val
}

// cond evaluates an expression as a condition.
func (x *exec) cond(e ir.Expr) protocol.Cond {
	at := e.Pos()
	v := x.eval(e)
	return exprCond(at, x.asInt(at, v))
}

func boolVal(at protocol.Pos, c protocol.Cond) value { return intVal{condExpr(at, c)} }

func (x *exec) unary(e *ir.Unary) value {
	at := e.At
	v := x.eval(e.X)
	if e.Op == "!" {
		return boolVal(at, not(at, exprCond(at, x.asInt(at, v))))
	}
	i, ok := v.(intVal)
	if !ok || !e.T.IsInt() {
		return x.opaque(v)
	}
	switch e.Op {
	case "-":
		return intVal{x.signedResult(neg(at, i.e), e.T)}
	case "~":
		// -x - 1, which two's complement makes exact
		return intVal{x.signedResult(sub(at, neg(at, i.e), lit(at, 1)), e.T)}
	}
	return intVal{x.asInt(at, x.opaque(v))}
}

var cmpOps = map[string]protocol.CmpOp{
	"==": protocol.Eq, "!=": protocol.Ne, "<": protocol.Lt, "<=": protocol.Le, ">": protocol.Gt, ">=": protocol.Ge,
}

func (x *exec) binary(e *ir.Binary) value {
	at := e.At
	switch e.Op {
	case "&&", "||":
		a, b := x.cond(e.X), x.cond(e.Y)
		if e.Op == "&&" {
			return boolVal(at, and(at, a, b))
		}
		return boolVal(at, or(at, a, b))
	}
	a, b := x.eval(e.X), x.eval(e.Y)
	ia, aInt := a.(intVal)
	ib, bInt := b.(intVal)
	c, isCmp := cmpOps[e.Op]
	t := e.T
	if isCmp {
		t = e.X.Type()
	}
	if !aInt || !bInt || !t.IsInt() {
		if isCmp {
			o := x.opaque(a, b)
			return intVal{x.freshInt(at, "", o.local, o.block)}
		}
		return x.opaque(a, b)
	}
	ea, eb := ia.e, ib.e
	if !isCmp {
		// a narrower operand is widened (an address's offset)
		ea = x.widened(at, ea, e.X.Type(), t)
		eb = x.widened(at, eb, e.Y.Type(), t)
	}
	if observesUnsigned(e.Op) && unsigned(t) {
		ea = x.unsignedValue(at, ea, t)
		if e.Op != ">>" {
			eb = x.unsignedValue(at, eb, t)
		}
	}
	if isCmp {
		return boolVal(at, cmp(at, c, ea, eb))
	}
	switch e.Op {
	case "min":
		return intVal{minExpr(at, ea, eb)}
	case "max":
		return intVal{maxExpr(at, ea, eb)}
	}
	return intVal{x.signedResult(x.intOp(at, e.Op, ea, eb, t), t)}
}

// signedResult records that the result of an operation on a signed type
// is in the type's range: signed overflow is undefined behaviour, assumed
// away (ranges.go).
func (x *exec) signedResult(r protocol.Expr, t ir.Type) protocol.Expr {
	if unsigned(t) || t.Kind != ir.Int {
		return r
	}
	tr := typeRange(t)
	if rr := x.rangeOf(r); !rr.within(tr) {
		x.k.rangeMemo[r] = interval{max(rr.lo, tr.lo), min(rr.hi, tr.hi)}
	}
	return r
}

func unsigned(t ir.Type) bool { return t.Kind == ir.Int && !t.Signed }

// observesUnsigned reports whether an operator on unsigned operands sees
// more than their residues modulo 2^width: all but +, -, * and <<.
func observesUnsigned(op string) bool {
	switch op {
	case "/", "%", ">>", "&", "|", "^", "<", "<=", ">", ">=", "==", "!=", "min", "max":
		return true
	}
	return false
}

// unsignedValue is C's value of e as an unsigned integer of type t: e
// itself where its range (ranges.go) is within the type's, else its
// residue modulo 2^width (for 64-bit types, unsigned64).
func (x *exec) unsignedValue(at protocol.Pos, e protocol.Expr, t ir.Type) protocol.Expr {
	width := t.Size * 8
	if width == 0 {
		width = 32
	}
	if width > 32 {
		return x.unsigned64(at, e)
	}
	p := int64(1) << width
	r := x.rangeOf(e)
	var v protocol.Expr
	switch {
	case r.within(interval{0, p - 1}):
		return e
	case r.within(interval{-p, p - 1}):
		// one wrap below zero, linear where a remainder by 2^width is a
		// hard query for the solver
		v = ite(at, cmp(at, protocol.Ge, e, lit(at, 0)), e, add(at, e, lit(at, p)))
	case r.within(interval{0, 2*p - 1}):
		// one wrap above
		v = ite(at, cmp(at, protocol.Lt, e, lit(at, p)), e, sub(at, e, lit(at, p)))
	default:
		v = x.residue(at, e, p, 0)
	}
	x.reduces(e)
	x.k.rangeMemo[v] = interval{0, p - 1}
	return x.nonNeg(v)
}

// unsigned64 is C's value of e as a 64-bit unsigned integer where e may be
// negative (a negative int converted to size_t): e + 2^64, a product of
// literals, which the protocol's int64 literals cannot hold. Values beyond
// 2^63 are not wrapped (a known limitation).
func (x *exec) unsigned64(at protocol.Pos, e protocol.Expr) protocol.Expr {
	if r := x.rangeOf(e); r.lo >= 0 {
		return e
	}
	two32 := lit(at, 1<<32)
	v := ite(at, cmp(at, protocol.Ge, e, lit(at, 0)), e, add(at, e, &protocol.Binary{At: at, Op: protocol.Mul, X: two32, Y: two32}))
	x.reduces(e)
	x.k.rangeMemo[v] = interval{0, inf}
	return x.nonNeg(v)
}

// widened is e of type from widened to the wider type to, when it is
// one: an unsigned value is seen modulo 2^width.
func (x *exec) widened(at protocol.Pos, e protocol.Expr, from, to ir.Type) protocol.Expr {
	if from.Kind != ir.Int || from.Size >= to.Size || !unsigned(from) {
		return e
	}
	return x.unsignedValue(at, e, from)
}

// signedValue is C's value of an unsigned integer of type from converted
// to the signed type to of the same width: two's complement.
func (x *exec) signedValue(at protocol.Pos, e protocol.Expr, from, to ir.Type) protocol.Expr {
	half := int64(1) << (to.Size*8 - 1)
	r := x.rangeOf(e)
	var v protocol.Expr
	switch {
	case r.within(interval{-half, half - 1}):
		return e
	case r.within(interval{0, 2*half - 1}):
		v = ite(at, cmp(at, protocol.Lt, e, lit(at, half)), e, sub(at, e, lit(at, 2*half)))
	default:
		v = x.residue(at, e, 2*half, -half)
	}
	x.reduces(e)
	x.k.rangeMemo[v] = interval{-half, half - 1}
	return v
}

// residue is the member of [lo, lo + p) congruent to e modulo p: one
// remainder of a non-negative operand (e plus a multiple of p) where e's
// range is bounded below, which the solver handles best, else the
// Euclidean residue.
func (x *exec) residue(at protocol.Pos, e protocol.Expr, p, lo int64) protocol.Expr {
	r := x.rangeOf(e)
	if r.lo <= -inf {
		return add(at, emod(at, sub(at, e, lit(at, lo)), lit(at, p)), lit(at, lo))
	}
	shift := -lo
	if need := lo - r.lo; need > 0 {
		shift += (need + p - 1) / p * p
	}
	// built as it reads, (e + shift) % p + lo, not simplified: a report
	// finds e in it, to show the value that wrapped (check.wrapNote)
	a := e
	if shift != 0 {
		a = x.nonNeg(&protocol.Binary{At: at, Op: protocol.Add, X: e, Y: lit(at, shift)})
	}
	v := protocol.Expr(&protocol.Binary{At: at, Op: protocol.Mod, X: a, Y: lit(at, p)})
	if lo != 0 {
		v = &protocol.Binary{At: at, Op: protocol.Sub, X: v, Y: lit(at, -lo)}
	}
	return v
}

// nonNeg records that an expression built here is never negative, though
// it may read as a difference (a wrapped value, a ^ 3 as a + 3 - 2(a & 3)),
// so that it is not wrapped again: each wrap copies e thrice, and wrapping
// wraps would grow expressions exponentially.
func (x *exec) nonNeg(e protocol.Expr) protocol.Expr {
	if x.known == nil {
		x.known = map[protocol.Expr]bool{}
	}
	x.known[e] = true
	if r := x.rangeOf(e); r.lo < 0 {
		x.k.rangeMemo[e] = interval{0, r.hi}
	}
	return e
}

// convert converts a value of type from to type to.
func (x *exec) convert(at protocol.Pos, v value, from, to ir.Type) value {
	if from.Kind == ir.Float && to.Kind != ir.Float || from.Kind != ir.Float && to.Kind == ir.Float || from.Kind == ir.Float && from.Size != to.Size {
		// a float's bits are not its value (floatBits): a conversion to
		// or from it gives an unknown; for a condition, an unknown one
		// (-0.0 is false with bits that are not 0)
		v = x.opaque(v)
		if to.Kind == ir.Float {
			return v
		}
	}
	switch to.Kind {
	case ir.Float:
		return v
	case ir.Bool:
		e := x.asInt(at, v)
		if unsigned(from) {
			e = x.unsignedValue(at, e, from)
		}
		return boolVal(at, exprCond(at, e))
	case ir.Int:
		e := x.asInt(at, v)
		if !from.IsInt() {
			return intVal{e}
		}
		switch {
		case to.Size == 4 && unsigned(to):
			// the residue is taken where it is seen
			return intVal{e}
		case to.Size < 4 || to.Size < from.Size:
			return intVal{x.narrow(at, e, to)}
		case to.Size > from.Size && unsigned(from):
			// a wider type sees the unsigned value: (long)(lane - 1u)
			return intVal{x.unsignedValue(at, e, from)}
		case to.Size == from.Size && unsigned(from):
			// (int)u is u - 2^32 from 2^31 on
			return intVal{x.signedValue(at, e, from, to)}
		}
		return intVal{e}
	}
	return v
}

// emod is the Euclidean residue of e modulo a positive p, in [0, p).
func emod(at protocol.Pos, e, p protocol.Expr) protocol.Expr {
	if nonNegative(e) {
		return mod(at, e, p)
	}
	return mod(at, add(at, mod(at, e, p), p), p)
}

// narrow is the value of e converted to an integer type of 32 bits or
// fewer: its residue modulo 2^width, shifted to the signed range for a
// signed type ((unsigned char)256 is 0, (signed char)200 is -56).
func (x *exec) narrow(at protocol.Pos, e protocol.Expr, t ir.Type) protocol.Expr {
	width := t.Size * 8
	if width == 0 || width > 32 || x.rangeOf(e).within(typeRange(t)) {
		return e
	}
	if unsigned(t) {
		return x.unsignedValue(at, e, t)
	}
	v := x.residue(at, e, 1<<width, -(1 << (width - 1)))
	x.reduces(e)
	x.k.rangeMemo[v] = typeRange(t)
	return v
}

// intOp applies an integer operator. Shifts and masks by constants become
// arithmetic, which the solver handles best: x << k is x * 2^k, x >> k is
// the floor of x / 2^k, x & (2^k - 1) is x mod 2^k. Other bitwise
// operations are the protocol's bitwise operators.
func (x *exec) intOp(at protocol.Pos, op string, a, b protocol.Expr, t ir.Type) protocol.Expr {
	nonneg := unsigned(t) || x.pow2NonNeg(a)
	ka, aLit := litValue(a)
	kb, bLit := litValue(b)
	if bLit {
		if v, ok := x.belowDivisor(a, op, kb); ok {
			return v
		}
	}
	switch op {
	case "+":
		return add(at, a, b)
	case "-":
		return sub(at, a, b)
	case "*":
		return mul(at, a, b)
	case "/":
		return div(at, a, b)
	case "%":
		return mod(at, a, b)
	case "<<":
		if bLit && kb >= 0 && kb < 62 {
			return mul(at, a, lit(at, 1<<kb))
		}
	case ">>":
		if bLit && kb >= 0 && kb < 62 {
			if kb == 0 {
				return a
			}
			p := lit(at, 1<<kb)
			if nonneg {
				return div(at, a, p)
			}
			return ite(at, cmp(at, protocol.Ge, a, lit(at, 0)), div(at, a, p),
				div(at, sub(at, a, lit(at, 1<<kb-1)), p))
		}
	case "&":
		if aLit && bLit {
			return lit(at, ka&kb)
		}
		if aLit && !bLit {
			a, b, ka, kb, bLit = b, a, kb, ka, true
			nonneg = unsigned(t) || x.pow2NonNeg(a)
		}
		if bLit {
			if kb == 0 {
				return lit(at, 0)
			}
			if k, ok := lowMask(kb); ok {
				return modPow2(at, a, k, nonneg)
			}
			if k, ok := highMask(kb, t); ok && nonneg {
				if x.rangeOf(a).within(interval{0, 1<<k - 1}) {
					// tid & ~63 in a block of 64 threads
					return lit(at, 0)
				}
				// clears the k low bits: a - a mod 2^k
				return x.nonNeg(sub(at, a, mod(at, a, lit(at, 1<<k))))
			}
			if m, ok := maskBits(at, a, kb, nonneg); ok {
				return m
			}
		}
	case "|", "^":
		if aLit && bLit {
			if op == "|" {
				return lit(at, ka|kb)
			}
			return lit(at, ka^kb)
		}
		if aLit && !bLit {
			a, b, ka, kb, bLit = b, a, kb, ka, true
			nonneg = unsigned(t) || x.pow2NonNeg(a)
		}
		if bLit && kb == 0 {
			return a
		}
		if s, ok := x.disjointBits(at, a, b); ok {
			return s
		}
		// with a constant: a | c is a + c - (a & c), a ^ c is
		// a + c - 2 (a & c)
		if m, ok := maskBits(at, a, kb, nonneg); bLit && ok {
			sum := add(at, a, lit(at, kb))
			if op == "|" {
				return x.nonNeg(sub(at, sum, m))
			}
			return x.nonNeg(sub(at, sum, mul(at, m, lit(at, 2))))
		}
	}
	if bop, ok := bitOps[op]; ok {
		// the protocol's bitwise operators are those of int64, which agree
		// with C's on the values of C's types (sign-extended or not); a
		// left shift is unbounded, as a product is
		return &protocol.Binary{At: at, Op: bop, X: a, Y: b}
	}
	return x.freshInt(at, "", x.k.isLocal(a) || x.k.isLocal(b), x.k.isBlock(a) || x.k.isBlock(b))
}

// belowDivisor folds a / k, a >> k, a % k and a & (2^k - 1) where a's
// range is in [0, divisor): threadIdx.x >> 5 is 0 and threadIdx.x & 31 is
// threadIdx.x in a block of 32 threads. The operations are exact there,
// and a product or sum of the result stays linear for the solver.
func (x *exec) belowDivisor(a protocol.Expr, op string, k int64) (protocol.Expr, bool) {
	var d int64
	switch op {
	case "/", "%":
		d = k
	case ">>":
		if k >= 0 && k < 62 {
			d = 1 << k
		}
	case "&":
		if m, ok := lowMask(k); ok && m < 62 {
			d = 1 << m
		}
	}
	if d <= 0 || !x.rangeOf(a).within(interval{0, d - 1}) {
		return nil, false
	}
	if op == "/" || op == ">>" {
		return lit(a.Pos(), 0), true
	}
	return a, true
}

// disjointBits is a | b and a ^ b where no bit is set in both: one is a
// multiple of 2^k and the other lies in [0, 2^k), so the sum has no
// carry. (tid & 15) << 2 | tid >> 4 is then linear for the solver. Two's
// complement makes it exact for a negative multiple too: its k low bits
// are 0.
func (x *exec) disjointBits(at protocol.Pos, a, b protocol.Expr) (protocol.Expr, bool) {
	for _, p := range [2][2]protocol.Expr{{a, b}, {b, a}} {
		k := pow2Factor(p[0], 8)
		if k > 0 && x.rangeOf(p[1]).within(interval{0, 1<<k - 1}) {
			return add(at, a, b), true
		}
	}
	return nil, false
}

// pow2Factor is a k < 62 such that e is a multiple of 2^k (0 where it
// knows none), looking depth levels down: products add their factors'
// exponents, sums and residues keep the least of their operands', a
// mask the greatest (v & ~7 is a multiple of 8, whatever v's sign).
func pow2Factor(e protocol.Expr, depth int) int {
	if depth == 0 {
		return 0
	}
	switch e := e.(type) {
	case *protocol.IntLit:
		if e.Value == 0 {
			return 61
		}
		return min(bits.TrailingZeros64(uint64(e.Value)), 61)
	case *protocol.Neg:
		return pow2Factor(e.X, depth-1)
	case *protocol.Ite:
		return min(pow2Factor(e.Then, depth-1), pow2Factor(e.Else, depth-1))
	case *protocol.Binary:
		x, y := pow2Factor(e.X, depth-1), pow2Factor(e.Y, depth-1)
		switch e.Op {
		case protocol.Mul:
			return min(x+y, 61)
		case protocol.Add, protocol.Sub, protocol.Mod:
			// a mod b is a - b * q, truncating or not
			return min(x, y)
		case protocol.BitAnd:
			// a bit that either operand clears stays clear
			return max(x, y)
		}
	}
	return 0
}

// pow2NonNeg is nonNegative, where a power of two (or 0, pow2If) counts as
// not negative whatever its type: size >> 1 of a signed size doubling from
// 2 is size / 2, a power of two.
func (x *exec) pow2NonNeg(e protocol.Expr) bool {
	_, ok := x.pow2If(e)
	return ok || nonNegative(e)
}

var bitOps = map[string]protocol.BinOp{"<<": protocol.Shl, ">>": protocol.Shr, "&": protocol.BitAnd, "|": protocol.BitOr, "^": protocol.BitXor}

// uninterpreted applies a pure function the protocol does not model.
func (x *exec) uninterpreted(at protocol.Pos, name string, args ...protocol.Expr) protocol.Expr {
	return &protocol.Call{At: at, Func: x.k.function(name, at), Args: args}
}

// call applies a pure function the IR does not interpret: an integer
// function of integers is uninterpreted (equal arguments, equal results);
// anything else is opaque, as local as its arguments.
func (x *exec) call(e *ir.Call) value {
	var vals []value
	var args []protocol.Expr
	ints := e.T.IsInt()
	for _, a := range e.Args {
		v := x.eval(a)
		vals = append(vals, v)
		if i, ok := v.(intVal); ok {
			args = append(args, i.e)
		} else {
			ints = false
		}
	}
	if !ints {
		o := x.opaque(vals...)
		if e.T.IsInt() {
			return intVal{x.freshInt(e.At, "", o.local, o.block)}
		}
		return o
	}
	if len(args) == 0 {
		return intVal{x.freshInt(e.At, e.Func, false, false)}
	}
	if v, ok := x.intrinsic(e, args); ok {
		return intVal{v}
	}
	return intVal{x.uninterpreted(e.At, e.Func, args...)}
}

// maskBits is a & c for a non-negative a and a constant c with few bits
// set: the sum over the bits b of c of 2^b * ((a / 2^b) mod 2).
func maskBits(at protocol.Pos, a protocol.Expr, c int64, nonneg bool) (protocol.Expr, bool) {
	if !nonneg || c <= 0 || c >= 1<<31 || bits.OnesCount64(uint64(c)) > 4 {
		return nil, false
	}
	var sum protocol.Expr = lit(at, 0)
	for b := 0; b < 31; b++ {
		if c&(1<<b) == 0 {
			continue
		}
		bit := mod(at, div(at, a, lit(at, 1<<b)), lit(at, 2))
		sum = add(at, sum, mul(at, bit, lit(at, 1<<b)))
	}
	return sum, true
}

// modPow2 is a & (2^k - 1).
func modPow2(at protocol.Pos, a protocol.Expr, k int, nonneg bool) protocol.Expr {
	p := lit(at, 1<<k)
	if nonneg {
		return mod(at, a, p)
	}
	return ite(at, cmp(at, protocol.Ge, a, lit(at, 0)), mod(at, a, p), mod(at, add(at, mod(at, a, p), p), p))
}

// lowMask reports whether c is 2^k - 1 for 0 < k < 62.
func lowMask(c int64) (int, bool) {
	for k := 1; k < 62; k++ {
		if c == 1<<k-1 {
			return k, true
		}
	}
	return 0, false
}

// highMask reports whether c clears exactly the k low bits: ~(2^k - 1) as a
// signed value, or as an unsigned value of the type's width.
func highMask(c int64, t ir.Type) (int, bool) {
	width := t.Size * 8
	if width == 0 || width > 64 {
		width = 32
	}
	for k := 1; k < 62 && int64(k) < width; k++ {
		if c == -(1 << k) {
			return k, true
		}
		if width < 64 && c == int64(uint64(math.MaxUint64>>(64-width))&^uint64(1<<k-1)) {
			return k, true
		}
	}
	return 0, false
}

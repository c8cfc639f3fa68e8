package cudagen

import (
	"math"
	"math/big"
)

// This file is the interpreter's arithmetic of __half (IEEE 754 binary16)
// and __nv_bfloat16: values are held as their bits, every operation
// computes its exact result with math/big (a quotient to 1000 bits, which
// leaves a second rounding innocuous) and rounds it once to the nearest
// value of the format, ties to even, as the hardware's add.f16, mul.bf16
// and fma.rn do. It shares nothing with the oracle's runtime
// (internal/proofs/exec/runtime/drf_half.h), which rounds from double with bit
// operations: the native tests compare the two.

// hformat is a binary format: p significant bits (the leading one
// included), normal exponents emin..emax, ebits bits of exponent field.
type hformat struct {
	p, emin, emax, ebits int
}

var (
	fmtHalf = hformat{p: 11, emin: -14, emax: 15, ebits: 5}
	fmtBF16 = hformat{p: 8, emin: -126, emax: 127, ebits: 8}
)

// formatOf is the format of a half type's values.
func formatOf(t *Type) hformat {
	if t.K == KBF16 {
		return fmtBF16
	}
	return fmtHalf
}

func (f hformat) inf() uint16 { return uint16(((1 << f.ebits) - 1) << (f.p - 1)) }
func (f hformat) signBit() uint16 {
	return uint16(1) << (f.ebits + f.p - 1)
}

// isNaN says whether bits b are a NaN of the format.
func (f hformat) isNaN(b uint16) bool {
	return b&^f.signBit() > f.inf()
}

// value is the exact value of bits b (NaN for a NaN), as a float64, which
// holds every value of both formats exactly.
func (f hformat) value(b uint16) float64 {
	fexp := int(b>>(f.p-1)) & (1<<f.ebits - 1)
	frac := int64(b) & (1<<(f.p-1) - 1)
	var v float64
	switch {
	case fexp == 1<<f.ebits-1 && frac == 0:
		v = math.Inf(1)
	case fexp == 1<<f.ebits-1:
		return math.NaN()
	case fexp == 0:
		v = math.Ldexp(float64(frac), f.emin-(f.p-1))
	default:
		v = math.Ldexp(float64(frac|1<<(f.p-1)), fexp-1+f.emin-(f.p-1))
	}
	if b&f.signBit() != 0 {
		v = -v
	}
	return v
}

// round rounds x (finite, or infinite) to the format, to nearest, ties to
// even: the quantum is 2^(e - p + 1) for a value of exponent e >= emin and
// 2^(emin - p + 1) below (the subnormals); a result beyond the largest
// finite value is an infinity.
func (f hformat) round(x *big.Float) uint16 {
	var sign uint16
	if x.Signbit() {
		sign = f.signBit()
	}
	if x.IsInf() {
		return sign | f.inf()
	}
	if x.Sign() == 0 {
		return sign
	}
	a := new(big.Float).SetPrec(0).Abs(x)
	mant := new(big.Float)
	e := a.MantExp(mant) - 1 // a = 1.m * 2^e
	q := e - (f.p - 1)
	if e < f.emin {
		q = f.emin - (f.p - 1)
	}
	if e > f.emax+1 {
		return sign | f.inf()
	}
	// r = a / 2^q, split into its integer part and its fraction
	r := new(big.Float).SetPrec(a.Prec()+64).SetMantExp(a, -q)
	ip, _ := r.Int(nil)
	frac := new(big.Float).SetPrec(r.Prec()).Sub(r, new(big.Float).SetInt(ip))
	switch frac.Cmp(big.NewFloat(0.5)) {
	case 1:
		ip.Add(ip, big.NewInt(1))
	case 0:
		if ip.Bit(0) == 1 {
			ip.Add(ip, big.NewInt(1))
		}
	}
	n := ip.Int64()
	if e < f.emin {
		return sign | uint16(n) // a subnormal; 2^(p-1) is the smallest normal
	}
	bits := int64(e-f.emin+1)<<(f.p-1) + n - 1<<(f.p-1)
	if bits >= int64(f.inf()) {
		return sign | f.inf()
	}
	return sign | uint16(bits)
}

// exact is x as a big.Float of enough precision for every sum and product
// of values of both formats.
func exact(x float64) *big.Float { return new(big.Float).SetPrec(1000).SetFloat64(x) }

// fromFloat rounds a float64 (a float's value, an integer) to the format.
func (f hformat) fromFloat(x float64) uint16 {
	switch {
	case math.IsNaN(x):
		return f.inf() | 1<<(f.p-2)
	case math.IsInf(x, 0):
		return f.round(new(big.Float).SetInf(x < 0))
	}
	return f.round(exact(x))
}

// op computes a op b (+, -, *, /) exactly and rounds it; ok is false when
// the result is a NaN (inf - inf, 0 * inf, 0 / 0, an operand NaN).
func (f hformat) op(o string, a, b uint16) (uint16, bool) {
	x, y := f.value(a), f.value(b)
	var r float64
	switch o {
	case "+":
		r = x + y
	case "-":
		r = x - y
	case "*":
		r = x * y
	case "/":
		r = x / y
	}
	if math.IsNaN(r) {
		return 0, false
	}
	if math.IsInf(r, 0) || math.IsInf(x, 0) || math.IsInf(y, 0) || o == "/" && y == 0 {
		return f.fromFloat(r), true // an infinite operand or result: exact in float64 too
	}
	X, Y := exact(x), exact(y)
	z := new(big.Float).SetPrec(1000)
	switch o {
	case "+":
		z.Add(X, Y)
	case "-":
		z.Sub(X, Y)
	case "*":
		z.Mul(X, Y)
	case "/":
		z.Quo(X, Y)
	}
	if z.Sign() == 0 {
		// the sign of an exact zero: IEEE gives -0 only for (-0) + (-0),
		// (-0) - (+0), and products and quotients of operands of opposite
		// signs
		neg := false
		switch o {
		case "+":
			neg = math.Signbit(x) && math.Signbit(y)
		case "-":
			neg = math.Signbit(x) && !math.Signbit(y)
		default:
			neg = math.Signbit(x) != math.Signbit(y)
		}
		if neg {
			return f.signBit(), true
		}
		return 0, true
	}
	return f.round(z), true
}

// fma computes a * b + c exactly and rounds it once.
func (f hformat) fma(a, b, c uint16) (uint16, bool) {
	x, y, w := f.value(a), f.value(b), f.value(c)
	r := x*y + w
	if math.IsNaN(r) || math.IsNaN(x*y) {
		return 0, false
	}
	if math.IsInf(x, 0) || math.IsInf(y, 0) || math.IsInf(w, 0) {
		return f.fromFloat(r), true
	}
	z := new(big.Float).SetPrec(1000).Mul(exact(x), exact(y))
	p := math.Signbit(x) != math.Signbit(y) // the sign of the product, if zero
	z.Add(z, exact(w))
	if z.Sign() == 0 {
		if x*y == 0 && w == 0 && p && math.Signbit(w) {
			return f.signBit(), true
		}
		return 0, true
	}
	return f.round(z), true
}

// toInt converts a value to int, truncating (rz) or to nearest even (rn),
// saturating and giving 0 for NaN, as cvt.rzi.s32 and cvt.rni.s32 do.
func (f hformat) toInt(b uint16, rn bool) int64 {
	x := f.value(b)
	if math.IsNaN(x) {
		return 0
	}
	if rn {
		x = math.RoundToEven(x)
	} else {
		x = math.Trunc(x)
	}
	return int64(max(min(x, math.MaxInt32), math.MinInt32))
}

package eval

import (
	"math"

	"github.com/drfcheck/drfcheck/protocol"
)

// add returns x + y and whether it fits in an int64.
func add(x, y int64) (int64, bool) {
	if y > 0 && x > math.MaxInt64-y || y < 0 && x < math.MinInt64-y {
		return 0, false
	}
	return x + y, true
}

// sub returns x - y and whether it fits in an int64.
func sub(x, y int64) (int64, bool) {
	if y < 0 && x > math.MaxInt64+y || y > 0 && x < math.MinInt64+y {
		return 0, false
	}
	return x - y, true
}

// mul returns x * y and whether it fits in an int64.
func mul(x, y int64) (int64, bool) {
	if x == 0 || y == 0 {
		return 0, true
	}
	if x == -1 && y == math.MinInt64 || y == -1 && x == math.MinInt64 {
		return 0, false
	}
	r := x * y
	if r/y != x {
		return 0, false
	}
	return r, true
}

// binop evaluates x op y exactly, failing at pos on overflow and on division
// or remainder by zero. Go's / and % are C's: the quotient truncates toward
// zero and the remainder has the sign of the dividend.
func binop(pos protocol.Pos, op protocol.BinOp, x, y int64) int64 {
	var r int64
	ok := true
	switch op {
	case protocol.Add:
		r, ok = add(x, y)
	case protocol.Sub:
		r, ok = sub(x, y)
	case protocol.Mul:
		r, ok = mul(x, y)
	case protocol.Div, protocol.Mod:
		switch {
		case y == 0 && op == protocol.Div:
			fail(pos, "division by zero: %d / 0", x)
		case y == 0:
			fail(pos, "remainder by zero: %d %% 0", x)
		case op == protocol.Div:
			ok = !(x == math.MinInt64 && y == -1)
			r = x / y
		default:
			r = x % y // MinInt64 % -1 is 0 in Go, as in exact arithmetic
		}
	case protocol.BitAnd:
		r = x & y
	case protocol.BitOr:
		r = x | y
	case protocol.BitXor:
		r = x ^ y
	case protocol.Shr:
		if y < 0 {
			fail(pos, "negative shift count: %d >> %d", x, y)
		}
		r = x >> y // 0 or -1 past 63, as Go's
	case protocol.Shl:
		if y < 0 || y > 62 {
			fail(pos, "shift count %d out of range 0..62: %d << %d", y, x, y)
		}
		r = x << y
		ok = r>>y == x
	default:
		fail(pos, "unknown operator %d", op)
	}
	if !ok {
		fail(pos, "integer overflow in %d %s %d", x, op, y)
	}
	return r
}

// Fold is x op y as the reference semantics computes it, and false where
// it fails (an overflow, a division or remainder by zero, a shift count
// out of its range): what may replace the operation by its value in a
// protocol without changing a single run of it.
func Fold(op protocol.BinOp, x, y int64) (r int64, ok bool) {
	err := try(func() { r = binop(protocol.Pos{}, op, x, y) })
	return r, err == nil
}

// Compare is x op y; false for an operator that is not a comparison.
func Compare(op protocol.CmpOp, x, y int64) (v, ok bool) {
	switch op {
	case protocol.Eq:
		return x == y, true
	case protocol.Ne:
		return x != y, true
	case protocol.Lt:
		return x < y, true
	case protocol.Le:
		return x <= y, true
	case protocol.Gt:
		return x > y, true
	case protocol.Ge:
		return x >= y, true
	}
	return false, false
}

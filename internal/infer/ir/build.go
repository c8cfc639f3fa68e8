package ir

import (
	"strconv"

	"github.com/drfcheck/drfcheck/protocol"
)

// Smart constructors: they fold constants so that addresses read as C
// programmers write them ([A + 4*i], not [A + (0 + i*4)]).

// add returns x + y over 64-bit offsets.
func add(at protocol.Pos, x, y Expr) Expr {
	cx, xc := x.(*Const)
	cy, yc := y.(*Const)
	switch {
	case xc && yc && cx.T.Kind != Float && cy.T.Kind != Float:
		return i64(at, cx.Int+cy.Int)
	case xc && cx.Int == 0 && cx.T.Kind != Float:
		return y
	case yc && cy.Int == 0 && cy.T.Kind != Float:
		return x
	}
	if yc {
		// (e + c1) + c2 is e + (c1 + c2)
		if b, ok := x.(*Binary); ok && b.Op == "+" {
			if c1, ok := b.Y.(*Const); ok {
				return add(at, b.X, i64(at, c1.Int+cy.Int))
			}
		}
		if cy.Int < 0 {
			return &Binary{At: at, Op: "-", X: x, Y: i64(at, -cy.Int), T: I64}
		}
	}
	if xc && !yc {
		return add(at, y, x)
	}
	return &Binary{At: at, Op: "+", X: x, Y: y, T: I64}
}

// mul returns x * k for a constant k, written k*x.
func mulConst(at protocol.Pos, x Expr, k int64) Expr {
	if c, ok := x.(*Const); ok && c.T.Kind != Float {
		return i64(at, c.Int*k)
	}
	switch k {
	case 0:
		return i64(at, 0)
	case 1:
		return x
	}
	if b, ok := x.(*Binary); ok && b.Op == "*" {
		if c, ok := b.X.(*Const); ok && c.T.Kind != Float {
			return mulConst(at, b.Y, c.Int*k) // k * (c * e) is (k c) * e
		}
	}
	return &Binary{At: at, Op: "*", X: i64(at, k), Y: x, T: I64}
}

// mkSelect returns c ? x : y, folding constant conditions and equal
// constant arms.
func mkSelect(at protocol.Pos, c, x, y Expr) Expr {
	if k, ok := c.(*Const); ok {
		if k.Int != 0 {
			return x
		}
		return y
	}
	if a, ok := x.(*Const); ok {
		if b, ok := y.(*Const); ok && a.Int == b.Int && a.Float == b.Float && a.T == b.T {
			return x
		}
	}
	if a, ok := x.(*Ref); ok {
		if b, ok := y.(*Ref); ok && a.Var == b.Var {
			return x
		}
	}
	return &Select{At: at, Cond: c, X: x, Y: y, T: x.Type()}
}

// and returns x && y of conditions, either of which may be nil (true).
func and(at protocol.Pos, x, y Expr) Expr {
	switch {
	case x == nil:
		return y
	case y == nil:
		return x
	}
	return &Binary{At: at, Op: "&&", X: x, Y: y, T: BoolT}
}

func not(at protocol.Pos, x Expr) Expr {
	if k, ok := x.(*Const); ok {
		return &Const{At: at, T: BoolT, Int: b2i(k.Int == 0)}
	}
	if u, ok := x.(*Unary); ok && u.Op == "!" {
		return u.X
	}
	if b, ok := x.(*Binary); ok {
		if neg, ok := negated[b.Op]; ok {
			return &Binary{At: b.At, Op: neg, X: b.X, Y: b.Y, T: BoolT}
		}
	}
	return &Unary{At: at, Op: "!", X: x, T: BoolT}
}

var negated = map[string]string{"==": "!=", "!=": "==", "<": ">=", ">=": "<", ">": "<=", "<=": ">"}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// convert returns x converted to t: nothing when the types agree, a
// comparison with zero for bool, a folded constant, or a Convert.
func convert(at protocol.Pos, x Expr, t Type) Expr {
	from := x.Type()
	if from == t || t.Kind == Void {
		return x
	}
	if t.Kind == Bool {
		if c, ok := x.(*Convert); ok && c.X.Type().Kind == Bool {
			return c.X // a condition converted to int and back
		}
		if from.Kind == Float {
			return &Binary{At: at, Op: "!=", X: x, Y: &Const{At: at, T: from, Float: "0"}, T: BoolT}
		}
		if c, ok := x.(*Const); ok {
			return &Const{At: at, T: BoolT, Int: b2i(c.Int != 0)}
		}
		return &Binary{At: at, Op: "!=", X: x, Y: &Const{At: at, T: from, Int: 0}, T: BoolT}
	}
	if c, ok := x.(*Const); ok && t.Kind == Int && from.Kind != Float {
		return &Const{At: at, T: t, Int: wrap(c.Int, t)}
	}
	if c, ok := x.(*Const); ok && t.Kind == Float && from.Kind != Float {
		return &Const{At: at, T: t, Float: strconv.FormatInt(c.Int, 10)}
	}
	return &Convert{At: at, To: t, X: x}
}

// wrap is v converted to an integer type: its residue modulo 2^width, in
// the type's range.
func wrap(v int64, t Type) int64 {
	bits := uint(t.Size * 8)
	if bits >= 64 || bits == 0 {
		return v
	}
	m := v & (1<<bits - 1)
	if t.Signed && m >= 1<<(bits-1) {
		m -= 1 << bits
	}
	return m
}

package symexec

import (
	"math"

	"github.com/drfcheck/drfcheck/protocol"
)

// Constructors of protocol expressions and conditions that fold constants
// and drop neutral elements, so that inferred protocols read like the
// kernel: tid + 0 is tid, true && c is c. Positions are those of the C
// operator.

func lit(at protocol.Pos, v int64) protocol.Expr { return &protocol.IntLit{At: at, Value: v} }

func litValue(e protocol.Expr) (int64, bool) {
	if l, ok := e.(*protocol.IntLit); ok {
		return l.Value, true
	}
	return 0, false
}

func isLit(e protocol.Expr, v int64) bool {
	x, ok := litValue(e)
	return ok && x == v
}

func add(at protocol.Pos, x, y protocol.Expr) protocol.Expr {
	return combine(at, x, y, 1)
}

func sub(at protocol.Pos, x, y protocol.Expr) protocol.Expr {
	return combine(at, x, y, -1)
}

// term is a summand of a linear combination: c * e, or the constant c when
// e is nil.
type term struct {
	e protocol.Expr
	c int64
}

// combine returns x + sign*y as a linear combination of its summands with
// like terms collected: (n - 1) + 1 is n, i + i is i * 2. It keeps the
// order in which the summands first appear and the constant last.
func combine(at protocol.Pos, x, y protocol.Expr, sign int64) protocol.Expr {
	var ts []term
	ok := summands(x, 1, &ts) && summands(y, sign, &ts)
	if !ok {
		op := protocol.Add
		if sign < 0 {
			op = protocol.Sub
		}
		return &protocol.Binary{At: at, Op: op, X: x, Y: y}
	}
	var k int64
	var out []term
	for _, t := range ts {
		if t.e == nil {
			if addOverflows(k, t.c) {
				return &protocol.Binary{At: at, Op: map[bool]protocol.BinOp{true: protocol.Add, false: protocol.Sub}[sign > 0], X: x, Y: y}
			}
			k += t.c
			continue
		}
		merged := false
		for i := range out {
			if equal(out[i].e, t.e) {
				if addOverflows(out[i].c, t.c) {
					return &protocol.Binary{At: at, Op: map[bool]protocol.BinOp{true: protocol.Add, false: protocol.Sub}[sign > 0], X: x, Y: y}
				}
				out[i].c += t.c
				merged = true
				break
			}
		}
		if !merged {
			out = append(out, t)
		}
	}
	var e protocol.Expr
	for _, t := range out {
		switch {
		case t.c == 0:
		case e == nil && t.c == 1:
			e = t.e
		case e == nil && t.c == -1:
			e = &protocol.Neg{At: at, X: t.e}
		case e == nil:
			e = &protocol.Binary{At: at, Op: protocol.Mul, X: t.e, Y: lit(at, t.c)}
		case t.c == 1:
			e = &protocol.Binary{At: at, Op: protocol.Add, X: e, Y: t.e}
		case t.c == -1:
			e = &protocol.Binary{At: at, Op: protocol.Sub, X: e, Y: t.e}
		case t.c > 0:
			e = &protocol.Binary{At: at, Op: protocol.Add, X: e, Y: &protocol.Binary{At: at, Op: protocol.Mul, X: t.e, Y: lit(at, t.c)}}
		default:
			e = &protocol.Binary{At: at, Op: protocol.Sub, X: e, Y: &protocol.Binary{At: at, Op: protocol.Mul, X: t.e, Y: lit(at, -t.c)}}
		}
	}
	switch {
	case e == nil:
		return lit(at, k)
	case k > 0:
		return &protocol.Binary{At: at, Op: protocol.Add, X: e, Y: lit(at, k)}
	case k < 0 && k != math.MinInt64:
		return &protocol.Binary{At: at, Op: protocol.Sub, X: e, Y: lit(at, -k)}
	case k < 0:
		return &protocol.Binary{At: at, Op: protocol.Add, X: e, Y: lit(at, k)}
	}
	return e
}

// summands appends the summands of c * e to ts.
func summands(e protocol.Expr, c int64, ts *[]term) bool {
	switch e := e.(type) {
	case *protocol.IntLit:
		if abs(e.Value) >= 1<<40 || abs(c) >= 1<<20 {
			return false
		}
		*ts = append(*ts, term{c: c * e.Value})
		return true
	case *protocol.Binary:
		switch e.Op {
		case protocol.Add:
			return summands(e.X, c, ts) && summands(e.Y, c, ts)
		case protocol.Sub:
			return summands(e.X, c, ts) && summands(e.Y, -c, ts)
		case protocol.Mul:
			if k, ok := litValue(e.Y); ok && abs(k) < 1<<20 && abs(c) < 1<<20 {
				return summands(e.X, c*k, ts)
			}
			if k, ok := litValue(e.X); ok && abs(k) < 1<<20 && abs(c) < 1<<20 {
				return summands(e.Y, c*k, ts)
			}
		}
	case *protocol.Neg:
		return summands(e.X, -c, ts)
	}
	*ts = append(*ts, term{e: e, c: c})
	return true
}

func addOverflows(a, b int64) bool {
	return b > 0 && a > math.MaxInt64-b || b < 0 && a < math.MinInt64-b
}

func mul(at protocol.Pos, x, y protocol.Expr) protocol.Expr {
	a, aok := litValue(x)
	b, bok := litValue(y)
	switch {
	case aok && bok && abs(a) < 1<<31 && abs(b) < 1<<31:
		return lit(at, a*b)
	case aok && a == 0, bok && b == 0:
		return lit(at, 0)
	case aok && a == 1:
		return y
	case bok && b == 1:
		return x
	}
	return &protocol.Binary{At: at, Op: protocol.Mul, X: x, Y: y}
}

func abs(a int64) int64 {
	if a < 0 {
		return -a
	}
	return a
}

func div(at protocol.Pos, x, y protocol.Expr) protocol.Expr {
	a, aok := litValue(x)
	b, bok := litValue(y)
	switch {
	case aok && bok && b != 0 && !(a == -1<<63 && b == -1):
		return lit(at, a/b)
	case bok && b == 1:
		return x
	}
	if bok && b > 0 {
		if q, ok := exactDiv(x, b); ok {
			return q
		}
	}
	return &protocol.Binary{At: at, Op: protocol.Div, X: x, Y: y}
}

// exactDiv divides e by k when e is syntactically a multiple of k (k * e',
// e' * k, or a sum of such terms), which makes C's truncating division
// exact whatever the sign.
func exactDiv(e protocol.Expr, k int64) (protocol.Expr, bool) {
	switch e := e.(type) {
	case *protocol.IntLit:
		if e.Value%k == 0 {
			return lit(e.At, e.Value/k), true
		}
	case *protocol.Binary:
		switch e.Op {
		case protocol.Mul:
			if c, ok := litValue(e.X); ok && c%k == 0 {
				return mul(e.At, lit(e.At, c/k), e.Y), true
			}
			if c, ok := litValue(e.Y); ok && c%k == 0 {
				return mul(e.At, e.X, lit(e.At, c/k)), true
			}
			if q, ok := exactDiv(e.X, k); ok {
				return mul(e.At, q, e.Y), true
			}
			if q, ok := exactDiv(e.Y, k); ok {
				return mul(e.At, e.X, q), true
			}
		case protocol.Add, protocol.Sub:
			qx, okx := exactDiv(e.X, k)
			qy, oky := exactDiv(e.Y, k)
			if okx && oky {
				if e.Op == protocol.Add {
					return add(e.At, qx, qy), true
				}
				return sub(e.At, qx, qy), true
			}
		}
	case *protocol.Neg:
		if q, ok := exactDiv(e.X, k); ok {
			return neg(e.At, q), true
		}
	}
	return nil, false
}

func mod(at protocol.Pos, x, y protocol.Expr) protocol.Expr {
	a, aok := litValue(x)
	b, bok := litValue(y)
	switch {
	case aok && bok && b != 0 && !(a == -1<<63 && b == -1):
		return lit(at, a%b)
	case bok && (b == 1 || b == -1):
		return lit(at, 0)
	}
	return &protocol.Binary{At: at, Op: protocol.Mod, X: x, Y: y}
}

func neg(at protocol.Pos, x protocol.Expr) protocol.Expr {
	if a, ok := litValue(x); ok && a != -1<<63 {
		return lit(at, -a)
	}
	if n, ok := x.(*protocol.Neg); ok {
		return n.X
	}
	return &protocol.Neg{At: at, X: x}
}

func ite(at protocol.Pos, c protocol.Cond, x, y protocol.Expr) protocol.Expr {
	if b, ok := c.(*protocol.BoolLit); ok {
		if b.Value {
			return x
		}
		return y
	}
	if equal(x, y) {
		return x
	}
	return &protocol.Ite{At: at, Cond: c, Then: x, Else: y}
}

func minExpr(at protocol.Pos, x, y protocol.Expr) protocol.Expr {
	return ite(at, cmp(at, protocol.Lt, x, y), x, y)
}

func maxExpr(at protocol.Pos, x, y protocol.Expr) protocol.Expr {
	return ite(at, cmp(at, protocol.Gt, x, y), x, y)
}

// ---- conditions ----

func boolLit(at protocol.Pos, v bool) protocol.Cond { return &protocol.BoolLit{At: at, Value: v} }

func isTrue(c protocol.Cond) bool {
	b, ok := c.(*protocol.BoolLit)
	return c == nil || ok && b.Value
}

func isFalse(c protocol.Cond) bool {
	b, ok := c.(*protocol.BoolLit)
	return ok && !b.Value
}

func cmp(at protocol.Pos, op protocol.CmpOp, x, y protocol.Expr) protocol.Cond {
	a, aok := litValue(x)
	b, bok := litValue(y)
	if aok && bok {
		var v bool
		switch op {
		case protocol.Eq:
			v = a == b
		case protocol.Ne:
			v = a != b
		case protocol.Lt:
			v = a < b
		case protocol.Le:
			v = a <= b
		case protocol.Gt:
			v = a > b
		default:
			v = a >= b
		}
		return boolLit(at, v)
	}
	if equal(x, y) {
		switch op {
		case protocol.Eq, protocol.Le, protocol.Ge:
			return boolLit(at, true)
		default:
			return boolLit(at, false)
		}
	}
	return &protocol.Cmp{At: at, Op: op, X: x, Y: y}
}

var negatedCmp = map[protocol.CmpOp]protocol.CmpOp{
	protocol.Eq: protocol.Ne, protocol.Ne: protocol.Eq,
	protocol.Lt: protocol.Ge, protocol.Ge: protocol.Lt,
	protocol.Gt: protocol.Le, protocol.Le: protocol.Gt,
}

func not(at protocol.Pos, c protocol.Cond) protocol.Cond {
	switch c := c.(type) {
	case nil:
		return boolLit(at, false)
	case *protocol.BoolLit:
		return boolLit(at, !c.Value)
	case *protocol.Not:
		return c.X
	case *protocol.Cmp:
		return &protocol.Cmp{At: c.At, Op: negatedCmp[c.Op], X: c.X, Y: c.Y}
	}
	return &protocol.Not{At: at, X: c}
}

// and returns x && y; a nil condition is true.
func and(at protocol.Pos, x, y protocol.Cond) protocol.Cond {
	switch {
	case isTrue(x):
		if y == nil {
			return boolLit(at, true)
		}
		return y
	case isTrue(y):
		return x
	case isFalse(x) || isFalse(y):
		return boolLit(at, false)
	case equal(x, y):
		return x
	}
	return &protocol.Logic{At: at, Op: protocol.And, X: x, Y: y}
}

// or returns x || y; a nil condition is true.
func or(at protocol.Pos, x, y protocol.Cond) protocol.Cond {
	switch {
	case isTrue(x) || isTrue(y):
		return boolLit(at, true)
	case isFalse(x):
		return y
	case isFalse(y):
		return x
	case equal(x, y):
		return x
	case complementary(x, y):
		return boolLit(at, true)
	}
	// (a && b) || (a && !b) is a: common when paths that split on b join.
	if lx, ok := x.(*protocol.Logic); ok && lx.Op == protocol.And {
		if ly, ok := y.(*protocol.Logic); ok && ly.Op == protocol.And && equal(lx.X, ly.X) && complementary(lx.Y, ly.Y) {
			return lx.X
		}
	}
	return &protocol.Logic{At: at, Op: protocol.Or, X: x, Y: y}
}

// complementary reports whether y is syntactically the negation of x.
func complementary(x, y protocol.Cond) bool {
	return equal(not(x.Pos(), x), y) || equal(x, not(y.Pos(), y))
}

// condExpr turns a condition into the C integer 1 or 0.
func condExpr(at protocol.Pos, c protocol.Cond) protocol.Expr {
	if b, ok := c.(*protocol.BoolLit); ok {
		if b.Value {
			return lit(at, 1)
		}
		return lit(at, 0)
	}
	return &protocol.Ite{At: at, Cond: c, Then: lit(at, 1), Else: lit(at, 0)}
}

// exprCond turns a C integer into a condition: nonzero is true.
func exprCond(at protocol.Pos, e protocol.Expr) protocol.Cond {
	if it, ok := e.(*protocol.Ite); ok {
		a, aok := litValue(it.Then)
		b, bok := litValue(it.Else)
		if aok && bok {
			switch {
			case a != 0 && b == 0:
				return it.Cond
			case a == 0 && b != 0:
				return not(at, it.Cond)
			case a != 0 && b != 0:
				return boolLit(at, true)
			default:
				return boolLit(at, false)
			}
		}
	}
	return cmp(at, protocol.Ne, e, lit(at, 0))
}

// nonNegative reports whether e is syntactically known to be at least 0:
// literals, the built-in indices and sizes, and sums, products, quotients
// and remainders of such.
//
// Like every syntactic fact here it is looked for in factBudget nodes of
// e at most: beyond them it is not known, which only costs precision (a
// wrapped value's general form), and keeps a chain of n statements that
// each test the last value (a hash) from costing n^2, or 2^n when both
// arms of a conditional lead to the previous value.
func nonNegative(e protocol.Expr) bool {
	return bounded(e, nonNegativeRec)
}

// factBudget is how many nodes a syntactic fact is looked for in.
const factBudget = 256

// bounded decides a recursive predicate within factBudget nodes, false
// beyond them.
func bounded(e protocol.Expr, rec func(self func(protocol.Expr) bool, e protocol.Expr) bool) bool {
	budget := factBudget
	var self func(protocol.Expr) bool
	self = func(e protocol.Expr) bool {
		if budget--; budget < 0 {
			return false
		}
		return rec(self, e)
	}
	return self(e)
}

func nonNegativeRec(self func(protocol.Expr) bool, e protocol.Expr) bool {
	switch e := e.(type) {
	case *protocol.IntLit:
		return e.Value >= 0
	case *protocol.Builtin:
		return true
	case *protocol.Binary:
		switch e.Op {
		case protocol.Add, protocol.Mul, protocol.Div, protocol.Mod, protocol.BitOr, protocol.BitXor, protocol.Shl, protocol.Shr:
			return self(e.X) && self(e.Y)
		case protocol.BitAnd:
			return self(e.X) || self(e.Y)
		}
	case *protocol.Ite:
		return self(e.Then) && self(e.Else)
	}
	return false
}

// positive reports whether e is syntactically known to be at least 1.
func positive(e protocol.Expr) bool {
	return bounded(e, positiveRec)
}

func positiveRec(self func(protocol.Expr) bool, e protocol.Expr) bool {
	switch e := e.(type) {
	case *protocol.IntLit:
		return e.Value >= 1
	case *protocol.Builtin:
		return e.Kind == protocol.BlockDim || e.Kind == protocol.GridDim
	case *protocol.Binary:
		switch e.Op {
		case protocol.Add:
			return self(e.X) && nonNegative(e.Y) || nonNegative(e.X) && self(e.Y)
		case protocol.Mul:
			return self(e.X) && self(e.Y)
		}
	case *protocol.Ite:
		return self(e.Then) && self(e.Else)
	}
	return false
}

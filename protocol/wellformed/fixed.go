package wellformed

import (
	"math"

	"github.com/drfcheck/drfcheck/protocol"
	"github.com/drfcheck/drfcheck/protocol/eval"
)

// specialize replaces each parameter that the preconditions fix to a single
// value (assume n == 1024, or 1024 <= n && n <= 1024, as the CUDA front end
// writes a constant it knows) by that value in the statements, and folds
// what becomes constant. A fixed parameter left as a constant of the
// formula makes every product with it nonlinear for the integer encoding
// and a 64-bit multiplier for the bit-vector one: the index
// n * row + col with n known took either encoding more than a minute where
// 1024 * row + col takes milliseconds. Every run satisfies the
// preconditions, so in every run the parameter is that value and the
// statements mean what they meant; the preconditions themselves are kept
// as they are, so that a witness still names the parameter's value and
// replays against the original protocol.
func specialize(pre []protocol.Cond, body []protocol.Stmt, info *protocol.Info) []protocol.Stmt {
	sub := protocol.Subst{}
	for name, v := range fixedParams(pre, info) {
		sub[name] = &protocol.IntLit{Value: v}
	}
	out, _ := sub.Stmts(body)
	for i, s := range out {
		out[i] = foldStmt(s)
	}
	return out
}

// fixedParams returns the parameters that the conjuncts of pre bound above
// and below by one value. Contradictory bounds (no run at all) fix
// nothing: there is nothing to specialize.
func fixedParams(pre []protocol.Cond, info *protocol.Info) map[string]int64 {
	lo, hi := map[string]int64{}, map[string]int64{}
	bound := func(m map[string]int64, name string, v int64, keep func(a, b int64) bool) {
		if old, ok := m[name]; !ok || keep(v, old) {
			m[name] = v
		}
	}
	tighter := func(a, b int64) bool { return a > b }
	looser := func(a, b int64) bool { return a < b }
	for _, c := range conjuncts(pre) {
		name, op, v, ok := paramBound(c, info)
		if !ok {
			continue
		}
		switch op {
		case protocol.Eq:
			bound(lo, name, v, tighter)
			bound(hi, name, v, looser)
		case protocol.Ge:
			bound(lo, name, v, tighter)
		case protocol.Gt:
			if v < math.MaxInt64 {
				bound(lo, name, v+1, tighter)
			}
		case protocol.Le:
			bound(hi, name, v, looser)
		case protocol.Lt:
			if v > math.MinInt64 {
				bound(hi, name, v-1, looser)
			}
		}
	}
	fixed := map[string]int64{}
	for name, l := range lo {
		if h, ok := hi[name]; ok && h == l {
			fixed[name] = l
		}
	}
	return fixed
}

// conjuncts flattens the conjunctions of cs.
func conjuncts(cs []protocol.Cond) []protocol.Cond {
	var out []protocol.Cond
	var walk func(c protocol.Cond)
	walk = func(c protocol.Cond) {
		if l, ok := c.(*protocol.Logic); ok && l.Op == protocol.And {
			walk(l.X)
			walk(l.Y)
			return
		}
		out = append(out, c)
	}
	for _, c := range cs {
		walk(c)
	}
	return out
}

// paramBound matches a comparison of a parameter with a literal, either
// way round, as name op v.
func paramBound(c protocol.Cond, info *protocol.Info) (name string, op protocol.CmpOp, v int64, ok bool) {
	cmp, isCmp := c.(*protocol.Cmp)
	if !isCmp {
		return "", 0, 0, false
	}
	x, y, op := cmp.X, cmp.Y, cmp.Op
	if _, lit := x.(*protocol.IntLit); lit {
		x, y, op = y, x, flip(op)
	}
	p, isVar := x.(*protocol.Var)
	l, isLit := y.(*protocol.IntLit)
	if !isVar || !isLit || info.Kinds[p.Name] != protocol.Param {
		return "", 0, 0, false
	}
	return p.Name, op, l.Value, true
}

// flip is the comparison with its operands swapped: c < x is x > c.
func flip(op protocol.CmpOp) protocol.CmpOp {
	switch op {
	case protocol.Lt:
		return protocol.Gt
	case protocol.Le:
		return protocol.Ge
	case protocol.Gt:
		return protocol.Lt
	case protocol.Ge:
		return protocol.Le
	}
	return op
}

// foldStmt folds the expressions and conditions of a statement.
func foldStmt(st protocol.Stmt) protocol.Stmt {
	switch st := st.(type) {
	case *protocol.Access:
		a := *st
		a.Index = foldExprs(st.Index)
		if st.Value != nil {
			a.Value = foldExpr(st.Value)
		}
		if st.Loops != nil {
			a.Loops = make([]protocol.LoopValue, len(st.Loops))
			for i, l := range st.Loops {
				a.Loops[i] = protocol.LoopValue{Name: l.Name, Value: foldExpr(l.Value)}
			}
		}
		return &a
	case *protocol.Loop:
		l := *st
		l.Lo, l.Hi = foldExpr(st.Lo), foldExpr(st.Hi)
		if st.Step != nil {
			l.Step = foldExpr(st.Step)
		}
		l.Body = foldBlock(st.Body)
		return &l
	case *protocol.If:
		return &protocol.If{At: st.At, Cond: foldCond(st.Cond), Then: foldBlock(st.Then), Else: foldBlock(st.Else)}
	case *protocol.Assume:
		return &protocol.Assume{At: st.At, Cond: foldCond(st.Cond)}
	case *protocol.Block:
		return foldBlock(st)
	}
	return st
}

func foldBlock(b *protocol.Block) *protocol.Block {
	if b == nil {
		return nil
	}
	out := &protocol.Block{At: b.At, Stmts: make([]protocol.Stmt, len(b.Stmts))}
	for i, s := range b.Stmts {
		out.Stmts[i] = foldStmt(s)
	}
	return out
}

func foldExprs(es []protocol.Expr) []protocol.Expr {
	out := make([]protocol.Expr, len(es))
	for i, e := range es {
		out[i] = foldExpr(e)
	}
	return out
}

// foldExpr computes the operations whose operands are literals, as the
// reference semantics does (eval.Fold), and chooses the branch of a
// conditional whose condition is: an operation the semantics fails on (an
// overflow) stays, so that folding changes no run. The semantics
// evaluates only the branch chosen, so dropping the other is exact.
func foldExpr(e protocol.Expr) protocol.Expr {
	switch e := e.(type) {
	case *protocol.Neg:
		x := foldExpr(e.X)
		if l, ok := x.(*protocol.IntLit); ok && l.Value != math.MinInt64 {
			return &protocol.IntLit{At: e.At, Value: -l.Value}
		}
		return &protocol.Neg{At: e.At, X: x}
	case *protocol.Binary:
		x, y := foldExpr(e.X), foldExpr(e.Y)
		if a, b, ok := literals(x, y); ok {
			if r, ok := eval.Fold(e.Op, a, b); ok {
				return &protocol.IntLit{At: e.At, Value: r}
			}
		}
		if inner, m, ok := residue(e.Op, x, y); ok {
			return &protocol.Binary{At: e.At, Op: protocol.BitAnd, X: inner, Y: &protocol.IntLit{At: e.At, Value: m - 1}}
		}
		return &protocol.Binary{At: e.At, Op: e.Op, X: x, Y: y}
	case *protocol.Ite:
		c := foldCond(e.Cond)
		if l, ok := c.(*protocol.BoolLit); ok {
			if l.Value {
				return foldExpr(e.Then)
			}
			return foldExpr(e.Else)
		}
		return &protocol.Ite{At: e.At, Cond: c, Then: foldExpr(e.Then), Else: foldExpr(e.Else)}
	case *protocol.Call:
		return &protocol.Call{At: e.At, Func: e.Func, Args: foldExprs(e.Args)}
	}
	return e
}

// literals returns the values of x and y where both are literals.
func literals(x, y protocol.Expr) (int64, int64, bool) {
	a, okA := x.(*protocol.IntLit)
	b, okB := y.(*protocol.IntLit)
	if !okA || !okB {
		return 0, 0, false
	}
	return a.Value, b.Value, true
}

// foldCond decides the comparisons of literals and simplifies the
// connectives with a decided operand. && and || short-circuit in the
// reference semantics, so true && c is c, false && c is false, and so on;
// c && false, where c is evaluated first, is left alone: c may fail.
func foldCond(c protocol.Cond) protocol.Cond {
	switch c := c.(type) {
	case *protocol.Cmp:
		x, y := foldExpr(c.X), foldExpr(c.Y)
		if a, b, ok := literals(x, y); ok {
			if v, ok := eval.Compare(c.Op, a, b); ok {
				return &protocol.BoolLit{At: c.At, Value: v}
			}
		}
		return &protocol.Cmp{At: c.At, Op: c.Op, X: x, Y: y}
	case *protocol.Not:
		x := foldCond(c.X)
		if l, ok := x.(*protocol.BoolLit); ok {
			return &protocol.BoolLit{At: c.At, Value: !l.Value}
		}
		return &protocol.Not{At: c.At, X: x}
	case *protocol.Logic:
		x := foldCond(c.X)
		if l, ok := x.(*protocol.BoolLit); ok {
			if l.Value == (c.Op == protocol.Or) {
				return l // true || c, false && c
			}
			return foldCond(c.Y) // false || c, true && c
		}
		return &protocol.Logic{At: c.At, Op: c.Op, X: x, Y: foldCond(c.Y)}
	}
	return c
}

// residue matches (x % m + m) % m with m = 2^k, k in 1..62, the CUDA front
// end's residue of an unsigned value that may wrap around: C's % keeps
// the dividend's sign, so this is x's residue modulo m, never negative,
// which is x & (m - 1) in two's complement for every int64 x; and x % m + m
// lies strictly between 0 and 2m, so no step of the original can fail
// where x does not. The mask costs either encoding one operation (a
// Euclidean mod, an and) where the two remainders cost the integer
// encoding two case splits each and the bit-vector one two dividers.
func residue(op protocol.BinOp, x, y protocol.Expr) (protocol.Expr, int64, bool) {
	m, ok := y.(*protocol.IntLit)
	if op != protocol.Mod || !ok || m.Value < 2 || m.Value > 1<<62 || m.Value&(m.Value-1) != 0 {
		return nil, 0, false
	}
	sum, ok := x.(*protocol.Binary)
	if !ok || sum.Op != protocol.Add {
		return nil, 0, false
	}
	for _, pair := range [2][2]protocol.Expr{{sum.X, sum.Y}, {sum.Y, sum.X}} {
		rem, ok := pair[0].(*protocol.Binary)
		add, isLit := pair[1].(*protocol.IntLit)
		if !ok || !isLit || rem.Op != protocol.Mod || add.Value != m.Value {
			continue
		}
		if d, ok := rem.Y.(*protocol.IntLit); ok && d.Value == m.Value {
			return rem.X, m.Value, true
		}
	}
	return nil, 0, false
}

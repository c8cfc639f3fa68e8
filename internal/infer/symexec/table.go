package symexec

import (
	"math"

	"github.com/drfcheck/drfcheck/internal/infer/ir"
	"github.com/drfcheck/drfcheck/protocol"
)

// Multiplicative loops with a known first value (for (d = 256; d > 0;
// d >>= 1), for (s = n / 2; s > 0; s >>= 1) under __requires(n == 64))
// take a finite sequence of values that this run computes: v_0 = lo,
// v_{i+1} = v_i * f (or v_i / f), until the loop's condition fails. Such a
// loop is given as a table: in iteration k the variable is v_k, the loop
// runs exactly as many iterations as there are v_i satisfying its
// condition (they come first: the values move monotonically toward the
// bound), and after it the variable holds the first v_i that fails it. The
// variables that every iteration multiplies or divides by a constant beside
// it (offset *= 2 beside d >>= 1, offset >>= 1 beside d *= 2, as in the
// GPU Gems scan) are tables too. Without the table, the iteration count and
// the values are unrelated: the last iteration of a halving loop may see
// d == 2, and an access after the loop races with it.
//
// Exactness. The sequence is C's: a first value that is a constant (or
// that the preconditions fix, constValue), multiplied without leaving the
// variable's type (else no table), divided only from a non-negative value
// (C's / and >> agree there, both floor); the table ends at a value that
// fails the condition for every value of the bound (its range), so the
// count is exact whatever the bound.

// maxTable bounds the length of a table.
const maxTable = 64

// constValue returns the value of e when it is one number in every run:
// a literal, or a name whose range is a single value (a parameter that a
// precondition fixes: __requires(n == 64)), combined by the protocol's
// operators, evaluated as the protocol's semantics does (protocol/eval).
func (x *exec) constValue(e protocol.Expr) (int64, bool) {
	const big = int64(1) << 61
	fits := func(v int64) (int64, bool) { return v, -big < v && v < big }
	switch e := e.(type) {
	case *protocol.IntLit:
		return fits(e.Value)
	case *protocol.Var:
		r, ok := x.k.ranges[e.Name]
		if ok && r.lo == r.hi && r.lo > -inf && r.hi < inf {
			return fits(r.lo)
		}
	case *protocol.Builtin:
		// blockDim or gridDim where the block or grid size is given
		if r := x.k.builtinRange(e); r.lo == r.hi {
			return fits(r.lo)
		}
	case *protocol.Neg:
		if v, ok := x.constValue(e.X); ok {
			return fits(-v)
		}
	case *protocol.Ite:
		c, ok := x.constCond(e.Cond)
		if !ok {
			return 0, false
		}
		if c {
			return x.constValue(e.Then)
		}
		return x.constValue(e.Else)
	case *protocol.Binary:
		a, ok1 := x.constValue(e.X)
		b, ok2 := x.constValue(e.Y)
		if !ok1 || !ok2 {
			return 0, false
		}
		switch e.Op {
		case protocol.Add:
			return fits(a + b)
		case protocol.Sub:
			return fits(a - b)
		case protocol.Mul:
			if a != 0 && (abs(a) >= big || abs(b) >= big/abs(a)) {
				return 0, false
			}
			return fits(a * b)
		case protocol.Div:
			if b == 0 {
				return 0, false
			}
			return fits(a / b)
		case protocol.Mod:
			if b == 0 {
				return 0, false
			}
			return fits(a % b)
		case protocol.BitAnd:
			return fits(a & b)
		case protocol.BitOr:
			return fits(a | b)
		case protocol.BitXor:
			return fits(a ^ b)
		case protocol.Shr:
			if b < 0 {
				return 0, false
			}
			return fits(a >> min(b, 63))
		case protocol.Shl:
			if b < 0 || b > 61 || a<<b>>b != a {
				return 0, false
			}
			return fits(a << b)
		}
	}
	return 0, false
}

// constCond is constValue for conditions.
func (x *exec) constCond(c protocol.Cond) (bool, bool) {
	switch c := c.(type) {
	case *protocol.BoolLit:
		return c.Value, true
	case *protocol.Not:
		v, ok := x.constCond(c.X)
		return !v, ok
	case *protocol.Logic:
		a, ok1 := x.constCond(c.X)
		b, ok2 := x.constCond(c.Y)
		if !ok1 || !ok2 {
			return false, false
		}
		if c.Op == protocol.And {
			return a && b, true
		}
		return a || b, true
	case *protocol.Cmp:
		a, ok1 := x.constValue(c.X)
		b, ok2 := x.constValue(c.Y)
		if !ok1 || !ok2 {
			return false, false
		}
		return cmpHolds(c.Op, a, b), true
	}
	return false, false
}

func cmpHolds(op protocol.CmpOp, a, b int64) bool {
	switch op {
	case protocol.Eq:
		return a == b
	case protocol.Ne:
		return a != b
	case protocol.Lt:
		return a < b
	case protocol.Le:
		return a <= b
	case protocol.Gt:
		return a > b
	}
	return a >= b
}

// mayHold reports whether v op b holds for some b in r.
func mayHold(op protocol.CmpOp, v int64, r interval) bool {
	switch op {
	case protocol.Lt:
		return v < r.hi
	case protocol.Le:
		return v <= r.hi
	case protocol.Gt:
		return v > r.lo
	case protocol.Ge:
		return v >= r.lo
	}
	return true
}

// shiftTable computes the table of a multiplicative loop of shape s over
// a variable of type t: v_0 .. v_n, where v_n fails the condition for
// every value of the bound (so the loop never runs an iteration with it),
// or nil when there is none.
func (x *exec) shiftTable(s shape, t ir.Type) []int64 {
	if s.kind != mulShape && s.kind != divShape || s.factor < 2 || !t.IsInt() {
		return nil
	}
	switch s.op {
	case protocol.Lt, protocol.Le, protocol.Gt, protocol.Ge:
	default:
		return nil
	}
	lo, ok := x.constValue(s.lo)
	if !ok {
		return nil
	}
	tr := typeRange(t)
	br := x.rangeOf(s.bound)
	if b, ok := x.constValue(s.bound); ok {
		br = interval{b, b}
	}
	v := lo
	var vals []int64
	for len(vals) < maxTable {
		if v < tr.lo || v > tr.hi || v < 0 || s.kind == mulShape && v == 0 {
			// outside the type (a wrap: no table), a negative value
			// (division and shifts differ there), or a product stuck at 0
			return nil
		}
		vals = append(vals, v)
		if !mayHold(s.op, v, br) {
			return vals
		}
		if s.kind == mulShape {
			if v > math.MaxInt64/4/s.factor {
				return nil
			}
			v *= s.factor
		} else {
			if v == 0 {
				// stuck at 0 while the condition may hold: a loop that
				// may not end
				return nil
			}
			v /= s.factor
		}
	}
	return nil
}

// iterations is the values the variable takes in iterations that may run.
func (s shape) iterValues() []int64 { return s.table[:len(s.table)-1] }

// tripsOf is the number of iterations of a table loop: the number of
// values that satisfy the condition (a prefix of the table).
func tripsOf(at protocol.Pos, s shape) protocol.Expr {
	var n protocol.Expr = lit(at, 0)
	for _, v := range s.iterValues() {
		n = add(at, n, ite(at, cmp(at, s.op, lit(at, v), s.bound), lit(at, 1), lit(at, 0)))
	}
	return n
}

// tableDomain is the condition that e is one of the values of iterations.
func tableDomain(at protocol.Pos, s shape, e protocol.Expr) protocol.Cond {
	var c protocol.Cond
	for _, v := range s.iterValues() {
		is := cmp(at, protocol.Eq, e, lit(at, v))
		if c == nil {
			c = is
		} else {
			c = or(at, c, is)
		}
	}
	return c
}

// tableAt is the i-th entry of vals at the iteration counter k (0-based):
// vals[k] for k < len(vals), the last entry beyond.
func tableAt(at protocol.Pos, k protocol.Expr, vals []protocol.Expr) protocol.Expr {
	e := vals[len(vals)-1]
	for i := len(vals) - 2; i >= 0; i-- {
		e = ite(at, cmp(at, protocol.Eq, k, lit(at, int64(i))), vals[i], e)
	}
	return e
}

// byValue is, at the iteration where the loop variable is v, the entry of
// vals of that iteration (the table's values are distinct: they move
// strictly toward the bound, 0 coming once at the end of a division).
func byValue(at protocol.Pos, s shape, v protocol.Expr, vals []protocol.Expr) protocol.Expr {
	iv := s.iterValues()
	e := vals[len(iv)-1]
	for i := len(iv) - 2; i >= 0; i-- {
		e = ite(at, cmp(at, protocol.Eq, v, lit(at, iv[i])), vals[i], e)
	}
	return e
}

// atExit is, after a table loop left by its condition, the entry of vals
// (one per table value) of the first value that fails the condition.
func atExit(at protocol.Pos, s shape, vals []protocol.Expr) protocol.Expr {
	e := vals[len(s.table)-1]
	for i := len(s.table) - 2; i >= 0; i-- {
		e = ite(at, not(at, cmp(at, s.op, lit(at, s.table[i]), s.bound)), vals[i], e)
	}
	return e
}

// scaled is the sequence a variable takes that every iteration of a table
// loop multiplies (div false) or divides by r, from w0: one entry per
// table value, w0 * r^i or w0 / r^i. A product that leaves int64's safe
// range, or a quotient of a value that may be negative (C's / and >>
// differ there), has none.
func (x *exec) scaled(at protocol.Pos, s shape, w0 protocol.Expr, r int64, div bool, t ir.Type) ([]protocol.Expr, bool) {
	if div && !x.nonNegativeKnown(w0) {
		if c, ok := x.constValue(w0); !ok || c < 0 {
			return nil, false
		}
	}
	out := make([]protocol.Expr, len(s.table))
	p := int64(1)
	for i := range s.table {
		if div {
			out[i] = divExpr(at, w0, p)
		} else {
			out[i] = x.signedResult(mul(at, w0, lit(at, p)), t)
		}
		if p > math.MaxInt32/r {
			if i < len(s.table)-1 {
				return nil, false
			}
			break
		}
		p *= r
	}
	return out, true
}

// saturating is the sequence of a variable that every iteration of a loop
// with an iteration counter (an additive loop, whose trip count may be
// unknown) multiplies or divides by a constant, when the sequence reaches
// a value it keeps: w0 / r^i of a w0 in [0, its type's maximum] is 0 from
// r^i > w0 on, and w0 * 2^(b i) of a 32-bit unsigned type is 0 modulo 2^32
// (C's value, the residue taken where it is seen) from b i >= 32 on. The
// last entry is the value kept (tableAt gives it beyond). The wavelet's
// num_threads >>= 1 and offset <<= 1 beside ++i are exact so.
func (x *exec) saturating(at protocol.Pos, w0 protocol.Expr, sc scale, t ir.Type) ([]protocol.Expr, bool) {
	var out []protocol.Expr
	if sc.div {
		// a value in its type's range is C's value (an unsigned one
		// beyond it would be divided as its residue)
		r := x.rangeOf(w0)
		hi := r.hi
		if r.lo < 0 || !r.within(typeRange(t)) || hi >= 1<<40 {
			return nil, false
		}
		for p := int64(1); p <= hi; p *= sc.r {
			out = append(out, divExpr(at, w0, p))
			if p > hi/sc.r {
				break
			}
		}
		return append(out, lit(at, 0)), true
	}
	// a 32-bit unsigned value is its residue where it is seen (a
	// narrower one is reduced at each assignment, which the table's
	// products are not)
	if !unsigned(t) || t.Size != 4 || sc.r&(sc.r-1) != 0 {
		return nil, false
	}
	for p := int64(1); p < 1<<32; p *= sc.r {
		out = append(out, mul(at, w0, lit(at, p)))
	}
	return append(out, lit(at, 0)), len(out) < maxTable
}

func divExpr(at protocol.Pos, w protocol.Expr, p int64) protocol.Expr {
	return div(at, w, lit(at, p))
}

// ratioStep recognizes next as head * r (a product by a constant r >= 2)
// or head / r (C's / by r, or >> as intOp writes it: floor division,
// head / r when head >= 0): the variables a table loop scales.
func ratioStep(at protocol.Pos, head, next protocol.Expr) (r int64, isDiv, ok bool) {
	if k, ok := ratioOf(intVal{head}, intVal{next}); ok {
		return k, false, true
	}
	b, isBin := next.(*protocol.Binary)
	if isBin && b.Op == protocol.Div && equal(b.X, head) {
		if k, ok := litValue(b.Y); ok && k >= 2 {
			return k, true, true
		}
	}
	if it, ok := next.(*protocol.Ite); ok {
		d, ok := it.Then.(*protocol.Binary)
		if !ok || d.Op != protocol.Div || !equal(d.X, head) {
			return 0, false, false
		}
		k, ok := litValue(d.Y)
		if !ok || k < 2 {
			return 0, false, false
		}
		// exactly the form of >> on a value of unknown sign
		want := ite(at, cmp(at, protocol.Ge, head, lit(at, 0)), div(at, head, lit(at, k)),
			div(at, sub(at, head, lit(at, k-1)), lit(at, k)))
		if equal(next, want) {
			return k, true, true
		}
	}
	return 0, false, false
}

// tableCounter renders a table loop with barriers: a counter k over
// exactly the iterations that run, the variable v_k. The variable stays a
// name (a function of k) with its domain stated, so that the solver can
// decide a query by cases on its values (smtgen/cases.go).
func (x *exec) tableCounter(at protocol.Pos, s shape, placeholder, cname, k string, body []protocol.Stmt) []protocol.Stmt {
	kv := &protocol.Var{At: at, Name: k}
	x.loops = append(x.loops, loopFrame{v: k, local: s.local})
	f := x.freshInt(at, cname, s.local, !s.local && (x.k.isBlock(s.lo) || x.k.isBlock(s.bound)))
	x.loops = x.loops[:len(x.loops)-1]
	iv := s.iterValues()
	r := interval{inf, -inf}
	for _, v := range iv {
		r = interval{min(r.lo, v), max(r.hi, v)}
	}
	// f takes only the table's values (a loop nested in this one whose
	// bounds use f sees the range: k >> 1 > 0 for k >= 2)
	switch f := f.(type) {
	case *protocol.Var:
		x.k.setRange(f.Name, r)
	case *protocol.Call:
		x.k.setRange(f.Func+"()", r)
	}
	// clamped to the table's least value, which changes no value the
	// assumption below allows, but states the bound where the checker of
	// nested loops looks without the assumptions of the body (an inner
	// loop from f / 2 runs at least once when f >= 2)
	f = maxExpr(at, lit(at, r.lo), f)
	vals := make([]protocol.Expr, len(iv))
	for i, v := range iv {
		vals[i] = lit(at, v)
	}
	facts := and(at, tableDomain(at, s, f), cmp(at, protocol.Eq, f, tableAt(at, kv, vals)))
	facts = and(at, facts, cmp(at, s.op, f, s.bound))
	sts, _ := protocol.Subst{placeholder: f}.Stmts(body)
	sts = append([]protocol.Stmt{&protocol.Assume{At: at, Cond: facts}}, sts...)
	return []protocol.Stmt{&protocol.Loop{At: at, Var: k, Lo: lit(at, 0), Hi: tripsOf(at, s), Body: &protocol.Block{At: at, Stmts: sts}}}
}

// tableExit is the value after a table loop of its variable, or of a
// variable it scales (entry value v): the table's entry at the first value
// that fails the condition. Only a loop left by its condition alone (no
// other conjunct, no break, return or region exit) ends there.
func (x *exec) tableExit(at protocol.Pos, l loopSyntax, c carried, sum exitSummary, s shape, k *ir.Var, v value) (value, bool) {
	if s.table == nil || s.guard != nil || sum.brk || sum.ret || len(sum.regions) > 0 {
		return nil, false
	}
	if k == l.v {
		vals := make([]protocol.Expr, len(s.table))
		for i, t := range s.table {
			vals[i] = lit(at, t)
		}
		return intVal{atExit(at, s, vals)}, true
	}
	sc, ok := c.scales[k]
	iv, isInt := v.(intVal)
	if !ok || !isInt {
		return nil, false
	}
	vals, ok := x.scaled(at, s, iv.e, sc.r, sc.div, k.T)
	if !ok {
		return nil, false
	}
	return intVal{atExit(at, s, vals)}, true
}

// indices is 0, 1, ..., one per table value.
func (s shape) indices(at protocol.Pos) []protocol.Expr {
	out := make([]protocol.Expr, len(s.table))
	for i := range out {
		out[i] = lit(at, int64(i))
	}
	return out
}

// permsOf finds the carried variables whose value at the end of an
// iteration is exactly another carried variable's value at its head, on
// every path through the iteration (the run's end environment merges
// them: a swap under a condition is an ite, not a head value), and keeps
// those that form cycles: there, the values at iteration n are the entry
// values permuted n times, exactly.
func permsOf(assigned []*ir.Var, keys map[*ir.Var]bool, head, end env) map[*ir.Var]*ir.Var {
	from := map[*ir.Var]*ir.Var{}
	for _, k := range assigned {
		if !keys[k] {
			continue
		}
		ev, ok := end[k].(intVal)
		if !ok {
			continue
		}
		for _, k2 := range assigned {
			if k2 == k || !keys[k2] {
				continue
			}
			if hv, ok := head[k2].(intVal); ok && equalValues(hv, ev) {
				from[k] = k2
				break
			}
		}
	}
	perms := map[*ir.Var]*ir.Var{}
	for k := range from {
		// k is in a cycle when following from comes back to it within
		// len(from) steps
		seen := k
		for i := 0; i < len(from); i++ {
			next, ok := from[seen]
			if !ok {
				break
			}
			seen = next
			if seen == k {
				perms[k] = from[k]
				break
			}
		}
	}
	return perms
}

// maxCycle bounds the cycles permuted gives values for.
const maxCycle = 8

// permuted is the value at the head of iteration count of a variable k in
// a cycle of perms: the entry value of perms^(count mod p)(k), for a cycle
// of length p.
func permuted(at protocol.Pos, entry env, perms map[*ir.Var]*ir.Var, k *ir.Var, count protocol.Expr) (protocol.Expr, bool) {
	if _, ok := perms[k]; !ok || count == nil {
		return nil, false
	}
	var cycle []protocol.Expr
	for v := k; ; {
		iv, ok := entry[v].(intVal)
		if !ok || len(cycle) >= maxCycle {
			return nil, false
		}
		cycle = append(cycle, iv.e)
		v = perms[v]
		if v == k {
			break
		}
	}
	phase := mod(at, count, lit(at, int64(len(cycle))))
	return tableAt(at, phase, cycle), true
}

// tripCount is the number of iterations a loop of shape s ran, when it
// has a closed form: a loop left by its condition alone (no other
// conjunct, break, return or region exit) that counts by one, or a table
// loop. An increasing loop from lo while i < hi runs max(lo, hi) - lo
// times; a decreasing one while i > b runs lo - min(lo, b); a table loop
// the index of its exit value.
func (x *exec) tripCount(at protocol.Pos, l loopSyntax, sum exitSummary, s shape) protocol.Expr {
	if s.guard != nil || sum.brk || sum.ret || len(sum.regions) > 0 {
		return nil
	}
	switch {
	case s.trips != nil:
		return s.trips
	case s.table != nil:
		return atExit(at, s, s.indices(at))
	case s.kind == incShape && isLit(s.step, 1):
		hi := s.bound
		if s.op == protocol.Le {
			hi = add(at, hi, lit(at, 1))
		}
		return sub(at, maxExpr(at, s.lo, hi), s.lo)
	case s.kind == decShape && isLit(s.step, 1) && x.countsDown(l, s):
		end := s.bound
		if s.op == protocol.Ge {
			end = sub(at, end, lit(at, 1))
		}
		return sub(at, s.lo, minExpr(at, s.lo, end))
	}
	return nil
}

// countsDown reports whether a decreasing loop's exit is where its
// condition fails: not for an unsigned variable while i >= b with b
// possibly 0 (it wraps around instead of going below 0).
func (x *exec) countsDown(l loopSyntax, s shape) bool {
	return l.v == nil || !unsigned(l.v.T) || s.op != protocol.Ge || x.rangeOf(s.bound).lo >= 1
}

// mulSteps is n * st, distributed over the choices of a conditional step
// (ite(c, a, b) * n is ite(c, a * n, b * n)), so that each product stays
// linear for the solver when a and b are constants.
func mulSteps(at protocol.Pos, n, st protocol.Expr) protocol.Expr {
	if it, ok := st.(*protocol.Ite); ok {
		return ite(at, it.Cond, mulSteps(at, n, it.Then), mulSteps(at, n, it.Else))
	}
	return mul(at, n, st)
}

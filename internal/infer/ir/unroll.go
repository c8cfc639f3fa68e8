package ir

import (
	"math"
	"strings"

	"github.com/drfcheck/drfcheck/internal/infer/clang"
)

// A barrier invariant in a loop speaks of the memory of one iteration,
// and what it gives after the loop's last barrier is needed at the top of
// the next iteration, with the values of that iteration: the symbolic
// execution, which runs a loop's body once for all its iterations, has no
// way to say so (GPUVerify asks for loop invariants there). A loop whose
// counter and bound its text fixes is lowered as the sequence of its
// iterations instead, each with its own statements, which is what it
// means: init; body; inc; body; inc; ... for as long as the condition
// holds. Only loops that hold a barrier invariant are lowered so: for the
// others a loop is cheaper to check than its iterations.
//
// A bound the text does not fix (offset < blockDim.x) would need the
// launch, which the protocol does not know (it is inferred once for all
// launches): lowered as iterations each under the loop's condition, what
// follows the loop would be reached from every one of them and would not
// know which ran last.

// maxUnroll bounds the iterations of a loop lowered as a sequence.
const maxUnroll = 32

// unrolling is how a for loop is lowered as its iterations.
type unrolling struct {
	name    string      // the counter's name
	counter *clang.Node // a read of the counter: the condition's left operand
	n       int         // the iterations
}

// unrollable says how to lower a for loop that holds a barrier invariant
// as its iterations, when its text fixes them: a counter of an integer
// type set to a literal by the loop's init, compared with a literal by
// its condition, stepped by a literal by its increment, and not written
// in its body, which has no break, continue, return or goto.
func unrollable(n *clang.Node) (unrolling, bool) {
	var u unrolling
	if n.Kind != "ForStmt" {
		return u, false
	}
	init, condVar, cond, inc, body := n.Child(0), n.Child(1), n.Child(2), n.Child(3), n.Child(4)
	if !condVar.Empty() || !holdsInvariant(body) || jumpsOut(body) {
		return u, false
	}
	id, name, unsigned, v, ok := counterInit(init)
	if !ok || writes(body, id) {
		return u, false
	}
	step, ok := counterStep(inc, id)
	if !ok {
		return u, false
	}
	c := strip(cond)
	if c.Empty() || c.Kind != "BinaryOperator" {
		return u, false
	}
	if got, isVar := counterRef(c.Child(0)); !isVar || got != id {
		return u, false
	}
	u.name, u.counter = name, c.Child(0)
	test, bound, literal := counterTest(c)
	if !literal || unsigned && bound < 0 {
		// a bound that is not a literal, or one C converts: not simulated
		return u, false
	}
	// a value out of the counter's type wraps (or overflows): not
	// simulated
	inType := func(v int64) bool { return v >= math.MinInt32 && v <= math.MaxInt32 && (!unsigned || v >= 0) }
	for u.n = 0; u.n <= maxUnroll; u.n++ {
		if !test(v) {
			return u, true
		}
		if v, ok = step(v); !ok || !inType(v) {
			return u, false
		}
	}
	return u, false
}

// holdsInvariant reports whether a barrier invariant is called in n.
func holdsInvariant(n *clang.Node) bool {
	found := false
	clang.Inspect(n, func(m *clang.Node) bool {
		if m.Kind == "DeclRefExpr" && m.Referenced != nil && invariantKind(m.Referenced.Name) != 0 {
			found = true
		}
		return !found
	})
	return found
}

// jumpsOut reports whether a statement of n may leave an iteration
// early: a break or continue (even of an inner loop: kept simple), a
// return or a goto.
func jumpsOut(n *clang.Node) bool {
	found := false
	clang.Inspect(n, func(m *clang.Node) bool {
		switch m.Kind {
		case "BreakStmt", "ContinueStmt", "ReturnStmt", "GotoStmt", "IndirectGotoStmt", "CoreturnStmt":
			found = true
		}
		return !found
	})
	return found
}

// counterInit returns the variable an init sets (its declaration, name
// and whether it is unsigned) and its value: int v = 1 or v = 1.
func counterInit(n *clang.Node) (id, name string, unsigned bool, v int64, ok bool) {
	switch {
	case n.Empty():
	case n.Kind == "DeclStmt" && len(n.Inner) == 1 && n.Inner[0].Kind == "VarDecl" && len(n.Inner[0].Inner) == 1:
		d := n.Inner[0]
		if v, ok := literalOf(d.Inner[0]); ok && integral(d) {
			return d.ID, d.Name, isUnsigned(d), v, v >= 0 || !isUnsigned(d)
		}
	case n.Kind == "BinaryOperator" && n.Opcode == "=":
		if id, ok := counterRef(n.Child(0)); ok && integral(n.Child(0)) {
			if v, ok := literalOf(n.Child(1)); ok {
				return id, stripCasts(n.Child(0)).Referenced.Name, isUnsigned(n.Child(0)), v, v >= 0 || !isUnsigned(n.Child(0))
			}
		}
	}
	return "", "", false, 0, false
}

// counterTest returns a comparison of the counter with a literal as a
// function of the counter's value, and the literal (literal false: the
// bound is not one).
func counterTest(c *clang.Node) (test func(int64) bool, bound int64, literal bool) {
	b, ok := literalOf(c.Child(1))
	if !ok {
		return nil, 0, false
	}
	switch c.Opcode {
	case "<":
		return func(v int64) bool { return v < b }, b, true
	case "<=":
		return func(v int64) bool { return v <= b }, b, true
	case ">":
		return func(v int64) bool { return v > b }, b, true
	case ">=":
		return func(v int64) bool { return v >= b }, b, true
	case "!=":
		return func(v int64) bool { return v != b }, b, true
	}
	return nil, 0, false
}

// counterStep returns the counter's next value, of an increment by a
// literal: v++, v--, v += c, v -= c, v *= c, v /= c (c > 0), v <<= c,
// v >>= c.
func counterStep(n *clang.Node, id string) (func(int64) (int64, bool), bool) {
	n = strip(n)
	if n.Empty() {
		return nil, false
	}
	if got, ok := counterRef(n.Child(0)); !ok || got != id {
		return nil, false
	}
	switch n.Kind {
	case "UnaryOperator":
		d := int64(1)
		if n.Opcode == "--" {
			d = -1
		} else if n.Opcode != "++" {
			return nil, false
		}
		return func(v int64) (int64, bool) { return v + d, true }, true
	case "CompoundAssignOperator":
		c, ok := literalOf(n.Child(1))
		if !ok {
			return nil, false
		}
		switch n.Opcode {
		case "+=":
			return func(v int64) (int64, bool) { return v + c, true }, true
		case "-=":
			return func(v int64) (int64, bool) { return v - c, true }, true
		case "*=":
			return func(v int64) (int64, bool) { return v * c, c != 0 }, true
		case "/=":
			return func(v int64) (int64, bool) { return v / c, c > 0 }, c > 0
		case "<<=":
			return func(v int64) (int64, bool) { return v << c, v >= 0 && c >= 0 && c < 32 }, true
		case ">>=":
			return func(v int64) (int64, bool) { return v >> c, v >= 0 && c >= 0 && c < 64 }, true
		}
	}
	return nil, false
}

// counterRef returns the declaration a reference to a variable names.
func counterRef(n *clang.Node) (string, bool) {
	n = stripCasts(n)
	if n.Empty() || n.Kind != "DeclRefExpr" || n.Referenced == nil || n.Referenced.Kind != "VarDecl" {
		return "", false
	}
	return n.Referenced.ID, true
}

// literalOf returns the value of an integer literal, through casts.
func literalOf(n *clang.Node) (int64, bool) {
	n = stripCasts(n)
	if n.Empty() || n.Kind != "IntegerLiteral" {
		return 0, false
	}
	return n.IntValue()
}

// isUnsigned reports whether a node's integer type is unsigned.
func isUnsigned(n *clang.Node) bool {
	t := counterType(n)
	return strings.HasPrefix(t, "unsigned") || t == "size_t" || t == "uint"
}

// counterType is the type of a node as written, without OpenCL's address
// space of a function's variables (__private int).
func counterType(n *clang.Node) string { return strings.TrimPrefix(n.TypeString(), "__private ") }

// integral reports whether a node's type is a built-in integer type.
func integral(n *clang.Node) bool {
	switch counterType(n) {
	case "int", "unsigned int", "long", "unsigned long", "long long", "unsigned long long", "size_t", "uint", "unsigned":
		return true
	}
	return false
}

// writes reports whether n may write the variable id: any use of it
// other than a read (an assignment, an increment, its address taken, a
// reference bound to it).
func writes(n *clang.Node, id string) bool { return refersByReference(n, id) }

// refersByReference reports whether the variable id is used other than
// read: a reference to it that no LValueToRValue cast reads (bound to a
// reference parameter, say).
func refersByReference(n *clang.Node, id string) bool {
	found := false
	var walk func(m *clang.Node, read bool)
	walk = func(m *clang.Node, read bool) {
		if found || m.Empty() {
			return
		}
		if m.Kind == "DeclRefExpr" && m.Referenced != nil && m.Referenced.ID == id && !read {
			found = true
			return
		}
		rd := m.Kind == "ImplicitCastExpr" && m.CastKind == "LValueToRValue" ||
			read && (wrappers[m.Kind] || m.Kind == "ImplicitCastExpr" && m.CastKind == "NoOp")
		for _, c := range m.Inner {
			walk(c, rd)
		}
	}
	walk(n, false)
	return found
}

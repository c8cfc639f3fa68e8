package symexec

import "github.com/drfcheck/drfcheck/protocol"

// Expressions are shared, not copied: x = x * 3 + y makes a node whose
// operands are the nodes x and y already hold, so straight-line code of n
// statements builds a graph of O(n) nodes (a DAG). Seen as a tree, the same
// graph can have 2^n nodes (a hash that mixes three values per round), so
// nothing here may walk an expression as a tree: the walks below visit
// each distinct node once, and equal compares each pair of nodes once.
// Protocol nodes are pointers and never mutated once built, so a node's
// identity stands for its value.

// dagTrack is how many nodes a walk visits before it starts remembering
// which it has seen: small expressions, the common case, never pay for the
// map.
const dagTrack = 32

// walk calls f on each distinct node of the graph rooted at n, in depth-
// first order, descending into a node's children when f returns true.
func walk(n protocol.Node, f func(protocol.Node) bool) {
	count := 0
	var seen map[protocol.Node]bool
	protocol.Inspect(n, func(m protocol.Node) bool {
		if m == nil {
			return false
		}
		if count++; count > dagTrack {
			if seen == nil {
				seen = map[protocol.Node]bool{}
			}
			if seen[m] {
				return false
			}
			seen[m] = true
		}
		return f(m)
	})
}

// equal is protocol.Equal (structural equality, positions aside) for
// graphs: the same node is equal to itself without a look inside, and a
// pair of nodes compared once is not compared again.
func equal(a, b protocol.Node) bool {
	var s eqState
	return s.eq(a, b)
}

type eqState struct {
	count int
	memo  map[[2]protocol.Node]bool
}

func (s *eqState) eq(a, b protocol.Node) bool {
	if a == b {
		return true
	}
	if a == nil || b == nil {
		return protocol.Equal(a, b)
	}
	var key [2]protocol.Node
	if s.count++; s.count > dagTrack {
		if s.memo == nil {
			s.memo = map[[2]protocol.Node]bool{}
		}
		key = [2]protocol.Node{a, b}
		if r, ok := s.memo[key]; ok {
			return r
		}
	}
	r := s.compare(a, b)
	if s.memo != nil {
		s.memo[key] = r
	}
	return r
}

// compare compares the top nodes of a and b and their children with eq.
func (s *eqState) compare(a, b protocol.Node) bool {
	switch a := a.(type) {
	case *protocol.Binary:
		b, ok := b.(*protocol.Binary)
		return ok && a != nil && b != nil && a.Op == b.Op && s.eq(a.X, b.X) && s.eq(a.Y, b.Y)
	case *protocol.Neg:
		b, ok := b.(*protocol.Neg)
		return ok && a != nil && b != nil && s.eq(a.X, b.X)
	case *protocol.Ite:
		b, ok := b.(*protocol.Ite)
		return ok && a != nil && b != nil && s.eq(a.Cond, b.Cond) && s.eq(a.Then, b.Then) && s.eq(a.Else, b.Else)
	case *protocol.Call:
		b, ok := b.(*protocol.Call)
		if !ok || a == nil || b == nil || a.Func != b.Func || len(a.Args) != len(b.Args) {
			return false
		}
		for i := range a.Args {
			if !s.eq(a.Args[i], b.Args[i]) {
				return false
			}
		}
		return true
	case *protocol.Cmp:
		b, ok := b.(*protocol.Cmp)
		return ok && a != nil && b != nil && a.Op == b.Op && s.eq(a.X, b.X) && s.eq(a.Y, b.Y)
	case *protocol.Not:
		b, ok := b.(*protocol.Not)
		return ok && a != nil && b != nil && s.eq(a.X, b.X)
	case *protocol.Logic:
		b, ok := b.(*protocol.Logic)
		return ok && a != nil && b != nil && a.Op == b.Op && s.eq(a.X, b.X) && s.eq(a.Y, b.Y)
	}
	// leaves, statements and nil pointers
	return protocol.Equal(a, b)
}

package proofs

import (
	"math/rand"

	"github.com/drfcheck/drfcheck/protocol"
)

// WithRadix makes a flattened-index case of a Full case c, for the radix
// lemmas of the integer encoding (smtgen's radixLemmas): about five in six
// of its accesses index their array's first dimension as low + m*high,
// with one m in 2..5 for the case, and the block is widened along x to up to 8 threads.
// The low part is often not a digit (the original index, a loop variable,
// threadIdx.x), so that two threads meet at one cell with different lows
// and highs: the lemma holds there only with its premise that both lows
// lie in 0..m-1, which a flattened index of real code (tid % 32 + 32*row)
// never tests. Each rewritten index has a quotient or remainder, as the
// lemmas ask of an index before they apply.
func WithRadix(r *rand.Rand, c *Case) *Case {
	out := *c
	if c.BlockY == 0 {
		out.Threads = 2 + r.Intn(7)
	}
	rw := &radixWriter{r: r, m: 2 + r.Int63n(4)}
	out.Body = rewriteAccesses(c.Body, nil, rw.access)
	return &out
}

type radixWriter struct {
	r *rand.Rand
	m int64 // the radix: one per case, so that two accesses share it
}

// access rewrites five accesses in six, with loops' variables in its
// indices.
func (w *radixWriter) access(a protocol.Access, loops []string) *protocol.Access {
	if w.r.Intn(6) != 0 {
		a.Index = append([]protocol.Expr{w.index(a.Index[0], loops)}, a.Index[1:]...)
	}
	return &a
}

// index is low + m*high made of x, threadIdx.x and the loop variables.
func (w *radixWriter) index(x protocol.Expr, loops []string) protocol.Expr {
	m := w.m
	loopVar := func() protocol.Expr {
		if len(loops) == 0 {
			return tid()
		}
		return variable(loops[w.r.Intn(len(loops))])
	}
	var low protocol.Expr
	switch w.r.Intn(6) {
	case 0:
		low = x
	case 1:
		low = bin(protocol.Mod, x, lit(m))
	case 2:
		low = bin(protocol.Mod, tid(), lit(m))
	case 3:
		low = loopVar()
	case 4:
		low = bin(protocol.Add, bin(protocol.Mod, tid(), lit(m)), loopVar())
	default:
		low = tid()
	}
	var high protocol.Expr
	switch w.r.Intn(5) {
	case 0:
		high = bin(protocol.Div, tid(), lit(m))
	case 1:
		high = bin(protocol.Div, x, lit(m))
	case 2:
		high = loopVar()
	case 3:
		high = lit(w.r.Int63n(3))
	default:
		high = tid()
	}
	if !hasQuotient(low) && !hasQuotient(high) {
		high = bin(protocol.Div, tid(), lit(m))
	}
	return bin(protocol.Add, low, bin(protocol.Mul, lit(m), high))
}

// hasQuotient reports whether x has a quotient or remainder.
func hasQuotient(x protocol.Expr) bool {
	found := false
	protocol.Inspect(x, func(n protocol.Node) bool {
		if b, ok := n.(*protocol.Binary); ok && (b.Op == protocol.Div || b.Op == protocol.Mod) {
			found = true
		}
		return !found
	})
	return found
}

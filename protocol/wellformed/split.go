package wellformed

import (
	"github.com/drfcheck/drfcheck/protocol"
)

// maxSplits bounds the splits of one protocol (splitAt): each part is
// split again only where another inner loop needs it, and the bound makes
// sure that an oracle unable to tell that a part no longer needs it ends
// the recursion.
const maxSplits = 16

// splitAt splits a synchronized loop in two at the iteration where a
// synchronized loop inside it starts or stops running: in an LU
// decomposition's for k { for j in k + 1..n { ...; sync; } } the inner
// loop runs for k < n - 1 and not after, so its barriers are there in some
// iterations of k and not in others, which aligned barriers cannot
// express (Cogumbreiro et al.'s aligned loops). Split at s = n - 1 (held
// between the loop's bounds), for k in lo..s and for k in s..hi run the
// same iterations in the same order, and in each the inner loop runs in
// every iteration or in none. The second part is a copy of the loop with
// binders of its own (unique names are what substitution and the SMT
// encoding rely on). The inner loop's run condition, lo' < hi', must be
// k + r > 0 or r - k > 0 with r free of k, of every binder inside the
// loop and of thread-local values.
func (n *normalizer) splitAt(l *protocol.Loop, c ctx) ([]protocol.Stmt, bool) {
	if n.oracle == nil || n.splits >= maxSplits {
		return nil, false
	}
	inside := c.bind(protocol.Binder{Var: l.Var, Lo: l.Lo, Hi: l.Hi})
	binders := map[string]bool{}
	protocol.Inspect(l.Body, func(nd protocol.Node) bool {
		if in, ok := nd.(*protocol.Loop); ok {
			binders[in.Var] = true
		}
		return true
	})
	var at protocol.Expr
	protocol.Inspect(l.Body, func(nd protocol.Node) bool {
		in, ok := nd.(*protocol.Loop)
		if at != nil || !ok || !in.Sync {
			return at == nil
		}
		if t, ok := n.threshold(in, l.Var, binders); ok && n.mixed(inside, in) {
			at = t
		}
		return at == nil
	})
	if at == nil {
		return nil, false
	}
	n.splits++
	pos := l.At
	// s = max(lo, min(hi, t))
	lt := func(x, y protocol.Expr) protocol.Cond { return &protocol.Cmp{At: pos, Op: protocol.Lt, X: x, Y: y} }
	upTo := &protocol.Ite{At: pos, Cond: lt(l.Hi, at), Then: l.Hi, Else: at}
	s := &protocol.Ite{At: pos, Cond: lt(upTo, l.Lo), Then: l.Lo, Else: upTo}
	first := *l
	first.Hi = s
	second := n.names.renamed(l, nil).(*protocol.Loop)
	second.Lo = s
	return []protocol.Stmt{&first, second}, true
}

// threshold is t such that the inner loop in runs exactly in the
// iterations v < t, or exactly in those v >= t, of the loop of v.
func (n *normalizer) threshold(in *protocol.Loop, v string, binders map[string]bool) (protocol.Expr, bool) {
	at := in.At
	span := protocol.LinearDiff(at, in.Hi, in.Lo) // runs iff span > 0
	vv := &protocol.Var{At: at, Name: v}
	free := func(r protocol.Expr) bool {
		fv := protocol.FreeVars(r)
		if fv[v] || n.prog.Info.ThreadLocal(r, n.prog.Level == GridLevel) {
			return false
		}
		for name := range fv {
			if binders[name] {
				return false
			}
		}
		return true
	}
	// span = v + r: runs iff v >= 1 - r
	if r := protocol.LinearDiff(at, span, vv); free(r) {
		return protocol.LinearDiff(at, &protocol.IntLit{At: at, Value: 1}, r), true
	}
	// span = r - v: runs iff v < r
	if r := protocol.LinearDiff(at, span, &protocol.Neg{At: at, X: vv}); free(r) {
		return r, true
	}
	return nil, false
}

// mixed reports whether the loop in may run zero times in some iterations
// of the enclosing loops and at least once in others.
func (n *normalizer) mixed(c ctx, in *protocol.Loop) bool {
	empty := &protocol.Cmp{At: in.At, Op: protocol.Ge, X: in.Lo, Y: in.Hi}
	runs := &protocol.Cmp{At: in.At, Op: protocol.Lt, X: in.Lo, Y: in.Hi}
	return n.sat(c, empty) && n.sat(c, runs)
}

package wellformed

import "github.com/drfcheck/drfcheck/protocol"

// splitPre separates the top-level assumptions, which are preconditions of
// the whole run, from the rest of the top-level statements.
func splitPre(body []protocol.Stmt) (pre []protocol.Cond, rest []protocol.Stmt) {
	for _, s := range body {
		// an assumption about pairs (protocol.Other) guards the
		// accesses after it only, as a nested one does: it is never a
		// fact of the run (specialize) or of barrier divergence
		if a, ok := s.(*protocol.Assume); ok && !protocol.HasOther(a.Cond) {
			pre = append(pre, a.Cond)
			continue
		}
		rest = append(rest, s)
	}
	return pre, rest
}

// guardAccesses removes nested assumptions: an assumption guards the
// accesses that follow it in its block, so each run of barrier-free
// statements after it is wrapped in a conditional on it, while barriers,
// synchronized loops and synchronized conditionals are left in place (with
// their contents guarded in turn). Only accesses are affected, never
// synchronization, as protocol.Assume documents.
func guardAccesses(sts []protocol.Stmt, guards []protocol.Cond) []protocol.Stmt {
	var out, run []protocol.Stmt
	flush := func() {
		if len(run) > 0 {
			out = append(out, wrap(run, guards)...)
			run = nil
		}
	}
	for _, s := range sts {
		if a, ok := s.(*protocol.Assume); ok {
			flush()
			guards = append(guards[:len(guards):len(guards)], a.Cond)
			continue
		}
		if !protocol.HasSync(s) {
			run = append(run, guardInside(s))
			continue
		}
		flush()
		out = append(out, guardSynced(s, guards))
	}
	flush()
	return out
}

// guardInside removes the assumptions nested in a barrier-free statement.
func guardInside(s protocol.Stmt) protocol.Stmt {
	switch s := s.(type) {
	case *protocol.Loop:
		l := *s
		l.Body = guardBlock(s.Body, nil)
		return &l
	case *protocol.If:
		return &protocol.If{At: s.At, Cond: s.Cond, Then: guardBlock(s.Then, nil), Else: guardBlock(s.Else, nil)}
	case *protocol.Block:
		return guardBlock(s, nil)
	}
	return s
}

// guardSynced pushes the guards into a statement that contains a barrier.
func guardSynced(s protocol.Stmt, guards []protocol.Cond) protocol.Stmt {
	switch s := s.(type) {
	case *protocol.Loop:
		l := *s
		l.Body = guardBlock(s.Body, guards)
		return &l
	case *protocol.If:
		return &protocol.If{At: s.At, Cond: s.Cond, Then: guardBlock(s.Then, guards), Else: guardBlock(s.Else, guards)}
	case *protocol.Block:
		return guardBlock(s, guards)
	}
	return s // a Sync
}

func guardBlock(b *protocol.Block, guards []protocol.Cond) *protocol.Block {
	if b == nil {
		return nil
	}
	return &protocol.Block{At: b.At, Stmts: guardAccesses(b.Stmts, guards)}
}

// wrap puts the statements under a conditional on the guards, if any.
func wrap(sts []protocol.Stmt, guards []protocol.Cond) []protocol.Stmt {
	if len(guards) == 0 {
		return sts
	}
	return []protocol.Stmt{&protocol.If{
		At:   sts[0].Pos(),
		Cond: Conj(guards...),
		Then: &protocol.Block{At: sts[0].Pos(), Stmts: sts},
	}}
}

// Conj is the conjunction of the conditions, true when there are none.
func Conj(cs ...protocol.Cond) protocol.Cond {
	if len(cs) == 0 {
		return &protocol.BoolLit{Value: true}
	}
	c := cs[0]
	for _, d := range cs[1:] {
		c = &protocol.Logic{At: c.Pos(), Op: protocol.And, X: c, Y: d}
	}
	return c
}

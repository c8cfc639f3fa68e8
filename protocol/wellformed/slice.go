package wellformed

import "github.com/drfcheck/drfcheck/protocol"

// Slice keeps what matters to one array (Cogumbreiro et al., Section 5, "one protocol
// per array"): its accesses and every barrier. Barrier-free statements left
// without an access are dropped; synchronized loops stay, since their
// barriers still separate phases.
func Slice(sts []protocol.Stmt, array string) []protocol.Stmt {
	var out []protocol.Stmt
	for _, s := range sts {
		if t := sliceStmt(s, array); t != nil {
			out = append(out, t)
		}
	}
	return out
}

// SliceFenced is Slice for an array of kind k, without the barriers that
// do not order its memory (an OpenCL barrier that fences the other
// memory only: protocol.Fence): its accesses on their two sides are in one
// phase.
func SliceFenced(sts []protocol.Stmt, array string, k protocol.DeclKind) []protocol.Stmt {
	sts = Slice(sts, array)
	if !hasFence(sts) {
		return sts
	}
	return filterSyncs(sts, func(s *protocol.Sync) bool { return s.Fence.Orders(k) })
}

func hasFence(sts []protocol.Stmt) bool {
	found := false
	for _, s := range sts {
		protocol.Inspect(s, func(n protocol.Node) bool {
			if b, ok := n.(*protocol.Sync); ok && b.Fence != protocol.FenceAll {
				found = true
			}
			return !found
		})
	}
	return found
}

func sliceStmt(s protocol.Stmt, array string) protocol.Stmt {
	switch s := s.(type) {
	case *protocol.Access:
		if s.Array != array {
			return nil
		}
	case *protocol.Loop:
		body := sliceBlock(s.Body, array)
		if body == nil {
			return nil
		}
		l := *s
		l.Body = body
		return &l
	case *protocol.If:
		th, el := sliceBlock(s.Then, array), sliceBlock(s.Else, array)
		if th == nil && el == nil {
			return nil
		}
		if th == nil {
			th = &protocol.Block{At: s.Then.At}
		}
		return &protocol.If{At: s.At, Cond: s.Cond, Then: th, Else: el}
	case *protocol.Block:
		if b := sliceBlock(s, array); b != nil {
			return b
		}
		return nil // not a nil *Block inside a non-nil Stmt
	case *protocol.Assume:
		// Only the statements after an assumption are guarded by it; keep
		// it, the statements it guards decide whether it matters.
	}
	return s
}

// sliceBlock returns nil when nothing in the block matters to the array.
func sliceBlock(b *protocol.Block, array string) *protocol.Block {
	if b == nil {
		return nil
	}
	sts := Slice(b.Stmts, array)
	keep := false
	for _, s := range sts {
		if _, ok := s.(*protocol.Assume); !ok {
			keep = true
		}
	}
	if !keep {
		return nil
	}
	return &protocol.Block{At: b.At, Stmts: sts}
}

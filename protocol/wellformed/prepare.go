package wellformed

import (
	"fmt"

	"github.com/drfcheck/drfcheck/protocol"
)

// preparer copies a body so that every loop variable has a name of its own,
// distinct from every other binder and declared name, and every access
// records its enclosing source loops. Unique names are what make
// substitution capture-free in align and let the SMT encoding give each
// variable one constant.
type preparer struct {
	used map[string]bool
}

func newPreparer(info *protocol.Info) *preparer {
	used := map[string]bool{}
	for name := range info.Kinds {
		used[name] = true
	}
	return &preparer{used: used}
}

func (p *preparer) fresh(name string) string {
	if !p.used[name] {
		p.used[name] = true
		return name
	}
	for i := 1; ; i++ {
		n := fmt.Sprintf("%s_%d", name, i)
		if !p.used[n] {
			p.used[n] = true
			return n
		}
	}
}

// loopCtx is what an access needs to know about its enclosing loops.
type loopCtx struct {
	rename protocol.Subst
	loops  []protocol.LoopValue
}

func (p *preparer) stmts(sts []protocol.Stmt, c loopCtx) []protocol.Stmt {
	out := make([]protocol.Stmt, len(sts))
	for i, s := range sts {
		out[i] = p.stmt(s, c)
	}
	return out
}

func (p *preparer) block(b *protocol.Block, c loopCtx) *protocol.Block {
	if b == nil {
		return nil
	}
	return &protocol.Block{At: b.At, Stmts: p.stmts(b.Stmts, c)}
}

func (p *preparer) stmt(s protocol.Stmt, c loopCtx) protocol.Stmt {
	switch s := s.(type) {
	case *protocol.Access:
		a := *s
		a.Index, _ = exprs(c.rename, s.Index)
		if s.Value != nil {
			// the value written may name loop variables too
			a.Value = c.rename.Expr(s.Value)
		}
		// the iterations the front end names (a loop it unrolled) come
		// first, then the protocol's loops
		a.Loops = append(append([]protocol.LoopValue(nil), s.Loops...), c.loops...)
		return &a
	case *protocol.Loop:
		l := *s
		l.Lo, l.Hi = c.rename.Expr(s.Lo), c.rename.Expr(s.Hi)
		if s.Step != nil {
			l.Step = c.rename.Expr(s.Step)
		}
		l.Var = p.fresh(s.Var)
		v := &protocol.Var{At: s.At, Name: l.Var}
		inner := loopCtx{rename: extend(c.rename, s.Var, v)}
		inner.loops = append(append([]protocol.LoopValue(nil), c.loops...), protocol.LoopValue{Name: s.Var, Value: v})
		l.Body = p.block(s.Body, inner)
		l.Sync = protocol.HasSync(s.Body)
		return &l
	case *protocol.If:
		return &protocol.If{At: s.At, Cond: c.rename.Cond(s.Cond), Then: p.block(s.Then, c), Else: p.block(s.Else, c)}
	case *protocol.Assume:
		return &protocol.Assume{At: s.At, Cond: c.rename.Cond(s.Cond)}
	case *protocol.Block:
		return p.block(s, c)
	}
	return s
}

func extend(s protocol.Subst, name string, e protocol.Expr) protocol.Subst {
	t := make(protocol.Subst, len(s)+1)
	for k, v := range s {
		t[k] = v
	}
	t[name] = e
	return t
}

func exprs(s protocol.Subst, es []protocol.Expr) ([]protocol.Expr, bool) {
	out := make([]protocol.Expr, len(es))
	changed := false
	for i, e := range es {
		out[i] = s.Expr(e)
		changed = changed || out[i] != e
	}
	return out, changed
}

// renamed copies a statement with a fresh name for every loop variable it
// binds, and sub's replacements, applied everywhere the names are used
// (the loops accesses record included): a copy that shares no binder with
// the original (splitAt).
func (p *preparer) renamed(s protocol.Stmt, sub protocol.Subst) protocol.Stmt {
	switch s := s.(type) {
	case *protocol.Loop:
		l := *s
		l.Lo, l.Hi = sub.Expr(s.Lo), sub.Expr(s.Hi)
		if s.Step != nil {
			l.Step = sub.Expr(s.Step)
		}
		l.Var = p.fresh(s.Var)
		l.Body = p.renamedBlock(s.Body, extend(sub, s.Var, &protocol.Var{At: s.At, Name: l.Var}))
		return &l
	case *protocol.If:
		return &protocol.If{At: s.At, Cond: sub.Cond(s.Cond), Then: p.renamedBlock(s.Then, sub), Else: p.renamedBlock(s.Else, sub)}
	case *protocol.Block:
		return p.renamedBlock(s, sub)
	}
	return sub.Stmt(s)
}

func (p *preparer) renamedBlock(b *protocol.Block, sub protocol.Subst) *protocol.Block {
	if b == nil {
		return nil
	}
	out := &protocol.Block{At: b.At, Stmts: make([]protocol.Stmt, len(b.Stmts))}
	for i, s := range b.Stmts {
		out.Stmts[i] = p.renamed(s, sub)
	}
	return out
}

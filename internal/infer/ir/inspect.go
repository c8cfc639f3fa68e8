package ir

// Inspect traverses the tree rooted at n in depth-first order, in the
// manner of go/ast.Inspect: it calls f(n); when f returns true, it
// inspects each child of n, then calls f(nil). The offset of an address
// is visited as a child of its access.
func Inspect(n Node, f func(Node) bool) {
	if n == nil || !f(n) {
		return
	}
	visit := func(c Node) {
		if c != nil {
			Inspect(c, f)
		}
	}
	visitExpr := func(e Expr) {
		if e != nil {
			Inspect(e, f)
		}
	}
	visitBlock := func(b *Block) {
		if b != nil {
			Inspect(b, f)
		}
	}
	switch n := n.(type) {
	case *Func:
		visitBlock(n.Body)
	case *Block:
		for _, s := range n.Stmts {
			visit(s)
		}
	case *Assign:
		visitExpr(n.X)
	case *Load:
		visitExpr(n.Addr.Off)
	case *Store:
		visitExpr(n.Addr.Off)
		visitExpr(n.X)
	case *Snapshot:
		visitExpr(n.Dst.Off)
		visitExpr(n.Src.Off)
	case *Atomic:
		visitExpr(n.Addr.Off)
		for _, a := range n.Args {
			visitExpr(a)
		}
	case *If:
		visitExpr(n.Cond)
		visitBlock(n.Then)
		visitBlock(n.Else)
	case *Loop:
		visitBlock(n.Init)
		visitBlock(n.Test)
		visitExpr(n.Cond)
		visitBlock(n.Body)
		visitBlock(n.Post)
	case *Region:
		visitBlock(n.Body)
	case *Iteration:
		visitExpr(n.Value)
	case *Barrier:
		visitExpr(n.Arg)
		for _, inv := range n.Invariants {
			visitBlock(inv.Check)
			visitExpr(inv.Cond)
			for _, in := range inv.Insts {
				visitBlock(in.Tid)
				visitExpr(in.TidX)
				visitBlock(in.Body)
				visitExpr(in.Cond)
				visitBlock(in.Tid2)
				visitExpr(in.TidX2)
			}
		}
	case *Assume:
		visitBlock(n.Pre)
		visitExpr(n.Cond)
	case *Unary:
		visitExpr(n.X)
	case *Binary:
		visitExpr(n.X)
		visitExpr(n.Y)
	case *Select:
		visitExpr(n.Cond)
		visitExpr(n.X)
		visitExpr(n.Y)
	case *Convert:
		visitExpr(n.X)
	case *Other:
		visitExpr(n.X)
	case *Call:
		for _, a := range n.Args {
			visitExpr(a)
		}
	}
	f(nil)
}

package protocol

// Inspect traverses the tree rooted at n in depth-first order, like
// go/ast.Inspect: it calls f(n); if f returns true it visits the children of n
// and then calls f(nil).
func Inspect(n Node, f func(Node) bool) {
	if n == nil || isNilNode(n) || !f(n) {
		return
	}
	for _, c := range children(n) {
		Inspect(c, f)
	}
	f(nil)
}

// isNilNode catches typed nil pointers such as a nil *Block held in a Node.
func isNilNode(n Node) bool {
	switch n := n.(type) {
	case *Block:
		return n == nil
	case *File:
		return n == nil
	}
	return false
}

// children lists the direct children of n in source order.
func children(n Node) []Node {
	var cs []Node
	add := func(ns ...Node) {
		for _, c := range ns {
			if c != nil && !isNilNode(c) {
				cs = append(cs, c)
			}
		}
	}
	switch n := n.(type) {
	case *Neg:
		add(n.X)
	case *Binary:
		add(n.X, n.Y)
	case *Ite:
		add(n.Cond, n.Then, n.Else)
	case *Call:
		for _, a := range n.Args {
			add(a)
		}
	case *Other:
		add(n.X)
	case *Content:
		for _, e := range n.Index {
			add(e)
		}
	case *Sync:
		if n.Invariant != nil {
			add(n.Invariant.Cond)
			for _, e := range n.Invariant.For {
				add(e)
			}
			for _, p := range n.Invariant.Pairs {
				add(p[0], p[1])
			}
		}
	case *Cmp:
		add(n.X, n.Y)
	case *Not:
		add(n.X)
	case *Logic:
		add(n.X, n.Y)
	case *Access:
		for _, e := range n.Index {
			add(e)
		}
		if n.Value != nil {
			add(n.Value)
		}
	case *Loop:
		add(n.Lo, n.Hi)
		if n.Step != nil {
			add(n.Step)
		}
		add(n.Body)
	case *If:
		add(n.Cond, n.Then)
		if n.Else != nil {
			add(n.Else)
		}
	case *Assume:
		add(n.Cond)
	case *Block:
		for _, s := range n.Stmts {
			add(s)
		}
	case *File:
		for _, d := range n.Decls {
			add(d)
		}
		add(n.Body)
	}
	return cs
}

// HasSync reports whether a barrier occurs anywhere in n.
func HasSync(n Node) bool {
	return contains(n, func(m Node) bool { _, ok := m.(*Sync); return ok })
}

// HasValues reports whether n uses the values of memory: a read that binds
// its value or a barrier invariant.
func HasValues(n Node) bool {
	return contains(n, func(m Node) bool {
		switch m := m.(type) {
		case *Access:
			return m.As != ""
		case *Sync:
			return m.Invariant != nil
		}
		return false
	})
}

// contains reports whether some node of the tree rooted at n matches.
func contains(n Node, match func(Node) bool) bool {
	found := false
	Inspect(n, func(m Node) bool {
		found = found || m != nil && match(m)
		return !found
	})
	return found
}

// OnlyImplicit reports whether n has barriers and all of them are
// implicit (Sync.Implicit).
func OnlyImplicit(n Node) bool {
	some, explicit := false, false
	Inspect(n, func(m Node) bool {
		if s, ok := m.(*Sync); ok {
			some = true
			explicit = explicit || !s.Implicit
		}
		return !explicit
	})
	return some && !explicit
}

// Scopes is a set of barrier scopes.
type Scopes uint8

// Has reports whether sc is in the set.
func (s Scopes) Has(sc Scope) bool { return s&(1<<sc) != 0 }

// Ordering reports whether some barrier of the set orders two threads whose
// closest common group is g (Scope.Orders).
func (s Scopes) Ordering(g Scope) bool {
	for _, sc := range []Scope{ScopeBlock, ScopeWarp, ScopeGrid} {
		if s.Has(sc) && sc.Orders(g) {
			return true
		}
	}
	return false
}

// SyncScopes returns the scopes of the barriers that occur in n.
func SyncScopes(n Node) Scopes {
	var s Scopes
	Inspect(n, func(m Node) bool {
		if b, ok := m.(*Sync); ok {
			s |= 1 << b.Scope
		}
		return true
	})
	return s
}

// Accesses returns the accesses in n in source order.
func Accesses(n Node) []*Access {
	var as []*Access
	Inspect(n, func(m Node) bool {
		if a, ok := m.(*Access); ok {
			as = append(as, a)
		}
		return true
	})
	return as
}

// FreeVars returns the names of the variables (Var) and uninterpreted
// functions (Call) that occur free in n, that is not bound by a loop inside n.
func FreeVars(n Node) map[string]bool {
	free := map[string]bool{}
	var walk func(n Node, bound map[string]int)
	walk = func(n Node, bound map[string]int) {
		switch n := n.(type) {
		case *Var:
			if bound[n.Name] == 0 {
				free[n.Name] = true
			}
			return
		case *Call:
			if bound[n.Func] == 0 {
				free[n.Func] = true
			}
		case *Loop:
			walk(n.Lo, bound)
			walk(n.Hi, bound)
			if n.Step != nil {
				walk(n.Step, bound)
			}
			bound[n.Var]++
			walk(n.Body, bound)
			bound[n.Var]--
			return
		}
		for _, c := range children(n) {
			walk(c, bound)
		}
	}
	walk(n, map[string]int{})
	return free
}

// UsesBuiltin reports whether n mentions the built-in kind in any dimension.
func UsesBuiltin(n Node, kind BuiltinKind) bool {
	found := false
	Inspect(n, func(m Node) bool {
		if b, ok := m.(*Builtin); ok && b.Kind == kind {
			found = true
		}
		return !found
	})
	return found
}

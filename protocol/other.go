package protocol

// HasOther reports whether n names the other thread of a pair anywhere
// (Other): a condition that holds or not for a pair, not for one thread.
func HasOther(n Node) bool {
	return contains(n, func(m Node) bool { _, ok := m.(*Other); return ok })
}

// OtherOf returns e as the other thread of a pair evaluates it, with
// Other around the thread's own leaves only: threadIdx, blockIdx and the
// names local says are the thread's own (locals), never loop variables;
// literals, the other built-ins and params are the same for both
// threads, functions are applied alike (Call), and the other thread's
// Other is the thread's own value.
func OtherOf(e Expr, local func(name string) bool) Expr {
	switch e := e.(type) {
	case *Var:
		if local(e.Name) {
			return &Other{At: e.At, X: e}
		}
	case *Builtin:
		if e.Kind == ThreadIdx || e.Kind == BlockIdx {
			return &Other{At: e.At, X: e}
		}
	case *Neg:
		return &Neg{At: e.At, X: OtherOf(e.X, local)}
	case *Binary:
		return &Binary{At: e.At, Op: e.Op, X: OtherOf(e.X, local), Y: OtherOf(e.Y, local)}
	case *Ite:
		return &Ite{At: e.At, Cond: otherCond(e.Cond, local), Then: OtherOf(e.Then, local), Else: OtherOf(e.Else, local)}
	case *Call:
		args := make([]Expr, len(e.Args))
		for i, a := range e.Args {
			args[i] = OtherOf(a, local)
		}
		return &Call{At: e.At, Func: e.Func, Args: args}
	case *Other:
		return e.X
	}
	return e
}

func otherCond(c Cond, local func(string) bool) Cond {
	switch c := c.(type) {
	case *Cmp:
		return &Cmp{At: c.At, Op: c.Op, X: OtherOf(c.X, local), Y: OtherOf(c.Y, local)}
	case *Not:
		return &Not{At: c.At, X: otherCond(c.X, local)}
	case *Logic:
		return &Logic{At: c.At, Op: c.Op, X: otherCond(c.X, local), Y: otherCond(c.Y, local)}
	}
	return c
}

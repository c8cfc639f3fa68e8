package protocol

// Subst maps variable names to the expressions that replace them. A
// built-in is replaced where its CUDA spelling (Builtin.Name, such as
// "threadIdx.x", which no variable can have) is mapped.
type Subst map[string]Expr

// without returns s minus name, sharing s when name is not in it.
func (s Subst) without(name string) Subst {
	if _, ok := s[name]; !ok {
		return s
	}
	t := make(Subst, len(s))
	for k, v := range s {
		if k != name {
			t[k] = v
		}
	}
	return t
}

// Expr returns e with the substitution applied. Unchanged subtrees are
// shared, not copied: transformations treat nodes as immutable.
func (s Subst) Expr(e Expr) Expr {
	if len(s) == 0 {
		return e
	}
	switch e := e.(type) {
	case *Var:
		if r, ok := s[e.Name]; ok {
			return r
		}
	case *Builtin:
		if r, ok := s[e.Name()]; ok {
			return r
		}
	case *Neg:
		if x := s.Expr(e.X); x != e.X {
			return &Neg{At: e.At, X: x}
		}
	case *Binary:
		x, y := s.Expr(e.X), s.Expr(e.Y)
		if x != e.X || y != e.Y {
			return &Binary{At: e.At, Op: e.Op, X: x, Y: y}
		}
	case *Ite:
		c, a, b := s.Cond(e.Cond), s.Expr(e.Then), s.Expr(e.Else)
		if c != e.Cond || a != e.Then || b != e.Else {
			return &Ite{At: e.At, Cond: c, Then: a, Else: b}
		}
	case *Call:
		if args, changed := s.exprs(e.Args); changed {
			return &Call{At: e.At, Func: e.Func, Args: args}
		}
	case *Other:
		// the names of the other thread: a substitution replaces the
		// thread's own (threadIdx, a local) by what they are for it,
		// which says nothing of the other thread's; a param or a
		// binder has no other thread's value (Other's operand names
		// neither, OtherOf)
	}
	return e
}

func (s Subst) exprs(es []Expr) ([]Expr, bool) {
	out := make([]Expr, len(es))
	changed := false
	for i, e := range es {
		out[i] = s.Expr(e)
		changed = changed || out[i] != e
	}
	return out, changed
}

// Cond returns c with the substitution applied.
func (s Subst) Cond(c Cond) Cond {
	if len(s) == 0 {
		return c
	}
	switch c := c.(type) {
	case *Cmp:
		x, y := s.Expr(c.X), s.Expr(c.Y)
		if x != c.X || y != c.Y {
			return &Cmp{At: c.At, Op: c.Op, X: x, Y: y}
		}
	case *Not:
		if x := s.Cond(c.X); x != c.X {
			return &Not{At: c.At, X: x}
		}
	case *Logic:
		x, y := s.Cond(c.X), s.Cond(c.Y)
		if x != c.X || y != c.Y {
			return &Logic{At: c.At, Op: c.Op, X: x, Y: y}
		}
	}
	return c
}

// Stmt returns st with the substitution applied. A loop binding a
// substituted name shadows it in its body. Substitution does not rename
// binders, so a replacement must not mention a variable bound inside st;
// wellformed makes every binder name unique, which guarantees it.
func (s Subst) Stmt(st Stmt) Stmt {
	if len(s) == 0 {
		return st
	}
	switch st := st.(type) {
	case *Access:
		idx, changed := s.exprs(st.Index)
		var value Expr
		if st.Value != nil {
			value = s.Expr(st.Value)
			changed = changed || value != st.Value
		}
		loops := make([]LoopValue, len(st.Loops))
		for i, l := range st.Loops {
			loops[i] = LoopValue{Name: l.Name, Value: s.Expr(l.Value)}
			changed = changed || loops[i].Value != l.Value
		}
		if changed {
			a := *st
			a.Index, a.Loops, a.Value = idx, loops, value
			return &a
		}
	case *Loop:
		lo, hi := s.Expr(st.Lo), s.Expr(st.Hi)
		var step Expr
		if st.Step != nil {
			step = s.Expr(st.Step)
		}
		body := s.without(st.Var).Block(st.Body)
		if lo != st.Lo || hi != st.Hi || step != st.Step || body != st.Body {
			l := *st
			l.Lo, l.Hi, l.Step, l.Body = lo, hi, step, body
			return &l
		}
	case *If:
		c, th := s.Cond(st.Cond), s.Block(st.Then)
		var el *Block
		if st.Else != nil {
			el = s.Block(st.Else)
		}
		if c != st.Cond || th != st.Then || el != st.Else {
			return &If{At: st.At, Cond: c, Then: th, Else: el}
		}
	case *Assume:
		if c := s.Cond(st.Cond); c != st.Cond {
			return &Assume{At: st.At, Cond: c}
		}
	case *Block:
		return s.Block(st)
	}
	return st
}

// Block returns b with the substitution applied.
func (s Subst) Block(b *Block) *Block {
	if b == nil || len(s) == 0 {
		return b
	}
	stmts, changed := s.Stmts(b.Stmts)
	if !changed {
		return b
	}
	return &Block{At: b.At, Stmts: stmts}
}

// Stmts applies the substitution to each statement and reports whether any
// changed.
func (s Subst) Stmts(sts []Stmt) ([]Stmt, bool) {
	out := make([]Stmt, len(sts))
	changed := false
	for i, st := range sts {
		out[i] = s.Stmt(st)
		changed = changed || out[i] != st
	}
	return out, changed
}

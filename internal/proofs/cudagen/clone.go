package cudagen

// clone deep-copies a program: its structs, fields, variables, functions,
// statements and expressions are all fresh.
func clone(p *Program) *Program {
	c := &cloner{
		vars:    map[*Var]*Var{},
		fns:     map[*Func]*Func{},
		structs: map[*Struct]*Struct{},
		fields:  map[*Field]*Field{},
	}
	q := &Program{Block: p.Block, Grid: p.Grid, Warp: p.Warp, Layouts: p.Layouts}
	for _, s := range p.Structs {
		q.Structs = append(q.Structs, c.strct(s))
	}
	for _, v := range p.Globals {
		q.Globals = append(q.Globals, c.v(v))
	}
	for _, f := range p.Funcs {
		q.Funcs = append(q.Funcs, c.fn(f))
	}
	q.Kernel = c.fn(p.Kernel)
	q.Host = cloneHost(p.Host, c.v)
	return q
}

type cloner struct {
	vars    map[*Var]*Var
	fns     map[*Func]*Func
	structs map[*Struct]*Struct
	fields  map[*Field]*Field
}

func (c *cloner) strct(s *Struct) *Struct {
	if t, ok := c.structs[s]; ok {
		return t
	}
	t := &Struct{Name: s.Name, Tmpl: s.Tmpl, TArg: s.TArg}
	c.structs[s] = t
	if s.Base != nil {
		t.Base = c.strct(s.Base)
		t.Fields = append(t.Fields, t.Base.Fields...) // the base's, shared
	}
	for _, f := range s.ownFields() {
		g := &Field{Name: f.Name, T: f.T, Arr: f.Arr, Len: f.Len, Def: f.Def, DefVal: f.DefVal, TP: f.TP, NP: f.NP}
		if f.T.K == KStruct {
			g.T = c.typ(f.T) // a member (genctor.go)
		}
		c.fields[f] = g
		t.Fields = append(t.Fields, g)
	}
	for _, f := range s.Ctors {
		t.Ctors = append(t.Ctors, c.fn(f))
	}
	return t
}

func (c *cloner) field(f *Field) *Field {
	if g, ok := c.fields[f]; ok {
		return g
	}
	return f
}

func (c *cloner) typ(t *Type) *Type {
	switch t.K {
	case KPtr:
		return ptrTo(c.typ(t.Elem))
	case KStruct:
		return &Type{K: KStruct, S: c.strct(t.S)}
	case KFnPtr:
		return &Type{K: KFnPtr, Fn: c.fn(t.Fn)}
	case KAtomic, KAtomRef:
		return &Type{K: t.K, Elem: c.typ(t.Elem), Scope: t.Scope}
	}
	return t
}

func (c *cloner) v(v *Var) *Var {
	if w, ok := c.vars[v]; ok {
		return w
	}
	w := *v
	w.T = c.typ(v.T)
	w.Dims = append([]int(nil), v.Dims...)
	w.Vals = append([]int64(nil), v.Vals...)
	w.Bufs = nil
	for _, b := range v.Bufs {
		w.Bufs = append(w.Bufs, c.v(b))
	}
	c.vars[v] = &w
	return &w
}

func (c *cloner) fn(f *Func) *Func {
	if g, ok := c.fns[f]; ok {
		return g
	}
	g := &Func{Name: f.Name, Ret: c.typ(f.Ret), RetRef: f.RetRef, Copy: f.Copy}
	c.fns[f] = g
	if f.Self != nil {
		g.Self = c.v(f.Self)
	}
	for _, v := range f.Params {
		g.Params = append(g.Params, c.v(v))
	}
	for _, a := range f.Inits {
		g.Inits = append(g.Inits, c.stmt(a).(*Assign))
	}
	g.Body = c.block(f.Body)
	return g
}

func (c *cloner) block(b *Block) *Block {
	if b == nil {
		return nil
	}
	n := &Block{}
	for _, s := range b.Stmts {
		n.Stmts = append(n.Stmts, c.stmt(s))
	}
	return n
}

func (c *cloner) stmts(ss []Stmt) []Stmt {
	var out []Stmt
	for _, s := range ss {
		out = append(out, c.stmt(s))
	}
	return out
}

func (c *cloner) stmt(s Stmt) Stmt {
	switch s := s.(type) {
	case nil:
		return nil
	case *Decl:
		return &Decl{V: c.v(s.V), Init: c.expr(s.Init)}
	case *Assign:
		return &Assign{L: c.expr(s.L), Op: s.Op, R: c.expr(s.R)}
	case *IncDec:
		return &IncDec{L: c.expr(s.L), Op: s.Op}
	case *ExprStmt:
		return &ExprStmt{X: c.expr(s.X)}
	case *If:
		return &If{C: c.expr(s.C), Then: c.block(s.Then), Else: c.block(s.Else)}
	case *For:
		return &For{Init: c.stmt(s.Init), C: c.expr(s.C), Post: c.stmt(s.Post), Body: c.block(s.Body)}
	case *While:
		return &While{C: c.expr(s.C), Body: c.block(s.Body)}
	case *DoWhile:
		return &DoWhile{Body: c.block(s.Body), C: c.expr(s.C)}
	case *Switch:
		n := &Switch{X: c.expr(s.X)}
		for _, k := range s.Cases {
			n.Cases = append(n.Cases, &SwitchCase{Vals: append([]int64(nil), k.Vals...), Default: k.Default, Body: c.stmts(k.Body)})
		}
		return n
	case *Break:
		return &Break{}
	case *Continue:
		return &Continue{}
	case *Return:
		return &Return{X: c.expr(s.X)}
	case *Sync:
		n := &Sync{Op: s.Op, Mask: s.Mask, Fence: s.Fence}
		for _, inv := range s.Invs {
			ci := &BarInv{C: c.expr(inv.C), Binary: inv.Binary}
			for _, e := range inv.Insts {
				ci.Insts = append(ci.Insts, c.expr(e))
			}
			n.Invs = append(n.Invs, ci)
		}
		return n
	case *Block:
		return c.block(s)
	}
	panic("clone: unknown statement")
}

func (c *cloner) expr(e Expr) Expr {
	switch e := e.(type) {
	case nil:
		return nil
	case *Lit:
		return &Lit{T: e.T, I: e.I, F: e.F, Hex: e.Hex}
	case *Builtin:
		return &Builtin{Name: e.Name, Dim: e.Dim}
	case *VarRef:
		return &VarRef{V: c.v(e.V)}
	case *Index:
		return &Index{X: c.expr(e.X), I: c.expr(e.I)}
	case *Index2:
		return &Index2{V: c.v(e.V), I: c.expr(e.I), J: c.expr(e.J)}
	case *Row:
		return &Row{V: c.v(e.V), I: c.expr(e.I)}
	case *Member:
		return &Member{X: c.expr(e.X), F: c.field(e.F)}
	case *Deref:
		return &Deref{X: c.expr(e.X)}
	case *AddrOf:
		return &AddrOf{X: c.expr(e.X)}
	case *Unary:
		return &Unary{Op: e.Op, X: c.expr(e.X)}
	case *Binary:
		return &Binary{Op: e.Op, X: c.expr(e.X), Y: c.expr(e.Y)}
	case *Cond:
		return &Cond{C: c.expr(e.C), X: c.expr(e.X), Y: c.expr(e.Y)}
	case *Cast:
		return &Cast{T: c.typ(e.T), X: c.expr(e.X)}
	case *VecLane:
		return &VecLane{X: c.expr(e.X), I: c.expr(e.I), Lane: e.Lane}
	case *FnRef:
		return &FnRef{F: c.fn(e.F), Amp: e.Amp}
	case *Call:
		n := &Call{F: c.fn(e.F), Star: e.Star, Brace: e.Brace}
		if e.Via != nil {
			n.Via = c.v(e.Via)
		}
		for _, a := range e.Args {
			n.Args = append(n.Args, c.expr(a))
		}
		return n
	case *MinMax:
		return &MinMax{Max: e.Max, X: c.expr(e.X), Y: c.expr(e.Y)}
	case *Atomic:
		return &Atomic{Op: e.Op, P: c.expr(e.P), V: c.expr(e.V), W: c.expr(e.W), Scope: e.Scope}
	case *SyncPred:
		return &SyncPred{Op: e.Op, X: c.expr(e.X)}
	case *ByteAddr:
		return &ByteAddr{X: c.expr(e.X), Off: c.expr(e.Off)}
	case *MemOp:
		return &MemOp{Set: e.Set, Ghost: e.Ghost, Dst: c.expr(e.Dst), Src: c.expr(e.Src), N: c.expr(e.N)}
	case *LayoutOp:
		n := *e
		n.Buf = c.expr(e.Buf)
		return &n
	case *StmtExpr:
		return &StmtExpr{Stmts: c.stmts(e.Stmts), X: c.expr(e.X)}
	case *Lambda:
		n := &Lambda{ByRef: e.ByRef, Body: nil}
		for _, v := range e.Params {
			n.Params = append(n.Params, c.v(v))
		}
		n.Body = c.expr(e.Body)
		return n
	case *LambdaCall:
		n := &LambdaCall{F: c.v(e.F)}
		for _, a := range e.Args {
			n.Args = append(n.Args, c.expr(a))
		}
		return n
	case *HCall:
		n := &HCall{Fn: e.Fn}
		for _, a := range e.Args {
			n.Args = append(n.Args, c.expr(a))
		}
		return n
	case *AtomOp:
		n := &AtomOp{X: c.expr(e.X), Scope: e.Scope, Method: e.Method, Relaxed: e.Relaxed}
		if e.Ref != nil {
			n.Ref = c.v(e.Ref)
		}
		for _, a := range e.Args {
			n.Args = append(n.Args, c.expr(a))
		}
		return n
	}
	panic("clone: unknown expression")
}

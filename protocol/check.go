package protocol

import "sort"

// Info is what Check learns about a file's names.
type Info struct {
	Kinds map[string]DeclKind // every declared name
	Dims  map[string]int      // number of indices of each array that is accessed
	Arity map[string]int      // number of arguments of each param used as a function
	Decl  map[string]Pos      // where each name was declared
	// Distinct lists the groups of locals of distinct declarations: two
	// threads never hold the same value in two locals of one group.
	Distinct [][]string
	// BlockDistinct are those of distinct shared declarations: two
	// threads of one block never hold one value in them.
	BlockDistinct [][]string
}

// Arrays returns the declared arrays in name order.
func (in *Info) Arrays() []string {
	var names []string
	for n, k := range in.Kinds {
		if k.IsArray() {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	return names
}

// Params returns the declared params used as integers (not as functions), in
// name order.
func (in *Info) Params() []string { return in.names(Param) }

// Locals returns the declared locals in name order.
func (in *Info) Locals() []string { return in.names(Local) }

func (in *Info) names(kind DeclKind) []string {
	var names []string
	for n, k := range in.Kinds {
		if _, fn := in.Arity[n]; k == kind && !fn {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	return names
}

// ThreadLocal reports whether e may differ between two threads of one block:
// it mentions threadIdx or a local. When grid is set, blockIdx counts too,
// since the threads may belong to different blocks. Loop variables are not
// considered here: their locality depends on the loop, which the caller
// knows, and a loop variable must not shadow a declared name (wellformed
// renames those that do).
func (in *Info) ThreadLocal(n Node, grid bool) bool {
	local := false
	Inspect(n, func(m Node) bool {
		switch m := m.(type) {
		case *Builtin:
			local = local || m.Kind == ThreadIdx || (grid && m.Kind == BlockIdx)
		case *Var:
			k, ok := in.Kinds[m.Name]
			local = local || ok && k == Local
		}
		return !local
	})
	return local
}

// Check resolves the names of f: every variable is a declared param or local
// or a loop variable in scope, every access names a declared array with the
// same number of indices everywhere, every function is a param applied to
// the same number of arguments everywhere, and no name is declared twice. It
// numbers the accesses of f in source order (Access.ID), in place, when they
// are not numbered yet.
func Check(f *File) (*Info, error) {
	c := &checker{usedAsInt: map[string]Pos{}, info: &Info{
		Kinds: map[string]DeclKind{},
		Dims:  map[string]int{},
		Arity: map[string]int{},
		Decl:  map[string]Pos{},
	}}
	for _, d := range f.Decls {
		if d.Kind == Distinct {
			continue
		}
		for _, id := range d.Names {
			if prev, dup := c.info.Decl[id.Name]; dup {
				c.errorf(id.At, "%s redeclared (first declared at %s)", id.Name, prev)
				continue
			}
			if isReserved(id.Name) {
				c.errorf(id.At, "%s is a reserved word and cannot be declared", id.Name)
				continue
			}
			c.info.Kinds[id.Name] = d.Kind
			c.info.Decl[id.Name] = id.At
		}
	}
	c.distinct(f)
	c.block(f.Body, nil)
	for name, pos := range c.usedAsInt {
		if _, fn := c.info.Arity[name]; fn {
			c.errorf(pos, "%s is used as a function elsewhere and cannot be used as an integer", name)
		}
	}
	if err := c.errs.Err(); err != nil {
		return nil, err
	}
	numberAccesses(f)
	return c.info, nil
}

// distinct checks that the names of distinct declarations are locals and
// records the groups.
func (c *checker) distinct(f *File) {
	for _, d := range f.Decls {
		if d.Block && d.Kind != Distinct {
			c.errorf(d.At, "%s shared: only a distinct declaration is of one block's threads (distinct shared a, b;)", d.Kind)
		}
		if d.Kind != Distinct {
			continue
		}
		var group []string
		for _, id := range d.Names {
			if k, ok := c.info.Kinds[id.Name]; !ok || k != Local {
				c.errorf(id.At, "distinct: %s is not a declared local", id.Name)
				continue
			}
			group = append(group, id.Name)
		}
		if d.Block {
			c.info.BlockDistinct = append(c.info.BlockDistinct, group)
		} else {
			c.info.Distinct = append(c.info.Distinct, group)
		}
	}
}

// numberAccesses gives the unnumbered accesses of f IDs after the largest one.
func numberAccesses(f *File) {
	next := 0
	Inspect(f, func(n Node) bool {
		if a, ok := n.(*Access); ok && a.ID > next {
			next = a.ID
		}
		return true
	})
	Inspect(f, func(n Node) bool {
		if a, ok := n.(*Access); ok && a.ID == 0 {
			next++
			a.ID = next
		}
		return true
	})
}

func isReserved(name string) bool {
	switch name {
	case "tid", "threadIdx", "blockIdx", "blockDim", "gridDim", "for", "in", "step",
		"if", "else", "assume", "sync", "rd", "wr", "atomic", "true", "false",
		"param", "local", "shared", "global", "other", "as", "invariant":
		return true
	}
	return false
}

type checker struct {
	info      *Info
	errs      ErrorList
	inAssume  bool            // checking the condition of an assume, where Other may occur
	usedAsInt map[string]Pos  // declared names used as integers, for the arity check
	bound     map[string]bool // the names reads bind their values to (Access.As)
	// depth is the nesting of the block being checked (0: the body);
	// assumed, that an assume about threads precedes the statement in its
	// block or an enclosing one; inInvariant, that a barrier invariant's
	// condition is being checked
	depth                int
	assumed, inInvariant bool
	// inBinary: the condition of a barrier invariant about pairs, where
	// other(tid) is the other thread's index
	inBinary bool
}

func (c *checker) errorf(pos Pos, format string, args ...any) {
	c.errs = append(c.errs, Errorf(pos, format, args...))
}

// scope is a linked list of the loop variables and values read in scope.
type scope struct {
	name string
	next *scope
	read bool // a value a read binds (Access.As), not a loop variable
}

// bound reports whether name is a value read in scope.
func (s *scope) bound(name string) bool {
	for ; s != nil; s = s.next {
		if s.name == name {
			return s.read
		}
	}
	return false
}

func (s *scope) has(name string) bool {
	for ; s != nil; s = s.next {
		if s.name == name {
			return true
		}
	}
	return false
}

func (c *checker) block(b *Block, sc *scope) {
	if b == nil {
		return
	}
	top, assumed := c.depth == 0, c.assumed
	c.depth++
	defer func() { c.depth--; c.assumed = assumed }()
	for _, s := range b.Stmts {
		c.stmt(s, sc)
		switch s := s.(type) {
		case *Access:
			if s.As != "" {
				sc = &scope{name: s.As, next: sc, read: true} // bound for the rest of the block
			}
		case *Assume:
			// a precondition about parameters leaves no thread out
			if !top || HasOther(s.Cond) || c.info.ThreadLocal(s.Cond, true) {
				c.assumed = true // for the rest of this block
			}
		}
	}
}

func (c *checker) stmt(s Stmt, sc *scope) {
	switch s := s.(type) {
	case *Access:
		c.access(s, sc)
	case *Loop:
		c.expr(s.Lo, sc)
		c.expr(s.Hi, sc)
		if s.Step != nil {
			c.expr(s.Step, sc)
		}
		if k, ok := c.info.Kinds[s.Var]; ok && k.IsArray() {
			c.errorf(s.At, "loop variable %s has the name of an array", s.Var)
		}
		c.block(s.Body, &scope{name: s.Var, next: sc})
	case *If:
		c.cond(s.Cond, sc)
		c.block(s.Then, sc)
		c.block(s.Else, sc)
	case *Assume:
		c.inAssume = true
		c.cond(s.Cond, sc)
		c.inAssume = false
	case *Block:
		c.block(s, sc)
	case *Sync:
		if s.Invariant != nil {
			c.invariant(s, sc)
		}
	}
}

// invariant checks a barrier invariant: at a plain block barrier that
// every thread of the block reaches (no assumption before it that may
// leave a thread out or mute it, so that every thread's instance is
// checked), a condition of tid, params, loop variables and the contents
// of shared arrays.
func (c *checker) invariant(s *Sync, sc *scope) {
	if s.Scope != ScopeBlock || s.Fence != FenceAll {
		c.errorf(s.At, "a barrier invariant needs a block barrier that orders every array (sync invariant ...;)")
	}
	if c.assumed {
		c.errorf(s.Invariant.At, "a barrier invariant holds for every thread of the block and is checked by each: it cannot follow an assume about threads in its block or an enclosing one")
	}
	inv := s.Invariant
	c.inInvariant, c.inBinary = true, inv.Binary()
	c.cond(inv.Cond, sc)
	c.inInvariant, c.inBinary = false, false
	if inv.Binary() && len(inv.For) > 0 {
		c.errorf(inv.For[0].Pos(), "an invariant about pairs of threads (other(tid)) is assumed for pairs: write for {e1, e2}")
	}
	for _, e := range inv.For {
		c.expr(e, sc)
	}
	// a pair's indices are those of the threads a race query compares,
	// which other() names, as in an assume about pairs
	c.inAssume = true
	for _, p := range inv.Pairs {
		c.expr(p[0], sc)
		c.expr(p[1], sc)
	}
	c.inAssume = false
}

// content checks a[i] in a barrier invariant.
func (c *checker) content(ct *Content) {
	if !c.inInvariant {
		c.errorf(ct.At, "%s[...] is the content of an array: only a barrier invariant may use it (sync invariant ...;)", ct.Array)
		return
	}
	kind, ok := c.info.Kinds[ct.Array]
	switch {
	case !ok:
		c.errorf(ct.At, "undeclared array %s", ct.Array)
	case kind != Shared:
		c.errorf(ct.At, "%s is not a shared array: a barrier invariant speaks of shared memory, which the barrier orders for the whole block", ct.Array)
	default:
		c.dims(ct.At, ct.Array, len(ct.Index))
	}
}

func (c *checker) access(a *Access, sc *scope) {
	kind, ok := c.info.Kinds[a.Array]
	switch {
	case !ok:
		c.errorf(a.At, "undeclared array %s", a.Array)
	case !kind.IsArray():
		c.errorf(a.At, "%s is a %s, not an array", a.Array, kind)
	default:
		c.dims(a.At, a.Array, len(a.Index))
	}
	if len(a.Index) == 0 {
		c.errorf(a.At, "access to %s has no index", a.Array)
	}
	for _, e := range a.Index {
		c.expr(e, sc)
	}
	if a.As != "" {
		c.bind(a, sc)
	}
	if a.Value != nil {
		if a.Mode != Write {
			c.errorf(a.At, "only a write has a value (%s %s)", a.Mode, a.Array)
		}
		c.expr(a.Value, sc)
	}
}

// dims checks that array is indexed with n indices, as everywhere else.
func (c *checker) dims(at Pos, array string, n int) {
	if m, seen := c.info.Dims[array]; seen && m != n {
		c.errorf(at, "array %s is accessed with %d indices here and %d elsewhere", array, n, m)
	} else {
		c.info.Dims[array] = n
	}
}

// bind checks the name a read binds its value to: a read's, fresh (no
// declaration, loop variable in scope or other read has it), so that
// every use names one read.
func (c *checker) bind(a *Access, sc *scope) {
	_, declared := c.info.Kinds[a.As]
	switch {
	case a.Mode != Read:
		c.errorf(a.At, "only a read binds the value it reads (%s %s as %s)", a.Mode, a.Array, a.As)
	case isReserved(a.As):
		c.errorf(a.At, "%s is reserved and cannot name a value read", a.As)
	case declared || sc.has(a.As):
		c.errorf(a.At, "%s already names something here; the value a read binds needs a fresh name", a.As)
	case c.bound[a.As]:
		c.errorf(a.At, "%s names the value of another read; each read needs its own name", a.As)
	}
	if c.bound == nil {
		c.bound = map[string]bool{}
	}
	c.bound[a.As] = true
}

func (c *checker) expr(e Expr, sc *scope) {
	Inspect(e, func(n Node) bool {
		switch n := n.(type) {
		case *Var:
			c.variable(n, sc)
		case *Call:
			c.call(n, sc)
		case *Builtin:
			if n.Dim < 0 || n.Dim > 2 {
				c.errorf(n.At, "%s has no dimension %d", n.Kind, n.Dim)
			}
		case *Ite:
			c.cond(n.Cond, sc)
			c.expr(n.Then, sc)
			c.expr(n.Else, sc)
			return false
		case *Other:
			c.other(n, sc)
			return false
		case *Content:
			c.content(n)
		}
		return true
	})
}

// other checks other(x): in an assume, of the thread's own threadIdx,
// blockIdx or a local (the other thread's value of a param is the param).
func (c *checker) other(o *Other, sc *scope) {
	if c.inBinary {
		if b, ok := o.X.(*Builtin); !ok || b.Kind != ThreadIdx || b.Dim != 0 {
			c.errorf(o.At, "a barrier invariant about pairs names the other thread's index only: other(tid)")
		}
		return
	}
	if !c.inAssume {
		c.errorf(o.At, "other() names the other thread of a pair: only an assume or a barrier invariant may use it")
	}
	switch x := o.X.(type) {
	case *Builtin:
		c.expr(x, sc)
		if x.Kind != ThreadIdx && x.Kind != BlockIdx {
			c.errorf(o.At, "other(%s) is %s itself: only threadIdx, blockIdx and locals differ between threads", x.Name(), x.Name())
		}
	case *Var:
		if sc.bound(x.Name) {
			c.errorf(o.At, "other() of %s, a value read: only threadIdx, blockIdx and locals name the other thread's values", x.Name)
			return
		}
		if sc.has(x.Name) {
			c.errorf(o.At, "other() of the loop variable %s: the other thread may be in another iteration", x.Name)
			return
		}
		c.variable(x, sc)
		if k, ok := c.info.Kinds[x.Name]; ok && k == Param {
			c.errorf(o.At, "other(%s) is the param %s itself: only threadIdx, blockIdx and locals differ between threads", x.Name, x.Name)
		}
	default:
		c.errorf(o.At, "other() takes tid, threadIdx, blockIdx or a local")
	}
}

func (c *checker) variable(v *Var, sc *scope) {
	if c.inInvariant && (sc.bound(v.Name) || c.info.Kinds[v.Name] == Local && !sc.has(v.Name)) {
		c.errorf(v.At, "a barrier invariant is a condition of the thread tid and the memory, checked by each thread and assumed for others: it cannot use %s, which is the thread's own", v.Name)
		return
	}
	if sc.has(v.Name) {
		return
	}
	kind, ok := c.info.Kinds[v.Name]
	switch {
	case !ok:
		c.errorf(v.At, "undeclared name %s", v.Name)
	case kind.IsArray():
		c.errorf(v.At, "array %s used as an integer; access it with rd, wr or atomic", v.Name)
	default:
		if _, seen := c.usedAsInt[v.Name]; !seen {
			c.usedAsInt[v.Name] = v.At
		}
	}
}

func (c *checker) call(call *Call, sc *scope) {
	if sc.has(call.Func) {
		c.errorf(call.At, "loop variable %s is not a function", call.Func)
		return
	}
	kind, ok := c.info.Kinds[call.Func]
	switch {
	case !ok:
		c.errorf(call.At, "undeclared function %s", call.Func)
	case kind != Param:
		c.errorf(call.At, "%s is a %s; only a param can be used as a function", call.Func, kind)
	default:
		if n, seen := c.info.Arity[call.Func]; seen && n != len(call.Args) {
			c.errorf(call.At, "%s is applied to %d arguments here and %d elsewhere", call.Func, len(call.Args), n)
		} else {
			c.info.Arity[call.Func] = len(call.Args)
		}
	}
}

func (c *checker) cond(cd Cond, sc *scope) {
	Inspect(cd, func(n Node) bool {
		if e, ok := n.(Expr); ok {
			c.expr(e, sc)
			return false
		}
		return true
	})
}

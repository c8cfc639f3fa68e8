package cudagen

import "math/rand"

// This file generates constructors: structs with user-provided __device__
// constructors whose bodies touch memory, so that a front end that skips
// a constructor, or runs it at the wrong time, misses accesses.
//
//	__device__ int cg3[64];
//	struct C4 {
//	  int a;
//	  int b = 2;
//	  int c;
//	  __device__ C4() : c(this->a + 1), a((int)threadIdx.x) {
//	    cg3[threadIdx.x] = this->a;
//	  }
//	  __device__ C4(const C4 &o) : a(o.a), b(o.b), c(o.c) {
//	    cg3[threadIdx.x] = this->c;
//	  }
//	};
//	...
//	C4 s5;                // the default constructor writes the thread's cell
//	int u7 = f6(s5);      // the copy constructor writes it again
//	sink[tid] += (unsigned)u7;
//	__syncthreads();
//	int u8 = cg3[(threadIdx.x + 1u) % blockDim.x];
//	sink[tid] += (unsigned)u8;
//
// A group is one struct of constructors (its fields initialized by the
// member initializer list, written in declaration order or not, by
// default member initializers or by the body) and one way to reach them:
// a local "S s;" (the default constructor), "S s(buf, i, v);" or "S
// s{buf, i, v};" (a constructor of arguments, writing a __shared__ array
// or a global parameter through its pointer), a struct passed by value to
// a __device__ function or copied into a local (the copy constructor,
// also of a class template "template <class T, int W> struct C { T a; T b
// = W; ... };" used as C<int, 2>), a struct with a member or a base of
// the struct (whose implicit or user-provided constructor runs the
// member's or base's first), and a local array "S a[3];" (the default
// constructor once per element). The constructors write and read the
// thread's cell of an array of the group's own (a __device__ array of
// namespace scope, the only memory a default constructor can reach),
// which after a barrier each thread reads at its neighbour's cell. Racy
// kernels write or read a neighbour's cell, a cell shared by two threads
// or by every block, or leave the barrier out. The interpreter runs the
// constructors by C++'s rules (interp_ctor.go), so its verdict counts
// every access they make.

// ctorProb is the probability of a group at each statement of the
// kernel's top level.
var ctorProb = 0.08

func newCtorRand(seed int64) *rand.Rand { return rand.New(rand.NewSource(seed ^ 0xc7075)) }

// ctorHere says whether to place a group here: at the kernel's top level,
// where a barrier may be placed, in a launch of one dimension, once a
// kernel.
func (g *gen) ctorHere() bool {
	p := g.p
	if g.ctorDone || g.cr == nil || g.depth > 0 || len(g.loops) > 0 || g.inSwitch > 0 || !g.canSync() ||
		p.Block[1] > 1 || p.Block[2] > 1 || p.Grid[1] > 1 || p.Grid[2] > 1 {
		return false
	}
	return g.cr.Float64() < ctorProb
}

// ctorGroup is what a group's constructors share.
type ctorGroup struct {
	g    *gen
	r    *rand.Rand
	cell *Var // the group's array
	grid bool // cell is one array for the grid, and the launch has several blocks
	racy bool // break the discipline at one point
}

// The shapes of a group.
const (
	shDefault = iota
	shArgs
	shCopy
	shMember
	shArray
)

// ctorStmt places a group.
func (g *gen) ctorStmt(out *[]Stmt) {
	g.ctorDone = true
	r := g.cr
	cg := &ctorGroup{g: g, r: r, grid: g.p.blocks() > 1}
	cg.racy = g.mood == Racy && (g.risky() || r.Intn(3) == 0)
	// weights that keep each construct of the family well above 1% of
	// kernels (TestCoverage)
	shape := pickFrom(r, 3, 4, 5, 5, 3)
	if shape == shArgs {
		cg.argsGroup(out)
		return
	}
	cg.cell = &Var{Name: g.name("cg"), Kind: VGlobal, T: tInt, Dims: []int{1}}
	g.p.Globals = append(g.p.Globals, cg.cell)
	s := cg.newStruct()
	s.Ctors = append(s.Ctors, cg.defaultCtor(s))
	switch shape {
	case shCopy:
		cg.copyGroup(out, s)
	case shMember:
		cg.outerGroup(out, s)
	case shArray:
		cg.arrayGroup(out, s)
	default:
		v := cg.local(out, s, nil)
		cg.use(out, &Member{X: ref(v), F: s.Fields[0]})
	}
	cg.neighbour(out)
}

// newStruct makes a struct of three int fields, the second sometimes
// with a default member initializer.
func (cg *ctorGroup) newStruct() *Struct {
	s := &Struct{Name: cg.g.name("C")}
	for i, n := range []string{"a", "b", "c"} {
		f := &Field{Name: n, T: tInt}
		if i == 1 && cg.r.Intn(2) == 0 {
			f.Def, f.DefVal = true, int64(1+cg.r.Intn(4))
		}
		s.Fields = append(s.Fields, f)
	}
	cg.g.p.Structs = append(cg.g.p.Structs, s)
	return s
}

// self is a constructor's "this".
func self(s *Struct) *Var { return &Var{Name: "this", Kind: VRef, T: &Type{K: KStruct, S: s}} }

func this(f *Func, fl *Field) *Member { return &Member{X: ref(f.Self), F: fl} }

// ownE is the thread's cell of the group's array, from the builtins
// (a constructor sees no local of the kernel).
func (cg *ctorGroup) ownE() Expr {
	if cg.grid {
		return bin("+", tidx(0), bin("*", bidx(0), bdim(0)))
	}
	return tidx(0)
}

// racyE is a cell another thread reaches too: the next thread's, one of
// two threads', a cell of every block's thread, or cell 0.
func (cg *ctorGroup) racyE() Expr {
	switch cg.r.Intn(4) {
	case 0:
		return bin("+", cg.ownE(), uintLit(1))
	case 1:
		return bin("/", cg.ownE(), uintLit(2))
	case 2:
		if cg.grid {
			return tidx(0)
		}
	}
	return uintLit(0)
}

// effects are the body's memory accesses through cell (an array or a
// pointer) at the own index own(): a write of a field, sometimes a read
// into a field after it; in a racy group one of them at racyE (or idx's
// racy replacement), the read at the next thread's cell.
func (cg *ctorGroup) effects(f *Func, s *Struct, cell func() Expr, own func() Expr, racy bool) []Stmt {
	r := cg.r
	w, rd := own(), own()
	if racy {
		if r.Intn(2) == 0 {
			w = cg.racyE()
		} else {
			rd = bin("+", own(), uintLit(1))
		}
	}
	// the value differs between any two threads of the grid: two writes
	// of one value, each read back by its writer, are a benign pair for
	// drfcheck by default (README: a read of the thread's own write is
	// not an access), which Case.Harmful does not know
	gid := bin("+", tidx(0), bin("*", bidx(0), bdim(0)))
	val := Expr(bin("+", this(f, s.Fields[0]), &Cast{T: tInt, X: gid}))
	if r.Intn(2) == 0 {
		val = bin("+", val, intLit(int64(1+r.Intn(5))))
	}
	out := []Stmt{&Assign{L: &Index{X: cell(), I: w}, Op: "=", R: val}}
	if racy || r.Intn(2) == 0 {
		out = append(out, &Assign{L: this(f, s.Fields[2]), Op: "+=", R: &Index{X: cell(), I: rd}})
	}
	return out
}

// defaultCtor is S() : inits { body }: a from the thread's id or a
// constant, c from a or a constant, b (without a default member
// initializer) in the list or the body; the list written in declaration
// order or not, and the body's accesses most of the time.
func (cg *ctorGroup) defaultCtor(s *Struct) *Func {
	r := cg.r
	f := &Func{Name: s.Name, Ret: tVoid, Body: &Block{}}
	f.Self = self(s)
	a, b, c := s.Fields[0], s.Fields[1], s.Fields[2]
	var av Expr = &Cast{T: tInt, X: tidx(0)}
	if r.Intn(3) == 0 {
		av = intLit(int64(r.Intn(8)))
	}
	f.Inits = append(f.Inits, &Assign{L: this(f, a), Op: "=", R: av})
	var cv Expr = bin("+", this(f, a), intLit(1)) // a is initialized before c
	if r.Intn(3) == 0 {
		cv = intLit(int64(r.Intn(8)))
	}
	f.Inits = append(f.Inits, &Assign{L: this(f, c), Op: "=", R: cv})
	if !b.Def {
		if r.Intn(2) == 0 {
			f.Inits = append(f.Inits, &Assign{L: this(f, b), Op: "=", R: intLit(int64(r.Intn(8)))})
		} else {
			f.Body.Stmts = append(f.Body.Stmts, &Assign{L: this(f, b), Op: "=", R: bin("*", this(f, a), intLit(2))})
		}
	}
	if r.Intn(2) == 0 {
		r.Shuffle(len(f.Inits), func(i, j int) { f.Inits[i], f.Inits[j] = f.Inits[j], f.Inits[i] })
	}
	if cg.cell != nil && r.Intn(5) > 0 {
		f.Body.Stmts = append(f.Body.Stmts, cg.effects(f, s, func() Expr { return ref(cg.cell) }, cg.ownE, cg.racy)...)
	}
	return f
}

// local declares "S v;" (init nil) or "S v = init;".
func (cg *ctorGroup) local(out *[]Stmt, s *Struct, init Expr) *Var {
	v := &Var{Name: cg.g.name("s"), Kind: VLocal, T: &Type{K: KStruct, S: s}}
	*out = append(*out, &Decl{V: v, Init: init})
	return v
}

// use feeds a field's value to the sink, through a local.
func (cg *ctorGroup) use(out *[]Stmt, x Expr) {
	u := &Var{Name: cg.g.name("u"), Kind: VLocal, T: tInt}
	*out = append(*out, &Decl{V: u, Init: x})
	cg.g.use(out, u)
}

// neighbour reads, after a barrier (left out in some racy groups), the
// cell of the next thread of the block.
func (cg *ctorGroup) neighbour(out *[]Stmt) {
	g := cg.g
	if g.p.threads() < 2 || cg.r.Intn(3) == 0 {
		return
	}
	if !cg.racy || cg.r.Intn(2) == 0 {
		g.sync(out)
	}
	var nb Expr = bin("%", bin("+", tidx(0), uintLit(1)), bdim(0))
	if cg.grid {
		nb = bin("+", bin("*", bidx(0), bdim(0)), nb)
	}
	cg.use(out, &Index{X: ref(cg.cell), I: nb})
}

// argsGroup: S(int *q, unsigned i, int v) : a(v), c(i) { q[i] = a; ... }
// constructs "S s(buf, i, v);" or "S s{buf, i, v};" with buf a __shared__
// array or a global parameter of the group.
func (cg *ctorGroup) argsGroup(out *[]Stmt) {
	g, r := cg.g, cg.r
	shared := r.Intn(2) == 0
	if shared {
		cg.cell = &Var{Name: g.name("cs"), Kind: VShared, T: tInt, Dims: []int{1}}
		g.ownShared = append(g.ownShared, cg.cell)
		cg.grid = false
	} else {
		cg.cell = &Var{Name: g.name("cp"), Kind: VLocal, T: ptrTo(tInt), Param: true, Len: 1}
		g.k.Params = append(g.k.Params, cg.cell)
	}
	s := cg.newStruct()
	f := &Func{Name: s.Name, Ret: tVoid, Body: &Block{}}
	f.Self = self(s)
	q, i, v := param(g.name("q"), ptrTo(tInt)), param(g.name("i"), tUint), param(g.name("v"), tInt)
	f.Params = []*Var{q, i, v}
	a, b, c := s.Fields[0], s.Fields[1], s.Fields[2]
	f.Inits = []*Assign{{L: this(f, a), Op: "=", R: ref(v)}, {L: this(f, c), Op: "=", R: &Cast{T: tInt, X: ref(i)}}}
	if !b.Def {
		f.Inits = append(f.Inits, &Assign{L: this(f, b), Op: "=", R: bin("-", ref(v), intLit(1))})
	}
	f.Body.Stmts = cg.effects(f, s, func() Expr { return ref(q) }, func() Expr { return ref(i) }, false)
	s.Ctors = append(s.Ctors, f)
	idx := cg.ownE()
	if cg.racy {
		idx = cg.racyE()
	}
	call := &Call{F: f, Args: []Expr{ref(cg.cell), idx, intLit(int64(r.Intn(9)))}, Brace: r.Intn(2) == 0}
	sv := cg.local(out, s, call)
	cg.use(out, &Member{X: ref(sv), F: b})
	cg.neighbour(out)
}

// copyGroup adds a copy constructor of effects to s (sometimes an
// instance C<int, 2> of a class template) and copies a local of s into a
// __device__ function's parameter or into another local.
func (cg *ctorGroup) copyGroup(out *[]Stmt, s *Struct) {
	g, r := cg.g, cg.r
	if r.Intn(5) < 4 {
		b := s.Fields[1]
		if !b.Def {
			// the int parameter is b's default value; the default
			// constructor's initializer of b, if any, wins over it
			b.Def, b.DefVal = true, int64(1+r.Intn(4))
		}
		templated(s, []string{"a", "b", "c"}, "b")
	}
	f := &Func{Name: s.Name, Ret: tVoid, Body: &Block{}, Copy: true}
	f.Self = self(s)
	o := refParam(g.name("o"), &Type{K: KStruct, S: s})
	f.Params = []*Var{o}
	for k, fl := range s.Fields {
		from := &Member{X: ref(o), F: fl}
		if k == 2 && r.Intn(2) == 0 {
			f.Body.Stmts = append(f.Body.Stmts, &Assign{L: this(f, fl), Op: "=", R: bin("+", from, intLit(1))})
			continue
		}
		f.Inits = append(f.Inits, &Assign{L: this(f, fl), Op: "=", R: from})
	}
	if r.Intn(5) > 0 {
		f.Body.Stmts = append(f.Body.Stmts, cg.effects(f, s, func() Expr { return ref(cg.cell) }, cg.ownE, cg.racy)...)
	}
	s.Ctors = append(s.Ctors, f)
	v := cg.local(out, s, nil)
	if r.Intn(2) == 0 {
		fn := g.fn("ctorcopy"+s.Name, func(name string) *Func {
			q := param(g.name("p"), &Type{K: KStruct, S: s})
			return &Func{Name: name, Ret: tInt, Params: []*Var{q}, Body: block(
				&Return{X: bin("+", &Member{X: ref(q), F: s.Fields[0]}, &Member{X: ref(q), F: s.Fields[2]})})}
		})
		cg.use(out, &Call{F: fn, Args: []Expr{ref(v)}})
	} else {
		t := cg.local(out, s, ref(v))
		cg.use(out, &Member{X: ref(t), F: s.Fields[2]})
	}
}

// outerGroup makes a struct with s as a member ("struct M { int z; S
// m; };") or as its base ("struct D : S { int z; };"), sometimes with a
// default constructor of its own, and declares a local of it.
func (cg *ctorGroup) outerGroup(out *[]Stmt, s *Struct) {
	g, r := cg.g, cg.r
	o := &Struct{Name: g.name("C")}
	st := &Type{K: KStruct, S: s}
	z := &Field{Name: "z", T: tInt}
	var path []*Field // from the outer struct to s's field a
	if r.Intn(2) == 0 {
		m := &Field{Name: "m", T: st}
		o.Fields = []*Field{z, m}
		if r.Intn(2) == 0 {
			o.Fields = []*Field{m, z}
		}
		path = []*Field{m, s.Fields[0]}
	} else {
		o.Base = s
		o.Fields = append(append([]*Field(nil), s.Fields...), z)
		path = []*Field{s.Fields[0]}
	}
	if r.Intn(2) == 0 {
		z.Def, z.DefVal = true, int64(r.Intn(5))
	}
	if !z.Def || r.Intn(2) == 0 {
		// a constructor of its own: its body runs after the base's and
		// the member's, and reads what they left
		f := &Func{Name: o.Name, Ret: tVoid, Body: &Block{}}
		f.Self = self(o)
		var inS Expr = ref(f.Self)
		for _, fl := range path {
			inS = &Member{X: inS, F: fl}
		}
		if r.Intn(2) == 0 {
			f.Inits = []*Assign{{L: this(f, z), Op: "=", R: intLit(int64(r.Intn(5)))}}
		} else {
			f.Body.Stmts = []Stmt{&Assign{L: this(f, z), Op: "=", R: bin("+", inS, intLit(1))}}
		}
		o.Ctors = []*Func{f}
	}
	g.p.Structs = append(g.p.Structs, o)
	v := cg.local(out, o, nil)
	var x Expr = ref(v)
	for _, fl := range path {
		x = &Member{X: x, F: fl}
	}
	cg.use(out, x)
}

// arrayGroup declares "S a[N];" and reads a field of one element.
func (cg *ctorGroup) arrayGroup(out *[]Stmt, s *Struct) {
	n := 2 + cg.r.Intn(2)
	v := &Var{Name: cg.g.name("sa"), Kind: VLocalArr, T: &Type{K: KStruct, S: s}, Dims: []int{n}}
	*out = append(*out, &Decl{V: v})
	cg.use(out, &Member{X: &Index{X: ref(v), I: intLit(int64(cg.r.Intn(n)))}, F: s.Fields[0]})
}

// ctorConstructs names the constructs of this file.
func ctorConstructs(p *Program, add func(string)) {
	for _, s := range p.Structs {
		if s.Base != nil && s.Base.defaultCtor() != nil {
			add("ctor base")
		}
		for _, f := range s.ownFields() {
			if f.T.K == KStruct && len(f.T.S.Ctors) > 0 {
				add("ctor member")
			}
		}
		for _, f := range s.Ctors {
			if f.Copy && s.Tmpl != nil {
				add("ctor copy template")
			}
			if ctorTouchesMemory(f) {
				add("ctor memory")
			}
			if outOfOrder(s, f) {
				add("ctor init order")
			}
		}
	}
	walkProgram(p, func(st Stmt) {
		d, ok := st.(*Decl)
		if !ok || d.V.T.K != KStruct || len(d.V.T.S.Ctors) == 0 {
			return
		}
		c, _ := d.Init.(*Call)
		switch {
		case d.V.Kind == VLocalArr:
			add("ctor array")
		case c != nil && c.F.Self != nil && c.Brace:
			add("ctor args {}")
		case c != nil && c.F.Self != nil:
			add("ctor args")
		case d.Init == nil && d.V.T.S.defaultCtor() != nil:
			add("ctor default")
		case d.Init != nil && d.V.T.S.copyCtor() != nil:
			add("ctor copy")
		}
	}, func(e Expr) {
		if c, ok := e.(*Call); ok && c.F.Self == nil {
			for _, p := range c.F.Params {
				if p.Kind == VLocal && p.T.K == KStruct && p.T.S.copyCtor() != nil {
					add("ctor copy")
				}
			}
		}
	})
}

// ctorTouchesMemory says whether a constructor's body accesses memory.
func ctorTouchesMemory(f *Func) bool {
	found := false
	walkBlock(f.Body, nil, func(e Expr) {
		if _, ok := e.(*Index); ok {
			found = true
		}
	})
	return found
}

// outOfOrder says whether f's member initializer list is written in
// another order than the fields are declared.
func outOfOrder(s *Struct, f *Func) bool {
	last := -1
	for _, a := range f.Inits {
		k := s.offset(a.L.(*Member).F)
		if k < last {
			return true
		}
		last = k
	}
	return false
}

package cudagen

import (
	"strings"
	"testing"
)

// ctorKB is a kernel of kb with a __device__ array cg of namespace scope
// (what a default constructor can reach) and a struct S { int a; int b =
// 7; int c; } without constructors yet.
type ctorKB struct {
	*kb
	cg      *Var
	s       *Struct
	a, b, c *Field
}

func newCtorKB(block int) *ctorKB {
	k := &ctorKB{kb: newKB(block, 1, 0, [2]int64{})}
	k.cg = &Var{Name: "cg", Kind: VGlobal, T: tInt, Dims: []int{1}}
	k.p.Globals = append(k.p.Globals, k.cg)
	k.a, k.b, k.c = &Field{Name: "a", T: tInt}, &Field{Name: "b", T: tInt, Def: true, DefVal: 7}, &Field{Name: "c", T: tInt}
	k.s = &Struct{Name: "S", Fields: []*Field{k.a, k.b, k.c}}
	k.p.Structs = append(k.p.Structs, k.s)
	return k
}

func (k *ctorKB) st() *Type { return &Type{K: KStruct, S: k.s} }

// ctor adds a constructor of s: inits maps fields to initializers (in the
// order given), body is made from the constructor's "this".
func (k *ctorKB) ctor(s *Struct, params []*Var, copy bool, inits func(f *Func) []*Assign, body func(f *Func) []Stmt) *Func {
	f := &Func{Name: s.Name, Ret: tVoid, Params: params, Copy: copy, Self: self(s), Body: &Block{}}
	if inits != nil {
		f.Inits = inits(f)
	}
	if body != nil {
		f.Body.Stmts = body(f)
	}
	s.Ctors = append(s.Ctors, f)
	return f
}

func (k *ctorKB) CG(i Expr) Expr { return &Index{X: ref(k.cg), I: i} }

func init1(f *Func, fl *Field, x Expr) *Assign { return &Assign{L: this(f, fl), Op: "=", R: x} }

// TestInterpreterConstructors checks the interpreter's verdicts on
// constructors: which run, in which order, and what their bodies touch.
func TestInterpreterConstructors(t *testing.T) {
	tid := func() Expr { return &Cast{T: tInt, X: tidx(0)} }
	tests := []struct {
		name string
		make func() *ctorKB
		want Verdict
		race string
	}{
		{"S s; the default constructor writes cg[tid]", func() *ctorKB {
			k := newCtorKB(4)
			k.ctor(k.s, nil, false, func(f *Func) []*Assign { return []*Assign{init1(f, k.a, tid())} },
				func(f *Func) []Stmt { return []Stmt{set(k.CG(this(f, k.a)), intLit(1))} })
			k.add(&Decl{V: &Var{Name: "v", Kind: VLocal, T: k.st()}})
			return k
		}, DRF, ""},
		{"S s; the default constructor writes cg[0]", func() *ctorKB {
			k := newCtorKB(4)
			k.ctor(k.s, nil, false, nil, func(f *Func) []Stmt { return []Stmt{set(k.CG(intLit(0)), intLit(1))} })
			k.add(&Decl{V: &Var{Name: "v", Kind: VLocal, T: k.st()}})
			return k
		}, Racy, "cg[0]"},
		{"the list runs in the fields' order: c(a + 1), a(tid) gives c = tid + 1", func() *ctorKB {
			k := newCtorKB(4)
			k.ctor(k.s, nil, false, func(f *Func) []*Assign {
				return []*Assign{init1(f, k.c, plus(this(f, k.a), 1)), init1(f, k.a, tid())}
			}, func(f *Func) []Stmt { return []Stmt{set(k.CG(this(f, k.c)), intLit(1))} })
			k.add(&Decl{V: &Var{Name: "v", Kind: VLocal, T: k.st()}})
			return k
		}, DRF, ""},
		{"an initializer wins over the default member initializer b = 7", func() *ctorKB {
			k := newCtorKB(4)
			k.ctor(k.s, nil, false, func(f *Func) []*Assign { return []*Assign{init1(f, k.b, tid())} },
				func(f *Func) []Stmt { return []Stmt{set(k.CG(this(f, k.b)), intLit(1))} })
			k.add(&Decl{V: &Var{Name: "v", Kind: VLocal, T: k.st()}})
			return k
		}, DRF, ""},
		{"without one, b = 7 for every thread", func() *ctorKB {
			k := newCtorKB(4)
			k.ctor(k.s, nil, false, nil, func(f *Func) []Stmt { return []Stmt{set(k.CG(this(f, k.b)), intLit(1))} })
			k.add(&Decl{V: &Var{Name: "v", Kind: VLocal, T: k.st()}})
			return k
		}, Racy, "cg[7]"},
		{"a member's constructor runs: struct M { int z; S m; }", func() *ctorKB {
			k := newCtorKB(4)
			k.ctor(k.s, nil, false, nil, func(f *Func) []Stmt { return []Stmt{set(k.CG(intLit(0)), intLit(1))} })
			m := &Struct{Name: "M", Fields: []*Field{{Name: "z", T: tInt}, {Name: "m", T: k.st()}}}
			k.p.Structs = append(k.p.Structs, m)
			k.add(&Decl{V: &Var{Name: "v", Kind: VLocal, T: &Type{K: KStruct, S: m}}})
			return k
		}, Racy, "cg[0]"},
		{"the base's constructor runs before the body: D() { cg[a] = 1; } with S() : a(tid)", func() *ctorKB {
			k := newCtorKB(4)
			k.ctor(k.s, nil, false, func(f *Func) []*Assign { return []*Assign{init1(f, k.a, tid())} }, nil)
			d := &Struct{Name: "D", Base: k.s, Fields: []*Field{k.a, k.b, k.c, {Name: "z", T: tInt}}}
			k.p.Structs = append(k.p.Structs, d)
			k.ctor(d, nil, false, nil, func(f *Func) []Stmt { return []Stmt{set(k.CG(this(f, k.a)), intLit(1))} })
			k.add(&Decl{V: &Var{Name: "v", Kind: VLocal, T: &Type{K: KStruct, S: d}}})
			return k
		}, DRF, ""},
		{"S a[2]: every element's constructor writes cg[tid + 1]", func() *ctorKB {
			k := newCtorKB(4)
			k.ctor(k.s, nil, false, nil, func(f *Func) []Stmt { return []Stmt{set(k.CG(plus(tid(), 1)), intLit(1))} })
			k.add(&Decl{V: &Var{Name: "v", Kind: VLocalArr, T: k.st(), Dims: []int{2}}}, sync(), set(k.CG(tid()), intLit(2)))
			return k
		}, DRF, ""},
		{"S a[2], then a neighbour's cell without a barrier", func() *ctorKB {
			k := newCtorKB(4)
			k.ctor(k.s, nil, false, nil, func(f *Func) []Stmt { return []Stmt{set(k.CG(plus(tid(), 1)), intLit(1))} })
			k.add(&Decl{V: &Var{Name: "v", Kind: VLocalArr, T: k.st(), Dims: []int{2}}}, set(k.CG(tid()), intLit(2)))
			return k
		}, Racy, "cg[1]"},
		{"the copy constructor runs on a pass by value", func() *ctorKB {
			k := newCtorKB(4)
			k.ctor(k.s, nil, false, func(f *Func) []*Assign { return []*Assign{init1(f, k.a, intLit(1))} }, nil)
			o := &Var{Name: "o", Kind: VRef, T: k.st()}
			k.ctor(k.s, []*Var{o}, true, func(f *Func) []*Assign { return []*Assign{init1(f, k.a, &Member{X: ref(o), F: k.a})} },
				func(f *Func) []Stmt { return []Stmt{set(k.CG(this(f, k.a)), intLit(1))} })
			q := &Var{Name: "q", Kind: VLocal, T: k.st()}
			fn := &Func{Name: "f", Ret: tInt, Params: []*Var{q}, Body: block(&Return{X: &Member{X: ref(q), F: k.a}})}
			k.p.Funcs = append(k.p.Funcs, fn)
			v := &Var{Name: "v", Kind: VLocal, T: k.st()}
			k.add(&Decl{V: v}, &Decl{V: local("x"), Init: &Call{F: fn, Args: []Expr{ref(v)}}})
			return k
		}, Racy, "cg[1]"},
		{"S t = s; runs the copy constructor", func() *ctorKB {
			k := newCtorKB(4)
			k.ctor(k.s, nil, false, func(f *Func) []*Assign { return []*Assign{init1(f, k.a, tid())} }, nil)
			o := &Var{Name: "o", Kind: VRef, T: k.st()}
			k.ctor(k.s, []*Var{o}, true, func(f *Func) []*Assign { return []*Assign{init1(f, k.a, plus(&Member{X: ref(o), F: k.a}, 1))} },
				func(f *Func) []Stmt { return []Stmt{set(k.CG(this(f, k.a)), intLit(1))} })
			v := &Var{Name: "v", Kind: VLocal, T: k.st()}
			k.add(&Decl{V: v}, &Decl{V: &Var{Name: "w", Kind: VLocal, T: k.st()}, Init: ref(v)}, set(k.CG(tid()), intLit(2)))
			return k
		}, Racy, "cg[1]"},
		{"S s(ps, i, v) writes s[i]: i = tid + 1 against s[tid]", func() *ctorKB {
			k := newCtorKB(4)
			q, i := param("q", ptrTo(tInt)), param("i", tInt)
			f := k.ctor(k.s, []*Var{q, i}, false, nil, func(f *Func) []Stmt { return []Stmt{set(&Index{X: ref(q), I: ref(i)}, intLit(1))} })
			k.add(&Decl{V: &Var{Name: "v", Kind: VLocal, T: k.st()}, Init: &Call{F: f, Args: []Expr{ref(k.kb.s), plus(k.T(), 1)}, Brace: true}},
				set(k.S(k.T()), intLit(2)))
			return k
		}, Racy, "s[1]"},
	}
	for _, tc := range tests {
		k := tc.make()
		c, err := k.run(t)
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if c.Expect != tc.want || !strings.Contains(c.Race, tc.race) {
			t.Errorf("%s: %s (%s), want %s (%s)\n%s", tc.name, c.Expect, c.Race, tc.want, tc.race, c.Source)
		}
	}
}

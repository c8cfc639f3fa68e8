package cudagen

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// kb builds small kernels by hand for the interpreter's tests: a shared
// int array s, a shared Pair array ps, a global int array out, an int
// parameter n, a struct parameter cfg {base, len}, and tid = threadIdx.x.
type kb struct {
	p               *Program
	s, ps, out, tid *Var
	n, cfg          *Var
	pair, cfgS      *Struct
	body            []Stmt
	extra           []*Var // more parameters (counters)
}

func newKB(block, grid int, n int64, cfg [2]int64) *kb {
	b := &kb{}
	b.pair = &Struct{Name: "Pair", Fields: []*Field{{Name: "a", T: tInt}, {Name: "b", T: tInt}}}
	b.cfgS = &Struct{Name: "Cfg", Fields: []*Field{{Name: "base", T: tInt}, {Name: "len", T: tInt}}}
	b.s = &Var{Name: "s", Kind: VShared, T: tInt, Dims: []int{1}}
	b.ps = &Var{Name: "ps", Kind: VShared, T: &Type{K: KStruct, S: b.pair}, Dims: []int{1}}
	b.out = &Var{Name: "out", Kind: VLocal, T: ptrTo(tInt), Param: true, Len: 1}
	b.n = &Var{Name: "n", Kind: VLocal, T: tInt, Param: true, Vals: []int64{n}}
	b.cfg = &Var{Name: "cfg", Kind: VLocal, T: &Type{K: KStruct, S: b.cfgS}, Param: true, Vals: []int64{cfg[0], cfg[1]}}
	b.tid = &Var{Name: "tid", Kind: VLocal, T: tInt}
	b.p = &Program{Block: [3]int{block, 1, 1}, Grid: [3]int{grid, 1, 1}, Structs: []*Struct{b.pair, b.cfgS}}
	b.body = []Stmt{&Decl{V: b.s}, &Decl{V: b.ps}, &Decl{V: b.tid, Init: tidx(0)}}
	return b
}

func (b *kb) add(s ...Stmt) *kb {
	b.body = append(b.body, s...)
	return b
}

func (b *kb) run(t *testing.T) (*Case, error) {
	t.Helper()
	b.p.Kernel = &Func{Name: "k", Ret: tVoid, Params: append([]*Var{b.n, b.cfg, b.out}, b.extra...), Body: &Block{Stmts: b.body}}
	return finalize(b.p)
}

// counter adds a counter array parameter (gencounter.go).
func (b *kb) counter(name string) *Var {
	v := &Var{Name: name, Kind: VLocal, T: ptrTo(tInt), Param: true, Len: 1, Counter: true}
	b.extra = append(b.extra, v)
	return v
}

func (b *kb) T() Expr                  { return ref(b.tid) }
func (b *kb) S(i Expr) Expr            { return &Index{X: ref(b.s), I: i} }
func (b *kb) Out(i Expr) Expr          { return &Index{X: ref(b.out), I: i} }
func set(l, r Expr) Stmt               { return &Assign{L: l, Op: "=", R: r} }
func sync() Stmt                       { return &Sync{Op: "__syncthreads"} }
func iff(c Expr, then ...Stmt) *If     { return &If{C: c, Then: block(then...)} }
func plus(x Expr, k int64) Expr        { return bin("+", x, intLit(k)) }
func (b *kb) read(l Expr, v *Var) Stmt { return &Decl{V: v, Init: l} }
func local(name string) *Var           { return &Var{Name: name, Kind: VLocal, T: tInt} }

func TestInterpreterVerdicts(t *testing.T) {
	x := local("x")
	gid := func() Expr { return bin("+", bin("*", bidx(0), bdim(0)), tidx(0)) }
	type test struct {
		name string
		b    *kb
		want Verdict
		race string // a substring of the race's description
	}
	var tests []test
	add := func(name string, b *kb, want Verdict, race string) {
		tests = append(tests, test{name, b, want, race})
	}
	b := newKB(4, 1, 0, [2]int64{})
	add("own cells", b.add(set(b.S(b.T()), intLit(1)), b.read(b.S(b.T()), x)), DRF, "")
	b = newKB(4, 1, 0, [2]int64{})
	add("neighbour read without a barrier", b.add(set(b.S(plus(b.T(), 1)), intLit(1)), b.read(b.S(b.T()), local("x"))), Racy, "block race on s[1]")
	b = newKB(4, 1, 0, [2]int64{})
	add("neighbour read after a barrier", b.add(set(b.S(plus(b.T(), 1)), intLit(1)), sync(), b.read(b.S(b.T()), local("x"))), DRF, "")
	b = newKB(4, 2, 0, [2]int64{})
	add("out[threadIdx.x] with two blocks", b.add(set(b.Out(tidx(0)), intLit(1))), Racy, "grid race on out[0]")
	b = newKB(4, 2, 0, [2]int64{})
	add("out[gid] with two blocks", b.add(set(b.Out(gid()), intLit(1))), DRF, "")
	b = newKB(4, 2, 0, [2]int64{})
	add("a barrier does not order blocks", b.add(set(b.Out(tidx(0)), intLit(1)), sync(), b.read(b.Out(plus(tidx(0), 0)), local("x"))), Racy, "grid race")
	b = newKB(4, 1, 0, [2]int64{})
	add("barrier under tid < 2", b.add(iff(bin("<", b.T(), intLit(2)), sync())), Divergent, "")
	b = newKB(4, 1, 0, [2]int64{})
	add("barrier after a thread-dependent return", b.add(iff(bin(">=", b.T(), intLit(2)), &Return{}), sync()), Divergent, "")
	b = newKB(4, 1, 0, [2]int64{})
	add("barrier under a uniform condition", b.add(iff(bin(">", ref(b.n), intLit(2)), sync()), sync()), DRF, "")
	b = newKB(4, 1, 0, [2]int64{})
	add("atomics only", b.add(&ExprStmt{X: &Atomic{Op: "Add", P: &AddrOf{X: b.S(intLit(0))}, V: intLit(1)}}), DRF, "")
	b = newKB(4, 1, 0, [2]int64{})
	add("an atomic and a plain write", b.add(iff(bin("==", b.T(), intLit(0)), set(b.S(intLit(0)), intLit(0))),
		&ExprStmt{X: &Atomic{Op: "Add", P: &AddrOf{X: b.S(intLit(0))}, V: intLit(1)}}), Racy, "write")
	b = newKB(4, 1, 0, [2]int64{})
	add("an atomic, then a plain read by another thread", b.add(iff(bin("==", b.T(), intLit(0)), &ExprStmt{X: &Atomic{Op: "Add", P: &AddrOf{X: b.S(intLit(0))}, V: intLit(1)}}),
		iff(bin("==", b.T(), intLit(1)), b.read(b.S(intLit(0)), local("x")))), Racy, "block race on s[0][0]+0: atomic")
	b = newKB(4, 1, 0, [2]int64{})
	add("an atomic after a plain write and a barrier", b.add(iff(bin("==", b.T(), intLit(0)), set(b.S(intLit(0)), intLit(0))), sync(),
		&ExprStmt{X: &Atomic{Op: "Add", P: &AddrOf{X: b.S(intLit(0))}, V: intLit(1)}}), DRF, "")
	b = newKB(8, 1, 0, [2]int64{})
	add("(unsigned char)(tid * 64) wraps: 0 and 4 collide", b.add(set(b.S(&Cast{T: tUChar, X: bin("*", b.T(), intLit(64))}), intLit(1))), Racy, "s[0]")
	b = newKB(4, 1, 0, [2]int64{})
	add("different fields of one struct", b.add(
		iff(bin("==", b.T(), intLit(0)), set(&Member{X: &Index{X: ref(b.ps), I: intLit(0)}, F: b.pair.Fields[0]}, intLit(1))),
		iff(bin("==", b.T(), intLit(1)), set(&Member{X: &Index{X: ref(b.ps), I: intLit(0)}, F: b.pair.Fields[1]}, intLit(1)))), DRF, "")
	b = newKB(4, 1, 0, [2]int64{})
	add("one field of one struct", b.add(
		iff(bin("==", b.T(), intLit(0)), set(&Member{X: &Index{X: ref(b.ps), I: intLit(0)}, F: b.pair.Fields[1]}, intLit(1))),
		iff(bin("==", b.T(), intLit(1)), set(&Member{X: &Index{X: ref(b.ps), I: intLit(0)}, F: b.pair.Fields[1]}, intLit(1)))), Racy, "ps[0][0]+1")
	b = newKB(4, 1, 0, [2]int64{})
	add("reinterpret_cast<int4 *>(s)[0].w is s[3]", b.add(
		iff(bin("==", b.T(), intLit(0)), set(&VecLane{X: ref(b.s), I: intLit(0), Lane: 3}, intLit(1))),
		iff(bin("==", b.T(), intLit(1)), b.read(b.S(intLit(3)), local("x")))), Racy, "s[3]")
	b = newKB(64, 1, 0, [2]int64{1, 0})
	base := func() Expr { return &Member{X: ref(b.cfg), F: b.cfgS.Fields[0]} }
	add("if (tid >= 32) cfg.base -= 1; s[tid + cfg.base] = 0;", b.add(
		iff(bin(">=", b.T(), intLit(32)), &Assign{L: base(), Op: "-=", R: intLit(1)}),
		set(b.S(bin("+", b.T(), base())), intLit(0))), Racy, "s[32]")
	b = newKB(64, 1, 0, [2]int64{1, 0})
	base = func() Expr { return &Member{X: ref(b.cfg), F: b.cfgS.Fields[0]} }
	add("if (tid >= 32) cfg.base += 1; s[tid + cfg.base] = 0;", b.add(
		iff(bin(">=", b.T(), intLit(32)), &Assign{L: base(), Op: "+=", R: intLit(1)}),
		set(b.S(bin("+", b.T(), base())), intLit(0))), DRF, "")
	lane := func() Expr { return bin("&", tidx(0), uintLit(31)) }
	b = newKB(32, 1, 0, [2]int64{})
	add("s[(lane - 1u) & 31u]: a rotation", b.add(set(b.S(bin("&", bin("-", lane(), uintLit(1)), uintLit(31))), intLit(1))), DRF, "")
	b = newKB(32, 1, 0, [2]int64{})
	add("s[(lane - 1u) & 15u]: lanes 0 and 16 collide", b.add(set(b.S(bin("&", bin("-", lane(), uintLit(1)), uintLit(15))), intLit(1))), Racy, "s[15]")
	// a loop whose iterations meet without a barrier, then with one
	i := local("i")
	b = newKB(4, 1, 3, [2]int64{})
	add("iterations meet without a barrier", b.add(&For{Init: &Decl{V: i, Init: intLit(0)}, C: bin("<", ref(i), ref(b.n)), Post: &IncDec{L: ref(i), Op: "++"},
		Body: block(set(b.S(bin("+", b.T(), ref(i))), intLit(1)))}), Racy, "write")
	i = local("i")
	b = newKB(4, 1, 3, [2]int64{})
	add("iterations separated by barriers", b.add(&For{Init: &Decl{V: i, Init: intLit(0)}, C: bin("<", ref(i), ref(b.n)), Post: &IncDec{L: ref(i), Op: "++"},
		Body: block(set(b.S(bin("+", b.T(), ref(i))), intLit(1)), sync())}), DRF, "")
	// the loop variable after the loop: i == min(n, tid) differs per thread
	i = local("i")
	b = newKB(4, 1, 8, [2]int64{})
	add("the exit value of i < 64 && i < tid", b.add(&Decl{V: i, Init: intLit(0)},
		&For{C: bin("&&", bin("<", ref(i), intLit(64)), bin("<", ref(i), b.T())), Post: &IncDec{L: ref(i), Op: "++"}, Body: &Block{}},
		set(b.S(ref(i)), intLit(1))), DRF, "")
	i = local("i")
	b = newKB(4, 1, 2, [2]int64{})
	add("the exit value of i < n && i < tid", b.add(&Decl{V: i, Init: intLit(0)},
		&For{C: bin("&&", bin("<", ref(i), ref(b.n)), bin("<", ref(i), b.T())), Post: &IncDec{L: ref(i), Op: "++"}, Body: &Block{}},
		set(b.S(ref(i)), intLit(1))), Racy, "s[2]")
	// switch with fallthrough: case 0 falls into case 1
	v := local("v")
	b = newKB(4, 1, 0, [2]int64{})
	add("switch fallthrough makes threads 0 and 1 write s[1]", b.add(&Decl{V: v, Init: intLit(9)},
		&Switch{X: b.T(), Cases: []*SwitchCase{
			{Vals: []int64{0}, Body: []Stmt{set(ref(v), intLit(0))}},
			{Vals: []int64{1}, Body: []Stmt{set(ref(v), intLit(1)), &Break{}}},
			{Default: true, Body: []Stmt{set(ref(v), b.T())}}}},
		set(b.S(ref(v)), intLit(1))), Racy, "s[1]")
	// a float computed per thread, truncated
	f := &Var{Name: "f", Kind: VLocal, T: tFloat}
	b = newKB(4, 1, 0, [2]int64{})
	add("(int)(tid * 0.5f): threads 0 and 1 meet", b.add(&Decl{V: f, Init: bin("*", &Cast{T: tFloat, X: b.T()}, floatLit(0.5))},
		set(b.S(&Cast{T: tInt, X: ref(f)}), intLit(1))), Racy, "s[0]")
	// bytes: memset and memcpy over parts of words and across elements
	memset := func(dst Expr, n int64) Stmt {
		return &ExprStmt{X: &MemOp{Set: true, Dst: dst, Src: intLit(0), N: intLit(n)}}
	}
	memcpy := func(dst, src Expr, n int64) Stmt { return &ExprStmt{X: &MemOp{Dst: dst, Src: src, N: intLit(n)}} }
	b = newKB(4, 1, 0, [2]int64{})
	add("memset of an own element", b.add(memset(&AddrOf{X: b.S(b.T())}, 4)), DRF, "")
	b = newKB(4, 1, 0, [2]int64{})
	add("memset of 5 bytes spills into the next element", b.add(memset(&AddrOf{X: b.S(b.T())}, 5)), Racy, "s[1][0]+0: write")
	b = newKB(4, 1, 0, [2]int64{})
	add("memset of byte tid of s[0]: distinct bytes of one word", b.add(memset(&ByteAddr{X: ref(b.s), Off: b.T()}, 1)), DRF, "")
	b = newKB(4, 1, 0, [2]int64{})
	add("memset of bytes tid, tid + 1 of s[0]", b.add(memset(&ByteAddr{X: ref(b.s), Off: b.T()}, 2)), Racy, "byte 1")
	b = newKB(4, 1, 0, [2]int64{})
	add("memset of byte 3 of s[0] and a store to s[0]", b.add(
		iff(bin("==", b.T(), intLit(0)), memset(&ByteAddr{X: ref(b.s), Off: intLit(3)}, 1)),
		iff(bin("==", b.T(), intLit(1)), set(b.S(intLit(0)), intLit(1)))), Racy, "byte 3")
	b = newKB(4, 1, 0, [2]int64{})
	add("a store to s[0] and memset of s[1]'s bytes", b.add(
		iff(bin("==", b.T(), intLit(0)), memset(&ByteAddr{X: ref(b.s), Off: intLit(4)}, 4)),
		iff(bin("==", b.T(), intLit(1)), set(b.S(intLit(0)), intLit(1)))), DRF, "")
	la := &Var{Name: "la", Kind: VLocalArr, T: tInt, Dims: []int{1}}
	b = newKB(4, 1, 0, [2]int64{})
	add("memcpy of 8 bytes from a local array into own Pairs", b.add(&Decl{V: la},
		memcpy(&AddrOf{X: &Index{X: ref(b.ps), I: b.T()}}, ref(la), 8)), DRF, "")
	la = &Var{Name: "la", Kind: VLocalArr, T: tInt, Dims: []int{1}}
	b = newKB(4, 1, 0, [2]int64{})
	add("memcpy of 9 bytes into a Pair spills into the next one", b.add(&Decl{V: la},
		memcpy(&AddrOf{X: &Index{X: ref(b.ps), I: b.T()}}, ref(la), 9)), Racy, "ps[1][0]+0: write")
	b = newKB(4, 1, 0, [2]int64{})
	add("memcpy reading a neighbour's bytes it writes", b.add(
		memcpy(&ByteAddr{X: ref(b.out), Off: bin("*", intLit(4), b.T())}, &ByteAddr{X: ref(b.s), Off: bin("+", bin("*", intLit(4), b.T()), intLit(4))}, 4),
		set(b.S(b.T()), intLit(1))), Racy, "s[1]")
	// a struct with default member initializers, whole-struct assignment
	mkOpts := func(def int64) (*Var, *Struct) {
		s := &Struct{Name: "Opts", Fields: []*Field{{Name: "stride", T: tInt, Def: true, DefVal: def}, {Name: "n", T: tInt}}}
		return &Var{Name: "o", Kind: VLocal, T: &Type{K: KStruct, S: s}}, s
	}
	o, os := mkOpts(1)
	b = newKB(4, 1, 0, [2]int64{})
	b.p.Structs = append(b.p.Structs, os)
	add("s[tid * o.stride], stride = 1 by default", b.add(&Decl{V: o}, set(b.S(bin("*", b.T(), &Member{X: ref(o), F: os.Fields[0]})), intLit(1))), DRF, "")
	o, os = mkOpts(0)
	b = newKB(4, 1, 0, [2]int64{})
	b.p.Structs = append(b.p.Structs, os)
	add("s[tid * o.stride], stride = 0 by default", b.add(&Decl{V: o}, set(b.S(bin("*", b.T(), &Member{X: ref(o), F: os.Fields[0]})), intLit(1))), Racy, "s[0]")
	o, os = mkOpts(1)
	o2 := &Var{Name: "o2", Kind: VLocal, T: o.T}
	b = newKB(4, 1, 0, [2]int64{})
	b.p.Structs = append(b.p.Structs, os)
	add("o2 = o; o.n = 0; s[o2.n] with o.n = tid before", b.add(&Decl{V: o}, set(&Member{X: ref(o), F: os.Fields[1]}, b.T()),
		&Decl{V: o2}, set(ref(o2), ref(o)), set(&Member{X: ref(o), F: os.Fields[1]}, intLit(0)),
		set(b.S(&Member{X: ref(o2), F: os.Fields[1]}), intLit(1))), DRF, "")
	b = newKB(4, 1, 0, [2]int64{})
	q := &Var{Name: "q", Kind: VLocal, T: &Type{K: KStruct, S: b.pair}}
	add("ps[tid] = q", b.add(&Decl{V: q}, set(&Member{X: ref(q), F: b.pair.Fields[0]}, intLit(1)), set(&Member{X: ref(q), F: b.pair.Fields[1]}, intLit(2)),
		set(&Index{X: ref(b.ps), I: b.T()}, ref(q))), DRF, "")
	b = newKB(4, 1, 0, [2]int64{})
	q = &Var{Name: "q", Kind: VLocal, T: &Type{K: KStruct, S: b.pair}}
	add("ps[tid / 2] = q", b.add(&Decl{V: q}, set(&Member{X: ref(q), F: b.pair.Fields[0]}, intLit(1)), set(&Member{X: ref(q), F: b.pair.Fields[1]}, intLit(2)),
		set(&Index{X: ref(b.ps), I: bin("/", b.T(), intLit(2))}, ref(q))), Racy, "ps[0]")
	// lambdas: a captured variable that changes after the lambda is made
	for _, byRef := range []bool{false, true} {
		c, i, f := local("c"), local("i"), &Var{Name: "f", Kind: VLambda, T: tVoid}
		b = newKB(4, 1, 0, [2]int64{})
		want, race := DRF, ""
		if byRef {
			want, race = Racy, "s[0]"
		}
		add(fmt.Sprintf("c = 1; auto f = [%v](int i) { return i * c; }; c = 0; s[f(tid)]", byRef), b.add(&Decl{V: c, Init: intLit(1)},
			&Decl{V: f, Init: &Lambda{ByRef: byRef, Params: []*Var{i}, Body: bin("*", ref(i), ref(c))}},
			set(ref(c), intLit(0)), set(b.S(&LambdaCall{F: f, Args: []Expr{b.T()}}), intLit(1))), want, race)
	}
	// a statement expression
	qv := local("q")
	b = newKB(4, 1, 0, [2]int64{})
	add("s[({ int q = tid * 2; q / 2; })]", b.add(set(b.S(&StmtExpr{Stmts: []Stmt{&Decl{V: qv, Init: bin("*", b.T(), intLit(2))}},
		X: bin("/", ref(qv), intLit(2))}), intLit(1))), DRF, "")
	qv = local("q")
	b = newKB(4, 1, 0, [2]int64{})
	add("s[({ int q = tid; q /= 2; q; })]", b.add(set(b.S(&StmtExpr{Stmts: []Stmt{&Decl{V: qv, Init: b.T()}, &Assign{L: ref(qv), Op: "/=", R: intLit(2)}},
		X: ref(qv)}), intLit(1))), Racy, "s[0]")
	// warps of 4 in blocks of 8 (warped sets the warp size)
	warped := func(b *kb) *kb { b.p.Warp = 4; return b }
	wsync := func() Stmt { return &Sync{Op: "__syncwarp"} }
	laneOf := func(b *kb) Expr { return bin("%", b.T(), &Builtin{Name: "warpSize"}) }
	mate := func(b *kb) Expr { // tid - lane + (lane + 1) % 4
		return bin("+", bin("-", b.T(), laneOf(b)), bin("%", plus(laneOf(b), 1), intLit(4)))
	}
	b = warped(newKB(8, 1, 0, [2]int64{}))
	add("warp exchange after __syncwarp", b.add(set(b.S(b.T()), intLit(1)), wsync(), b.read(b.S(mate(b)), local("x"))), DRF, "")
	b = warped(newKB(8, 1, 0, [2]int64{}))
	add("warp exchange without __syncwarp", b.add(set(b.S(b.T()), intLit(1)), b.read(b.S(mate(b)), local("x"))), Racy, "block race on s[")
	b = warped(newKB(8, 1, 0, [2]int64{}))
	add("exchange across warps after __syncwarp", b.add(set(b.S(b.T()), intLit(1)), wsync(), b.read(b.S(bin("%", plus(b.T(), 1), intLit(8))), local("x"))),
		Racy, "s[4]")
	b = warped(newKB(8, 1, 0, [2]int64{}))
	add("__syncwarp with another mask orders nothing", b.add(set(b.S(b.T()), intLit(1)), &Sync{Op: "__syncwarp", Mask: 0xf},
		b.read(b.S(mate(b)), local("x"))), Racy, "block race on s[")
	b = warped(newKB(8, 1, 0, [2]int64{}))
	add("warp exchange, then a write in the same warp interval", b.add(set(b.S(b.T()), intLit(1)), wsync(), b.read(b.S(mate(b)), local("x")),
		set(b.S(b.T()), intLit(2))), Racy, "block race on s[")
	b = warped(newKB(8, 1, 0, [2]int64{}))
	add("warp exchange, __syncwarp, then a write", b.add(set(b.S(b.T()), intLit(1)), wsync(), b.read(b.S(mate(b)), local("x")), wsync(),
		set(b.S(b.T()), intLit(2))), DRF, "")
	b = warped(newKB(8, 1, 0, [2]int64{}))
	add("__syncwarp under a condition of the warp", b.add(iff(bin("<", b.T(), intLit(4)), set(b.S(b.T()), intLit(1)), wsync(),
		b.read(b.S(mate(b)), local("x")))), DRF, "")
	b = warped(newKB(8, 1, 0, [2]int64{}))
	add("__syncwarp under a condition splitting warps", b.add(iff(bin("<", laneOf(b), intLit(2)), wsync())), Divergent, "")
	b = warped(newKB(8, 1, 0, [2]int64{}))
	add("__syncwarp and __syncthreads in different orders in a warp", b.add(
		&If{C: bin("==", laneOf(b), intLit(0)), Then: block(wsync(), sync()), Else: block(sync(), wsync())}), Divergent, "")
	b = warped(newKB(8, 1, 0, [2]int64{}))
	add("a whole warp returns before __syncwarp", b.add(iff(bin(">=", b.T(), intLit(4)), &Return{}), wsync()), DRF, "")
	b = warped(newKB(6, 1, 0, [2]int64{}))
	add("a partial warp", b.add(set(b.S(b.T()), intLit(1)), wsync(), b.read(b.S(bin("^", b.T(), intLit(1))), local("x"))), DRF, "")
	// grid barriers: blocks of 4, 3 blocks; thread gid reads the cell of
	// gid + 5, in another block
	gsync := func() Stmt { return &Sync{Op: gridSync} }
	next := func() Expr { return bin("%", plus(gid(), 5), intLit(12)) }
	b = newKB(4, 3, 0, [2]int64{})
	add("grid exchange after a grid barrier", b.add(set(b.Out(gid()), intLit(1)), gsync(), b.read(b.Out(next()), local("x"))), DRF, "")
	b = newKB(4, 3, 0, [2]int64{})
	add("grid exchange after a block barrier", b.add(set(b.Out(gid()), intLit(1)), sync(), b.read(b.Out(next()), local("x"))), Racy, "grid race")
	b = newKB(4, 3, 0, [2]int64{})
	add("grid barrier, then a block exchange", b.add(gsync(), set(b.S(b.T()), intLit(1)), gsync(), b.read(b.S(bin("^", b.T(), intLit(1))), local("x"))), DRF, "")
	b = newKB(4, 3, 0, [2]int64{})
	add("grid barrier some blocks skip", b.add(iff(bin("!=", bidx(0), uintLit(1)), gsync())), Divergent, "")
	b = newKB(4, 3, 0, [2]int64{})
	add("grid barrier some threads skip", b.add(iff(bin("!=", b.T(), intLit(1)), gsync())), Divergent, "")
	// atomic counters: the run's order of the atomics is one schedule, and
	// the patterns are those whose verdict it decides (gencounter.go)
	aAdd := func(p Expr) Expr { return &Atomic{Op: "Add", P: p, V: intLit(1)} }
	compact := func(b *kb, slot Expr, more ...Stmt) *kb {
		s := local("slot")
		b.add(&Decl{V: s, Init: slot}, set(b.Out(ref(s)), b.T()))
		return b.add(more...)
	}
	b = newKB(4, 2, 0, [2]int64{})
	c := b.counter("c")
	add("stream compaction", compact(b, aAdd(ref(c))), DRF, "")
	b = newKB(4, 2, 0, [2]int64{})
	c = b.counter("c")
	add("a counter's slot modulo 4", b.add(set(b.Out(bin("%", aAdd(ref(c)), intLit(4))), b.T())), Racy, "grid race on out[0]")
	b = newKB(4, 1, 0, [2]int64{})
	c = b.counter("c")
	add("a counter reset", compact(b, aAdd(ref(c)), iff(bin("==", b.T(), intLit(0)), set(&Deref{X: ref(c)}, intLit(0)))), Racy, "block race on c[0]")
	b = newKB(4, 1, 0, [2]int64{})
	c = b.counter("c")
	add("a slot given back", compact(b, aAdd(ref(c)), &ExprStmt{X: &Atomic{Op: "Sub", P: ref(c), V: intLit(1)}}), Racy, "block race on out[0]")
	b = newKB(4, 2, 0, [2]int64{})
	c = b.counter("c")
	add("a counter per block", compact(b, aAdd(&AddrOf{X: &Index{X: ref(c), I: bidx(0)}})), Racy, "grid race on out[0]")
	b = newKB(4, 1, 0, [2]int64{})
	c = b.counter("c")
	add("two counters", compact(b, &Cond{C: bin("<", b.T(), intLit(2)), X: aAdd(ref(c)), Y: aAdd(&AddrOf{X: &Index{X: ref(c), I: intLit(1)}})}), Racy, "block race on out[0]")
	b = newKB(4, 2, 0, [2]int64{})
	c = b.counter("c")
	it := local("i")
	add("a work queue", b.add(&Decl{V: it, Init: aAdd(ref(c))},
		&While{C: bin("<", ref(it), intLit(10)), Body: block(set(b.Out(ref(it)), b.T()), set(ref(it), aAdd(ref(c))))}), DRF, "")
	for _, tc := range tests {
		c, err := tc.b.run(t)
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if c.Expect != tc.want || !strings.Contains(c.Race, tc.race) {
			t.Errorf("%s: %s (%s), want %s (%s)\n%s", tc.name, c.Expect, c.Race, tc.want, tc.race, c.Source)
		}
	}
}

func TestInterpreterRejects(t *testing.T) {
	tests := []struct {
		name string
		b    func() *kb
		kind errKind
	}{
		{"an index from shared memory", func() *kb {
			b := newKB(4, 1, 0, [2]int64{})
			return b.add(set(b.S(b.S(b.T())), intLit(1)))
		}, errND},
		{"a condition on shared memory", func() *kb {
			b := newKB(4, 1, 0, [2]int64{})
			return b.add(iff(bin(">", b.S(intLit(0)), intLit(0)), sync()))
		}, errND},
		{"signed overflow", func() *kb {
			b := newKB(4, 1, 3, [2]int64{})
			return b.add(&Decl{V: local("x"), Init: bin("*", ref(b.n), intLit(1000000000))})
		}, errUB},
		{"division by zero", func() *kb {
			b := newKB(4, 1, 0, [2]int64{})
			return b.add(&Decl{V: local("x"), Init: bin("/", intLit(1), ref(b.n))})
		}, errUB},
		{"shift by 32", func() *kb {
			b := newKB(4, 1, 32, [2]int64{})
			return b.add(&Decl{V: local("x"), Init: bin("<<", uintLit(1), ref(b.n))})
		}, errUB},
		{"a negative index", func() *kb {
			b := newKB(4, 1, 0, [2]int64{})
			return b.add(set(b.S(bin("-", b.T(), intLit(1))), intLit(1)))
		}, errNegIndex},
		{"unsigned wrap to a huge index", func() *kb {
			b := newKB(4, 1, 0, [2]int64{})
			return b.add(set(b.S(bin("-", tidx(0), uintLit(1))), intLit(1)))
		}, errBigIndex},
		{"a loop that does not end", func() *kb {
			b := newKB(4, 1, 0, [2]int64{})
			i := &Var{Name: "i", Kind: VLocal, T: tUint}
			return b.add(&For{Init: &Decl{V: i, Init: uintLit(3)}, C: bin(">=", ref(i), uintLit(0)), Post: &IncDec{L: ref(i), Op: "--"}, Body: &Block{}})
		}, errLoop},
		{"a float out of int's range", func() *kb {
			b := newKB(4, 1, 0, [2]int64{})
			return b.add(&Decl{V: local("x"), Init: &Cast{T: tInt, X: floatLit(3e9)}})
		}, errUB},
		{"memcpy of overlapping bytes", func() *kb {
			b := newKB(4, 1, 0, [2]int64{})
			return b.add(&ExprStmt{X: &MemOp{Dst: &ByteAddr{X: ref(b.s), Off: intLit(2)}, Src: ref(b.s), N: intLit(4)}})
		}, errUB},
		{"memset of part of an uninitialized struct local", func() *kb {
			b := newKB(4, 1, 0, [2]int64{})
			q := &Var{Name: "q", Kind: VLocal, T: &Type{K: KStruct, S: b.pair}}
			return b.add(&Decl{V: q}, &ExprStmt{X: &MemOp{Set: true, Dst: &AddrOf{X: ref(q)}, Src: intLit(0), N: intLit(2)}})
		}, errUB},
		{"a copy of a struct with an uninitialized field", func() *kb {
			b := newKB(4, 1, 0, [2]int64{})
			q, q2 := &Var{Name: "q", Kind: VLocal, T: &Type{K: KStruct, S: b.pair}}, &Var{Name: "q2", Kind: VLocal, T: &Type{K: KStruct, S: b.pair}}
			return b.add(&Decl{V: q}, set(&Member{X: ref(q), F: b.pair.Fields[0]}, intLit(1)), &Decl{V: q2}, set(ref(q2), ref(q)))
		}, errUB},
		{"memset of a byte over 15 into int memory", func() *kb {
			b := newKB(4, 1, 0, [2]int64{})
			return b.add(&ExprStmt{X: &MemOp{Set: true, Dst: &AddrOf{X: b.S(b.T())}, Src: intLit(16), N: intLit(4)}})
		}, errUB},
		{"memset beyond a struct local", func() *kb {
			b := newKB(4, 1, 0, [2]int64{})
			q := &Var{Name: "q", Kind: VLocal, T: &Type{K: KStruct, S: b.pair}}
			return b.add(&Decl{V: q}, &ExprStmt{X: &MemOp{Set: true, Dst: &AddrOf{X: ref(q)}, Src: intLit(0), N: intLit(9)}})
		}, errBigIndex},
		{"a sum of two shared values", func() *kb {
			b := newKB(4, 1, 0, [2]int64{})
			return b.add(set(b.S(b.T()), bin("+", b.S(b.T()), b.S(b.T()))))
		}, errND},
	}
	for _, tc := range tests {
		_, err := tc.b().run(t)
		var re *runError
		if !errors.As(err, &re) || re.kind != tc.kind {
			t.Errorf("%s: %v, want an error of kind %d", tc.name, err, tc.kind)
		}
	}
}

package cudagen

import (
	"strings"
	"testing"
)

// TestInterpreterHeaderVerdicts checks the interpreter's verdicts on
// hand-written kernels of the CUDA header API; each is reasoned in its
// name.
func TestInterpreterHeaderVerdicts(t *testing.T) {
	full := func() Expr { return fullMask() }
	lane := func() Expr { return bin("%", tidx(0), uintLit(4)) }
	type test struct {
		name string
		b    *kb
		warp int
		want Verdict
		race string // a substring of the race's description; "reject" when the kernel must be rejected
	}
	var tests []test
	add := func(name string, b *kb, warp int, want Verdict, race string) {
		tests = append(tests, test{name, b, warp, want, race})
	}
	halfArr := func(b *kb) *Var {
		h := &Var{Name: "h", Kind: VShared, T: tHalf, Dims: []int{1}}
		b.body = append([]Stmt{&Decl{V: h}}, b.body...)
		return h
	}
	H := func(h *Var, i Expr) Expr { return &Index{X: ref(h), I: i} }
	hv := func() Expr { return &HCall{Fn: "__float2half", Args: []Expr{floatLit(1.5)}} }

	b := newKB(8, 1, 0, [2]int64{})
	h := halfArr(b)
	add("h[tid] = ...: two halves of a word, different bytes", b.add(set(H(h, b.T()), hv())), 0, DRF, "")
	b = newKB(8, 1, 0, [2]int64{})
	h = halfArr(b)
	add("h[tid / 2] = ...: threads 0 and 1 on one half", b.add(set(H(h, bin("/", b.T(), intLit(2))), hv())), 0, Racy, "h[0]")
	b = newKB(8, 1, 0, [2]int64{})
	h = halfArr(b)
	add("h[tid] then h[tid ^ 1] without a barrier: byte 2 of a word", b.add(set(H(h, b.T()), hv()),
		&Decl{V: &Var{Name: "x", Kind: VLocal, T: tHalf}, Init: H(h, bin("^", b.T(), intLit(1)))}), 0, Racy, "byte 2")
	b = newKB(8, 1, 0, [2]int64{})
	h = halfArr(b)
	add("acc += by thread 0 only", b.add(iff(bin("==", b.T(), intLit(0)), &Assign{L: H(h, intLit(0)), Op: "+=", R: hv()})), 0, DRF, "")
	b = newKB(8, 1, 0, [2]int64{})
	h = halfArr(b)
	add("acc += by every thread", b.add(&Assign{L: H(h, intLit(0)), Op: "+=", R: hv()}), 0, Racy, "h[0]")
	// rounding decides the index: 2048 + 1 rounds to 2048, so threads 0
	// and 1 both write out[0]; 1024 + t is exact
	rounded := func(base int64) *kb {
		b := newKB(4, 1, 0, [2]int64{})
		hq := &Var{Name: "hq", Kind: VLocal, T: tHalf}
		q := &Var{Name: "q", Kind: VLocal, T: tInt}
		return b.add(&Decl{V: hq, Init: &HCall{Fn: "__int2half_rn", Args: []Expr{plus(b.T(), base)}}},
			&Decl{V: q, Init: bin("-", &HCall{Fn: "__half2int_rz", Args: []Expr{ref(hq)}}, intLit(base))},
			set(b.Out(ref(q)), b.T()))
	}
	add("out[__half2int_rz(__int2half_rn(tid + 2048)) - 2048]", rounded(2048), 0, Racy, "out[0]")
	add("out[__half2int_rz(__int2half_rn(tid + 1024)) - 1024]", rounded(1024), 0, DRF, "")

	// warp collectives, warps of 4
	red := func() Expr { return &HCall{Fn: "__reduce_add_sync", Args: []Expr{full(), b.T()}} }
	b = newKB(8, 1, 0, [2]int64{})
	r := &Var{Name: "r", Kind: VLocal, T: tInt}
	add("the leader of each warp writes its warp's cell", b.add(&Decl{V: r, Init: red()},
		iff(bin("==", lane(), uintLit(0)), set(b.Out(bin("/", b.T(), intLit(4))), ref(r)))), 4, DRF, "")
	b = newKB(8, 1, 0, [2]int64{})
	r = &Var{Name: "r", Kind: VLocal, T: tInt}
	add("the leaders of both warps write out[0]", b.add(&Decl{V: r, Init: red()},
		iff(bin("==", lane(), uintLit(0)), set(b.Out(intLit(0)), ref(r)))), 4, Racy, "out[0]")
	b = newKB(8, 1, 0, [2]int64{})
	r = &Var{Name: "r", Kind: VLocal, T: tInt}
	add("the lane a shuffle names: lane ^ 1, a permutation", b.add(&Decl{V: r, Init: &HCall{Fn: "__shfl_xor_sync", Args: []Expr{full(), b.T(), intLit(1)}}},
		set(b.Out(ref(r)), b.T())), 4, DRF, "")
	b = newKB(8, 1, 0, [2]int64{})
	r = &Var{Name: "r", Kind: VLocal, T: tInt}
	add("the lane a broadcast names: every lane of a warp one cell", b.add(&Decl{V: r, Init: &HCall{Fn: "__shfl_sync", Args: []Expr{full(), b.T(), intLit(0)}}},
		set(b.Out(ref(r)), b.T())), 4, Racy, "out[")
	b = newKB(6, 1, 0, [2]int64{})
	r = &Var{Name: "r", Kind: VLocal, T: tInt}
	add("a reduction's value in a partial warp: 2 lanes, not 4", b.add(&Decl{V: r, Init: &HCall{Fn: "__reduce_add_sync", Args: []Expr{full(), intLit(1)}}},
		iff(bin("==", b.T(), intLit(4)), set(b.Out(ref(r)), b.T())), iff(bin("==", b.T(), intLit(0)), set(b.Out(intLit(2)), b.T()))), 4, Racy, "out[2]")
	b = newKB(8, 1, 0, [2]int64{})
	r = &Var{Name: "r", Kind: VLocal, T: tInt}
	add("a shuffle does not order memory", b.add(set(b.S(b.T()), b.T()), &Decl{V: r, Init: &HCall{Fn: "__shfl_xor_sync", Args: []Expr{full(), b.T(), intLit(1)}}},
		b.read(b.S(bin("^", b.T(), intLit(1))), local("x"))), 4, Racy, "s[")
	b = newKB(8, 1, 0, [2]int64{})
	r = &Var{Name: "r", Kind: VLocal, T: tInt}
	add("a collective lanes 2 and 3 skip", b.add(iff(bin("<", lane(), uintLit(2)), &Decl{V: r, Init: red()})), 4, DRF, "reject")
	b = newKB(4, 1, 0, [2]int64{})
	r = &Var{Name: "r", Kind: VLocal, T: tInt}
	add("a mask without the caller", b.add(&Decl{V: r, Init: &HCall{Fn: "__reduce_add_sync", Args: []Expr{&Lit{T: tUint, I: 1, Hex: true}, b.T()}}}), 4, DRF, "reject")

	// scoped atomics, two blocks
	at := func(scope string, i Expr) Stmt {
		return &ExprStmt{X: &Atomic{Op: "Add", P: &AddrOf{X: b.Out(i)}, V: intLit(1), Scope: scope}}
	}
	b = newKB(2, 2, 0, [2]int64{})
	add("atomicAdd_block of two blocks on out[0]", b.add(at("block", intLit(0))), 0, Racy, "grid race on out[0]")
	b = newKB(2, 2, 0, [2]int64{})
	add("atomicAdd_block on out[blockIdx.x]", b.add(at("block", bidx(0))), 0, DRF, "")
	b = newKB(2, 2, 0, [2]int64{})
	add("atomicAdd_system of two blocks", b.add(at("system", intLit(0))), 0, DRF, "")
	b = newKB(2, 2, 0, [2]int64{})
	add("block-scoped in block 0, device-scoped in block 1", b.add(&If{C: bin("==", bidx(0), uintLit(0)), Then: block(at("block", intLit(0))), Else: block(at("", intLit(0)))}), 0, Racy, "grid race")
	b = newKB(2, 1, 0, [2]int64{})
	add("atomicAdd_block on shared memory", b.add(&ExprStmt{X: &Atomic{Op: "Add", P: &AddrOf{X: b.S(intLit(0))}, V: intLit(1), Scope: "block"}}), 0, DRF, "")
	load := func(scope string) Expr {
		return &AtomOp{X: b.Out(intLit(0)), Scope: scope, Method: "load"}
	}
	b = newKB(2, 2, 0, [2]int64{})
	add("block-scoped loads of two blocks", b.add(&Decl{V: local("x"), Init: load("block")}), 0, DRF, "")
	b = newKB(2, 2, 0, [2]int64{})
	add("a block-scoped load and a device fetch_add of another block", b.add(&If{C: bin("==", bidx(0), uintLit(0)),
		Then: block(&Decl{V: local("x"), Init: load("block")}),
		Else: block(&ExprStmt{X: &AtomOp{X: b.Out(intLit(0)), Scope: "device", Method: "fetch_add", Args: []Expr{intLit(1)}}})}), 0, Racy, "grid race")

	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tc.b.p.Warp = tc.warp
			c, err := tc.b.run(t)
			if tc.race == "reject" {
				if err == nil {
					t.Fatalf("accepted, %s:\n%s", c.Expect, c)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if c.Expect != tc.want {
				t.Fatalf("verdict %s, want %s (%s)\n%s", c.Expect, tc.want, c.Race, c)
			}
			if tc.race != "" && !strings.Contains(c.Race, tc.race) {
				t.Errorf("race %q, want it to mention %q", c.Race, tc.race)
			}
		})
	}
}

package symexec

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/drfcheck/drfcheck/internal/infer/ir"
	"github.com/drfcheck/drfcheck/protocol"
	"github.com/drfcheck/drfcheck/protocol/eval"
	"github.com/drfcheck/drfcheck/protocol/printer"
)

// The tests build kernel IR by hand (no clang), make its protocol, and run
// the protocol with the reference semantics (protocol/eval) on concrete
// threads: each case says which accesses each thread makes, derived from
// C's semantics of the kernel it stands for.

var at = protocol.Pos{File: "k.cu", Line: 1, Col: 1}

type builder struct{ f *ir.Func }

func newFunc() *builder {
	return &builder{f: &ir.Func{At: at, Name: "k", Body: &ir.Block{At: at}}}
}

func (b *builder) base(name string, kind ir.BaseKind, elem ir.Type, dims ...int64) *ir.Base {
	if dims == nil {
		dims = []int64{0}
	}
	base := &ir.Base{At: at, Name: name, Kind: kind, Elem: elem, Size: elem.Size, Dims: dims}
	b.f.Bases = append(b.f.Bases, base)
	return base
}

func (b *builder) param(name string, t ir.Type) *ir.Var {
	v := &ir.Var{At: at, Name: name, CName: name, T: t, Kind: ir.Param}
	b.f.Params = append(b.f.Params, v)
	return v
}

func (b *builder) local(name string, t ir.Type) *ir.Var {
	v := &ir.Var{At: at, Name: name, CName: name, T: t, Kind: ir.Local}
	b.f.Vars = append(b.f.Vars, v)
	return v
}

func (b *builder) add(s ...ir.Stmt) *builder {
	b.f.Body.Stmts = append(b.f.Body.Stmts, s...)
	return b
}

func blk(s ...ir.Stmt) *ir.Block { return &ir.Block{At: at, Stmts: s} }

func c(t ir.Type, v int64) ir.Expr      { return &ir.Const{At: at, T: t, Int: v} }
func ref(v *ir.Var) ir.Expr             { return &ir.Ref{At: at, Var: v} }
func tid() ir.Expr                      { return &ir.Builtin{At: at, Kind: ir.ThreadIdx} }
func conv(t ir.Type, x ir.Expr) ir.Expr { return &ir.Convert{At: at, To: t, X: x} }
func bin(op string, t ir.Type, x, y ir.Expr) ir.Expr {
	return &ir.Binary{At: at, Op: op, X: x, Y: y, T: t}
}

func assign(v *ir.Var, x ir.Expr) ir.Stmt { return &ir.Assign{At: at, Dst: v, X: x} }

// store writes an i32 at element index i of base.
func store(base *ir.Base, i ir.Expr) ir.Stmt {
	return &ir.Store{At: at, Addr: ir.Addr{Base: base, Off: bin("*", ir.I64, c(ir.I64, 4), conv(ir.I64, i))}, T: ir.I32, X: c(ir.I32, 1)}
}

// accesses runs a protocol for threads 0..n-1 of one block and lists, per
// thread, its accesses as "wr s[3]".
func accesses(t *testing.T, f *protocol.File, n int64, params map[string]int64) map[int64][]string {
	t.Helper()
	cfg := eval.Config{Params: params, BlockDim: [3]int64{n, 1, 1}, GridDim: [3]int64{1, 1, 1}}
	for i := int64(0); i < n; i++ {
		cfg.Threads = append(cfg.Threads, eval.Thread{Idx: [3]int64{i, 0, 0}})
	}
	res, err := eval.Run(f, cfg)
	if err != nil {
		t.Fatalf("eval: %v", err)
	}
	out := map[int64][]string{}
	for _, b := range res.Blocks {
		for _, ph := range b.Phases {
			for _, a := range ph {
				idx := make([]string, len(a.Index))
				for i, x := range a.Index {
					idx[i] = fmt.Sprint(x)
				}
				out[int64(a.Thread)] = append(out[int64(a.Thread)], fmt.Sprintf("%s %s[%s]", a.Access.Mode, a.Access.Array, strings.Join(idx, "][")))
			}
		}
	}
	for _, v := range out {
		sort.Strings(v)
	}
	return out
}

func TestAccesses(t *testing.T) {
	cases := []struct {
		name    string
		build   func() *ir.Func
		threads int64
		params  map[string]int64
		want    map[int64]string // thread -> its accesses, sorted, joined by "; "
	}{
		{
			// unsigned lane = threadIdx.x; s[(lane - 1) & 31]: lane 0 wraps
			// to 2^32 - 1, whose low five bits are 31
			name: "unsigned wrap before a mask",
			build: func() *ir.Func {
				b := newFunc()
				s := b.base("s", ir.Shared, ir.I32, 32)
				lane := b.local("lane", ir.U32)
				return b.add(assign(lane, tid()),
					store(s, bin("&", ir.U32, bin("-", ir.U32, ref(lane), c(ir.U32, 1)), c(ir.U32, 31)))).f
			},
			threads: 3,
			want:    map[int64]string{0: "wr s[31]", 1: "wr s[0]", 2: "wr s[1]"},
		},
		{
			// s[(unsigned char)threadIdx.x]: threads 0 and 256 meet
			name: "narrowing conversion wraps",
			build: func() *ir.Func {
				b := newFunc()
				s := b.base("s", ir.Shared, ir.I32, 256)
				return b.add(store(s, conv(ir.I32, conv(ir.Type{Kind: ir.Int, Size: 1}, tid())))).f
			},
			threads: 258,
			want:    map[int64]string{1: "wr s[1]", 256: "wr s[0]", 257: "wr s[1]"},
		},
		{
			// a 64-bit load at byte 8t of an int array covers ints 2t, 2t+1
			name: "a wide access covers each element it spans",
			build: func() *ir.Func {
				b := newFunc()
				a := b.base("a", ir.Global, ir.I32)
				v := b.local("v", ir.I64)
				off := bin("*", ir.I64, c(ir.I64, 8), conv(ir.I64, tid()))
				return b.add(&ir.Load{At: at, Dst: v, Addr: ir.Addr{Base: a, Off: off}, T: ir.I64}).f
			},
			threads: 2,
			want:    map[int64]string{0: "rd a[0]; rd a[1]", 1: "rd a[2]; rd a[3]"},
		},
		{
			// unsigned v = tid; v ^= 3; v ^= 3; s[(int)v - 2]: v is tid
			// again (thread 5 writes s[3]); the wraps and masks must not
			// copy v into each other (the index stays small: see below)
			name: "repeated unsigned xor",
			build: func() *ir.Func {
				b := newFunc()
				s := b.base("s", ir.Shared, ir.I32, 64)
				v := b.local("v", ir.U32)
				return b.add(assign(v, tid()),
					assign(v, bin("^", ir.U32, ref(v), c(ir.U32, 3))),
					assign(v, bin("^", ir.U32, ref(v), c(ir.U32, 3))),
					store(s, bin("-", ir.I32, conv(ir.I32, ref(v)), c(ir.I32, 2)))).f
			},
			threads: 8,
			want:    map[int64]string{5: "wr s[3]", 7: "wr s[5]", 2: "wr s[0]"},
		},
		{
			// a thread's local array and a read of __constant__ memory
			// cannot race: neither is an array of the protocol
			name: "private memory and constant reads are not arrays",
			build: func() *ir.Func {
				b := newFunc()
				p := b.base("p", ir.Private, ir.I32, 4)
				k := b.base("k", ir.Constant, ir.I32, 4)
				v := b.local("v", ir.I32)
				return b.add(store(p, c(ir.I32, 0)),
					&ir.Load{At: at, Dst: v, Addr: ir.Addr{Base: k, Off: c(ir.I64, 0)}, T: ir.I32}).f
			},
			threads: 2,
			want:    map[int64]string{},
		},
		{
			// region { if (tid == 0) exit; s[tid] = 1; } out[tid] = 1:
			// the exit skips the rest of its region, not what follows it
			name: "an exit leaves its region only",
			build: func() *ir.Func {
				b := newFunc()
				s := b.base("s", ir.Shared, ir.I32, 8)
				out := b.base("out", ir.Global, ir.I32)
				r := &ir.Region{At: at, Name: "f", Call: true}
				r.Body = blk(&ir.If{At: at, Cond: bin("==", ir.BoolT, tid(), c(ir.U32, 0)), Then: blk(&ir.Exit{At: at, To: r}), Else: blk()},
					store(s, tid()))
				return b.add(r, store(out, tid())).f
			},
			threads: 2,
			want:    map[int64]string{0: "wr out[0]", 1: "wr out[1]; wr s[1]"},
		},
		{
			// for (i = tid; i < n; i += stride) out[i] = 1 with n = 4,
			// stride = 2
			name: "a loop with a parameter stride",
			build: func() *ir.Func {
				b := newFunc()
				out := b.base("out", ir.Global, ir.I32)
				n, stride := b.param("n", ir.I32), b.param("stride", ir.I32)
				i := b.local("i", ir.I32)
				return b.add(&ir.Loop{At: at, Kind: ir.For,
					Init: blk(assign(i, conv(ir.I32, tid()))), Test: blk(),
					Cond: bin("<", ir.BoolT, ref(i), ref(n)),
					Post: blk(assign(i, bin("+", ir.I32, ref(i), ref(stride)))),
					Body: blk(store(out, ref(i)))}).f
			},
			threads: 2,
			params:  map[string]int64{"n": 4, "stride": 2},
			want:    map[int64]string{0: "wr out[0]; wr out[2]", 1: "wr out[1]; wr out[3]"},
		},
		{
			// float f = 1; if (tid % 2) f = 2; s[(int)f + tid]: the
			// conversion of a float is unknown, and a different unknown
			// for each thread (threads 1 and 2 both write s[3] in C)
			name: "a float merged under a thread-dependent condition is thread-local",
			build: func() *ir.Func {
				b := newFunc()
				s := b.base("s", ir.Shared, ir.I32, 64)
				f := b.local("f", ir.F32)
				return b.add(assign(f, &ir.Const{At: at, T: ir.F32, Float: "1"}),
					&ir.If{At: at, Cond: bin("!=", ir.BoolT, bin("%", ir.U32, tid(), c(ir.U32, 2)), c(ir.U32, 0)),
						Then: blk(assign(f, &ir.Const{At: at, T: ir.F32, Float: "2"})), Else: blk()},
					store(s, bin("+", ir.I32, conv(ir.I32, ref(f)), conv(ir.I32, tid())))).f
			},
			threads: 0, // checked on the protocol: see below
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := Protocol(tc.build(), "k.cu", Options{})
			if _, err := protocol.Check(r.File); err != nil {
				t.Fatalf("the protocol does not check: %v", err)
			}
			if len(r.File.Unknowns) > 0 {
				t.Fatalf("unknowns: %v", r.File.Unknowns)
			}
			if tc.threads == 0 {
				// the index must depend on a thread-local unknown
				for _, a := range protocol.Accesses(r.File.Body) {
					local := false
					for v := range protocol.FreeVars(a.Index[0]) {
						local = local || declKind(r.File, v) == protocol.Local
					}
					if !local {
						t.Errorf("index %v mentions no thread-local unknown", a.Index[0])
					}
				}
				return
			}
			for _, a := range protocol.Accesses(r.File.Body) {
				if n := len(printer.Node(a.Index[0])); n > 400 {
					t.Errorf("an index of %d characters: expressions are copied into each other", n)
				}
			}
			got := accesses(t, r.File, tc.threads, tc.params)
			for th, want := range tc.want {
				if g := strings.Join(got[th], "; "); g != want {
					t.Errorf("thread %d: %q, want %q", th, g, want)
				}
			}
			if len(tc.want) == 0 && len(got) > 0 {
				t.Errorf("accesses %v, want none", got)
			}
		})
	}
}

func declKind(f *protocol.File, name string) protocol.DeclKind {
	for _, d := range f.Decls {
		for _, id := range d.Names {
			if id.Name == name {
				return d.Kind
			}
		}
	}
	return -1
}

// TestRequiresInInlinedCall checks that a __requires of an inlined device
// function is not made a precondition of the kernel: its callers may break
// it, and assuming it would hide the races they cause.
func TestRequiresInInlinedCall(t *testing.T) {
	b := newFunc()
	s := b.base("s", ir.Shared, ir.I32, 8)
	r := &ir.Region{At: at, Name: "f", Call: true}
	r.Body = blk(&ir.Assume{At: at, Cond: bin("<", ir.BoolT, tid(), c(ir.U32, 1)), Requires: true}, store(s, c(ir.I32, 0)))
	f := Protocol(b.add(r).f, "k.cu", Options{}).File
	protocol.Inspect(f.Body, func(n protocol.Node) bool {
		if _, ok := n.(*protocol.Assume); ok {
			t.Errorf("an assumption from the device function's __requires: %v", n)
		}
		return true
	})
	if got := accesses(t, f, 2, nil); len(got[1]) != 1 {
		t.Errorf("thread 1's accesses %v, want its write of s[0]", got[1])
	}
}

// TestUnknownStatement checks that an IR Unknown reaches the protocol with
// its reason and position.
func TestUnknownStatement(t *testing.T) {
	b := newFunc()
	pos := protocol.Pos{File: "k.cu", Line: 7, Col: 3}
	f := Protocol(b.add(&ir.Unknown{At: pos, Reason: "goto"}).f, "k.cu", Options{}).File
	if len(f.Unknowns) != 1 || f.Unknowns[0].At != pos || f.Unknowns[0].Reason != "goto" {
		t.Errorf("unknowns %v, want goto at 7:3", f.Unknowns)
	}
}

// TestLongValueChain checks that a long chain of arithmetic on a value
// that is only stored (a hash) does not reach the protocol as a tree: the
// value is a DAG in the symbolic run, and the write carries no value past
// a small size (TestAccesses bounds the indices).
func TestLongValueChain(t *testing.T) {
	b := newFunc()
	out := b.base("out", ir.Global, ir.U32)
	h := b.local("h", ir.U32)
	b.add(assign(h, tid()))
	for i := 0; i < 16; i++ {
		b.add(assign(h, bin("^", ir.U32, ref(h), bin("<<", ir.U32, ref(h), c(ir.U32, 13)))))
	}
	b.add(&ir.Store{At: at, Addr: ir.Addr{Base: out, Off: bin("*", ir.I64, c(ir.I64, 4), conv(ir.I64, tid()))}, T: ir.U32, X: ref(h)})
	f := Protocol(b.f, "k.cu", Options{}).File
	if n := len(printer.File(f)); n > 1000 {
		t.Errorf("a protocol of %d characters for one write", n)
	}
}

// TestCounters checks which atomics hand out distinct values (Bardsley and Donaldson,
// Section 4.2): the values of atomicAdd(&count[off], k), k > 0 a constant,
// are declared distinct only when the counter is never updated otherwise
// and off is the same for every thread of the grid at every iteration.
func TestCounters(t *testing.T) {
	atomic := func(cnt *ir.Base, dst *ir.Var, op string, k int64, off ir.Expr) ir.Stmt {
		return &ir.Atomic{At: at, Dst: dst, Op: op, Addr: ir.Addr{Base: cnt, Off: off}, T: ir.I32, Args: []ir.Expr{c(ir.I32, k)}}
	}
	zero := c(ir.I64, 0)
	tests := []struct {
		name     string
		build    func(b *builder, cnt *ir.Base, slot *ir.Var) []ir.Stmt
		distinct bool
	}{
		{"add 1", func(b *builder, cnt *ir.Base, slot *ir.Var) []ir.Stmt {
			return []ir.Stmt{atomic(cnt, slot, "add", 1, zero)}
		}, true},
		{"add 4, device scope", func(b *builder, cnt *ir.Base, slot *ir.Var) []ir.Stmt {
			return []ir.Stmt{atomic(cnt, slot, "add", 4, zero)}
		}, true},
		// atomicAdd_block is not atomic between blocks: two blocks may
		// read one value
		{"add 4, block scope", func(b *builder, cnt *ir.Base, slot *ir.Var) []ir.Stmt {
			return []ir.Stmt{atomic(cnt, slot, "add.block", 4, zero)}
		}, false},
		{"add 0", func(b *builder, cnt *ir.Base, slot *ir.Var) []ir.Stmt {
			return []ir.Stmt{atomic(cnt, slot, "add", 0, zero)}
		}, false},
		{"add -1", func(b *builder, cnt *ir.Base, slot *ir.Var) []ir.Stmt {
			return []ir.Stmt{atomic(cnt, slot, "add", -1, zero)}
		}, false},
		{"also decremented", func(b *builder, cnt *ir.Base, slot *ir.Var) []ir.Stmt {
			return []ir.Stmt{atomic(cnt, slot, "add", 1, zero), atomic(cnt, nil, "sub", 1, zero)}
		}, false},
		{"also stored", func(b *builder, cnt *ir.Base, slot *ir.Var) []ir.Stmt {
			return []ir.Stmt{atomic(cnt, slot, "add", 1, zero), store(cnt, c(ir.I32, 0))}
		}, false},
		{"a counter per thread", func(b *builder, cnt *ir.Base, slot *ir.Var) []ir.Stmt {
			return []ir.Stmt{atomic(cnt, slot, "add", 1, bin("*", ir.I64, c(ir.I64, 4), conv(ir.I64, tid())))}
		}, false},
		{"a __shared__ counter: one per block", func(b *builder, cnt *ir.Base, slot *ir.Var) []ir.Stmt {
			sh := b.base("scount", ir.Shared, ir.I32, 1)
			return []ir.Stmt{atomic(sh, slot, "add", 1, zero)}
		}, false},
		{"a counter per block", func(b *builder, cnt *ir.Base, slot *ir.Var) []ir.Stmt {
			bid := &ir.Builtin{At: at, Kind: ir.BlockIdx}
			return []ir.Stmt{atomic(cnt, slot, "add", 1, bin("*", ir.I64, c(ir.I64, 4), conv(ir.I64, bid)))}
		}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := newFunc()
			cnt := b.base("count", ir.Global, ir.I32)
			out := b.base("out", ir.Global, ir.I32)
			slot := b.local("slot", ir.I32)
			b.add(tc.build(b, cnt, slot)...)
			b.add(store(out, ref(slot)))
			f := Protocol(b.f, "k.cu", Options{}).File
			info, err := protocol.Check(f)
			if err != nil {
				t.Fatal(err)
			}
			if got := len(info.Distinct) > 0; got != tc.distinct {
				t.Errorf("distinct groups %v, want some: %v\n%s", info.Distinct, tc.distinct, printer.File(f))
			}
		})
	}
}

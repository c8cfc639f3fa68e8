package symexec

import (
	"strings"
	"testing"

	"github.com/drfcheck/drfcheck/internal/infer/ir"
	"github.com/drfcheck/drfcheck/protocol"
)

// load reads the i32 at element index i of base into v.
func load(v *ir.Var, base *ir.Base, i ir.Expr) ir.Stmt {
	return &ir.Load{At: at, Dst: v, Addr: ir.Addr{Base: base, Off: bin("*", ir.I64, c(ir.I64, 4), conv(ir.I64, i))}, T: ir.I32}
}

// counted is for (i = 0; i < n; i++) body, with a counter of its own
// and n a parameter.
func counted(x *ir.Var, body ...ir.Stmt) ir.Stmt {
	i := &ir.Var{At: at, Name: "i_" + x.Name, CName: "i", T: ir.I32, Kind: ir.Local}
	n := &ir.Var{At: at, Name: "n", CName: "n", T: ir.I32, Kind: ir.Param}
	return &ir.Loop{At: at, Init: blk(assign(i, c(ir.I32, 0))), Test: blk(), Cond: bin("<", ir.BoolT, ref(i), ref(n)),
		Post: blk(assign(i, bin("+", ir.I32, ref(i), c(ir.I32, 1)))), Body: blk(body...)}
}

// TestOwnWrites checks which reads of the thread's own writes are left out
// of the protocol (forward.go): those that every path reaches after the
// write, in its barrier interval, without lock-step warps.
func TestOwnWrites(t *testing.T) {
	sync := &ir.Barrier{At: at, Kind: ir.SyncThreads}
	cases := []struct {
		name     string
		lockStep bool
		body     func(s *ir.Base, x *ir.Var) []ir.Stmt
		want     string // the thread's accesses of s, in order
	}{
		{"after the write", false, func(s *ir.Base, x *ir.Var) []ir.Stmt {
			return []ir.Stmt{store(s, tid()), load(x, s, tid())}
		}, "wr"},
		{"before the write", false, func(s *ir.Base, x *ir.Var) []ir.Stmt {
			return []ir.Stmt{load(x, s, tid()), store(s, tid())}
		}, "rd wr"},
		{"another element", false, func(s *ir.Base, x *ir.Var) []ir.Stmt {
			return []ir.Stmt{store(s, tid()), load(x, s, bin("+", ir.I32, tid(), c(ir.I32, 1)))}
		}, "wr rd"},
		{"lock-step warps", true, func(s *ir.Base, x *ir.Var) []ir.Stmt {
			return []ir.Stmt{store(s, tid()), load(x, s, tid())}
		}, "wr rd"},
		{"a barrier between", false, func(s *ir.Base, x *ir.Var) []ir.Stmt {
			return []ir.Stmt{store(s, tid()), sync, load(x, s, tid())}
		}, "wr sync rd"},
		// the write may not run: the read after the if is an access
		{"a write under a condition", false, func(s *ir.Base, x *ir.Var) []ir.Stmt {
			return []ir.Stmt{&ir.If{At: at, Cond: bin(">", ir.BoolT, tid(), c(ir.I32, 0)), Then: blk(store(s, tid()))}, load(x, s, tid())}
		}, "if(wr) rd"},
		// the write before the if covers the read in its branch
		{"a read under a condition", false, func(s *ir.Base, x *ir.Var) []ir.Stmt {
			return []ir.Stmt{store(s, tid()), &ir.If{At: at, Cond: bin(">", ir.BoolT, tid(), c(ir.I32, 0)), Then: blk(load(x, s, tid()))}}
		}, "wr"},
		// a barrier in a branch may have run
		{"a barrier under a condition", false, func(s *ir.Base, x *ir.Var) []ir.Stmt {
			return []ir.Stmt{store(s, tid()), &ir.If{At: at, Cond: bin(">", ir.BoolT, tid(), c(ir.I32, 0)), Then: blk(sync)}, load(x, s, tid())}
		}, "wr if(sync) rd"},
		// the body stands for every iteration: the first iteration's read
		// comes before any write
		{"an earlier iteration's write", false, func(s *ir.Base, x *ir.Var) []ir.Stmt {
			return []ir.Stmt{counted(x, load(x, s, tid()), store(s, tid()))}
		}, "loop(rd wr)"},
		{"a write in the iteration", false, func(s *ir.Base, x *ir.Var) []ir.Stmt {
			return []ir.Stmt{counted(x, store(s, tid()), load(x, s, tid()))}
		}, "loop(wr)"},
		// no barrier between the write and any iteration's read
		{"a write before a loop", false, func(s *ir.Base, x *ir.Var) []ir.Stmt {
			return []ir.Stmt{store(s, tid()), counted(x, load(x, s, tid()))}
		}, "wr loop()"},
		// the second iteration's read comes after a barrier
		{"a write before a loop with a barrier", false, func(s *ir.Base, x *ir.Var) []ir.Stmt {
			return []ir.Stmt{store(s, tid()), counted(x, load(x, s, tid()), sync)}
		}, "wr loop(rd sync)"},
		// the loop may run no iteration, and its body a barrier
		{"after a loop", false, func(s *ir.Base, x *ir.Var) []ir.Stmt {
			return []ir.Stmt{counted(x, store(s, tid())), load(x, s, tid())}
		}, "loop(wr) rd"},
		{"across a loop with a barrier", false, func(s *ir.Base, x *ir.Var) []ir.Stmt {
			return []ir.Stmt{store(s, tid()), counted(x, sync), load(x, s, tid())}
		}, "wr loop(sync) rd"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			b := newFunc()
			s := b.base("s", ir.Shared, ir.I32, 64)
			x := b.local("x", ir.I32)
			b.add(tc.body(s, x)...)
			r := Protocol(b.f, "k.cu", Options{LockStep: tc.lockStep})
			if got := outline(r.File.Body.Stmts); got != tc.want {
				t.Errorf("accesses %q, want %q (unknowns %v)", got, tc.want, r.File.Unknowns)
			}
		})
	}
}

// outline lists the accesses, barriers and conditionals of a protocol.
func outline(sts []protocol.Stmt) string {
	var parts []string
	for _, st := range sts {
		switch st := st.(type) {
		case *protocol.Access:
			parts = append(parts, st.Mode.String())
		case *protocol.Sync:
			parts = append(parts, "sync")
		case *protocol.If:
			parts = append(parts, "if("+outline(st.Then.Stmts)+")")
		case *protocol.Loop:
			parts = append(parts, "loop("+outline(st.Body.Stmts)+")")
		case *protocol.Block:
			// the scope of a nested assumption (a value read from memory)
			if o := outline(st.Stmts); o != "" {
				parts = append(parts, o)
			}
		}
	}
	return strings.Join(parts, " ")
}

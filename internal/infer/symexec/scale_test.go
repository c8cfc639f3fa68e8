package symexec

import (
	"strings"
	"testing"
	"time"

	"github.com/drfcheck/drfcheck/internal/infer/ir"
	"github.com/drfcheck/drfcheck/protocol"
)

// nested builds depth loops for (int iK = 0; iK < n; iK++) nested, with
// out[tid] = 1 inside. With acc, each level also adds threadIdx.x to a
// variable of its own (xK += tid) that becomes thread-local, which makes
// the analysis of each level take two rounds.
func nested(depth int, acc bool) *ir.Func {
	b := newFunc()
	out := b.base("out", ir.Global, ir.I32)
	n := b.param("n", ir.I32)
	var body ir.Stmt = store(out, tid())
	for d := depth - 1; d >= 0; d-- {
		i := b.local("i", ir.I32)
		stmts := []ir.Stmt{body}
		var init []ir.Stmt
		if acc {
			x := b.local("x", ir.I32)
			init = append(init, assign(x, c(ir.I32, 0)))
			stmts = append([]ir.Stmt{assign(x, bin("+", ir.I32, ref(x), conv(ir.I32, tid())))}, stmts...)
		}
		loop := &ir.Loop{At: at, Kind: ir.For,
			Init: blk(assign(i, c(ir.I32, 0))), Test: blk(),
			Cond: bin("<", ir.BoolT, ref(i), ref(n)),
			Post: blk(assign(i, bin("+", ir.I32, ref(i), c(ir.I32, 1)))),
			Body: blk(stmts...)}
		body = blk(append(init, loop)...)
	}
	return b.add(body).f
}

// TestNestedLoopsPolynomial checks that the statements the analysis runs
// grow polynomially with the nesting depth of loops: counted, not timed.
// Running each level's body again for each trial round and for the final
// run of the level above made it 2^depth.
func TestNestedLoopsPolynomial(t *testing.T) {
	for _, acc := range []bool{false, true} {
		steps := map[int]int{}
		for _, d := range []int{5, 10, 20} {
			r := Protocol(nested(d, acc), "k.cu", Options{})
			if len(r.File.Unknowns) > 0 {
				t.Fatalf("acc=%v depth %d: unknowns %v", acc, d, r.File.Unknowns)
			}
			if got := strings.Count(printerFile(r.File), "for "); got != d {
				t.Errorf("acc=%v depth %d: %d loops in the protocol", acc, d, got)
			}
			steps[d] = r.Steps
		}
		// doubling the depth at most quadruples the cost (with room
		// for a lower-order term); 2^depth would multiply it by 32
		// from 5 to 10 and by 1024 from 10 to 20
		for _, p := range [][2]int{{5, 10}, {10, 20}} {
			if ratio := float64(steps[p[1]]) / float64(steps[p[0]]); ratio > 6 {
				t.Errorf("acc=%v: %d statements at depth %d, %d at depth %d: x%.1f", acc, steps[p[0]], p[0], steps[p[1]], p[1], ratio)
			}
		}
	}
}

// TestBudget checks that a budget cuts the analysis of a kernel, which
// becomes unknown with the reason and the position of the statement it
// was at, and that a budget not spent changes nothing. The clock is
// injected: no case depends on the machine's speed.
func TestBudget(t *testing.T) {
	// a clock that advances a second each time it is read
	ticking := func() func() time.Time {
		now := time.Unix(0, 0)
		return func() time.Time { now = now.Add(time.Second); return now }
	}
	cases := []struct {
		name   string
		budget Budget
		want   string // in the reason of the one unknown; "" for none
	}{
		{"none", Budget{}, ""},
		{"steps enough", Budget{Steps: 100000}, ""},
		{"steps spent", Budget{Steps: 10}, "after 10 statements (its step budget), in the trial runs of"},
		{"time enough", Budget{Timeout: time.Hour, Clock: ticking()}, ""},
		{"time spent", Budget{Timeout: 3 * time.Second, Clock: ticking()}, "its time budget (--kernel-timeout)"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := Protocol(nested(10, true), "k.cu", Options{Budget: tc.budget}).File
			if tc.want == "" {
				if len(f.Unknowns) > 0 {
					t.Fatalf("unknowns %v", f.Unknowns)
				}
				return
			}
			if len(f.Unknowns) != 1 || !strings.Contains(f.Unknowns[0].Reason, tc.want) || f.Unknowns[0].At != at {
				t.Fatalf("unknowns %v, want one at %v saying %q", f.Unknowns, at, tc.want)
			}
			if len(f.Body.Stmts) != 0 {
				t.Errorf("a cut kernel keeps %d statements", len(f.Body.Stmts))
			}
		})
	}
}

func printerFile(f *protocol.File) string {
	var b strings.Builder
	protocol.Inspect(f.Body, func(n protocol.Node) bool {
		if _, ok := n.(*protocol.Loop); ok {
			b.WriteString("for ")
		}
		return true
	})
	return b.String()
}

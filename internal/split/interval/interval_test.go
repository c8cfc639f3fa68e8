package interval_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/drfcheck/drfcheck/internal/split"
	"github.com/drfcheck/drfcheck/internal/split/interval"
	"github.com/drfcheck/drfcheck/protocol"
	"github.com/drfcheck/drfcheck/protocol/parser"
	"github.com/drfcheck/drfcheck/protocol/printer"
)

// describe prints traces compactly, as split's tests do: "[r in 1..N] rd,wr"
// lists the binders and the accesses of the phase with their first index.
func describe(ts []split.Trace) string {
	var out []string
	for _, t := range ts {
		var bs, as []string
		for _, b := range t.Binders {
			bs = append(bs, fmt.Sprintf("%s in %s..%s", b.Var, printer.Node(b.Lo), printer.Node(b.Hi)))
		}
		for _, a := range protocol.Accesses(&protocol.Block{Stmts: t.Phase}) {
			as = append(as, fmt.Sprintf("%s %s", a.Mode, printer.Node(a.Index[0])))
		}
		out = append(out, fmt.Sprintf("[%s] %s", strings.Join(bs, ", "), strings.Join(as, ",")))
	}
	return strings.Join(out, "\n")
}

// variant parses a protocol and marks its synchronized loops, as package
// wellformed does; the tests use loops that run, with unique names, so
// that the result is well-formed as it is. (wellformed.Normalize without an
// oracle would give up on loops whose bounds use an outer loop variable.)
func variant(t *testing.T, src string) []protocol.Stmt {
	t.Helper()
	f, err := parser.ParseFile("in.prot", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := protocol.Check(f); err != nil {
		t.Fatal(err)
	}
	var mark func(sts []protocol.Stmt)
	mark = func(sts []protocol.Stmt) {
		for _, s := range sts {
			if l, ok := s.(*protocol.Loop); ok {
				l.Sync = protocol.HasSync(l.Body)
				mark(l.Body.Stmts)
			}
		}
	}
	mark(f.Body.Stmts)
	return f.Body.Stmts
}

func TestTraces(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{{
		name: "example 1",
		in:   `shared A; wr A[tid + 1]; rd A[tid + 2]; sync;`,
		want: "[] wr tid + 1,rd tid + 2",
	}, {
		name: "no barrier",
		in:   `shared A; wr A[tid];`,
		want: "[] wr tid",
	}, {
		// Listing 2.3: the start to the first barrier (r = 0), one
		// iteration's tail to the next one's head, the last tail to the end.
		name: "listing 2.3",
		in: `param N, M; shared tile;
			for r in 0..N { for i in 0..M { wr tile[tid]; } sync; for j in 0..M { rd tile[tid + j]; } }`,
		want: "[r in 0..1] wr tid\n" +
			"[r in 1..N, r' in r - 1..r] rd tid + j,wr tid\n" +
			"[r in N - 1..N] rd tid + j",
	}, {
		// The tail of iteration x - 1 reads A[x - 1], the head of
		// iteration x writes A[x]: each access keeps its own iteration.
		name: "next iteration",
		in: `param N; shared A;
			for x in 0..N { wr A[x]; sync; rd A[x]; }`,
		want: "[x in 0..1] wr x\n" +
			"[x in 1..N, x' in x - 1..x] rd x',wr x\n" +
			"[x in N - 1..N] rd x",
	}, {
		// From the inner barrier: the inner loop goes on, or it ends
		// and the outer one goes on (the inner loop restarts at its
		// first iteration, whose bounds use the new x), or both end.
		name: "nested, inner bounds use the outer variable",
		in: `param N; shared A;
			for x in 0..N { for y in x..x + 2 { sync; wr A[y]; } }`,
		want: "[x in 0..N, y in x + 1..x + 2, y' in y - 1..y] wr y'\n" +
			"[x in 1..N, x' in x - 1..x, y' in x' + 2 - 1..x' + 2, y in x..x + 1] wr y'\n" +
			"[x in N - 1..N, y in x + 2 - 1..x + 2] wr y",
	}, {
		// Leaving the inner loop reaches a barrier of the outer body in
		// the same outer iteration.
		name: "exit to a barrier",
		in: `param N, M; shared A;
			for x in 0..N { for y in 0..M { sync; wr A[y]; } rd A[x]; sync; wr A[0]; }`,
		want: "[x in 0..N, y in 1..M, y' in y - 1..y] wr y'\n" +
			"[x in 0..N, y in M - 1..M] wr y,rd x\n" +
			"[x in 1..N, x' in x - 1..x, y in 0..1] wr 0\n" +
			"[x in N - 1..N] wr 0",
	}, {
		// A loop entered from the start, or after a barrier, starts at
		// its first iteration; phases without accesses make no trace.
		name: "enter",
		in: `param N; shared A;
			wr A[0]; for x in 1..N { wr A[x]; sync; } sync; sync;`,
		want: "[x in 1..2] wr 0,wr x\n" +
			"[x in 2..N, x' in x - 1..x] wr x",
	}} {
		t.Run(tc.name, func(t *testing.T) {
			ts, err := interval.Traces(variant(t, tc.in))
			if err != nil {
				t.Fatal(err)
			}
			if got := describe(ts); got != tc.want {
				t.Errorf("got\n%s\nwant\n%s", got, tc.want)
			}
		})
	}
}

// A sequence that is not well-formed is an error at the offending
// statement, never a wrong trace or a panic.
func TestNotWellFormed(t *testing.T) {
	at := protocol.Pos{File: "in.prot", Line: 3, Col: 5}
	acc := &protocol.Access{Array: "A", Index: []protocol.Expr{&protocol.IntLit{}}}
	sync := &protocol.Sync{}
	zero, two := &protocol.IntLit{}, &protocol.IntLit{Value: 2}
	for _, tc := range []struct {
		name string
		sts  []protocol.Stmt
		want string
	}{
		{"barrier under a conditional", []protocol.Stmt{acc, &protocol.If{At: at, Cond: &protocol.BoolLit{Value: true},
			Then: &protocol.Block{Stmts: []protocol.Stmt{sync}}}}, "in.prot:3:5: interval: barrier inside a conditional"},
		{"synchronized loop with a step", []protocol.Stmt{sync, &protocol.Loop{At: at, Var: "x", Lo: zero, Hi: two, Step: two, Sync: true,
			Body: &protocol.Block{Stmts: []protocol.Stmt{sync}}}}, "in.prot:3:5: interval: synchronized loop with a step"},
		{"loop with a barrier not marked", []protocol.Stmt{&protocol.Loop{At: at, Var: "x", Lo: zero, Hi: two,
			Body: &protocol.Block{Stmts: []protocol.Stmt{sync}}}}, "in.prot:3:5: interval: barrier inside a loop not marked synchronized"},
		{"synchronized loop without a barrier", []protocol.Stmt{&protocol.Loop{At: at, Var: "x", Lo: zero, Hi: two, Sync: true,
			Body: &protocol.Block{Stmts: []protocol.Stmt{acc}}}}, "in.prot:3:5: interval: synchronized loop without a barrier in its body"},
		{"synchronized loop without a body", []protocol.Stmt{&protocol.Loop{At: at, Var: "x", Lo: zero, Hi: two, Sync: true}},
			"in.prot:3:5: interval: synchronized loop without a body"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := interval.Traces(tc.sts)
			if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
				t.Errorf("got %v, want %s...", err, tc.want)
			}
		})
	}
}

// nest makes n nested synchronized loops, each body "wr; sync; <inner>;
// rd; sync" when twice, else "wr; sync; <inner>" (Fig. 7's pattern).
func nest(n int, twice bool) string {
	var b strings.Builder
	b.WriteString("param N; shared A;\n")
	for k := 0; k < n; k++ {
		fmt.Fprintf(&b, "for i%d in 0..N { wr A[tid + i%d]; sync;\n", k, k)
	}
	for k := n - 1; k >= 0; k-- {
		if twice {
			fmt.Fprintf(&b, "rd A[tid + i%d]; sync;\n", k)
		}
		b.WriteString("}\n")
	}
	return b.String()
}

// The traces grow polynomially with the nesting: at most depth+1
// intervals per barrier, plus the start, and each phase is at most the
// whole program (here: its accesses).
func TestPolynomial(t *testing.T) {
	for _, tc := range []struct {
		n     int
		twice bool
	}{{1, false}, {10, false}, {50, false}, {1, true}, {10, true}, {30, true}} {
		t.Run(fmt.Sprintf("n=%d twice=%v", tc.n, tc.twice), func(t *testing.T) {
			sts := variant(t, nest(tc.n, tc.twice))
			ts, err := interval.Traces(sts)
			if err != nil {
				t.Fatal(err)
			}
			barriers, accesses := tc.n, tc.n
			if tc.twice {
				barriers, accesses = 2*tc.n, 2*tc.n
			}
			if max := barriers*(tc.n+1) + 1; len(ts) > max {
				t.Errorf("%d traces, more than %d", len(ts), max)
			}
			for _, tr := range ts {
				if got := len(protocol.Accesses(&protocol.Block{Stmts: tr.Phase})); got > accesses {
					t.Errorf("a phase of %d accesses, more than the program's %d", got, accesses)
				}
			}
		})
	}
}

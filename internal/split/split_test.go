package split_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/drfcheck/drfcheck/internal/align"
	"github.com/drfcheck/drfcheck/internal/split"
	"github.com/drfcheck/drfcheck/protocol"
	"github.com/drfcheck/drfcheck/protocol/parser"
	"github.com/drfcheck/drfcheck/protocol/printer"
	"github.com/drfcheck/drfcheck/protocol/wellformed"
)

// describe prints traces compactly: "[r in 1..N] rd,wr" lists the binders
// and the access modes of the phase.
func describe(ts []split.Trace) string {
	var out []string
	for _, t := range ts {
		var bs, as []string
		for _, b := range t.Binders {
			bs = append(bs, fmt.Sprintf("%s in %s..%s", b.Var, printer.Node(b.Lo), printer.Node(b.Hi)))
		}
		for _, a := range protocol.Accesses(&protocol.Block{Stmts: t.Phase}) {
			as = append(as, a.Mode.String())
		}
		out = append(out, fmt.Sprintf("[%s] %s", strings.Join(bs, ", "), strings.Join(as, ",")))
	}
	return strings.Join(out, "; ")
}

func TestSplit(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		// Cogumbreiro et al., Example 1: one barrier interval, one trace.
		{"example 1", `shared A; wr A[tid + 1]; rd A[tid + 2]; sync;`, "[] wr,rd"},
		// Listing 2.3 aligned: the three fragments of Section 2.2.
		{"listing 2.3", `param N, M; shared tile;
			for r in 0..N { for i in 0..M { wr tile[tid]; } sync; for j in 0..M { rd tile[tid + j]; } }`,
			"[] wr; [r in 1..N] rd,wr; [] rd"},
		// A synchronized loop nested in another: traces under both binders.
		{"nested", `param N, M; shared A;
			for x in 0..N { wr A[x]; for y in 0..M { rd A[y]; sync; } }`,
			"[] wr,rd; [y in 1..M] rd; [x in 1..N] wr,rd; [x in 1..N, y in 1..M] rd"},
		// Phases without accesses make no trace.
		{"empty phases", `shared A; sync; sync; wr A[0]; sync; sync;`, "[] wr"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, err := parser.ParseFile("in.prot", []byte(tc.in))
			if err != nil {
				t.Fatal(err)
			}
			info, err := protocol.Check(f)
			if err != nil {
				t.Fatal(err)
			}
			prog := wellformed.Normalize(f, info, wellformed.BlockLevel, nil)
			v := prog.Variants[len(prog.Variants)-1] // all loops run
			ts, err := split.Split(align.Align(v.Body))
			if err != nil {
				t.Fatal(err)
			}
			if got := describe(ts); got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
		})
	}
}

// Split rejects a protocol that is not aligned rather than computing wrong
// traces.
func TestSplitRejectsUnaligned(t *testing.T) {
	loop := &protocol.Loop{Var: "x", Lo: &protocol.IntLit{}, Hi: &protocol.IntLit{Value: 2}, Sync: true,
		Body: &protocol.Block{Stmts: []protocol.Stmt{&protocol.Sync{}, &protocol.Access{Array: "A", Index: []protocol.Expr{&protocol.IntLit{}}}}}}
	if _, err := split.Split([]protocol.Stmt{&protocol.Sync{}, loop}, nil); err == nil {
		t.Error("a loop body ending after its barrier was accepted")
	}
	acc := &protocol.Access{Array: "A", Index: []protocol.Expr{&protocol.IntLit{}}}
	okLoop := &protocol.Loop{Var: "x", Lo: &protocol.IntLit{}, Hi: &protocol.IntLit{Value: 2}, Sync: true,
		Body: &protocol.Block{Stmts: []protocol.Stmt{&protocol.Sync{}}}}
	if _, err := split.Split([]protocol.Stmt{acc, okLoop}, nil); err == nil {
		t.Error("a loop not preceded by a barrier was accepted")
	}
}

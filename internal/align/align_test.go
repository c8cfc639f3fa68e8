package align_test

import (
	"strings"
	"testing"

	"github.com/drfcheck/drfcheck/internal/align"
	"github.com/drfcheck/drfcheck/protocol"
	"github.com/drfcheck/drfcheck/protocol/parser"
	"github.com/drfcheck/drfcheck/protocol/printer"
	"github.com/drfcheck/drfcheck/protocol/wellformed"
)

// variant parses a protocol and returns its single well-formed variant (the
// tests assume the synchronized loops run, as Fig. 3 does).
func variant(t *testing.T, src string) []protocol.Stmt {
	t.Helper()
	f, err := parser.ParseFile("in.prot", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	info, err := protocol.Check(f)
	if err != nil {
		t.Fatal(err)
	}
	prog := wellformed.Normalize(f, info, wellformed.BlockLevel, nil)
	v := prog.Variants[len(prog.Variants)-1] // every loop runs at least once
	return v.Body
}

func body(t *testing.T, src string) []protocol.Stmt {
	t.Helper()
	f, err := parser.ParseFile("want.prot", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return f.Body.Stmts
}

func text(sts []protocol.Stmt) string {
	var b strings.Builder
	for _, s := range sts {
		b.WriteString(printer.Node(s))
		b.WriteString("\n")
	}
	return b.String()
}

func TestAlign(t *testing.T) {
	for _, tc := range []struct {
		name, in, aligned, rest string
	}{{
		// Cogumbreiro et al., Listing 2.3: the left protocol aligns to the right one.
		name: "listing 2.3",
		in: `param N, M; shared tile;
			for r in 0..N {
			  for i in 0..M { wr tile[tid]; }
			  sync;
			  for j in 0..M { rd tile[tid + j]; }
			}`,
		aligned: `for i in 0..M { wr tile[tid]; }
			sync;
			for r in 1..N {
			  for j in 0..M { rd tile[tid + j]; }
			  for i in 0..M { wr tile[tid]; }
			  sync;
			}`,
		rest: `for j in 0..M { rd tile[tid + j]; }`,
	}, {
		// The unsynchronized code after the last barrier of iteration x
		// moves to iteration x+1 with x-1 for x, and the last iteration's
		// tail (x = N-1) follows the loop.
		name: "tail shifts",
		in: `param N; shared A;
			wr A[0];
			for x in 0..N { wr A[x]; sync; rd A[x]; }`,
		aligned: `wr A[0]; wr A[0]; sync;
			for x in 1..N { rd A[x - 1]; wr A[x]; sync; }`,
		rest: `rd A[N - 1];`,
	}, {
		// Nested loops: the inner loop is aligned first, its tail becomes
		// part of the outer body's tail.
		name: "nested",
		in: `param N, M; shared A;
			for x in 0..N { for y in 0..M { sync; wr A[x + y]; } }`,
		aligned: `sync;
			for y in 1..M { wr A[0 + (y - 1)]; sync; }
			for x in 1..N { wr A[x - 1 + (M - 1)]; sync; for y in 1..M { wr A[x + (y - 1)]; sync; } }`,
		rest: `wr A[N - 1 + (M - 1)];`,
	}, {
		name:    "no loop",
		in:      `shared A; wr A[0]; sync; rd A[1];`,
		aligned: `wr A[0]; sync;`,
		rest:    `rd A[1];`,
	}} {
		t.Run(tc.name, func(t *testing.T) {
			aligned, rest := align.Align(variant(t, tc.in))
			if want := body(t, tc.aligned); !equalStmts(aligned, want) {
				t.Errorf("aligned:\n%s\nwant:\n%s", text(aligned), text(want))
			}
			if want := body(t, tc.rest); !equalStmts(rest, want) {
				t.Errorf("rest:\n%s\nwant:\n%s", text(rest), text(want))
			}
		})
	}
}

func equalStmts(a, b []protocol.Stmt) bool {
	return protocol.Equal(&protocol.Block{Stmts: a}, &protocol.Block{Stmts: b})
}

// Every synchronized loop of an aligned protocol is preceded by a barrier
// and its body ends with one (Section 4.1), which is what split relies on.
func TestAlignedShape(t *testing.T) {
	in := `param N, M; shared A;
		wr A[0];
		for x in 0..N { rd A[x]; for y in 0..M { wr A[y]; sync; rd A[y]; } wr A[x]; sync; wr A[1]; }
		rd A[2];`
	aligned, _ := align.Align(variant(t, in))
	var check func(sts []protocol.Stmt)
	check = func(sts []protocol.Stmt) {
		for i, s := range sts {
			l, ok := s.(*protocol.Loop)
			if !ok || !l.Sync {
				continue
			}
			if i == 0 || !endsWithBarrier(sts[:i]) {
				t.Errorf("loop at %s is not preceded by a barrier:\n%s", l.At, text(aligned))
			}
			if !endsWithBarrier(l.Body.Stmts) {
				t.Errorf("loop at %s does not end with a barrier:\n%s", l.At, text(aligned))
			}
			check(l.Body.Stmts)
		}
	}
	check(aligned)
}

func endsWithBarrier(sts []protocol.Stmt) bool {
	if len(sts) == 0 {
		return false
	}
	switch s := sts[len(sts)-1].(type) {
	case *protocol.Sync:
		return true
	case *protocol.Loop:
		return s.Sync && endsWithBarrier(s.Body.Stmts)
	}
	return false
}

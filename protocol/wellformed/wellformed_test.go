package wellformed_test

import (
	"strings"
	"testing"

	"github.com/drfcheck/drfcheck/protocol"
	"github.com/drfcheck/drfcheck/protocol/parser"
	"github.com/drfcheck/drfcheck/protocol/printer"
	"github.com/drfcheck/drfcheck/protocol/wellformed"
)

func normalize(t *testing.T, src string, level wellformed.Level, o wellformed.Oracle) *wellformed.Program {
	t.Helper()
	f, err := parser.ParseFile("in.prot", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	info, err := protocol.Check(f)
	if err != nil {
		t.Fatal(err)
	}
	return wellformed.Normalize(f, info, level, o)
}

func show(sts []protocol.Stmt) string {
	var parts []string
	for _, s := range sts {
		parts = append(parts, strings.Join(strings.Fields(printer.Node(s)), " "))
	}
	return strings.Join(parts, " ")
}

func conds(cs []protocol.Cond) string {
	var parts []string
	for _, c := range cs {
		parts = append(parts, printer.Node(c))
	}
	return strings.Join(parts, " && ")
}

// never is an oracle for which a goal mentioning the given text can never
// hold: it stands for the SMT solver deciding one question.
type never string

func (n never) Satisfiable(q wellformed.Query) (bool, error) {
	return !strings.Contains(printer.Node(q.Goal), string(n)), nil
}

func TestVariants(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		oracle   wellformed.Oracle
		want     []string // per variant: "pre | body"
	}{{
		name: "uniform synchronized conditional splits into cases",
		in:   `param N; shared A; if N > 0 { wr A[0]; sync; } else { rd A[0]; }`,
		want: []string{"N > 0 | wr A[0]; sync;", "!(N > 0) | rd A[0];"},
	}, {
		name: "a loop that may not run gives two cases",
		in:   `param N; shared A; for x in 0..N { sync; }`,
		want: []string{"0 >= N | ", "0 < N | for x in 0..N { sync; }"},
	}, {
		name:   "the oracle prunes the impossible case",
		in:     `param N; shared A; assume N > 0; for x in 0..N { sync; }`,
		oracle: never("0 >= N"),
		want:   []string{" | for x in 0..N { sync; }"},
	}, {
		name:   "a step becomes an iteration counter",
		in:     `param N; shared A; assume N > 0; for x in 0..N step 4 { wr A[x]; sync; }`,
		oracle: never("0 >= N"),
		want:   []string{" | for x_iter in 0..(N + 4 - 1) / 4 { wr A[x_iter * 4]; sync; }"},
	}, {
		name: "nested assumptions guard the accesses after them",
		in:   `param N; shared A; for i in 0..N { wr A[0]; assume i > 2; wr A[i]; }`,
		want: []string{" | for i in 0..N { wr A[0]; if i > 2 { wr A[i]; } }"},
	}, {
		name: "an assumption guards accesses around barriers, not the barriers",
		in:   `param N; shared A; { assume tid < 4; wr A[tid]; sync; rd A[0]; }`,
		want: []string{" | if tid < 4 { wr A[tid]; } sync; if tid < 4 { rd A[0]; }"},
	}, {
		name: "shadowed loop variables are renamed",
		in:   `param N; shared A; for i in 0..N { for i in 0..2 { wr A[i]; } }`,
		want: []string{" | for i in 0..N { for i_1 in 0..2 { wr A[i_1]; } }"},
	}} {
		t.Run(tc.name, func(t *testing.T) {
			prog := normalize(t, tc.in, wellformed.BlockLevel, tc.oracle)
			var got []string
			for _, v := range prog.Variants {
				got = append(got, conds(v.Pre())+" | "+show(v.Body))
			}
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
}

func TestDivergenceChecks(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int // number of divergence checks
	}{
		{`shared A; if tid < 4 { sync; }`, 1},
		{`shared A; for i in 0..tid { sync; }`, 1},
		{`local x; shared A; if x > 0 { sync; }`, 1},
		{`param N; shared A; if N > 0 { sync; }`, 0},                     // uniform
		{`param N; shared A; for i in 0..N { sync; }`, 0},                // uniform
		{`shared A; if tid < 4 { wr A[0]; }`, 0},                         // no barrier
		{`param N; shared A; for x in 0..N { if tid < x { sync; } }`, 1}, // checked under the loop
	} {
		prog := normalize(t, tc.in, wellformed.BlockLevel, nil)
		if len(prog.Divergences) != tc.want {
			t.Errorf("%s: %d divergence checks, want %d", tc.in, len(prog.Divergences), tc.want)
		}
	}
}

func TestUnknowns(t *testing.T) {
	for _, tc := range []struct {
		in     string
		reason string // substring, "" for no unknown
	}{
		{`param N; shared A; for x in 0..N { for y in 0..x { sync; } }`, "runs zero times in some iterations"},
		{`param N; shared A; for x in 0..N { if x > 2 { sync; } }`, "reached in some iterations"},
		{`param N, S; shared A; for x in 0..N step S { sync; }`, "step"},
		{`param N; shared A; for x in 0..N step 0 { sync; }`, "step"},
		{`param N; shared A; for x in 0..N { for y in 0..N { sync; } }`, ""},
	} {
		prog := normalize(t, tc.in, wellformed.BlockLevel, nil)
		switch {
		case tc.reason == "" && len(prog.Unknowns) > 0:
			t.Errorf("%s: unexpected unknown %v", tc.in, prog.Unknowns)
		case tc.reason != "" && (len(prog.Unknowns) == 0 || !strings.Contains(prog.Unknowns[0].Reason, tc.reason)):
			t.Errorf("%s: unknowns %v, want one about %q", tc.in, prog.Unknowns, tc.reason)
		}
	}
}

// At grid level no barrier orders the threads: every barrier is erased.
func TestGridLevel(t *testing.T) {
	prog := normalize(t, `param N; global A; for x in 0..N { wr A[x]; sync; } if tid < 2 { sync; }`, wellformed.GridLevel, nil)
	if len(prog.Variants) != 1 || len(prog.Divergences) != 0 {
		t.Fatalf("want one variant and no divergence check, got %d and %d", len(prog.Variants), len(prog.Divergences))
	}
	if got := show(prog.Variants[0].Body); got != "for x in 0..N { wr A[x]; } if tid < 2 {}" {
		t.Errorf("got %s", got)
	}
}

// Top-level assumptions are preconditions, kept apart from the body.
func TestPreconditions(t *testing.T) {
	prog := normalize(t, `param N; shared A; wr A[0]; assume N > 2; assume tid < N;`, wellformed.BlockLevel, nil)
	if got := conds(prog.Pre); got != "N > 2 && tid < N" {
		t.Errorf("pre = %s", got)
	}
}

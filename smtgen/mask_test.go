package smtgen_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/drfcheck/drfcheck/protocol"
	"github.com/drfcheck/drfcheck/protocol/parser"
	"github.com/drfcheck/drfcheck/protocol/wellformed"
	"github.com/drfcheck/drfcheck/smtgen"
)

// TestLowMask: x & (2^k - 1) is int64's value in both encodings, for
// negative x too (the integer encoding writes it as Z3's mod, which is
// never negative, as two's complement's low bits are not): with x fixed,
// the mask's value is the only one the solver allows.
func TestLowMask(t *testing.T) {
	for _, enc := range []smtgen.Encoding{smtgen.Ints, smtgen.BitVectors} {
		for _, tc := range []struct{ x, mask int64 }{
			{5, 3}, {-1, 1023}, {-1024, 1023}, {-1025, 1023}, {1 << 40, 1<<32 - 1},
			{1<<40 + 7, 1<<32 - 1}, {-3, 0}, {-9223372036854775808, 1<<62 - 1}, {12345, 1},
		} {
			want := tc.x & tc.mask
			name := fmt.Sprintf("%v/%d&%d", enc, tc.x, tc.mask)
			t.Run(name, func(t *testing.T) {
				// the mask on either side: the literal first once took
				// the literal's own residue for the value
				for _, form := range []string{"x & %d", "%d & x"} {
					term := fmt.Sprintf(form, tc.mask)
					is := ask(t, enc, tc.x, fmt.Sprintf("%s == %d", term, want))
					isNot := ask(t, enc, tc.x, fmt.Sprintf("%s != %d", term, want))
					if !is || isNot {
						t.Errorf("x = %d: %s == %d satisfiable: %v, != satisfiable: %v", tc.x, term, want, is, isNot)
					}
				}
			})
		}
	}
}

// TestDivPow2: x / 2^k and x % 2^k truncate toward zero in both
// encodings (the bit-vector one computes them with shifts and masks), for
// negative x and the least int64 too; x stays a parameter, so that the
// encoding sees no range for it.
func TestDivPow2(t *testing.T) {
	for _, enc := range []smtgen.Encoding{smtgen.Ints, smtgen.BitVectors} {
		for _, x := range []int64{7, -7, 8, -8, -1, 0, 1<<62 + 5, -9223372036854775808, 9223372036854775807} {
			for _, d := range []int64{2, 4, 1024, 1 << 62} {
				for _, tc := range []struct {
					op   string
					want int64
				}{{"/", x / d}, {"%", x % d}} {
					term := fmt.Sprintf("x %s %d", tc.op, d)
					is := ask(t, enc, x, fmt.Sprintf("%s == %d", term, tc.want))
					isNot := ask(t, enc, x, fmt.Sprintf("%s != %d", term, tc.want))
					if !is || isNot {
						t.Errorf("%v, x = %d: %s == %d satisfiable: %v, != satisfiable: %v", enc, x, term, tc.want, is, isNot)
					}
				}
			}
		}
	}
}

// ask reports whether goal can hold with the parameter x equal to v.
func ask(t *testing.T, enc smtgen.Encoding, v int64, goal string) bool {
	t.Helper()
	src := fmt.Sprintf("param x; shared A; assume x == %d; if %s { wr A[0]; }", v, goal)
	f, err := parser.ParseFile("in.prot", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	info, err := protocol.Check(f)
	if err != nil {
		t.Fatal(err)
	}
	// the condition as written, not as wellformed folds it: the encoding
	// is what is tested
	iff := f.Body.Stmts[len(f.Body.Stmts)-1].(*protocol.If)
	pre := f.Body.Stmts[0].(*protocol.Assume).Cond
	s := smtgen.NewSolverWith(10*time.Second, enc)
	ok, err := s.Satisfiable(smtgen.Env{Info: info, Launch: oneDim}, wellformed.Query{Pre: []protocol.Cond{pre}, Goal: iff.Cond})
	if err != nil {
		t.Fatal(err)
	}
	return ok
}

// TestOracleKeepsTheKernelBudget: the oracle bounds each of its questions,
// but never past the kernel's own deadline, and leaves that deadline in
// force for the queries after it.
func TestOracleKeepsTheKernelBudget(t *testing.T) {
	s := smtgen.NewSolver(10 * time.Second)
	f, _ := parser.ParseFile("in.prot", []byte(`param N; shared A; if N > 0 { wr A[0]; }`))
	info, _ := protocol.Check(f)
	s.SetDeadline(time.Now().Add(-time.Second))
	o := s.Oracle(smtgen.Env{Info: info, Launch: oneDim})
	goal := &protocol.Cmp{Op: protocol.Gt, X: &protocol.Var{Name: "N"}, Y: &protocol.IntLit{}}
	if _, err := o.Satisfiable(wellformed.Query{Goal: goal}); err == nil {
		t.Errorf("a question asked after the kernel's deadline was answered")
	}
	for _, q := range queries(t, `param N; shared A; if N > 0 { wr A[0]; }`, oneDim) {
		res, err := s.Races(q, 1)
		if err == nil && res.Status != smtgen.Unknown {
			t.Errorf("the kernel's deadline was lifted by the oracle: %v", res.Status)
		}
	}
}

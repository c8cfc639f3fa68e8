package proofs

import (
	"testing"

	"github.com/drfcheck/drfcheck/internal/align"
	"github.com/drfcheck/drfcheck/protocol"
	"github.com/drfcheck/drfcheck/smtgen"
)

// defect is a deliberate mistake in Fig. 3.
type defect int

const (
	// noDefect is Fig. 3 as written.
	noDefect defect = iota
	// dropPeeled forgets the peeled first iteration q[x:=n] that Fig. 3
	// puts before the aligned loop (the code before the loop stays).
	dropPeeled
	// startAtLo starts the aligned loop at n instead of n+1, so that the
	// first iteration runs twice and the tail of a nonexistent iteration
	// n-1 runs before it.
	startAtLo
)

func (d defect) String() string {
	return [...]string{"fig3", "drop-peeled-first-iteration", "loop-starts-at-n"}[d]
}

// alignWith is a small reimplementation of Fig. 3 with the defect d:
//
//	align(u1; for x in n..m {p; u2}) =
//	  (u1 ⨾ q[x:=n]; for x in n+1..m {u[x:=x-1] ⨾ q}, u[x:=m-1])
//	where align(p; u2) = (q, u)
func alignWith(d defect) alignFunc {
	var alignSeq alignFunc
	alignSeq = func(sts []protocol.Stmt) (aligned, rest []protocol.Stmt) {
		for _, s := range sts {
			switch s := s.(type) {
			case *protocol.Sync:
				aligned = append(append(aligned, rest...), s)
				rest = nil
			case *protocol.Loop:
				if !s.Sync {
					rest = append(rest, s)
					continue
				}
				q, u := alignSeq(s.Body.Stmts)
				x := variable(s.Var)
				first, _ := protocol.Subst{s.Var: s.Lo}.Stmts(q)
				prev, _ := protocol.Subst{s.Var: protocol.Diff(s.At, x, lit(1))}.Stmts(u)
				last, _ := protocol.Subst{s.Var: protocol.Diff(s.At, s.Hi, lit(1))}.Stmts(u)
				lo := protocol.Sum(s.At, s.Lo, lit(1))
				switch d {
				case dropPeeled:
					first = nil
				case startAtLo:
					lo = s.Lo
				}
				aligned = append(append(aligned, rest...), first...)
				aligned = append(aligned, &protocol.Loop{Var: s.Var, Lo: lo, Hi: s.Hi,
					Body: block(append(prev, q...)), Sync: true})
				rest = last
			default:
				rest = append(rest, s)
			}
		}
		return aligned, rest
	}
	return alignSeq
}

// TestBrokenAlign shows that the property of Theorem 1 can fail: run
// against a defective align it must find a counterexample within the
// default number of cases, which is logged (shrunk) so that it can be
// quoted. The reimplementation without defect must agree with align.Align
// exactly, so that the defects are the only difference.
func TestBrokenAlign(t *testing.T) {
	t.Parallel()
	t.Run("reimplementation", func(t *testing.T) {
		run(t, 5001, forAll(WellFormed, func(c *Case) string {
			q1, u1 := align.Align(c.Body)
			q2, u2 := alignWith(noDefect)(c.Body)
			if !protocol.Equal(block(q1), block(q2)) || !protocol.Equal(block(u1), block(u2)) {
				return "the reimplementation of Fig. 3 differs from align.Align"
			}
			return ""
		}))
	})
	for _, d := range []defect{dropPeeled, startAtLo} {
		t.Run(d.String(), func(t *testing.T) {
			p := parameters(t, 4001) // the seed of TestTheorem1Align
			p.MinSuccessfulTests = defaultCases
			t.Logf("Theorem 1 against align with defect %s: seed %d, %d cases", d, p.Seed(), p.MinSuccessfulTests)
			res := forAll(WellFormed, theorem1(alignWith(d), nil)).Check(p)
			if res.Passed() {
				t.Fatalf("Theorem 1's property passed %d cases against an align with defect %s", res.Succeeded, d)
			}
			t.Logf("caught as it should be: %s", describe(res, p.Seed()))
			if len(res.Args) == 0 {
				t.Fatalf("no counterexample")
			}
		})
	}
	// The SMT property goes through align too (check's traces calls
	// align.Align; here the composition of the stages takes the defective
	// one instead).
	s := smtgen.NewSolver(queryTimeout)
	for _, d := range []defect{dropPeeled, startAtLo} {
		t.Run("smt/"+d.String(), func(t *testing.T) {
			p := parameters(t, 6001) // the seed of TestSMTEncoding
			p.MinSuccessfulTests = defaultCases
			t.Logf("SMT property against align with defect %s: seed %d, %d cases", d, p.Seed(), p.MinSuccessfulTests)
			res := forAll(Full, smtProperty(s, paperTraces(alignWith(d)), nil)).Check(p)
			if res.Passed() {
				t.Fatalf("the SMT property passed %d cases against an align with defect %s", res.Succeeded, d)
			}
			t.Logf("caught as it should be: %s", describe(res, p.Seed()))
		})
	}
}

package proofs

import (
	"fmt"
	"strings"
	"testing"

	"github.com/drfcheck/drfcheck/internal/split"
	"github.com/drfcheck/drfcheck/internal/split/interval"
	"github.com/drfcheck/drfcheck/protocol"
	"github.com/drfcheck/drfcheck/smtgen"
)

// intervalsProperty is the analogue of Theorems 1 and 3 for the interval
// encoding (internal/split/interval), checked against the reference semantics
// directly: a protocol p of W run by eval is safe if and only if every
// trace of interval.Traces(p) is safe, each trace evaluated concretely for
// every assignment of its binders (traceRacy, as for Theorem 3). edit, when
// not nil, alters the traces first (TestBrokenIntervals).
func intervalsProperty(edit func([]split.Trace) []split.Trace, stats Stats) func(c *Case) string {
	return func(c *Case) string {
		whole, err := races(c.File(), c.Config())
		if err != nil {
			return "eval of p: " + err.Error()
		}
		traces, err := interval.Traces(c.Body)
		if err != nil {
			return "interval.Traces: " + err.Error()
		}
		if edit != nil {
			traces = edit(traces)
		}
		racy, racyTrace, err := firstRacyTrace(c, traces)
		if err != nil {
			return err.Error()
		}
		if stats != nil {
			stats[verdictKey(whole)]++
			stats[fmt.Sprintf("sync depth %d", syncDepth(c.Body))]++
			if crossing(traces) {
				stats["crossing traces"]++
			}
			if racy != "" && crossing([]split.Trace{racyTrace}) {
				stats["racy across iterations"]++
			}
		}
		switch {
		case len(whole) > 0 && racy == "":
			return fmt.Sprintf("p is %s but its %d interval traces are DRF\n--- traces ---\n%s",
				safety(whole), len(traces), printTraces(traces))
		case len(whole) == 0 && racy != "":
			return fmt.Sprintf("p is DRF but an interval trace races: %s\n--- the trace ---\n%s", racy, printTrace(racyTrace))
		}
		return ""
	}
}

func printTraces(ts []split.Trace) string {
	var b strings.Builder
	for i, tr := range ts {
		fmt.Fprintf(&b, "// trace %d\n%s", i+1, printTrace(tr))
	}
	return b.String()
}

// syncDepth is the deepest nesting of synchronized loops in sts.
func syncDepth(sts []protocol.Stmt) int {
	d := 0
	for _, s := range sts {
		if l, ok := s.(*protocol.Loop); ok && l.Sync {
			d = max(d, 1+syncDepth(l.Body.Stmts))
		}
	}
	return d
}

// crossing reports whether some trace spans two iterations of a loop.
func crossing(ts []split.Trace) bool {
	for _, tr := range ts {
		for _, b := range tr.Binders {
			if earlier(b) {
				return true
			}
		}
	}
	return false
}

// TestIntervals: for protocols of W (Definition 1), p is safe in eval iff
// every trace of interval.Traces(p) is, on the cases of Theorem 1's
// generator and on cases with synchronized loops nested up to five deep
// (Nested), whose bounds may use the variables of enclosing loops.
func TestIntervals(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		frag Fragment
		seed int64
	}{{WellFormed, 4001}, {Nested, 4005}} {
		t.Run(tc.frag.String(), func(t *testing.T) {
			stats := Stats{}
			run(t, tc.seed, forAll(tc.frag, intervalsProperty(nil, stats)))
			logStats(t, stats)
			balanced(t, stats, "drf", "racy")
		})
	}
}

// A defect of the interval relation, as an edit of the traces.
type intervalDefect struct {
	name string
	edit func([]split.Trace) []split.Trace
	// smt: the SMT property on Full cases catches it too. wide-ends only
	// adds phases that few Full cases can tell apart (it takes a
	// synchronized loop whose first or last iteration differs from the
	// next, which Full makes rarely): measured, 1,000 cases pass.
	smt bool
}

var intervalDefects = []intervalDefect{{
	// The earlier iteration of a crossing is taken to be the later one
	// (x' = x instead of x - 1): the tail of an iteration meets the head of
	// the same iteration, which a barrier separates.
	name: "same-iteration",
	smt:  true,
	edit: func(ts []split.Trace) []split.Trace {
		return mapBinders(ts, func(b protocol.Binder) protocol.Binder {
			if earlier(b) {
				b.Lo, b.Hi = b.Hi, protocol.Sum(protocol.Pos{}, b.Hi, lit(1))
			}
			return b
		})
	},
}, {
	// The intervals that cross from one iteration to the next are lost.
	name: "no-crossing",
	smt:  true,
	edit: func(ts []split.Trace) []split.Trace {
		var out []split.Trace
		for _, tr := range ts {
			if !crossing([]split.Trace{tr}) {
				out = append(out, tr)
			}
		}
		return out
	},
}, {
	// A loop entered or left by an interval is taken at any of two
	// iterations rather than at its first or last one: [lo, lo+2) for
	// [lo, lo+1).
	name: "wide-ends",
	edit: func(ts []split.Trace) []split.Trace {
		return mapBinders(ts, func(b protocol.Binder) protocol.Binder {
			if singleton(b) {
				b.Hi = protocol.Sum(protocol.Pos{}, b.Hi, lit(1))
			}
			return b
		})
	},
}}

// singleton reports whether a binder is the first iteration [lo, lo+1) or
// the last [hi-1, hi) of a loop, as interval.Traces writes them.
func singleton(b protocol.Binder) bool {
	if earlier(b) {
		return false // [x-1, x): the earlier iteration of a crossing
	}
	if lo, ok := b.Lo.(*protocol.IntLit); ok {
		hi, ok := b.Hi.(*protocol.IntLit)
		return ok && hi.Value == lo.Value+1
	}
	if hi, ok := b.Hi.(*protocol.Binary); ok && hi.Op == protocol.Add && hi.X == b.Lo && isOne(hi.Y) {
		return true
	}
	lo, ok := b.Lo.(*protocol.Binary)
	return ok && lo.Op == protocol.Sub && lo.X == b.Hi && isOne(lo.Y)
}

// earlier reports whether b is x' in [x-1, x): the earlier of the two
// iterations an interval spans (loops nested in it are primed too, at
// their last iteration).
func earlier(b protocol.Binder) bool {
	x, ok := b.Hi.(*protocol.Var)
	return ok && b.Var == interval.Prime(x.Name)
}

func isOne(e protocol.Expr) bool {
	l, ok := e.(*protocol.IntLit)
	return ok && l.Value == 1
}

func mapBinders(ts []split.Trace, f func(protocol.Binder) protocol.Binder) []split.Trace {
	out := make([]split.Trace, len(ts))
	for i, tr := range ts {
		bs := make([]protocol.Binder, len(tr.Binders))
		for j, b := range tr.Binders {
			bs[j] = f(b)
		}
		out[i] = split.Trace{Binders: bs, Phase: tr.Phase}
	}
	return out
}

// blockOnly is c with its warp barriers made block barriers and its warps
// independent: the defects of interval traces are about block barriers, and
// the Full cases meant to exercise them should not spread over warps.
func blockOnly(c *Case) *Case {
	d := *c
	d.LockStep = false
	d.Body = blockSyncs(c.Body)
	return &d
}

// blockSyncs copies statements with every barrier a block barrier.
func blockSyncs(sts []protocol.Stmt) []protocol.Stmt {
	out := make([]protocol.Stmt, len(sts))
	for i, s := range sts {
		switch s := s.(type) {
		case *protocol.Sync:
			out[i] = &protocol.Sync{At: s.At}
		case *protocol.Loop:
			l := *s
			l.Body = &protocol.Block{At: s.Body.At, Stmts: blockSyncs(s.Body.Stmts)}
			out[i] = &l
		case *protocol.If:
			f := *s
			f.Then = &protocol.Block{At: s.Then.At, Stmts: blockSyncs(s.Then.Stmts)}
			if s.Else != nil {
				f.Else = &protocol.Block{At: s.Else.At, Stmts: blockSyncs(s.Else.Stmts)}
			}
			out[i] = &f
		case *protocol.Block:
			out[i] = &protocol.Block{At: s.At, Stmts: blockSyncs(s.Stmts)}
		default:
			out[i] = s
		}
	}
	return out
}

// TestBrokenIntervals shows that the interval properties can fail: against
// each deliberately broken interval relation, the property of
// TestIntervals (on Nested cases), and the SMT property where marked, must
// find a counterexample within the default number of cases; it is logged,
// shrunk.
func TestBrokenIntervals(t *testing.T) {
	t.Parallel()
	s := smtgen.NewSolver(queryTimeout)
	for _, d := range intervalDefects {
		t.Run(d.name, func(t *testing.T) {
			p := parameters(t, 4005) // the seed of TestIntervals/W-nested
			p.MinSuccessfulTests = defaultCases
			res := forAll(Nested, intervalsProperty(d.edit, nil)).Check(p)
			if res.Passed() {
				t.Fatalf("the interval property passed %d cases against the defect %s", res.Succeeded, d.name)
			}
			t.Logf("caught as it should be: %s", describe(res, p.Seed()))
		})
		if !d.smt {
			continue
		}
		t.Run("smt/"+d.name, func(t *testing.T) {
			p := parameters(t, 6001) // the seed of TestSMTEncoding
			p.MinSuccessfulTests = defaultCases
			broken := func(sts []protocol.Stmt) ([]split.Trace, error) {
				ts, err := interval.Traces(sts)
				return d.edit(ts), err
			}
			prop := smtProperty(s, broken, nil)
			res := forAll(Full, func(c *Case) string { return prop(blockOnly(c)) }).Check(p)
			if res.Passed() {
				t.Fatalf("the SMT property passed %d cases against the defect %s", res.Succeeded, d.name)
			}
			t.Logf("caught as it should be: %s", describe(res, p.Seed()))
		})
	}
}

package proofs

import (
	"fmt"
	"slices"
	"testing"

	"github.com/drfcheck/drfcheck/internal/align"
	"github.com/drfcheck/drfcheck/internal/split"
	"github.com/drfcheck/drfcheck/protocol"
	"github.com/drfcheck/drfcheck/protocol/eval"
	"github.com/drfcheck/drfcheck/protocol/printer"
)

// alignFunc is the signature of align.Align, so that the properties can run
// against a defective version too.
type alignFunc func([]protocol.Stmt) (aligned, rest []protocol.Stmt)

// alignedFile is the protocol Theorem 1 compares with p: q; u; sync where
// align(p) = (q, u).
func alignedFile(c *Case, aligned, rest []protocol.Stmt) *protocol.File {
	f := c.File()
	f.Body = block(align.Protocol(aligned, rest))
	return f
}

// run evaluates a protocol and returns its races, failing on an error or on
// barrier divergence (there is none in W, nor in an aligned protocol).
func races(f *protocol.File, cfg eval.Config) ([]eval.Race, error) {
	res, err := eval.Run(f, cfg)
	if err != nil {
		return nil, err
	}
	if res.Divergence != nil {
		return nil, fmt.Errorf("barrier divergence: %v", res.Divergence)
	}
	return eval.Races(res), nil
}

func safety(rs []eval.Race) string {
	if len(rs) == 0 {
		return "DRF"
	}
	return "racy (" + rs[0].String() + ")"
}

// verdictKey names the outcome of eval for the statistics.
func verdictKey(rs []eval.Race) string {
	if len(rs) == 0 {
		return "drf"
	}
	return "racy"
}

// theorem1 is the property of Theorem 1 for an implementation of align: p
// is DRF iff q; u; sync is, where (q, u) = align(p), both run by eval.
func theorem1(alignFn alignFunc, stats Stats) func(c *Case) string {
	return func(c *Case) string {
		cfg := c.Config()
		before, err := races(c.File(), cfg)
		if err != nil {
			return "eval of p: " + err.Error()
		}
		q, u := alignFn(c.Body)
		aligned := alignedFile(c, q, u)
		after, err := races(aligned, cfg)
		if err != nil {
			return fmt.Sprintf("eval of align(p): %v\n--- align(p) ---\n%s", err, printer.File(aligned))
		}
		if stats != nil {
			stats[verdictKey(before)]++
		}
		if (len(before) == 0) != (len(after) == 0) {
			return fmt.Sprintf("p is %s but align(p) is %s\n--- align(p) ---\n%s",
				safety(before), safety(after), printer.File(aligned))
		}
		return ""
	}
}

// TestTheorem1Align: Theorem 1 of Cogumbreiro et al. For p in W (Definition 1:
// barrier-free code, barriers, synchronized loops that run at least once,
// under concrete parameters) run by a block of 2 to 4 threads, p is safe in
// eval if and only if align.Protocol(align.Align(p)) is.
func TestTheorem1Align(t *testing.T) {
	t.Parallel()
	stats := Stats{}
	run(t, 4001, forAll(WellFormed, theorem1(align.Align, stats)))
	logStats(t, stats)
	balanced(t, stats, "drf", "racy")
}

// firstRacyTrace returns the first of traces with a race (traceRacy) and
// the race, as text; "" when none has one.
func firstRacyTrace(c *Case, traces []split.Trace) (string, split.Trace, error) {
	for _, tr := range traces {
		race, err := traceRacy(c, tr)
		if err != nil {
			return "", tr, fmt.Errorf("evaluating the trace\n%s: %v", printTrace(tr), err)
		}
		if race != "" {
			return race, tr, nil
		}
	}
	return "", split.Trace{}, nil
}

// traceRacy evaluates a symbolic trace concretely (Fig. 4): for every value
// of its binders within their ranges, outermost first (an inner range may
// depend on outer binders), the phase is run by every thread with eval.Phase
// and two accesses of distinct threads to the same cell, in conflicting
// modes and not two writes of one value (eval.Benign), are a race where the
// assumptions about pairs in force at both hold for the pair (eval.Admits).
// It returns the first race found, as text.
func traceRacy(c *Case, tr split.Trace) (string, error) {
	kinds, cfg := c.Kinds(), c.Config()
	var walk func(i int, vars map[string]int64) (string, error)
	walk = func(i int, vars map[string]int64) (string, error) {
		if i == len(tr.Binders) {
			avs, err := eval.Phase(tr.Phase, vars, kinds, cfg)
			if err != nil {
				return "", err
			}
			for j, a := range avs {
				for _, b := range avs[j+1:] {
					if a.Thread != b.Thread && a.Access.Array == b.Access.Array &&
						slices.Equal(a.Index, b.Index) && protocol.Conflicts(a.Access.Mode, b.Access.Mode) && !eval.Benign(a, b) && eval.Admits(a, b) {
						return fmt.Sprintf("%v races with %v (binders %v)", a, b, vars), nil
					}
				}
			}
			return "", nil
		}
		b := tr.Binders[i]
		bounds, err := c.Ints([]protocol.Expr{b.Lo, b.Hi}, vars)
		if err != nil {
			return "", err
		}
		for v := bounds[0]; v < bounds[1]; v++ {
			inner := map[string]int64{b.Var: v}
			for k, x := range vars {
				inner[k] = x
			}
			if race, err := walk(i+1, inner); race != "" || err != nil {
				return race, err
			}
		}
		return "", nil
	}
	return walk(0, map[string]int64{})
}

// printTrace shows a trace as "var x in lo..hi;" lines before its phase.
func printTrace(tr split.Trace) string {
	s := ""
	for _, b := range tr.Binders {
		s += fmt.Sprintf("var %s in %s..%s;\n", b.Var, printer.Node(b.Lo), printer.Node(b.Hi))
	}
	for _, st := range tr.Phase {
		s += printer.Node(st) + "\n"
	}
	return s
}

// theorem3 is the property of Theorem 3: the aligned protocol is safe iff
// every trace of its split is.
func theorem3(stats Stats) func(c *Case) string {
	return func(c *Case) string {
		aligned, rest := align.Align(c.Body)
		f := alignedFile(c, aligned, rest)
		whole, err := races(f, c.Config())
		if err != nil {
			return "eval of align(p): " + err.Error()
		}
		traces, err := split.Split(aligned, rest)
		if err != nil {
			return "split: " + err.Error()
		}
		racy, racyTrace, err := firstRacyTrace(c, traces)
		if err != nil {
			return err.Error()
		}
		if stats != nil {
			stats[verdictKey(whole)]++
			stats[fmt.Sprintf("traces %d", min(len(traces), 5))]++
		}
		switch {
		case len(whole) > 0 && racy == "":
			return fmt.Sprintf("align(p) is %s but its %d traces are DRF\n--- align(p) ---\n%s",
				safety(whole), len(traces), printer.File(f))
		case len(whole) == 0 && racy != "":
			return fmt.Sprintf("align(p) is DRF but a trace races: %s\n--- the trace ---\n%s--- align(p) ---\n%s",
				racy, printTrace(racyTrace), printer.File(f))
		}
		return ""
	}
}

// TestTheorem3Split: Theorem 3 of Cogumbreiro et al. For the aligned form of a
// protocol of W, eval of align.Protocol(aligned, rest) is safe if and only
// if every trace of split.Split(aligned, rest) is safe, each trace being
// evaluated concretely for every assignment of its binders.
func TestTheorem3Split(t *testing.T) {
	t.Parallel()
	stats := Stats{}
	run(t, 4003, forAll(WellFormed, theorem3(stats)))
	logStats(t, stats)
	balanced(t, stats, "drf", "racy")
}

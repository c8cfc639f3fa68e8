package proofs

import (
	"fmt"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/prop"

	"github.com/drfcheck/drfcheck/check"
	"github.com/drfcheck/drfcheck/protocol"
	"github.com/drfcheck/drfcheck/protocol/eval"
	"github.com/drfcheck/drfcheck/protocol/printer"
	"github.com/drfcheck/drfcheck/protocol/reads"
	"github.com/drfcheck/drfcheck/protocol/wellformed"
)

// genValues generates value cases: half of them Full cases whose reads
// bind values that later accesses use (WithValues), half made for values
// (NewValues). They do not shrink: the values
// tie statements together, and a statement dropped changes what the rest
// reads.
func genValues() gopter.Gen {
	return func(p *gopter.GenParameters) *gopter.GenResult {
		if p.Rng.Intn(2) == 0 {
			return gopter.NewGenResult(NewValues(p.Rng), gopter.NoShrinker)
		}
		c := New(p.Rng, Full)
		for Valid(c) != nil {
			c = New(p.Rng, Full)
		}
		return gopter.NewGenResult(WithValues(p.Rng, c), gopter.NoShrinker)
	}
}

// readsProperty: when eval, which gives memory its values, finds a race
// or barrier divergence in a value case, the checker, given the case as
// package reads lowers it (with defect d), does not call it data-race
// free.
func readsProperty(chk *check.Checker, d reads.Defect, stats Stats) func(c *ValueCase) string {
	return func(c *ValueCase) string {
		f, err := c.Parsed()
		if err != nil {
			return "parse: " + err.Error()
		}
		if _, err := protocol.Check(f); err != nil {
			return "check: " + err.Error()
		}
		res, err := eval.Run(f, c.Config())
		if err != nil {
			return "eval: " + err.Error()
		}
		ref := &reference{div: res.Divergence, races: eval.Races(res), failures: res.Failures}
		low, err := reads.Lower(f, reads.Options{LockStep: c.LockStep, Defect: d})
		if err != nil {
			stats["not lowered"]++ // a loop variable shadows another
			return ""
		}
		info, err := protocol.Check(low)
		if err != nil {
			return "check of the lowered protocol: " + err.Error()
		}
		rep := chk.Check(check.Input{Name: "case", File: low, Info: info, Launch: launch(c.Case), LockStep: c.LockStep})
		stats["ref "+ref.kind()]++
		if ref.kind() == "drf" && rep.Verdict == check.DRF && facts(low) {
			stats["drf by a recall"]++
		}
		if ref.kind() == "drf" && rep.Verdict == check.DRF && hasInvariant(f) {
			stats["drf with an invariant"]++
			if hasBinaryInvariant(f) {
				stats["drf with a binary invariant"]++
			}
		}
		if ref.kind() != "drf" && rep.Verdict == check.DRF {
			return fmt.Sprintf("unsound: eval says %v but the checker says data-race free; lowered:\n%s", ref, indent(printer.File(low)))
		}
		return ""
	}
}

// facts reports whether the lowering tied a value read to an access of
// the thread's own (an assume of a bound name).
func facts(f *protocol.File) bool {
	bound := map[string]bool{}
	for _, d := range f.Decls {
		for _, id := range d.Names {
			bound[id.Name] = d.Kind == protocol.Param && id.Name[0] == 'v'
		}
	}
	found := false
	protocol.Inspect(f.Body, func(n protocol.Node) bool {
		if a, ok := n.(*protocol.Assume); ok {
			protocol.Inspect(a.Cond, func(m protocol.Node) bool {
				if c, ok := m.(*protocol.Call); ok && bound[c.Func] {
					found = true
				}
				return !found
			})
		}
		return !found
	})
	return found
}

func hasInvariant(f *protocol.File) bool {
	found := false
	protocol.Inspect(f.Body, func(n protocol.Node) bool {
		if s, ok := n.(*protocol.Sync); ok && s.Invariant != nil {
			found = true
		}
		return !found
	})
	return found
}

func hasBinaryInvariant(f *protocol.File) bool {
	found := false
	protocol.Inspect(f.Body, func(n protocol.Node) bool {
		if s, ok := n.(*protocol.Sync); ok && s.Invariant != nil && s.Invariant.Binary() {
			found = true
		}
		return !found
	})
	return found
}

func readsChecker() *check.Checker {
	return check.New(check.Options{Timeout: queryTimeout, MaxRaces: 1, Jobs: 1,
		Levels: []wellformed.Level{wellformed.BlockLevel}})
}

// TestReadValues checks package reads against eval's values: a racy or
// divergent value case is never called data-race free, and some
// race-free ones are verified thanks to a recall (else the property would
// prove little of the facts).
func TestReadValues(t *testing.T) {
	t.Parallel()
	stats := Stats{}
	run(t, 6301, prop.ForAll(readsProperty(readsChecker(), reads.NoDefect, stats), genValues()))
	logStats(t, stats)
	// divergence comes only with the Full cases' barriers under
	// conditions, rarely: it is not asked to be balanced
	balanced(t, stats, "ref drf", "ref racy")
	if stats["drf by a recall"] == 0 || stats["drf with an invariant"] == 0 || stats["drf with a binary invariant"] == 0 {
		t.Errorf("no race-free case was verified with a fact of the lowering, or none with an invariant, or none with a binary one")
	}
}

// TestBrokenReadInvariants shows that the property catches barrier
// invariants assumed without being checked.
func TestBrokenReadInvariants(t *testing.T) {
	t.Parallel()
	p := parameters(t, 6301)
	res := prop.ForAll(readsProperty(readsChecker(), reads.UncheckedInvariants, Stats{}), genValues()).Check(p)
	if res.Passed() {
		t.Fatalf("the reads property passed %d cases against invariants assumed unchecked", res.Succeeded)
	}
	t.Logf("invariants assumed unchecked, caught as they should be: %s", describe(res, p.Seed()))
}

// TestBrokenReads shows that the property catches a deliberately unsound
// recall: across two barriers, where another thread's write may come in
// between without a race.
func TestBrokenReads(t *testing.T) {
	t.Parallel()
	p := parameters(t, 6301)
	res := prop.ForAll(readsProperty(readsChecker(), reads.RecallAcrossBarriers, Stats{}), genValues()).Check(p)
	if res.Passed() {
		t.Fatalf("the reads property passed %d cases against a recall across barriers", res.Succeeded)
	}
	t.Logf("recall across barriers, caught as it should be: %s", describe(res, p.Seed()))
}

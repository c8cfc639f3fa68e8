package proofs

import (
	"fmt"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/prop"

	"github.com/drfcheck/drfcheck/internal/split/interval"
	"github.com/drfcheck/drfcheck/protocol"
	"github.com/drfcheck/drfcheck/protocol/eval"
	"github.com/drfcheck/drfcheck/smtgen"
)

// genDistinct generates distinct cases from valid Full cases. They do not
// shrink: a shrunk Full case would lose the locals' indices.
func genDistinct() gopter.Gen {
	return func(p *gopter.GenParameters) *gopter.GenResult {
		c := New(p.Rng, Full)
		for Valid(c) != nil {
			c = New(p.Rng, Full)
		}
		return gopter.NewGenResult(WithDistinct(p.Rng, c), gopter.NoShrinker)
	}
}

// distinctProperty: the SMT encoding of distinct declarations against
// eval, which runs the case with threads whose locals respect them.
// eval's run is one of those the encoding must consider, so where eval
// finds a race or divergence the pipeline finds one too (unless it
// approximates or times out); and every model replays, which needs its
// two threads' locals to respect the declarations (eval refuses a run
// that does not). Where eval's run is race-free the pipeline may still
// find a race with other values of the locals.
func distinctProperty(s *smtgen.Solver, stats Stats) func(d *DistinctCase) string {
	return func(d *DistinctCase) string {
		f, err := d.Parsed()
		if err != nil {
			return "parse: " + err.Error()
		}
		res, err := eval.Run(f, d.Config())
		if err != nil {
			return "eval: " + err.Error()
		}
		ref := &reference{div: res.Divergence, races: eval.Races(res)}
		o, err := pipeline(s, d.Case, f, interval.Traces)
		if err != nil {
			return "pipeline: " + err.Error()
		}
		exact := o.exact() && encodingExact(d.Case, f)
		found := len(o.races) > 0 || len(o.divs) > 0
		if stats != nil {
			stats["ref "+ref.kind()]++
			switch {
			case !exact:
				stats["approximated"]++
			case found:
				stats["pipeline racy"]++
			case usesGroup(f):
				stats["pipeline drf, indices of u or w"]++
			default:
				stats["pipeline drf"]++
			}
		}
		if len(o.bad) > 0 && exact {
			return "a model does not replay although nothing was approximated: " + o.bad[0]
		}
		if (ref.div != nil || len(ref.races) > 0) && !found && len(o.bad) == 0 && o.exact() {
			return fmt.Sprintf("unsound: eval says %v but the pipeline finds nothing", ref)
		}
		return ""
	}
}

// usesGroup reports whether an access indexes with u or w.
func usesGroup(f *protocol.File) bool {
	for _, a := range protocol.Accesses(f.Body) {
		vars := protocol.FreeVars(a)
		if vars["u"] || vars["w"] {
			return true
		}
	}
	return false
}

// TestDistinctLocals checks the encoding of distinct declarations
// (smtgen's distinct) against eval, and that the property is not
// vacuous: some cases indexed by the group's locals are race-free only
// because of the declaration, and some racy.
func TestDistinctLocals(t *testing.T) {
	t.Parallel()
	stats := Stats{}
	s := smtgen.NewSolver(queryTimeout)
	run(t, 6401, prop.ForAll(distinctProperty(s, stats), genDistinct()))
	logStats(t, stats)
	balanced(t, stats, "ref drf", "ref racy")
	balanced(t, stats, "pipeline racy", "pipeline drf, indices of u or w")
}

// TestBrokenDistinct shows that the property catches an encoding that
// leaves the declarations out: a model whose two threads hold one value.
func TestBrokenDistinct(t *testing.T) {
	t.Parallel()
	s := smtgen.NewSolver(queryTimeout)
	s.Break(smtgen.IgnoreDistinct)
	p := parameters(t, 6401)
	res := prop.ForAll(distinctProperty(s, nil), genDistinct()).Check(p)
	if res.Passed() {
		t.Fatalf("the distinct property passed %d cases against declarations left out", res.Succeeded)
	}
	t.Logf("declarations left out, caught as they should be: %s", describe(res, p.Seed()))
}

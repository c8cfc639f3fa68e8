package proofs

import (
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/prop"

	"github.com/drfcheck/drfcheck/internal/split/interval"
	"github.com/drfcheck/drfcheck/smtgen"
)

// genRadix generates flattened-index cases (WithRadix) from valid Full
// cases; they shrink as cases do.
func genRadix() gopter.Gen {
	return func(p *gopter.GenParameters) *gopter.GenResult {
		var c *Case
		for c == nil || Valid(c) != nil {
			c = New(p.Rng, Full)
			if Valid(c) == nil {
				c = WithRadix(p.Rng, c)
			}
		}
		res := gopter.NewGenResult(c, Shrink)
		res.Sieve = func(v any) bool {
			c, ok := v.(*Case)
			return ok && Valid(c) == nil
		}
		return res
	}
}

// TestRadixIndices: the SMT property on flattened indices, with the
// integer encoding alone (the only one with radix lemmas), where two
// threads meet at one cell with different low and high parts.
func TestRadixIndices(t *testing.T) {
	t.Parallel()
	s := smtgen.NewSolverWith(queryTimeout, smtgen.Ints)
	stats := Stats{}
	run(t, 6501, prop.ForAll(smtProperty(s, interval.Traces, stats), genRadix()))
	logStats(t, stats)
	balanced(t, stats, "ref drf", "ref racy", "ref div")
}

// TestBrokenRadixIndices: the property of TestRadixIndices catches the
// radix lemmas stated without their premise that the low parts are
// digits (smtgen.RadixNoRange), which makes two threads whose lows differ
// by a multiple of the radix never meet.
func TestBrokenRadixIndices(t *testing.T) {
	t.Parallel()
	s := smtgen.NewSolverWith(queryTimeout, smtgen.Ints)
	s.Break(smtgen.RadixNoRange)
	p := parameters(t, 6501)
	p.MinSuccessfulTests = defaultCases
	res := prop.ForAll(smtProperty(s, interval.Traces, nil), genRadix()).Check(p)
	if res.Passed() {
		t.Fatalf("the radix property passed %d cases against lemmas without their range premise", res.Succeeded)
	}
	t.Logf("caught as it should be: %s", describe(res, p.Seed()))
}

package proofs

import (
	"math/rand"
	"slices"
	"strings"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/prop"

	"github.com/drfcheck/drfcheck/check"
	"github.com/drfcheck/drfcheck/internal/infer/symexec"
	"github.com/drfcheck/drfcheck/internal/proofs/cudagen"
)

// TestBarrierInvariants is the property of issue 21 for barrier invariants
// (Chong et al., Theorem 3.1): on generated kernels that each hold a
// barrier invariant (cudagen.NewWithInvariant), when the generator's
// interpreter, which evaluates the invariant for every thread at its
// barrier and runs every thread, finds a race or an invariant that does
// not hold, drfcheck does not call the kernel data-race free. The
// interpreter is the reference semantics here; the CUDA differential
// property checks it against execution on the kernels of its own run that
// hold an invariant (construct "barrier invariant").
func TestBarrierInvariants(t *testing.T) {
	if testing.Short() {
		t.Skip("the barrier invariant property checks a thousand kernels")
	}
	const seed = 8101
	d := newDifferential(t)
	res, stats := constructProperty(t, d, seed, 0, cudagen.NewWithInvariant, "barrier invariant")
	if !res.Passed() {
		t.Errorf("%s", describe(res, seed))
	}
	t.Logf("%d kernels with a barrier invariant: the interpreter says %d racy (%d of them by an invariant that fails), %d race free; drfcheck says drf on %d of the race-free ones, and on none of the racy ones",
		stats.n, stats.racy, stats.failed, stats.drf, stats.verified)
}

// TestBrokenInvariants shows that the property catches a deliberately
// unsound rule, assuming barrier invariants without checking them
// (symexec.UncheckedInvariants): drfcheck then calls a kernel race free
// whose invariant does not hold.
func TestBrokenInvariants(t *testing.T) {
	if testing.Short() {
		t.Skip("the barrier invariant property checks a thousand kernels")
	}
	const seed = 8101
	d := newDifferential(t)
	d.defect = symexec.UncheckedInvariants
	res, _ := constructProperty(t, d, seed, 0, cudagen.NewWithInvariant, "barrier invariant")
	if res.Passed() {
		t.Fatalf("the barrier invariant property passed %d cases against invariants assumed unchecked", res.Succeeded)
	}
	t.Logf("invariants assumed unchecked, caught as they should be: %s", describe(res, seed))
}

// invStats counts what the barrier invariant property saw.
type invStats struct{ n, racy, failed, drf, verified int }

// constructProperty checks drfcheck (as d runs it) against the
// interpreter on kernels that newCase makes with a construct (a barrier
// invariant, a precondition about pairs). The cases gopter generates are
// collected first and checked in batches, as the CUDA differential
// property does; cases first met while shrinking are checked one by one.
// most, when not 0, bounds the cases below the count the tests are run
// with.
func constructProperty(t *testing.T, d *differential, seed int64, most int, newCase func(*rand.Rand) *cudagen.Case, construct string) (*gopter.TestResult, invStats) {
	params := func() *gopter.TestParameters {
		p := parameters(t, seed)
		if most > 0 {
			p.MinSuccessfulTests = min(p.MinSuccessfulTests, most)
		}
		return p
	}
	gen := func(p *gopter.GenParameters) *gopter.GenResult {
		c := newCase(p.Rng)
		res := gopter.NewGenResult(c, cudagen.Shrink)
		res.Sieve = func(v any) bool {
			c, ok := v.(*cudagen.Case)
			return ok && cudagen.Valid(c) == nil && slices.Contains(cudagen.Constructs(c), construct)
		}
		return res
	}
	verdicts := map[string]check.Verdict{}
	lazy := d.defect != symexec.NoDefect // stops at the first failure: check as it goes
	checkAll := func(cs []*cudagen.Case) {
		var todo []*cudagen.Case
		for _, c := range cs {
			if _, ok := verdicts[key(c)]; !ok {
				todo = append(todo, c)
			}
		}
		for _, batch := range batches(todo) {
			reports, _, errs := d.checkBatch(batch)
			for i, c := range batch {
				v := check.Unknown
				if errs[i] == nil && reports[i] != nil {
					v = reports[i].Verdict
				}
				verdicts[key(c)] = v
			}
		}
	}
	var collected []*cudagen.Case
	if !lazy {
		prop.ForAll(func(c *cudagen.Case) bool {
			collected = append(collected, c)
			return true
		}, gopter.Gen(gen)).Check(params())
		checkAll(collected)
	}
	var st invStats
	for _, c := range collected {
		st.n++
		switch c.Expect {
		case cudagen.Racy:
			st.racy++
			if strings.Contains(c.Race, " on __barrier_invariant[") {
				st.failed++
			}
		case cudagen.DRF:
			st.drf++
			if verdicts[key(c)] == check.DRF {
				st.verified++
			}
		}
	}
	res := prop.ForAll(func(c *cudagen.Case) *gopter.PropResult {
		checkAll([]*cudagen.Case{c})
		if c.Expect != cudagen.DRF && verdicts[key(c)] == check.DRF {
			return &gopter.PropResult{Status: gopter.PropFalse, Labels: []string{"the interpreter says " + c.Expect.String() + " (" + c.Race + "), drfcheck says drf"}}
		}
		return &gopter.PropResult{Status: gopter.PropTrue}
	}, gopter.Gen(gen)).Check(params())
	return res, st
}

package proofs

import (
	"testing"
	"time"

	"github.com/leanovate/gopter/prop"

	"github.com/drfcheck/drfcheck/check"
	"github.com/drfcheck/drfcheck/internal/proofs/cudagen"
	"github.com/drfcheck/drfcheck/internal/proofs/exec"
)

// TestCUDATimeouts: a query cut short by a time limit is unknown, never
// proved. Every generated kernel that the generator's exact interpreter
// finds racy (seed 7001, as TestCUDADifferential) is checked with solver
// timeouts of 2 ms, so that many checks are interrupted midway, and none
// may come out race-free. Z3 answers "unsat" to some interrupted checks
// (smtgen's Solver.cut); before the solver distrusted those, about 10 of
// the 280 racy kernels came out race-free here, and CI's differential
// runs met the same on a loaded machine.
func TestCUDATimeouts(t *testing.T) {
	if testing.Short() {
		t.Skip("the property reads generated kernels with clang")
	}
	if err := exec.Available(); err != nil {
		t.Skipf("no CUDA toolchain on this machine: %v", err)
	}
	d := newDifferential(t)
	d.checker = check.New(check.Options{Timeout: 2 * time.Millisecond, KernelTimeout: 3 * time.Second, MaxRaces: 1, BenignRaces: true})
	var racy []*cudagen.Case
	seen := map[string]bool{}
	prop.ForAll(func(c *cudagen.Case) bool {
		if c.Expect == cudagen.Racy && c.Host == "" && !seen[key(c)] {
			seen[key(c)] = true
			racy = append(racy, c)
		}
		return true
	}, cudagen.Gen()).Check(parameters(t, 7001))
	verdicts := map[check.Verdict]int{}
	for _, batch := range batches(racy) {
		reports, _, _ := d.checkBatch(batch)
		for i, c := range batch {
			if reports[i] == nil {
				continue
			}
			verdicts[reports[i].Verdict]++
			if reports[i].Verdict == check.DRF {
				t.Errorf("%s: drf with 2 ms solver timeouts, racy by the interpreter (%s)\n%s", c.Name, c.Race, c)
			}
		}
	}
	t.Logf("racy kernels with 2 ms solver timeouts: %v", verdicts)
}

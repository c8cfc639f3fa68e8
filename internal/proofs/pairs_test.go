package proofs

import (
	"testing"

	"github.com/drfcheck/drfcheck/internal/infer/symexec"
	"github.com/drfcheck/drfcheck/internal/proofs/cudagen"
)

// pairCases bounds the cases of the pair precondition property: 300 take
// about 90 s (1000 cases took 295 s on the 2-core machine, 160 of 381
// race-free kernels verified), which CI's time allows.
const pairCases = 300

// TestPairPreconditions: on generated kernels that start with a
// precondition about pairs of threads (GPUVerify's __requires naming
// __other_int; cudagen.NewWithPairPrecondition), which holds for every two
// threads of the run, when the generator's interpreter finds a race,
// drfcheck does not call the kernel data-race free: assuming the
// precondition for the two threads of a race query keeps every run that
// satisfies it. The CUDA differential property checks the interpreter
// against execution on the kernels of its own run that have one.
func TestPairPreconditions(t *testing.T) {
	if testing.Short() {
		t.Skip("the pair precondition property checks hundreds of kernels")
	}
	const seed = 8201
	d := newDifferential(t)
	res, stats := constructProperty(t, d, seed, pairCases, cudagen.NewWithPairPrecondition, "precondition about pairs")
	if !res.Passed() {
		t.Errorf("%s", describe(res, seed))
	}
	t.Logf("%d kernels with a precondition about pairs: the interpreter says %d racy, %d race free; drfcheck says drf on %d of the race-free ones, and on none of the racy ones",
		stats.n, stats.racy, stats.drf, stats.verified)
	if stats.verified == 0 {
		t.Errorf("no race-free kernel verified: the precondition is never used")
	}
}

// TestBrokenPairPreconditions shows that the property catches a
// deliberately unsound rule, the other thread's value read as the
// thread's own (symexec.OtherIsSelf): the precondition then says that a
// thread's value differs from itself, which no run satisfies, and every
// kernel after it is called race free.
func TestBrokenPairPreconditions(t *testing.T) {
	if testing.Short() {
		t.Skip("the pair precondition property checks hundreds of kernels")
	}
	const seed = 8201
	d := newDifferential(t)
	d.defect = symexec.OtherIsSelf
	res, _ := constructProperty(t, d, seed, pairCases, cudagen.NewWithPairPrecondition, "precondition about pairs")
	if res.Passed() {
		t.Fatalf("the pair precondition property passed %d cases against the other thread read as the thread itself", res.Succeeded)
	}
	t.Logf("the other thread read as the thread itself, caught as it should be: %s", describe(res, seed))
}

package smtgen_test

import (
	"testing"
	"time"

	"github.com/drfcheck/drfcheck/smtgen"
)

// TestQuickCheckCut: a query split by cases is proved even when its quick
// check (tried whole first) is cut, as on a loaded machine: a cut check
// taints its context (no unsat trusted after it), so the query is asked
// again in a fresh one, split from the start. With the quick check always
// cut, the bitonic exchange below (race-free for strides that are powers
// of two) was unknown before.
func TestQuickCheckCut(t *testing.T) {
	defer smtgen.SetQuickCheck(smtgen.SetQuickCheck(time.Nanosecond))
	src := `param n, stride; shared A;
assume blockDim.x == 64;
for k in 0..n {
  assume stride(k) == 1 || stride(k) == 2 || stride(k) == 4 || stride(k) == 8 || stride(k) == 16;
  sync;
  wr A[tid * 2 - (tid & stride(k) - 1)];
  wr A[tid * 2 - (tid & stride(k) - 1) + stride(k)];
}`
	launch := smtgen.Launch{BlockDim: [3]int64{64, 1, 1}, GridDim: [3]int64{1, 1, 1}}
	s := smtgen.NewSolverWith(10*time.Second, smtgen.Ints)
	qs := queries(t, src, launch)
	if len(qs) == 0 {
		t.Fatal("no query")
	}
	for _, q := range qs {
		res, err := s.Races(q, 1)
		if err != nil {
			t.Fatal(err)
		}
		if res.Status != smtgen.Holds {
			t.Errorf("status %v (%s), want Holds", res.Status, res.Reason)
		}
	}
}

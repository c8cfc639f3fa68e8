package check_test

import (
	"context"
	"strings"
	"testing"

	"github.com/drfcheck/drfcheck/check"
)

// TestCheckContext: a check whose context is done is unknown, each query
// with the cancellation as its reason: never race-free for what it did not
// ask, and never a race. The checker's solvers then serve the next checks
// as before (a cancelled solver left in the pool would make every later
// query unknown), and Close waits for them all.
func TestCheckContext(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      check.Verdict // without cancellation
	}{
		{"race free", `shared A; wr A[tid]; sync; rd A[tid + 1];`, check.DRF},
		{"racy", `shared A; wr A[tid]; rd A[tid + 1];`, check.Racy},
		// i = 0 makes every thread write A[0]
		{"racy in a loop", `param n; shared A; for i in 0..n { wr A[tid * i]; }`, check.Racy},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ins, err := check.LoadProtocol("k.prot", []byte(tc.src), check.LoadOptions{Block: &[3]int64{64, 1, 1}})
			if err != nil {
				t.Fatal(err)
			}
			c := check.New(check.Options{Jobs: 2})
			defer c.Close()
			ctx, cancel := context.WithCancel(context.Background())
			cancel()
			r := c.CheckContext(ctx, ins[0])
			if r.Verdict != check.Unknown {
				t.Fatalf("cancelled: verdict %v, want unknown", r.Verdict)
			}
			for _, u := range r.Unknowns {
				if !strings.Contains(u.Reason, "cancelled") {
					t.Errorf("cancelled: unknown at %v for another reason: %s", u.At, u.Reason)
				}
			}
			for i := range 3 {
				if r := c.Check(ins[0]); r.Verdict != tc.want {
					t.Fatalf("check %d after the cancelled one: verdict %v, want %v (%v)", i, r.Verdict, tc.want, r.Unknowns)
				}
			}
		})
	}
}

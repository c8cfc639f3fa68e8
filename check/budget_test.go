package check_test

import (
	"strings"
	"testing"
	"time"

	"github.com/drfcheck/drfcheck/check"
)

// TestBudgetSpent: a kernel whose budget is over before its check starts is
// unknown, with the budget as the reason, whatever its protocol: racy or
// not, with one case or several (past the budget only the first case is
// cut into traces, and its queries are reported cut at their accesses, not
// encoded). Never data-race free, never a race.
func TestBudgetSpent(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		cutTraces bool // the other cases are reported as not cut into traces
	}{{
		name: "one case, race free",
		src:  `shared A; wr A[tid]; sync; rd A[tid + 1];`,
	}, {
		name: "one case, racy",
		src:  `shared A; wr A[tid]; rd A[tid + 1];`,
	}, {
		name:      "four cases of two synchronized conditionals, racy in one",
		src:       `param N, M; shared A; if N > 0 { wr A[tid]; sync; } if M > 0 { rd A[tid + 1]; sync; }`,
		cutTraces: true,
	}} {
		t.Run(tc.name, func(t *testing.T) {
			ins, err := check.LoadProtocol("k.prot", []byte(tc.src), check.LoadOptions{Block: &[3]int64{64, 1, 1}})
			if err != nil {
				t.Fatal(err)
			}
			r := check.New(check.Options{Jobs: 1, KernelTimeout: time.Nanosecond}).Check(ins[0])
			if r.Verdict != check.Unknown {
				t.Fatalf("verdict %v, want unknown", r.Verdict)
			}
			cut := false
			for _, u := range r.Unknowns {
				if !strings.Contains(u.Reason, "time budget") {
					t.Errorf("unknown at %v for another reason: %s", u.At, u.Reason)
				}
				cut = cut || strings.Contains(u.Reason, "cut into traces")
			}
			if cut != tc.cutTraces {
				t.Errorf("cases left uncut reported: %v, want %v (%v)", cut, tc.cutTraces, r.Unknowns)
			}
		})
	}
}

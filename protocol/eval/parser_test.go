package eval_test

import (
	"testing"

	"github.com/drfcheck/drfcheck/protocol"
	"github.com/drfcheck/drfcheck/protocol/eval"
	"github.com/drfcheck/drfcheck/protocol/parser"
)

// TestClaim1 runs tests 1, 2 and 4 of Claim 1 of Cogumbreiro et al. (Table 1; Listing
// 2.1 and Fig. 5), racy and DRF versions, written in .prot, with N = 2 and
// two threads.
func TestClaim1(t *testing.T) {
	tests := []struct {
		name string
		src  string
		safe bool
	}{
		{"transposeDiagonal racy", `shared tile; param N, M;
			for r in 0..N { for i in 0..M { wr tile[tid]; } sync; for j in 0..M { rd tile[tid + j]; } }`, false},
		{"transposeDiagonal DRF", `shared tile; param N, M;
			for r in 0..N { for i in 0..M { wr tile[tid]; } sync; for j in 0..M { rd tile[tid + j]; } sync; }`, true},
		{"first-iter racy", `shared a; param N;
			wr a[tid + 1]; for x in 0..N { wr a[tid]; sync; }`, false},
		{"first-iter DRF", `shared a; param N;
			wr a[tid + 1]; for x in 0..N { if x > 0 { wr a[tid]; } sync; }`, true},
		{"last-iter-first-iter racy", `shared a; param N;
			for x in 1..N + 1 { for y in 1..x + 1 { sync; wr a[tid + x + y]; } }
			for z in N * 2..N * 3 { wr a[tid + z + 1]; sync; }`, false},
		{"last-iter-first-iter DRF", `shared a; param N;
			for x in 1..N + 1 { for y in 1..x + 1 { sync; wr a[tid + x + y]; } }
			for z in N * 2..N * 3 { wr a[tid + z]; sync; }`, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f, err := parser.ParseFile(tc.name+".prot", []byte(tc.src))
			if err != nil {
				t.Fatal(err)
			}
			if _, err := protocol.Check(f); err != nil {
				t.Fatal(err)
			}
			r, err := eval.Run(f, eval.Config{Params: map[string]int64{"N": 2, "M": 2}, Threads: threads(0, 1)})
			if err != nil {
				t.Fatal(err)
			}
			if r.Divergence != nil {
				t.Errorf("divergence: %v", r.Divergence)
			}
			if got := eval.Safe(r); got != tc.safe {
				t.Errorf("Safe = %t, want %t; races:", got, tc.safe)
				for _, race := range eval.Races(r) {
					t.Log(race)
				}
			}
		})
	}
}

package smtgen_test

import (
	"testing"
	"time"

	"github.com/drfcheck/drfcheck/smtgen"
)

// TestRadixLemmas: in the integer encoding, two threads' flattened indices
// in mixed radix are told apart by their digits (radixLemmas). Without the
// lemmas, each race-free case took the solver more than 30 s (md5's
// shared buffer; a grid-stride loop over the rows of a 1000-wide matrix);
// the racy ones must stay racy, a digit past its radix included.
func TestRadixLemmas(t *testing.T) {
	s := smtgen.NewSolverWith(20*time.Second, smtgen.Ints)
	for _, tc := range radixCases {
		t.Run(tc.name, func(t *testing.T) {
			if got := raceStatus(t, s, tc.src, radixLaunch(tc.threads)); got != tc.want {
				t.Errorf("status %v, want %v", got, tc.want)
			}
		})
	}
}

// TestBrokenRadix: the racy cases of TestRadixLemmas catch radix lemmas
// stated without their premise that the low parts are digits (a row past
// its radix is then taken for a different cell): some racy case is then
// reported race free. internal/proofs' TestBrokenRadixIndices catches it
// with generated protocols against the reference semantics too.
func TestBrokenRadix(t *testing.T) {
	s := smtgen.NewSolverWith(20*time.Second, smtgen.Ints)
	s.Break(smtgen.RadixNoRange)
	for _, tc := range radixCases {
		if tc.want == smtgen.Fails && raceStatus(t, s, tc.src, radixLaunch(tc.threads)) == smtgen.Holds {
			t.Logf("caught as it should be: %s reported race free", tc.name)
			return
		}
	}
	t.Fatal("no racy case is reported race free under radix lemmas without their range")
}

func radixLaunch(n int64) smtgen.Launch {
	return smtgen.Launch{BlockDim: [3]int64{n, 1, 1}, GridDim: [3]int64{1, 1, 1}}
}

// radixCases are race queries of flattened indices: the race-free ones
// took the integer encoding more than 30 s without the lemmas.
var radixCases = []struct {
	name, src string
	threads   int64
	want      smtgen.Status
}{
	{"warp rows", `shared S; for c in 0..16 { for e in 0..4 {
		wr S[tid / 32 * 2048 + tid % 32 * 4 + e + c * 128]; } }`, 192, smtgen.Holds},
	// row 16 of warp w is row 0 of warp w + 1
	{"warp rows, one too many", `shared S; for c in 0..17 { for e in 0..4 {
		wr S[tid / 32 * 2048 + tid % 32 * 4 + e + c * 128]; } }`, 192, smtgen.Fails},
	{"strided rows", `shared A; for i in tid..1000 step 96 { for r in 0..87 {
		wr A[i + r * 1000]; } }`, 96, smtgen.Holds},
	// i runs to 1000 inclusive: A[1000] is row 1's first cell
	{"strided rows, one past the row", `shared A; for i in tid..1001 step 96 { for r in 0..87 {
		wr A[i + r * 1000]; } }`, 96, smtgen.Fails},
	// a digit below 0 borrows from the next: thread 1's 32 - 4 is
	// thread 0's 28
	{"negative digit", `shared A; if tid < 2 { for e in 0..5 { wr A[tid * 32 - e]; }
		wr A[tid * 32 + 28]; }`, 2, smtgen.Fails},
}

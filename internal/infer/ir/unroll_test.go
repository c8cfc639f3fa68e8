package ir

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// TestUnroll: a for loop that holds a barrier invariant is lowered as the
// sequence of its iterations when its text fixes them (each iteration
// marked with the counter's value), and as a loop otherwise: the reason
// is in each row.
func TestUnroll(t *testing.T) {
	const inv = "__barrier_invariant(a[threadIdx.x] == 0, threadIdx.x); __syncthreads();"
	tests := []struct {
		name, loop string
		values     []int64 // nil: kept as a loop
	}{
		{"doubling", "for (int o = 1; o < 8; o *= 2) { " + inv + " }", []int64{1, 2, 4}},
		{"halving unsigned", "for (unsigned s = 8; s > 0; s >>= 1) { " + inv + " }", []int64{8, 4, 2, 1}},
		{"assigned counter", "int k; for (k = 0; k != 3; k++) { " + inv + " }", []int64{0, 1, 2}},
		{"none", "for (int o = 8; o < 8; o++) { " + inv + " }", []int64{}},
		// a symbolic bound: the iterations are not in the text
		{"bound n", "for (int o = 1; o < n; o *= 2) { " + inv + " }", nil},
		// no invariant: a loop is cheaper to check
		{"no invariant", "for (int o = 1; o < 8; o *= 2) { __syncthreads(); }", nil},
		// the body writes the counter
		{"written", "for (int o = 1; o < 8; o *= 2) { " + inv + " o += 1; }", nil},
		{"address taken", "for (int o = 1; o < 8; o *= 2) { " + inv + " int *p = &o; *p = 0; }", nil},
		// an iteration may end early
		{"break", "for (int o = 1; o < 8; o *= 2) { " + inv + " if (n) break; }", nil},
		// an unsigned counter that wraps below 0: C loops on
		{"wraps", "for (unsigned v = 2; v >= 0; v--) { " + inv + " }", nil},
		{"too many", "for (int o = 0; o < 100; o++) { " + inv + " }", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := fmt.Sprintf("__global__ void k(int n) {\n __shared__ int a[64];\n %s\n}\n", tt.loop)
			tu := parse(t, "k.cu", src)
			out := lowerAll(t, tu, Config{})
			var got []string
			for _, line := range strings.Split(out, "\n") {
				if i := strings.Index(line, "iteration "); i >= 0 && !strings.Contains(line, "end of") {
					got = append(got, strings.TrimSpace(line[i:]))
				}
			}
			unrolled := !loopLine.MatchString(out)
			switch {
			case tt.values == nil && len(got) > 0:
				t.Errorf("unrolled, want a loop:\n%s", out)
			case tt.values != nil && !unrolled:
				t.Errorf("kept as a loop, want %d iterations:\n%s", len(tt.values), out)
			case tt.values != nil:
				var want []string
				for _, v := range tt.values {
					want = append(want, fmt.Sprintf("iteration %s = %d", counterName(tt.loop), v))
				}
				if strings.Join(got, "|") != strings.Join(want, "|") {
					t.Errorf("iterations %q, want %q:\n%s", got, want, out)
				}
			}
		})
	}
}

// loopLine is a loop of the printed IR.
var loopLine = regexp.MustCompile(`(?m)^\s*(for|while|do) `)

// counterName is the counter of a test loop: the name before the first
// " = " of its for.
func counterName(loop string) string {
	s := loop[strings.Index(loop, "for (")+5:]
	s = strings.TrimPrefix(strings.TrimPrefix(strings.TrimPrefix(s, "int "), "unsigned "), "")
	return s[:strings.Index(s, " ")]
}

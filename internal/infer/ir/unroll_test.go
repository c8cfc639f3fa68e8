package ir

import (
	"fmt"
	"regexp"
	"testing"
)

// TestUnroll: a for loop that holds a barrier invariant is lowered as the
// sequence of its iterations when its text fixes them, and as a loop
// otherwise. The reason is in each row.
func TestUnroll(t *testing.T) {
	const inv = "__barrier_invariant(a[threadIdx.x] == 0, threadIdx.x); __syncthreads();"
	tests := []struct {
		name, src  string
		iterations int  // marked iterations
		loop       bool // a loop remains
	}{
		{"doubling", "for (int o = 1; o < 8; o *= 2) { " + inv + " }", 3, false},
		{"halving unsigned", "for (unsigned s = 8; s > 0; s >>= 1) { " + inv + " }", 4, false},
		{"assigned counter", "int k; for (k = 0; k != 3; k++) { " + inv + " }", 3, false},
		{"none", "for (int o = 8; o < 8; o++) { " + inv + " }", 0, false},
		// a bound the text does not fix
		{"bound n", "for (int o = 1; o < n; o *= 2) { " + inv + " }", 0, true},
		{"bound blockDim", "for (unsigned o = 1; o < blockDim.x; o <<= 1) { " + inv + " }", 0, true},
		// no invariant: a loop is cheaper to check
		{"no invariant", "for (int o = 1; o < 8; o *= 2) { __syncthreads(); }", 0, true},
		// the body writes the counter
		{"written", "for (int o = 1; o < 8; o *= 2) { " + inv + " o += 1; }", 0, true},
		{"address taken", "for (int o = 1; o < 8; o *= 2) { " + inv + " int *p = &o; *p = 0; }", 0, true},
		// an iteration may end early
		{"break", "for (int o = 1; o < 8; o *= 2) { " + inv + " if (n) break; }", 0, true},
		// an unsigned counter that wraps below 0: C loops on
		{"wraps", "for (unsigned v = 2; v >= 0; v--) { " + inv + " }", 0, true},
		{"too many", "for (int o = 0; o < 100; o++) { " + inv + " }", 0, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := fmt.Sprintf("__global__ void k(int n) {\n __shared__ int a[64];\n %s\n}\n", tt.src)
			out := lowerAll(t, parse(t, "k.cu", src), Config{})
			got := len(iterationLine.FindAllString(out, -1))
			if loop := loopLine.MatchString(out); got != tt.iterations || loop != tt.loop {
				t.Errorf("%d iterations, a loop %v; want %d, %v:\n%s", got, loop, tt.iterations, tt.loop, out)
			}
		})
	}
}

var (
	// loopLine is a loop of the printed IR, iterationLine the mark of
	// an iteration of one lowered as its iterations.
	loopLine      = regexp.MustCompile(`(?m)^\s*(for|while|do) `)
	iterationLine = regexp.MustCompile(`(?m)^\s*iteration `)
)

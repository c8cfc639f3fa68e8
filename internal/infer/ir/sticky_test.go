package ir

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// TestStickyGuards: a guard at the top of a loop's body whose branch moves
// the variables it tests gets an else branch with the same updates, and
// the variables are unknown after the loop, exactly when the rules of
// sticky.go hold. The reason is in each row.
func TestStickyGuards(t *testing.T) {
	const body = "a[p] += a[p + s]; act >>= 1; s <<= 1; p <<= 1;"
	tests := []struct {
		name, src string
		copied    []string // the variables the else branch updates, in order
	}{
		{"wavelet", "if (t < act) { " + body + " } __syncthreads();", []string{"act", "s", "p"}},
		{"divided", "if (t < act) { a[p] = 0; act /= 2; p += 64; }", []string{"act", "p"}},
		{"two conjuncts", "if (t < act && n > 3) { " + body + " }", []string{"act", "s", "p"}},
		{"reversed", "if (act > t) { " + body + " }", []string{"act", "s", "p"}},
		// the branch moves only what it tests: p is set anew (not handed on)
		{"temporary", "if (t < act) { unsigned q = 2 * t; a[q] = 0; act >>= 1; }", []string{"act"}},
		// a variable the guard tests that only grows: not sticky
		{"growing", "if (t < act) { a[t] = 0; act <<= 1; }", nil},
		{"the level", "if (t < act && i != 1) { " + body + " }", nil},
		// s, read after the branch too, keeps the source's updates; act,
		// which the guard tests, cannot
		{"read outside", "if (t < act) { " + body + " } a[s] = 1;", []string{"act", "p"}},
		{"guard read outside", "if (t < act) { " + body + " } a[act] = 1;", nil},
		{"barrier inside", "if (t < act) { " + body + " __syncthreads(); }", nil},
		{"break inside", "if (t < act) { " + body + " if (n) break; }", nil},
		{"else", "if (t < act) { " + body + " } else { a[t] = 1; }", nil},
		{"signed", "if ((int)t < sact) { a[t] = 0; sact >>= 1; }", nil},
		// assigned twice in the loop
		{"twice", "if (t < act) { " + body + " } act = act;", nil},
		// an update that reads memory (through a temporary the loop sets)
		{"from memory", "if (t < act) { a[t] = 0; act = act >> a[0]; }", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := fmt.Sprintf("__global__ void k(int n) {\n __shared__ int a[1024];\n unsigned t = threadIdx.x, act = 256, s = 1, p = 2 * t;\n int sact = 256;\n for (int i = 0; i < n; i++) {\n %s\n }\n}\n", tt.src)
			out := lowerAll(t, parse(t, "k.cu", src), Config{})
			var got []string
			if _, e, ok := strings.Cut(out, "} else {\n"); ok {
				e, _, _ = strings.Cut(e, "}")
				for _, m := range assignLine.FindAllStringSubmatch(e, -1) {
					got = append(got, m[1])
				}
			}
			unknown := strings.Count(out, "sticky guard, unknown after its loop")
			if tt.name == "else" {
				got = nil // the source's own else
			}
			if strings.Join(got, " ") != strings.Join(tt.copied, " ") || unknown != len(tt.copied) {
				t.Errorf("else updates %v and %d unknown after the loop; want %v:\n%s", got, unknown, tt.copied, out)
			}
		})
	}
}

// assignLine is an assignment of the printed IR.
var assignLine = regexp.MustCompile(`(?m)^\s*(\w+) = `)

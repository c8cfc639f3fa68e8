package wellformed_test

import (
	"testing"

	"github.com/drfcheck/drfcheck/protocol/wellformed"
)

// TestSpecialize: a parameter that the preconditions fix is replaced by its
// value, and what becomes constant is folded as package eval computes it;
// nothing else changes. The expectations follow from the semantics: an
// operation that overflows stays (eval fails there), && and || keep
// their short-circuit order, and the residue of an unsigned wrap (x % 2^k
// + 2^k) % 2^k is the mask x & (2^k - 1), which two's complement makes
// equal for every x.
func TestSpecialize(t *testing.T) {
	for _, tc := range []struct {
		name, in, want string
	}{{
		name: "a parameter fixed by == becomes its value",
		in:   `param n; global A; assume n == 4; wr A[n * tid + 1];`,
		want: "wr A[4 * tid + 1];",
	}, {
		name: "either way round, and through a conjunction of bounds",
		in:   `param n, m; global A; assume 4 == n; assume 2 <= m && m <= 2; wr A[n * tid + m];`,
		want: "wr A[4 * tid + 2];",
	}, {
		name: "strict bounds that leave one value fix it",
		in:   `param n; global A; assume n > 3 && n < 5; wr A[n * tid];`,
		want: "wr A[4 * tid];",
	}, {
		name: "a parameter bounded on one side only stays",
		in:   `param n; global A; assume n >= 4; wr A[n * tid];`,
		want: "wr A[n * tid];",
	}, {
		name: "contradictory preconditions fix nothing",
		in:   `param n; global A; assume n == 1; assume n == 2; wr A[n * tid];`,
		want: "wr A[n * tid];",
	}, {
		name: "a local is each thread's own, never fixed",
		in:   `local x; global A; assume x == 1; wr A[x * tid];`,
		want: "wr A[x * tid];",
	}, {
		name: "a nested assumption is not a precondition",
		in:   `param n; global A; if tid < 2 { assume n == 1; wr A[n * tid]; }`,
		want: "if tid < 2 { if n == 1 { wr A[n * tid]; } }",
	}, {
		name: "literals fold, conditions and conditionals too",
		in:   `param n; global A; assume n == 1024; wr A[(n < 2147483648 ? n : n - 4294967296) / 2 - 1 + tid];`,
		want: "wr A[511 + tid];",
	}, {
		name: "an overflow stays, as eval fails on it",
		in:   `param n; global A; assume n == 9223372036854775807; wr A[n + 1 + tid];`,
		want: "wr A[9223372036854775807 + 1 + tid];",
	}, {
		name: "a decided first operand decides && and ||",
		in:   `param n; global A; assume n == 1; if n == 1 && tid < 4 { wr A[tid]; } if n == 2 || tid > 4 { wr A[tid]; } if n == 2 && tid < 1 { wr A[0]; }`,
		want: "if tid < 4 { wr A[tid]; } if tid > 4 { wr A[tid]; } if false { wr A[0]; }",
	}, {
		name: "a decided second operand does not: the first may fail",
		in:   `param n; global A; assume n == 1; if tid / (tid - 3) < 4 && n == 2 { wr A[tid]; }`,
		want: "if tid / (tid - 3) < 4 && false { wr A[tid]; }",
	}, {
		name: "the residue of an unsigned wrap is a mask, without fixed parameters too",
		in:   `global A; wr A[((tid - 1) % 4294967296 + 4294967296) % 4294967296];`,
		want: "wr A[tid - 1 & 4294967295];",
	}, {
		name: "with the modulus added first",
		in:   `global A; wr A[(256 + (tid * 3) % 256) % 256];`,
		want: "wr A[tid * 3 & 255];",
	}, {
		name: "not a residue when the moduli differ or are not powers of two",
		in:   `global A; wr A[((tid % 256 + 128) % 256)]; wr A[(tid % 6 + 6) % 6];`,
		want: "wr A[(tid % 256 + 128) % 256]; wr A[(tid % 6 + 6) % 6];",
	}} {
		t.Run(tc.name, func(t *testing.T) {
			prog := normalize(t, tc.in, wellformed.BlockLevel, nil)
			if len(prog.Variants) != 1 {
				t.Fatalf("got %d variants, want 1", len(prog.Variants))
			}
			if got := show(prog.Variants[0].Body); got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
		})
	}
}

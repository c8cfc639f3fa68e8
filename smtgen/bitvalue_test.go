package smtgen

import (
	"testing"

	"github.com/drfcheck/drfcheck/protocol"
)

// TestBitValueShiftCounts: int64's operators at the counts a model may
// give, negative ones included, are values or "eval fails", never a
// panic (a negative count to >> once stopped the refinement with Go's
// "negative shift amount").
func TestBitValueShiftCounts(t *testing.T) {
	for _, tc := range []struct {
		op     protocol.BinOp
		x, y   int64
		want   int64
		wantOK bool
	}{
		{protocol.Shr, 5, -1, 0, false},
		{protocol.Shr, -8, 1, -4, true},
		{protocol.Shr, -8, 100, -1, true},
		{protocol.Shl, 5, -1, 0, false},
		{protocol.Shl, 1, 63, 0, false},
		{protocol.Shl, 3, 2, 12, true},
		{protocol.BitXor, 6, 3, 5, true},
	} {
		got, ok := bitValue(tc.op, tc.x, tc.y)
		if ok != tc.wantOK || ok && got != tc.want {
			t.Errorf("%d %s %d = %d, %v; want %d, %v", tc.x, tc.op, tc.y, got, ok, tc.want, tc.wantOK)
		}
	}
}

// TestFoldMatchesEval: the bit-vector encoding folds literal operations
// as eval computes them, and declines where eval fails.
func TestFoldMatchesEval(t *testing.T) {
	const max, min = int64(1<<63 - 1), int64(-1 << 63)
	for _, tc := range []struct {
		op     protocol.BinOp
		x, y   int64
		want   int64
		wantOK bool
	}{
		{protocol.Add, max, 1, 0, false},
		{protocol.Sub, min, 1, 0, false},
		{protocol.Mul, min, -1, 0, false},
		{protocol.Mul, 1 << 32, 1 << 31, 0, false},
		{protocol.Div, -7, 2, -3, true},
		{protocol.Mod, -7, 2, -1, true},
		{protocol.Div, 1, 0, 0, false},
		{protocol.Mod, min, -1, 0, true},
		{protocol.Div, min, -1, 0, false},
	} {
		got, ok := fold(tc.op, tc.x, tc.y)
		if ok != tc.wantOK || ok && got != tc.want {
			t.Errorf("fold %d %s %d = %d, %v; want %d, %v", tc.x, tc.op, tc.y, got, ok, tc.want, tc.wantOK)
		}
	}
}

// TestMulRange: a * c is an int64 exactly for a in mulRange(c).
func TestMulRange(t *testing.T) {
	for _, c := range []int64{1, -1, 2, -2, 3, 7, -7, 1 << 40, -(1 << 40)} {
		lo, hi, _ := mulRange(c)
		for _, a := range []int64{lo, hi} {
			if _, ok := fold(protocol.Mul, a, c); !ok {
				t.Errorf("c = %d: %d * c overflows, but it is in the range [%d, %d]", c, a, lo, hi)
			}
		}
		if lo > -1<<63 {
			if _, ok := fold(protocol.Mul, lo-1, c); ok {
				t.Errorf("c = %d: %d * c fits, below the range's %d", c, lo-1, lo)
			}
		}
		if hi < 1<<63-1 {
			if _, ok := fold(protocol.Mul, hi+1, c); ok {
				t.Errorf("c = %d: %d * c fits, above the range's %d", c, hi+1, hi)
			}
		}
	}
}

package eval

import (
	"math"
	"math/big"
	"testing"
)

// TestArithAgainstBig checks the overflow detection of add, sub and mul
// against exact big.Int arithmetic on values around the int64 limits.
func TestArithAgainstBig(t *testing.T) {
	edges := []int64{
		math.MinInt64, math.MinInt64 + 1, math.MinInt64 / 2, -3037000500, -3037000499, -65536, -2, -1,
		0, 1, 2, 65536, 3037000499, 3037000500, math.MaxInt64 / 2, math.MaxInt64 - 1, math.MaxInt64,
	}
	ops := []struct {
		name  string
		fast  func(x, y int64) (int64, bool)
		exact func(z, x, y *big.Int) *big.Int
	}{
		{"+", add, (*big.Int).Add},
		{"-", sub, (*big.Int).Sub},
		{"*", mul, (*big.Int).Mul},
	}
	for _, op := range ops {
		for _, x := range edges {
			for _, y := range edges {
				want := op.exact(new(big.Int), big.NewInt(x), big.NewInt(y))
				got, ok := op.fast(x, y)
				if ok != want.IsInt64() || ok && got != want.Int64() {
					t.Errorf("%d %s %d: got (%d, %t), want %s", x, op.name, y, got, ok, want)
				}
			}
		}
	}
}

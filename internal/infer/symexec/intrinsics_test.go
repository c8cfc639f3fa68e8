package symexec

import "testing"

// TestIntrinsics: the values of CUDA's integer intrinsics on the bits of
// their argument, as the CUDA Math API defines them (a negative int is its
// two's complement bits).
func TestIntrinsics(t *testing.T) {
	for _, c := range []struct {
		fn   string
		x, v int64
	}{
		{"__ffs", 0, 0},
		{"__ffs", 1, 1},
		{"__ffs", 1024, 11},
		{"__ffs", 12, 3},
		{"__ffs", -2147483648, 32},
		{"__ffs", -1, 1},
		{"__ffsll", 0, 0},
		{"__ffsll", 1 << 40, 41},
		{"__ffsll", -1 << 63, 64},
		{"__clz", 0, 32},
		{"__clz", 1, 31},
		{"__clz", -1, 0},
		{"__clz", 1 << 30, 1},
		{"__clzll", 1, 63},
		{"__clzll", 0, 64},
		{"__popc", 0xF0, 4},
		{"__popc", 4294967295, 32},
		{"__popcll", -1, 64},
		{"__brev", 1, 2147483648},
		{"__brev", 2147483648, 1},
		{"__brev", 0xF0, 0x0F000000},
	} {
		if got := intrinsics[c.fn](c.x); got != c.v {
			t.Errorf("%s(%d) = %d, want %d", c.fn, c.x, got, c.v)
		}
	}
}

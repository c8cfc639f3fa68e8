package check

import (
	"testing"
)

func TestParseDim(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want [3]int64
		err  bool
	}{
		{"64", [3]int64{64, 1, 1}, false},
		{"[16,16]", [3]int64{16, 16, 1}, false},
		{"[*,*,1]", [3]int64{0, 0, 1}, false},
		{"*", [3]int64{0, 1, 1}, false},
		{"[ 2 , * ]", [3]int64{2, 0, 1}, false},
		{"0", [3]int64{}, true},
		{"-3", [3]int64{}, true},
		{"[1,2,3,4]", [3]int64{}, true},
		{"[4", [3]int64{}, true},
		{"x", [3]int64{}, true},
		{"", [3]int64{}, true},
	} {
		got, err := ParseDim(tc.in)
		if (err != nil) != tc.err || (!tc.err && got != tc.want) {
			t.Errorf("ParseDim(%q) = %v, %v; want %v, error %v", tc.in, got, err, tc.want, tc.err)
		}
	}
}

func TestHeaderLaunch(t *testing.T) {
	for _, tc := range []struct {
		src         string
		block, grid string // formatted, "" for unset
		err         bool
	}{
		{"//pass\n//--blockDim=64 --gridDim=[2,2]\nparam N;", "[64,1,1]", "[2,2,1]", false},
		{"//--gridDim=4\n", "", "[4,1,1]", false},
		{"//xfail\n//--blockDim=[*,8] --no-inline\n", "[*,8,1]", "", false},
		{"param N;\n//--blockDim=64\n", "", "", false}, // not in the leading comments
		{"//--blockDim=0\n", "", "", true},
		// a rule of dashes or prose is not a flag line
		{"//------------\n// Copyright\n//--blockDim=32\n", "[32,1,1]", "", false},
		{"// -- see below --\n", "", "", false},
		{"", "", "", false},
	} {
		b, g, err := headerLaunch([]byte(tc.src))
		if (err != nil) != tc.err {
			t.Errorf("%q: error %v, want error %v", tc.src, err, tc.err)
			continue
		}
		if got := fmtPtr(b); got != tc.block {
			t.Errorf("%q: block %s, want %s", tc.src, got, tc.block)
		}
		if got := fmtPtr(g); got != tc.grid {
			t.Errorf("%q: grid %s, want %s", tc.src, got, tc.grid)
		}
	}
}

func fmtPtr(d *[3]int64) string {
	if d == nil {
		return ""
	}
	return FormatDim(*d)
}

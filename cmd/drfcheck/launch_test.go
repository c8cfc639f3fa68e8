package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"drfcheck/cmd/drfcheck/report"
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
		got, err := parseDim(tc.in)
		if (err != nil) != tc.err || (!tc.err && got != tc.want) {
			t.Errorf("parseDim(%q) = %v, %v; want %v, error %v", tc.in, got, err, tc.want, tc.err)
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
	return formatDim(*d)
}

// The launch comes from the flags, then the header, then the launch sites,
// then the default rule; the JSON report says which.
func TestLaunchPrecedence(t *testing.T) {
	reduce := `__global__ void sum(const float *in, float *result) {
  if (threadIdx.x == 0) *result = in[0];
}
int main() { float *in, *r; sum<<<SIZES>>>(in, r); return 0; }
`
	dir := t.TempDir()
	write := func(name, src string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	one := strings.Replace(reduce, "SIZES", "1, 256", 1)
	two := strings.Replace(reduce, "SIZES", "2, 256", 1)
	for _, tc := range []struct {
		name    string
		args    []string
		src     string
		from    string
		verdict string
		grid    [3]*int64
	}{
		// one block: thread 0 alone writes *result
		{"site", nil, one, "site", "drf", dims(1, 1, 1)},
		// two blocks: thread 0 of each writes *result
		{"site, two blocks", nil, two, "site", "racy", dims(2, 1, 1)},
		{"header over site", nil, "//--gridDim=1\n" + two, "header", "drf", dims(1, 1, 1)},
		{"flag over header and site", []string{"-g", "3"}, "//--gridDim=1\n" + one, "flags", "racy", dims(3, 1, 1)},
		{"default without a site", nil, "__global__ void sum(const float *in, float *result) {\n  if (threadIdx.x == 0) *result = in[0];\n}\n", "default", "racy", dims(0, 1, 1)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := write(strings.ReplaceAll(tc.name, " ", "_")+".cu", tc.src)
			var doc report.JSON
			if err := json.Unmarshal(runBinary(t, append(append([]string{"--format=json"}, tc.args...), path)...), &doc); err != nil {
				t.Fatal(err)
			}
			if len(doc.Files) != 1 || len(doc.Files[0].Kernels) != 1 {
				t.Fatalf("want one kernel: %+v", doc)
			}
			k := doc.Files[0].Kernels[0]
			if k.Launch.From != tc.from || k.Verdict != tc.verdict || fmt.Sprint(deref(k.Launch.GridDim)) != fmt.Sprint(deref(tc.grid)) {
				t.Errorf("from %s, verdict %s, grid %v; want %s, %s, %v", k.Launch.From, k.Verdict, deref(k.Launch.GridDim), tc.from, tc.verdict, deref(tc.grid))
			}
			if (tc.from == "site") != (len(k.Launch.Sites) == 1) {
				t.Errorf("sites %+v", k.Launch.Sites)
			}
		})
	}
}

func dims(x, y, z int64) [3]*int64 {
	var out [3]*int64
	for i, v := range []int64{x, y, z} {
		if v > 0 {
			v := v
			out[i] = &v
		}
	}
	return out
}

func deref(d [3]*int64) [3]int64 {
	var out [3]int64
	for i, p := range d {
		if p != nil {
			out[i] = *p
		}
	}
	return out
}

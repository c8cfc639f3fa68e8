package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/drfcheck/drfcheck/internal/report"
)

// The launch comes from the flags, then the header, then the launch sites,
// then the default rule; the JSON report says which.
func TestLaunchPrecedence(t *testing.T) {
	// thread 0 of each block writes its block's element to *result: of
	// two blocks, two values (two writes of one value would be benign)
	reduce := `__global__ void sum(const float *in, float *result) {
  if (threadIdx.x == 0) *result = in[blockIdx.x];
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
		{"default without a site", nil, "__global__ void sum(const float *in, float *result) {\n  if (threadIdx.x == 0) *result = in[blockIdx.x];\n}\n", "default", "racy", dims(0, 1, 1)},
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

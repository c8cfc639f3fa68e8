package check_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/drfcheck/drfcheck/check"
)

// TestAssumed checks what a CUDA check says it rests on: the distinctness
// of pointers the host code shows (a fact) and the distinctness it does
// not (an assumption, with where the pointer comes from), for each way a
// launch is given.
func TestAssumed(t *testing.T) {
	const kernel = "__global__ void k(int *a, const int *b) { a[threadIdx.x] = b[threadIdx.x + 1]; }\n"
	const reader = "__global__ void r(const int *a, const int *b, int *c) { c[0] = 0; }\n"
	cases := []struct {
		name    string
		src     string
		opts    check.LoadOptions
		facts   []string // substrings of the facts, in order
		assumed []string // substrings of the assumptions, in order
	}{
		{"no launch", kernel, check.LoadOptions{},
			nil, []string{"a, b point to memory that does not overlap: no launch read"}},
		{"a launch from flags", kernel + "int main() { int *x, *y; cudaMalloc(&x, 64); cudaMalloc(&y, 64); k<<<1, 8>>>(x, y); }\n",
			check.LoadOptions{Block: &[3]int64{8, 1, 1}},
			nil, []string{"the launch is given by the flags, and the host code is not read"}},
		{"two allocations", kernel + "int main() { int *x, *y; cudaMalloc(&x, 64); cudaMalloc(&y, 64); k<<<1, 8>>>(x, y); }\n",
			check.LoadOptions{},
			[]string{"a (cudaMalloc at", "b (cudaMalloc at", "point to distinct allocations"}, nil},
		{"one allocation", kernel + "int main() { int *x; cudaMalloc(&x, 64); int *y = x; k<<<1, 8>>>(x, y); }\n",
			check.LoadOptions{},
			[]string{"b == a (the same memory)"}, nil},
		{"a call not followed", kernel + "int *get();\nint main() { int *x; cudaMalloc(&x, 64); k<<<1, 8>>>(x, get()); }\n",
			check.LoadOptions{},
			nil, []string{"b does not overlap a: its memory is the result of get() at"}},
		{"a parameter of a function no code calls", kernel + "void run(int *p, int *q) { k<<<1, 8>>>(p, q); }\n",
			check.LoadOptions{},
			nil, []string{"a does not overlap b: its memory is parameter p of run, which no code in the file calls",
				"b does not overlap a: its memory is parameter q of run"}},
		{"pointers only read", reader, check.LoadOptions{}, nil, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "k.cu")
			if err := os.WriteFile(path, []byte(tc.src), 0o644); err != nil {
				t.Fatal(err)
			}
			ins, err := check.LoadCUDA(path, []byte(tc.src), tc.opts)
			if err != nil {
				t.Fatal(err)
			}
			if len(ins) != 1 {
				t.Fatalf("%d inputs, want 1", len(ins))
			}
			s := ins[0].Source
			match := func(what string, got, want []string) {
				text := strings.Join(got, "\n")
				rest := text
				for _, w := range want {
					i := strings.Index(rest, w)
					if i < 0 {
						t.Errorf("%s %q lack %q", what, got, w)
						return
					}
					rest = rest[i+len(w):]
				}
				if len(want) == 0 && what == "assumptions" && len(got) > 0 {
					t.Errorf("assumptions %q, want none", got)
				}
			}
			var facts []string
			for _, f := range s.Facts {
				if strings.Contains(f, "memory") || strings.Contains(f, "allocations") {
					facts = append(facts, f)
				}
			}
			match("facts", facts, tc.facts)
			match("assumptions", s.Assumed, tc.assumed)
		})
	}
}

package clang

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/drfcheck/drfcheck/protocol"
)

func TestSharedDeviceRepair(t *testing.T) {
	const msg = ": error: __constant__, __device__, and __managed__ are not allowed on non-static local variables\n"
	src := "__global__ void k() {\n  __device__ __shared__ float a[4];\n  __device__ float b;\n}\n"
	tests := []struct {
		name, stderr string
		want         string // the repaired text, "" for none
		at           []protocol.Pos
	}{
		{"beside __shared__", "k.cu:2:3" + msg,
			"__global__ void k() {\n             __shared__ float a[4];\n  __device__ float b;\n}\n",
			[]protocol.Pos{{File: "k.cu", Line: 2, Col: 3}}},
		// a __device__ local without __shared__ is an error nvcc makes too
		{"alone", "k.cu:3:3" + msg, "", nil},
		{"in another file", "other.cu:2:3" + msg, "", nil},
		{"not at the word", "k.cu:2:5" + msg, "", nil},
		{"past the end", "k.cu:9:3" + msg, "", nil},
		{"past the line", "k.cu:3:90" + msg, "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, at := sharedDeviceRepair([]byte(tt.stderr), "k.cu", []byte(src))
			if string(got) != tt.want || len(at) != len(tt.at) {
				t.Fatalf("got %q at %v, want %q at %v", got, at, tt.want, tt.at)
			}
			for i := range at {
				if at[i].At != tt.at[i] {
					t.Errorf("at %v, want %v", at[i].At, tt.at[i])
				}
			}
		})
	}
}

// TestPrototypeRepair reads files that declare CUDA's own max as a
// __device__ prototype: blanked where clang's clash is with drfcheck's
// declaration and the prototype is one line with no body; left (an error)
// where the file clashes with itself or defines the function.
func TestPrototypeRepair(t *testing.T) {
	tests := []struct {
		name, src string
		repaired  bool
	}{
		{"prototype", "__device__ float max(float, float);\n__global__ void k(float *a) { a[threadIdx.x] = max(a[threadIdx.x], 1.0f); }\n", true},
		{"static prototype", "static __device__ float max(float a, float b);\n__global__ void k(float *a) { a[threadIdx.x] = max(a[threadIdx.x], 1.0f); }\n", true},
		{"the file's own clash", "__host__ __device__ float f(float);\n__device__ float f(float);\n__global__ void k(float *a) { a[0] = f(a[0]); }\n", false},
		{"a definition", "__device__ float max(float a, float b) { return a; }\n__global__ void k(float *a) { a[threadIdx.x] = max(a[threadIdx.x], 1.0f); }\n", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "k.cu")
			if err := os.WriteFile(path, []byte(tt.src), 0o644); err != nil {
				t.Fatal(err)
			}
			tu, _, err := Parse(path, []byte(tt.src), Options{})
			if err != nil {
				t.Fatalf("clang: %v", err)
			}
			if got := len(tu.Repaired) == 1 && len(tu.Errors) == 0; got != tt.repaired {
				t.Fatalf("repaired %v, errors %v; want repaired %v", tu.Repaired, tu.Errors, tt.repaired)
			}
			if !tt.repaired && len(tu.Errors) == 0 {
				t.Errorf("no error left")
			}
			if tt.repaired && (tu.Repaired[0].At.Line != 1 || !strings.Contains(tu.Repaired[0].Note, "CUDA's max")) {
				t.Errorf("repair %+v", tu.Repaired[0])
			}
		})
	}
}

// TestRepairsPastErrorLimit: clang reports 20 errors at most, so a file
// with more __device__ __shared__ locals than that, and its own size_t,
// is repaired in rounds and renamed although each fix lets another error
// show (the total it reports does not drop).
func TestRepairsPastErrorLimit(t *testing.T) {
	var b strings.Builder
	b.WriteString("typedef unsigned int size_t;\n")
	const n = 30
	for i := range n {
		fmt.Fprintf(&b, "__global__ void k%d(size_t *o) {\n  __device__ __shared__ size_t s[4];\n  s[threadIdx.x] = 1;\n  o[0] = s[0];\n}\n", i)
	}
	path := filepath.Join(t.TempDir(), "k.cu")
	src := []byte(b.String())
	if err := os.WriteFile(path, src, 0o644); err != nil {
		t.Fatal(err)
	}
	tu, _, err := Parse(path, src, Options{})
	if err != nil {
		t.Fatalf("clang: %v", err)
	}
	if len(tu.Errors) != 0 || len(tu.Repaired) != n || len(tu.Renamed) != 1 {
		t.Errorf("errors %v, %d repaired, renamed %v; want none, %d, size_t", tu.Errors, len(tu.Repaired), tu.Renamed, n)
	}
}

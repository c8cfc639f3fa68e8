package infer

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/drfcheck/drfcheck/internal/infer/symexec"
	"github.com/drfcheck/drfcheck/protocol"
	"github.com/drfcheck/drfcheck/protocol/parser"
	"github.com/drfcheck/drfcheck/protocol/printer"
)

// inferSource runs the inference on a CUDA snippet saved as k.cu.
func inferSource(t *testing.T, src string) ([]Kernel, error) {
	t.Helper()
	dir := t.TempDir()
	path := filepath.Join(dir, "k.cu")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	ks, _, err := File(path, []byte(src), Options{})
	return ks, err
}

// The expected protocols below were derived from the CUDA semantics of each
// snippet (see the comments); the comparison is structural
// (protocol.Equal), so positions and layout do not matter.
var inferCases = []struct {
	name     string
	src      string
	kernel   string   // the kernel to compare ("" for the only one)
	want     string   // the protocol, in .prot syntax
	unknowns []string // substrings of the expected unknowns' reasons
	values   bool     // compare the values of writes too (else they are dropped)
}{
	{
		name: "the values of integer writes, and reads of memory no one writes",
		src: `__global__ void k(const int *sizes, int *out, float *f, int n) {
  int m = sizes[blockIdx.x];
  out[threadIdx.x] = m + n;
  out[0] = 1;
  f[threadIdx.x] = 2.0f;
}`,
		// sizes is never written: its element is a function of the
		// address, uniform since the address is, and an int (the
		// assumption); a float is written as its bits (2.0f is
		// 0x40000000)
		want: `param n, sizes_i32; global sizes, out, f;
rd sizes[blockIdx.x];
{ assume -2147483648 <= sizes_i32(4 * blockIdx.x) && sizes_i32(4 * blockIdx.x) < 2147483648;
  wr out[tid] = sizes_i32(4 * blockIdx.x) + n; wr out[0] = 1; wr f[tid] = 1073741824; }`,
		values: true,
	},
	{
		name: "shared array and barrier",
		src: `__global__ void k(float *out, int n) {
  __shared__ float s[64];
  s[threadIdx.x] = n;
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = s[(threadIdx.x + 1) % 64];
}`,
		// n is only a value written, never an index: not in the protocol
		want: `shared s; global out;
wr s[tid]; sync; rd s[(tid + 1) % 64]; wr out[blockIdx.x * blockDim.x + tid];`,
	},
	{
		name: "two-dimensional array by its element offset",
		src: `__global__ void k(float *out) {
  __shared__ float t[16][17];
  t[threadIdx.y][threadIdx.x] = 0;
  out[threadIdx.x] = t[threadIdx.x][threadIdx.y];
}`,
		// one linear index, which is exact whatever the subscripts (t[0][17]
		// is t[1][0]); reports show it per dimension (Access.Shape)
		want: `shared t; global out;
wr t[threadIdx.y * 17 + tid]; rd t[tid * 17 + threadIdx.y]; wr out[tid];`,
	},
	{
		name: "flattened pointer linearizes the array",
		src: `__global__ void k(float *out) {
  __shared__ float t[8][8];
  float *p = &t[0][0];
  p[threadIdx.x] = 1;
  out[0] = t[threadIdx.y][threadIdx.x];
}`,
		// t[y][x] is t + 8y + x; p[x] crosses rows
		want: `shared t; global out;
wr t[tid]; rd t[threadIdx.y * 8 + tid]; wr out[0];`,
	},
	{
		name: "loop shapes without barriers",
		src: `__global__ void k(float *A, int n) {
  for (int i = n - 1; i >= 0; i--) A[i] = 0;
  for (int j = 0; j < n; j += 4) A[j + threadIdx.x] = 1;
  for (int m = 1; m < n; m *= 2) A[m] = 2;
}`,
		// counting down from n - 1 to 0: the values 0..n-1; the doubling
		// loop from 1 takes the powers of two in [1, n), below 2^31 (an
		// int's)
		want: `param n; global A;
for i in 0..n { wr A[i]; }
for j in 0..n step 4 { wr A[j + tid]; }
for m in 1..n { if m == 1 || m == 2 || m == 4 || m == 8 || m == 16 || m == 32 || m == 64 || m == 128 || m == 256 || m == 512 || m == 1024 || m == 2048 || m == 4096 || m == 8192 || m == 16384 || m == 32768 || m == 65536 || m == 131072 || m == 262144 || m == 524288 || m == 1048576 || m == 2097152 || m == 4194304 || m == 8388608 || m == 16777216 || m == 33554432 || m == 67108864 || m == 134217728 || m == 268435456 || m == 536870912 || m == 1073741824 { wr A[m]; } }`,
	},
	{
		name: "halving loop with a barrier",
		src: `__global__ void k(int n) {
  __shared__ int s[64];
  for (int d = n; d > 0; d >>= 1) {
    if (threadIdx.x < d) s[threadIdx.x] = d;
    __syncthreads();
  }
}`,
		// a counter with d an unknown d(k) between 0 and n (n may be
		// negative: then between n and 0), and d > 0
		want: `param n, d_count, d; shared s;
for d_iter in 0..(n > 0 ? (d_count > 1 ? d_count : 1) : 0) {
  assume d(d_iter) > 0 && ((n < 0 || 0 <= d(d_iter) && d(d_iter) <= n) && (n >= 0 || n <= d(d_iter) && d(d_iter) <= 0));
  if tid < d(d_iter) { wr s[tid]; }
  sync;
}`,
	},
	{
		name: "decreasing loop with a barrier keeps iterations consecutive",
		src: `__global__ void k(int n) {
  __shared__ int s[64];
  for (int i = n; i > 0; i -= 2) {
    s[threadIdx.x] = i;
    __syncthreads();
  }
}`,
		// iteration k has i = n - 2k, for k in 0..(n - 1 + 2) / 2
		want: `param n; shared s;
for i_iter in 0..(n + 1) / 2 { wr s[tid]; sync; }`,
	},
	{
		name: "early return, masks, shifts and atomics",
		src: `__global__ void k(int *a, int n) {
  int i = threadIdx.x;
  if (i >= n) return;
  a[i & 7] = i;
  a[i >> 2] = i << 3;
  atomicAdd(&a[i << 1], 1);
}`,
		// threadIdx.x is non-negative: & 7 is % 8, >> 2 is / 4
		want: `param n; global a;
if tid < n { wr a[tid % 8]; wr a[tid / 4]; atomic a[tid * 2]; }`,
	},
	{
		name: "device function through a pointer, unknown base",
		src: `__device__ void put(int *p, int v) { p[v] = v; }
__global__ void k(int **pp, int *a) {
  put(a + 1, threadIdx.x);
  int *q = pp[0];
  q[0] = 1;
}`,
		want:     `global a, pp; wr a[tid + 1]; rd pp[0];`,
		unknowns: []string{"a write through a pointer the lowering cannot follow (a pointer loaded from memory)"},
	},
	{
		name: "while loop, induction variable, switch, precondition",
		src: `__global__ void k(int *a, int n) {
  __requires(n > 0);
  int j = 0;
  while (j < n) { a[j] = 1; j += 2; }
  switch (threadIdx.x % 2) { case 0: a[0] = 0; break; default: a[1] = 1; }
}`,
		// j is 2 * iter at iteration iter; the condition is assumed at the
		// head of each iteration, and only it ends the loop: j = 0, 2, ...
		// while j < n runs (n - 1) / 2 + 1 times for n > 0
		want: `param n; global a;
assume n > 0;
for iter in 0..0 < n ? (n - 1) / 2 + 1 : 0 { assume iter * 2 < n; wr a[iter * 2]; }
if tid % 2 == 0 { wr a[0]; }
if tid % 2 != 0 { wr a[1]; }`,
	},
	{
		// idx is written in the kernel, but v is read where the thread
		// has not stored to idx since the kernel began: the value the
		// interval began with, one per address and block (a store of
		// idx[tid] by another thread would race with the read); w, a
		// float converted, is a thread-local unknown
		name: "values read from memory the kernel writes are the interval's start values",
		src: `__global__ void k(int *a, int *idx) {
  int v = idx[threadIdx.x];
  a[v] = 0;
  int w = (int)(threadIdx.x * 0.5f);
  a[w + 100] = 1;
  idx[0] = 0;
}`,
		want: `param idx_i32_interval0_0_4; local w; global idx, a;
rd idx[tid];
{
  assume -2147483648 <= idx_i32_interval0_0_4(4 * tid, blockIdx.x, blockIdx.y, blockIdx.z) && idx_i32_interval0_0_4(4 * tid, blockIdx.x, blockIdx.y, blockIdx.z) < 2147483648;
  wr a[idx_i32_interval0_0_4(4 * tid, blockIdx.x, blockIdx.y, blockIdx.z)];
  wr a[w + 100];
  wr idx[0];
}`,
	},
	{
		name: "uniform values in a synchronized loop are functions of the iteration",
		src: `__global__ void k(int n) {
  __shared__ int s[64];
  int base = 0;
  for (int r = 0; r < n; r++) {
    s[base + threadIdx.x] = r;
    __syncthreads();
    base = base * 2 + 1;
  }
}`,
		// base is the same for every thread but not affine in r; an int
		// of any sign, so base + threadIdx.x (unsigned) wraps below 0
		want: `param n, base; shared s;
assume -2147483648 <= n && n <= 2147483647;
assume blockDim.x <= 1024;
for r in 0..n { wr s[base(r) + tid >= 0 ? base(r) + tid : base(r) + tid + 4294967296]; sync; }`,
	},
	{
		// C's unsigned values where something sees more than the residue
		// modulo 2^32 (ranges.go): a shift of a product that wraps, a
		// subscript one above 2^32 (tid - 1), a negative int converted, an
		// equality, the global index (which fits by the launch
		// assumption: no residue) and a conversion to int
		name: "unsigned wrap-around",
		src: `__global__ void k(int *out, int n, unsigned p) {
  out[(threadIdx.x * 0x80000000u) >> 31] = 1;
  out[threadIdx.x + 0xFFFFFFFFu] = 2;
  if (threadIdx.x < (unsigned)n) out[threadIdx.x] = 3;
  if (threadIdx.x * 0x40000000u == 0) out[0] = 4;
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  out[g] = 5;
  out[(int)(threadIdx.x * p)] = 6;
}`,
		want: `param n, p; global out;
assume -2147483648 <= n && n <= 2147483647;
assume 0 <= p && p <= 4294967295;
assume blockDim.x <= 1024;
wr out[tid * 2147483648 % 4294967296 / 2147483648];
wr out[tid + 4294967295 < 4294967296 ? tid + 4294967295 : tid - 1];
if tid < (n >= 0 ? n : n + 4294967296) { wr out[tid]; }
if tid * 1073741824 % 4294967296 == 0 { wr out[0]; }
wr out[blockIdx.x * blockDim.x + tid];
wr out[(tid * p + 2147483648) % 4294967296 - 2147483648];`,
	},
	{
		name: "extern shared arrays are one memory",
		src: `__global__ void k() {
  extern __shared__ int a[];
  extern __shared__ int b[];
  a[threadIdx.x] = 0;
  b[threadIdx.x + 1] = 1;
}`,
		want: `shared a; wr a[tid]; wr a[tid + 1];`,
	},
	{
		name: "break in an unsynchronized loop guards the rest of the body",
		src: `__global__ void k(int *a, int n) {
  for (int i = 0; i < n; i++) {
    if (i == threadIdx.x) break;
    a[i] = 1;
  }
}`,
		want: `param n; global a;
for i in 0..n { if i != tid { wr a[i]; } }`,
	},
	{
		name: "barrier in a loop with a break is unknown",
		src: `__global__ void k(int *a, int n) {
  for (int i = 0; i < n; i++) {
    a[threadIdx.x] = i;
    __syncthreads();
    if (i == 3) break;
  }
}`,
		want:     `param n; global a; for i in 0..n { wr a[tid]; sync; }`,
		unknowns: []string{"break in a loop with a barrier"},
	},
	{
		name: "recursion is unknown",
		src: `__device__ void f(int *a, int n) { if (n > 0) { a[n] = 0; f(a, n - 1); } }
__global__ void k(int *a, int n) { f(a, n); }`,
		want:     `param n; global a; if n > 0 { wr a[n]; }`,
		unknowns: []string{"recursive call to f"},
	},
	{
		name:   "template instantiations are kernels",
		kernel: "t<4>",
		src: `template <int S> __global__ void t(int *a) { a[threadIdx.x * S] = 0; }
template __global__ void t<4>(int *);
template __global__ void t<8>(int *);`,
		want: `global a; wr a[tid * 4];`,
	},
	{
		name: "struct assignment through a vector pointer covers four floats",
		src: `__global__ void k(float *a) {
  reinterpret_cast<float4 *>(a)[threadIdx.x] = make_float4(0, 0, 0, 0);
}`,
		// the implicit operator= of float4 writes bytes [16t, 16t + 16)
		want: `global a; wr a[4 * tid]; wr a[tid * 4 + 1]; wr a[tid * 4 + 2]; wr a[tid * 4 + 3];`,
	},
	{
		name: "a lambda's copy of a variable",
		src: `__global__ void k(int *a) {
  int i = 0;
  auto f = [=]() { a[i] = 1; };
  i = threadIdx.x;
  f();
}`,
		want: `global a; wr a[0];`,
	},
	{
		name: "cache-hinted load and store",
		src: `__global__ void k(float *out, const float *in) {
  __stcs(&out[threadIdx.x], __ldg(&in[threadIdx.x + 1]));
}`,
		want: `global in_, out; rd in_[tid + 1]; wr out[tid];`,
	},
	{
		name: "cooperative groups",
		src: `#include <cooperative_groups.h>
__global__ void k(int *d) {
  auto b = cooperative_groups::this_thread_block();
  d[b.thread_rank()] = 0;
  b.sync();
}`,
		want: `global d; wr d[tid + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z)]; sync;`,
	},
}

func TestInfer(t *testing.T) {
	for _, tc := range inferCases {
		t.Run(tc.name, func(t *testing.T) {
			ks, err := inferSource(t, tc.src)
			if err != nil {
				t.Fatal(err)
			}
			var got *protocol.File
			for _, k := range ks {
				if tc.kernel == "" || k.Name == tc.kernel {
					got = k.File
					break
				}
			}
			if got == nil {
				t.Fatalf("no kernel %q", tc.kernel)
			}
			want, err := parser.ParseFile("want.prot", []byte(tc.want))
			if err != nil {
				t.Fatalf("bad expectation: %v", err)
			}
			if len(got.Unknowns) != len(tc.unknowns) {
				t.Errorf("unknowns %v, want %d", got.Unknowns, len(tc.unknowns))
			}
			for i, u := range tc.unknowns {
				if i < len(got.Unknowns) && !strings.Contains(got.Unknowns[i].Reason, u) {
					t.Errorf("unknown %q, want one containing %q", got.Unknowns[i].Reason, u)
				}
			}
			want.Unknowns = got.Unknowns
			if !tc.values {
				for _, a := range protocol.Accesses(got.Body) {
					a.Value = nil
				}
				got.Decls = declared(got)
			}
			if !protocol.Equal(got, want) {
				t.Errorf("got\n%s\nwant\n%s", printer.File(got), printer.File(want))
			}
			if _, err := protocol.Check(got); err != nil {
				t.Errorf("the protocol does not check: %v", err)
			}
		})
	}
}

// TestClangErrors checks the kernels of a file clang parses with errors:
// those the errors reach are unknown at the error, with clang's message;
// the others are inferred, with notes on how the file was parsed.
func TestClangErrors(t *testing.T) {
	cases := []struct {
		name, src string
		unknown   map[string]string // kernel -> reason substring; absent: inferred
		line      map[string]int    // kernel -> line of its unknown
		notes     map[string]string // kernel -> substring of a note
	}{
		{"syntax error in the kernel", "__global__ void k(int *a) {\n  a[0] = \n}\n",
			map[string]string{"k": "expected expression"}, map[string]int{"k": 3}, nil},
		{"missing include the kernel needs", "#include \"nope.h\"\n__global__ void k(int *a) { a[0] = N; }\n",
			map[string]string{"k": "undeclared identifier 'N' (the file was parsed without \"nope.h\""}, map[string]int{"k": 2}, nil},
		{"missing include the kernel does not need", "#include \"nope.h\"\n__global__ void k(int *a) { a[0] = 1; }\n",
			nil, nil, map[string]string{"k": `checked without "nope.h"`}},
		{"error in host code", "__global__ void k(int *a) { a[0] = 1; }\nint main() { return undefined_host(); }\n",
			nil, nil, map[string]string{"k": "1 error(s) in code this kernel does not use"}},
		{"error in another kernel", "__global__ void bad(int *a) { a[0] = oops; }\n__global__ void good(int *a) { a[0] = 1; }\n",
			map[string]string{"bad": "oops"}, map[string]int{"bad": 1}, map[string]string{"good": "error(s) in code"}},
		{"error in a device function it calls", "__device__ int f() { return oops; }\n__global__ void k(int *a) { a[0] = f(); }\n",
			map[string]string{"k": "oops"}, map[string]int{"k": 1}, nil},
		{"error at file scope", "struct S { Unknown u; int x; };\n__global__ void k(S *s) { s[0].x = 1; }\n",
			map[string]string{"k": "Unknown"}, map[string]int{"k": 1}, nil},
		// GPUVerify's ghost arrays: a snapshot drfcheck cannot take says so
		{"snapshot of one of two arrays", "__global__ void k(int *a, int *b, int *g) { __array_snapshot(g, threadIdx.x % 2 ? a : b); a[threadIdx.x] = 1; }\n",
			nil, nil, map[string]string{"k": "not each one array"}},
		{"snapshot into a written array", "__global__ void k(int *a, int *g) { __array_snapshot(g, a); g[threadIdx.x] = 1; }\n",
			nil, nil, map[string]string{"k": "no ghost array"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			ks, err := inferSource(t, tc.src)
			if err != nil {
				t.Fatal(err)
			}
			for _, k := range ks {
				us := k.File.Unknowns
				if want, ok := tc.unknown[k.Name]; ok {
					if len(us) != 1 || !strings.Contains(us[0].Reason, want) || us[0].At.Line != tc.line[k.Name] {
						t.Errorf("%s: unknowns %v, want one at line %d saying %q", k.Name, us, tc.line[k.Name], want)
					}
					continue
				}
				if len(us) != 0 {
					t.Errorf("%s: unknowns %v, want none", k.Name, us)
				}
				if want, ok := tc.notes[k.Name]; ok && !hasNote(k.Notes, want) {
					t.Errorf("%s: notes %v, want one saying %q", k.Name, k.Notes, want)
				}
			}
		})
	}
}

func hasNote(ns []Note, want string) bool {
	for _, n := range ns {
		if strings.Contains(n.Message, want) {
			return true
		}
	}
	return false
}

// TestErrors checks that bad input gives positioned errors, never a panic.
func TestErrors(t *testing.T) {
	cases := []struct {
		name, src, want string
		line            int
	}{
		{"empty file", "", "no __global__ function", 1},
		{"no kernel", "\n__device__ int f(int x) { return x; }\n", "no __global__ function", 2},
		// a hard error: the dump would not be the whole file
		{"too many errors", "__global__ void k(int *a) {\n" + strings.Repeat("  a[0] = x;\n", 30) + "}\n", "use of undeclared identifier", 2},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := inferSource(t, tc.src)
			var list protocol.ErrorList
			if !errors.As(err, &list) || len(list) == 0 {
				t.Fatalf("error %v, want a positioned error", err)
			}
			if !strings.Contains(list[0].Msg, tc.want) || list[0].At.Line != tc.line || !strings.HasSuffix(list[0].At.File, "k.cu") {
				t.Errorf("error %v, want %q at line %d of k.cu", list[0], tc.want, tc.line)
			}
		})
	}
}

// TestMissingClang checks the message when clang cannot be run.
func TestMissingClang(t *testing.T) {
	_, _, err := File("k.cu", nil, Options{Clang: "/nonexistent/clang"})
	if err == nil || !strings.Contains(err.Error(), "not installed") {
		t.Errorf("error %v, want one saying clang is not installed", err)
	}
}

// TestBudgetCutsOneKernel checks that a budget that cuts the analysis of
// one kernel leaves it unknown, saying where, and the other kernels of the
// file with their protocols.
func TestBudgetCutsOneKernel(t *testing.T) {
	src := `__global__ void small(int *a) { a[threadIdx.x] = 1; }
__global__ void deep(int *a, int n) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
        a[threadIdx.x] = i + j + k;
}
`
	path := filepath.Join(t.TempDir(), "k.cu")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	ks, _, err := File(path, []byte(src), Options{Budget: symexec.Budget{Steps: 20}})
	if err != nil {
		t.Fatal(err)
	}
	if len(ks) != 2 {
		t.Fatalf("%d kernels", len(ks))
	}
	if u := ks[0].File.Unknowns; len(u) > 0 || len(protocol.Accesses(ks[0].File.Body)) != 1 {
		t.Errorf("small: unknowns %v, protocol\n%s", u, printer.File(ks[0].File))
	}
	u := ks[1].File.Unknowns
	if len(u) != 1 || !strings.Contains(u[0].Reason, "step budget") || u[0].At.Line < 3 || u[0].At.Line > 6 {
		t.Errorf("deep: unknowns %v, want one cut inside the loops (lines 3 to 6)", u)
	}
}

// TestContextStops: a done context stops clang (an error, no kernels) and
// cuts the analysis of every kernel at its first statement, as a spent
// budget does: unknown, saying so.
func TestContextStops(t *testing.T) {
	src := `__global__ void small(int *a) { a[threadIdx.x] = 1; }
__global__ void deep(int *a, int n) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
        a[threadIdx.x] = i + j + k;
}
`
	path := filepath.Join(t.TempDir(), "k.cu")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	done, cancel := context.WithCancel(context.Background())
	cancel()
	if ks, _, err := File(path, []byte(src), Options{Context: done}); err == nil {
		t.Errorf("clang under a done context: no error, %d kernels", len(ks))
	}
	tu, _, err := Parse(path, []byte(src), Options{})
	if err != nil {
		t.Fatal(err)
	}
	ks, err := FromTU(tu, path, Options{Context: done})
	if err != nil {
		t.Fatal(err)
	}
	if len(ks) != 2 {
		t.Fatalf("%d kernels", len(ks))
	}
	for _, k := range ks {
		if u := k.File.Unknowns; len(u) != 1 || !strings.Contains(u[0].Reason, "cancelled") {
			t.Errorf("%s: unknowns %v, want one saying the analysis was cancelled", k.Name, u)
		}
	}
}

// declared is the declarations of f less the scalars its body no longer
// names (those only the values of its writes did).
func declared(f *protocol.File) []*protocol.Decl {
	free := protocol.FreeVars(f.Body)
	var out []*protocol.Decl
	for _, d := range f.Decls {
		e := *d
		e.Names = nil
		for _, n := range d.Names {
			if d.Kind.IsArray() || free[n.Name] {
				e.Names = append(e.Names, n)
			}
		}
		if len(e.Names) > 0 {
			out = append(out, &e)
		}
	}
	return out
}

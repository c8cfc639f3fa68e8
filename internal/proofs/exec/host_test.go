package exec

import (
	"context"
	"strings"
	"testing"
)

// hostTests are host programs (Case.Host) with their verdicts, each
// reasoned in the comment above it: the runtime gives cudaMalloc,
// cudaMemcpy, <<<...>>> and cudaLaunchKernel CUDA's semantics.
var hostTests = []oracleTest{
	// b is set to a after its cudaMalloc: the shift runs in place, thread
	// i writes a[i] while thread i + 1 reads a[i]: a read/write race.
	{Case{Name: "host_reassigned", Kernel: "k", Host: "host_main", Block: Dim3{32, 1, 1}, Grid: Dim3{1, 1, 1}, Source: `
__global__ void k(int *dst, const int *src) {
  if (threadIdx.x > 0) dst[threadIdx.x] = src[threadIdx.x - 1];
}
void host_main() {
  int *a, *b;
  cudaMalloc(&a, 32 * sizeof(int));
  cudaMalloc(&b, 32 * sizeof(int));
  b = a;
  k<<<1, 32>>>(b, a);
}`}, want{race: true, lines: [][2]int{{3, 3}}}},

	// The same with two buffers: each thread writes its own dst cell, src
	// is only read.
	{Case{Name: "host_distinct", Kernel: "k", Host: "host_main", Block: Dim3{32, 1, 1}, Grid: Dim3{1, 1, 1}, Source: `
__global__ void k(int *dst, const int *src) {
  if (threadIdx.x > 0) dst[threadIdx.x] = src[threadIdx.x - 1];
}
void host_main() {
  int *a, *b;
  cudaMalloc(&a, 32 * sizeof(int));
  cudaMalloc(&b, 32 * sizeof(int));
  k<<<dim3(1), dim3(32), 0>>>(b, a);
}`}, want{}},

	// cudaLaunchKernel reads its arguments when it launches: args[1] is
	// changed to &a, so dst and src are both a: the race of the first case.
	{Case{Name: "host_args_changed", Kernel: "k", Host: "host_main", Block: Dim3{32, 1, 1}, Grid: Dim3{1, 1, 1}, Source: `
__global__ void k(int *dst, const int *src) {
  if (threadIdx.x > 0) dst[threadIdx.x] = src[threadIdx.x - 1];
}
void host_main() {
  int *a, *b;
  cudaMalloc(&a, 32 * sizeof(int));
  cudaMalloc(&b, 32 * sizeof(int));
  void *args[] = {&a, &b};
  args[1] = &a;
  cudaLaunchKernel(k, dim3(1), dim3(32), args, 0, 0);
}`}, want{race: true, lines: [][2]int{{3, 3}}}},

	// n = 300 passed to an unsigned char is 44: thread 44 writes a[0] in
	// the else branch, thread 0 in the then branch. The block is 64
	// threads (300 would be more than the oracle runs), w = 44 all the same.
	{Case{Name: "host_narrowed", Kernel: "k", Host: "host_main", Block: Dim3{64, 1, 1}, Grid: Dim3{1, 1, 1}, Source: `
__global__ void k(int *a, unsigned char w) {
  if (threadIdx.x < w) a[threadIdx.x] = 1;
  else a[threadIdx.x - w] = 2;
}
void host_main() {
  int *a;
  cudaMalloc(&a, 64 * sizeof(int));
  int n = 300;
  k<<<1, 64>>>(a, n);
}`}, want{race: true, lines: [][2]int{{3, 4}}}},

	// The same through cudaLaunchKernel, which reads the int's low byte:
	// 300 is 0x12c, whose low byte is 44.
	{Case{Name: "host_narrowed_args", Kernel: "k", Host: "host_main", Block: Dim3{64, 1, 1}, Grid: Dim3{1, 1, 1}, Source: `
__global__ void k(int *a, unsigned char w) {
  if (threadIdx.x < w) a[threadIdx.x] = 1;
  else a[threadIdx.x - w] = 2;
}
void host_main() {
  int *a;
  cudaMalloc(&a, 64 * sizeof(int));
  int n = 300;
  void *args[] = {&a, &n};
  cudaLaunchKernel(k, dim3(1), dim3(64), args);
}`}, want{race: true, lines: [][2]int{{3, 4}}}},

	// Two launches of one case share its memory: the first writes a[0] =
	// 1, the second reads it and, seeing 1, has every thread write c[0]: a
	// write/write race there, which only memory kept between the launches
	// shows. The launches are ordered: the first's writes do not race with
	// the second's read.
	{Case{Name: "host_two_launches", Kernel: "k", Host: "host_main", Block: Dim3{8, 1, 1}, Grid: Dim3{1, 1, 1}, Source: `
__global__ void k(int *a, int *c, int second) {
  if (!second) { if (threadIdx.x == 0) a[0] = 1; }
  else if (a[0] == 1) c[0] = threadIdx.x;
}
void host_main() {
  int *a, *c;
  cudaMalloc(&a, 8 * sizeof(int));
  cudaMalloc(&c, 8 * sizeof(int));
  k<<<1, 8>>>(a, c, 0);
  k<<<1, 8>>>(a, c, 1);
}`}, want{race: true, lines: [][2]int{{4, 4}}}},

	// A wrapper called with a struct of two pointers into one buffer, one
	// int apart: thread i writes p.x[i] = a[i] and thread i - 1 writes
	// p.y[i - 1] = a[i].
	{Case{Name: "host_struct_wrapper", Kernel: "k", Host: "host_main", Block: Dim3{16, 1, 1}, Grid: Dim3{1, 1, 1}, Source: `
struct Two { int *x; int *y; };
__global__ void k(Two p) {
  p.x[threadIdx.x] = 1;
  p.y[threadIdx.x] = 2;
}
void run(Two p) { k<<<1, 16>>>(p); }
void host_main() {
  int *a;
  cudaMalloc(&a, 32 * sizeof(int));
  Two p = {a, a + 1};
  run(p);
}`}, want{race: true, lines: [][2]int{{4, 5}}}},

	// A value hidden by drf_host_input is the value: 4 threads write
	// a[t % 4], distinct cells.
	{Case{Name: "host_input", Kernel: "k", Host: "host_main", Block: Dim3{4, 1, 1}, Grid: Dim3{1, 1, 1}, Source: `
__global__ void k(int *a, int m) {
  a[threadIdx.x % m] = 1;
}
void host_main() {
  int *a;
  cudaMalloc(&a, 4 * sizeof(int));
  static const int init[] = {1, 2, 3, 4};
  cudaMemcpy(a, init, sizeof init, cudaMemcpyHostToDevice);
  k<<<1, 4>>>(a, drf_host_input(4));
}`}, want{}},
}

func TestOracleHost(t *testing.T) {
	need(t)
	cases := make([]Case, len(hostTests))
	for i, tc := range hostTests {
		cases[i] = tc.c
	}
	outs := Run(context.Background(), cases)
	for i, tc := range hostTests {
		checkOutcome(t, tc.c, tc.want, outs[i])
	}
}

// The rewriting of launches keeps every line.
func TestRewriteLaunches(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"k<<<1, 32>>>(a, b);", "::drf::kernel_launch(::dim3(1), ::dim3(32), (size_t)(0), k, a, b);"},
		{"ns::k<<<dim3(2, 2), b, 64>>>(f(x, y));", "::drf::kernel_launch(::dim3(dim3(2, 2)), ::dim3(b), (size_t)(64), ns::k, f(x, y));"},
		{"k<<<g,\n b>>>(a,\n c); // <<<", "::drf::kernel_launch(::dim3(g), ::dim3(b), (size_t)(0), k, a,\n c)\n; // <<<"},
		{"k<<<g, b, 0, s>>>();", "::drf::kernel_launch(::dim3(g), ::dim3(b), (size_t)(0), k);"},
	} {
		got, err := rewriteLaunches(tc.in)
		if err != nil {
			t.Errorf("%q: %v", tc.in, err)
			continue
		}
		if got != tc.want || strings.Count(got, "\n") != strings.Count(tc.in, "\n") {
			t.Errorf("%q: got %q, want %q", tc.in, got, tc.want)
		}
	}
	for _, bad := range []string{"k<<<1>>>(a);", "<<<1, 2>>>(a);", "k<<<1, 2(a);", "k<<<1, 2>>>;"} {
		if _, err := rewriteLaunches(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

package exec

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"
)

func need(t testing.TB) {
	t.Helper()
	if err := Available(); err != nil {
		t.Skipf("the CUDA execution oracle is unavailable: %v", err)
	}
}

func out(n int) []Param {
	return []Param{{Name: "out", Type: "int *", Pointer: true, Len: n}}
}

// want is the expected outcome of a case: race, divergence, or an error.
type want struct {
	race, div, err bool
	inexact        bool
	lines          [][2]int // when not nil, every pair must be among the reported ones (in either order)
}

type oracleTest struct {
	c    Case
	want want
}

// oracleTests are the kernels of the table test; each verdict is reasoned in
// the comment above it.
var oracleTests = []oracleTest{
	// Every thread writes out[0] with no barrier: a write/write race.
	{Case{Name: "all_write_one", Kernel: "k", Block: Dim3{32, 1, 1}, Grid: Dim3{1, 1, 1}, Params: out(64), Source: `
__global__ void k(int *out) {
  out[0] = threadIdx.x;
}`}, want{race: true, lines: [][2]int{{3, 3}}}},

	// min and max of two values of one type return a value, not a reference
	// to a parameter (which dangled and crashed the case): thread t reads
	// s[min(t, 1)] and thread 1 writes s[1] without a barrier.
	{Case{Name: "min_max_values", Kernel: "k", Block: Dim3{4, 1, 1}, Grid: Dim3{1, 1, 1}, Params: out(64), Source: `
__global__ void k(int *out) {
  __shared__ int s[2];
  if (threadIdx.x == 1) s[1] = 1;
  out[threadIdx.x] = s[max(0, min((int)threadIdx.x, 1))];
}`}, want{race: true, lines: [][2]int{{4, 5}}}},

	// Each thread writes its own element: no two threads touch the same cell.
	{Case{Name: "own_element", Kernel: "k", Block: Dim3{64, 1, 1}, Grid: Dim3{1, 1, 1}, Params: out(64), Source: `
__global__ void k(int *out) {
  out[threadIdx.x] = 1;
}`}, want{}},

	// Thread t writes s[t] and, after the barrier, reads s[t+1], written by
	// thread t+1 before the barrier: ordered, no race.
	{Case{Name: "shared_with_barrier", Kernel: "k", Block: Dim3{64, 1, 1}, Grid: Dim3{1, 1, 1}, Params: out(64), Source: `
__global__ void k(int *out) {
  __shared__ int s[65];
  int tid = threadIdx.x;
  s[tid] = tid;
  __syncthreads();
  out[tid] = s[tid + 1];
}`}, want{}},

	// The same without the barrier: thread t reads s[t+1] while thread t+1
	// writes it.
	{Case{Name: "shared_without_barrier", Kernel: "k", Block: Dim3{64, 1, 1}, Grid: Dim3{1, 1, 1}, Params: out(64), Source: `
__global__ void k(int *out) {
  __shared__ int s[65];
  int tid = threadIdx.x;
  s[tid] = tid;
  out[tid] = s[tid + 1];
}`}, want{race: true, lines: [][2]int{{5, 6}}}},

	// Two blocks: thread t of block 0 and thread t of block 1 both write
	// out[t], and no barrier orders blocks.
	{Case{Name: "between_blocks", Kernel: "k", Block: Dim3{32, 1, 1}, Grid: Dim3{2, 1, 1}, Params: out(64), Source: `
__global__ void k(int *out) {
  out[threadIdx.x] = blockIdx.x;
}`}, want{race: true, lines: [][2]int{{3, 3}}}},

	// Fixed with the global index: every thread of the grid has its own cell.
	{Case{Name: "between_blocks_fixed", Kernel: "k", Block: Dim3{32, 1, 1}, Grid: Dim3{2, 1, 1}, Params: out(64), Source: `
__global__ void k(int *out) {
  out[blockIdx.x * blockDim.x + threadIdx.x] = blockIdx.x;
}`}, want{}},

	// Shared memory is per block: thread t of both blocks writes s[t], but
	// each block has its own s.
	{Case{Name: "shared_per_block", Kernel: "k", Block: Dim3{32, 1, 1}, Grid: Dim3{2, 1, 1}, Params: out(64), Source: `
__global__ void k(int *out) {
  __shared__ int s[32];
  s[threadIdx.x] = blockIdx.x;
  __syncthreads();
  out[blockIdx.x * 32 + threadIdx.x] = s[31 - threadIdx.x];
}`}, want{}},

	// Atomics never race with each other.
	{Case{Name: "atomics", Kernel: "k", Block: Dim3{64, 1, 1}, Grid: Dim3{2, 1, 1}, Params: []Param{
		{Name: "out", Type: "int *", Pointer: true, Len: 4},
		{Name: "f", Type: "float *", Pointer: true, Len: 4},
		{Name: "u", Type: "unsigned *", Pointer: true, Len: 4},
	}, Source: `
__global__ void k(int *out, float *f, unsigned *u) {
  atomicAdd(&out[0], 1);
  atomicMax(&out[1], (int)threadIdx.x);
  atomicCAS(&out[2], 0, 1);
  atomicExch(&out[3], 7);
  atomicAdd(&f[0], 1.5f);
  atomicInc(&u[0], 10u);
  atomicOr(&u[1], 1u << (threadIdx.x % 32));
  atomicSub(&u[2], 1u);
}`}, want{}},

	// An atomic and a plain write of the same cell race.
	{Case{Name: "atomic_vs_plain", Kernel: "k", Block: Dim3{32, 1, 1}, Grid: Dim3{1, 1, 1}, Params: out(4), Source: `
__global__ void k(int *out) {
  if (threadIdx.x == 0)
    out[0] = 5;
  else
    atomicAdd(&out[0], 1);
}`}, want{race: true, lines: [][2]int{{4, 6}}}},

	// Only half the threads reach the barrier.
	{Case{Name: "divergent_if", Kernel: "k", Block: Dim3{32, 1, 1}, Grid: Dim3{1, 1, 1}, Params: out(64), Source: `
__global__ void k(int *out) {
  if (threadIdx.x < 16) __syncthreads();
  out[threadIdx.x] = 1;
}`}, want{div: true}},

	// Threads 0..7 return before the barrier the others wait at: divergence,
	// and the run must not hang.
	{Case{Name: "early_return", Kernel: "k", Block: Dim3{32, 1, 1}, Grid: Dim3{1, 1, 1}, Params: out(64), Source: `
__global__ void k(int *out) {
  if (threadIdx.x < 8) return;
  out[threadIdx.x] = 1;
  __syncthreads();
  out[threadIdx.x + 32] = 2;
}`}, want{div: true}},

	// Different barriers in the two branches: divergence.
	{Case{Name: "two_barriers", Kernel: "k", Block: Dim3{32, 1, 1}, Grid: Dim3{1, 1, 1}, Params: out(64), Source: `
__global__ void k(int *out) {
  if (threadIdx.x % 2 == 0) {
    __syncthreads();
  } else {
    __syncthreads();
  }
}`}, want{div: true}},

	// A barrier in a loop whose bound is the same for every thread: every
	// thread meets it n times; each iteration writes after the barrier and
	// reads a neighbour's cell before the next one.
	{Case{Name: "uniform_loop", Kernel: "k", Block: Dim3{32, 1, 1}, Grid: Dim3{2, 1, 1}, Params: []Param{
		{Name: "out", Type: "int *", Pointer: true, Len: 64},
		{Name: "n", Type: "int", Value: "5"},
	}, Source: `
__global__ void k(int *out, int n) {
  __shared__ int s[32];
  int t = threadIdx.x;
  for (int i = 0; i < n; i++) {
    s[t] = i + t;
    __syncthreads();
    out[blockIdx.x * 32 + t] += s[(t + 1) % 32];
    __syncthreads();
  }
}`}, want{}},

	// Thread 0 and thread 63 write the same cell; every other thread reads
	// cells of the same 8-byte granule and of its neighbours many times, and
	// writes its own cell.
	{Case{Name: "t0_t63", Kernel: "k", Block: Dim3{64, 1, 1}, Grid: Dim3{1, 1, 1}, Params: []Param{
		{Name: "out", Type: "int *", Pointer: true, Len: 128},
		{Name: "in", Type: "const int *", Pointer: true, Len: 128},
	}, Source: `
__global__ void k(int *out, const int *in) {
  int t = threadIdx.x;
  int acc = 0;
  for (int i = 0; i < 8; i++) acc += in[0] + in[1] + in[i];
  out[64 + t] = acc;
  if (t == 0 || t == 63) out[0] = t;
}`}, want{race: true, lines: [][2]int{{7, 7}}}},

	// Threads 0 and 63 write out[0], and every thread reads out[1..3], which
	// share out[0]'s 8 bytes (and 16-byte line): 64 readers of the same
	// granule would evict the write of thread 0 from ThreadSanitizer's 4
	// shadow cells if the oracle did not give every word its own granule.
	{Case{Name: "t0_t63_granule", Kernel: "k", Block: Dim3{64, 1, 1}, Grid: Dim3{1, 1, 1}, Params: out(128), Source: `
__global__ void k(int *out) {
  int t = threadIdx.x;
  if (t == 0 || t == 63) out[0] = t;
  out[64 + t] = out[1] + out[2] + out[3];
}`}, want{race: true, lines: [][2]int{{4, 4}}}},

	// Bytes: thread t writes s[t], and thread 63 writes s[0] too, racing
	// with thread 0 only.
	{Case{Name: "t0_t63_bytes", Kernel: "k", Block: Dim3{64, 1, 1}, Grid: Dim3{1, 1, 1}, Params: out(64), Source: `
__global__ void k(int *out) {
  __shared__ char s[64];
  s[threadIdx.x] = 1;
  if (threadIdx.x == 63) s[0] = 2;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}`}, want{race: true, lines: [][2]int{{4, 5}}}},

	// A __device__ array: threads 0 and 63 write g[0] while all read g[1].
	{Case{Name: "t0_t63_device", Kernel: "k", Block: Dim3{64, 1, 1}, Grid: Dim3{1, 1, 1}, Params: out(128), Source: `
__device__ int g[4];
__global__ void k(int *out) {
  int t = threadIdx.x;
  if (t == 0 || t == 63) g[0] = t;
  out[64 + t] = g[1];
}`}, want{race: true, lines: [][2]int{{5, 5}}}},

	// A variable of namespace scope without __device__ (a host variable,
	// which the oracle's CPU build runs as it is): one object for the
	// grid, written by threads 0 and 63.
	{Case{Name: "host_var", Kernel: "k", Block: Dim3{64, 1, 1}, Grid: Dim3{1, 1, 1}, Params: out(64), Source: `
int last;
__global__ void k(int *out) {
  int t = threadIdx.x;
  if (t == 0 || t == 63) last = t;
  out[t] = 1;
}`}, want{race: true, lines: [][2]int{{5, 5}}}},

	// A struct carrying an array of pointers, each element a buffer of its
	// own (Param.Buffers): thread t writes element t of both, no race.
	{Case{Name: "ptr_array_distinct", Kernel: "k", Block: Dim3{32, 1, 1}, Grid: Dim3{1, 1, 1}, Params: []Param{
		{Name: "p", Type: "Planes", Value: "Planes{{$0, $1}, 32}", Buffers: []Param{
			{Name: "p.c[0]", Type: "int *", Pointer: true, Len: 32},
			{Name: "p.c[1]", Type: "int *", Pointer: true, Len: 32, Init: []int64{7}}}}}, Source: `
struct Planes { int *c[2]; int n; };
__global__ void k(Planes p) {
  int t = threadIdx.x;
  if (t < p.n) { p.c[0][t] = 1; p.c[1][t] += 1; }
}`}, want{}},

	// The same buffers, thread t writing element 0 of buffer t % 2: threads
	// 0 and 2 race on p.c[0][0] (the buffers are distinct: no race between
	// the two buffers).
	{Case{Name: "ptr_array_shared_cell", Kernel: "k", Block: Dim3{4, 1, 1}, Grid: Dim3{1, 1, 1}, Params: []Param{
		{Name: "p", Type: "Planes", Value: "Planes{{$0, $1}, 4}", Buffers: []Param{
			{Name: "p.c[0]", Type: "int *", Pointer: true, Len: 1},
			{Name: "p.c[1]", Type: "int *", Pointer: true, Len: 1}}}}, Source: `
struct Planes { int *c[2]; int n; };
__global__ void k(Planes p) {
  p.c[threadIdx.x % 2][0] = threadIdx.x;
}`}, want{race: true, lines: [][2]int{{4, 4}}}},

	// Two buffers of one element, thread 0 writing the first and thread 1
	// the second: distinct allocations, no race.
	{Case{Name: "ptr_array_two_cells", Kernel: "k", Block: Dim3{2, 1, 1}, Grid: Dim3{1, 1, 1}, Params: []Param{
		{Name: "p", Type: "Planes", Value: "Planes{{$0, $1}, 2}", Buffers: []Param{
			{Name: "p.c[0]", Type: "int *", Pointer: true, Len: 1},
			{Name: "p.c[1]", Type: "int *", Pointer: true, Len: 1}}}}, Source: `
struct Planes { int *c[2]; int n; };
__global__ void k(Planes p) {
  p.c[threadIdx.x][0] = threadIdx.x;
}`}, want{}},

	// A 16-byte store through int4* by thread 0 covers out[0..3]; thread 3
	// writes out[3] as a scalar.
	{Case{Name: "int4_vs_scalar", Kernel: "k", Block: Dim3{4, 1, 1}, Grid: Dim3{1, 1, 1}, Params: out(64), Source: `
__global__ void k(int *out) {
  if (threadIdx.x == 0)
    reinterpret_cast<int4 *>(out)[0] = make_int4(1, 2, 3, 4);
  if (threadIdx.x == 3)
    out[3] = 9;
}`}, want{race: true, lines: [][2]int{{4, 6}}}},

	// The int4 store covers out[0..3] only: thread 3 writing out[4] does
	// not race.
	{Case{Name: "int4_disjoint", Kernel: "k", Block: Dim3{4, 1, 1}, Grid: Dim3{1, 1, 1}, Params: out(64), Source: `
__global__ void k(int *out) {
  if (threadIdx.x == 0)
    reinterpret_cast<int4 *>(out)[0] = make_int4(1, 2, 3, 4);
  if (threadIdx.x == 3)
    out[4] = 9;
}`}, want{}},

	// extern __shared__: both declarations alias the block's one dynamic
	// buffer, so thread t's write of a[t] and thread t+1's read of b[t]
	// (same cell) race without a barrier.
	{Case{Name: "extern_shared_alias", Kernel: "k", Block: Dim3{32, 1, 1}, Grid: Dim3{1, 1, 1}, Params: out(64), Source: `
__global__ void k(int *out) {
  extern __shared__ int a[];
  extern __shared__ int b[];
  int t = threadIdx.x;
  a[t + 1] = t;
  out[t] = b[t];
}`}, want{race: true, lines: [][2]int{{6, 7}}}},

	// extern __shared__ with the barrier: no race.
	{Case{Name: "extern_shared_sync", Kernel: "k", Block: Dim3{32, 1, 1}, Grid: Dim3{2, 1, 1}, Params: out(64), Source: `
__global__ void k(int *out) {
  extern __shared__ float buf[];
  int t = threadIdx.x;
  buf[t] = t;
  __syncthreads();
  out[blockIdx.x * 32 + t] = (int)buf[31 - t];
}`}, want{}},

	// __syncthreads_count returns the number of threads whose predicate
	// holds (16 of 32) in every thread; out[1] is written by thread 0 only
	// if the count is wrong, and then races with thread 1 writing it.
	{Case{Name: "syncthreads_count", Kernel: "k", Block: Dim3{32, 1, 1}, Grid: Dim3{1, 1, 1}, Params: out(64), Source: `
__global__ void k(int *out) {
  int c = __syncthreads_count(threadIdx.x % 2 == 0);
  int a = __syncthreads_and(threadIdx.x < 32);
  int o = __syncthreads_or(threadIdx.x == 5);
  int z = __syncthreads_or(0);
  if (c != 16 || a != 1 || o != 1 || z != 0) {
    out[1] = 1;
  }
  out[2 + threadIdx.x] = c;
}`}, want{}},

	// A wrong count would be seen: threads disagreeing on the count write
	// different cells, but here every thread writes out[0] when the count is
	// 16, which it is: a race.
	{Case{Name: "syncthreads_count_race", Kernel: "k", Block: Dim3{32, 1, 1}, Grid: Dim3{1, 1, 1}, Params: out(64), Source: `
__global__ void k(int *out) {
  int c = __syncthreads_count(threadIdx.x < 16);
  if (c == 16)
    out[0] = threadIdx.x;
}`}, want{race: true}},

	// __syncwarp with a partial mask orders nothing (drfcheck does not model
	// it either): thread 0 and thread 1 still race.
	{Case{Name: "syncwarp_no_hb", Kernel: "k", Block: Dim3{2, 1, 1}, Grid: Dim3{1, 1, 1}, Params: out(64), Source: `
__global__ void k(int *out) {
  if (threadIdx.x == 0) out[0] = 1;
  __syncwarp(0x3);
  __threadfence();
  if (threadIdx.x == 1) out[1] = out[0];
}`}, want{race: true, lines: [][2]int{{3, 6}}}},

	// The full mask orders the threads of a warp (here 2 threads of a warp
	// of 32): thread 1 reads after thread 0's write.
	{Case{Name: "syncwarp_full_mask", Kernel: "k", Block: Dim3{2, 1, 1}, Grid: Dim3{1, 1, 1}, Params: out(64), Source: `
__global__ void k(int *out) {
  if (threadIdx.x == 0) out[0] = 1;
  __syncwarp(0xffffffff);
  if (threadIdx.x == 1) out[1] = out[0];
}`}, want{}},

	// Warps of 4: thread t writes s[t], and after __syncwarp() reads the
	// cell of the next lane of its own warp, written before the barrier.
	{Case{Name: "syncwarp_exchange", Kernel: "k", Block: Dim3{16, 1, 1}, Grid: Dim3{2, 1, 1}, WarpSize: 4, Params: out(64), Source: `
__global__ void k(int *out) {
  __shared__ int s[16];
  unsigned lane = threadIdx.x % warpSize, base = threadIdx.x - lane;
  s[threadIdx.x] = threadIdx.x;
  __syncwarp();
  out[blockIdx.x * 16 + threadIdx.x] = s[base + (lane + 1) % warpSize];
}`}, want{}},

	// The same exchange crossing warps (the next thread of the block, which
	// for lane 3 is in the next warp): __syncwarp() does not order them.
	{Case{Name: "syncwarp_cross_warp", Kernel: "k", Block: Dim3{16, 1, 1}, Grid: Dim3{1, 1, 1}, WarpSize: 4, Params: out(64), Source: `
__global__ void k(int *out) {
  __shared__ int s[16];
  s[threadIdx.x] = threadIdx.x;
  __syncwarp();
  out[threadIdx.x] = s[(threadIdx.x + 1) % 16];
}`}, want{race: true, lines: [][2]int{{4, 6}}}},

	// warpSize is the case's warp size, also as a constant expression: a
	// wrong value would make every thread write out[0].
	{Case{Name: "warp_size_value", Kernel: "k", Block: Dim3{8, 1, 1}, Grid: Dim3{1, 1, 1}, WarpSize: 4, Params: out(64), Source: `
__global__ void k(int *out) {
  __shared__ int s[warpSize * 2];
  s[threadIdx.x] = 1;
  out[warpSize == 4 && sizeof(s) == 32 ? 1 + threadIdx.x : 0] = s[threadIdx.x];
}`}, want{}},

	// A warp barrier reached by half of a warp: divergence, and no hang.
	{Case{Name: "syncwarp_divergent", Kernel: "k", Block: Dim3{8, 1, 1}, Grid: Dim3{1, 1, 1}, WarpSize: 4, Params: out(64), Source: `
__global__ void k(int *out) {
  if (threadIdx.x % 4 < 2) __syncwarp();
  out[threadIdx.x] = 1;
}`}, want{div: true}},

	// A warp barrier under a condition uniform in each warp (true for the
	// first warp only) is no divergence, and still orders that warp.
	{Case{Name: "syncwarp_warp_uniform", Kernel: "k", Block: Dim3{8, 1, 1}, Grid: Dim3{1, 1, 1}, WarpSize: 4, Params: out(64), Source: `
__global__ void k(int *out) {
  if (threadIdx.x < 4) {
    out[threadIdx.x] = 1;
    __syncwarp();
    out[8 + threadIdx.x] = out[3 - threadIdx.x];
  }
}`}, want{}},

	// Lane 0 waits at a warp barrier while its warp mates wait at the block
	// barrier: that hangs on a GPU; here it is divergence.
	{Case{Name: "syncwarp_vs_syncthreads", Kernel: "k", Block: Dim3{8, 1, 1}, Grid: Dim3{1, 1, 1}, WarpSize: 4, Params: out(64), Source: `
__global__ void k(int *out) {
  if (threadIdx.x % 4 == 0) __syncwarp(); else __syncthreads();
  out[threadIdx.x] = 1;
}`}, want{div: true}},

	// A thread that has returned does not reach its warp's barrier.
	{Case{Name: "syncwarp_after_return", Kernel: "k", Block: Dim3{8, 1, 1}, Grid: Dim3{1, 1, 1}, WarpSize: 4, Params: out(64), Source: `
__global__ void k(int *out) {
  if (threadIdx.x == 5) return;
  __syncwarp();
  out[threadIdx.x] = 1;
}`}, want{div: true}},

	// A whole warp returning is no divergence for the warp barriers of the
	// others; the block barrier after them is.
	{Case{Name: "warp_returns_then_syncthreads", Kernel: "k", Block: Dim3{8, 1, 1}, Grid: Dim3{1, 1, 1}, WarpSize: 4, Params: out(64), Source: `
__global__ void k(int *out) {
  if (threadIdx.x >= 4) return;
  __syncwarp();
  out[threadIdx.x] = 1;
  __syncthreads();
}`}, want{div: true}},
	{Case{Name: "warp_returns", Kernel: "k", Block: Dim3{8, 1, 1}, Grid: Dim3{1, 1, 1}, WarpSize: 4, Params: out(64), Source: `
__global__ void k(int *out) {
  if (threadIdx.x >= 4) return;
  out[threadIdx.x] = 1;
  __syncwarp();
  out[4 + threadIdx.x] = out[(threadIdx.x + 1) % 4];
}`}, want{}},

	// A partial last warp (6 threads, warps of 4): its barrier orders its two
	// threads.
	{Case{Name: "syncwarp_partial_warp", Kernel: "k", Block: Dim3{6, 1, 1}, Grid: Dim3{1, 1, 1}, WarpSize: 4, Params: out(64), Source: `
__global__ void k(int *out) {
  unsigned lane = threadIdx.x % 4, base = threadIdx.x - lane, n = base == 4 ? 2 : 4;
  out[threadIdx.x] = 1;
  __syncwarp();
  out[8 + threadIdx.x] = out[base + (lane + 1) % n];
}`}, want{}},

	// Warp barriers in a two-dimensional block: the warp is of the linear
	// index (x + y * blockDim.x), so rows of 2 make warps of two rows.
	{Case{Name: "syncwarp_2d", Kernel: "k", Block: Dim3{2, 4, 1}, Grid: Dim3{1, 1, 1}, WarpSize: 4, Params: out(64), Source: `
__global__ void k(int *out) {
  unsigned t = threadIdx.x + threadIdx.y * 2;
  out[t] = 1;
  __syncwarp();
  out[8 + t] = out[t ^ 2];
}`}, want{}},

	// A tile of one warp synchronizes as __syncwarp() does.
	{Case{Name: "tile_sync", Kernel: "k", Block: Dim3{8, 1, 1}, Grid: Dim3{1, 1, 1}, WarpSize: 4, Params: out(64), Source: `
namespace cg = cooperative_groups;
__global__ void k(int *out) {
  cg::thread_block b = cg::this_thread_block();
  auto tile = cg::tiled_partition<4>(b);
  out[b.thread_rank()] = 1;
  tile.sync();
  out[8 + tile.thread_rank() + threadIdx.x / 4 * 4] = out[threadIdx.x ^ 1];
  b.sync();
  out[16 + threadIdx.x] = out[7 - threadIdx.x];
}`}, want{}},

	// The grid barrier orders threads of different blocks.
	{Case{Name: "grid_sync", Kernel: "k", Block: Dim3{4, 1, 1}, Grid: Dim3{3, 1, 1}, Params: out(64), Source: `
__global__ void k(int *out) {
  unsigned i = blockIdx.x * 4 + threadIdx.x;
  out[i] = 1;
  cooperative_groups::this_grid().sync();
  out[16 + i] = out[(i + 5) % 12];
  cooperative_groups::this_grid().sync();
  out[i] = 2;
}`}, want{}},

	// Without it, they race.
	{Case{Name: "grid_no_sync", Kernel: "k", Block: Dim3{4, 1, 1}, Grid: Dim3{3, 1, 1}, Params: out(64), Source: `
__global__ void k(int *out) {
  unsigned i = blockIdx.x * 4 + threadIdx.x;
  out[i] = 1;
  __syncthreads();
  out[16 + i] = out[(i + 5) % 12];
}`}, want{race: true, lines: [][2]int{{4, 6}}}},

	// A grid barrier that a block never reaches: divergence, no hang.
	{Case{Name: "grid_sync_divergent", Kernel: "k", Block: Dim3{4, 1, 1}, Grid: Dim3{3, 1, 1}, Params: out(64), Source: `
__global__ void k(int *out) {
  if (blockIdx.x == 1) return;
  cooperative_groups::this_grid().sync();
  out[blockIdx.x * 4 + threadIdx.x] = 1;
}`}, want{div: true}},

	// Blocks at a grid barrier while another diverges inside: no hang.
	{Case{Name: "grid_sync_block_divergent", Kernel: "k", Block: Dim3{4, 1, 1}, Grid: Dim3{3, 1, 1}, Params: out(64), Source: `
__global__ void k(int *out) {
  if (blockIdx.x == 1 && threadIdx.x == 0) __syncthreads();
  cooperative_groups::this_grid().sync();
  out[blockIdx.x * 4 + threadIdx.x] = 1;
}`}, want{div: true}},

	// Structs, device functions with references, a template, a switch,
	// __device__ globals, a 2D shared array and a #define: the device
	// global g is written by thread 0 of every block (race between blocks).
	{Case{Name: "constructs", Kernel: "k<8>", Block: Dim3{8, 8, 1}, Grid: Dim3{2, 1, 1}, Params: []Param{
		{Name: "p", Type: "Pair *", Pointer: true, Len: 128},
		{Name: "c", Type: "Cfg", Value: "Cfg{3, 4}"},
		{Name: "v", Type: "unsigned", Value: "7u"},
	}, Source: `#define TILE 8
struct Pair { int a; float b; };
struct Cfg { int x, y; };
__device__ int g;
__constant__ int table[4] = {1, 2, 3, 4};
__device__ void put(Pair &p, int v) { p.a = v; p.b = v * 0.5f; }
template <int N>
__global__ void k(Pair *p, Cfg c, unsigned v) {
  __shared__ volatile float tile[TILE][TILE + 1];
  unsigned tx = threadIdx.x, ty = threadIdx.y;
  tile[ty][tx] = tx + c.x;
  __syncthreads();
  int r;
  switch (tx % 3) {
  case 0: r = (int)tile[tx][ty]; break;
  case 1: r = table[tx % 4]; break;
  default: r = min(c.y, (int)v);
  }
  put(p[blockIdx.x * N * N + ty * N + tx], r);
  if (tx == 0 && ty == 0) g = blockIdx.x;
}`}, want{race: true, lines: [][2]int{{20, 20}}}},

	// A tree reduction over 3 blocks of 64 threads: each step reads the
	// cells written in the step before, after the barrier that ends it.
	{Case{Name: "reduction", Kernel: "k", Block: Dim3{64, 1, 1}, Grid: Dim3{3, 1, 1}, Params: []Param{
		{Name: "in", Type: "const int *", Pointer: true, Len: 192},
		{Name: "out", Type: "int *", Pointer: true, Len: 4},
	}, Source: reduction("__syncthreads();")}, want{}},

	// Without the barrier in the loop, thread t reads s[t + stride] while
	// thread t + stride may still be adding into it for the larger stride.
	{Case{Name: "reduction_racy", Kernel: "k", Block: Dim3{64, 1, 1}, Grid: Dim3{3, 1, 1}, Params: []Param{
		{Name: "in", Type: "const int *", Pointer: true, Len: 192},
		{Name: "out", Type: "int *", Pointer: true, Len: 4},
	}, Source: reduction("")}, want{race: true, lines: [][2]int{{8, 8}}}},

	// The largest exact launch: 250 threads; thread t reads s[t + 1]
	// written by thread t + 1 with no barrier.
	{Case{Name: "exact_250", Kernel: "k", Block: Dim3{125, 1, 1}, Grid: Dim3{2, 1, 1}, Params: out(256), Source: `
__global__ void k(int *out) {
  __shared__ int s[126];
  int t = threadIdx.x;
  s[t] = t;
  out[blockIdx.x * 125 + t] = s[t + 1];
}`}, want{race: true, lines: [][2]int{{5, 6}}}},

	// 1024 threads: more than ThreadSanitizer's slots, so the outcome is
	// inexact; each thread writes its own cell, and nothing is reported.
	{Case{Name: "big_clean", Kernel: "k", Block: Dim3{256, 1, 1}, Grid: Dim3{4, 1, 1}, Params: out(1024), Source: `
__global__ void k(int *out) {
  out[blockIdx.x * blockDim.x + threadIdx.x] = 1;
  __syncthreads();
  out[blockIdx.x * blockDim.x + (threadIdx.x + 1) % blockDim.x] += 1;
}`}, want{inexact: true}},

	// The same size with every thread writing out[0]: a race, which an
	// inexact run may miss (threads sharing a slot look ordered).
	{Case{Name: "big_racy", Kernel: "k", Block: Dim3{256, 1, 1}, Grid: Dim3{4, 1, 1}, Params: out(4), Source: `
__global__ void k(int *out) {
  out[0] = threadIdx.x;
}`}, want{race: true, inexact: true}},

	// Thread t meets the barrier t times: thread 0 returns while the others
	// wait.
	{Case{Name: "divergent_loop", Kernel: "k", Block: Dim3{8, 1, 1}, Grid: Dim3{1, 1, 1}, Params: out(8), Source: `
__global__ void k(int *out) {
  for (int i = 0; i < (int)threadIdx.x; i++)
    __syncthreads();
  out[threadIdx.x] = 1;
}`}, want{div: true}},

	// A barrier inside a device function that every thread calls: the
	// write before it and the read after it are ordered.
	{Case{Name: "barrier_in_function", Kernel: "k", Block: Dim3{32, 1, 1}, Grid: Dim3{1, 1, 1}, Params: out(64), Source: `
__device__ int exchange(int *s, int v) {
  s[threadIdx.x] = v;
  __syncthreads();
  return s[(threadIdx.x + 1) % blockDim.x];
}
__global__ void k(int *out) {
  __shared__ int s[32];
  out[threadIdx.x] = exchange(s, threadIdx.x);
}`}, want{}},

	// The race depends on the data: threads whose in[t] is 1 write out[0];
	// in has two ones (threads 3 and 5), so they race.
	{Case{Name: "data_dependent_racy", Kernel: "k", Block: Dim3{8, 1, 1}, Grid: Dim3{1, 1, 1}, Params: []Param{
		{Name: "in", Type: "const int *", Pointer: true, Len: 8, Init: []int64{0, 0, 0, 1, 0, 1, 0, 0}},
		{Name: "out", Type: "int *", Pointer: true, Len: 8},
	}, Source: `
__global__ void k(const int *in, int *out) {
  if (in[threadIdx.x] == 1) out[0] = threadIdx.x;
}`}, want{race: true}},

	// The same with a single one: only thread 3 writes.
	{Case{Name: "data_dependent_clean", Kernel: "k", Block: Dim3{8, 1, 1}, Grid: Dim3{1, 1, 1}, Params: []Param{
		{Name: "in", Type: "const int *", Pointer: true, Len: 8, Init: []int64{0, 0, 0, 1}},
		{Name: "out", Type: "int *", Pointer: true, Len: 8},
	}, Source: `
__global__ void k(const int *in, int *out) {
  if (in[threadIdx.x] == 1) out[0] = threadIdx.x;
}`}, want{}},

	// A histogram: per-block counts in shared memory with atomics, cleared
	// before and read after barriers, summed into a __device__ array with
	// atomics by both blocks. Every conflicting pair is atomic/atomic or
	// ordered by a barrier.
	{Case{Name: "histogram", Kernel: "k", Block: Dim3{64, 1, 1}, Grid: Dim3{2, 1, 1}, Params: []Param{
		{Name: "in", Type: "const int *", Pointer: true, Len: 128, Init: []int64{3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3}},
		{Name: "out", Type: "unsigned *", Pointer: true, Len: 8},
	}, Source: `
__device__ unsigned hist[8];
__global__ void k(const int *in, unsigned *out) {
  __shared__ unsigned local[8];
  if (threadIdx.x < 8) local[threadIdx.x] = 0;
  __syncthreads();
  atomicAdd(&local[in[blockIdx.x * blockDim.x + threadIdx.x] & 7], 1u);
  __syncthreads();
  if (threadIdx.x < 8) atomicAdd(&hist[threadIdx.x], local[threadIdx.x]);
}`}, want{}},

	// A 2D block with a 2D grid: each thread writes its own cell of a
	// matrix, indexed by the global x and y.
	{Case{Name: "grid_2d", Kernel: "k", Block: Dim3{4, 4, 1}, Grid: Dim3{2, 2, 1}, Params: out(64), Source: `
__global__ void k(int *out) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  out[y * gridDim.x * blockDim.x + x] = x + y;
}`}, want{}},

	// The same forgetting blockIdx.y: blocks (0,0) and (0,1) write the same
	// cells.
	{Case{Name: "grid_2d_racy", Kernel: "k", Block: Dim3{4, 4, 1}, Grid: Dim3{2, 2, 1}, Params: out(64), Source: `
__global__ void k(int *out) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = threadIdx.y;
  out[y * gridDim.x * blockDim.x + x] = x + y;
}`}, want{race: true, lines: [][2]int{{5, 5}}}},
}

func reduction(sync string) string {
	return `
__global__ void k(const int *in, int *out) {
  __shared__ int s[64];
  int t = threadIdx.x;
  s[t] = in[blockIdx.x * 64 + t];
  __syncthreads();
  for (int stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if (t < stride) s[t] += s[t + stride];
    ` + sync + `
  }
  if (t == 0) out[blockIdx.x] = s[0];
}`
}

func checkOutcome(t *testing.T, c Case, w want, o Outcome) {
	t.Helper()
	if (o.Err != nil) != w.err {
		t.Errorf("%s: Err = %v, want error %v\n%s", c.Name, o.Err, w.err, o.Report)
		return
	}
	if w.err {
		return
	}
	// An inexact run may miss a race, never report one that is not there.
	if o.Race != w.race && !(w.inexact && w.race) {
		t.Errorf("%s: Race = %v, want %v\n%s", c.Name, o.Race, w.race, o.Report)
	}
	if o.Inexact != w.inexact {
		t.Errorf("%s: Inexact = %v, want %v\n%s", c.Name, o.Inexact, w.inexact, o.Report)
	}
	if o.Divergence != w.div {
		t.Errorf("%s: Divergence = %v, want %v\n%s", c.Name, o.Divergence, w.div, o.Report)
	}
	for _, p := range w.lines {
		found := false
		for _, q := range o.Lines {
			if q == p || (q[0] == p[1] && q[1] == p[0]) {
				found = true
			}
		}
		if !found {
			t.Errorf("%s: Lines = %v, want the pair %v among them\n%s", c.Name, o.Lines, p, o.Report)
		}
	}
}

func TestOracle(t *testing.T) {
	need(t)
	cases := make([]Case, len(oracleTests))
	for i, tc := range oracleTests {
		cases[i] = tc.c
	}
	outs := Run(context.Background(), cases)
	if len(outs) != len(cases) {
		t.Fatalf("%d outcomes for %d cases", len(outs), len(cases))
	}
	for i, tc := range oracleTests {
		checkOutcome(t, tc.c, tc.want, outs[i])
	}
}

// Each case alone gives the same outcome as in a batch: the batch does not
// make cases interfere.
func TestOracleAlone(t *testing.T) {
	need(t)
	if testing.Short() {
		t.Skip("short")
	}
	for _, tc := range oracleTests[:6] {
		o := Run(context.Background(), []Case{tc.c})
		checkOutcome(t, tc.c, tc.want, o[0])
	}
}

// A case that loops forever and a case that does not compile get Err; the
// cases around them, in the same batch, still get their outcomes.
func TestOracleFailures(t *testing.T) {
	need(t)
	racy := func(name string) Case {
		return Case{Name: name, Kernel: "k", Block: Dim3{8, 1, 1}, Grid: Dim3{1, 1, 1}, Params: out(4),
			Source: "__global__ void k(int *out) { out[0] = threadIdx.x; }"}
	}
	clean := func(name string) Case {
		return Case{Name: name, Kernel: "k", Block: Dim3{8, 1, 1}, Grid: Dim3{1, 1, 1}, Params: out(8),
			Source: "__global__ void k(int *out) { out[threadIdx.x] = 1; }"}
	}
	cases := []Case{
		racy("before_loop"),
		// Thread 0 never leaves its loop (n is 0 at run time, the compiler
		// cannot know): the others wait at the barrier forever.
		{Name: "infinite", Kernel: "k", Block: Dim3{4, 1, 1}, Grid: Dim3{1, 1, 1}, Params: []Param{
			{Name: "out", Type: "int *", Pointer: true, Len: 8}, {Name: "n", Type: "int", Value: "0"}},
			Source: `
__global__ void k(int *out, int n) {
  if (threadIdx.x == 0) {
    volatile int x = 0;
    while (x == n) { }
  }
  __syncthreads();
}`},
		clean("after_loop"),
		{Name: "broken", Kernel: "k", Block: Dim3{4, 1, 1}, Grid: Dim3{1, 1, 1}, Params: out(4),
			Source: "__global__ void k(int *out) {\n  out[0] = undeclared_name;\n}"},
		racy("after_broken"),
		{Name: "broken_type", Kernel: "k", Block: Dim3{4, 1, 1}, Grid: Dim3{1, 1, 1}, Params: out(4),
			Source: "__global__ void k(int *out) {\n  atomicAdd(out, \"no\");\n}"},
		{Name: "unbalanced", Kernel: "k", Block: Dim3{4, 1, 1}, Grid: Dim3{1, 1, 1}, Params: out(4),
			Source: "__global__ void k(int *out) {\n  if (1) {\n}"},
		{Name: "crash", Kernel: "k", Block: Dim3{4, 1, 1}, Grid: Dim3{1, 1, 1}, Params: out(4),
			Source: "__global__ void k(int *out) {\n  out[threadIdx.x + (1 << 28)] = 1;\n}"},
		{Name: "oob", Kernel: "k", Block: Dim3{4, 1, 1}, Grid: Dim3{1, 1, 1}, Params: out(4),
			Source: "__global__ void k(int *out) {\n  out[threadIdx.x + 4] = 1;\n}"},
		{Name: "asserts", Kernel: "k", Block: Dim3{4, 1, 1}, Grid: Dim3{1, 1, 1}, Params: out(4),
			Source: "__global__ void k(int *out) {\n  assert(threadIdx.x < 2);\n}"},
		clean("last"),
	}
	outs := RunWith(context.Background(), cases, Options{CaseTimeout: 4 * time.Second})
	checkOutcome(t, cases[0], want{race: true}, outs[0])
	checkOutcome(t, cases[1], want{err: true}, outs[1])
	if outs[1].Err != nil && !strings.Contains(outs[1].Err.Error(), "timeout") {
		t.Errorf("infinite: Err = %v, want a timeout", outs[1].Err)
	}
	checkOutcome(t, cases[2], want{}, outs[2])
	checkOutcome(t, cases[3], want{err: true}, outs[3])
	if outs[3].Err != nil && !strings.Contains(outs[3].Err.Error(), "line 2") {
		t.Errorf("broken: Err = %v, want it to name line 2", outs[3].Err)
	}
	checkOutcome(t, cases[4], want{race: true}, outs[4])
	checkOutcome(t, cases[5], want{err: true}, outs[5])
	checkOutcome(t, cases[6], want{err: true}, outs[6])
	checkOutcome(t, cases[7], want{err: true}, outs[7])
	checkOutcome(t, cases[8], want{err: true}, outs[8])
	if outs[8].Err != nil && !strings.Contains(outs[8].Err.Error(), "out of bounds") {
		t.Errorf("oob: Err = %v, want out of bounds", outs[8].Err)
	}
	checkOutcome(t, cases[9], want{err: true}, outs[9])
	checkOutcome(t, cases[10], want{}, outs[10])
	for i, o := range outs {
		t.Logf("%s: race=%v div=%v err=%v", cases[i].Name, o.Race, o.Divergence, o.Err)
	}
}

// Invalid cases get Err without running.
func TestOracleInvalid(t *testing.T) {
	need(t)
	ok := Case{Name: "ok", Kernel: "k", Block: Dim3{2, 1, 1}, Params: out(4),
		Source: "__global__ void k(int *out) { out[threadIdx.x] = 1; }"}
	bad := []Case{
		{Name: "1bad", Kernel: "k", Source: ok.Source, Params: out(4)},
		{Name: "ok", Kernel: "k", Source: ok.Source, Params: out(4)}, // duplicate
		{Name: "big", Kernel: "k", Block: Dim3{1024, 1, 1}, Grid: Dim3{8, 1, 1}, Source: ok.Source, Params: out(4)},
		{Name: "nsshared", Kernel: "k", Source: "__shared__ int s[4];\n__global__ void k(int *out) {}", Params: out(4)},
		{Name: "nobuffer", Kernel: "k", Source: "struct P { int *c[1]; };\n__global__ void k(P p) {}", Params: []Param{
			{Name: "p", Type: "P", Value: "P{{$1}}", Buffers: []Param{{Name: "b", Type: "int *", Pointer: true, Len: 1}}}}},
	}
	outs := Run(context.Background(), append([]Case{ok}, bad...))
	checkOutcome(t, ok, want{}, outs[0])
	for i := range bad {
		if outs[i+1].Err == nil {
			t.Errorf("%s: no error", bad[i].Name)
		}
	}
}

// trivialCases returns n small kernels; case i races when racyTrivial(i).
func trivialCases(n int) []Case {
	cases := make([]Case, n)
	for i := range cases {
		src := fmt.Sprintf(`
__global__ void k(int *out, int n) {
  __shared__ int s[64];
  int t = threadIdx.x;
  s[t] = t * %d + n;
  __syncthreads();
  out[blockIdx.x * blockDim.x + t] = s[(t + 1) %% blockDim.x];
}`, i)
		switch i % 6 {
		case 0, 3:
			src = fmt.Sprintf(`
__global__ void k(int *out, int n) {
  out[threadIdx.x %% 4] = %d + n;
}`, i)
		case 1:
			// Only thread 0 of each block writes, after its block's
			// barrier: two writers in different blocks.
			src = fmt.Sprintf(`
__global__ void k(int *out, int n) {
  __syncthreads();
  if (threadIdx.x == 0) out[%d %% 64] = n;
}`, i)
		}
		cases[i] = Case{Name: fmt.Sprintf("t%d", i), Kernel: "k", Source: src,
			Block: Dim3{32, 1, 1}, Grid: Dim3{2, 1, 1}, Params: []Param{
				{Name: "out", Type: "int *", Pointer: true, Len: 64},
				{Name: "n", Type: "int", Value: fmt.Sprint(i)}}}
	}
	return cases
}

// TestOracleBatch runs 200 small cases and logs the time per case.
func TestOracleBatch(t *testing.T) {
	need(t)
	n := 200
	if testing.Short() {
		n = 40
	}
	cases := trivialCases(n)
	start := time.Now()
	outs := Run(context.Background(), cases)
	el := time.Since(start)
	for i, o := range outs {
		checkOutcome(t, cases[i], want{race: racyTrivial(i)}, o)
	}
	t.Logf("%d cases in %v: %v per case (compile and run, 64 threads each)", n, el.Round(time.Millisecond), (el / time.Duration(n)).Round(100*time.Microsecond))
}

// TestOracleRepeat runs copies of racy kernels in one batch: every copy
// must show its race, whatever ran before it in the same process and
// however the threads were scheduled.
func TestOracleRepeat(t *testing.T) {
	need(t)
	copies := 20
	if testing.Short() {
		copies = 5
	}
	var cases []Case
	var wants []want
	for _, name := range []string{"reduction_racy", "t0_t63_granule", "between_blocks", "syncwarp_no_hb", "exact_250"} {
		for _, tc := range oracleTests {
			if tc.c.Name != name {
				continue
			}
			for i := 0; i < copies; i++ {
				c := tc.c
				c.Name = fmt.Sprintf("%s_%d", name, i)
				cases = append(cases, c)
				wants = append(wants, tc.want)
			}
		}
	}
	outs := Run(context.Background(), cases)
	for i, o := range outs {
		checkOutcome(t, cases[i], wants[i], o)
	}
}

func racyTrivial(i int) bool { return i%3 == 0 || i%6 == 1 }

// A cancelled context gives every case an error, and no hang.
func TestOracleCancelled(t *testing.T) {
	need(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	outs := Run(ctx, trivialCases(3))
	for i, o := range outs {
		if o.Err == nil {
			t.Errorf("case %d: no error with a cancelled context", i)
		}
	}
}

func BenchmarkOracle200(b *testing.B) {
	need(b)
	cases := trivialCases(200)
	for i := 0; i < b.N; i++ {
		Run(context.Background(), cases)
	}
	b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N*len(cases)), "ms/case")
}

package exec

import (
	"context"
	"testing"
)

// headerTests are kernels of the CUDA header API the oracle implements
// itself (runtime/drf_half.h, the warp collectives of drf_cuda.h and
// drf_rt.cc, the scope marks of drf_shim.cc): each verdict is reasoned in
// the comment above it. Values are checked inside the kernels with
// assert, which ends the run with an error when it fails.
var headerTests = []oracleTest{
	// Each thread writes its own __half: threads 2k and 2k+1 write the two
	// halves of one word, which are different bytes.
	{Case{Name: "half_own", Kernel: "k", Block: Dim3{32, 1, 1}, Grid: Dim3{1, 1, 1},
		Params: []Param{{Name: "h", Type: "__half *", Pointer: true, Len: 32}}, Source: `
__global__ void k(__half *h) {
  h[threadIdx.x] = __float2half((float)threadIdx.x * 0.5f);
}`}, want{}},

	// Threads 2k and 2k+1 write h[k]: a race on the two bytes of one half.
	{Case{Name: "half_pair_racy", Kernel: "k", Block: Dim3{8, 1, 1}, Grid: Dim3{1, 1, 1},
		Params: []Param{{Name: "h", Type: "__half *", Pointer: true, Len: 8}}, Source: `
__global__ void k(__half *h) {
  h[threadIdx.x / 2] = __float2half(1.0f);
}`}, want{race: true, lines: [][2]int{{3, 3}}}},

	// fp16 accumulation by every thread into acc[0]: a read-modify-write
	// race. The same by thread 0 alone is no race.
	{Case{Name: "half_acc_racy", Kernel: "k", Block: Dim3{4, 1, 1}, Grid: Dim3{1, 1, 1},
		Params: []Param{{Name: "acc", Type: "__half *", Pointer: true, Len: 1}}, Source: `
__global__ void k(__half *acc) {
  __half h = __int2half_rn((int)threadIdx.x);
  acc[0] += h;
}`}, want{race: true, lines: [][2]int{{4, 4}}}},
	{Case{Name: "half_acc_one", Kernel: "k", Block: Dim3{4, 1, 1}, Grid: Dim3{1, 1, 1},
		Params: []Param{{Name: "acc", Type: "__half *", Pointer: true, Len: 1}}, Source: `
__global__ void k(__half *acc) {
  __half h = __int2half_rn((int)threadIdx.x);
  if (threadIdx.x == 0) acc[0] += h;
}`}, want{}},

	// A shared __half2 per thread, read by the neighbour after a barrier;
	// without the barrier, a race.
	{Case{Name: "half2_shared", Kernel: "k", Block: Dim3{16, 1, 1}, Grid: Dim3{1, 1, 1}, Params: out(16), Source: `
__global__ void k(int *out) {
  __shared__ __half2 s[16];
  int t = threadIdx.x;
  s[t] = __floats2half2_rn((float)t, 0.25f);
  __syncthreads();
  out[t] = (int)__low2float(s[(t + 1) % 16]);
}`}, want{}},
	{Case{Name: "half2_shared_racy", Kernel: "k", Block: Dim3{16, 1, 1}, Grid: Dim3{1, 1, 1}, Params: out(16), Source: `
__global__ void k(int *out) {
  __shared__ __half2 s[16];
  int t = threadIdx.x;
  s[t] = __floats2half2_rn((float)t, 0.25f);
  out[t] = (int)__high2float(s[(t + 1) % 16]);
}`}, want{race: true, lines: [][2]int{{5, 6}}}},

	// bfloat16: adjacent elements by adjacent threads, no race.
	{Case{Name: "bf16_own", Kernel: "k", Block: Dim3{32, 1, 1}, Grid: Dim3{2, 1, 1},
		Params: []Param{{Name: "b", Type: "__nv_bfloat16 *", Pointer: true, Len: 64}}, Source: `
__global__ void k(__nv_bfloat16 *b) {
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  b[g] = __hadd(__float2bfloat16((float)g), __float2bfloat16(0.5f));
}`}, want{}},

	// Rounding to nearest even, overflow, subnormals and conversions, as
	// IEEE 754 and the CUDA Math API give them.
	{Case{Name: "half_values", Kernel: "k", Block: Dim3{1, 1, 1}, Grid: Dim3{1, 1, 1}, Params: out(1), Source: `
__global__ void k(int *out) {
  assert(__half_as_ushort(__float2half(0.1f)) == 0x2e66);
  assert(__half_as_ushort(__float2half(65504.0f)) == 0x7bff);
  assert(__half_as_ushort(__float2half(65519.0f)) == 0x7bff);
  assert(__half_as_ushort(__float2half(65520.0f)) == 0x7c00);
  assert(__half_as_ushort(__float2half(-2.0f)) == 0xc000);
  assert(__half_as_ushort(__float2half(5.9604645e-8f)) == 0x0001);
  assert(__half_as_ushort(__float2half(0x1p-25f)) == 0x0000);
  assert(__half_as_ushort(__float2half(0x1.000002p-25f)) == 0x0001);
  assert(__half_as_ushort(__float2half(2049.0f)) == 0x6800);
  assert(__half_as_ushort(__float2half(2051.0f)) == 0x6802);
  assert(__half2float(__hadd(__float2half(2048.0f), __float2half(1.0f))) == 2048.0f);
  assert(__half2float(__hadd(__float2half(2050.0f), __float2half(1.0f))) == 2052.0f);
  assert(__half2float(__hmul(__float2half(0.1f), __float2half(10.0f))) == 1.0f);
  assert(__half2float(__hfma(__float2half(3.0f), __float2half(5.0f), __float2half(-1.0f))) == 14.0f);
  assert(__half2int_rz(__float2half(-2.75f)) == -2);
  assert(__half2int_rn(__float2half(2.5f)) == 2);
  assert(__bfloat16_as_ushort(__float2bfloat16(0.1f)) == 0x3dcd);
  assert(__bfloat16_as_ushort(__float2bfloat16(1.00390625f)) == 0x3f80);
  assert(__bfloat16_as_ushort(__float2bfloat16(1.01171875f)) == 0x3f82);
  assert(__bfloat162float(__float2bfloat16(257.0f)) == 256.0f);
  __half a = __float2half(1.5f), b = __float2half(2.0f);
  a += b;
  assert(a == __float2half(3.5f) && a > b && !(a < b) && a != b);
  __half2 p = __floats2half2_rn(1.0f, 2.0f) * __floats2half2_rn(3.0f, 0.5f);
  assert(__low2float(p) == 3.0f && __high2float(p) == 1.0f);
  out[0] = 1;
}`}, want{}},

	// Warp collectives, their values: a block of 48 threads is a full warp
	// and a warp of 16.
	{Case{Name: "warp_values", Kernel: "k", Block: Dim3{48, 1, 1}, Grid: Dim3{1, 1, 1}, Params: out(48), Source: `
__global__ void k(int *out) {
  int t = threadIdx.x, lane = t % 32, n = t < 32 ? 32 : 16;
  assert(__reduce_add_sync(0xffffffffu, 1) == n);
  assert(__reduce_max_sync(__activemask(), t) == (t < 32 ? 31 : 47));
  assert(__reduce_min_sync(0xffffffffu, (unsigned)t) == (t < 32 ? 0u : 32u));
  assert(__reduce_or_sync(0xffffffffu, 1u << (lane % 4)) == 15u);
  assert(__activemask() == (t < 32 ? 0xffffffffu : 0xffffu));
  assert(__ballot_sync(0xffffffffu, lane % 2) == (t < 32 ? 0xaaaaaaaau : 0xaaaau));
  assert(__all_sync(0xffffffffu, t < 40) == (t < 32));
  assert(__any_sync(0xffffffffu, lane == 3) == 1);
  assert(__shfl_xor_sync(0xffffffffu, t, 1) == (t ^ 1));
  assert(__shfl_sync(0xffffffffu, t, 0) == t - lane);
  assert(__shfl_down_sync(0xffffffffu, t, 1, 8) == (lane % 8 == 7 ? t : t + 1));
  assert(__shfl_up_sync(0xffffffffu, (float)t, 2) == (float)(lane < 2 ? t : t - 2));
  assert(__match_any_sync(0xffffffffu, lane / 8) == 0xffu << (lane / 8 * 8));
  int pred = 0;
  unsigned m = lane < 16 ? 0xffffu : 0xffff0000u;
  assert(__match_all_sync(m, t / 16, &pred) == m && pred == 1);
  assert(__reduce_add_sync(m, 1) == 16);
  out[t] = 1;
}`}, want{}},

	// Warps of 4: a shuffle does not order memory, so a thread reading the
	// cell its lane mate wrote before the shuffle races with it.
	{Case{Name: "shfl_no_order", Kernel: "k", Block: Dim3{8, 1, 1}, Grid: Dim3{1, 1, 1}, WarpSize: 4, Params: out(8), Source: `
__global__ void k(int *out) {
  __shared__ int s[8];
  int t = threadIdx.x;
  s[t] = t;
  int v = __shfl_xor_sync(0xffffffffu, t, 1);
  out[t] = s[t ^ 1] + v;
}`}, want{race: true, lines: [][2]int{{5, 7}}}},

	// A collective some lanes of a warp skip: a divergence.
	{Case{Name: "coll_divergent", Kernel: "k", Block: Dim3{8, 1, 1}, Grid: Dim3{1, 1, 1}, WarpSize: 4, Params: out(8), Source: `
__global__ void k(int *out) {
  int v = 0;
  if (threadIdx.x % 4 < 2) v = __reduce_add_sync(0xffffffffu, 1);
  out[threadIdx.x] = v;
}`}, want{div: true}},

	// Lanes whose masks disagree: undefined in CUDA, a divergence here.
	{Case{Name: "coll_masks", Kernel: "k", Block: Dim3{4, 1, 1}, Grid: Dim3{1, 1, 1}, WarpSize: 4, Params: out(4), Source: `
__global__ void k(int *out) {
  unsigned m = threadIdx.x == 0 ? 0xfu : 0x3u;
  out[threadIdx.x] = __reduce_add_sync(m, 1);
}`}, want{div: true}},

	// Reduction results written to one cell per warp by lane 0: no race;
	// by every lane to the warp's cell: a race.
	{Case{Name: "reduce_per_warp", Kernel: "k", Block: Dim3{16, 1, 1}, Grid: Dim3{1, 1, 1}, WarpSize: 4, Params: out(4), Source: `
__global__ void k(int *out) {
  int r = __reduce_add_sync(0xffffffffu, (int)threadIdx.x);
  if (threadIdx.x % 4 == 0) out[threadIdx.x / 4] = r;
}`}, want{}},
	{Case{Name: "reduce_per_warp_racy", Kernel: "k", Block: Dim3{16, 1, 1}, Grid: Dim3{1, 1, 1}, WarpSize: 4, Params: out(4), Source: `
__global__ void k(int *out) {
  int r = __reduce_add_sync(0xffffffffu, (int)threadIdx.x);
  out[threadIdx.x / 4] = r;
}`}, want{race: true, lines: [][2]int{{4, 4}}}},

	// Block-scoped atomics of two blocks on one global cell race; of one
	// block they do not; on a cell per block, or on shared memory, they do
	// not either.
	{Case{Name: "atomic_block_racy", Kernel: "k", Block: Dim3{4, 1, 1}, Grid: Dim3{2, 1, 1}, Params: out(1), Source: `
__global__ void k(int *out) {
  atomicAdd_block(&out[0], 1);
}`}, want{race: true, lines: [][2]int{{3, 3}}}},
	{Case{Name: "atomic_block_one_block", Kernel: "k", Block: Dim3{16, 1, 1}, Grid: Dim3{1, 1, 1}, Params: out(1), Source: `
__global__ void k(int *out) {
  atomicAdd_block(&out[0], 1);
  atomicMax_block(&out[0], (int)threadIdx.x);
}`}, want{}},
	{Case{Name: "atomic_block_per_block", Kernel: "k", Block: Dim3{8, 1, 1}, Grid: Dim3{4, 1, 1}, Params: out(4), Source: `
__global__ void k(int *out) {
  __shared__ int s[1];
  atomicAdd_block(&out[blockIdx.x], 1);
  atomicOr_block(&s[0], 1);
}`}, want{}},
	// A block-scoped atomic of block 0 and a device-scoped one of block 1.
	{Case{Name: "atomic_block_device", Kernel: "k", Block: Dim3{2, 1, 1}, Grid: Dim3{2, 1, 1}, Params: out(1), Source: `
__global__ void k(int *out) {
  if (blockIdx.x == 0) atomicAdd_block(&out[0], 1);
  else atomicAdd(&out[0], 1);
}`}, want{race: true, lines: [][2]int{{3, 4}}}},
	// Device and system scope: no race between blocks.
	{Case{Name: "atomic_device_system", Kernel: "k", Block: Dim3{4, 1, 1}, Grid: Dim3{3, 1, 1}, Params: out(1), Source: `
__global__ void k(int *out) {
  atomicAdd(&out[0], 1);
  atomicAdd_system(&out[0], 2);
}`}, want{}},

	// cuda::atomic_ref of block scope, between blocks: a race; of device
	// scope: none. Two block-scoped loads of two blocks: no race (neither
	// writes); a device load against a block-scoped fetch_add: a race.
	{Case{Name: "atomic_ref_block_racy", Kernel: "k", Block: Dim3{4, 1, 1}, Grid: Dim3{2, 1, 1}, Params: out(1), Source: `
__global__ void k(int *out) {
  cuda::atomic_ref<int, cuda::thread_scope_block> r(out[0]);
  r.fetch_add(1);
}`}, want{race: true, lines: [][2]int{{4, 4}}}},
	{Case{Name: "atomic_ref_device", Kernel: "k", Block: Dim3{4, 1, 1}, Grid: Dim3{2, 1, 1}, Params: out(10), Source: `
__global__ void k(int *out) {
  cuda::atomic_ref<int, cuda::thread_scope_device>(out[0]).fetch_add(1, cuda::std::memory_order_relaxed);
  int e = 0;
  cuda::atomic_ref<int, cuda::thread_scope_device> r(out[1]);
  r.compare_exchange_strong(e, 1);
  out[2 + blockIdx.x * 4 + threadIdx.x] = r.load() + e;
}`}, want{}},
	{Case{Name: "atomic_ref_block_loads", Kernel: "k", Block: Dim3{4, 1, 1}, Grid: Dim3{2, 1, 1}, Params: out(10), Source: `
__global__ void k(int *out) {
  out[1 + blockIdx.x * 4 + threadIdx.x] = cuda::atomic_ref<int, cuda::thread_scope_block>(out[0]).load();
}`}, want{}},
	{Case{Name: "atomic_ref_load_vs_block", Kernel: "k", Block: Dim3{1, 1, 1}, Grid: Dim3{2, 1, 1}, Params: out(3), Source: `
__global__ void k(int *out) {
  if (blockIdx.x == 0) cuda::atomic_ref<int, cuda::thread_scope_block>(out[0]).fetch_add(1);
  else out[1] = cuda::atomic_ref<int>(out[0]).load();
}`}, want{race: true, lines: [][2]int{{3, 4}}}},

	// cuda::atomic objects in global memory.
	{Case{Name: "cuda_atomic_block_racy", Kernel: "k", Block: Dim3{2, 1, 1}, Grid: Dim3{2, 1, 1},
		Params: []Param{{Name: "a", Type: "cuda::atomic<unsigned, cuda::thread_scope_block> *", Pointer: true, Len: 1}}, Source: `
__global__ void k(cuda::atomic<unsigned, cuda::thread_scope_block> *a) {
  a[0].fetch_add(1u);
}`}, want{race: true, lines: [][2]int{{3, 3}}}},
	{Case{Name: "cuda_atomic_device", Kernel: "k", Block: Dim3{2, 1, 1}, Grid: Dim3{2, 1, 1},
		Params: []Param{{Name: "a", Type: "cuda::atomic<unsigned, cuda::thread_scope_device> *", Pointer: true, Len: 2}}, Source: `
__global__ void k(cuda::atomic<unsigned, cuda::thread_scope_device> *a) {
  a[0].fetch_add(1u);
  a[1].store(a[0].load() + 1u);
}`}, want{}},
}

func TestOracleHeaderAPI(t *testing.T) {
	need(t)
	cases := make([]Case, len(headerTests))
	for i, tc := range headerTests {
		cases[i] = tc.c
	}
	outs := Run(context.Background(), cases)
	for i, tc := range headerTests {
		checkOutcome(t, tc.c, tc.want, outs[i])
	}
}

// expect: scatter_drf=drf, halved_racy=racy, callee_racy=racy
//--blockDim=64 --gridDim=4
// A precondition about pairs of threads (GPUVerify's __other_int): every
// two threads of the grid read different ids. It holds for the two
// threads of each race query, so a scatter through the ids is race-free.

// Two threads s != t have ids[s] != ids[t], so they write different
// cells of out.
__global__ void scatter_drf(const int *ids, int *out) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  __requires(ids[gid] != ids[__other_int(gid)]);
  out[ids[gid]] = gid;
}

// Distinct ids may still share a cell once halved: ids 6 and 7 both
// write out[3].
__global__ void halved_racy(const int *ids, int *out) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  __requires(ids[gid] != ids[__other_int(gid)]);
  out[ids[gid] / 2] = gid; // want race
}

// In a device function a precondition about pairs is the function's,
// which its callers may break, not the kernel's: here nothing says the
// ids differ, and two threads with one id write one cell.
__device__ void put(const int *ids, int *out, int i) {
  __requires(ids[i] != ids[__other_int(i)]);
  out[ids[i]] = i; // want race
}

__global__ void callee_racy(const int *ids, int *out) {
  put(ids, out, threadIdx.x);
}

// expect: racy
//--blockDim=32 --gridDim=2
// libcu++'s atomic_ref of block scope is atomicAdd_block: two blocks
// incrementing the same global counter race, as in
// block_scope_grid_racy.cu. The device-scope counter next to it does not.
#include <cuda/atomic>
__global__ void count(int *block_counter, int *device_counter) {
  cuda::atomic_ref<int, cuda::thread_scope_block> b(block_counter[0]);
  b.fetch_add(1); // want race
  cuda::atomic_ref<int, cuda::thread_scope_device> d(device_counter[0]);
  d.fetch_add(1);
}

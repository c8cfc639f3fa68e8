// expect: racy
//--blockDim=64 --gridDim=[*,1,1]
// One counter per block, its slots offset by the block's base. The
// counters' starting values are not known (nothing here resets them), so
// block 0 may hand out slot 64 and write out[64], which thread 0 of block 1
// writes too when its counter hands out 0. Within one block the slots are
// distinct (a counter at one place for the block's threads): no pair of
// one block is reported.
__global__ void compact(int *out, int *counts) {
  int slot = atomicAdd(&counts[blockIdx.x], 1);
  out[blockIdx.x * blockDim.x + slot] = threadIdx.x; // want race
}

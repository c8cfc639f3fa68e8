// expect: racy
//--blockDim=64 --gridDim=4
// atomicAdd_block is atomic only among the threads of one block (PTX: two
// atomics are morally strong only if each one's scope includes the other
// thread). Every block adds into the one global total[0], so threads of
// different blocks update it with plain read-modify-writes: a race between
// blocks, and lost updates on a real GPU. Within a block the atomics are
// fine, so the race is only between blocks.
__global__ void sum(int *total, const int *in) {
  atomicAdd_block(&total[0], in[blockIdx.x * blockDim.x + threadIdx.x]); // want race
}

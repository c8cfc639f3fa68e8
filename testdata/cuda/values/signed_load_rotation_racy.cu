// expect: racy
//--blockDim=16 --gridDim=2
// signed_load_rotation_drf.cu rotating over 32 cells with a stride of 16
// between blocks: block 0 writes in [0, 32) and block 1 in [16, 48), and
// with leads that differ between the blocks two threads of different
// blocks write one cell (each block's 16 threads write distinct cells).
__global__ void rotate(const int *el, int *won) {
  int lead = el[blockIdx.x];
  won[blockIdx.x * 16u + ((unsigned)lead + (unsigned)threadIdx.x) % 32u] = threadIdx.x; // want race
}

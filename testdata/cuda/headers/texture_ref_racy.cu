// expect: racy
//--blockDim=256 --gridDim=1
// A fetched value is whatever the host put in the texture: used as an
// index, two threads may fetch the same key and write the same element of
// hist (a plain increment, not an atomic): a race.
texture<unsigned int, 1, cudaReadModeElementType> keys;

__global__ void count(unsigned int *hist) {
  unsigned int k = tex1Dfetch(keys, (int)threadIdx.x) % 64;
  hist[k] = hist[k] + 1; // want race
}

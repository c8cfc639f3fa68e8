// expect: divergent
//--blockDim=256 --gridDim=1
// As trip_count_sync_drf.cu with 300 cells: threads 0 to 43 run the loop
// twice (pos = t and t + 256 < 300), threads 44 to 255 once, so only the
// first threads reach the barriers of the second iteration. (The second
// barrier keeps the reads of one iteration from the next one's writes: the
// divergence is the only defect.)
__global__ void uneven(float *out) {
  __shared__ float s[300];
  for (int pos = threadIdx.x; pos < 300; pos += blockDim.x) { // want divergence
    s[pos] = pos;
    __syncthreads();
    out[pos] = s[299 - pos];
    __syncthreads();
  }
}

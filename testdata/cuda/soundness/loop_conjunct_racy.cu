// expect: racy
//--blockDim=64 --gridDim=1
// After a loop whose condition has a second conjunct, the variable ends at
// min(64, tid) = tid, not at 64: every thread writes out[tid - tid].
__global__ void stop(int *out) {
  int tid = threadIdx.x;
  int i;
  for (i = 0; i < 64 && i < tid; i++)
    ;
  out[i - tid] = threadIdx.x; // want race
}

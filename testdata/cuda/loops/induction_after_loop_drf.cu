// expect: drf
//--blockDim=64 --gridDim=1
// An index advanced beside a loop that counts down: after the loop it is
// exactly its entry value plus four steps (the loop runs 4 times: from 3
// while i >= 0), so the write after the loop, at tid + 4 * blockDim.x,
// meets none of the loop's writes (tid + k * blockDim.x, k < 4) of any
// thread. Without the trip count the index after the loop is any value.
__global__ void fill(int *out) {
  unsigned idx = threadIdx.x;
  for (int i = 3; i >= 0; i--) {
    out[idx] = i;
    idx += blockDim.x;
  }
  out[idx] = -1;
}

// expect: racy
// The kernel reads threadIdx.y, so blocks of any size in x and y are
// considered ([*,*,1]): threads (0,0) and (0,1) both write s[0].
__global__ void rows(int *out) {
  __shared__ int s[1024];
  s[threadIdx.x] = threadIdx.y; // want race
  out[0] = s[0];                // want race
}

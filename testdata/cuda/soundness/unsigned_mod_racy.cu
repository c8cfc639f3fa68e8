// expect: racy
//--blockDim=3 --gridDim=1
// (unsigned)(tid - 2) wraps for threads 0 and 1: 4294967294 % 5 = 4 and
// 4294967295 % 5 = 0, while thread 2 computes 0 % 5 = 0. Threads 1 and 2
// both write s[0]; without the wrap-around they would not meet. (A
// remainder by 2^32 in the encoding made this a 30-second solver timeout.)
__global__ void rem(int *out) {
  __shared__ int s[5];
  int tid = threadIdx.x;
  s[(unsigned)(tid - 2) % 5u] = tid; // want race
}

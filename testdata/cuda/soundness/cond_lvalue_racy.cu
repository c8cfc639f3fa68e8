// expect: racy
//--blockDim=64 --gridDim=1
// A conditional operator as the target of an assignment designates one
// object or the other: every odd thread writes x and every even one y, so
// threads 1 and 3 both write x.
__global__ void pick(int *out) {
  __shared__ int x;
  __shared__ int y;
  int tid = threadIdx.x;
  (tid % 2 ? x : y) = tid; // want race
}

// expect: racy
//--blockDim=32 --gridDim=1
// A lambda that captures i by copy sees the value i had when the lambda was
// made (0), not the thread index assigned afterwards: every thread writes
// A[0]. The lambda capturing by reference sees the new value.
__global__ void kernel(int *A) {
  int i = 0;
  auto byCopy = [=]() { A[i] = threadIdx.x; }; // want race
  i = threadIdx.x;
  byCopy();
  auto byRef = [&]() { A[i + 32] = 1; };
  byRef();
}

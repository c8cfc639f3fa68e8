// expect: racy
//--blockDim=64 --gridDim=1
// Thread 0 (even) writes a[0] and so does thread 1 (odd): the branches
// overlap.
__global__ void halves(int *a) {
  int t = threadIdx.x;
  if (t % 2 == 0)
    a[t / 2] = t;      // want race
  else
    a[t / 2 - 0] = -t; // want race
}

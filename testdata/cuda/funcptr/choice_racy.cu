// expect: racy
//--blockDim=64 --gridDim=1
// The pointer is chosen per thread: even threads call own, which writes
// their own cell, odd threads call next, which writes the cell after
// theirs. Odd thread 1 writes a[2] through next while even thread 2
// writes a[2] through own, with no barrier between them: a write/write
// race, whose two accesses are the two stores below. A front end that
// called one of the functions for every thread would see no race.
__device__ void own(int *a, int i) {
  a[i] = i; // want race
}

__device__ void next(int *a, int i) {
  a[i + 1] = i; // want race
}

typedef void (*store)(int *, int);

__global__ void fill(int *a) {
  int t = threadIdx.x;
  store f = t % 2 == 0 ? own : next;
  f(a, t);
}

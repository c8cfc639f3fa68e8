// expect: spread<1>=racy, spread<2>=drf
//--blockDim=32 --gridDim=1
// A template kernel is checked at each instantiation: with S = 1, thread
// t's second write hits thread t + 1's first cell; with S = 2 the cells
// 2t and 2t + 1 belong to thread t alone.
template <int S>
__global__ void spread(int *a) {
  a[threadIdx.x * S] = 1;     // want race
  a[threadIdx.x * S + 1] = 2; // want race
}

template __global__ void spread<1>(int *);
template __global__ void spread<2>(int *);

// expect: drf
//--blockDim=64 --gridDim=1
// Every write here puts zero bytes into flags[0]: thread 0 stores the int
// 0, the odd threads clear the whole int with memset, and the other even
// threads store the short 0 into its upper half. On every byte two of them
// share, both write 00, so each pair is benign (the same bytes whatever
// the order), which is how GPUVerify and Faial count equal writes.
__global__ void clear(int *flags) {
  if (threadIdx.x == 0)
    flags[0] = 0;
  else if (threadIdx.x % 2 == 1)
    memset(&flags[0], 0, sizeof(int));
  else
    reinterpret_cast<short *>(flags)[1] = 0;
}

// expect: racy
//--blockDim=3 --gridDim=1
// Row r of thread t is out[r * blockDim.x + t]: unsigned arithmetic, since
// blockDim.x is unsigned, so it wraps around 2^32. With 3 threads, thread
// 1 at row 1431655765 writes out[3 * 1431655765 + 1] = out[2^32] = out[0],
// which thread 0 writes at row 0: a race once n > 1431655765. (With a
// power-of-two block the wrapped rows of a thread land on its own cells.)
// The loop steps by 16843009 rows, a divisor of 1431655765, so that the
// witness runs 85 iterations.
__global__ void rows(int *out, int n) {
  for (int r = 0; r < n; r += 16843009)
    out[r * blockDim.x + threadIdx.x] = r; // want race
}

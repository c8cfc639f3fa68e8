// expect: racy
// No launch configuration is given, and the kernel never reads blockIdx.
// It is still checked for any number of blocks: launched with two, thread
// 0 of block 0 and thread 0 of block 1 both update out[0] (the forgotten
// block offset), each reading it and writing back its own sum. The report
// adds how to rule it out when the kernel always runs as one block
// (one_block_header_drf.cu). (Had both written the same value, say v, the
// writes would be benign.)
__global__ void scale(int *out, int v) {
  out[threadIdx.x] += v; // want race
}

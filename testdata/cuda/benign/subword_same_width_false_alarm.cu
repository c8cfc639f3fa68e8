// expect: racy
//--blockDim=64 --gridDim=1
// KNOWN FALSE ALARM. All threads store the short 7 into the upper half of
// flags[0]: each pair writes the same two bytes with the same value, 07 00,
// which is benign. But drfcheck's cells are the array's ints, and a short
// covers half of one: its value is not compared (it could meet a whole-int
// write of 7, whose bytes differ), so the pair is reported.
__global__ void mark(int *flags) {
  reinterpret_cast<short *>(flags)[1] = 7; // want race
}

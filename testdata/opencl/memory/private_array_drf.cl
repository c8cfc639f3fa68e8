// expect: drf
//--local_size=64 --num_groups=8
// A __private array is each work-item's own: every work-item writes
// acc[0..3] without racing with the others. The only shared accesses are
// the reads of the input and the write of the work-item's own output.
__kernel void sum4(__global int *restrict out, __global const int *restrict in) {
  __private int acc[4];
  size_t i = get_global_id(0);
  for (int k = 0; k < 4; k++)
    acc[k] = in[4 * i + k];
  acc[0] += acc[1];
  acc[2] += acc[3];
  out[i] = acc[0] + acc[2];
}

// expect: racy
//--local_size=64 --num_groups=8
// The same reversal without the barrier: work-item l reads tile[63 - l]
// while work-item 63 - l may still be writing it.
__kernel void reverse(__global int *restrict out, __global const int *restrict in) {
  __local int tile[64];
  size_t l = get_local_id(0);
  size_t base = get_group_id(0) * 64;
  tile[l] = in[base + l]; // want race
  out[base + l] = tile[63 - l]; // want race
}

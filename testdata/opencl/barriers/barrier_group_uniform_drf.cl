// expect: drf
//--local_size=64 --num_groups=4
// A barrier under a condition on the group id is no divergence: all
// work-items of a group agree on it, and a barrier only synchronizes one
// group. Groups that take the branch reverse through __local memory, the
// others copy.
__kernel void odd_groups(__global int *restrict out, __global const int *restrict in) {
  __local int s[64];
  size_t l = get_local_id(0);
  size_t i = get_group_id(0) * 64 + l;
  if (get_group_id(0) % 2 == 1) {
    s[l] = in[i];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[i] = s[63 - l];
  } else {
    out[i] = in[i];
  }
}

// expect: drf
//--local_size=64 --num_groups=8
// atomic_add on a __local array: each group updates its own copy, and
// within a group all updates are atomic; they are ordered before the
// plain reads by the barrier, and the plain clear before them by the
// first one.
__kernel void buckets(__global int *restrict out, __global const int *restrict in) {
  __local int b[16];
  size_t l = get_local_id(0);
  if (l < 16)
    b[l] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  atomic_add(&b[in[get_global_id(0)] & 15], 1);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (l < 16)
    out[get_group_id(0) * 16 + l] = b[l];
}

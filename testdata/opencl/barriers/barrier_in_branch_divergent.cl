// expect: divergent
//--local_size=64 --num_groups=4
// Only the work-items with a local id below 16 reach the barrier: the
// others of the group never do, which is barrier divergence (undefined
// behaviour in OpenCL: all work-items of a group must reach it).
__kernel void first_quarter(__global int *a) {
  __local int s[64];
  size_t l = get_local_id(0);
  s[l] = (int)l;
  if (l < 16) { // want divergence
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  a[get_global_id(0)] = s[l];
}

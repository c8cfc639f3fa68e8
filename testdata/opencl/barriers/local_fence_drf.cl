// expect: drf
//--local_size=64 --num_groups=8
// Two rounds of exchange through __local memory, each closed by
// barrier(CLK_LOCAL_MEM_FENCE): the first orders the writes of s[l]
// before the reads of s[l ^ 1] (a work-item's partner), the second orders
// those reads before the overwrite of s[l] in the second round, and the
// reads of the second round come after the third barrier.
__kernel void swap_twice(__global int *restrict out, __global const int *restrict in) {
  __local int s[64];
  size_t l = get_local_id(0);
  size_t i = get_group_id(0) * 64 + l;
  s[l] = in[i];
  barrier(CLK_LOCAL_MEM_FENCE);
  int v = s[l ^ 1];
  barrier(CLK_LOCAL_MEM_FENCE);
  s[l] = v * 2;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[i] = s[l ^ 2];
}

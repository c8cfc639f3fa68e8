// expect: drf
//--local_size=64 --num_groups=8
// One barrier with both fences orders the exchange through __local memory
// and the one through the group's own cells of __global memory.
__kernel void both(__global int *restrict buf, __global int *restrict out) {
  __local int tile[64];
  size_t l = get_local_id(0);
  size_t base = get_group_id(0) * 64;
  tile[l] = (int)l;
  buf[base + l] = (int)l + 100;
  barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
  out[base + l] = tile[63 - l] + buf[base + (l + 1) % 64];
}

// expect: drf
//--local_size=64 --num_groups=8
// Work-items of one group exchange values through __global memory. Group g
// owns buf[64g .. 64g + 63]; barrier(CLK_GLOBAL_MEM_FENCE) orders each
// work-item's write of its own cell before its neighbour's read of it (the
// barrier is among the work-items of one group, and the exchange stays
// within the group's cells).
__kernel void neighbour(__global int *restrict buf, __global int *restrict out) {
  size_t l = get_local_id(0);
  size_t base = get_group_id(0) * get_local_size(0);
  buf[base + l] = (int)l * 3;
  barrier(CLK_GLOBAL_MEM_FENCE);
  out[base + l] = buf[base + (l + 1) % get_local_size(0)];
}

// expect: racy
//--local_size=64 --num_groups=4
// A barrier, whatever its fences, only synchronizes the work-items of one
// group: work-item l of group g reads the cell that work-item l of group
// g + 1 (mod 4) writes before its barrier, and nothing orders the two.
__kernel void next_group(__global int *restrict buf, __global int *restrict out) {
  size_t i = get_group_id(0) * 64 + get_local_id(0);
  buf[i] = (int)i; // want race
  barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
  out[i] = buf[(i + 64) % 256]; // want race
}

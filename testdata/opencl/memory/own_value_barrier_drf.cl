// expect: drf
//--local_size=64 --num_groups=4
// A work-item reads back its own store to local memory across one barrier
// (another work-item's store to that cell would race with the store or
// with the read): x is lid + 64, distinct for the work-items of a group,
// and each group writes its own 128 cells.
__kernel void own_value(__global int *out) {
  __local int s[64];
  size_t lid = get_local_id(0);
  s[lid] = (int)lid + 64;
  barrier(CLK_LOCAL_MEM_FENCE);
  int x = s[lid];
  out[get_group_id(0) * 128 + x] = (int)lid;
}

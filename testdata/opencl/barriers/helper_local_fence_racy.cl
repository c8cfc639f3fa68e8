// expect: racy
//--local_size=64 --num_groups=2
// The barrier sits in a helper function, and its fence is still only
// CLK_LOCAL_MEM_FENCE: the group's exchange through __global memory
// (work-item l writes buf[b + l], work-item 63 - l then updates it) is
// unordered.
void sync_local(void) { barrier(CLK_LOCAL_MEM_FENCE); }

__kernel void flip(__global int *buf) {
  size_t l = get_local_id(0);
  size_t b = get_group_id(0) * 64;
  buf[b + l] = (int)l; // want race
  sync_local();
  buf[b + 63 - l] += 1; // want race
}

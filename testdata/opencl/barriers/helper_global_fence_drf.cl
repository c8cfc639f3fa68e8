// expect: drf
//--local_size=64 --num_groups=2
// The exchange of helper_local_fence_racy.cl with a global fence in the
// helper: the barrier orders each write of buf[b + l] before the update
// of that cell by work-item 63 - l of the same group.
void sync_global(void) { barrier(CLK_GLOBAL_MEM_FENCE); }

__kernel void flip(__global int *buf) {
  size_t l = get_local_id(0);
  size_t b = get_group_id(0) * 64;
  buf[b + l] = (int)l;
  sync_global();
  buf[b + 63 - l] += 1;
}

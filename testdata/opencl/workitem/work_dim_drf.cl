// expect: drf
//--local_size=64 --num_groups=4
// get_work_dim is the host's choice, the same for every work-item, so the
// barrier under it is reached by all work-items of a group or by none
// (no divergence). Each work-item writes its own slot of the group's
// buffer and, when the barrier runs, reads its mirror's after it.
__kernel void uniform(__global int *out) {
  __local int s[64];
  size_t l = get_local_id(0);
  if (get_work_dim() == 1) {
    s[l] = (int)l;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_group_id(0) * 64 + l] = s[63 - l];
  }
}

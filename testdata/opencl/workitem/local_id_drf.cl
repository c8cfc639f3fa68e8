// expect: drf
//--local_size=64 --num_groups=4
// Each work-item writes the element of the work-group's __local buffer at
// its own local id, then reads the element of its mirror image after a
// barrier. Within a group the local ids 0..63 are distinct, and each group
// has its own copy of s, so work-items of different groups never meet.
__kernel void mirror(__global int *out) {
  __local int s[64];
  size_t l = get_local_id(0);
  s[l] = (int)l;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_group_id(0) * 64 + l] = s[63 - l];
}

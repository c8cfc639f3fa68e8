// expect: drf
//--local_size=64 --num_groups=1
// get_work_dim() is 1, 2 or 3 (OpenCL C 1.2, 6.12.1): the barrier is
// always reached, and orders the write of s[l] before the read of
// s[63 - l] by another work-item.
__kernel void always(__global int *out) {
  __local int s[64];
  size_t l = get_local_id(0);
  s[l] = (int)l;
  if (get_work_dim() > 0)
    barrier(CLK_LOCAL_MEM_FENCE);
  out[l] = s[63 - l];
}

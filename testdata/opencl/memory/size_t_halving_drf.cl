// expect: drf
//--local_size=128 --num_groups=4
// The usual work-group reduction, with OpenCL's size_t strides: in each
// round work-item i < s adds cell i + s into cell i, and the barrier ends
// the round; each group writes its own result.
__kernel void reduce(__global const int *in, __global int *out, __local int *s) {
  size_t lid = get_local_id(0);
  s[lid] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (size_t k = get_local_size(0) / 2; k > 0; k >>= 1) {
    if (lid < k)
      s[lid] += s[lid + k];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (lid == 0)
    out[get_group_id(0)] = s[0];
}

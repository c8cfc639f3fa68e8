// expect: drf
//--local_size=128 --num_groups=4
// The textbook halving reduction with uint s: in the step of stride s,
// work-item l < s writes part[l] and reads part[l + s] (>= s, which no
// one writes in that step); the barrier closing each step orders it
// against the next. Race-free.
__kernel void reduce(__global float *restrict out, __global const float *restrict in) {
  __local float part[128];
  uint l = get_local_id(0);
  part[l] = in[get_group_id(0) * 128 + l];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint s = (uint)get_local_size(0) / 2; s > 0; s >>= 1) {
    if (l < s)
      part[l] += part[l + s];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (l == 0)
    out[get_group_id(0)] = part[0];
}

// expect: divergent
//--local_size=64 --num_groups=4
// A bounds check that returns before the barrier: when n is not a
// multiple of 64 (n = 1, say), the group that holds element n has
// work-items on both sides of it; those past n return while the others
// wait at the barrier.
__kernel void rotate(__global float *restrict out, __global const float *restrict in, int n) {
  __local float s[64];
  size_t l = get_local_id(0);
  size_t i = get_group_id(0) * 64 + l;
  if (i >= n) // want divergence
    return;
  s[l] = in[i];
  barrier(CLK_LOCAL_MEM_FENCE);
  out[i] = s[(l + 1) % 64];
}

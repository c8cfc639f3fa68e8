// expect: racy
//--local_size=64 --num_groups=1
// As propagate_local_fence_drf.cl with barriers that fence global memory
// only: they do not order the local accesses, so work-item 1 reads s[0]
// in round 0 while work-item 0 may still be storing in[0] there, and the
// rounds' local accesses share one interval (the reports name the first
// pair of each array's accesses that collide).
__kernel void propagate(__global uint *out, __global const uint *in, __local uint *s) {
  size_t t = get_local_id(0);
  s[t] = in[t]; // want race
  barrier(CLK_GLOBAL_MEM_FENCE);
  for (int k = 0; k < 64; k++) {
    if (s[t] == 0 && s[k] != 0) // want race
      s[t] = k + 1; // want race
    barrier(CLK_GLOBAL_MEM_FENCE);
  }
  out[t] = s[t];
}

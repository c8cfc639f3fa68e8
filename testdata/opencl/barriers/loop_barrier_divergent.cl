// expect: divergent
//--local_size=64 --num_groups=1
// The number of iterations depends on the local id: work-item 0 never
// enters the loop, work-item 1 runs it once, so they reach different
// numbers of barriers.
__kernel void staircase(__global int *out) {
  size_t l = get_local_id(0);
  for (size_t k = 0; k < l % 4; k++) { // want divergence
    barrier(CLK_GLOBAL_MEM_FENCE);
  }
  out[l] = (int)l;
}

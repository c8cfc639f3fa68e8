// expect: racy
//--local_size=128 --num_groups=1
// The invariant is about a global array, but the barrier fences local
// memory only: it orders no global access, so the neighbour's store to
// g[(i + 1) % 128] and this work-item's read of it race, and nothing is
// assumed of g after the barrier (it would not hold for the values read).
__kernel void permutation(__global int *g, __global int *out) {
  size_t i = get_local_id(0);
  g[i] = 127 - i; // want race
  __barrier_invariant_1(g[i] == 127 - i, (i + 1) % 128);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[g[(i + 1) % 128]] = i; // want race
}

// expect: drf
//--local_size=128 --num_groups=1
// A work-group scatters through a permutation it computed in local memory:
// each work-item stores 127 - i, and GPUVerify's numbered spelling of the
// barrier invariant says so, instantiated for the neighbour (i + 1) % 128
// whose cell the work-item reads after the barrier. It holds (every
// work-item stored its own cell), so the cells of out written are
// 127 - (i + 1) % 128, distinct.
__kernel void permutation(__global int *out) {
  __local int perm[128];
  size_t i = get_local_id(0);
  perm[i] = 127 - i;
  __barrier_invariant_1(perm[i] == 127 - i, (i + 1) % 128);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[perm[(i + 1) % 128]] = i;
}

// expect: drf
//--local_size=64 --num_groups=1
// p points to the second half of tile: work-item l writes tile[l] and
// tile[64 + l], slots no other work-item writes; the reads of a
// neighbour's slots come after the barrier.
__kernel void halves(__global int *out) {
  __local int tile[128];
  __local int *p = tile + 64;
  size_t l = get_local_id(0);
  tile[l] = (int)l;
  p[l] = (int)l + 100;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[l] = tile[(l + 1) % 64] + p[63 - l];
}

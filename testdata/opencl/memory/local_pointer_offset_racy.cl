// expect: racy
//--local_size=64 --num_groups=1
// p points one element into tile: work-item l writes tile[l] and
// tile[l + 1], so work-items l and l + 1 both write tile[l + 1] (with
// l + 100 and l + 1).
__kernel void shifted(__global int *out) {
  __local int tile[65];
  __local int *p = tile + 1;
  size_t l = get_local_id(0);
  tile[l] = (int)l; // want race
  p[l] = (int)l + 100; // want race
  barrier(CLK_LOCAL_MEM_FENCE);
  out[l] = tile[l];
}

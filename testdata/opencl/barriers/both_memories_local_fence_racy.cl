// expect: racy
//--local_size=64 --num_groups=8
// The kernel of both_fences_drf.cl with only CLK_LOCAL_MEM_FENCE: the
// __local exchange is still ordered (no race on tile), the __global one
// is not (race on buf between l + 1's write and l's read).
__kernel void both(__global int *restrict buf, __global int *restrict out) {
  __local int tile[64];
  size_t l = get_local_id(0);
  size_t base = get_group_id(0) * 64;
  tile[l] = (int)l;
  buf[base + l] = (int)l + 100; // want race
  barrier(CLK_LOCAL_MEM_FENCE);
  out[base + l] = tile[63 - l] + buf[base + (l + 1) % 64]; // want race
}

// expect: drf
//--local_size=64 --num_groups=1
// .s0 and .s1 are the two components of an int2: even work-items write
// p[k].s0, odd ones p[k].s1, one writer per component. The odd work-item
// also reads q[k].x, of a buffer no one writes.
__kernel void pairs(__global int2 *restrict p, __global const int2 *restrict q) {
  size_t l = get_local_id(0);
  size_t k = l / 2;
  if (l % 2 == 0)
    p[k].s0 = (int)l;
  else
    p[k].s1 = q[k].x + (int)l;
}

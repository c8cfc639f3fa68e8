// expect: drf
//--local_size=64 --num_groups=1
// .lo is s0 and s1 of an int4, .hi s2 and s3: the even work-item of a
// pair writes the low half, the odd one the high half.
__kernel void halves(__global int4 *v) {
  size_t l = get_local_id(0);
  int2 val = (int2)((int)l, 2 * (int)l);
  if (l % 2 == 0)
    v[l / 2].lo = val;
  else
    v[l / 2].hi = val;
}

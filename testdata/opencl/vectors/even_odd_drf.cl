// expect: drf
//--local_size=64 --num_groups=1
// .even is s0 and s2 of an int4, .odd s1 and s3: interleaved, but
// disjoint. Even work-items write the even components, odd ones the odd.
__kernel void interleave(__global int4 *v) {
  size_t l = get_local_id(0);
  int2 val = (int2)((int)l, (int)l + 1);
  if (l % 2 == 0)
    v[l / 2].even = val;
  else
    v[l / 2].odd = val;
}

// expect: racy
//--local_size=64 --num_groups=1
// .even is s0 and s2, .hi is s2 and s3: they share s2, which the two
// work-items of a pair both write (with their own local ids).
__kernel void interleave(__global int4 *v) {
  size_t l = get_local_id(0);
  int2 val = (int2)((int)l, (int)l);
  if (l % 2 == 0)
    v[l / 2].even = val; // want race
  else
    v[l / 2].hi = val; // want race
}

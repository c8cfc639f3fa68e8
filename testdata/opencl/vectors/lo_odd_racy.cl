// expect: racy
//--local_size=64 --num_groups=1
// .lo is s0 and s1, .odd is s1 and s3: both contain s1, so work-items 2k
// and 2k + 1 both write v[k].s1, with their own local ids.
__kernel void halves(__global int4 *v) {
  size_t l = get_local_id(0);
  int2 val = (int2)((int)l, (int)l);
  if (l % 2 == 0)
    v[l / 2].lo = val; // want race
  else
    v[l / 2].odd = val; // want race
}

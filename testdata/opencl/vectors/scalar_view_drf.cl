// expect: drf
//--local_size=64 --num_groups=1
// Through an int pointer to an int2 element, p[0] is .x: the even
// work-item of a pair writes .x that way, the odd one writes .y by name.
__kernel void view(__global int2 *v) {
  size_t l = get_local_id(0);
  __global int *p = (__global int *)&v[l / 2];
  if (l % 2 == 0)
    p[0] = (int)l;
  else
    v[l / 2].y = (int)l;
}

// expect: racy
//--local_size=64 --num_groups=1
// Component .y of an int2 is the second int of the element: the even
// work-item of a pair writes it through an int pointer to the element, the
// odd one by name, with their different local ids.
__kernel void view(__global int2 *v) {
  size_t l = get_local_id(0);
  __global int *p = (__global int *)&v[l / 2];
  if (l % 2 == 0)
    p[1] = (int)l; // want race
  else
    v[l / 2].y = (int)l; // want race
}

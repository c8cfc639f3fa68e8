// expect: racy
//--local_size=64 --num_groups=1
// Writing a whole int2 writes both components: the even work-item's store
// of p[k] overlaps the odd one's store of p[k].y.
__kernel void overlap(__global int2 *p) {
  size_t l = get_local_id(0);
  if (l % 2 == 0)
    p[l / 2] = (int2)((int)l, (int)l); // want race
  else
    p[l / 2].y = -1; // want race
}

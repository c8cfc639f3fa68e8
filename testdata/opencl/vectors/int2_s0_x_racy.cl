// expect: racy
//--local_size=64 --num_groups=1
// .s0 and .x name the same component: even work-item 2k writes p[k].s0
// and odd work-item 2k + 1 writes p[k].x, with different values.
__kernel void pairs(__global int2 *p) {
  size_t l = get_local_id(0);
  size_t k = l / 2;
  if (l % 2 == 0)
    p[k].s0 = (int)l; // want race
  else
    p[k].x = -(int)l; // want race
}

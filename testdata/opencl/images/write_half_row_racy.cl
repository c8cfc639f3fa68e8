// expect: racy
//--local_size=[8,8] --num_groups=[4,4]
// Halving x maps the work-items (2k, y) and (2k + 1, y) onto one pixel,
// and they write different colours (their x).
__kernel void squeeze(__write_only image2d_t img) {
  int x = (int)get_global_id(0);
  int y = (int)get_global_id(1);
  write_imagei(img, (int2)(x / 2, y), (int4)(x, y, 0, 1)); // want race
}

// expect: drf
//--local_size=[8,8] --num_groups=[4,4]
// Each work-item writes the pixel at its own 2-D global id: the global ids
// of distinct work-items differ in x or in y, so no pixel is written
// twice.
__kernel void paint(__write_only image2d_t img) {
  int x = (int)get_global_id(0);
  int y = (int)get_global_id(1);
  write_imagef(img, (int2)(x, y), (float4)((float)x, (float)y, 0.0f, 1.0f));
}

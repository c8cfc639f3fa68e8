// expect: racy
//--local_size=[8,8] --num_groups=[4,4]
// Every work-item writes the pixel (0, 0), each a colour made of its own
// global id: work-items (0, 0) and (1, 0) write different colours there.
__kernel void paint(__write_only image2d_t img) {
  int x = (int)get_global_id(0);
  int y = (int)get_global_id(1);
  write_imagef(img, (int2)(0, 0), (float4)((float)x, (float)y, 0.0f, 1.0f)); // want race
}

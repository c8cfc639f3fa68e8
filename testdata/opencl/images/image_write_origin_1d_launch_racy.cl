// expect: racy
//--local_size=64 --num_groups=1
// All 64 work-items write pixel (0, 0) with their own local id as the
// colour: work-items 0 and 1 write different colours there.
__kernel void paint(__write_only image2d_t img) {
  write_imagef(img, (int2)(0, 0), (float4)((float)get_local_id(0))); // want race
}

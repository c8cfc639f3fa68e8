// expect: racy
//--local_size=64 --num_groups=1
// Work-item x writes pixel x, then, after a barrier, pixel 63 - x: work-item
// 63 - x wrote that pixel before the barrier. CLK_GLOBAL_MEM_FENCE does not
// order image memory (only CLK_IMAGE_MEM_FENCE, of OpenCL C 2.0, does), so
// the two writes race.
__kernel void mirror(__write_only image2d_t img) {
  int x = (int)get_local_id(0);
  write_imagef(img, (int2)(x, 0), (float4)(1.0f)); // want race
  barrier(CLK_GLOBAL_MEM_FENCE);
  write_imagef(img, (int2)(63 - x, 0), (float4)(2.0f)); // want race
}

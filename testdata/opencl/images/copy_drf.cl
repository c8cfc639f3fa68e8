// expect: drf
//--local_size=[16,16] --num_groups=[2,2]
// Reading a read-only image never races; each work-item writes its own
// pixel of the other image (a transposed copy: (x, y) -> (y, x) is
// one-to-one too).
__constant sampler_t nearest = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST;

__kernel void transpose(__read_only image2d_t src, __write_only image2d_t dst) {
  int x = (int)get_global_id(0);
  int y = (int)get_global_id(1);
  float4 c = read_imagef(src, nearest, (int2)(x, y));
  write_imagef(dst, (int2)(y, x), c);
}

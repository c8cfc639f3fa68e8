// expect: drf
//--local_size=[8,8] --num_groups=[4,4]
// Row-major indexing of a 32 x 32 grid of work-items: x runs over 32
// consecutive global ids (from the offset), so (y, x) -> y * 32 + x is
// one-to-one and every work-item writes its own cell.
__kernel void fill2d(__global float *out) {
  size_t x = get_global_id(0);
  size_t y = get_global_id(1);
  out[y * get_global_size(0) + x] = (float)(x + y);
}

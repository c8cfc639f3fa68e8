// expect: drf
//--local_size=[8,8] --num_groups=[2,2]
// The launch has 8 work-items per group in y, so the host passed work_dim
// 2 or 3: the branch is taken and i = x + 16 y is one-to-one over the
// 16 x 16 work-items (x < 16 = global size in x). Race-free.
__kernel void either(__global int *restrict out, __global const int *restrict in) {
  size_t x = get_global_id(0) - get_global_offset(0);
  size_t y = get_global_id(1) - get_global_offset(1);
  size_t i = x;
  if (get_work_dim() > 1)
    i += y * get_global_size(0);
  out[i] = in[i];
}

// expect: drf
//--local_size=64 --num_groups=8
// A __local pointer parameter is a buffer the host sizes with
// clSetKernelArg(..., size, NULL): each work-group gets its own. Work-item
// l of every group writes scratch[l], which is no race across groups, and
// reads its right neighbour's slot after the barrier.
__kernel void rotate(__global int *restrict out, __global const int *restrict in,
                     __local int *scratch) {
  size_t l = get_local_id(0);
  size_t n = get_local_size(0);
  scratch[l] = in[get_group_id(0) * n + l];
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_group_id(0) * n + l] = scratch[(l + 1) % n];
}

// expect: drf
//--local_size=64 --num_groups=4 --global_offset=*
// The header lets the host enqueue the kernel with any global offset: the
// global ids then run from the offset up. Subtracting get_global_offset
// gives every work-item a distinct index 0..255, its own cell.
__kernel void rebase(__global int *restrict out, __global const int *restrict in) {
  size_t i = get_global_id(0) - get_global_offset(0);
  out[i] = in[i] + 1;
}

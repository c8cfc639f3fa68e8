// expect: drf
//--local_size=64 --num_groups=1
// Indexing a __global array by the local id alone is enough when the
// launch has a single work-group: the 64 work-items write 64 cells.
__kernel void by_local(__global int *out, __global const int *in) {
  size_t l = get_local_id(0);
  out[l] = in[l] + (int)get_group_id(0);
}

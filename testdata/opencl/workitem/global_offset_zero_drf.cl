// expect: drf
//--local_size=64 --num_groups=4
// The kernel of global_offset_racy.cl without --global_offset: the offset
// is then 0 (what clEnqueueNDRangeKernel uses when given none), and each
// work-item reads and writes only out[g], its own cell.
__kernel void rebase(__global int *out) {
  size_t g = get_global_id(0);
  out[g - get_global_offset(0)] = out[g] + 1;
}

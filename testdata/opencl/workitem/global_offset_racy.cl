// expect: racy
//--local_size=64 --num_groups=4 --global_offset=*
// Work-item with global id g reads out[g] and writes out[g - offset]. With
// a global offset of 1, the work-item with global id 1 (local id 0) reads
// out[1] while the one with global id 2 writes out[2 - 1] = out[1]. The
// header says the offset is the host's choice (any), so the kernel is
// racy; with the default offset 0 it is not (global_offset_zero_drf.cl).
__kernel void rebase(__global int *out) {
  size_t g = get_global_id(0);
  out[g - get_global_offset(0)] = out[g] + 1; // want race
}

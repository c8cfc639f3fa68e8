// expect: drf
//--global_size=256 --local_size=64
// 256 work-items in 4 groups of 64. Counted from the global offset they
// are numbered 0..255, so their remainders modulo 256 are all different:
// each work-item writes its own cell.
__kernel void wrap(__global int *out) {
  size_t n = get_global_id(0) - get_global_offset(0);
  out[n % 256] = (int)get_group_id(0);
}

// expect: racy
//--global_size=512 --local_size=64
// The kernel of global_size_256_drf.cl launched with 512 work-items (8
// groups): the work-items numbered n and n + 256 have the same remainder,
// so work-item 0 of group 0 and work-item 0 of group 4 both write out[0],
// with their group ids 0 and 4.
__kernel void wrap(__global int *out) {
  size_t n = get_global_id(0) - get_global_offset(0);
  out[n % 256] = (int)get_group_id(0); // want race
}

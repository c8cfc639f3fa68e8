// expect: racy
//--local_size=64 --num_groups=2
// The kernel of one_group_drf.cl with two work-groups: work-item l of
// group 0 and work-item l of group 1 both write out[l] (with in[l] + 0
// and in[l] + 1), and no barrier orders work-items of different groups.
__kernel void by_local(__global int *out, __global const int *in) {
  size_t l = get_local_id(0);
  out[l] = in[l] + (int)get_group_id(0); // want race
}

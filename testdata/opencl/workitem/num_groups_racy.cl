// expect: racy
//--local_size=64 --num_groups=4
// Groups are strided by the number of groups (4) but each covers 64
// cells: group 0 writes out[0..63] and group 1 out[4..67], so work-item 4
// of group 0 and work-item 0 of group 1 both write out[4], with 0 and 1.
__kernel void wrong_stride(__global int *out) {
  out[get_group_id(0) * get_num_groups(0) + get_local_id(0)] = (int)get_group_id(0); // want race
}

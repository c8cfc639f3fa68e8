// expect: racy
//--local_size=64 --num_groups=8
// Groups step by half the local size, so their ranges overlap: work-item
// 32 of group 0 and work-item 0 of group 1 both write out[32], with their
// group ids 0 and 1.
__kernel void overlap(__global int *out) {
  out[get_group_id(0) * (get_local_size(0) / 2) + get_local_id(0)] = (int)get_group_id(0); // want race
}

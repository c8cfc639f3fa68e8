// expect: drf
//--num_groups=8
// Whatever the local size L, group g covers [g * L, g * L + L) and the
// work-items of a group cover it once each: the ranges of the groups are
// disjoint.
__kernel void blocks(__global int *out) {
  out[get_group_id(0) * get_local_size(0) + get_local_id(0)] = (int)get_local_id(0);
}

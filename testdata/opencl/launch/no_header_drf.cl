// expect: drf
// No launch configuration: for any number of groups and any local size,
// group g's work-item l writes g * size + l, one cell per work-item.
__kernel void by_global(__global int *out) {
  out[get_group_id(0) * get_local_size(0) + get_local_id(0)] = (int)get_group_id(0);
}

// expect: racy
// No launch configuration: the kernel is checked for any number of groups
// of any size, and with two groups or more the work-items with the same
// local id in different groups write the same cell of out (with their
// group ids).
__kernel void by_local(__global int *out) {
  out[get_local_id(0)] = (int)get_group_id(0); // want race
}

// expect: racy
//--local_size=64 --num_groups=8
// The first work-item of a group stores a value in the group's __local
// buffer and the others read it with no barrier in between.
__kernel void broadcast(__global int *restrict out, __global const int *restrict in,
                        __local int *scratch) {
  if (get_local_id(0) == 0)
    scratch[0] = in[get_group_id(0)]; // want race
  out[get_group_id(0) * 64 + get_local_id(0)] = scratch[0]; // want race
}

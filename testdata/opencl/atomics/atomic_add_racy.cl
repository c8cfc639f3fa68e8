// expect: racy
//--local_size=64 --num_groups=8
// The first work-item of the launch clears the total with a plain store
// while the others add to it with atomic_add: an atomic and a plain
// access of one location do race.
__kernel void total(__global int *restrict sum, __global const int *restrict in) {
  if (get_group_id(0) == 0 && get_local_id(0) == 0)
    sum[0] = 0; // want race
  atomic_add(sum, in[get_global_id(0)]); // want race
}

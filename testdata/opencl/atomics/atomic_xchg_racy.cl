// expect: racy
//--local_size=64 --num_groups=8
// Work-item 0 of each group reads latest with a plain load while the
// others (of its group and of the other groups) exchange into it: no
// barrier would help across groups anyway.
__kernel void chain(__global int *restrict latest, __global int *restrict out) {
  atomic_xchg(&latest[0], (int)get_global_id(0)); // want race
  if (get_local_id(0) == 0)
    out[get_group_id(0)] = latest[0]; // want race
}

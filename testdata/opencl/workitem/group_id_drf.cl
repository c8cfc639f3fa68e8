// expect: drf
//--local_size=32 --num_groups=16
// Only the first work-item of each group writes, and it writes the cell
// of its group: group ids are distinct, so no cell is written twice.
__kernel void per_group(__global int *sums, __global const int *in) {
  if (get_local_id(0) == 0)
    sums[get_group_id(0)] = in[get_group_id(0)] + 1;
}

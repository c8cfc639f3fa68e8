// expect: racy
//--local_size=32 --num_groups=16
// Every work-item of a group writes its group's cell, each with its own
// local id: work-items 0 and 1 of group 0 write sums[0] with 0 and 1.
__kernel void per_group(__global int *sums) {
  sums[get_group_id(0)] = (int)get_local_id(0); // want race
}

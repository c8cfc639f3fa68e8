// expect: racy
//--local_size=[8,8] --num_groups=[2,2]
// The launch has 16 x 16 work-items, so get_work_dim() is at least 2 and
// the branch is taken: the work-items (x, 0) and (x, 1) both write out[x],
// with their y (0 and 1).
__kernel void column(__global int *out) {
  if (get_work_dim() >= 2)
    out[get_global_id(0)] = (int)get_global_id(1); // want race
}

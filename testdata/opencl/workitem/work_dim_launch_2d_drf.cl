// expect: drf
//--local_size=[8,8] --num_groups=[2,2]
// The launch has 8 work-items per group in y, so the host called
// clEnqueueNDRangeKernel with work_dim 2 or 3: the branch never runs.
__kernel void never(__global int *out) {
  if (get_work_dim() == 1)
    out[get_global_id(0)] = (int)get_global_id(1);
}

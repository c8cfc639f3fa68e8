// expect: racy
//--local_size=64 --num_groups=8
// The counter of atomic_inc_drf.cl without the second barrier: work-item
// 0 reads n with a plain load while other work-items may still be
// incrementing it.
__kernel void count(__global int *restrict out, __global const int *restrict in) {
  __local int n;
  if (get_local_id(0) == 0)
    n = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  if (in[get_global_id(0)] > 0)
    atomic_inc(&n); // want race
  if (get_local_id(0) == 0)
    out[get_group_id(0)] = n; // want race
}

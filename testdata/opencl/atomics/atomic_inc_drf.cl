// expect: drf
//--local_size=64 --num_groups=8
// A per-group counter in __local memory: work-item 0 clears it, a barrier
// orders that before the atomic_inc of every work-item, and another
// orders the increments before work-item 0 reads the count. Each group
// has its own counter.
__kernel void count(__global int *restrict out, __global const int *restrict in) {
  __local int n;
  if (get_local_id(0) == 0)
    n = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  if (in[get_global_id(0)] > 0)
    atomic_inc(&n);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (get_local_id(0) == 0)
    out[get_group_id(0)] = n;
}

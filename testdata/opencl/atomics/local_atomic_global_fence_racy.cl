// expect: racy
//--local_size=64 --num_groups=2
// The per-group counter of atomic_inc_drf.cl with the second barrier
// fencing only global memory: the counter is __local, so the increments
// are not ordered before work-item 0's plain read.
__kernel void count(__global int *out) {
  __local int c;
  if (get_local_id(0) == 0)
    c = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  atomic_inc(&c); // want race
  barrier(CLK_GLOBAL_MEM_FENCE);
  if (get_local_id(0) == 0)
    out[get_group_id(0)] = c; // want race
}

// expect: drf
//--local_size=64 --num_groups=8
// Work-items try to claim one of 8 slots with atomic_cmpxchg (empty is
// -1): all accesses of the slots are atomic. What each learns goes to its
// own cell of out.
__kernel void claim(__global int *restrict slots, __global int *restrict out) {
  int me = (int)get_global_id(0);
  int old = atomic_cmpxchg(&slots[get_local_id(0) % 8], -1, me);
  out[get_global_id(0)] = old;
}

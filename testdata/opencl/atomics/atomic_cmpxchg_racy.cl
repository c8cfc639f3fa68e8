// expect: racy
//--local_size=64 --num_groups=8
// The last work-item of each group resets slot 0 with a plain store while
// work-items of all groups compare-and-swap it.
__kernel void claim(__global int *slots) {
  atomic_cmpxchg(&slots[0], -1, (int)get_global_id(0)); // want race
  if (get_local_id(0) == 63)
    slots[0] = -1; // want race
}

// expect: racy
//--local_size=64 --num_groups=8
// An in-place shift: work-item i reads a[i + 1], which work-item i + 1
// writes, with nothing ordering the two (work-items 63 and 64 are even in
// different groups).
__kernel void shift(__global int *a) {
  size_t i = get_global_id(0);
  a[i] = a[i + 1]; // want race
}

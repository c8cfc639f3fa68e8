// expect: racy
//--local_size=[8,8] --num_groups=[4,4]
// Indexing by x + y forgets the row stride: the work-items at (x + 1, y)
// and (x, y + 1) write the same cell, with different values (their x).
__kernel void diag(__global int *out) {
  size_t x = get_global_id(0);
  size_t y = get_global_id(1);
  out[x + y] = (int)x; // want race
}

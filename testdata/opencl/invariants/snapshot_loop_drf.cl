// expect: drf
//--local_size=64 --num_groups=4
// A __local ghost array: each work-item snapshots a after storing its
// cell, counts the cell up 100 times, and the invariant relates the two
// (a[i] == g[i] + 100). The read permission reads the work-item's own
// copy: no access of the block's memory. The count is known exactly from
// the loop's iterations (no loop invariant is needed).
__kernel void ghost(__global int *out) {
  __local int a[64];
  __local int g[64];
  int i = get_local_id(0);
  a[i] = 2 * i;
  __array_snapshot(g, a);
  for (int k = 0; k < 100; k++)
    a[i]++;
  __read_permission(int, g[i]);
  __barrier_invariant_1(a[i] == g[i] + 100, i);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_group_id(0) * 64 + (a[i] - 100) / 2] = i;
}

// expect: drf
//--local_size=64 --num_groups=1
// GPUVerify's numbered binary spelling: every two distinct work-items
// stored different values (3i + 1), checked with what both stored, and
// assumed for the pair (i, (i + 1) % 64). A work-item whose cell equals
// its neighbour's would write out[0]; the invariant says none does.
__kernel void distinct(__global int *out) {
  __local int a[64];
  int i = get_local_id(0);
  a[i] = 3 * i + 1;
  __barrier_invariant_binary_1(a[i] != a[__other_int(i)], i, (i + 1) % 64);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (a[i] == a[(i + 1) % 64])
    out[0] = i;
  else
    out[i + 1] = i;
}

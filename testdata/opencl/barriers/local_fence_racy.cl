// expect: racy
//--local_size=64 --num_groups=8
// The exchange of local_fence_drf.cl without its middle barrier: work-item
// l overwrites s[l] while its partner l ^ 1 may still be reading the old
// value. The other two barriers still order the rest.
__kernel void swap_twice(__global int *restrict out, __global const int *restrict in) {
  __local int s[64];
  size_t l = get_local_id(0);
  size_t i = get_group_id(0) * 64 + l;
  s[l] = in[i];
  barrier(CLK_LOCAL_MEM_FENCE);
  int v = s[l ^ 1]; // want race
  s[l] = v * 2; // want race
  barrier(CLK_LOCAL_MEM_FENCE);
  out[i] = s[l ^ 2];
}

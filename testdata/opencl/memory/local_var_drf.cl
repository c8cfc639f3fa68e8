// expect: drf
//--local_size=64 --num_groups=8
// A __local array declared in the kernel is one per work-group. Each
// work-item fills its own slot; the barrier orders those writes before
// the reads of the reversed slots; the groups' copies are distinct.
__kernel void reverse(__global int *restrict out, __global const int *restrict in) {
  __local int tile[64];
  size_t l = get_local_id(0);
  size_t base = get_group_id(0) * 64;
  tile[l] = in[base + l];
  barrier(CLK_LOCAL_MEM_FENCE);
  out[base + l] = tile[63 - l];
}

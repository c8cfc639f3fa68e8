// expect: racy
//--local_size=64 --num_groups=1
// Work-items 2k and 2k + 1 of one group both write s[k], with different
// values (their own local ids): a write-write race on __local memory.
__kernel void pairs(__global int *out) {
  __local int s[32];
  size_t l = get_local_id(0);
  s[l / 2] = (int)l; // want race
  barrier(CLK_LOCAL_MEM_FENCE);
  if (l < 32)
    out[l] = s[l];
}

// expect: racy
//--local_size=128 --num_groups=4
// The size_t reduction without the barrier that ends each round: the
// rounds share one barrier interval, and work-item 32 writes s[32] in the
// round of stride 64 while work-item 0 reads s[0 + 32] in the round of
// stride 32.
__kernel void reduce(__global const int *in, __global int *out, __local int *s) {
  size_t lid = get_local_id(0);
  s[lid] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (size_t k = get_local_size(0) / 2; k > 0; k >>= 1) {
    if (lid < k)
      s[lid] += s[lid + k]; // want race
  }
  if (lid == 0)
    out[get_group_id(0)] = s[0];
}

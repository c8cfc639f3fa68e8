// expect: racy
//--local_size=64 --num_groups=1
// Between the two barriers the even work-items overwrite their odd
// neighbours' cells (ordered after the stores by the first barrier): every
// odd work-item reads 0 back, and work-items 1 and 3 both write out[0].
__kernel void own_value(__global int *out) {
  __local int s[64];
  size_t lid = get_local_id(0);
  s[lid] = (int)lid;
  barrier(CLK_LOCAL_MEM_FENCE);
  if (lid % 2 == 0)
    s[lid + 1] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[s[lid]] = (int)lid; // want race
}

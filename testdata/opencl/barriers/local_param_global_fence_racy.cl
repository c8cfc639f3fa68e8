// expect: racy
//--local_size=64 --num_groups=2
// A __local pointer parameter is __local memory too:
// barrier(CLK_GLOBAL_MEM_FENCE) does not order the write of t[l] before
// the read of t[63 - l] by another work-item of the group.
__kernel void reverse(__global int *out, __local int *t) {
  size_t l = get_local_id(0);
  t[l] = (int)l; // want race
  barrier(CLK_GLOBAL_MEM_FENCE);
  out[get_group_id(0) * 64 + l] = t[63 - l]; // want race
}

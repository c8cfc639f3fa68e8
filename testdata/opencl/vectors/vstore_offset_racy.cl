// expect: racy
//--local_size=64 --num_groups=1
// vstore4(v, l / 2, out) writes out[4(l/2) .. 4(l/2) + 3]: work-items 0
// and 1 both write out[0..3], with different values.
__kernel void pairs(__global float *out) {
  size_t l = get_local_id(0);
  vstore4((float4)((float)l), l / 2, out); // want race
}

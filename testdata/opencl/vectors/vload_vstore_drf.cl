// expect: drf
//--local_size=64 --num_groups=8
// vload4(i, p) reads p[4i .. 4i + 3] and vstore4(x, i, q) writes
// q[4i .. 4i + 3]: work-item i stores exactly its own four floats.
__kernel void scale4(__global float *restrict out, __global const float *restrict in) {
  size_t i = get_global_id(0);
  float4 x = vload4(i, in);
  vstore4(x * 2.0f, i, out);
}

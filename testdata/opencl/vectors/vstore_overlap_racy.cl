// expect: racy
//--local_size=64 --num_groups=1
// vstore4 at offset 0 of out + l writes out[l .. l + 3]: the stores of
// work-items l and l + 1 overlap in three elements, with different data
// (each stores the four floats vload4 read for it: in[4l .. 4l + 3]).
__kernel void shifted(__global float *restrict out, __global const float *restrict in) {
  size_t l = get_local_id(0);
  float4 x = vload4(l, in) + (float)l;
  vstore4(x, 0, out + l); // want race
}

// expect: racy
//--local_size=64 --num_groups=1
// vload4(l, data) reads data[4l .. 4l + 3]; work-item l - 1 writes
// data[4(l - 1) + 5] = data[4l + 1] concurrently (work-items 0 and 1:
// work-item 1 reads data[4..7], work-item 0 writes data[5]).
__kernel void peek(__global float *restrict data, __global float *restrict out) {
  size_t l = get_local_id(0);
  data[4 * l + 5] = (float)l; // want race
  float4 x = vload4(l, data); // want race
  out[l] = x.s0 + x.s1 + x.s2 + x.s3;
}

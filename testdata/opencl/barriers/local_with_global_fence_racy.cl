// expect: racy
//--local_size=64 --num_groups=8
// The mirror case: a __local exchange across barrier(CLK_GLOBAL_MEM_FENCE),
// which orders only __global memory. Work-item l's read of tile[63 - l]
// is unordered with work-item 63 - l's write of it.
__kernel void reverse(__global int *restrict out, __global const int *restrict in) {
  __local int tile[64];
  size_t l = get_local_id(0);
  tile[l] = in[get_global_id(0)]; // want race
  barrier(CLK_GLOBAL_MEM_FENCE);
  out[get_global_id(0)] = tile[63 - l]; // want race
}

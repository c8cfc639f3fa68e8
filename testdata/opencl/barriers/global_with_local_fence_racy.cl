// expect: racy
//--local_size=64 --num_groups=8
// The exchange of global_fence_drf.cl across barrier(CLK_LOCAL_MEM_FENCE):
// that barrier only orders __local memory (OpenCL C 1.2, 6.12.8), so the
// write of buf[base + l + 1] by work-item l + 1 and its read by work-item
// l are unordered.
__kernel void neighbour(__global int *restrict buf, __global int *restrict out) {
  size_t l = get_local_id(0);
  size_t base = get_group_id(0) * get_local_size(0);
  buf[base + l] = (int)l * 3; // want race
  barrier(CLK_LOCAL_MEM_FENCE);
  out[base + l] = buf[base + (l + 1) % get_local_size(0)]; // want race
}

// expect: drf
//--local_size=64 --num_groups=8
// Two __global buffers (restrict: they do not overlap). Every work-item
// reads two neighbouring elements of the input, which no one writes
// (reads never race with reads), and writes its own element of the output.
__kernel void pairsum(__global int *restrict out, __global const int *restrict in) {
  size_t i = get_global_id(0);
  out[i] = in[i] + in[i + 1];
}

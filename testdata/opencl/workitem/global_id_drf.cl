// expect: drf
//--local_size=64 --num_groups=8
// The global ids of a launch are distinct (group * 64 + local id, plus the
// same global offset for all): each work-item writes its own element and
// reads only from the input buffer.
__kernel void twice(__global int *restrict out, __global const int *restrict in) {
  size_t i = get_global_id(0);
  out[i] = 2 * in[i];
}

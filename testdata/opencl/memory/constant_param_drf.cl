// expect: drf
//--local_size=64 --num_groups=8
// __constant memory is read-only in a kernel: every work-item reads the
// same coefficients, which never races. Each writes its own output.
__kernel void scale(__global float *restrict out, __global const float *restrict in,
                    __constant float *coef) {
  size_t i = get_global_id(0);
  out[i] = coef[0] * in[i] + coef[i % 8];
}

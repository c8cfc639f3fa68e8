// expect: drf
//--local_size=64 --num_groups=8
// A program-scope __constant array, initialized in the source: all
// work-items read it, none can write it. Each writes its own output.
__constant float taps[4] = {0.125f, 0.375f, 0.375f, 0.125f};

__kernel void smooth(__global float *restrict out, __global const float *restrict in) {
  size_t i = get_global_id(0);
  float acc = 0.0f;
  for (int k = 0; k < 4; k++)
    acc += taps[k] * in[i + k];
  out[i] = acc;
}

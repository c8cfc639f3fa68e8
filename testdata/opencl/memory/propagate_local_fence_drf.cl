// expect: drf
//--local_size=64 --num_groups=1
// Marks spread from cell to cell, one round per k, in local memory: in
// round k work-item k would set cell k only if it were empty and marked at
// once, so no one writes the cell the others read, and each writes only
// its own. Both reads of s[k] in a round see the value the round began
// with (the barrier fences local memory, which is all the rounds share).
__kernel void propagate(__global uint *out, __global const uint *in, __local uint *s) {
  size_t t = get_local_id(0);
  s[t] = in[t];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int k = 0; k < 64; k++) {
    if (s[t] == 0 && s[k] != 0)
      s[t] = k + 1;
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  out[t] = s[t];
}

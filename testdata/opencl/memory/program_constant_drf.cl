// expect: drf
//--local_size=64 --num_groups=1
// A program-scope __constant variable is initialized when the program is
// built and no work-item or host call writes it afterwards: STRIDE is 2,
// so each work-item writes its own pair s[2 * lid], s[2 * lid + 1]. Read
// as memory (any value), STRIDE could be 1, and work-item 0's s[1] would
// be work-item 1's s[1].
__constant int STRIDE = 2;

__kernel void pairs(__global float *out) {
  __local float s[128];
  int lid = get_local_id(0);
  s[lid * STRIDE] = out[lid];
  s[lid * STRIDE + 1] = out[lid + 64];
  barrier(CLK_LOCAL_MEM_FENCE);
  out[lid] = s[lid];
}

// expect: racy
//--local_size=8 --num_groups=1
// kogge_stone_compact_drf.cl with an off-by-one offset (i - offset + 1
// for i - offset): in the first step work-item i adds its own cell twice,
// and the invariant after the step does not hold: reported, checked
// rather than trusted.
#define F(k) (data[k] != 0 ? 1 : 0)
#define W(k, w) ((i - (w) < (k) && (k) <= i) ? F(k) : 0)
#define SUM(w) (W(0, w) + W(1, w) + W(2, w) + W(3, w) + W(4, w) + W(5, w) + W(6, w) + W(7, w))
__kernel void compact(__global const int *data, __global int *out) {
  __local int s[8];
  int i = get_local_id(0);
  s[i] = F(i);
  __barrier_invariant_2(s[i] == SUM(1), i, i - 1);
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int offset = 1; offset < 8; offset *= 2) {
    int sum = s[i];
    if (i >= offset)
      sum += s[i - offset + 1];
    barrier(CLK_LOCAL_MEM_FENCE);
    s[i] = sum;
    __barrier_invariant_2(s[i] == SUM(2 * offset), i, i - 2 * offset); // want invariant
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (data[i] != 0)
    out[s[i] - 1] = data[i];
}

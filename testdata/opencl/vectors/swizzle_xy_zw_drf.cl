// expect: drf
//--local_size=64 --num_groups=1
// Swizzled writes of two components: work-item 2k writes v[k].xy, 2k + 1
// writes v[k].zw. The two halves do not overlap.
__kernel void halves(__global float4 *v) {
  size_t l = get_local_id(0);
  float2 val = (float2)((float)l, (float)l + 0.5f);
  if (l % 2 == 0)
    v[l / 2].xy = val;
  else
    v[l / 2].zw = val;
}

// expect: racy
//--local_size=64 --num_groups=1
// .xy and .yz share the component y: work-items 2k and 2k + 1 both write
// v[k].y, with 2k + 0.5 and 2k + 1.
__kernel void halves(__global float4 *v) {
  size_t l = get_local_id(0);
  float2 val = (float2)((float)l, (float)l + 0.5f);
  if (l % 2 == 0)
    v[l / 2].xy = val; // want race
  else
    v[l / 2].yz = val; // want race
}

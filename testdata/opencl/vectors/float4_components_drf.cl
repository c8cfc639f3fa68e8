// expect: drf
//--local_size=64 --num_groups=1
// Four work-items share each float4: work-item l writes component l % 4
// (.x, .y, .z or .w) of v[l / 4]. The components are distinct memory, so
// no location has two writers.
__kernel void spread(__global float4 *v) {
  size_t l = get_local_id(0);
  if (l % 4 == 0)
    v[l / 4].x = 1.0f;
  else if (l % 4 == 1)
    v[l / 4].y = 2.0f;
  else if (l % 4 == 2)
    v[l / 4].z = 3.0f;
  else
    v[l / 4].w = 4.0f;
}

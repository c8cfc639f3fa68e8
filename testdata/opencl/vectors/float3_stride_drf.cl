// expect: drf
//--local_size=64 --num_groups=1
// Float 3 of a float3 buffer is the padding of v[0] (a float3 takes 16
// bytes), not v[1].x, which is float 4: the two writes are of different
// locations. A packed 12-byte layout would make them collide.
__kernel void layout(__global float3 *v) {
  size_t l = get_local_id(0);
  if (l == 0)
    v[1].x = 1.0f;
  if (l == 1)
    ((__global float *)v)[3] = 2.0f;
}

// expect: racy
//--local_size=64 --num_groups=1
// A float3 takes the room of a float4 (OpenCL C 1.2, 6.1.5): v[1] starts
// at float 4 of the buffer, so work-item 0's write of v[1].x and work-item
// 1's write of float 4 through a scalar view are of one location.
__kernel void layout(__global float3 *v) {
  size_t l = get_local_id(0);
  if (l == 0)
    v[1].x = 1.0f; // want race
  if (l == 1)
    ((__global float *)v)[4] = 2.0f; // want race
}

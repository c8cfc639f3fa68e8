// expect: drf
//--local_size=64 --num_groups=1
// Work-item 2k writes w[k].x; work-item 2k + 1 reads w[k].y and writes
// w[k].z. The read and the writes are of three distinct components.
__kernel void mix(__global float4 *w) {
  size_t l = get_local_id(0);
  if (l % 2 == 0)
    w[l / 2].x = (float)l;
  else
    w[l / 2].z = w[l / 2].y * 2.0f;
}

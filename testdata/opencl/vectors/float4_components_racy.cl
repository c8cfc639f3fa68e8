// expect: racy
//--local_size=64 --num_groups=1
// Two work-items per float4 both write its .x component, with their own
// local ids: work-items 0 and 1 write v[0].x with 0 and 1.
__kernel void spread(__global float4 *v) {
  size_t l = get_local_id(0);
  v[l / 2].x = (float)l; // want race
}

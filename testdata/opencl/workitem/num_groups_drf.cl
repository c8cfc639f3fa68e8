// expect: drf
//--local_size=64 --num_groups=4
// Interleaved layout: work-item l of group g writes l * G + g where G is
// the number of groups. Since g < G, the pair (l, g) is recovered from the
// index (quotient and remainder), so no cell is written twice.
__kernel void interleave(__global int *out) {
  out[get_local_id(0) * get_num_groups(0) + get_group_id(0)] = (int)get_local_id(0);
}

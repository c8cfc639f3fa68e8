// expect: racy
//--local_size=64 --num_groups=4
// The loop strides by the local size (64) instead of the global size: in
// its second iteration work-item 0 of group 0 writes the cell work-item 0
// of group 1 writes in its first (global id + 64), when n is large
// enough, each writing its own global id.
__kernel void stride(__global int *out, int n) {
  for (size_t i = get_global_id(0); i < n; i += get_local_size(0))
    out[i] = (int)get_global_id(0); // want race
}

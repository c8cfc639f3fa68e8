// expect: drf
//--local_size=64 --num_groups=4
// A grid-stride loop: work-item i visits i, i + G, i + 2G, ... where G is
// the global size. The global ids are G consecutive values, so the cell a
// work-item writes in one iteration is never one another writes in any
// iteration.
__kernel void stride(__global int *out, int n) {
  for (size_t i = get_global_id(0); i < n; i += get_global_size(0))
    out[i] = (int)get_global_id(0);
}

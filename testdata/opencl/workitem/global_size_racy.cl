// expect: racy
//--local_size=64 --num_groups=4
// Folding the 256 work-items onto half the global size: the work-items
// numbered i and i + 128 (counting from the global offset) write the same
// cell, each with its own number.
__kernel void fold(__global int *out) {
  size_t i = get_global_id(0) - get_global_offset(0);
  out[i % (get_global_size(0) / 2)] = (int)i; // want race
}

// expect: drf
//--local_size=64 --num_groups=2
// Two __local pointer parameters are two buffers (the host allocates each
// argument separately). Work-item l writes a[l] and b[(l + 1) % 64]: were
// a and b one buffer, work-items l and l - 1 would both write slot l with
// different values; as they are distinct, each slot of each buffer has one
// writer, and the reads come after the barrier.
__kernel void split(__global int *out, __local int *a, __local int *b) {
  size_t l = get_local_id(0);
  a[l] = (int)l;
  b[(l + 1) % 64] = 2 * (int)l + 1;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_group_id(0) * 64 + l] = a[l] + b[l];
}

// expect: drf
//--local_size=64 --num_groups=8
// Every work-item swaps its id into the shared "latest" cell with
// atomic_xchg and records what it replaced in its own cell: the only
// accesses of latest are atomic.
__kernel void chain(__global int *restrict latest, __global int *restrict prev) {
  size_t i = get_global_id(0);
  prev[i] = atomic_xchg(&latest[0], (int)i);
}

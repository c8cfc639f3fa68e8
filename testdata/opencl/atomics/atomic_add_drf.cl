// expect: drf
//--local_size=64 --num_groups=8
// A histogram: every work-item adds 1 to a bin chosen by its input, with
// atomic_add. Atomic updates of one location do not race with each
// other, whichever work-items (of any groups) make them.
__kernel void histogram(__global int *restrict bins, __global const int *restrict in) {
  int v = in[get_global_id(0)];
  atomic_add(&bins[v & 15], 1);
}

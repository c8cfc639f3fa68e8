// expect: drf
//--local_size=128 --num_groups=1
// Every work-item stores 0 in its cell, then the even ones add their odd
// neighbour's cell to their own (0 + 0); the odd ones do not touch their
// cell in that interval. The second invariant (s[i] == 0) needs each
// work-item to know its own cell at the barrier: the even ones stored it,
// and the odd ones read it with __read_permission (a read: what it read,
// 0, is what the interval began with, by the first invariant). The first
// invariant is what tells the even work-items that the neighbour's cell
// holds 0 (instantiation i + 1). The last loop bound is then 0 and the
// loop writes nothing; without the invariants, s[i] would be any value and
// out[i + s[i]] a race.
__kernel void add_zeros(__global int *out) {
  __local int s[128];
  size_t i = get_local_id(0);
  s[i] = 0;
  __barrier_invariant_2(s[i] == 0, i, i + 1);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (i % 2 == 0)
    s[i] = s[i] + s[i + 1];
  else
    __read_permission(int, s[i]);
  __barrier_invariant_1(s[i] == 0, i);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[i + s[i]] = 1;
}

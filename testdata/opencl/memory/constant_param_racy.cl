// expect: racy
//--local_size=64 --num_groups=8
// The index comes from __constant memory: the read of idx[0] is no race,
// but it is the same for every work-item, so they all write one cell of
// out, each with its own global id.
__kernel void scatter(__global int *out, __constant int *idx) {
  out[idx[0]] = (int)get_global_id(0); // want race
}

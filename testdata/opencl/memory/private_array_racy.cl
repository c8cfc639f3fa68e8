// expect: racy
//--local_size=32 --num_groups=4
// The private array is still no race (the accesses to acc are not
// reported), but the output is indexed by the local id only: work-item l
// of every group writes out[l], with sums of different input cells.
__kernel void sum4(__global int *restrict out, __global const int *restrict in) {
  int acc[4];
  for (int k = 0; k < 4; k++)
    acc[k] = in[4 * get_global_id(0) + k];
  out[get_local_id(0)] = acc[0] + acc[1] + acc[2] + acc[3]; // want race
}

// expect: racy
//--local_size=64 --num_groups=8
// Every work-item atom_adds to the counter and then reads it with a plain
// load: the read of one work-item and the atomic add of another race.
#pragma OPENCL EXTENSION cl_khr_global_int32_base_atomics : enable
__kernel void peek(__global int *restrict counter, __global int *restrict out) {
  atom_add(counter, 1); // want race
  out[get_global_id(0)] = counter[0]; // want race
}

// expect: drf
//--local_size=64 --num_groups=8
// atom_add, the OpenCL 1.0 extension's spelling of the atomic add: all
// work-items add to four shared counters atomically, which never races.
#pragma OPENCL EXTENSION cl_khr_global_int32_base_atomics : enable
__kernel void spread(__global int *counters) {
  atom_add(&counters[get_local_id(0) % 4], (int)get_group_id(0));
}

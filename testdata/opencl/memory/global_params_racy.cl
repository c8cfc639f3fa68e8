// expect: racy
//--local_size=64 --num_groups=8
// The same pair sum done in place on one buffer: work-item i reads
// data[i + 1] while work-item i + 1 writes it.
__kernel void pairsum(__global int *data) {
  size_t i = get_global_id(0);
  data[i] = data[i] + data[i + 1]; // want race
}

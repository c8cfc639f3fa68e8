// expect: racy
//--local_size=64 --num_groups=1
// Reading the program-scope table does not race, but the table maps the
// 64 work-items of the group onto 4 cells: work-items 0 and 4 both write
// out[bins[0]], with 0 and 4.
__constant int bins[4] = {3, 1, 0, 2};

__kernel void bucket(__global int *out) {
  size_t l = get_local_id(0);
  out[bins[l % 4]] = (int)l; // want race
}

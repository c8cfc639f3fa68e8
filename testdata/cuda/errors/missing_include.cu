// expect: drf
// An include file that does not exist: an empty header stands for it, and
// a note says so (a macro it defines could change the code). The kernel
// needs nothing from it, so it is checked: each thread writes its own
// element (threads of different blocks write 0 to the same element: a
// benign pair, shown as a note).
#include "no_such_header.h"

__global__ void k(int *a) { a[threadIdx.x] = 0; }

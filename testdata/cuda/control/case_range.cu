// expect: ranges=drf, range_racy=racy, default_racy=racy
//--blockDim=64 --gridDim=1
// GNU case ranges: case lo ... hi: matches lo <= x <= hi, and default
// what no case or range matches.
__global__ void ranges(int *a) {
  switch (threadIdx.x) {
    case 0 ... 31: a[threadIdx.x] = 1; break;
    case 40: a[40] = 2; break;
    case 50 ... 50: a[threadIdx.x + 64] = 3; break;
    default: a[threadIdx.x] = 4;
  }
}

// threads 0 to 31 write a[0]
__global__ void range_racy(int *a) {
  switch (threadIdx.x) {
    case 0 ... 31: a[0] = threadIdx.x; break; // want race
    default: a[threadIdx.x] = 2;
  }
}

// threads 62 and 63 fall to default and write a[0], as thread 0 does
__global__ void default_racy(int *a) {
  switch (threadIdx.x) {
    case 0 ... 61: a[threadIdx.x] = 1; break; // want race
    default: a[0] = threadIdx.x; // want race
  }
}

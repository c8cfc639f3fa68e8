// expect: racy
//--blockDim=32 --gridDim=1 --warp-sync
// Lock-step warps do not order the two sides of a branch the threads of a
// warp disagree on (Bardsley and Donaldson, Section 3.1: a "porting race"): even lanes
// write s[0] in the then branch while odd lanes write it in the else
// branch. Threads resynchronize only at an access both make, so each write
// also races with the other thread's read of s[0] after the branch.
__global__ void k(int *out) {
  __shared__ int s[32];
  if (threadIdx.x % 2 == 0)
    s[0] = 1; // want race
  else
    s[0] = 2; // want race
  out[threadIdx.x] = s[0]; // want race
}

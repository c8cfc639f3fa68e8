// expect: drf
// Each thread moves its own particle: p[i].pos[d] for the thread's own i
// lies in element i, whose bytes no other thread touches, whatever the
// grid (i is the global thread index).
struct Particle { float pos[3]; float vel[3]; };
__global__ void move(Particle *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    for (int d = 0; d < 3; d++)
      p[i].pos[d] += p[i].vel[d];
  }
}

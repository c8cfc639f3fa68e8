// expect: racy
//--blockDim=64 --gridDim=1
// Every thread adds its velocity to the position of particle 0: threads 0
// and 1 both update p[0].pos[0].
struct Particle { float pos[3]; float vel[3]; };
__global__ void move(Particle *p) {
  for (int d = 0; d < 3; d++)
    p[0].pos[d] += p[threadIdx.x].vel[d]; // want race
}

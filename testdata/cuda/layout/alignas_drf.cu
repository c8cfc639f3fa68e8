// expect: drf
//--blockDim=32 --gridDim=1
// The fix of alignas_racy.cu: thread t writes w[4t + 3], bytes 16t + 12
// to 16t + 15, the padding after s[t].x (bytes 16t + 8 to 16t + 11): each
// thread writes only inside its own element s[t]. A struct declared
// alignas(16) is 16 bytes apart in the array as well: thread t writes
// g[t].v and the padding right after it, inside g[t].
struct F {
  char c;
  alignas(8) int x;
};

struct alignas(16) G {
  short v;
};

__global__ void k() {
  __shared__ F s[32];
  __shared__ G g[32];
  int *w = (int *)s;
  short *h = (short *)g;
  unsigned t = threadIdx.x;
  s[t].x = 1;
  w[4 * t + 3] = 2;
  g[t].v = 3;
  h[8 * t + 1] = 4;
}

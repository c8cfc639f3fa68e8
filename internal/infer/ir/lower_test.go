package ir

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// loweringCases are CUDA kernels and their IR. Each is compiled by clang
// alone, so that positions in the goldens are those of the source here.
var loweringCases = []struct {
	name, src, want string
}{
	{"builtins", `
__global__ void k(int *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i] = 2 * i + warpSize;
}`, `
kernel k
  param n i32
  global a i32[?]
{
  i = i32(blockIdx.x * blockDim.x + threadIdx.x)
  if i < n {
    store i32 [a + 4 * i] = 2 * i + i32(warpSize)
  }
}
`},
	{"shared", `
__global__ void k(float *out) {
  __shared__ float s[64];
  __shared__ float t[16][17];
  s[threadIdx.x] = out[threadIdx.x];
  t[threadIdx.y][threadIdx.x + 1] = s[63 - threadIdx.x];
}`, `
kernel k
  global out f32[?]
  shared s f32[64]
  shared t f32[16][17]
{
  t1 = load f32 [out + 4 * threadIdx.x]
  store f32 [s + 4 * threadIdx.x] = t1
  t2 = load f32 [s + 4 * (63 - threadIdx.x)]
  store f32 [t + 68 * threadIdx.y + 4 * (threadIdx.x + 1)] = t2
}
`},
	{"pointers", `
__global__ void k(float *a, int i) {
  float *p = &a[i];
  p[1] = 0;
  float *q = a;
  q += 4 * i;
  *q = p[2];
}`, `
kernel k
  param i i32
  global a f32[?]
{
  store f32 [a + 4 * i + 4] = 0
  q.off = 0
  q.off = q.off + 16 * i
  t1 = load f32 [a + 4 * i + 8]
  store f32 [a + q.off] = t1
}
`},
	{"compound", `
__global__ void k(int *a, int v) {
  int i = threadIdx.x;
  a[i] += v;
  a[i + 1]++;
  int x = a[0]--;
}`, `
kernel k
  param v i32
  global a i32[?]
{
  i = i32(threadIdx.x)
  t1 = load i32 [a + 4 * i]
  store i32 [a + 4 * i] = t1 + v
  t2 = load i32 [a + 4 * (i + 1)]
  store i32 [a + 4 * (i + 1)] = t2 + 1
  t3 = load i32 [a]
  store i32 [a] = t3 - 1
  x = t3
}
`},
	{"conditional lvalue", `
__global__ void k(int *a, bool c) {
  int x = 0, y = 0;
  (c ? x : y) = 1;
  int &r = c ? x : a[threadIdx.x];
  r = 2;
  int *p = &x;
  if (c) p = &y;
  *p = 3;
}`, `
kernel k
  param c bool
  global a i32[?]
{
  x = 0
  y = 0
  if c {
    x = 1
  } else {
    y = 1
  }
  if c {
    x = 2
  } else {
    store i32 [a + 4 * threadIdx.x] = 2
  }
  p.off = 0
  p.sel = 0
  if c {
    p.off = 0
    p.sel = 1
  }
  if p.sel == 0 {
    x = 3
  } else {
    y = 3
  }
}
`},
	{"struct param and copy", `
struct P { int n; float *d; };
__global__ void k(P p) {
  P q = p;
  q.d[threadIdx.x] = q.n;
}`, `
kernel k
  param p.n i32
  global p.d f32[?]
{
  q.n = p.n
  store f32 [p.d + 4 * threadIdx.x] = f32(q.n)
}
`},
	{"array member of a struct element", `
struct S { char c; int a[4]; };
__global__ void k(S *arr) {
  arr[threadIdx.x].a[2] = arr[0].c;
}`, `
kernel k
  global arr {20}[?]
{
  t1 = load i8 [arr]
  store i32 [arr + 20 * threadIdx.x + 12] = i32(t1)
}
`},
	{"vector cast", `
__global__ void k(float *s, int t) {
  float w = reinterpret_cast<float4*>(s)[t].w;
  s[t] = w;
}`, `
kernel k
  param t i32
  global s f32[?]
{
  t1 = load f32 [s + 16 * t + 12]
  w = t1
  store f32 [s + 4 * t] = w
}
`},
	{"narrowing", `
__global__ void k(unsigned char *a) {
  int tid = threadIdx.x;
  a[(unsigned char)tid] = tid;
}`, `
kernel k
  global a u8[?]
{
  tid = i32(threadIdx.x)
  store u8 [a + u8(tid)] = u8(tid)
}
`},
	{"device functions", `
__device__ int byValue(int x) { return x * 2; }
__device__ void byRef(int &r, int v) { r += v; }
__device__ void byPtr(float *p, int i) { p[i] = 1; }
__global__ void k(float *a) {
  int x = byValue(threadIdx.x);
  byRef(x, 3);
  byPtr(a, x);
}`, `
kernel k
  global a f32[?]
{
  x_1 = i32(threadIdx.x)
  region byValue {
    byValue_ret = x_1 * 2
  }
  x = byValue_ret
  v = 3
  region byRef {
    x = x + v
  }
  i = x
  region byPtr {
    store f32 [a + 4 * i] = 1
  }
}
`},
	{"loops", `
__global__ void k(int *a, int n) {
  for (int i = 0; i < n; i++) {
    if (a[i] == 0) continue;
    if (i > 8) break;
  }
  int j = n;
  while (j > 0) j /= 2;
  do { j++; } while (a[j] != 0);
}`, `
kernel k
  param n i32
  global a i32[?]
{
  for i = 0; i < n; i = i + 1 {
    t1 = load i32 [a + 4 * i]
    if t1 == 0 {
      continue
    }
    if i > 8 {
      break
    }
  }
  j = n
  while j > 0 {
    j = j / 2
  }
  do {
    j = j + 1
  } while {t2 = load i32 [a + 4 * j]} t2 != 0
}
`},
	{"switch", `
__global__ void k(int *a, int m) {
  switch (m) {
  case 0: a[0] = 1;
  case 1: a[1] = 1; break;
  default: a[2] = 1;
  }
}`, `
kernel k
  param m i32
  global a i32[?]
{
  region switch {
    fall = false
    if m == 0 {
      fall = true
      store i32 [a] = 1
    }
    if fall || m == 1 {
      store i32 [a + 4] = 1
      exit switch
    }
    if m != 0 && m != 1 {
      store i32 [a + 8] = 1
    }
  }
}
`},
	{"early return", `
__device__ int f(int x) {
  for (int i = 0; i < x; i++)
    if (i == 3) return i;
  return -1;
}
__global__ void k(int *a) {
  if (threadIdx.x > 32) return;
  a[threadIdx.x] = f(threadIdx.x);
}`, `
kernel k
  global a i32[?]
{
  if threadIdx.x > 32 {
    return
  }
  x = i32(threadIdx.x)
  region f {
    for i = 0; i < x; i = i + 1 {
      if i == 3 {
        f_ret = i
        exit f
      }
    }
    f_ret = -1
  }
  store i32 [a + 4 * threadIdx.x] = f_ret
}
`},
	{"atomics and barriers", `
__global__ void k(int *h, int *a) {
  __shared__ int s[32];
  int old = atomicAdd(&h[a[threadIdx.x]], 1);
  atomicCAS(&s[0], 0, old);
  __syncthreads();
  int all = __syncthreads_and(old > 0);
  __threadfence();
}`, `
kernel k
  global h i32[?]
  global a i32[?]
  shared s i32[32]
{
  t1 = load i32 [a + 4 * threadIdx.x]
  t2 = atomic add i32 [h + 4 * t1] (1)
  old = t2
  t3 = atomic cas i32 [s] (0, old)
  __syncthreads()
  t4 = __syncthreads_and(old > 0)
  all = t4
  fence device
}
`},
	// a pure function of the prelude is a function of its arguments; any
	// other gives a fresh value and writes what its pointers designate
	{"library calls", `
__global__ void k(int *a, unsigned m, float x) {
  int pred;
  float s, c;
  a[0] = __popc(m);
  a[1] = __reduce_add_sync(0xffffffffu, m);
  a[2] = __match_all_sync(0xffffffffu, m, &pred);
  sincosf(x, &s, &c);
  a[3] = pred;
}`, `
kernel k
  param m u32
  param x f32
  global a i32[?]
{
  store i32 [a] = __popc(m)
  store i32 [a + 4] = i32(opaque(the result of __reduce_add_sync))
  pred = opaque(a value written by __match_all_sync)
  store i32 [a + 8] = i32(opaque(the result of __match_all_sync))
  s = opaque(a value written by sincosf)
  c = opaque(a value written by sincosf)
  store i32 [a + 12] = pred
}
`},
	{"unsupported", `
__device__ int fact(int n) { return n < 2 ? 1 : n * fact(n - 1); }
__global__ void k(int *a) {
  int i = threadIdx.x;
again:
  a[i] = fact(i);
  if (i > 0) { i--; goto again; }
}`, `
kernel k
  global a i32[?]
{
  i = i32(threadIdx.x)
  n = i
  region fact {
    if n < 2 {
      t1 = 1
    } else {
      unknown at 1:53: recursion: a recursive call to fact
      t1 = n * opaque(the result of recursion: a recursive call to fact)
    }
    fact_ret = t1
  }
  store i32 [a + 4 * i] = fact_ret
  if i > 0 {
    i = i - 1
    unknown at 6:21: goto
  }
}
`},
}

func TestLower(t *testing.T) {
	update := os.Getenv("IR_UPDATE") != ""
	for _, c := range loweringCases {
		t.Run(strings.ReplaceAll(c.name, " ", "_"), func(t *testing.T) {
			tu := parse(t, "k.cu", strings.TrimPrefix(c.src, "\n"))
			got := lowerAll(t, tu, Config{})
			if update {
				f, err := os.OpenFile(os.Getenv("IR_UPDATE"), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
				if err != nil {
					t.Fatal(err)
				}
				defer f.Close()
				fmt.Fprintf(f, "%q\n%q\n", c.name, got)
				return
			}
			if got != strings.TrimPrefix(c.want, "\n") {
				t.Errorf("got\n%s\nwant\n%s", got, strings.TrimPrefix(c.want, "\n"))
			}
		})
	}
}

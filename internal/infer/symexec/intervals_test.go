package symexec_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/drfcheck/drfcheck/internal/infer"
	"github.com/drfcheck/drfcheck/internal/infer/symexec"
)

// TestQuietLoads: which loads no write of their memory can share a barrier
// interval with, on kernels whose lines say "// quiet" or "// written" at
// each load of e; the reasons are in the comments. (e is the only array
// read; the threads' own values do not matter here.)
func TestQuietLoads(t *testing.T) {
	for _, tc := range []struct{ name, src string }{{
		name: "election at the top level",
		src: `__global__ void k(int *out) {
  __shared__ int e;
  if (threadIdx.x == 0) e = 1;
  __syncthreads();
  out[threadIdx.x] = e; // quiet
}`,
	}, {
		// when c is false no barrier separates the write from the read
		name: "a barrier that may be skipped",
		src: `__global__ void k(int *out, int c) {
  __shared__ int e;
  if (threadIdx.x == 0) e = 1;
  if (c) __syncthreads();
  out[threadIdx.x] = e; // written
}`,
	}, {
		// the next iteration's write comes after the second barrier
		name: "a loop with a barrier after the read",
		src: `__global__ void k(int *out, int n) {
  __shared__ int e;
  for (int i = 0; i < n; i++) {
    if (threadIdx.x == 0) e = i;
    __syncthreads();
    out[i * blockDim.x + threadIdx.x] = e; // quiet
    __syncthreads();
  }
}`,
	}, {
		// the next iteration's write races with this one's read
		name: "a loop without a barrier after the read",
		src: `__global__ void k(int *out, int n) {
  __shared__ int e;
  for (int i = 0; i < n; i++) {
    if (threadIdx.x == 0) e = i;
    __syncthreads();
    out[i * blockDim.x + threadIdx.x] = e; // written
  }
}`,
	}, {
		// the break leaves after the write, before the barrier (the
		// loop has no other way out)
		name: "a break that skips the barrier",
		src: `__global__ void k(int *out, int stop) {
  __shared__ int e;
  for (int i = 0;; i++) {
    if (threadIdx.x == 0) e = i;
    if (i == stop) break;
    __syncthreads();
  }
  out[threadIdx.x] = e; // written
}`,
	}, {
		// the continue skips the second barrier: the next iteration's
		// read follows the write with no barrier between them
		name: "a continue that skips the barrier",
		src: `__global__ void k(int *out, int n, int c) {
  __shared__ int e;
  for (int i = 0; i < n; i++) {
    out[i * blockDim.x + threadIdx.x] = e; // written
    __syncthreads();
    if (c == i) {
      if (threadIdx.x == 0) e = i;
      continue;
    }
    __syncthreads();
  }
}`,
	}, {
		// the inlined call returns before its barrier when c holds
		name: "a return from an inlined call that skips its barrier",
		src: `__device__ void wait(int c) {
  if (c) return;
  __syncthreads();
}
__global__ void k(int *out, int c) {
  __shared__ int e;
  if (threadIdx.x == 0) e = 1;
  wait(c);
  out[threadIdx.x] = e; // written
}`,
	}, {
		name: "a barrier in an inlined call",
		src: `__device__ void wait() { __syncthreads(); }
__global__ void k(int *out) {
  __shared__ int e;
  if (threadIdx.x == 0) e = 1;
  wait();
  out[threadIdx.x] = e; // quiet
}`,
	}, {
		// a warp barrier orders the threads of one warp only
		name: "a warp barrier",
		src: `__global__ void k(int *out) {
  __shared__ int e;
  if (threadIdx.x == 0) e = 1;
  __syncwarp();
  out[threadIdx.x] = e; // written
}`,
	}, {
		// a persistent block: the write and the read are between
		// different barriers of each round
		name: "a persistent loop",
		src: `__global__ void k(int *out, int n) {
  __shared__ int e;
  while (1) {
    __syncthreads();
    if (threadIdx.x == 0) e = e + 1; // written
    __syncthreads();
    int j = e; // quiet
    if (j >= n) break;
    out[j * blockDim.x + threadIdx.x] = j;
  }
}`,
	}} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "k.cu")
			if err := os.WriteFile(path, []byte(tc.src), 0o644); err != nil {
				t.Fatal(err)
			}
			ks, err := infer.IR(path, []byte(tc.src), infer.Options{})
			if err != nil {
				t.Fatal(err)
			}
			var got map[int]bool
			for _, k := range ks {
				if k.Name == "k" {
					got = symexec.QuietLines(k.Func)
				}
			}
			for i, line := range strings.Split(tc.src, "\n") {
				var want bool
				switch {
				case strings.HasSuffix(line, "// quiet"):
					want = true
				case strings.HasSuffix(line, "// written"):
				default:
					continue
				}
				q, ok := got[i+1]
				if !ok {
					t.Errorf("line %d: no load", i+1)
				} else if q != want {
					t.Errorf("line %d: quiet %v, want %v", i+1, q, want)
				}
			}
		})
	}
}

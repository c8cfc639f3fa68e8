package ir

import (
	"strings"
	"testing"
)

// TestPositions checks that every statement carries its position in the
// user's file, and that code inlined from a header (cooperative groups)
// is placed at the call.
func TestPositions(t *testing.T) {
	src := `#include <cooperative_groups.h>
__global__ void k(int *a) {
  cooperative_groups::thread_block b = cooperative_groups::this_thread_block();
  a[b.thread_rank()] = 1;
  b.sync();
}
`
	tu := parse(t, "k.cu", src)
	got := lowerAll(t, tu, Config{Pos: true})
	want := `kernel k
  global a i32[?]
{  // 2:1
  region this_thread_block {  // 3:40
  }  // 3:40
  region thread_rank {  // 4:5
    thread_rank_ret = u64(threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z))  // 4:5
  }  // 4:5
  store i32 [a + 4 * thread_rank_ret] = 1  // 4:3
  region sync {  // 5:3
    __syncthreads()  // 5:3
  }  // 5:3
}  // 2:1
`
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// TestInspect checks that Inspect visits every node once, closing each
// with f(nil), and stops below a node when f returns false.
func TestInspect(t *testing.T) {
	tu := parse(t, "k.cu", `__global__ void k(int *a, int n) {
  for (int i = 0; i < n; i++) a[i] = a[i + 1] + 1;
}
`)
	f, err := Lower(tu, Kernels(tu)[0])
	if err != nil {
		t.Fatal(err)
	}
	depth, loads, stores, maxDepth := 0, 0, 0, 0
	Inspect(f, func(n Node) bool {
		if n == nil {
			depth--
			return true
		}
		depth++
		maxDepth = max(maxDepth, depth)
		switch n.(type) {
		case *Load:
			loads++
		case *Store:
			stores++
		}
		return true
	})
	if depth != 0 || loads != 1 || stores != 1 {
		t.Errorf("depth %d after the walk, %d loads, %d stores; want 0, 1, 1", depth, loads, stores)
	}
	visited := 0
	Inspect(f, func(n Node) bool {
		if n != nil {
			visited++
		}
		_, isLoop := n.(*Loop)
		return !isLoop
	})
	if visited != 3 { // the function, its body, the loop
		t.Errorf("visited %d nodes without entering the loop, want 3", visited)
	}
	if s := PrintStmt(f.Body.Stmts[0]); !strings.HasPrefix(s, "for i = 0; i < n; i = i + 1 {") {
		t.Errorf("PrintStmt: %s", s)
	}
}

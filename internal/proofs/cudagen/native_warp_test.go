package cudagen

import (
	"context"
	"fmt"
	"math/rand"
	"testing"

	drfexec "github.com/drfcheck/drfcheck/internal/proofs/exec"
)

// TestNativeWarp checks the interpreter's results of the warp collectives
// (collResult, shflSource) against the oracle's runtime (drf_rt.cc and
// drf_shim.cc, run under ThreadSanitizer): random blocks of warps of 2 to
// 32 threads (the last one often partial), a collective of each kind with
// masks of the whole warp, of its halves or quarters, or one that differs
// between warps, values of int, unsigned and float, shuffles of every
// kind, lane and width. The interpreter's result of every thread is the
// kernel's input, which asserts it; a difference stops the kernel.
func TestNativeWarp(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles and runs kernels")
	}
	if err := drfexec.Available(); err != nil {
		t.Skipf("no CUDA execution oracle: %v", err)
	}
	r := rand.New(rand.NewSource(33))
	var cases []drfexec.Case
	var texts []string
	for i, w := range WarpChecks(r, 100, []int{2, 4, 8, 32}) {
		cases = append(cases, warpCase(w, i))
		texts = append(texts, w.Call)
	}
	outs := drfexec.Run(context.Background(), cases)
	for i, o := range outs {
		if o.Err != nil || o.Race || o.Divergence {
			t.Errorf("case %d (%s, block %d, warp %d): err %v, race %v, divergence %v\n%s\n%s", i, texts[i], cases[i].Block[0],
				cases[i].WarpSize, o.Err, o.Race, o.Divergence, cases[i].Source, o.Report)
		}
	}
	t.Logf("%d collectives, for example %s", len(cases), texts[0])
}

// warpCase is a kernel that asserts a WarpCheck's results.
func warpCase(w WarpCheck, k int) drfexec.Case {
	bits := "(unsigned)r"
	if w.FloatResult {
		bits = "__float_as_uint(r)"
	}
	src := fmt.Sprintf(`__global__ void k(const int *vals, const unsigned *masks, const unsigned *want, const int *preds) {
  int t = threadIdx.x;
  unsigned m = masks[t];
  auto v = %s;
  int pred = -1;
  auto r = %s;
  (void)v;
  assert(%s == want[t]);
  assert(pred == preds[t]);
}`, w.ValueExpr("vals", "t"), w.Call, bits)
	return drfexec.Case{Name: fmt.Sprintf("w%d", k), Kernel: "k", Source: src, Block: drfexec.Dim3{w.Block, 1, 1}, Grid: drfexec.Dim3{1, 1, 1},
		WarpSize: w.Warp, Params: []drfexec.Param{
			{Name: "vals", Type: "const int *", Pointer: true, Len: w.Block, Init: w.Vals},
			{Name: "masks", Type: "const unsigned *", Pointer: true, Len: w.Block, Init: w.Masks},
			{Name: "want", Type: "const unsigned *", Pointer: true, Len: w.Block, Init: w.Want},
			{Name: "preds", Type: "const int *", Pointer: true, Len: w.Block, Init: w.Preds},
		}}
}

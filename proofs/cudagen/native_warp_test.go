package cudagen

import (
	"context"
	"fmt"
	"math"
	"math/rand"
	"testing"

	drfexec "drfcheck/proofs/exec"
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
	for len(cases) < 100 {
		c, text, ok := randWarpCase(r, len(cases))
		if ok {
			cases = append(cases, c)
			texts = append(texts, text)
		}
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

var warpFns = []string{"__shfl_sync", "__shfl_up_sync", "__shfl_down_sync", "__shfl_xor_sync", "__all_sync", "__any_sync",
	"__ballot_sync", "__reduce_add_sync", "__reduce_min_sync", "__reduce_max_sync", "__reduce_and_sync", "__reduce_or_sync",
	"__reduce_xor_sync", "__match_any_sync", "__match_all_sync", "__activemask"}

// randWarpCase draws one collective call of a block and computes every
// thread's result with the interpreter's functions; ok is false when the
// interpreter rejects the call (a shuffle from a lane that does not take
// part).
func randWarpCase(r *rand.Rand, k int) (c drfexec.Case, text string, ok bool) {
	W := []int{2, 4, 8, 32}[r.Intn(4)]
	n := 1 + r.Intn(64)
	fn := warpFns[r.Intn(len(warpFns))]
	t := []*Type{tInt, tUint, tFloat}[r.Intn(3)]
	if fn[2:8] == "reduce" || fn == "__all_sync" || fn == "__any_sync" || fn == "__ballot_sync" || fn == "__activemask" {
		t = []*Type{tInt, tUint}[r.Intn(2)]
		if fn == "__reduce_and_sync" || fn == "__reduce_or_sync" || fn == "__reduce_xor_sync" {
			t = tUint
		}
	}
	// the lanes' groups: the warp, its halves or quarters, or per warp
	// (even warps whole, odd ones halved)
	split := []int{1, 2, 4, 0}[r.Intn(4)]
	groupOf := func(lin int) (lo, size int) {
		s := split
		if s == 0 {
			s = 1 + lin/W%2
		}
		size = max(W/s, 1)
		return lin % W / size * size, size
	}
	vals := make([]int64, n)
	masks := make([]int64, n)
	for i := range vals {
		vals[i] = int64(r.Intn(9) - 2)
		if fn == "__reduce_add_sync" || fn[2:6] == "shfl" {
			vals[i] = int64(r.Intn(1000) - 300)
		}
		lo, size := groupOf(i)
		masks[i] = int64(uint32((uint64(1)<<size - 1) << lo))
		if size == 32 {
			masks[i] = 0xffffffff
		}
	}
	arg, width := int64(r.Intn(W)), int64(W)
	if r.Intn(3) == 0 {
		width = int64(W >> r.Intn(3))
		if width < 1 {
			width = 1
		}
	}
	if fn != "__shfl_sync" && W > 1 {
		arg = int64(1 + r.Intn(W-1))
	}
	wants := make([]int64, n)
	preds := make([]int64, n)
	defer func() {
		if x := recover(); x != nil {
			if _, isRun := x.(*runError); !isRun {
				panic(x)
			}
			ok = false
		}
	}()
	val := func(i int) value {
		switch t.K {
		case KFloat:
			return value{t: tFloat, f: float32(vals[i]) * 0.5}
		case KUint:
			return value{t: tUint, i: int64(uint32(vals[i]))}
		}
		return value{t: tInt, i: vals[i]}
	}
	for base := 0; base < n; base += W {
		nw := min(W, n-base)
		live := uint32(0xffffffff)
		if nw < 32 {
			live = uint32(1)<<nw - 1
		}
		calls := make([]*collCall, nw)
		for l := range calls {
			v := val(base + l)
			if fn == "__all_sync" || fn == "__any_sync" || fn == "__ballot_sync" {
				v = value{t: tInt, i: b2i(v.truth())}
			}
			calls[l] = &collCall{site: &HCall{Fn: fn}, mask: uint32(masks[base+l]), val: v, arg: arg, wid: width}
		}
		for l, ct := range calls {
			var res value
			if fn == "__activemask" {
				res = value{t: tUint, i: int64(live)}
			} else {
				res = collResult(ct.site, calls, l, ct.mask&live, W)
			}
			switch res.t.K {
			case KFloat:
				wants[base+l] = int64(math.Float32bits(res.f))
			default:
				wants[base+l] = int64(uint32(res.i))
			}
			preds[base+l] = b2i(ct.pred)
		}
	}
	// the kernel
	v := "vals[t]"
	switch t.K {
	case KFloat:
		v = "(float)vals[t] * 0.5f"
	case KUint:
		v = "(unsigned)vals[t]"
	}
	var call string
	switch {
	case fn == "__activemask":
		call = "__activemask()"
	case fn[2:6] == "shfl":
		a := fmt.Sprint(arg)
		if fn == "__shfl_up_sync" || fn == "__shfl_down_sync" {
			a += "u"
		}
		call = fmt.Sprintf("%s(m, %s, %s, %d)", fn, v, a, width)
	case fn == "__all_sync" || fn == "__any_sync" || fn == "__ballot_sync":
		call = fmt.Sprintf("%s(m, %s != 0)", fn, v)
	case fn == "__match_all_sync":
		call = fmt.Sprintf("%s(m, %s, &pred)", fn, v)
	default:
		call = fmt.Sprintf("%s(m, %s)", fn, v)
	}
	bits := "(unsigned)r"
	if t.K == KFloat && fn[2:6] == "shfl" {
		bits = "__float_as_uint(r)"
	}
	src := fmt.Sprintf(`__global__ void k(const int *vals, const unsigned *masks, const unsigned *want, const int *preds) {
  int t = threadIdx.x;
  unsigned m = masks[t];
  int pred = -1;
  auto r = %s;
  assert(%s == want[t]);
  assert(pred == -1 || pred == preds[t]);
}`, call, bits)
	c = drfexec.Case{Name: fmt.Sprintf("w%d", k), Kernel: "k", Source: src, Block: drfexec.Dim3{n, 1, 1}, Grid: drfexec.Dim3{1, 1, 1},
		WarpSize: W, Params: []drfexec.Param{
			{Name: "vals", Type: "const int *", Pointer: true, Len: n, Init: vals},
			{Name: "masks", Type: "const unsigned *", Pointer: true, Len: n, Init: masks},
			{Name: "want", Type: "const unsigned *", Pointer: true, Len: n, Init: wants},
			{Name: "preds", Type: "const int *", Pointer: true, Len: n, Init: preds},
		}}
	return c, call, true
}

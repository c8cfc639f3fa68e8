package symexec

import (
	"math/bits"

	"github.com/drfcheck/drfcheck/internal/infer/ir"
	"github.com/drfcheck/drfcheck/protocol"
)

// CUDA's integer intrinsics (CUDA Math API, "Integer Intrinsics") are
// functions of the bits of their argument. Uninterpreted, __ffs(divisor)
// is any number, and an index shifted by it any index: the FFT kernels of
// the CUDA samples divide by a power of two as i >> (__ffs(DX) - 1), with
// DX fixed by a precondition. On a constant argument the function's value
// is a constant, computed here as the device does; on any other argument
// it stays uninterpreted (equal arguments, equal results).
var intrinsics = map[string]func(v int64) int64{
	"__ffs":    func(v int64) int64 { return ffs(uint64(uint32(v))) },
	"__ffsll":  func(v int64) int64 { return ffs(uint64(v)) },
	"__popc":   func(v int64) int64 { return int64(bits.OnesCount32(uint32(v))) },
	"__popcll": func(v int64) int64 { return int64(bits.OnesCount64(uint64(v))) },
	"__clz":    func(v int64) int64 { return int64(bits.LeadingZeros32(uint32(v))) },
	"__clzll":  func(v int64) int64 { return int64(bits.LeadingZeros64(uint64(v))) },
	"__brev":   func(v int64) int64 { return int64(bits.Reverse32(uint32(v))) },
}

// ffs is the 1-based position of the least significant bit set in u, 0
// when none is.
func ffs(u uint64) int64 {
	if u == 0 {
		return 0
	}
	return int64(bits.TrailingZeros64(u) + 1)
}

// intrinsic returns the value of the integer intrinsic e on args when
// every argument is one number in every run (constValue).
func (x *exec) intrinsic(e *ir.Call, args []protocol.Expr) (protocol.Expr, bool) {
	f, ok := intrinsics[e.Func]
	if !ok || len(args) != 1 || !e.T.IsInt() {
		return nil, false
	}
	v, ok := x.constValue(args[0])
	if !ok {
		return nil, false
	}
	return lit(e.At, f(v)), true
}

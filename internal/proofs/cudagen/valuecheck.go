package cudagen

import (
	"fmt"
	"math"
	"math/rand"
	"strings"
)

// This file draws checks of the values of the CUDA header API that the
// interpreter computes, for the native tests (native_half_test.go,
// native_warp_test.go) and for the GPU cross-check (internal/proofs/gpucheck),
// which asserts them on real hardware.

// HalfCheck is an expression of cuda_fp16.h or cuda_bf16.h (C++ text) and
// its value by the interpreter: "hXXXX" (__half bits), "bXXXX"
// (__nv_bfloat16), "pXXXXXXXX" (__half2: high half first), "fXXXXXXXX"
// (float bits) or "iN" (an int or a bool).
type HalfCheck struct {
	Text, Want string
}

// HalfChecks draws n expressions of the half API and their values.
// noDiv leaves quotients out: CUDA's __hdiv of halves multiplies by an
// approximate reciprocal and is not always the correctly rounded quotient
// the interpreter (and the oracle) give.
func HalfChecks(r *rand.Rand, n int, noDiv bool) []HalfCheck {
	var out []HalfCheck
	for len(out) < n {
		e := randHalfExpr(r, noDiv)
		p := &Program{Block: [3]int{1, 1, 1}, Grid: [3]int{1, 1, 1}}
		p.Kernel = &Func{Name: "k", Ret: tVoid, Body: block(&ExprStmt{X: e})}
		v, err := evalOne(p, nil, e)
		if err != nil {
			continue // a NaN, whose bits the hardware chooses
		}
		out = append(out, HalfCheck{Text: exprString(e), Want: halfValueText(v)})
	}
	return out
}

// runOne runs the statements pre of a one-thread program whose
// parameters hold their first values, then evaluates outs: the
// interpreter alone, for the checks of values against the compiler and
// the GPU.
func runOne(p *Program, ti *typeInfo, pre []Stmt, outs ...Expr) (vals []value, err error) {
	defer func() {
		if r := recover(); r != nil {
			re, ok := r.(*runError)
			if !ok {
				panic(r)
			}
			err = re
		}
	}()
	in := &interp{p: p, ti: ti, fits: map[any]*fit{}, grid: map[raceKey]*cellInfo{}, blk: map[raceKey]*cellInfo{}, res: &Result{}}
	th := &thread{in: in, fr: &frame{env: map[*Var]binding{}}, other: -1}
	for _, v := range p.Kernel.Params {
		o := in.newObj(spLocal, v, v.T, 0, 1)
		o.cells[cellKey{}] = value{t: v.T, i: v.Vals[0]}
		th.fr.env[v] = binding{obj: o}
	}
	for _, s := range pre {
		th.stmt(s)
	}
	for _, e := range outs {
		vals = append(vals, th.eval(e))
	}
	return vals, nil
}

// evalOne typechecks p and evaluates e after pre (runOne).
func evalOne(p *Program, pre []Stmt, e Expr) (value, error) {
	ti, err := typecheck(p)
	if err != nil {
		return value{}, err
	}
	vals, err := runOne(p, ti, pre, e)
	if err != nil {
		return value{}, err
	}
	return vals[0], nil
}

// divOps is the number of operators to draw from, the last one a
// quotient that noDiv leaves out.
func divOps(n int, noDiv bool) int {
	if noDiv {
		return n - 1
	}
	return n
}

// halfValueText formats a value as the native program's pr does.
func halfValueText(v value) string {
	switch v.t.K {
	case KHalf:
		return fmt.Sprintf("h%04x", uint16(v.i))
	case KBF16:
		return fmt.Sprintf("b%04x", uint16(v.i))
	case KHalf2:
		return fmt.Sprintf("p%08x", uint32(v.i))
	case KFloat:
		return fmt.Sprintf("f%08x", math.Float32bits(v.f))
	}
	return fmt.Sprintf("i%d", v.i)
}

// randHalfFloat draws a float near the half and bfloat16 formats' edges:
// exact ties of either format, values around 65504 and 65520, subnormals,
// small integers, and random bits of exponents in the formats' ranges.
func randHalfFloat(r *rand.Rand) float32 {
	switch r.Intn(7) {
	case 0:
		// a tie of binary16: an odd multiple of half its unit, at some
		// exponent (subnormal ones included)
		e := r.Intn(31) - 25
		return float32(math.Ldexp(float64(2*r.Intn(1024)+1), e-11))
	case 1:
		// a tie of bfloat16
		e := r.Intn(60) - 30
		return float32(math.Ldexp(float64(2*r.Intn(128)+1), e-8))
	case 2:
		return []float32{65504, 65519, 65520, 65519.996, 65536, 6.1035156e-05, 5.9604645e-08, 2.9802322e-08,
			2.9802326e-08, 0, float32(math.Copysign(0, -1)), 0.1, 0.333, 1e-10, 3e38}[r.Intn(15)]
	case 3:
		return float32(r.Intn(5000) - 2500)
	case 4:
		return float32(r.NormFloat64() * math.Pow(2, float64(r.Intn(30)-15)))
	}
	e := r.Intn(50) - 30
	f := float32(math.Ldexp(1+r.Float64(), e))
	if r.Intn(2) == 0 {
		f = -f
	}
	return f
}

// randHalfValue is a value of half type t, through a conversion of a
// float (exact for the format's values).
func randHalfValue(r *rand.Rand, t *Type) Expr {
	f := floatLit(randHalfFloat(r))
	if r.Intn(2) == 0 {
		// a value of the format, written exactly
		var bits uint16
		fm := formatOf(t)
		for {
			bits = uint16(r.Intn(1 << 16))
			if !fm.isNaN(bits) {
				break
			}
		}
		f = floatLit(float32(fm.value(bits)))
	}
	switch t.K {
	case KBF16:
		return &HCall{Fn: "__float2bfloat16", Args: []Expr{f}}
	case KHalf2:
		return &HCall{Fn: "__floats2half2_rn", Args: []Expr{f, floatLit(randHalfFloat(r))}}
	}
	return &HCall{Fn: "__float2half", Args: []Expr{f}}
}

// randHalfExpr is a random expression of the half API; noDiv leaves
// quotients out.
func randHalfExpr(r *rand.Rand, noDiv bool) Expr {
	t := []*Type{tHalf, tBF16, tHalf2}[r.Intn(3)]
	x := func() Expr { return randHalfValue(r, t) }
	if r.Intn(5) == 0 {
		// an operation on the result of another
		x = func() Expr {
			if r.Intn(2) == 0 {
				return bin([]string{"+", "-", "*"}[r.Intn(3)], randHalfValue(r, t), randHalfValue(r, t))
			}
			return randHalfValue(r, t)
		}
	}
	if t.K == KHalf2 {
		switch r.Intn(6) {
		case 0:
			return &HCall{Fn: "__hfma2", Args: []Expr{x(), x(), x()}}
		case 1:
			return &HCall{Fn: []string{"__low2float", "__high2float"}[r.Intn(2)], Args: []Expr{x()}}
		case 2:
			return bin([]string{"+", "-", "*", "/"}[r.Intn(divOps(4, noDiv))], x(), x())
		}
		return &HCall{Fn: []string{"__hadd2", "__hsub2", "__hmul2"}[r.Intn(3)], Args: []Expr{x(), x()}}
	}
	switch r.Intn(9) {
	case 0:
		return &HCall{Fn: "__hfma", Args: []Expr{x(), x(), x()}}
	case 1:
		ops := []string{"+", "-", "*", "<", "<=", ">", ">=", "==", "!=", "/"}
		return bin(ops[r.Intn(divOps(10, noDiv))], x(), x())
	case 2:
		return &HCall{Fn: []string{"__heq", "__hne", "__hlt", "__hle", "__hgt", "__hge", "__hmax", "__hmin"}[r.Intn(8)], Args: []Expr{x(), x()}}
	case 3:
		fn := []string{"__half2int_rz", "__half2int_rn"}
		if t.K == KBF16 {
			fn = []string{"__bfloat162int_rz", "__bfloat162int_rn"}
		}
		return &HCall{Fn: fn[r.Intn(2)], Args: []Expr{x()}}
	case 4:
		fn := "__half2float"
		if t.K == KBF16 {
			fn = "__bfloat162float"
		}
		return &HCall{Fn: fn, Args: []Expr{x()}}
	case 5:
		fn := "__int2half_rn"
		if t.K == KBF16 {
			fn = "__int2bfloat16_rn"
		}
		return &HCall{Fn: fn, Args: []Expr{intLit(int64(r.Int31()) >> uint(r.Intn(31)) * int64(1-2*r.Intn(2)))}}
	case 6:
		return x()
	}
	return &HCall{Fn: []string{"__hadd", "__hsub", "__hmul", "__hdiv"}[r.Intn(divOps(4, noDiv))], Args: []Expr{x(), x()}}
}

var warpFns = []string{"__shfl_sync", "__shfl_up_sync", "__shfl_down_sync", "__shfl_xor_sync", "__all_sync", "__any_sync",
	"__ballot_sync", "__reduce_add_sync", "__reduce_min_sync", "__reduce_max_sync", "__reduce_and_sync", "__reduce_or_sync",
	"__reduce_xor_sync", "__match_any_sync", "__match_all_sync", "__activemask"}

// WarpCheck is one call of a warp collective by every thread of a block of
// Block threads in warps of Warp threads (the last may be partial), with
// the results the interpreter gives: Call is the C++ call, in which m is
// the thread's mask (Masks[t]), v its value (Vals[t] as ValueType: "int",
// "unsigned", or "float" for (float)Vals[t] * 0.5f) and pred an int local
// for __match_all_sync; Want[t] is thread t's result (a float's bits when
// FloatResult), Preds[t] its predicate (-1 when there is none).
type WarpCheck struct {
	Call        string
	Block, Warp int
	ValueType   string
	FloatResult bool
	Vals, Masks []int64
	Want, Preds []int64
}

// WarpChecks draws n calls of every kind of collective (votes,
// reductions, matches, shuffles of every kind, lane and width,
// __activemask) with masks of the whole warp, of its halves or quarters,
// or one that differs between warps, in blocks of 1 to 64 threads whose
// warp size is drawn from warps.
func WarpChecks(r *rand.Rand, n int, warps []int) []WarpCheck {
	var out []WarpCheck
	for len(out) < n {
		if c, ok := randWarpCheck(r, warps[r.Intn(len(warps))]); ok {
			out = append(out, c)
		}
	}
	return out
}

// randWarpCheck draws one collective call of a block and computes every
// thread's result with the interpreter's functions (collResult); ok is
// false when the interpreter rejects the call (a shuffle from a lane that
// does not take part).
func randWarpCheck(r *rand.Rand, W int) (c WarpCheck, ok bool) {
	n := 1 + r.Intn(64)
	fn := warpFns[r.Intn(len(warpFns))]
	shfl := strings.HasPrefix(fn, "__shfl")
	t := []*Type{tInt, tUint, tFloat}[r.Intn(3)]
	if !shfl && fn != "__match_any_sync" && fn != "__match_all_sync" {
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
	c = WarpCheck{Block: n, Warp: W, ValueType: t.String(), FloatResult: shfl && t.K == KFloat}
	c.Vals, c.Masks = make([]int64, n), make([]int64, n)
	for i := range c.Vals {
		c.Vals[i] = int64(r.Intn(9) - 2)
		if fn == "__reduce_add_sync" || shfl {
			c.Vals[i] = int64(r.Intn(1000) - 300)
		}
		lo, size := groupOf(i)
		c.Masks[i] = int64(uint32((uint64(1)<<size - 1) << lo))
	}
	arg, width := int64(r.Intn(W)), int64(W)
	if r.Intn(3) == 0 {
		width = max(int64(W>>r.Intn(3)), 1)
	}
	if fn != "__shfl_sync" && W > 1 {
		arg = int64(1 + r.Intn(W-1))
	}
	c.Want, c.Preds = make([]int64, n), make([]int64, n)
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
			return value{t: tFloat, f: float32(c.Vals[i]) * 0.5}
		case KUint:
			return value{t: tUint, i: int64(uint32(c.Vals[i]))}
		}
		return value{t: tInt, i: c.Vals[i]}
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
			calls[l] = &collCall{site: &HCall{Fn: fn}, mask: uint32(c.Masks[base+l]), val: v, arg: arg, wid: width}
		}
		for l, ct := range calls {
			res := value{t: tUint, i: int64(live)} // __activemask
			if fn != "__activemask" {
				res = collResult(ct.site, calls, l, ct.mask&live, W)
			}
			c.Want[base+l] = int64(uint32(res.i))
			if res.t.K == KFloat {
				c.Want[base+l] = int64(math.Float32bits(res.f))
			}
			c.Preds[base+l] = -1
			if fn == "__match_all_sync" {
				c.Preds[base+l] = b2i(ct.pred)
			}
		}
	}
	switch {
	case fn == "__activemask":
		c.Call = "__activemask()"
	case shfl:
		a := fmt.Sprint(arg)
		if fn == "__shfl_up_sync" || fn == "__shfl_down_sync" {
			a += "u"
		}
		c.Call = fmt.Sprintf("%s(m, v, %s, %d)", fn, a, width)
	case fn == "__all_sync" || fn == "__any_sync" || fn == "__ballot_sync":
		c.Call = fmt.Sprintf("%s(m, v != 0)", fn)
	case fn == "__match_all_sync":
		c.Call = fmt.Sprintf("%s(m, v, &pred)", fn)
	default:
		c.Call = fmt.Sprintf("%s(m, v)", fn)
	}
	return c, true
}

// ValueExpr is the C++ expression of thread t's value v of a WarpCheck,
// from an input array named vals.
func (c WarpCheck) ValueExpr(vals, t string) string {
	switch c.ValueType {
	case "float":
		return fmt.Sprintf("(float)%s[%s] * 0.5f", vals, t)
	case "unsigned":
		return fmt.Sprintf("(unsigned)%s[%s]", vals, t)
	}
	return fmt.Sprintf("%s[%s]", vals, t)
}

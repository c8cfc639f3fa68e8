package cudagen

// This file checks the CUDA header API of genheader.go: the types of the
// calls of HCall (overloads resolved as CUDA's headers do, but strictly:
// an argument has exactly the parameter's type, except integral warp
// arguments such as a shuffle's lane, which C++ converts), the operators
// of halves, and the operations of scoped atomics.

// halfSigs are the functions of cuda_fp16.h and cuda_bf16.h the generator
// calls: their parameter types and result. "H" stands for __half or
// __nv_bfloat16 (the same in a call), "H2" for __half2.
var halfSigs = map[string]struct {
	params []string
	ret    string
}{
	"__float2half": {[]string{"float"}, "half"}, "__float2half_rn": {[]string{"float"}, "half"},
	"__int2half_rn": {[]string{"int"}, "half"}, "__half2float": {[]string{"half"}, "float"},
	"__half2int_rz": {[]string{"half"}, "int"}, "__half2int_rn": {[]string{"half"}, "int"},
	"__float2bfloat16": {[]string{"float"}, "bf16"}, "__float2bfloat16_rn": {[]string{"float"}, "bf16"},
	"__int2bfloat16_rn": {[]string{"int"}, "bf16"}, "__bfloat162float": {[]string{"bf16"}, "float"},
	"__bfloat162int_rz": {[]string{"bf16"}, "int"}, "__bfloat162int_rn": {[]string{"bf16"}, "int"},
	"__floats2half2_rn": {[]string{"float", "float"}, "H2"}, "__halves2half2": {[]string{"half", "half"}, "H2"},
	"__low2half": {[]string{"H2"}, "half"}, "__high2half": {[]string{"H2"}, "half"},
	"__low2float": {[]string{"H2"}, "float"}, "__high2float": {[]string{"H2"}, "float"},
	"__hadd2": {[]string{"H2", "H2"}, "H2"}, "__hsub2": {[]string{"H2", "H2"}, "H2"},
	"__hmul2": {[]string{"H2", "H2"}, "H2"}, "__hfma2": {[]string{"H2", "H2", "H2"}, "H2"},
	"__hadd": {[]string{"H", "H"}, "H"}, "__hsub": {[]string{"H", "H"}, "H"}, "__hmul": {[]string{"H", "H"}, "H"},
	"__hdiv": {[]string{"H", "H"}, "H"}, "__hfma": {[]string{"H", "H", "H"}, "H"}, "__hneg": {[]string{"H"}, "H"},
	"__hmax": {[]string{"H", "H"}, "H"}, "__hmin": {[]string{"H", "H"}, "H"},
	"__heq": {[]string{"H", "H"}, "bool"}, "__hne": {[]string{"H", "H"}, "bool"}, "__hlt": {[]string{"H", "H"}, "bool"},
	"__hle": {[]string{"H", "H"}, "bool"}, "__hgt": {[]string{"H", "H"}, "bool"}, "__hge": {[]string{"H", "H"}, "bool"},
}

func sigType(s string, h *Type) *Type {
	switch s {
	case "float":
		return tFloat
	case "int":
		return tInt
	case "bool":
		return tBool
	case "half":
		return tHalf
	case "bf16":
		return tBF16
	case "H2":
		return tHalf2
	case "H":
		return h
	}
	return nil
}

// hexpr checks an HCall or an AtomOp.
func (c *checker) hexpr(e Expr) (*Type, bool) {
	switch e := e.(type) {
	case *HCall:
		return c.hcall(e), false
	case *AtomOp:
		return c.atomOp(e), false
	}
	c.fail("expression %T", e)
	return nil, false
}

func (c *checker) hcall(e *HCall) *Type {
	if sig, ok := halfSigs[e.Fn]; ok {
		if len(e.Args) != len(sig.params) {
			c.fail("%s with %d arguments", e.Fn, len(e.Args))
		}
		var h *Type
		for i, a := range e.Args {
			t, _ := c.expr(a)
			if sig.params[i] == "H" {
				if h == nil && (t.K == KHalf || t.K == KBF16) {
					h = t
				}
				if h == nil || !sameType(h, t) {
					c.fail("%s of %s", e.Fn, t)
				}
				continue
			}
			if !sameType(t, sigType(sig.params[i], nil)) {
				c.fail("%s argument %d of type %s", e.Fn, i, t)
			}
		}
		return sigType(sig.ret, h)
	}
	mask := func(i int) {
		t, _ := c.expr(e.Args[i])
		if t.K != KUint {
			c.fail("%s mask of type %s", e.Fn, t)
		}
	}
	integral := func(i int) {
		t, _ := c.expr(e.Args[i])
		if !t.integral() || t.wide() {
			c.fail("%s argument of type %s", e.Fn, t)
		}
	}
	arity := func(lo, hi int) {
		if len(e.Args) < lo || len(e.Args) > hi {
			c.fail("%s with %d arguments", e.Fn, len(e.Args))
		}
	}
	switch e.Fn {
	case "__activemask":
		arity(0, 0)
		return tUint
	case "__ffs", "__clz", "__popc", "__brev":
		// int __ffs(int), int __clz(int), int __popc(unsigned),
		// unsigned __brev(unsigned)
		arity(1, 1)
		t, _ := c.expr(e.Args[0])
		if want := intrinsicArg(e.Fn); !sameType(t, want) {
			c.fail("%s of %s", e.Fn, t)
		}
		if e.Fn == "__brev" {
			return tUint
		}
		return tInt
	case "__shfl_sync", "__shfl_up_sync", "__shfl_down_sync", "__shfl_xor_sync":
		// template <class T> T f(unsigned mask, T var, int or unsigned, int width = warpSize)
		arity(3, 4)
		mask(0)
		t, _ := c.expr(e.Args[1])
		if t.K != KInt && t.K != KUint && t.K != KFloat {
			c.fail("%s of %s", e.Fn, t)
		}
		integral(2)
		if len(e.Args) == 4 {
			integral(3)
		}
		return t
	case "__all_sync", "__any_sync", "__ballot_sync":
		arity(2, 2)
		mask(0)
		integral(1)
		if e.Fn == "__ballot_sync" {
			return tUint
		}
		return tInt
	case "__reduce_add_sync", "__reduce_min_sync", "__reduce_max_sync", "__reduce_and_sync", "__reduce_or_sync", "__reduce_xor_sync":
		arity(2, 2)
		mask(0)
		t, _ := c.expr(e.Args[1])
		ok := t.K == KUint || t.K == KInt && (e.Fn == "__reduce_add_sync" || e.Fn == "__reduce_min_sync" || e.Fn == "__reduce_max_sync")
		if !ok {
			c.fail("%s of %s", e.Fn, t)
		}
		return t
	case "__match_any_sync", "__match_all_sync":
		n := 2
		if e.Fn == "__match_all_sync" {
			n = 3
		}
		arity(n, n)
		mask(0)
		t, _ := c.expr(e.Args[1])
		if t.K != KInt && t.K != KUint && t.K != KFloat {
			c.fail("%s of %s", e.Fn, t)
		}
		if n == 3 {
			// &pred, pred an int local
			a, ok := e.Args[2].(*AddrOf)
			if !ok || !isLocalLvalue(a.X) {
				c.fail("%s predicate not the address of a local", e.Fn)
			}
			pt, _ := c.expr(a)
			if !sameType(pt, ptrTo(tInt)) {
				c.fail("%s predicate of type %s", e.Fn, pt)
			}
		}
		return tUint
	}
	c.fail("call of %s", e.Fn)
	return nil
}

// atomOp checks an operation of a scoped atomic.
func (c *checker) atomOp(e *AtomOp) *Type {
	var el, xt *Type
	switch {
	case e.Ref != nil:
		if e.X != nil || !c.visible(e.Ref) || e.Ref.Kind != VAtomRef {
			c.fail("atomic_ref %s not in scope", e.Ref.Name)
		}
		el = e.Ref.T.Elem
	default:
		t, lv := c.expr(e.X)
		if !lv {
			c.fail("atomic operation on a non-lvalue")
		}
		xt = t
		switch {
		case t.K == KAtomic && e.Scope == "":
			el = t.Elem
		case (t.K == KInt || t.K == KUint) && e.Scope != "":
			el = t
		default:
			c.fail("atomic operation on %s", t)
		}
	}
	switch atomOpScope(e, xt) {
	case "block", "device", "system":
	default:
		c.fail("atomic scope %q", atomOpScope(e, xt))
	}
	want := 1
	ret := el
	switch e.Method {
	case "fetch_add", "fetch_sub", "fetch_and", "fetch_or", "fetch_xor", "fetch_min", "fetch_max", "exchange":
	case "store":
		ret = tVoid
	case "load":
		want = 0
	case "compare_exchange_strong":
		want = 2
		ret = tBool
	default:
		c.fail("atomic method %s", e.Method)
	}
	if len(e.Args) != want {
		c.fail("%s with %d arguments", e.Method, len(e.Args))
	}
	for i, a := range e.Args {
		t, lv := c.expr(a)
		if !sameType(t, el) {
			c.fail("%s argument of type %s", e.Method, t)
		}
		if e.Method == "compare_exchange_strong" && i == 0 && (!lv || !isLocalLvalue(a)) {
			c.fail("compare_exchange_strong's expected is not a local")
		}
	}
	return ret
}

// halfBinary types a binary operator of halves: arithmetic of two values
// of one half type, comparisons of two __half or __nv_bfloat16.
func halfBinary(op string, x, y *Type) (*Type, bool) {
	if !x.halfish() || !sameType(x, y) {
		return nil, false
	}
	switch op {
	case "+", "-", "*", "/":
		return x, true
	case "<", "<=", ">", ">=", "==", "!=":
		if x.K != KHalf2 {
			return tBool, true
		}
	}
	return nil, false
}

package cudagen

import "math/bits"

// This file generates CUDA's integer intrinsics (__ffs, __clz, __popc,
// __brev) in the rewrites of an index that keep its value: a division by
// a power of two written as a shift by __ffs(P) - 1 (as the CUDA samples'
// FFT kernels divide), a count of the bits of a constant, the reversal of
// a constant's bits, and an intrinsic of a thread's own value or of a
// parameter subtracted from itself. drfcheck computes an intrinsic of a
// constant (internal/infer/symexec/intrinsics.go) and takes any other as
// a function (equal arguments, equal results); a racy variant shifts by
// __ffs(P) instead, which halves the index. The choices are drawn from the
// header source (gen.hr).

// intIntrinsics are the intrinsics' values on the 32 bits of the argument.
var intIntrinsics = map[string]func(u uint32) int64{
	"__ffs": func(u uint32) int64 {
		if u == 0 {
			return 0
		}
		return int64(bits.TrailingZeros32(u) + 1)
	},
	"__clz":  func(u uint32) int64 { return int64(bits.LeadingZeros32(u)) },
	"__popc": func(u uint32) int64 { return int64(bits.OnesCount32(u)) },
	"__brev": func(u uint32) int64 { return int64(bits.Reverse32(u)) },
}

// intrinsicArg is the type of an intrinsic's parameter.
func intrinsicArg(fn string) *Type {
	if fn == "__popc" || fn == "__brev" {
		return tUint
	}
	return tInt
}

// intrinsicProb is the chance of an intrinsic (or bit fields) at a rewrite.
const intrinsicProb = 0.025

// viaIntrinsic rewrites e (an int or unsigned of range r, non-negative,
// small) through an intrinsic, into a local of the same value (when keep;
// otherwise sometimes half of it).
func (g *gen) viaIntrinsic(out *[]Stmt, e Expr, keep bool, r rng) (Expr, bool) {
	t := g.typeOf(e)
	if t.K != KInt && t.K != KUint || r.lo < 0 || r.hi >= 1<<20 {
		return nil, false
	}
	x := g.toIntE(e)
	if t.K == KUint {
		x = &Cast{T: tInt, X: e}
	}
	call := func(fn string, a Expr) *HCall { return &HCall{Fn: fn, Args: []Expr{a}} }
	uni := g.uniform(e)
	var v Expr
	switch g.hpick(3, 2, 2, 2, 2, 8) {
	case 0: // (x << k) >> (__ffs(2^k) - 1)
		k := int64(1 + g.hintn(4))
		shift := Expr(bin("-", call("__ffs", intLit(1<<k)), intLit(1)))
		if !keep && g.hchance(0.5) {
			shift, r = call("__ffs", intLit(1<<k)), rk(r.lo/2, r.hi/2)
		}
		v = bin(">>", bin("<<", x, intLit(k)), shift)
	case 1: // x + __popc(C) - popcount(C)
		c := uint32(g.hintn(1 << 16))
		v = bin("-", bin("+", x, call("__popc", &Lit{T: tUint, I: int64(c), Hex: true})), intLit(int64(bits.OnesCount32(c))))
	case 2: // x + (int)__brev(reverse(c)) - c
		c := uint32(1 + g.hintn(15))
		v = bin("-", bin("+", x, &Cast{T: tInt, X: call("__brev", &Lit{T: tUint, I: int64(bits.Reverse32(c)), Hex: true})}), intLit(int64(c)))
	case 3: // x + __clz(x) - __clz(x): equal arguments, equal results
		v = bin("-", bin("+", x, call("__clz", g.copyExpr(x))), call("__clz", g.copyExpr(x)))
	case 4: // x + __popc((unsigned)n) - __popc((unsigned)n)
		n := func() Expr { return call("__popc", &Cast{T: tUint, X: ref(g.nPar)}) }
		v = bin("-", bin("+", x, n()), n())
	default:
		v, r = g.bitFields(x, keep, r)
	}
	return ref(g.local(out, "v", tInt, v, r, uni)), true
}

// bitFields joins x's high and low bits again: (x >> k << k) | (x & M) or
// (x & ~M) ^ (x & M), with M = 2^k - 1, which is x (the fields share no
// bit, so | and ^ are +, which drfcheck folds). A low mask one bit wider
// (2^(k+1) - 1) makes the fields overlap in bit k: | is still x, but ^
// clears bit k, the racy variant. The range of the result is returned.
func (g *gen) bitFields(x Expr, keep bool, r rng) (Expr, rng) {
	k := int64(1 + g.hintn(4))
	m := int64(1)<<k - 1
	low := m
	op := []string{"|", "^"}[g.hintn(2)]
	if g.hchance(0.3) || !keep && g.hchance(0.5) {
		low = m<<1 | 1
		switch {
		case keep:
			op = "|"
		case g.hchance(0.5):
			op = "^"
		}
		if op == "^" {
			r = rk(max(0, r.lo-(1<<k)), r.hi)
		}
	}
	high := Expr(bin("<<", bin(">>", x, intLit(k)), intLit(k)))
	if g.hchance(0.5) {
		high = bin("&", x, &Unary{Op: "~", X: intLit(m)})
	}
	return bin(op, high, bin("&", g.copyExpr(x), intLit(low))), r
}

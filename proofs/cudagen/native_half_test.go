package cudagen

import (
	"fmt"
	"math"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	drfexec "drfcheck/proofs/exec"
)

// TestNativeHalf checks the interpreter's arithmetic of __half,
// __nv_bfloat16 and __half2 (halfmath.go: exact values rounded with
// math/big) against the oracle's own implementation
// (proofs/exec/runtime/drf_half.h: rounding from double with bit
// operations), compiled with clang++: conversions from floats and ints
// (ties, subnormals, overflow), sums, differences, products, quotients,
// fused multiply-adds, minima and maxima, comparisons and conversions to
// int, on values drawn to hit the formats' edges. Both must give the same
// bits; expressions whose result the interpreter rejects (a NaN, whose
// bits depend on the hardware) are left out.
func TestNativeHalf(t *testing.T) {
	clang := clangxx(t)
	r := rand.New(rand.NewSource(31))
	type item struct {
		text, want string
	}
	var items []item
	for len(items) < 3000 {
		e := randHalfExpr(r)
		p := &Program{Block: [3]int{1, 1, 1}, Grid: [3]int{1, 1, 1}}
		p.Kernel = &Func{Name: "k", Ret: tVoid, Body: block(&ExprStmt{X: e})}
		v, err := evalOne(p, nil, e)
		if err != nil {
			continue
		}
		items = append(items, item{exprString(e), halfValueText(v)})
	}
	var b strings.Builder
	b.WriteString(`#include "drf_half.h"
#include <cstdio>
void pr(__half h) { printf("h%04x\n", (unsigned)__half_as_ushort(h)); }
void pr(__nv_bfloat16 h) { printf("b%04x\n", (unsigned)__bfloat16_as_ushort(h)); }
void pr(__half2 h) { printf("p%04x%04x\n", (unsigned)__half_as_ushort(h.y), (unsigned)__half_as_ushort(h.x)); }
void pr(float f) { printf("f%08x\n", __builtin_bit_cast(unsigned, f)); }
void pr(int v) { printf("i%d\n", v); }
void pr(bool v) { printf("i%d\n", (int)v); }
int main() {
`)
	for _, it := range items {
		fmt.Fprintf(&b, "  pr(%s);\n", it.text)
	}
	b.WriteString("}\n")
	// DRF_INL inline, not always_inline: forcing thousands of nested
	// inlines into one main takes clang minutes at -O0
	lines := runNativeWith(t, clang, b.String(), map[string]string{"drf_half.h": drfexec.HalfHeader()}, "-DDRF_INL=inline")
	if len(lines) != len(items) {
		t.Fatalf("%d lines of output for %d values", len(lines), len(items))
	}
	bad := 0
	for i, it := range items {
		if lines[i] != it.want {
			bad++
			if bad <= 10 {
				t.Errorf("%s is %s in the oracle's runtime, %s in the interpreter", it.text, lines[i], it.want)
			}
		}
	}
	t.Logf("%d expressions; for example:", len(items))
	for _, it := range items[:8] {
		t.Logf("  %s = %s", it.text, it.want)
	}
}

// TestNativeHalfCompilerRT checks conversions of floats to __half, which
// both the interpreter and the oracle implement, against a third opinion:
// the compiler's own __fp16 (compiler-rt's __gnu_f2h_ieee), where clang++
// links it.
func TestNativeHalfCompilerRT(t *testing.T) {
	clang := clangxx(t)
	r := rand.New(rand.NewSource(32))
	var fs []float32
	for len(fs) < 5000 {
		fs = append(fs, randHalfFloat(r))
	}
	var b strings.Builder
	b.WriteString("#include <cstdio>\nint main() {\n  volatile float x;\n  __fp16 h;\n")
	for _, f := range fs {
		fmt.Fprintf(&b, "  x = %s; h = x; printf(\"%%04x\\n\", (unsigned)__builtin_bit_cast(unsigned short, h));\n", litText(floatLit(f)))
	}
	b.WriteString("}\n")
	dir := t.TempDir()
	src, bin := filepath.Join(dir, "p.cpp"), filepath.Join(dir, "p")
	if err := os.WriteFile(src, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(clang, "-std=c++20", "-O0", "-w", "-rtlib=compiler-rt", "-o", bin, src).CombinedOutput(); err != nil {
		t.Skipf("clang++ cannot link __fp16 conversions here: %v\n%s", err, out)
	}
	out, err := exec.Command(bin).Output()
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	bad := 0
	for i, f := range fs {
		want := fmt.Sprintf("%04x", fmtHalf.fromFloat(float64(f)))
		if math.IsNaN(float64(f)) || lines[i] == want {
			continue
		}
		bad++
		if bad <= 10 {
			t.Errorf("(__fp16)%g is %s in compiler-rt, %s in the interpreter", f, lines[i], want)
		}
	}
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

// randHalfExpr is a random expression of the half API.
func randHalfExpr(r *rand.Rand) Expr {
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
			return bin([]string{"+", "-", "*", "/"}[r.Intn(4)], x(), x())
		}
		return &HCall{Fn: []string{"__hadd2", "__hsub2", "__hmul2"}[r.Intn(3)], Args: []Expr{x(), x()}}
	}
	switch r.Intn(9) {
	case 0:
		return &HCall{Fn: "__hfma", Args: []Expr{x(), x(), x()}}
	case 1:
		return bin([]string{"+", "-", "*", "/", "<", "<=", ">", ">=", "==", "!="}[r.Intn(10)], x(), x())
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
	return &HCall{Fn: []string{"__hadd", "__hsub", "__hmul", "__hdiv"}[r.Intn(4)], Args: []Expr{x(), x()}}
}

// runNativeWith is runNative with headers in the program's directory and
// more flags.
func runNativeWith(t *testing.T, clang, program string, headers map[string]string, flags ...string) []string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range headers {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	src, bin := filepath.Join(dir, "p.cpp"), filepath.Join(dir, "p")
	if err := os.WriteFile(src, []byte(program), 0o644); err != nil {
		t.Fatal(err)
	}
	args := append([]string{"-std=c++20", "-O0", "-w", "-I", dir, "-o", bin, src}, flags...)
	if out, err := exec.Command(clang, args...).CombinedOutput(); err != nil {
		t.Fatalf("clang++: %v\n%s", err, out)
	}
	out, err := exec.Command(bin).Output()
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimSpace(string(out)), "\n")
}

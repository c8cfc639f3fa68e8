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

	drfexec "github.com/drfcheck/drfcheck/internal/proofs/exec"
)

// TestNativeHalf checks the interpreter's arithmetic of __half,
// __nv_bfloat16 and __half2 (halfmath.go: exact values rounded with
// math/big) against the oracle's own implementation
// (internal/proofs/exec/runtime/drf_half.h: rounding from double with bit
// operations), compiled with clang++: conversions from floats and ints
// (ties, subnormals, overflow), sums, differences, products, quotients,
// fused multiply-adds, minima and maxima, comparisons and conversions to
// int, on values drawn to hit the formats' edges. Both must give the same
// bits; expressions whose result the interpreter rejects (a NaN, whose
// bits depend on the hardware) are left out.
func TestNativeHalf(t *testing.T) {
	clang := clangxx(t)
	r := rand.New(rand.NewSource(31))
	items := HalfChecks(r, 3000, false)
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
		fmt.Fprintf(&b, "  pr(%s);\n", it.Text)
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
		if lines[i] != it.Want {
			bad++
			if bad <= 10 {
				t.Errorf("%s is %s in the oracle's runtime, %s in the interpreter", it.Text, lines[i], it.Want)
			}
		}
	}
	t.Logf("%d expressions; for example:", len(items))
	for _, it := range items[:8] {
		t.Logf("  %s = %s", it.Text, it.Want)
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

package cudagen

import (
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestNativeSemantics checks the printer and the interpreter against the
// C++ compiler: random expressions over int, unsigned, unsigned char,
// short, bool and float (casts, promotions, wrap-around, shifts, min, max,
// ?:, &&, ||) are evaluated by the interpreter and, printed, by a program
// compiled with clang++; the values must agree. Expressions whose
// evaluation the interpreter rejects (undefined behaviour) are left out.
func TestNativeSemantics(t *testing.T) {
	clang := clangxx(t)
	r := rand.New(rand.NewSource(18))
	inputs := [][3]int64{{3, 5, -2}, {0, 4294967295, 7}, {-9, 1, 40}}
	type item struct {
		text string
		want []string
	}
	var items []item
	for len(items) < 2000 {
		e := randExpr(r, 5)
		nodes := 0
		walkExpr(e, func(Expr) { nodes++ })
		if nodes < 5 {
			continue
		}
		var want []string
		ok := true
		for _, in := range inputs {
			s, err := evalAlone(e, in)
			if err != nil {
				ok = false
				break
			}
			want = append(want, s)
		}
		if ok {
			items = append(items, item{exprString(e), want})
		}
	}
	var b strings.Builder
	b.WriteString(`#include <cstdio>
template <class T> T min(T a, T b) { return a < b ? a : b; }
template <class T> T max(T a, T b) { return a < b ? b : a; }
void pr(bool v) { printf("%d\n", (int)v); }
void pr(unsigned char v) { printf("%d\n", (int)v); }
void pr(short v) { printf("%d\n", (int)v); }
void pr(int v) { printf("%d\n", v); }
void pr(unsigned v) { printf("%u\n", v); }
void pr(float v) { printf("%.9g\n", (double)v); }
void run(int a, unsigned b, int c) {
  float f = (float)c * 0.5f;
  (void)a; (void)b; (void)f;
`)
	for _, it := range items {
		fmt.Fprintf(&b, "  pr(%s);\n", it.text)
	}
	b.WriteString("}\nint main() {\n")
	for _, in := range inputs {
		fmt.Fprintf(&b, "  run(%d, %du, %d);\n", in[0], in[1], in[2])
	}
	b.WriteString("}\n")
	lines := runNative(t, clang, b.String())
	if len(lines) != len(items)*len(inputs) {
		t.Fatalf("%d lines of output for %d values", len(lines), len(items)*len(inputs))
	}
	bad := 0
	for k := range inputs {
		for i, it := range items {
			got := lines[k*len(items)+i]
			if got != it.want[k] {
				bad++
				if bad <= 10 {
					t.Errorf("a=%d b=%d c=%d: %s is %s in C++, %s in the interpreter", inputs[k][0], inputs[k][1], inputs[k][2], it.text, got, it.want[k])
				}
			}
		}
	}
	t.Logf("%d expressions, %d inputs; for example:", len(items), len(inputs))
	for _, it := range items[:8] {
		t.Logf("  %s = %s", it.text, strings.Join(it.want, ", "))
	}
}

// evalAlone evaluates an expression with the interpreter, a, b, c and f
// bound as in the native program, and formats the value as pr does.
func evalAlone(e Expr, in [3]int64) (s string, err error) {
	a := &Var{Name: "a", Kind: VLocal, T: tInt, Param: true, Vals: []int64{in[0]}}
	b := &Var{Name: "b", Kind: VLocal, T: tUint, Param: true, Vals: []int64{in[1]}}
	c := &Var{Name: "c", Kind: VLocal, T: tInt, Param: true, Vals: []int64{in[2]}}
	e = bindVars(e, map[string]*Var{"a": a, "b": b, "c": c})
	f := &Var{Name: "f", Kind: VLocal, T: tFloat}
	e = bindVars(e, map[string]*Var{"f": f})
	res := &Var{Name: "res", Kind: VLocal, T: tInt}
	_ = res
	p := &Program{Block: [3]int{1, 1, 1}, Grid: [3]int{1, 1, 1}}
	p.Kernel = &Func{Name: "k", Ret: tVoid, Params: []*Var{a, b, c}, Body: block(
		&Decl{V: f, Init: bin("*", &Cast{T: tFloat, X: ref(c)}, floatLit(0.5))},
		&ExprStmt{X: e},
	)}
	v, err := evalOne(p, p.Kernel.Body.Stmts[:1], e)
	if err != nil {
		return "", err
	}
	switch v.t.K {
	case KFloat:
		return strconv.FormatFloat(float64(v.f), 'g', 9, 32), nil
	}
	return fmt.Sprint(v.i), nil
}

// bindVars replaces references to placeholder variables by name.
func bindVars(e Expr, vars map[string]*Var) Expr {
	walkExpr(e, func(x Expr) {
		if r, ok := x.(*VarRef); ok {
			if v, ok := vars[r.V.Name]; ok {
				r.V = v
			}
		}
	})
	return e
}

// randExpr is a random arithmetic expression over a (int), b (unsigned),
// c (int) and f (float).
func randExpr(r *rand.Rand, depth int) Expr {
	leaf := func() Expr {
		switch r.Intn(8) {
		case 0:
			return ref(&Var{Name: "a", T: tInt})
		case 1:
			return ref(&Var{Name: "b", T: tUint})
		case 2:
			return ref(&Var{Name: "c", T: tInt})
		case 3:
			return ref(&Var{Name: "f", T: tFloat})
		case 4:
			return uintLit(int64(r.Intn(40)))
		case 5:
			return floatLit(float32(r.Intn(9)) * 0.25)
		}
		return intLit(int64(r.Intn(70) - 5))
	}
	if depth == 0 || r.Intn(6) == 0 {
		return leaf()
	}
	x := randExpr(r, depth-1)
	switch r.Intn(10) {
	case 0:
		ts := []*Type{tInt, tUint, tUChar, tShort, tFloat}
		return &Cast{T: ts[r.Intn(len(ts))], X: x}
	case 1:
		return &Unary{Op: []string{"-", "~", "!"}[r.Intn(3)], X: x}
	case 2:
		return &Cond{C: randExpr(r, depth-1), X: x, Y: randExpr(r, depth-1)}
	case 3:
		y := randExpr(r, depth-1)
		// min and max need one type: cast both
		t := []*Type{tInt, tUint, tFloat}[r.Intn(3)]
		return &MinMax{Max: r.Intn(2) == 0, X: &Cast{T: t, X: x}, Y: &Cast{T: t, X: y}}
	}
	ops := []string{"+", "-", "*", "/", "%", "&", "|", "^", "<<", ">>", "<", "<=", ">", ">=", "==", "!=", "&&", "||"}
	return bin(ops[r.Intn(len(ops))], x, randExpr(r, depth-1))
}

// clangxx returns the C++ compiler the native tests compare with, or skips
// the test.
func clangxx(t *testing.T) string {
	clang, err := exec.LookPath("clang++")
	if err != nil {
		t.Skip("clang++ is not installed")
	}
	return clang
}

// runNative compiles a C++ program and returns the lines it prints.
func runNative(t *testing.T, clang, program string) []string {
	t.Helper()
	dir := t.TempDir()
	src, bin := filepath.Join(dir, "p.cpp"), filepath.Join(dir, "p")
	if err := os.WriteFile(src, []byte(program), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(clang, "-std=c++20", "-O0", "-w", "-o", bin, src).CombinedOutput(); err != nil {
		t.Fatalf("clang++: %v\n%s", err, out)
	}
	out, err := exec.Command(bin).Output()
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimSpace(string(out)), "\n")
}

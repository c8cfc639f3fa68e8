package cudagen

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"
)

// TestNativeWrap checks the interpreter against clang++ on the index
// expressions of genwrap.go: every candidate the generator draws, over an
// unsigned subject b (and the parameters it adds), evaluated by the
// interpreter and by a compiled program for several subjects, including
// those that make the 32-bit arithmetic wrap, conversions of negative ints
// to unsigned, of large unsigned values to int, and widenings to long long
// and unsigned long long.
func TestNativeWrap(t *testing.T) {
	clang := clangxx(t)
	r := rand.New(rand.NewSource(29))
	subjects := []int64{0, 1, 2, 3, 5, 17, 63, 255, 1000}
	type item struct {
		text   string
		params []*Var
		pre    []Stmt
		e      Expr
		want   []string
	}
	var items []item
	for len(items) < 400 {
		g := &gen{r: rand.New(rand.NewSource(r.Int63())), wr: rand.New(rand.NewSource(r.Int63())),
			k: &Func{Name: "k"}, vr: map[any]rng{}, uni: map[any]bool{}}
		g.p = &Program{Block: [3]int{1, 1, 1}, Grid: [3]int{1, 1, 1}, Kernel: g.k}
		var pre []Stmt
		c := g.wrapCandidate(&pre, 64, 1024)
		guard, idx := c.build(func() Expr { return ref(&Var{Name: "b", T: tUint}) })
		e := idx
		if guard != nil {
			// the guard's value and the index in one number
			e = bin("+", bin("*", &Cast{T: tUint, X: guard}, uintLit(100000)), idx)
		}
		it := item{text: exprString(e), params: g.k.Params, pre: pre, e: e}
		ok := true
		for _, x := range subjects {
			s, err := evalWrap(it.e, it.params, it.pre, x)
			if err != nil {
				t.Errorf("%s with b = %d: %v", it.text, x, err)
				ok = false
				break
			}
			it.want = append(it.want, s)
		}
		if ok {
			items = append(items, it)
		}
	}
	var b strings.Builder
	b.WriteString(`#include <cstdio>
void pr(int v) { printf("%d\n", v); }
void pr(unsigned v) { printf("%u\n", v); }
void pr(long long v) { printf("%lld\n", v); }
void pr(unsigned long long v) { printf("%llu\n", v); }
void pr(unsigned char v) { printf("%d\n", (int)v); }
`)
	for i, it := range items {
		var ps []string
		var args []string
		for _, p := range it.params {
			ps = append(ps, p.T.String()+" "+p.Name)
			if p.T.K == KUint {
				args = append(args, fmt.Sprintf("%du", p.Vals[0]))
			} else {
				args = append(args, fmt.Sprint(p.Vals[0]))
			}
		}
		fmt.Fprintf(&b, "void run%d(unsigned b%s) {\n", i, strings.Join(append([]string{""}, ps...), ", "))
		for _, s := range it.pre {
			d := s.(*Decl)
			fmt.Fprintf(&b, "  %s %s = %s;\n", d.V.T, d.V.Name, exprString(d.Init))
		}
		fmt.Fprintf(&b, "  pr(%s);\n}\n", it.text)
		it.text = strings.Join(args, ", ")
		items[i] = it
	}
	b.WriteString("int main() {\n")
	for _, x := range subjects {
		for i, it := range items {
			fmt.Fprintf(&b, "  run%d(%du%s);\n", i, x, strings.Join(append([]string{""}, it.text), ", "))
		}
	}
	b.WriteString("}\n")
	src := b.String()
	src = strings.ReplaceAll(src, ", )", ")")
	lines := runNative(t, clang, src)
	if len(lines) != len(items)*len(subjects) {
		t.Fatalf("%d lines of output for %d values", len(lines), len(items)*len(subjects))
	}
	bad := 0
	for k, x := range subjects {
		for i, it := range items {
			got := lines[k*len(items)+i]
			if got != it.want[k] {
				bad++
				if bad <= 10 {
					t.Errorf("b=%d (%s): %s is %s in C++, %s in the interpreter", x, it.text, exprString(it.e), got, it.want[k])
				}
			}
		}
	}
	t.Logf("%d expressions, %d subjects; for example:", len(items), len(subjects))
	for _, it := range items[:8] {
		t.Logf("  %s (%s) = %s", exprString(it.e), it.text, strings.Join(it.want, ", "))
	}
}

// evalWrap evaluates a wrap-around expression with the interpreter, b
// bound to x, the parameters to their values and the declarations pre
// run first.
func evalWrap(e Expr, params []*Var, pre []Stmt, x int64) (string, error) {
	b := &Var{Name: "b", Kind: VLocal, T: tUint, Param: true, Vals: []int64{x}}
	e = bindVars(e, map[string]*Var{"b": b})
	p := &Program{Block: [3]int{1, 1, 1}, Grid: [3]int{1, 1, 1}}
	p.Kernel = &Func{Name: "k", Ret: tVoid, Params: append([]*Var{b}, params...), Body: block(append(append([]Stmt{}, pre...), &ExprStmt{X: e})...)}
	v, err := evalOne(p, pre, e)
	if err != nil {
		return "", err
	}
	if v.t.K == KULong {
		return fmt.Sprint(uint64(v.i)), nil
	}
	return fmt.Sprint(v.i), nil
}

package cudagen

import (
	"fmt"
	"math/rand"
	"strconv"
	"strings"
	"testing"
)

// TestNativeBytes checks the interpreter's bytes against the C++ compiler:
// random sequences of __builtin_memset and __builtin_memcpy over local int,
// unsigned and float arrays and local structs (whole words and parts of
// words, through (char *) offsets), then a whole-struct assignment, a
// statement expression and lambdas capturing by copy and by reference a
// variable that changes, are run by the interpreter and, printed, by a
// program compiled with clang++; every word must agree.
func TestNativeBytes(t *testing.T) {
	clang := clangxx(t)
	r := rand.New(rand.NewSource(19))
	var b strings.Builder
	b.WriteString("#include <cstdio>\n")
	var want []string
	progs := 0
	for progs < 300 {
		text, vals, ok := randBytesProg(r, progs)
		if !ok {
			continue
		}
		b.WriteString(text)
		want = append(want, vals...)
		progs++
	}
	b.WriteString("int main() {\n")
	for i := 0; i < progs; i++ {
		fmt.Fprintf(&b, "  n%d::p%d();\n", i, i)
	}
	b.WriteString("}\n")
	got := runNative(t, clang, b.String())
	if len(got) != len(want) {
		t.Fatalf("%d lines of output for %d values", len(got), len(want))
	}
	bad := 0
	for i := range want {
		if got[i] != want[i] {
			bad++
			if bad <= 10 {
				t.Errorf("value %d: %s in C++, %s in the interpreter", i, got[i], want[i])
			}
		}
	}
	t.Logf("%d programs, %d values", progs, len(want))
}

// randBytesProg makes one program p<i>(): its text and the values the
// interpreter gives the words it prints (ok is false when the interpreter
// rejects it).
func randBytesProg(r *rand.Rand, i int) (text string, vals []string, ok bool) {
	pair := &Struct{Name: "Pair", Fields: []*Field{{Name: "a", T: tInt}, {Name: "b", T: tInt}}}
	opts := &Struct{Name: "Opts", Fields: []*Field{{Name: "stride", T: tInt, Def: true, DefVal: 2}, {Name: "n", T: tInt}, {Name: "off", T: tUint, Def: true, DefVal: 7}}}
	types := []*Type{tInt, tUint, tFloat}
	var arrs []*Var
	var body []Stmt
	for k, t := range types {
		v := &Var{Name: fmt.Sprintf("a%d", k), Kind: VLocalArr, T: t, Dims: []int{4}}
		arrs = append(arrs, v)
		body = append(body, &Decl{V: v})
		for j := 0; j < 4; j++ {
			var x Expr
			switch t.K {
			case KInt:
				x = intLit(int64(r.Intn(2000000) - 1000000))
			case KUint:
				x = uintLit(int64(r.Uint32()))
			default:
				x = floatLit(float32(r.Intn(4000)-2000) * 0.125)
			}
			body = append(body, &Assign{L: &Index{X: ref(v), I: intLit(int64(j))}, Op: "=", R: x})
		}
	}
	q := &Var{Name: "q", Kind: VLocal, T: &Type{K: KStruct, S: pair}}
	o := &Var{Name: "o", Kind: VLocal, T: &Type{K: KStruct, S: opts}}
	body = append(body, &Decl{V: q}, &Decl{V: o},
		&Assign{L: &Member{X: ref(q), F: pair.Fields[0]}, Op: "=", R: intLit(int64(r.Intn(100000) - 50000))},
		&Assign{L: &Member{X: ref(q), F: pair.Fields[1]}, Op: "=", R: intLit(int64(r.Intn(100000)))},
		&Assign{L: &Member{X: ref(o), F: opts.Fields[1]}, Op: "=", R: intLit(int64(r.Intn(1000)))})
	// the objects, their byte sizes and word types
	type obj struct {
		ptr   func(k int64) Expr
		bytes int64
		word  func(w int64) *Type
	}
	var objs []obj
	for _, v := range arrs {
		objs = append(objs, obj{
			ptr: func(k int64) Expr {
				if k%4 == 0 && r.Intn(2) == 0 {
					return bin("+", ref(v), intLit(k/4))
				}
				return &ByteAddr{X: ref(v), Off: intLit(k)}
			},
			bytes: 16, word: func(int64) *Type { return v.T }})
	}
	objs = append(objs, obj{ptr: func(k int64) Expr {
		if k == 0 {
			return &AddrOf{X: ref(q)}
		}
		return &ByteAddr{X: &AddrOf{X: ref(q)}, Off: intLit(k)}
	}, bytes: 8, word: func(int64) *Type { return tInt }})
	objs = append(objs, obj{ptr: func(k int64) Expr {
		return &ByteAddr{X: &AddrOf{X: ref(o)}, Off: intLit(k)}
	}, bytes: 12, word: func(w int64) *Type { return wordType(o.T, int(w)) }})
	for n := 1 + r.Intn(4); n > 0; n-- {
		d := r.Intn(len(objs))
		do := objs[d]
		k := int64(r.Intn(int(do.bytes)))
		if r.Intn(2) == 0 {
			c := int64(r.Intn(256))
			cnt := int64(1 + r.Intn(int(do.bytes-k)))
			for x := k; x < k+cnt; x++ {
				if x%4 == 3 && do.word(x/4).K == KFloat {
					// no NaN or infinity: the top byte of a float stays small
					c = min(c, 0x3f)
				}
			}
			body = append(body, &ExprStmt{X: &MemOp{Set: true, Dst: do.ptr(k), Src: intLit(c), N: intLit(cnt)}})
			continue
		}
		s := r.Intn(len(objs))
		if s == d {
			continue
		}
		so := objs[s]
		ks := k % 4
		if ks >= so.bytes {
			continue
		}
		ks += 4 * int64(r.Intn(int((so.bytes-ks+3)/4)))
		if ks >= so.bytes {
			ks = k % 4
		}
		cnt := int64(1 + r.Intn(int(min(do.bytes-k, so.bytes-ks))))
		same := true
		for x := int64(0); x < cnt; x++ {
			same = same && do.word((k+x)/4).K == so.word((ks+x)/4).K
		}
		if !same {
			continue
		}
		body = append(body, &ExprStmt{X: &MemOp{Dst: do.ptr(k), Src: so.ptr(ks), N: intLit(cnt)}})
	}
	// a whole-struct copy, a statement expression, lambdas
	q2 := &Var{Name: "q2", Kind: VLocal, T: q.T}
	c := &Var{Name: "c", Kind: VLocal, T: tInt}
	i1, i2 := &Var{Name: "i1", Kind: VLocal, T: tInt}, &Var{Name: "i2", Kind: VLocal, T: tInt}
	l1, l2 := &Var{Name: "l1", Kind: VLambda, T: tVoid}, &Var{Name: "l2", Kind: VLambda, T: tVoid}
	x := &Var{Name: "x", Kind: VLocal, T: tInt}
	sv := &Var{Name: "s", Kind: VLocal, T: tInt}
	se := &StmtExpr{Stmts: []Stmt{&Decl{V: sv, Init: intLit(7)}}, X: bin("*", ref(sv), intLit(3))}
	body = append(body, &Decl{V: q2}, &Assign{L: ref(q2), Op: "=", R: ref(q)},
		&Assign{L: &Member{X: ref(q), F: pair.Fields[0]}, Op: "=", R: intLit(5)},
		&Decl{V: c, Init: intLit(int64(r.Intn(10)))},
		&Decl{V: l1, Init: &Lambda{Params: []*Var{i1}, Body: bin("+", ref(i1), bin("*", ref(c), &Member{X: ref(o), F: opts.Fields[0]}))}},
		&Decl{V: l2, Init: &Lambda{ByRef: true, Params: []*Var{i2}, Body: bin("-", ref(i2), ref(c))}},
		&Assign{L: ref(c), Op: "+=", R: intLit(int64(1 + r.Intn(10)))},
		&Assign{L: &Member{X: ref(o), F: opts.Fields[0]}, Op: "=", R: intLit(3)},
		&Decl{V: x, Init: bin("+", &LambdaCall{F: l1, Args: []Expr{intLit(100)}}, &LambdaCall{F: l2, Args: []Expr{se}})})
	// the words to print
	var outs []Expr
	for _, v := range arrs {
		for j := 0; j < 4; j++ {
			outs = append(outs, &Index{X: ref(v), I: intLit(int64(j))})
		}
	}
	for _, v := range []*Var{q, q2} {
		for _, f := range pair.Fields {
			outs = append(outs, &Member{X: ref(v), F: f})
		}
	}
	for _, f := range opts.Fields {
		outs = append(outs, &Member{X: ref(o), F: f})
	}
	outs = append(outs, ref(x))
	p := &Program{Block: [3]int{1, 1, 1}, Grid: [3]int{1, 1, 1}, Structs: []*Struct{pair, opts}}
	var all []Stmt
	all = append(all, body...)
	for _, e := range outs {
		all = append(all, &ExprStmt{X: e})
	}
	p.Kernel = &Func{Name: fmt.Sprintf("p%d", i), Ret: tVoid, Body: &Block{Stmts: all}}
	ti, err := typecheck(p)
	if err != nil {
		panic(err)
	}
	vals, err = runAlone(p, ti, len(body), outs)
	if err != nil {
		return "", nil, false
	}
	// the text: the structs (in a namespace of the program), the body, printf
	var b strings.Builder
	fmt.Fprintf(&b, "namespace n%d {\n", i)
	pr := &printer{}
	for _, s := range p.Structs {
		pr.line("struct %s {", s.Name)
		for _, f := range s.Fields {
			if f.Def {
				pr.line("  %s %s = %s;", f.T, f.Name, litText(litOf(f.T, f.DefVal)))
			} else {
				pr.line("  %s %s;", f.T, f.Name)
			}
		}
		pr.line("};")
	}
	b.WriteString(pr.b.String())
	fmt.Fprintf(&b, "void p%d() {\n", i)
	pr = &printer{indent: 1}
	for _, s := range body {
		pr.stmt(s)
	}
	b.WriteString(pr.b.String())
	for _, e := range outs {
		switch ti.types[e].K {
		case KFloat:
			fmt.Fprintf(&b, "  printf(\"%%.9g\\n\", (double)%s);\n", exprString(e))
		case KUint:
			fmt.Fprintf(&b, "  printf(\"%%u\\n\", %s);\n", exprString(e))
		default:
			fmt.Fprintf(&b, "  printf(\"%%d\\n\", %s);\n", exprString(e))
		}
	}
	b.WriteString("}\n}\n")
	return b.String(), vals, true
}

// runAlone runs the first n statements of a one-thread kernel and
// evaluates outs.
func runAlone(p *Program, ti *typeInfo, n int, outs []Expr) ([]string, error) {
	vs, err := runOne(p, ti, p.Kernel.Body.Stmts[:n], outs...)
	if err != nil {
		return nil, err
	}
	var vals []string
	for _, v := range vs {
		if v.nd {
			return nil, fmt.Errorf("nd value")
		}
		switch v.t.K {
		case KFloat:
			vals = append(vals, strconv.FormatFloat(float64(v.f), 'g', 9, 32))
		default:
			vals = append(vals, fmt.Sprint(v.i))
		}
	}
	return vals, nil
}

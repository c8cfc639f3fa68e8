package printer_test

import (
	"bytes"
	"errors"
	"math"
	"testing"

	"github.com/drfcheck/drfcheck/protocol"
	"github.com/drfcheck/drfcheck/protocol/printer"
)

func lit(v int64) *protocol.IntLit { return &protocol.IntLit{Value: v} }
func v(name string) *protocol.Var  { return &protocol.Var{Name: name} }
func neg(x protocol.Expr) *protocol.Neg {
	return &protocol.Neg{X: x}
}
func bin(op protocol.BinOp, x, y protocol.Expr) *protocol.Binary {
	return &protocol.Binary{Op: op, X: x, Y: y}
}
func ite(c protocol.Cond, x, y protocol.Expr) *protocol.Ite {
	return &protocol.Ite{Cond: c, Then: x, Else: y}
}
func cmp(op protocol.CmpOp, x, y protocol.Expr) *protocol.Cmp {
	return &protocol.Cmp{Op: op, X: x, Y: y}
}
func not(x protocol.Cond) *protocol.Not { return &protocol.Not{X: x} }
func logic(op protocol.LogicOp, x, y protocol.Cond) *protocol.Logic {
	return &protocol.Logic{Op: op, X: x, Y: y}
}
func block(ss ...protocol.Stmt) *protocol.Block { return &protocol.Block{Stmts: ss} }
func rd(array string, idx ...protocol.Expr) *protocol.Access {
	return &protocol.Access{Mode: protocol.Read, Array: array, Index: idx}
}

const (
	add, sub, mul, div, mod = protocol.Add, protocol.Sub, protocol.Mul, protocol.Div, protocol.Mod
	eq, ne, lt, le, gt, ge  = protocol.Eq, protocol.Ne, protocol.Lt, protocol.Le, protocol.Gt, protocol.Ge
	and, or                 = protocol.And, protocol.Or
)

var (
	tru        = &protocol.BoolLit{Value: true}
	fls        = &protocol.BoolLit{Value: false}
	a, b, c, d = v("a"), v("b"), v("c"), v("d")
	aLtB       = cmp(lt, a, b)
	cGt0       = cmp(gt, c, lit(0))
)

func TestNodeExpressions(t *testing.T) {
	tests := []struct {
		n    protocol.Node
		want string
	}{
		{lit(42), "42"},
		{lit(-3), "-3"},
		{lit(math.MinInt64), "-9223372036854775808"},
		{a, "a"},
		{&protocol.Builtin{Kind: protocol.ThreadIdx, Dim: 0}, "tid"},
		{&protocol.Builtin{Kind: protocol.ThreadIdx, Dim: 1}, "threadIdx.y"},
		{&protocol.Builtin{Kind: protocol.BlockIdx, Dim: 1}, "blockIdx.y"},
		{&protocol.Builtin{Kind: protocol.BlockDim, Dim: 2}, "blockDim.z"},
		{&protocol.Builtin{Kind: protocol.GridDim, Dim: 0}, "gridDim.x"},
		{&protocol.Builtin{Kind: protocol.GridDim, Dim: 7}, "gridDim.<dim 7>"},
		// Negation and negative literals.
		{neg(lit(3)), "-(3)"},
		{neg(lit(-3)), "-(-3)"},
		{neg(a), "-a"},
		{neg(neg(a)), "--a"},
		{neg(neg(lit(3))), "--(3)"},
		{neg(bin(add, a, b)), "-(a + b)"},
		{neg(bin(mul, a, b)), "-(a * b)"},
		{bin(sub, a, lit(-3)), "a - -3"},
		{bin(sub, a, neg(b)), "a - -b"},
		{bin(mul, lit(-3), a), "-3 * a"},
		{bin(mul, neg(a), b), "-a * b"},
		// Minimal parentheses.
		{bin(sub, a, bin(sub, b, c)), "a - (b - c)"},
		{bin(sub, bin(sub, a, b), c), "a - b - c"},
		{bin(add, a, bin(sub, b, c)), "a + (b - c)"},
		{bin(add, a, bin(mul, b, c)), "a + b * c"},
		{bin(mul, bin(add, a, b), c), "(a + b) * c"},
		{bin(mul, a, bin(mul, b, c)), "a * (b * c)"},
		{bin(div, bin(div, a, b), c), "a / b / c"},
		{bin(mod, a, bin(div, b, c)), "a % (b / c)"},
		{bin(mul, bin(mod, a, b), c), "a % b * c"},
		// The conditional expression.
		{ite(aLtB, c, d), "a < b ? c : d"},
		{ite(aLtB, c, ite(cGt0, a, b)), "a < b ? c : c > 0 ? a : b"},
		{ite(aLtB, ite(cGt0, a, b), d), "a < b ? c > 0 ? a : b : d"},
		{ite(logic(or, aLtB, cGt0), c, d), "a < b || c > 0 ? c : d"},
		{bin(add, ite(aLtB, c, d), lit(1)), "(a < b ? c : d) + 1"},
		{ite(aLtB, bin(add, c, d), bin(mul, c, d)), "a < b ? c + d : c * d"},
		{neg(ite(aLtB, c, d)), "-(a < b ? c : d)"},
		// Calls.
		{&protocol.Call{Func: "f", Args: []protocol.Expr{a}}, "f(a)"},
		{&protocol.Call{Func: "g", Args: []protocol.Expr{ite(aLtB, c, d), bin(add, a, b)}}, "g(a < b ? c : d, a + b)"},
		// Conditions.
		{tru, "true"},
		{not(fls), "!false"},
		{not(not(tru)), "!!true"},
		{not(aLtB), "!(a < b)"},
		{not(logic(and, tru, fls)), "!(true && false)"},
		{cmp(eq, bin(add, a, b), bin(mul, c, d)), "a + b == c * d"},
		{cmp(ne, ite(aLtB, c, d), a), "(a < b ? c : d) != a"},
		{cmp(le, a, b), "a <= b"},
		{cmp(ge, a, lit(-1)), "a >= -1"},
		{logic(and, logic(or, tru, fls), tru), "(true || false) && true"},
		{logic(or, logic(and, tru, fls), tru), "true && false || true"},
		{logic(or, tru, logic(and, fls, tru)), "true || false && true"},
		{logic(or, tru, logic(or, fls, tru)), "true || (false || true)"},
		{logic(and, logic(and, tru, fls), tru), "true && false && true"},
		{logic(and, not(aLtB), cGt0), "!(a < b) && c > 0"},
	}
	for _, tt := range tests {
		if got := printer.Node(tt.n); got != tt.want {
			t.Errorf("Node = %q, want %q", got, tt.want)
		}
	}
}

func TestNodeStatements(t *testing.T) {
	annotated := &protocol.Access{
		ID: 7, Mode: protocol.Write, Array: "A", Index: []protocol.Expr{a, lit(0)},
		Source: "A[a][0]", Loops: []protocol.LoopValue{{Name: "i", Value: a}},
	}
	elseIf := &protocol.If{Cond: aLtB, Then: block(rd("A", a)),
		Else: block(&protocol.If{Cond: cGt0, Then: block(), Else: block(&protocol.Sync{})})}
	tests := []struct {
		n    protocol.Node
		want string
	}{
		{nil, ""},
		{&protocol.Decl{Kind: protocol.Param, Names: []protocol.Ident{{Name: "N"}, {Name: "M"}}}, "param N, M;"},
		{&protocol.Decl{Kind: protocol.Global, Names: []protocol.Ident{{Name: "G"}}}, "global G;"},
		{&protocol.Sync{}, "sync;"},
		{annotated, "wr A[a][0];"},
		{&protocol.Access{Mode: protocol.Atomic, Array: "B", Index: []protocol.Expr{ite(aLtB, c, d)}}, "atomic B[a < b ? c : d];"},
		{&protocol.Assume{Cond: logic(and, aLtB, cGt0)}, "assume a < b && c > 0;"},
		{&protocol.Loop{Var: "i", Lo: lit(0), Hi: v("N"), Body: block(rd("A", v("i")))},
			"for i in 0..N {\n  rd A[i];\n}"},
		{&protocol.Loop{Var: "i", Lo: lit(-1), Hi: bin(add, v("N"), lit(1)), Step: lit(2), Body: block(), Sync: true},
			"for i in -1..N + 1 step 2 {}"},
		{&protocol.Loop{Var: "i", Lo: lit(0), Hi: v("N"), Body: nil}, "for i in 0..N {}"},
		{&protocol.If{Cond: tru, Then: block(&protocol.Sync{})}, "if true {\n  sync;\n}"},
		{&protocol.If{Cond: tru, Then: block(), Else: block()}, "if true {} else {}"},
		{elseIf, "if a < b {\n  rd A[a];\n} else if c > 0 {} else {\n  sync;\n}"},
		// An else block with more than the conditional keeps its braces.
		{&protocol.If{Cond: tru, Then: block(), Else: block(&protocol.If{Cond: fls, Then: block()}, &protocol.Sync{})},
			"if true {} else {\n  if false {}\n  sync;\n}"},
		{block(block(rd("A", a)), &protocol.Sync{}), "{\n  {\n    rd A[a];\n  }\n  sync;\n}"},
		{block(), "{}"},
	}
	for _, tt := range tests {
		if got := printer.Node(tt.n); got != tt.want {
			t.Errorf("Node =\n%s\nwant\n%s", got, tt.want)
		}
	}
}

func TestFile(t *testing.T) {
	f := &protocol.File{
		Name: "x.prot",
		Unknowns: []protocol.Unknown{
			{At: protocol.Pos{File: "k.cu", Line: 3, Col: 5}, Reason: "pointer arithmetic\non two lines", Array: "A"},
		},
		Decls: []*protocol.Decl{
			{Kind: protocol.Param, Names: []protocol.Ident{{Name: "N"}, {Name: "M"}}},
			{Kind: protocol.Shared, Names: []protocol.Ident{{Name: "A"}}},
		},
		Body: block(&protocol.Loop{Var: "i", Lo: lit(0), Hi: v("N"), Body: block(
			&protocol.If{Cond: cmp(lt, v("i"), v("M")), Then: block(rd("A", v("i")))},
			&protocol.Sync{})}),
	}
	want := `// unknown: k.cu:3:5: pointer arithmetic on two lines

param N, M;
shared A;

for i in 0..N {
  if i < M {
    rd A[i];
  }
  sync;
}
`
	if got := printer.File(f); got != want {
		t.Errorf("File =\n%s\nwant\n%s", got, want)
	}
	if got := printer.Node(f); got != want {
		t.Errorf("Node(file) =\n%s\nwant\n%s", got, want)
	}
	var buf bytes.Buffer
	if err := printer.Fprint(&buf, f); err != nil || buf.String() != want {
		t.Errorf("Fprint = %q, %v", buf.String(), err)
	}
}

func TestFileLayout(t *testing.T) {
	decl := &protocol.Decl{Kind: protocol.Local, Names: []protocol.Ident{{Name: "x"}}}
	unknown := protocol.Unknown{Reason: "r"}
	tests := []struct {
		f    *protocol.File
		want string
	}{
		{nil, ""},
		{&protocol.File{}, ""},
		{&protocol.File{Body: block()}, ""},
		{&protocol.File{Decls: []*protocol.Decl{decl}, Body: block()}, "local x;\n"},
		{&protocol.File{Body: block(&protocol.Sync{})}, "sync;\n"},
		{&protocol.File{Unknowns: []protocol.Unknown{unknown}}, "// unknown: -: r\n"},
		{&protocol.File{Unknowns: []protocol.Unknown{unknown}, Body: block(&protocol.Sync{})}, "// unknown: -: r\n\nsync;\n"},
	}
	for _, tt := range tests {
		if got := printer.File(tt.f); got != tt.want {
			t.Errorf("File = %q, want %q", got, tt.want)
		}
	}
}

type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestFprintError(t *testing.T) {
	f := &protocol.File{Body: block(&protocol.Sync{})}
	if err := printer.Fprint(failingWriter{}, f); err == nil || err.Error() != "disk full" {
		t.Errorf("Fprint to a failing writer: %v", err)
	}
}

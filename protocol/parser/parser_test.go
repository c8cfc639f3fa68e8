package parser_test

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/drfcheck/drfcheck/protocol"
	"github.com/drfcheck/drfcheck/protocol/parser"
)

// Position-free constructors for expected trees; protocol.Equal ignores
// positions.

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
func call(f string, args ...protocol.Expr) *protocol.Call {
	return &protocol.Call{Func: f, Args: args}
}
func bi(k protocol.BuiltinKind, dim int) *protocol.Builtin {
	return &protocol.Builtin{Kind: k, Dim: dim}
}
func boolean(b bool) *protocol.BoolLit { return &protocol.BoolLit{Value: b} }
func cmp(op protocol.CmpOp, x, y protocol.Expr) *protocol.Cmp {
	return &protocol.Cmp{Op: op, X: x, Y: y}
}
func not(x protocol.Cond) *protocol.Not { return &protocol.Not{X: x} }
func logic(op protocol.LogicOp, x, y protocol.Cond) *protocol.Logic {
	return &protocol.Logic{Op: op, X: x, Y: y}
}

const (
	add, sub, mul, div, mod = protocol.Add, protocol.Sub, protocol.Mul, protocol.Div, protocol.Mod
	eq, ne, lt, le, gt, ge  = protocol.Eq, protocol.Ne, protocol.Lt, protocol.Le, protocol.Gt, protocol.Ge
	and, or                 = protocol.And, protocol.Or
)

func TestParseExpr(t *testing.T) {
	tests := []struct {
		src  string
		want protocol.Expr
	}{
		{"42", lit(42)},
		{"0x2A", lit(42)},
		{"0XfF", lit(255)},
		{"0", lit(0)},
		{"9223372036854775807", lit(math.MaxInt64)},
		{"-9223372036854775808", lit(math.MinInt64)},
		{"-0x8000000000000000", lit(math.MinInt64)},
		{"x", v("x")},
		{"_x1", v("_x1")},
		{"param1", v("param1")}, // a keyword prefix does not make a keyword
		{"tid_x", v("tid_x")},
		{"tid", bi(protocol.ThreadIdx, 0)},
		{"threadIdx.x", bi(protocol.ThreadIdx, 0)},
		{"threadIdx.z", bi(protocol.ThreadIdx, 2)},
		{"blockIdx.y", bi(protocol.BlockIdx, 1)},
		{"blockDim.x", bi(protocol.BlockDim, 0)},
		{"gridDim.z", bi(protocol.GridDim, 2)},
		{"threadIdx . y", bi(protocol.ThreadIdx, 1)},
		// Folding of '-' into literals, and only into unparenthesized ones.
		{"-3", lit(-3)},
		{"- 3", lit(-3)},
		{"-(3)", neg(lit(3))},
		{"-(-3)", neg(lit(-3))},
		{"--3", neg(lit(-3))},
		{"-x", neg(v("x"))},
		{"--x", neg(neg(v("x")))},
		{"x - -3", bin(sub, v("x"), lit(-3))},
		{"x-3", bin(sub, v("x"), lit(3))},
		{"-3 * x", bin(mul, lit(-3), v("x"))},
		{"-x * y", bin(mul, neg(v("x")), v("y"))},
		{"-(x * y)", neg(bin(mul, v("x"), v("y")))},
		// Precedence and associativity.
		{"a + b * c", bin(add, v("a"), bin(mul, v("b"), v("c")))},
		{"a * b + c", bin(add, bin(mul, v("a"), v("b")), v("c"))},
		{"a - b - c", bin(sub, bin(sub, v("a"), v("b")), v("c"))},
		{"a - (b - c)", bin(sub, v("a"), bin(sub, v("b"), v("c")))},
		{"a / b / c", bin(div, bin(div, v("a"), v("b")), v("c"))},
		{"a % b * c", bin(mul, bin(mod, v("a"), v("b")), v("c"))},
		{"(a + b) % c", bin(mod, bin(add, v("a"), v("b")), v("c"))},
		{"((a))", v("a")},
		// The conditional expression.
		{"c < 0 ? a : b", ite(cmp(lt, v("c"), lit(0)), v("a"), v("b"))},
		{"p != 0 || q < 1 ? a : b", ite(logic(or, cmp(ne, v("p"), lit(0)), cmp(lt, v("q"), lit(1))), v("a"), v("b"))},
		{"c > 0 ? a : d > 0 ? b : e", ite(cmp(gt, v("c"), lit(0)), v("a"), ite(cmp(gt, v("d"), lit(0)), v("b"), v("e")))},
		{"c > 0 ? d > 0 ? a : b : e", ite(cmp(gt, v("c"), lit(0)), ite(cmp(gt, v("d"), lit(0)), v("a"), v("b")), v("e"))},
		{"(c > 0 ? a : b) + 1", bin(add, ite(cmp(gt, v("c"), lit(0)), v("a"), v("b")), lit(1))},
		{"c > 0 ? a : b + 1", ite(cmp(gt, v("c"), lit(0)), v("a"), bin(add, v("b"), lit(1)))},
		// Uninterpreted functions.
		{"f(x)", call("f", v("x"))},
		{"f(x, y + 1, g(2))", call("f", v("x"), bin(add, v("y"), lit(1)), call("g", lit(2)))},
		{"f(c > 0 ? 1 : 2)", call("f", ite(cmp(gt, v("c"), lit(0)), lit(1), lit(2)))},
		{"2 * f(x)", bin(mul, lit(2), call("f", v("x")))},
		// Comments and whitespace.
		{"a /* mid */ + // end\n b", bin(add, v("a"), v("b"))},
	}
	for _, tt := range tests {
		got, err := parser.ParseExpr("e", tt.src)
		if err != nil {
			t.Errorf("ParseExpr(%q): %v", tt.src, err)
			continue
		}
		if !protocol.Equal(got, tt.want) {
			t.Errorf("ParseExpr(%q) = %s, want %s", tt.src, dump(got), dump(tt.want))
		}
	}
}

func TestParseCond(t *testing.T) {
	tests := []struct {
		src  string
		want protocol.Cond
	}{
		{"true", boolean(true)},
		{"false", boolean(false)},
		{"a == b", cmp(eq, v("a"), v("b"))},
		{"a != b", cmp(ne, v("a"), v("b"))},
		{"a < b", cmp(lt, v("a"), v("b"))},
		{"a <= b", cmp(le, v("a"), v("b"))},
		{"a > b", cmp(gt, v("a"), v("b"))},
		{"a >= b", cmp(ge, v("a"), v("b"))},
		{"a + 1 < b * 2", cmp(lt, bin(add, v("a"), lit(1)), bin(mul, v("b"), lit(2)))},
		{"(a) < (b)", cmp(lt, v("a"), v("b"))},
		{"!true", not(boolean(true))},
		{"!!true", not(not(boolean(true)))},
		{"!(a < b)", not(cmp(lt, v("a"), v("b")))},
		{"((a < b))", cmp(lt, v("a"), v("b"))},
		{"true && false || true", logic(or, logic(and, boolean(true), boolean(false)), boolean(true))},
		{"true || false && true", logic(or, boolean(true), logic(and, boolean(false), boolean(true)))},
		{"true || false || true", logic(or, logic(or, boolean(true), boolean(false)), boolean(true))},
		{"true && (false || true)", logic(and, boolean(true), logic(or, boolean(false), boolean(true)))},
		{"!true && false", logic(and, not(boolean(true)), boolean(false))},
		{"(c > 0 ? 1 : 2) < 3", cmp(lt, ite(cmp(gt, v("c"), lit(0)), lit(1), lit(2)), lit(3))},
	}
	for _, tt := range tests {
		got, err := parser.ParseCond("c", tt.src)
		if err != nil {
			t.Errorf("ParseCond(%q): %v", tt.src, err)
			continue
		}
		if !protocol.Equal(got, tt.want) {
			t.Errorf("ParseCond(%q) = %s, want %s", tt.src, dump(got), dump(tt.want))
		}
	}
}

// TestTypeErrors checks that integers and conditions are told apart, with
// the position of the offending operand.
func TestTypeErrors(t *testing.T) {
	const wantCond = "expected a condition, found an integer expression"
	const wantInt = "expected an integer expression, found a condition"
	tests := []struct {
		cond bool // parse with ParseCond rather than ParseExpr
		src  string
		want string // "line:col: message"
	}{
		{true, "x", "1:1: " + wantCond},
		{true, "1 + 2", "1:1: " + wantCond},
		{true, "!x", "1:2: " + wantCond},
		{true, "!(x)", "1:2: " + wantCond},
		{true, "a < b < c", "1:1: " + wantInt},
		{true, "a < b == c", "1:1: " + wantInt},
		{true, "a == (b < c)", "1:6: " + wantInt},
		{true, "true && 1", "1:9: " + wantCond},
		{true, "x || true", "1:1: " + wantCond},
		{true, "c ? 1 : 2", "1:1: " + wantCond},
		{true, "true == false", "1:1: " + wantInt},
		{false, "true", "1:1: " + wantInt},
		{false, "a < b", "1:1: " + wantInt},
		{false, "(a < b) + 1", "1:1: " + wantInt},
		{false, "1 + (a < b)", "1:5: " + wantInt},
		{false, "-true", "1:2: " + wantInt},
		{false, "-(a < b)", "1:2: " + wantInt},
		{false, "c > 0 ? true : 1", "1:9: " + wantInt},
		{false, "c > 0 ? 1 : false", "1:13: " + wantInt},
		{false, "f(true)", "1:3: " + wantInt},
		{false, "threadIdx.w", "1:11: threadIdx has no dimension w (use x, y or z)"},
		{false, "9223372036854775808", "1:1: integer literal 9223372036854775808 does not fit in 64 bits"},
		{false, "1 2", `1:3: unexpected "2", expected an operator or the end of the expression`},
		{false, "", "1:1: unexpected end of input, expected an expression"},
	}
	for _, tt := range tests {
		var err error
		if tt.cond {
			_, err = parser.ParseCond("t", tt.src)
		} else {
			_, err = parser.ParseExpr("t", tt.src)
		}
		first := firstError(t, err, "t")
		if got := fmt.Sprintf("%d:%d: %s", first.At.Line, first.At.Col, first.Msg); got != tt.want {
			t.Errorf("parse %q: got %q, want %q", tt.src, got, tt.want)
		}
	}
}

// TestAllErrorsReported checks that type errors do not stop at the first
// and do not cascade: each mistake is reported once.
func TestAllErrorsReported(t *testing.T) {
	src := "if 1 { rd A[true]; }\nassume x;\nrd A[a < b < c];\n"
	_, err := parser.ParseFile("f", []byte(src))
	want := []string{
		"f:1:4: expected a condition, found an integer expression",
		"f:1:13: expected an integer expression, found a condition",
		"f:2:8: expected a condition, found an integer expression",
		"f:3:6: expected an integer expression, found a condition",
	}
	if got := err.Error(); got != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", got, strings.Join(want, "\n"))
	}
}

func TestFileStructure(t *testing.T) {
	src := `// leading comment
param N;
sync;
shared A, B;
for i in 0..N { if i < 1 { rd A[i]; } else if i < 2 { wr B[i]; } else { atomic A[0]; } }
global G;
`
	f, err := parser.ParseFile("s.prot", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if f.Name != "s.prot" || len(f.Unknowns) != 0 {
		t.Errorf("Name %q, Unknowns %v", f.Name, f.Unknowns)
	}
	var decls []string
	for _, d := range f.Decls {
		decls = append(decls, fmt.Sprintf("%s@%d:%d", d.Kind, d.At.Line, d.At.Col))
		for _, id := range d.Names {
			decls = append(decls, fmt.Sprintf("%s@%d:%d", id.Name, id.At.Line, id.At.Col))
		}
	}
	if got, want := strings.Join(decls, " "), "param@2:1 N@2:7 shared@4:1 A@4:8 B@4:11 global@6:1 G@6:8"; got != want {
		t.Errorf("decls: got %s, want %s", got, want)
	}
	if len(f.Body.Stmts) != 2 || f.Body.At != (protocol.Pos{File: "s.prot", Line: 3, Col: 1}) {
		t.Fatalf("body: %d statements at %v", len(f.Body.Stmts), f.Body.At)
	}
	loop := f.Body.Stmts[1].(*protocol.Loop)
	if loop.Step != nil || loop.Sync {
		t.Errorf("loop: Step %v, Sync %v; want nil, false", loop.Step, loop.Sync)
	}
	// else if is an else block holding the nested conditional.
	outer := loop.Body.Stmts[0].(*protocol.If)
	if len(outer.Else.Stmts) != 1 || outer.Else.At != (protocol.Pos{File: "s.prot", Line: 5, Col: 44}) {
		t.Fatalf("else-if block: %+v", outer.Else)
	}
	inner := outer.Else.Stmts[0].(*protocol.If)
	if inner.Else == nil || len(inner.Else.Stmts) != 1 {
		t.Errorf("inner else: %+v", inner.Else)
	}
	for _, a := range protocol.Accesses(f) {
		if a.ID != 0 || a.Source != "" || a.Loops != nil {
			t.Errorf("access %v carries annotations", a.At)
		}
	}
}

func TestEmptyFile(t *testing.T) {
	for _, src := range []string{"", "  \n// only a comment\n", "param N;"} {
		f, err := parser.ParseFile("e.prot", []byte(src))
		if err != nil {
			t.Fatalf("%q: %v", src, err)
		}
		if f.Body == nil || len(f.Body.Stmts) != 0 || f.Body.At != (protocol.Pos{File: "e.prot", Line: 1, Col: 1}) {
			t.Errorf("%q: body %+v, want an empty block at 1:1", src, f.Body)
		}
	}
}

// TestPositions lists every node of a small file with its position: each
// node starts where its first token does, binary nodes where their left
// operand does.
func TestPositions(t *testing.T) {
	src := `param N;
for i in 0..N step 2 {
  if (i + 1) * 2 < N && !true { rd A[-i][f(i)]; }
  else { sync; }
  assume (i >= -1 ? tid : blockIdx.y) == 0;
}
`
	f, err := parser.ParseFile("p", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	protocol.Inspect(f.Body, func(n protocol.Node) bool {
		if n != nil {
			got = append(got, fmt.Sprintf("%s@%d:%d", strings.TrimPrefix(fmt.Sprintf("%T", n), "*protocol."), n.Pos().Line, n.Pos().Col))
		}
		return true
	})
	want := []string{
		"Block@2:1", "Loop@2:1", "IntLit@2:10", "Var@2:13", "IntLit@2:20", "Block@2:22",
		"If@3:3", "Logic@3:6", "Cmp@3:6", "Binary@3:6", "Binary@3:7", "Var@3:7", "IntLit@3:11",
		"IntLit@3:16", "Var@3:20", "Not@3:25", "BoolLit@3:26", "Block@3:31",
		"Access@3:33", "Neg@3:38", "Var@3:39", "Call@3:42", "Var@3:44",
		"Block@4:8", "Sync@4:10",
		"Assume@5:3", "Cmp@5:10", "Ite@5:11", "Cmp@5:11", "Var@5:11", "IntLit@5:16", "Builtin@5:21", "Builtin@5:27", "IntLit@5:42",
	}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("positions:\ngot  %s\nwant %s", strings.Join(got, " "), strings.Join(want, " "))
	}
	if f.Body.Stmts[0].Pos().File != "p" {
		t.Errorf("position without file name: %v", f.Body.Stmts[0].Pos())
	}
}

// TestLexing covers the tokens that are easy to get wrong: ranges next to
// integers and names, and dots.
func TestLexing(t *testing.T) {
	tests := []struct{ src, lo, hi string }{
		{"for i in 0..N {}", "0", "N"},
		{"for i in a..b {}", "a", "b"},
		{"for i in 0..10 {}", "0", "10"},
		{"for i in 0x0..0x10 {}", "0", "16"},
		{"for i in -1..-2 {}", "-1", "-2"},
		{"for i in tid..threadIdx.y {}", "tid", "threadIdx.y"},
		{"for i in 0 .. N {}", "0", "N"},
	}
	for _, tt := range tests {
		f, err := parser.ParseFile("l", []byte(tt.src))
		if err != nil {
			t.Errorf("%q: %v", tt.src, err)
			continue
		}
		l := f.Body.Stmts[0].(*protocol.Loop)
		if got, want := dump(l.Lo)+" "+dump(l.Hi), tt.lo+" "+tt.hi; got != want {
			t.Errorf("%q: bounds %s, want %s", tt.src, got, want)
		}
	}
}

func TestNestingLimit(t *testing.T) {
	ok := []string{
		strings.Repeat("(", 900) + "1" + strings.Repeat(")", 900),
		strings.Repeat("-", 900) + "x",
		strings.Repeat("c > 0 ? 1 : ", 900) + "2",
		strings.Repeat("x + ", 5000) + "x", // long, but not deep
	}
	for _, src := range ok {
		if _, err := parser.ParseExpr("n", src); err != nil {
			t.Errorf("%.20s...: %v", src, err)
		}
	}
	deep := []string{
		strings.Repeat("(", 5000),
		strings.Repeat("-", 5000) + "x",
		strings.Repeat("!", 5000) + "true",
		strings.Repeat("[", 5000),
		strings.Repeat("c > 0 ? 1 : ", 2000) + "2",
		"rd A[" + strings.Repeat("f(", 2000) + "1" + strings.Repeat(")", 2000) + "];",
		strings.Repeat("if true {} else ", 2000) + "{}",
		strings.Repeat("{", 2000) + strings.Repeat("}", 2000),
		"rd A[" + strings.Repeat("-(", 600) + strings.Repeat("!", 600),
	}
	for _, src := range deep {
		_, err := parser.ParseFile("n", []byte(src))
		if first := firstError(t, err, "n"); !strings.Contains(first.Msg, "nesting too deep") {
			t.Errorf("%.20s...: %v", src, err)
		}
	}
	// Statements in sequence, and operands in sequence, do not nest.
	flat := []string{
		strings.Repeat("if !true {} else {}\nassume -1 < 0;\n", 1500),
		"assume " + strings.Repeat("!(a == 1) && !true && ", 1500) + "true;",
		"rd A[" + strings.Repeat("-a + -(1) - -2 * ", 1500) + "0];",
		"rd A[" + strings.Repeat("f(-1, -2) + ", 1500) + "0];",
	}
	for _, src := range flat {
		if _, err := parser.ParseFile("n", []byte(src)); err != nil {
			t.Errorf("%.20s...: %v", src, err)
		}
	}
	chain := strings.Repeat("if true {} else ", 900) + "{}"
	if _, err := parser.ParseFile("n", []byte(chain)); err != nil {
		t.Errorf("else-if chain: %v", err)
	}
}

// dump prints a tree compactly for failure messages, independently of the
// printer package under test elsewhere.
func dump(n protocol.Node) string {
	switch n := n.(type) {
	case *protocol.IntLit:
		return fmt.Sprint(n.Value)
	case *protocol.Var:
		return n.Name
	case *protocol.Builtin:
		if n.Kind == protocol.ThreadIdx && n.Dim == 0 {
			return "tid"
		}
		return n.Name()
	case *protocol.Neg:
		return "neg(" + dump(n.X) + ")"
	case *protocol.Binary:
		return "(" + dump(n.X) + " " + n.Op.String() + " " + dump(n.Y) + ")"
	case *protocol.Ite:
		return "(" + dump(n.Cond) + " ? " + dump(n.Then) + " : " + dump(n.Else) + ")"
	case *protocol.Call:
		var args []string
		for _, a := range n.Args {
			args = append(args, dump(a))
		}
		return n.Func + "(" + strings.Join(args, ", ") + ")"
	case *protocol.BoolLit:
		return fmt.Sprint(n.Value)
	case *protocol.Cmp:
		return "(" + dump(n.X) + " " + n.Op.String() + " " + dump(n.Y) + ")"
	case *protocol.Not:
		return "not(" + dump(n.X) + ")"
	case *protocol.Logic:
		return "(" + dump(n.X) + " " + n.Op.String() + " " + dump(n.Y) + ")"
	}
	return fmt.Sprintf("%T", n)
}

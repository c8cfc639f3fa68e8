package parser_test

// The tests of protocol.Equal live here, beside its main user.

import (
	"testing"

	"github.com/drfcheck/drfcheck/protocol"
	"github.com/drfcheck/drfcheck/protocol/parser"
)

func at(line, col int) protocol.Pos { return protocol.Pos{File: "f", Line: line, Col: col} }

func TestEqual(t *testing.T) {
	var nilBlock *protocol.Block
	var nilExpr protocol.Expr
	x, y := v("x"), v("y")
	access := func(id int, src string, loops []protocol.LoopValue) *protocol.Access {
		return &protocol.Access{At: at(id, 1), ID: id, Mode: protocol.Write, Array: "A", Index: []protocol.Expr{x}, Source: src, Loops: loops}
	}
	loop := func(step protocol.Expr, sync bool) *protocol.Loop {
		return &protocol.Loop{Var: "i", Lo: lit(0), Hi: v("N"), Step: step, Body: &protocol.Block{}, Sync: sync}
	}
	decl := func(k protocol.DeclKind, names ...string) *protocol.Decl {
		d := &protocol.Decl{Kind: k}
		for i, n := range names {
			d.Names = append(d.Names, protocol.Ident{At: at(1, i), Name: n})
		}
		return d
	}
	file := func(name string, unknowns ...protocol.Unknown) *protocol.File {
		return &protocol.File{Name: name, Decls: []*protocol.Decl{decl(protocol.Param, "N")}, Body: &protocol.Block{Stmts: []protocol.Stmt{&protocol.Sync{}}}, Unknowns: unknowns}
	}
	tests := []struct {
		name string
		a, b protocol.Node
		want bool
	}{
		{"nil nil", nil, nil, true},
		{"nil expr", nil, x, false},
		{"typed nil blocks", nilBlock, nilBlock, true},
		{"typed nil and nil", nilBlock, nil, true},
		{"typed nil and empty block", nilBlock, &protocol.Block{}, false},
		{"nil interface expr", nilExpr, nil, true},
		{"positions ignored", &protocol.Var{At: at(1, 1), Name: "x"}, &protocol.Var{At: at(9, 9), Name: "x"}, true},
		{"names differ", x, y, false},
		{"literals", lit(3), lit(3), true},
		{"literal values", lit(3), lit(-3), false},
		{"negative literal vs negation", lit(-3), neg(lit(3)), false},
		{"builtins", bi(protocol.BlockIdx, 1), bi(protocol.BlockIdx, 1), true},
		{"builtin dims", bi(protocol.BlockIdx, 1), bi(protocol.BlockIdx, 2), false},
		{"builtin kinds", bi(protocol.BlockIdx, 1), bi(protocol.GridDim, 1), false},
		{"binary", bin(add, x, y), bin(add, x, y), true},
		{"binary ops", bin(add, x, y), bin(sub, x, y), false},
		{"binary operands", bin(add, x, y), bin(add, y, x), false},
		{"var vs call", x, call("x", y), false},
		{"calls", call("f", x, y), call("f", x, y), true},
		{"call arity", call("f", x), call("f", x, y), false},
		{"call names", call("f", x), call("g", x), false},
		{"ite", ite(boolean(true), x, y), ite(boolean(true), x, y), true},
		{"ite branches", ite(boolean(true), x, y), ite(boolean(true), y, x), false},
		{"expr vs cond", lit(1), boolean(true), false},
		{"cmp", cmp(lt, x, y), cmp(lt, x, y), true},
		{"cmp ops", cmp(lt, x, y), cmp(le, x, y), false},
		{"not", not(boolean(true)), not(boolean(true)), true},
		{"not vs cond", not(boolean(true)), boolean(false), false},
		{"logic ops", logic(and, boolean(true), boolean(false)), logic(or, boolean(true), boolean(false)), false},
		{"access annotations ignored", access(1, "A[x]", []protocol.LoopValue{{Name: "i", Value: x}}), access(2, "", nil), true},
		{"access modes", access(1, "", nil), &protocol.Access{Mode: protocol.Read, Array: "A", Index: []protocol.Expr{x}}, false},
		{"access arrays", access(1, "", nil), &protocol.Access{Mode: protocol.Write, Array: "B", Index: []protocol.Expr{x}}, false},
		{"access dimensions", access(1, "", nil), &protocol.Access{Mode: protocol.Write, Array: "A", Index: []protocol.Expr{x, x}}, false},
		{"loop sync ignored", loop(nil, true), loop(nil, false), true},
		{"nil step vs 1", loop(nil, false), loop(lit(1), false), false},
		{"steps", loop(lit(2), false), loop(lit(2), false), true},
		{"if without else vs empty else", &protocol.If{Cond: boolean(true), Then: &protocol.Block{}},
			&protocol.If{Cond: boolean(true), Then: &protocol.Block{}, Else: &protocol.Block{}}, false},
		{"sync", &protocol.Sync{At: at(1, 1)}, &protocol.Sync{}, true},
		{"sync vs block", &protocol.Sync{}, &protocol.Block{}, false},
		{"assume", &protocol.Assume{Cond: cmp(eq, x, y)}, &protocol.Assume{Cond: cmp(eq, x, y)}, true},
		{"block lengths", &protocol.Block{Stmts: []protocol.Stmt{&protocol.Sync{}}}, &protocol.Block{}, false},
		{"decls", decl(protocol.Param, "N", "M"), decl(protocol.Param, "N", "M"), true},
		{"decl kinds", decl(protocol.Param, "N"), decl(protocol.Local, "N"), false},
		{"decl names", decl(protocol.Param, "N", "M"), decl(protocol.Param, "N"), false},
		{"file names ignored", file("a"), file("b"), true},
		{"unknowns compared", file("a", protocol.Unknown{Reason: "r"}), file("a"), false},
		{"unknown positions ignored", file("a", protocol.Unknown{At: at(1, 1), Reason: "r", Array: "A"}), file("a", protocol.Unknown{Reason: "r", Array: "A"}), true},
		{"unknown arrays", file("a", protocol.Unknown{Reason: "r", Array: "A"}), file("a", protocol.Unknown{Reason: "r"}), false},
	}
	for _, tt := range tests {
		if got := protocol.Equal(tt.a, tt.b); got != tt.want {
			t.Errorf("%s: Equal = %v, want %v", tt.name, got, tt.want)
		}
		if got := protocol.Equal(tt.b, tt.a); got != tt.want {
			t.Errorf("%s: Equal is not symmetric", tt.name)
		}
	}
}

// TestEqualParsed compares parsed sources: layout and spelling that the
// parser normalizes make no difference; structure does.
func TestEqualParsed(t *testing.T) {
	tests := []struct {
		a, b string
		want bool
	}{
		{"param N; rd A[N+1];", "param N;\n\n  rd A[ (N) + 1 ] ; // same", true},
		{"rd A[tid];", "rd A[threadIdx.x];", true},
		{"rd A[0x10];", "rd A[16];", true},
		{"if true {} else if false {}", "if true {} else { if false {} }", true},
		{"rd A[a - b - c];", "rd A[a - (b - c)];", false},
		{"rd A[-3];", "rd A[-(3)];", false},
		{"for i in 0..N {}", "for i in 0..N step 1 {}", false},
		{"param N, M;", "param N; param M;", false},
		{"sync; sync;", "sync;", false},
	}
	for _, tt := range tests {
		fa, err := parser.ParseFile("a", []byte(tt.a))
		if err != nil {
			t.Fatal(err)
		}
		fb, err := parser.ParseFile("b", []byte(tt.b))
		if err != nil {
			t.Fatal(err)
		}
		if got := protocol.Equal(fa, fb); got != tt.want {
			t.Errorf("Equal(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
}

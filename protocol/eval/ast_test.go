package eval_test

// Constructors for test protocols, built directly as AST values so that the
// tests do not depend on the .prot parser.

import (
	"fmt"

	"github.com/drfcheck/drfcheck/protocol"
	"github.com/drfcheck/drfcheck/protocol/eval"
)

// at returns a position on line l of the test file.
func at(l int) protocol.Pos { return protocol.Pos{File: "t.prot", Line: l, Col: 1} }

func n(v int64) protocol.Expr     { return &protocol.IntLit{Value: v} }
func x(name string) protocol.Expr { return &protocol.Var{Name: name} }

var tid protocol.Expr = &protocol.Builtin{Kind: protocol.ThreadIdx, Dim: 0}

func builtin(k protocol.BuiltinKind, dim int) protocol.Expr {
	return &protocol.Builtin{Kind: k, Dim: dim}
}

func bin(op protocol.BinOp, a, b protocol.Expr) protocol.Expr {
	return &protocol.Binary{Op: op, X: a, Y: b}
}
func plus(a, b protocol.Expr) protocol.Expr  { return bin(protocol.Add, a, b) }
func minus(a, b protocol.Expr) protocol.Expr { return bin(protocol.Sub, a, b) }
func times(a, b protocol.Expr) protocol.Expr { return bin(protocol.Mul, a, b) }
func div(a, b protocol.Expr) protocol.Expr   { return bin(protocol.Div, a, b) }

func call(f string, args ...protocol.Expr) protocol.Expr {
	return &protocol.Call{Func: f, Args: args}
}
func ite(c protocol.Cond, a, b protocol.Expr) protocol.Expr {
	return &protocol.Ite{Cond: c, Then: a, Else: b}
}

func cmp(op protocol.CmpOp, a, b protocol.Expr) protocol.Cond {
	return &protocol.Cmp{Op: op, X: a, Y: b}
}
func lt(a, b protocol.Expr) protocol.Cond { return cmp(protocol.Lt, a, b) }
func gt(a, b protocol.Expr) protocol.Cond { return cmp(protocol.Gt, a, b) }
func eq(a, b protocol.Expr) protocol.Cond { return cmp(protocol.Eq, a, b) }
func ne(a, b protocol.Expr) protocol.Cond { return cmp(protocol.Ne, a, b) }
func or(a, b protocol.Cond) protocol.Cond {
	return &protocol.Logic{Op: protocol.Or, X: a, Y: b}
}

func acc(m protocol.Mode, array string, idx ...protocol.Expr) *protocol.Access {
	return &protocol.Access{Mode: m, Array: array, Index: idx}
}
func rd(array string, idx ...protocol.Expr) *protocol.Access {
	return acc(protocol.Read, array, idx...)
}
func wr(array string, idx ...protocol.Expr) *protocol.Access {
	return acc(protocol.Write, array, idx...)
}
func atomic(array string, idx ...protocol.Expr) *protocol.Access {
	return acc(protocol.Atomic, array, idx...)
}

func sync() *protocol.Sync { return &protocol.Sync{} }

func block(stmts ...protocol.Stmt) *protocol.Block { return &protocol.Block{Stmts: stmts} }

func loop(v string, lo, hi protocol.Expr, body ...protocol.Stmt) *protocol.Loop {
	return &protocol.Loop{Var: v, Lo: lo, Hi: hi, Body: block(body...)}
}
func loopStep(v string, lo, hi, step protocol.Expr, body ...protocol.Stmt) *protocol.Loop {
	l := loop(v, lo, hi, body...)
	l.Step = step
	return l
}

func ifThen(c protocol.Cond, then ...protocol.Stmt) *protocol.If {
	return &protocol.If{Cond: c, Then: block(then...)}
}
func ifElse(c protocol.Cond, then, els []protocol.Stmt) *protocol.If {
	return &protocol.If{Cond: c, Then: block(then...), Else: block(els...)}
}

func assume(c protocol.Cond) *protocol.Assume { return &protocol.Assume{Cond: c} }

func decl(k protocol.DeclKind, names ...string) *protocol.Decl {
	d := &protocol.Decl{Kind: k}
	for _, name := range names {
		d.Names = append(d.Names, protocol.Ident{Name: name})
	}
	return d
}

func file(decls []*protocol.Decl, body ...protocol.Stmt) *protocol.File {
	return &protocol.File{Name: "t.prot", Decls: decls, Body: block(body...)}
}

func decls(ds ...*protocol.Decl) []*protocol.Decl { return ds }

// threads returns threads with threadIdx.x = ids in block 0.
func threads(ids ...int64) []eval.Thread {
	ts := make([]eval.Thread, len(ids))
	for i, id := range ids {
		ts[i].Idx[0] = id
	}
	return ts
}

// show prints an access value compactly: "t1 wr tile[1] r=1 i=0".
func show(a eval.AccessValue) string {
	s := fmt.Sprintf("t%d %s %s%v", a.Thread, a.Access.Mode, a.Access.Array, a.Index)
	for _, l := range a.Loops {
		s += fmt.Sprintf(" %s=%d", l.Name, l.Value)
	}
	return s
}

func showAll(as []eval.AccessValue) []string {
	out := []string{}
	for _, a := range as {
		out = append(out, show(a))
	}
	return out
}

// history prints the phases of every block.
func history(r *eval.Result) [][][]string {
	var out [][][]string
	for _, b := range r.Blocks {
		var phases [][]string
		for _, p := range b.Phases {
			phases = append(phases, showAll(p))
		}
		out = append(out, phases)
	}
	return out
}

func showRaces(rs []eval.Race) []string {
	out := []string{}
	for _, r := range rs {
		out = append(out, show(r.A)+" / "+show(r.B))
	}
	return out
}

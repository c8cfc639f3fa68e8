// Package printer prints protocol ASTs as .prot text in one canonical
// format: two-space indentation, one statement per line, declarations before
// statements, and only the parentheses that precedence and associativity
// require.
//
// The format is the inverse of package parser: for every file f the parser
// produces, parsing the printed text gives a file protocol.Equal to f, and
// printing that again gives the same text. Analysis annotations (Access.ID,
// Access.Source, Access.Loops, Loop.Sync) are not printed; the constructs a
// front end could not model (File.Unknowns) are printed as comments.
package printer

import (
	"io"
	"strconv"
	"strings"

	"github.com/drfcheck/drfcheck/protocol"
)

// Fprint writes f to w in the canonical format.
func Fprint(w io.Writer, f *protocol.File) error {
	_, err := io.WriteString(w, File(f))
	return err
}

// File returns f in the canonical format. It ends with a newline unless f is
// empty.
func File(f *protocol.File) string {
	p := &printer{}
	p.file(f)
	return p.b.String()
}

// Node returns n as .prot text: an expression or condition on one line, a
// statement, block or declaration without a trailing newline, a file as
// File does. A nil node gives "".
func Node(n protocol.Node) string {
	p := &printer{}
	switch n := n.(type) {
	case nil:
	case *protocol.File:
		p.file(n)
	case *protocol.Decl:
		p.decl(n)
	case protocol.Stmt:
		p.stmt(n)
		return strings.TrimSuffix(p.b.String(), "\n")
	case protocol.Expr:
		p.expr(n, precTernary)
	case protocol.Cond:
		p.cond(n, precTernary)
	}
	return p.b.String()
}

type printer struct {
	b      strings.Builder
	indent int
}

func (p *printer) write(ss ...string) {
	for _, s := range ss {
		p.b.WriteString(s)
	}
}

// ---- files and statements ----

func (p *printer) file(f *protocol.File) {
	if f == nil {
		return
	}
	hasStmts := f.Body != nil && len(f.Body.Stmts) > 0
	for _, u := range f.Unknowns {
		p.write("// unknown: ", oneLine.Replace(u.String()), "\n")
	}
	if len(f.Unknowns) > 0 && (len(f.Decls) > 0 || hasStmts) {
		p.write("\n")
	}
	for _, d := range f.Decls {
		p.decl(d)
		p.write("\n")
	}
	if len(f.Decls) > 0 && hasStmts {
		p.write("\n")
	}
	if hasStmts {
		p.stmts(f.Body.Stmts)
	}
}

// oneLine keeps a reason spanning lines from ending its comment early.
var oneLine = strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ")

func (p *printer) decl(d *protocol.Decl) {
	p.write(d.Kind.String(), " ")
	if d.Block {
		p.write("shared ")
	}
	for i, id := range d.Names {
		if i > 0 {
			p.write(", ")
		}
		p.write(id.Name)
	}
	p.write(";")
}

func (p *printer) stmts(ss []protocol.Stmt) {
	for _, s := range ss {
		p.write(strings.Repeat("  ", p.indent))
		p.stmt(s)
	}
}

// stmt prints s from the current column to the end of its line, newline
// included; the caller has written the indentation.
func (p *printer) stmt(s protocol.Stmt) {
	switch s := s.(type) {
	case *protocol.Access:
		p.access(s)
	case *protocol.Sync:
		w := "sync"
		if s.Scope != protocol.ScopeBlock {
			w += " " + s.Scope.String()
		}
		if s.Fence != protocol.FenceAll {
			w += " " + s.Fence.String()
		}
		p.write(w)
		if inv := s.Invariant; inv != nil {
			p.write(" invariant ")
			p.cond(inv.Cond, precTernary)
			for i, e := range inv.For {
				if i == 0 {
					p.write(" for ")
				} else {
					p.write(", ")
				}
				p.expr(e, precTernary)
			}
			for i, pr := range inv.Pairs {
				if i == 0 && len(inv.For) == 0 {
					p.write(" for {")
				} else {
					p.write(", {")
				}
				p.expr(pr[0], precTernary)
				p.write(", ")
				p.expr(pr[1], precTernary)
				p.write("}")
			}
		}
		p.write(";")
	case *protocol.Loop:
		p.loop(s)
	case *protocol.If:
		p.ifStmt(s)
	case *protocol.Assume:
		p.write("assume ")
		p.cond(s.Cond, precTernary)
		p.write(";")
	case *protocol.Block:
		p.block(s)
	default:
		p.write("<nil>;") // only a broken tree has these; make it visible
	}
	p.write("\n")
}

func (p *printer) access(a *protocol.Access) {
	p.write(a.Mode.String())
	if a.BlockScope && a.Mode == protocol.Atomic {
		p.write(".block")
	}
	p.write(" ", a.Array)
	for _, e := range a.Index {
		p.write("[")
		p.expr(e, precTernary)
		p.write("]")
	}
	if a.Value != nil {
		p.write(" = ")
		p.expr(a.Value, precTernary)
	}
	if a.As != "" {
		p.write(" as ", a.As)
	}
	p.write(";")
}

func (p *printer) loop(l *protocol.Loop) {
	p.write("for ", l.Var, " in ")
	p.expr(l.Lo, precTernary)
	p.write("..")
	p.expr(l.Hi, precTernary)
	if l.Step != nil {
		p.write(" step ")
		p.expr(l.Step, precTernary)
	}
	p.write(" ")
	p.block(l.Body)
}

// ifStmt prints an else block that holds only a conditional as "else if",
// which is how the parser reads "else if" back.
func (p *printer) ifStmt(s *protocol.If) {
	p.write("if ")
	p.cond(s.Cond, precTernary)
	p.write(" ")
	p.block(s.Then)
	if s.Else == nil {
		return
	}
	p.write(" else ")
	if nested := elseIf(s.Else); nested != nil {
		p.ifStmt(nested)
		return
	}
	p.block(s.Else)
}

func elseIf(b *protocol.Block) *protocol.If {
	if len(b.Stmts) != 1 {
		return nil
	}
	s, _ := b.Stmts[0].(*protocol.If)
	return s
}

// block prints braces around the statements; the closing brace ends the
// output, without newline. A nil block prints as an empty one.
func (p *printer) block(b *protocol.Block) {
	if b == nil || len(b.Stmts) == 0 {
		p.write("{}")
		return
	}
	p.write("{\n")
	p.indent++
	p.stmts(b.Stmts)
	p.indent--
	p.write(strings.Repeat("  ", p.indent), "}")
}

// ---- expressions and conditions ----

// Precedence levels, loosest first, as in the parser's grammar (C's, but
// for the bitwise operators, which bind tighter than comparisons).
const (
	precTernary = iota + 1
	precOr
	precAnd
	precEq
	precRel
	precBitOr
	precBitXor
	precBitAnd
	precShift
	precAdd
	precMul
	precUnary
	precPrimary
)

// expr prints e, in parentheses if it binds more loosely than min, the
// precedence its position requires.
func (p *printer) expr(e protocol.Expr, min int) {
	if exprPrec(e) < min {
		p.write("(")
		defer p.write(")")
	}
	switch e := e.(type) {
	case *protocol.IntLit:
		p.write(strconv.FormatInt(e.Value, 10))
	case *protocol.Var:
		p.write(e.Name)
	case *protocol.Builtin:
		p.write(builtinName(e))
	case *protocol.Neg:
		p.neg(e)
	case *protocol.Binary:
		prec := exprPrec(e)
		// Left-associative: an operand of the same level needs
		// parentheses only on the right.
		p.expr(e.X, prec)
		p.write(" ", e.Op.String(), " ")
		p.expr(e.Y, prec+1)
	case *protocol.Ite:
		p.cond(e.Cond, precOr)
		p.write(" ? ")
		p.expr(e.Then, precTernary)
		p.write(" : ")
		p.expr(e.Else, precTernary) // right-associative
	case *protocol.Call:
		p.call(e)
	case *protocol.Other:
		p.write("other(")
		p.expr(e.X, precTernary)
		p.write(")")
	case *protocol.Content:
		p.write(e.Array)
		for _, i := range e.Index {
			p.write("[")
			p.expr(i, precTernary)
			p.write("]")
		}
	default:
		p.write("<nil>")
	}
}

// neg prints a negation. A literal operand is parenthesized, because the
// parser reads "-3" as the literal -3, not as the negation of 3.
func (p *printer) neg(e *protocol.Neg) {
	p.write("-")
	if lit, ok := e.X.(*protocol.IntLit); ok {
		p.write("(", strconv.FormatInt(lit.Value, 10), ")")
		return
	}
	p.expr(e.X, precUnary)
}

func (p *printer) call(e *protocol.Call) {
	p.write(e.Func, "(")
	for i, a := range e.Args {
		if i > 0 {
			p.write(", ")
		}
		p.expr(a, precTernary)
	}
	p.write(")")
}

// builtinName prints threadIdx.x as the .prot keyword tid. A dimension that
// is out of range (which protocol.Check rejects) is printed rather than
// allowed to crash the printer.
func builtinName(b *protocol.Builtin) string {
	switch {
	case b.Kind == protocol.ThreadIdx && b.Dim == 0:
		return "tid"
	case b.Kind < protocol.ThreadIdx || b.Kind > protocol.GridDim:
		return "<builtin " + strconv.Itoa(int(b.Kind)) + ">"
	case b.Dim < 0 || b.Dim > 2:
		return b.Kind.String() + ".<dim " + strconv.Itoa(b.Dim) + ">"
	}
	return b.Name()
}

func exprPrec(e protocol.Expr) int {
	switch e := e.(type) {
	case *protocol.IntLit:
		if e.Value < 0 {
			return precUnary // it starts with a minus sign
		}
	case *protocol.Neg:
		return precUnary
	case *protocol.Binary:
		switch e.Op {
		case protocol.Add, protocol.Sub:
			return precAdd
		case protocol.BitOr:
			return precBitOr
		case protocol.BitXor:
			return precBitXor
		case protocol.BitAnd:
			return precBitAnd
		case protocol.Shl, protocol.Shr:
			return precShift
		}
		return precMul
	case *protocol.Ite:
		return precTernary
	}
	return precPrimary
}

// cond prints c, in parentheses if it binds more loosely than min.
func (p *printer) cond(c protocol.Cond, min int) {
	if condPrec(c) < min {
		p.write("(")
		defer p.write(")")
	}
	switch c := c.(type) {
	case *protocol.BoolLit:
		p.write(strconv.FormatBool(c.Value))
	case *protocol.Cmp:
		// Comparisons do not chain: both operands are integers, of a
		// tighter level.
		prec := condPrec(c)
		p.expr(c.X, prec+1)
		p.write(" ", c.Op.String(), " ")
		p.expr(c.Y, prec+1)
	case *protocol.Not:
		p.write("!")
		p.cond(c.X, precUnary)
	case *protocol.Logic:
		prec := condPrec(c)
		p.cond(c.X, prec)
		p.write(" ", c.Op.String(), " ")
		p.cond(c.Y, prec+1)
	default:
		p.write("<nil>")
	}
}

func condPrec(c protocol.Cond) int {
	switch c := c.(type) {
	case *protocol.Cmp:
		if c.Op == protocol.Eq || c.Op == protocol.Ne {
			return precEq
		}
		return precRel
	case *protocol.Not:
		return precUnary
	case *protocol.Logic:
		if c.Op == protocol.And {
			return precAnd
		}
		return precOr
	}
	return precPrimary
}

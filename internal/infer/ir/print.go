package ir

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/drfcheck/drfcheck/protocol"
)

// Print returns the text form of a function: a header with its
// parameters and memory, then its body, one statement a line. Memory
// accesses show their byte address in brackets: load f32 [A + 4*i].
func Print(f *Func) string { return Config{}.Print(f) }

// Config adjusts the text form.
type Config struct {
	// Pos ends every statement's line with its position (// line:col).
	Pos bool
}

// Print returns the text form of a function.
func (c Config) Print(f *Func) string {
	p := &printer{cfg: c}
	p.header(f)
	p.line(0, "{", f.At)
	p.stmts(1, f.Body.Stmts)
	p.line(0, "}", f.At)
	return p.b.String()
}

// PrintStmt returns the text form of one statement, as in a function.
func PrintStmt(s Stmt) string {
	p := &printer{}
	p.stmt(0, s)
	return p.b.String()
}

type printer struct {
	cfg Config
	b   strings.Builder
}

func (p *printer) header(f *Func) {
	fmt.Fprintf(&p.b, "kernel %s\n", f.Name)
	for _, v := range f.Params {
		fmt.Fprintf(&p.b, "  param %s %s\n", v.Name, v.T)
	}
	for _, b := range f.Bases {
		fmt.Fprintf(&p.b, "  %s %s %s\n", b.Kind, b.Name, baseShape(b))
	}
}

// baseShape spells a base's element type and dimensions: f32[16][17],
// f32[?] for a pointer parameter, {16}[8] for an array of 16-byte structs.
func baseShape(b *Base) string {
	elem := b.Elem.String()
	if b.Size != b.Elem.Size || b.Elem.Kind == Void {
		elem = fmt.Sprintf("{%d}", b.Size)
	}
	var s strings.Builder
	s.WriteString(elem)
	for _, d := range b.Dims {
		if d == 0 {
			s.WriteString("[?]")
		} else {
			fmt.Fprintf(&s, "[%d]", d)
		}
	}
	return s.String()
}

func (p *printer) line(depth int, text string, at interface{ String() string }) {
	p.b.WriteString(strings.Repeat("  ", depth))
	p.b.WriteString(text)
	if p.cfg.Pos && at != nil {
		fmt.Fprintf(&p.b, "  // %s", posText(at.String()))
	}
	p.b.WriteByte('\n')
}

// posText drops the file from a position: line:col.
func posText(s string) string {
	parts := strings.Split(s, ":")
	if len(parts) >= 2 {
		return parts[len(parts)-2] + ":" + parts[len(parts)-1]
	}
	return s
}

func (p *printer) stmts(depth int, ss []Stmt) {
	for _, s := range ss {
		p.stmt(depth, s)
	}
}

func (p *printer) stmt(depth int, s Stmt) {
	if text, ok := simple(s); ok {
		p.line(depth, text, s.Pos())
		return
	}
	switch s := s.(type) {
	case *Block:
		p.line(depth, "{", s.At)
		p.stmts(depth+1, s.Stmts)
		p.line(depth, "}", s.At)
	case *If:
		p.ifStmt(depth, s, "")
	case *Region:
		p.line(depth, "region "+s.Name+" {", s.At)
		p.stmts(depth+1, s.Body.Stmts)
		p.line(depth, "}", s.At)
	case *Loop:
		p.loop(depth, s)
	case *Assume:
		// about pairs, with statements that do not fit on one line
		kw := "assume"
		if s.Requires {
			kw = "requires"
		}
		p.line(depth, kw+" pair {", s.At)
		p.stmts(depth+1, s.Pre.Stmts)
		p.line(depth, "} "+ExprString(s.Cond), s.At)
	}
}

func (p *printer) ifStmt(depth int, s *If, prefix string) {
	p.line(depth, prefix+"if "+ExprString(s.Cond)+" {", s.At)
	p.stmts(depth+1, s.Then.Stmts)
	if s.Else == nil || len(s.Else.Stmts) == 0 {
		p.line(depth, "}", s.At)
		return
	}
	if len(s.Else.Stmts) == 1 {
		if e, ok := s.Else.Stmts[0].(*If); ok {
			p.ifStmt(depth, e, "} else ")
			return
		}
	}
	p.line(depth, "} else {", s.At)
	p.stmts(depth+1, s.Else.Stmts)
	p.line(depth, "}", s.At)
}

func (p *printer) loop(depth int, s *Loop) {
	cond := ""
	if s.Cond != nil {
		cond = ExprString(s.Cond)
	}
	init, okI := inline(s.Init)
	test, okT := inline(s.Test)
	post, okP := inline(s.Post)
	if test != "" {
		cond = "{" + test + "} " + cond
	}
	if !okI || !okT || !okP {
		// statements too large for one line: the parts as blocks
		p.line(depth, s.Kind.String()+" {", s.At)
		for _, part := range []struct {
			name string
			b    *Block
		}{{"init", s.Init}, {"test", s.Test}, {"post", s.Post}} {
			if part.b != nil && len(part.b.Stmts) > 0 {
				p.line(depth+1, part.name+" {", part.b.At)
				p.stmts(depth+2, part.b.Stmts)
				p.line(depth+1, "}", part.b.At)
			}
		}
		if s.Cond != nil {
			p.line(depth+1, "cond "+ExprString(s.Cond), s.Cond.Pos())
		}
		p.line(depth+1, "body {", s.Body.At)
		p.stmts(depth+2, s.Body.Stmts)
		p.line(depth+1, "}", s.Body.At)
		p.line(depth, "}", s.At)
		return
	}
	switch s.Kind {
	case For:
		p.line(depth, strings.TrimRight("for "+init+"; "+cond+"; "+post, " ")+" {", s.At)
	case While:
		p.line(depth, strings.TrimSpace(init+" while "+cond)+" {", s.At)
	case DoWhile:
		p.line(depth, strings.TrimSpace(init+" do")+" {", s.At)
	}
	p.stmts(depth+1, s.Body.Stmts)
	if s.Kind == DoWhile {
		p.line(depth, "} while "+cond, s.At)
		return
	}
	p.line(depth, "}", s.At)
}

func (k LoopKind) String() string { return [...]string{"for", "while", "do"}[k] }

// inline prints a block of one-line statements on one line, separated by
// commas; ok is false when some statement needs several lines.
func inline(b *Block) (string, bool) {
	if b == nil {
		return "", true
	}
	var parts []string
	for _, s := range b.Stmts {
		t, ok := simple(s)
		if !ok {
			return "", false
		}
		parts = append(parts, t)
	}
	return strings.Join(parts, ", "), true
}

// simple returns the one-line form of a statement without sub-blocks.
func simple(s Stmt) (string, bool) {
	switch s := s.(type) {
	case *Assign:
		return s.Dst.Name + " = " + ExprString(s.X), true
	case *Load:
		return fmt.Sprintf("%s = load %s %s", s.Dst.Name, s.T, AddrString(s.Addr)), true
	case *Store:
		return fmt.Sprintf("store %s %s = %s", s.T, AddrString(s.Addr), ExprString(s.X)), true
	case *Atomic:
		args := make([]string, len(s.Args))
		for i, a := range s.Args {
			args[i] = ExprString(a)
		}
		text := fmt.Sprintf("atomic %s %s %s (%s)", s.Op, s.T, AddrString(s.Addr), strings.Join(args, ", "))
		if s.Dst != nil {
			text = s.Dst.Name + " = " + text
		}
		return text, true
	case *Break:
		return "break", true
	case *Continue:
		return "continue", true
	case *Return:
		return "return", true
	case *Exit:
		return "exit " + s.To.Name, true
	case *Barrier:
		arg := ""
		if s.Arg != nil {
			arg = ExprString(s.Arg)
		}
		text := s.Kind.String() + "(" + arg + ")"
		if s.Fence != protocol.FenceAll {
			text += " fence " + s.Fence.String()
		}
		if s.Dst != nil {
			text = s.Dst.Name + " = " + text
		}
		for _, inv := range s.Invariants {
			text += " invariant " + ExprString(inv.Cond)
			for i, in := range inv.Insts {
				sep := ", "
				if i == 0 {
					sep = " for "
				}
				text += sep + ExprString(in.TidX)
			}
		}
		return text, true
	case *Fence:
		return "fence " + s.Scope, true
	case *Snapshot:
		return fmt.Sprintf("snapshot %s+%s := %s+%s", s.Dst.Base.Name, ExprString(s.Dst.Off), s.Src.Base.Name, ExprString(s.Src.Off)), true
	case *Iteration:
		if s.End {
			return "end of the iterations of " + s.Var, true
		}
		return fmt.Sprintf("iteration %s = %s", s.Var, ExprString(s.Value)), true
	case *Assume:
		text := "assume "
		if s.Requires {
			text = "requires "
		}
		if s.Pre != nil {
			// about pairs: the ghost statements that compute it first
			pre, ok := inline(s.Pre)
			if !ok {
				return "", false
			}
			text += "pair {" + pre + "} "
		}
		return text + ExprString(s.Cond), true
	case *Unknown:
		return fmt.Sprintf("unknown at %s: %s", posText(s.At.String()), s.Reason), true
	case *Block:
		if len(s.Stmts) == 0 {
			return "{}", true
		}
	}
	return "", false
}

// AddrString spells an address: [A + 4*i], [A] at offset 0.
func AddrString(a Addr) string {
	if c, ok := a.Off.(*Const); ok && c.Int == 0 {
		return "[" + a.Base.Name + "]"
	}
	if c, ok := a.Off.(*Const); ok && c.Int < 0 {
		return fmt.Sprintf("[%s - %d]", a.Base.Name, -c.Int)
	}
	return "[" + a.Base.Name + " + " + ExprString(a.Off) + "]"
}

// precedence of the binary operators, as in C.
var precedence = map[string]int{
	"||": 2, "&&": 3, "|": 4, "^": 5, "&": 6, "==": 7, "!=": 7, "<": 8, "<=": 8, ">": 8, ">=": 8,
	"<<": 9, ">>": 9, "+": 10, "-": 10, "*": 11, "/": 11, "%": 11,
}

// ExprString spells an expression with the parentheses C would need.
func ExprString(e Expr) string { return exprPrec(e, 0) }

func exprPrec(e Expr, outer int) string {
	wrap := func(prec int, s string) string {
		if prec < outer {
			return "(" + s + ")"
		}
		return s
	}
	switch e := e.(type) {
	case nil:
		return "<nil>"
	case *Const:
		switch e.T.Kind {
		case Float:
			return e.Float
		case Bool:
			return strconv.FormatBool(e.Int != 0)
		}
		if e.Int < 0 {
			return wrap(12, strconv.FormatInt(e.Int, 10))
		}
		return strconv.FormatInt(e.Int, 10)
	case *Ref:
		return e.Var.Name
	case *Builtin:
		if e.Kind == WarpSize {
			return "warpSize"
		}
		return e.Kind.String() + "." + string("xyz"[e.Dim])
	case *Unary:
		return wrap(12, e.Op+exprPrec(e.X, 12))
	case *Binary:
		if e.Op == "min" || e.Op == "max" {
			return e.Op + "(" + ExprString(e.X) + ", " + ExprString(e.Y) + ")"
		}
		prec := precedence[e.Op]
		return wrap(prec, exprPrec(e.X, prec)+" "+e.Op+" "+exprPrec(e.Y, prec+1))
	case *Select:
		return wrap(1, exprPrec(e.Cond, 2)+" ? "+exprPrec(e.X, 1)+" : "+exprPrec(e.Y, 1))
	case *Convert:
		return e.To.String() + "(" + ExprString(e.X) + ")"
	case *Call:
		args := make([]string, len(e.Args))
		for i, a := range e.Args {
			args[i] = ExprString(a)
		}
		return e.Func + "(" + strings.Join(args, ", ") + ")"
	case *Opaque:
		return "opaque(" + e.Reason + ")"
	case *Other:
		return "other(" + ExprString(e.X) + ")"
	}
	return fmt.Sprintf("<%T>", e)
}

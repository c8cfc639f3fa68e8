package infer

import (
	"fmt"
	"strconv"
	"strings"

	"drfcheck/infer/clang"
	"drfcheck/protocol"
)

// A file clang parses with errors (a header not found, host code it
// rejects) still has kernels worth checking: those the errors cannot
// reach. An error reaches a kernel when it lies in the kernel, in a
// function the kernel names (and so on, through their bodies), or outside
// every function of the file (a declaration, a macro, an #include of a
// header with errors: anything the kernel may use). Errors in host
// functions and in other kernels do not.

// span is the extent of a function definition in the main file.
type span struct {
	fn         *clang.Node
	begin, end protocol.Pos
}

func (s span) holds(p protocol.Pos) bool {
	return !p.Before(s.begin) && !s.end.Before(p)
}

// spans lists the function definitions of the main file with their extent.
func spans(tu *clang.TU) []span {
	var out []span
	tu.WalkDecls(func(d *clang.Node, _ string) bool {
		fns := []*clang.Node{d}
		if d.Kind == "FunctionTemplateDecl" {
			fns = d.Inner
		}
		for _, f := range fns {
			if f == nil || f.Body() == nil {
				continue
			}
			b, e := f.Range.Begin.At(), f.Range.End.At()
			if b.Offset == nil || e.Offset == nil || b.File != tu.MainFile || e.File != "" && e.File != tu.MainFile {
				continue
			}
			out = append(out, span{fn: f, begin: protocol.Pos{File: tu.MainFile, Line: b.Line, Col: b.Col},
				end: protocol.Pos{File: tu.MainFile, Line: e.Line, Col: e.Col + e.TokLen}})
		}
		return true
	})
	return out
}

// reachingError returns the first of the TU's errors that may reach the
// kernel fn, or nil.
func reachingError(tu *clang.TU, fn *clang.Node) *protocol.Error {
	if len(tu.Errors) == 0 {
		return nil
	}
	fs := spans(tu)
	// by name: a template's pattern, where its errors are, and its
	// instantiations have different ids (overloads make this a superset)
	reached := calledFrom(tu, fn)
	reached[fn.Name] = true
	for _, err := range tu.Errors {
		inside := false
		for _, s := range fs {
			if s.holds(err.At) {
				inside = true
				if reached[s.fn.Name] {
					return err
				}
			}
		}
		if !inside {
			return err
		}
	}
	return nil
}

// calledFrom returns the names of the functions fn names, directly or
// through the bodies of those it names.
func calledFrom(tu *clang.TU, fn *clang.Node) map[string]bool {
	seen, names := map[string]bool{}, map[string]bool{}
	var visit func(n *clang.Node)
	visit = func(n *clang.Node) {
		if n == nil {
			return
		}
		var id string
		switch {
		case n.Kind == "DeclRefExpr" && n.Referenced != nil:
			id = n.Referenced.ID
		case n.Kind == "MemberExpr" && n.MemberDecl != "":
			id = n.MemberDecl
		}
		if d := tu.Decl(id); id != "" && !seen[id] && d != nil {
			seen[id] = true
			names[d.Name] = true
			visit(d.Body())
		}
		for _, c := range n.Inner {
			visit(c)
		}
	}
	visit(fn.Body())
	return names
}

// compileError is the reason a kernel that clang's errors reach is unknown.
func compileError(tu *clang.TU, err *protocol.Error) string {
	why := "clang could not compile code this kernel uses: " + err.Msg
	if len(tu.Missing) > 0 {
		why += fmt.Sprintf(" (the file was parsed without %s, not found: -I gives its directory)", quoteAll(tu.Missing))
	}
	return why
}

func quoteAll(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = strconv.Quote(n)
	}
	return strings.Join(q, ", ")
}

// Note is a remark about a kernel that changes no verdict.
type Note struct {
	At      protocol.Pos
	Message string
}

// parseNotes says how the file was parsed, for a kernel clang's errors do
// not reach: without which headers, and past which errors.
func parseNotes(tu *clang.TU, at protocol.Pos) []Note {
	var out []Note
	for _, h := range tu.Missing {
		out = append(out, Note{At: at, Message: fmt.Sprintf("checked without %q, which was not found (an empty header stood for it; -I gives its directory): a macro it defines could change this code", h)})
	}
	if n := len(tu.Errors); n > 0 {
		e := tu.Errors[0]
		out = append(out, Note{At: at, Message: fmt.Sprintf("clang reported %d error(s) in code this kernel does not use (the first at %d:%d: %s)", n, e.At.Line, e.At.Col, e.Msg)})
	}
	return out
}

package infer

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/drfcheck/drfcheck/internal/infer/clang"
	"github.com/drfcheck/drfcheck/protocol"
)

// A file clang parses with errors (a header not found, host code it
// rejects, helpers it cannot compile) still has kernels worth checking:
// those the errors cannot reach. An error reaches a kernel when it lies
// in the kernel, in a function the kernel may call (and so on, through
// their bodies), in a declaration the kernel may use (a type, a variable,
// a prototype: anything whose name the kernel or what it reaches names,
// in its code or in its types), or outside every declaration of the
// user's files (a macro, a stray token, a system header: anything the
// kernel may use). Errors in host functions, in other kernels and in
// helpers and types the kernel never names do not. The user's headers
// count as the main file does: an error in a helper of a common.h that
// the kernel never calls leaves the kernel checked.

// span is the extent of a function definition in one of the user's files.
type span struct {
	fn         *clang.Node
	record     string // the class a constructor, destructor or conversion belongs to
	begin, end protocol.Pos
}

func (s span) holds(p protocol.Pos) bool {
	return p.File == s.begin.File && !p.Before(s.begin) && !s.end.Before(p)
}

// extent returns the source extent of a declaration in one of the user's
// files.
func extent(tu *clang.TU, n *clang.Node) (begin, end protocol.Pos, ok bool) {
	b, e := n.Range.Begin.At(), n.Range.End.At()
	if b.Offset == nil || e.Offset == nil || !tu.UserFile(b.File) || e.File != "" && e.File != b.File {
		return begin, end, false
	}
	return protocol.Pos{File: b.File, Line: b.Line, Col: b.Col}, protocol.Pos{File: b.File, Line: e.Line, Col: e.Col + e.TokLen}, true
}

// spans lists the function definitions of the user's files with their
// extent: functions, function templates, and the methods of classes, of
// class templates and of their specializations.
func spans(tu *clang.TU) []span {
	var out []span
	var walk func(d *clang.Node, record string)
	walk = func(d *clang.Node, record string) {
		if d == nil {
			return
		}
		switch d.Kind {
		case "NamespaceDecl", "LinkageSpecDecl", "FunctionTemplateDecl", "ClassTemplateDecl":
			for _, c := range d.Inner {
				walk(c, record)
			}
			return
		case "CXXRecordDecl", "RecordDecl", "ClassTemplateSpecializationDecl", "ClassTemplatePartialSpecializationDecl":
			for _, c := range d.Inner {
				walk(c, d.Name)
			}
			return
		}
		if !strings.HasSuffix(d.Kind, "FunctionDecl") && !strings.HasPrefix(d.Kind, "CXX") || d.Body() == nil {
			return
		}
		b, e, ok := extent(tu, d)
		if !ok {
			return
		}
		s := span{fn: d, begin: b, end: e}
		switch d.Kind {
		case "CXXConstructorDecl", "CXXDestructorDecl", "CXXConversionDecl":
			s.record = record // called without being named: by the class's name
		}
		out = append(out, s)
	}
	for _, d := range tu.MainDecls() {
		walk(d, "")
	}
	return out
}

// decl is a declaration of the user's files at file or namespace scope
// (a record with its members, a function, a variable, a typedef), with its
// extent.
type decl struct {
	name       string
	begin, end protocol.Pos
}

// decls lists the declarations of the user's files at file or namespace
// scope.
func decls(tu *clang.TU) []decl {
	var out []decl
	tu.WalkDecls(func(d *clang.Node, _ string) bool {
		if b, e, ok := extent(tu, d); ok {
			out = append(out, decl{name: d.Name, begin: b, end: e})
		}
		return false
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
	ds := decls(tu)
	// by name: a template's pattern, where its errors are, and its
	// instantiations have different ids (overloads make this a superset)
	reached := reachedNames(tu, fn)
	for _, err := range tu.Errors {
		inside := false
		for _, s := range fs {
			if s.holds(err.At) {
				inside = true
				if reached[s.fn.Name] || s.record != "" && reached[s.record] {
					return err
				}
			}
		}
		if inside {
			continue
		}
		// a declaration's error: it reaches the kernel when the kernel
		// may use what it declares; outside every declaration, always
		in := false
		for _, d := range ds {
			sp := span{begin: d.begin, end: d.end}
			if sp.holds(err.At) {
				in = true
				if d.name == "" || reached[d.name] {
					return err
				}
			}
		}
		if !in {
			return err
		}
	}
	return nil
}

// identRE is an identifier in a type's spelling.
var identRE = regexp.MustCompile(`[A-Za-z_][A-Za-z_0-9]*`)

// reachedNames returns the names the kernel fn may use: its own, those of
// the declarations it refers to (functions, variables, fields, methods,
// directly or through the bodies and initializers of those it refers to),
// and the identifiers of the types of everything in them (a struct, a
// typedef, a template), and so on through the declarations of the user's
// files of those names (the fields of a struct the kernel uses, and their
// types).
func reachedNames(tu *clang.TU, fn *clang.Node) map[string]bool {
	seen, names := map[string]bool{}, map[string]bool{fn.Name: true}
	addType := func(t *clang.Type) {
		if t == nil {
			return
		}
		for _, w := range identRE.FindAllString(t.QualType+" "+t.DesugaredQualType, -1) {
			names[w] = true
		}
	}
	var visit func(n *clang.Node)
	visit = func(n *clang.Node) {
		if n == nil {
			return
		}
		addType(n.Type)
		addType(n.ArgType)
		addType(n.CtorType)
		addType(n.BaseInit)
		if n.Name != "" && !clang.IsDecl(n.Kind) {
			names[n.Name] = true // a name clang left unresolved (UnresolvedLookupExpr, a dependent member)
		}
		for _, l := range n.Lookups {
			names[l.Name] = true
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
			visit(d)
		}
		for _, c := range n.Inner {
			visit(c)
		}
	}
	visit(fn)
	// the declarations of the user's files that these names name, until
	// nothing new is named
	expanded := map[*clang.Node]bool{}
	for changed := true; changed; {
		changed = false
		tu.WalkDecls(func(d *clang.Node, _ string) bool {
			if d.Name != "" && names[d.Name] && !expanded[d] {
				expanded[d] = true
				changed = true
				visit(d)
			}
			return false
		})
	}
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
	if tu.Fallback {
		out = append(out, Note{At: at, Message: "the file uses names it does not declare: it was checked with drfcheck's declarations of what CUDA code commonly expects (the CUDA samples' helper_math.h vector helpers, math_constants.h, cuRAND), which the file's own declarations take precedence over"})
	}
	for _, r := range tu.Repaired {
		out = append(out, Note{At: r.At, Message: r.Note})
	}
	for _, r := range tu.Renamed {
		out = append(out, Note{At: at, Message: fmt.Sprintf("the file declares %s as '%s' (%s:%d), which the environment's C library declares as '%s': the file's code was checked with its own declaration, as its author's compiler (a 32-bit host, GPUVerify's headers) took it", r.Name, r.File, filepath.Base(r.SourceFile), r.Line, r.Env)})
	}
	if n := len(tu.Errors); n > 0 {
		e := tu.Errors[0]
		where := fmt.Sprintf("%d:%d", e.At.Line, e.At.Col)
		if e.At.File != "" && e.At.File != at.File {
			where = fmt.Sprintf("%s:%s", e.At.File, where)
		}
		out = append(out, Note{At: at, Message: fmt.Sprintf("clang reported %d error(s) in code this kernel does not use (the first at %s: %s)", n, where, e.Msg)})
	}
	return out
}

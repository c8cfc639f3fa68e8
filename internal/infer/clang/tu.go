package clang

import (
	"github.com/drfcheck/drfcheck/protocol"

	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
)

// TU is a translation unit: clang's dump of one CUDA file, decoded lazily.
// The declarations of the user's files (the main file and the headers of
// the user's that it includes) are decoded when the TU is made; any other
// declaration (of the prelude or a system header) is decoded the first time
// it is looked up by id. A TU is not safe for
// concurrent use.
type TU struct {
	// MainFile is the file as clang names it: the path it was given.
	MainFile string
	// Src is the content of the main file.
	Src []byte
	// Errors are clang's errors in a file it could still parse (a header
	// not found, host code it rejects): each kernel they may reach is
	// unknown, the others are checked. Positions are in the main file.
	Errors protocol.ErrorList
	// Missing lists the headers that were not found, which the file was
	// parsed without (each replaced by an empty one).
	Missing []string
	// Fallback says that the file was parsed with drfcheck's fallback
	// declarations (Fallback): it uses names it does not declare.
	Fallback bool
	// Renamed lists the file's typedefs of names the environment declares
	// with other types (size_t as unsigned int), which the file's code was
	// parsed with (redefine.go).
	Renamed []Redefined
	// Repaired lists where the main file's valid CUDA that clang rejects
	// was blanked (repair.go: __device__ beside __shared__ on a local, a
	// prototype of CUDA's own function), and why; Src is the repaired text.
	Repaired []Repair
	// OpenCL says that the file is OpenCL C (Options.OpenCL).
	OpenCL bool
	// GlobalOffset is the global offset of an OpenCL launch in each
	// dimension (the global_work_offset of clEnqueueNDRangeKernel, zero
	// when the host passes NULL), -1 for any value; the loader sets it.
	GlobalOffset [3]int64

	includeDir string          // the prelude's directory, to recognize its declarations
	pure       map[string]bool // the prelude's pure functions (pure.go)
	dump       io.ReaderAt     // clang's JSON, from which elements are decoded
	elems      []element
	ids        map[string]int
	decoded    map[int]*Node
	byID       map[string]*Node
	main       []*Node
	srcMu      sync.Mutex
	headers    map[string][]byte // the user's headers, read on demand
	prober     *prober           // how to rerun clang (Probe); nil for a dump
	memo       map[string]any    // Memo's values
}

// NewTU decodes a JSON dump of clang -ast-dump=json. mainFile is the file
// name clang was given, src its content, includeDir the directory of the
// prelude (or "").
func NewTU(data []byte, mainFile string, src []byte, includeDir string) (*TU, error) {
	return newTU(bytes.NewReader(data), mainFile, src, includeDir)
}

// newTU decodes a dump read from r, which must read from its start. The
// dump stays where it is (a file, for clang's output): only the elements
// decoded are in memory.
func newTU(r interface {
	io.Reader
	io.ReaderAt
}, mainFile string, src []byte, includeDir string) (*TU, error) {
	s, err := scanFrom(r)
	if err != nil {
		return nil, err
	}
	tu := &TU{MainFile: mainFile, Src: src, includeDir: includeDir, dump: r, elems: s.elems, ids: s.ids,
		decoded: map[int]*Node{}, byID: map[string]*Node{}}
	for i, e := range tu.elems {
		if !tu.UserFile(e.file) {
			continue
		}
		n, err := tu.element(i)
		if err != nil {
			return nil, err
		}
		tu.main = append(tu.main, n)
	}
	return tu, nil
}

// element decodes the i-th top-level declaration.
func (tu *TU) element(i int) (*Node, error) {
	if n, ok := tu.decoded[i]; ok {
		return n, nil
	}
	e := tu.elems[i]
	data := make([]byte, e.end-e.start)
	if _, err := tu.dump.ReadAt(data, int64(e.start)); err != nil {
		return nil, fmt.Errorf("reading clang's AST: %v", err)
	}
	n := new(Node)
	if err := json.Unmarshal(compact(data), n); err != nil {
		return nil, fmt.Errorf("decoding clang's AST: %v", err)
	}
	r := e.state
	r.node(n)
	dropComments(n)
	tu.decoded[i] = n
	tu.index(n)
	return n, nil
}

// compact removes, in place, the whitespace between the tokens of a JSON
// text. Clang indents its dump by two spaces a level, so a deeply nested
// kernel is mostly indentation (a kernel of 50 nested loops: 5.6 MB of
// dump for 0.26 MB of tokens), which encoding/json would scan twice (to
// validate, then to decode); one tight pass here is much cheaper.
func compact(data []byte) []byte {
	out := data[:0]
	inString, escaped := false, false
	for i := 0; i < len(data); i++ {
		if !inString {
			if i = skipIndent(data, i); i == len(data) {
				break
			}
		}
		c := data[i]
		switch {
		case inString:
			switch {
			case escaped:
				escaped = false
			case c == '\\':
				escaped = true
			case c == '"':
				inString = false
			}
		case c == '"':
			inString = true
		case c == ' ' || c == '\n' || c == '\t' || c == '\r':
			continue
		}
		out = append(out, c)
	}
	return out
}

// dropComments removes documentation comments (FullComment and what it
// holds) from a tree: clang attaches them to declarations as children,
// where they would pass for an initializer or an argument.
func dropComments(n *Node) {
	if n == nil {
		return
	}
	kept := n.Inner[:0]
	for _, c := range n.Inner {
		if c != nil && c.Kind == "FullComment" {
			continue
		}
		dropComments(c)
		kept = append(kept, c)
	}
	n.Inner = kept
}

// index records every declaration in n by id; the first occurrence wins
// (clang prints some nodes twice, a lambda's body for instance).
func (tu *TU) index(n *Node) {
	if n == nil {
		return
	}
	if n.ID != "" && IsDecl(n.Kind) {
		if _, seen := tu.byID[n.ID]; !seen {
			tu.byID[n.ID] = n
		}
	}
	for _, c := range n.Inner {
		tu.index(c)
	}
}

// MainDecls returns the top-level declarations of the main file in order.
func (tu *TU) MainDecls() []*Node { return tu.main }

// WalkDecls calls visit for each declaration of the main file with the
// prefix of the namespaces and records that enclose it ("ns::S::").
// Namespaces and extern "C" blocks are always entered; a struct or class is
// entered when visit returns true for it.
func (tu *TU) WalkDecls(visit func(d *Node, prefix string) bool) {
	WalkDecls(tu.main, visit)
}

// PreludeDecls decodes and returns the top-level declarations of
// drfcheck's own headers (the prelude and the stubs of CUDA's headers
// that the file includes): the structs and typedefs of cuRAND, libcu++ and
// the like, whose layouts the front end needs.
func (tu *TU) PreludeDecls() []*Node {
	var out []*Node
	for i, e := range tu.elems {
		if !tu.InPrelude(e.file) {
			continue
		}
		if n, err := tu.element(i); err == nil {
			out = append(out, n)
		}
	}
	return out
}

// WalkDecls is TU.WalkDecls over the given declarations.
func WalkDecls(decls []*Node, visit func(d *Node, prefix string) bool) {
	var walk func(n *Node, prefix string)
	walk = func(n *Node, prefix string) {
		if n == nil {
			return
		}
		inner := prefix
		switch n.Kind {
		case "NamespaceDecl":
			inner += n.Name + "::"
		case "LinkageSpecDecl":
		default:
			record := n.Kind == "CXXRecordDecl" || n.Kind == "RecordDecl"
			if !visit(n, prefix) || !record {
				return
			}
			inner += n.Name + "::"
		}
		for _, c := range n.Inner {
			walk(c, inner)
		}
	}
	for _, d := range decls {
		walk(d, "")
	}
}

// Decl returns the declaration with this id, or nil when the dump has none
// (a declaration clang did not print, or a malformed dump).
func (tu *TU) Decl(id string) *Node {
	if n, ok := tu.byID[id]; ok {
		return n
	}
	i, ok := tu.ids[id]
	if !ok {
		return nil
	}
	if _, err := tu.element(i); err != nil {
		return nil
	}
	return tu.byID[id]
}

// InMain reports whether a (resolved, bare) location is in the user's
// code: the main file or a header of the user's that it includes (a
// kernels.cuh), not drfcheck's prelude, the system's or clang's headers.
func (tu *TU) InMain(l *Loc) bool { return l.Offset != nil && tu.UserFile(l.File) }

// UserFile reports whether a file is the main file or one of the user's
// headers: not drfcheck's prelude, and not under a system directory.
func (tu *TU) UserFile(file string) bool {
	if file == tu.MainFile {
		return true
	}
	if file == "" || tu.InPrelude(file) {
		return false
	}
	return !systemFile(file)
}

// systemFile reports whether a file is under one of the system's
// directories.
func systemFile(file string) bool {
	for _, sys := range []string{"/usr/", "/lib/", "/lib64/", "/opt/", "/nix/"} {
		if strings.HasPrefix(file, sys) {
			return true
		}
	}
	return false
}

// source returns the content of a user file: the main file's as given,
// a header's as read from disk (nil if it cannot be read).
func (tu *TU) source(file string) []byte {
	if file == tu.MainFile {
		return tu.Src
	}
	tu.srcMu.Lock()
	defer tu.srcMu.Unlock()
	if s, ok := tu.headers[file]; ok {
		return s
	}
	s, _ := os.ReadFile(file)
	if tu.headers == nil {
		tu.headers = map[string][]byte{}
	}
	tu.headers[file] = s
	return s
}

// InPrelude reports whether a file is one of drfcheck's embedded headers.
func (tu *TU) InPrelude(file string) bool {
	if tu.includeDir == "" || file == "" {
		return false
	}
	rel, err := filepath.Rel(tu.includeDir, file)
	return err == nil && !strings.HasPrefix(rel, "..")
}

// DeclFile returns the file that a declaration's location places it in.
func DeclFile(n *Node) string {
	if n == nil {
		return ""
	}
	if l := n.Loc.At(); l.Offset != nil {
		return l.File
	}
	return n.Range.Begin.At().File
}

// Text returns the source text of a node's range when it lies in the main
// file, or "".
func (tu *TU) Text(n *Node) string {
	if n == nil {
		return ""
	}
	b, e := n.Range.Begin.At(), n.Range.End.At()
	if !tu.InMain(b) || !tu.InMain(e) || b.File != e.File {
		return ""
	}
	src := tu.source(b.File)
	start, end := *b.Offset, *e.Offset+e.TokLen
	if start < 0 || end > len(src) || start >= end {
		return ""
	}
	return string(src[start:end])
}

// LastToken returns the source text of a node's last token, or "": the
// components an OpenCL vector's ExtVectorElementExpr names, which clang's
// JSON leaves out.
func (tu *TU) LastToken(n *Node) string {
	if n == nil {
		return ""
	}
	e := n.Range.End.At()
	if !tu.InMain(e) {
		return ""
	}
	src := tu.source(e.File)
	start, end := *e.Offset, *e.Offset+e.TokLen
	if start < 0 || end > len(src) || start >= end {
		return ""
	}
	return string(src[start:end])
}

// Definitions maps the id of every declaration of a function of the main
// file (methods and constructors included) to its definition, so that a
// call through a prototype finds the body.
func (tu *TU) Definitions() map[string]*Node {
	defs := map[string]*Node{}
	var walk func(n *Node)
	walk = func(n *Node) {
		if n == nil {
			return
		}
		switch n.Kind {
		case "FunctionDecl", "CXXMethodDecl", "CXXConstructorDecl", "CXXConversionDecl", "CXXDestructorDecl":
			if n.Body() != nil {
				defs[n.ID] = n
				for prev, i := n.PreviousDecl, 0; prev != "" && i < 100; i++ {
					defs[prev] = n
					p := tu.Decl(prev)
					if p == nil {
						break
					}
					prev = p.PreviousDecl
				}
			}
			return
		}
		for _, c := range n.Inner {
			walk(c)
		}
	}
	for _, d := range tu.MainDecls() {
		walk(d)
	}
	return defs
}

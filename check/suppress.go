package check

import (
	"os"
	"strings"
	"sync"

	"github.com/drfcheck/drfcheck/protocol"
)

// Suppression comments, in the manner of staticcheck's //lint:ignore and
// clang-tidy's NOLINT: a rule and a reason, both required.
//
//	// drfcheck:ignore race the two halves are written by one warp in turn
//	buf[i] = v;
//	x = buf[j]; // drfcheck:ignore race,unknown reason
//
// The reason runs to the end of the line, or to a second "//". A comment at
// the end of a line accepts the findings on that line; one on
// a line of its own accepts those of the next line that is not a comment.
// A race is accepted by a comment at either of its accesses. On the lines
// of comments just before a kernel (before its __global__ line, or its
// template line), it accepts the findings of that rule in the whole kernel;
// in a .prot file, on the comment lines before the first statement, in the
// whole protocol. Accepted findings are reported as suppressed, with the
// reason, and do not count for the exit status.

// directivePrefix starts a suppression comment.
const directivePrefix = "drfcheck:ignore"

// directive is one parsed suppression comment.
type directive struct {
	col        int // of the comment
	rules      []Rule
	reason     string
	standalone bool   // alone on its line: it applies to the next code line
	err        string // why it is malformed, or ""
}

// parseDirective finds a suppression comment on a source line.
func parseDirective(line string) (directive, bool) {
	i := strings.Index(line, "//")
	if i < 0 {
		return directive{}, false
	}
	text := strings.TrimSpace(line[i+2:])
	if !strings.HasPrefix(text, directivePrefix) {
		return directive{}, false
	}
	d := directive{col: i + 1, standalone: strings.TrimSpace(line[:i]) == ""}
	rest := text[len(directivePrefix):]
	if rest != "" && rest[0] != ' ' && rest[0] != '\t' {
		return directive{}, false // drfcheck:ignored, another word
	}
	fields := strings.Fields(rest)
	if len(fields) == 0 {
		d.err = "drfcheck:ignore needs a rule (race, divergence or unknown) and a reason: // drfcheck:ignore race why it cannot happen"
		return d, true
	}
	for _, name := range strings.Split(fields[0], ",") {
		r := Rule(name)
		known := false
		for _, k := range Rules {
			known = known || k == r
		}
		if !known {
			d.err = "drfcheck:ignore: unknown rule " + strings.TrimSpace(name) + ": want race, divergence or unknown (comma-separated)"
			return d, true
		}
		d.rules = append(d.rules, r)
	}
	d.reason = strings.TrimSpace(rest)[len(fields[0]):]
	if i := strings.Index(d.reason, "//"); i >= 0 {
		d.reason = d.reason[:i] // a second comment ends it
	}
	d.reason = strings.TrimSpace(d.reason)
	if d.reason == "" {
		d.err = "drfcheck:ignore " + fields[0] + " needs a reason after the rule: say why the finding is acceptable"
	}
	return d, true
}

func (d directive) covers(rule Rule) bool {
	for _, r := range d.rules {
		if r == rule {
			return d.err == ""
		}
	}
	return false
}

// DirectiveErrors returns the malformed suppression comments of a source
// file (no rule, an unknown rule, no reason), at their positions. They
// suppress nothing.
func DirectiveErrors(path string, src []byte) protocol.ErrorList {
	var errs protocol.ErrorList
	for i, line := range strings.Split(string(src), "\n") {
		if d, ok := parseDirective(line); ok && d.err != "" {
			errs = append(errs, protocol.Errorf(protocol.Pos{File: path, Line: i + 1, Col: d.col}, "%s", d.err))
		}
	}
	return errs
}

// SuppressComments marks the findings of r that a suppression comment
// accepts, reading the comments through lines.
func SuppressComments(r *Report, lines Lines) {
	kernel := kernelDirectives(r, lines)
	for _, f := range r.Findings(lines) {
		for _, ds := range append([][]sourceDirective{kernel}, atLines(f.At, lines)...) {
			for _, d := range ds {
				if d.covers(f.Rule) {
					r.Suppress(f.Rule, f.Index, &Suppression{Kind: InSource, Reason: d.reason, At: d.at})
				}
			}
		}
	}
}

type sourceDirective struct {
	directive
	at protocol.Pos
}

// atLines are the directives that apply to the lines of a finding.
func atLines(at []protocol.Pos, lines Lines) [][]sourceDirective {
	var out [][]sourceDirective
	for _, p := range at {
		out = append(out, above(p.File, p.Line, lines))
	}
	return out
}

// above returns the directive at the end of a line and those on the
// comment lines just above it.
func above(file string, line int, lines Lines) []sourceDirective {
	var out []sourceDirective
	if d, ok := parseDirective(lines(file, line)); ok && !d.standalone {
		out = append(out, sourceDirective{d, protocol.Pos{File: file, Line: line, Col: d.col}})
	}
	for l := line - 1; l >= 1; l-- {
		text := strings.TrimSpace(lines(file, l))
		if !strings.HasPrefix(text, "//") {
			break
		}
		if d, ok := parseDirective(text); ok {
			d.col = strings.Index(lines(file, l), "//") + 1
			out = append(out, sourceDirective{d, protocol.Pos{File: file, Line: l, Col: d.col}})
		}
	}
	return out
}

// kernelDirectives are the directives before the kernel's declaration.
func kernelDirectives(r *Report, lines Lines) []sourceDirective {
	at := r.At
	if !at.IsValid() {
		return nil
	}
	if strings.HasSuffix(at.File, ".prot") {
		first := 1
		for ; first <= at.Line; first++ {
			text := strings.TrimSpace(lines(at.File, first))
			if text != "" && !strings.HasPrefix(text, "//") {
				break
			}
		}
		return above(at.File, first, lines)
	}
	// the __global__ line at or above the body's start
	decl := 0
	for l := at.Line; l >= 1 && l > at.Line-50; l-- {
		if strings.Contains(lines(at.File, l), "__global__") {
			decl = l
			break
		}
	}
	if decl == 0 {
		return nil
	}
	if prev := strings.TrimSpace(lines(at.File, decl-1)); strings.HasPrefix(prev, "template") {
		decl--
	}
	return above(at.File, decl, lines)
}

// FileLines returns a Lines that reads each file once.
func FileLines() Lines {
	var mu sync.Mutex
	files := map[string][]string{}
	return func(file string, line int) string {
		mu.Lock()
		defer mu.Unlock()
		ls, ok := files[file]
		if !ok {
			if data, err := os.ReadFile(file); err == nil {
				ls = strings.Split(string(data), "\n")
			}
			files[file] = ls
		}
		if line < 1 || line > len(ls) {
			return ""
		}
		return strings.TrimRight(ls[line-1], "\r")
	}
}

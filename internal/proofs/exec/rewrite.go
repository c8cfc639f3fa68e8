package exec

import (
	"fmt"
	"regexp"
	"strings"
)

// source is a kernel's text prepared for the C++ compiler: #include lines
// blanked, __shared__ declarations rewritten into references into the
// block's memory, the macros it defines listed so that the generated file can
// #undef them after the case. Lines keep their numbers.
type source struct {
	text   string
	macros []string
}

// mask returns src with comments, string and character literals replaced
// by spaces (newlines kept), so that scanning for braces and keywords is not
// fooled by them. The result has the same length as src.
func mask(src string) string {
	b := []byte(src)
	n := len(b)
	blank := func(from, to int) {
		for k := from; k < to && k < n; k++ {
			if b[k] != '\n' {
				b[k] = ' '
			}
		}
	}
	for i := 0; i < n; {
		switch {
		case b[i] == '/' && i+1 < n && b[i+1] == '/':
			j := i
			for j < n && b[j] != '\n' {
				// A backslash at the end of the line continues the comment.
				if b[j] == '\\' && j+1 < n && b[j+1] == '\n' {
					j++
				}
				j++
			}
			blank(i, j)
			i = j
		case b[i] == '/' && i+1 < n && b[i+1] == '*':
			j := i + 2
			for j < n && !(b[j] == '*' && j+1 < n && b[j+1] == '/') {
				j++
			}
			j += 2
			if j > n {
				j = n
			}
			blank(i, j)
			i = j
		case b[i] == '"' || b[i] == '\'':
			q := b[i]
			j := i + 1
			for j < n && b[j] != q && b[j] != '\n' {
				if b[j] == '\\' {
					j++
				}
				j++
			}
			if j < n && b[j] == q {
				j++
			}
			blank(i, j)
			i = j
		default:
			i++
		}
	}
	return string(b)
}

// directiveLines marks, for each byte of masked text, whether it belongs to
// a preprocessor directive (a line starting with #, with its continuations).
func directiveLines(m string) []bool {
	in := make([]bool, len(m))
	lineStart := true
	directive := false
	for i := 0; i < len(m); i++ {
		c := m[i]
		if lineStart {
			j := i
			for j < len(m) && (m[j] == ' ' || m[j] == '\t') {
				j++
			}
			directive = j < len(m) && m[j] == '#'
			lineStart = false
		}
		in[i] = directive
		if c == '\n' {
			// A directive goes on after a backslash at the end of its line.
			cont := directive && i > 0 && m[i-1] == '\\'
			lineStart = !cont
			if !cont {
				directive = false
			}
		}
	}
	return in
}

var (
	includeRE = regexp.MustCompile(`(?m)^[ \t]*#[ \t]*include\b[^\n]*`)
	defineRE  = regexp.MustCompile(`(?m)^[ \t]*#[ \t]*define[ \t]+([A-Za-z_][A-Za-z0-9_]*)`)
	sharedRE  = regexp.MustCompile(`\b__shared__\b`)
	identRE   = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)
)

// prepareSource rewrites src (see source). ns is the case's namespace, used
// to name its layout of static shared memory.
func prepareSource(src, ns string) (source, error) {
	m := mask(src)
	dir := directiveLines(m)
	var out source
	for _, sm := range defineRE.FindAllStringSubmatch(m, -1) {
		out.macros = append(out.macros, sm[1])
	}
	// Braces must balance, or the case would swallow the generated code
	// that follows it.
	depth := make([]int, len(m)+1) // depth[i]: brace depth before byte i
	d := 0
	for i := 0; i < len(m); i++ {
		depth[i] = d
		if dir[i] {
			continue
		}
		switch m[i] {
		case '{':
			d++
		case '}':
			d--
			if d < 0 {
				return out, fmt.Errorf("line %d: unbalanced '}'", lineOf(src, i))
			}
		}
	}
	depth[len(m)] = d
	if d != 0 {
		return out, fmt.Errorf("unbalanced braces: %d '{' not closed", d)
	}

	type edit struct {
		from, to int
		text     string
	}
	var edits []edit
	for _, loc := range includeRE.FindAllStringIndex(m, -1) {
		edits = append(edits, edit{loc[0], loc[1], strings.Repeat(" ", loc[1]-loc[0])})
	}
	tag := 0
	for _, loc := range sharedRE.FindAllStringIndex(m, -1) {
		if dir[loc[0]] {
			continue // in a macro: left alone, and an error if used
		}
		start := stmtStart(m, loc[0])
		end := strings.IndexByte(m[loc[1]:], ';')
		if end < 0 {
			return out, fmt.Errorf("line %d: __shared__ declaration without ';'", lineOf(src, loc[0]))
		}
		end += loc[1]
		stmt := m[start:end]
		if strings.ContainsAny(stmt, "{}") {
			return out, fmt.Errorf("line %d: unsupported __shared__ declaration", lineOf(src, loc[0]))
		}
		if depth[start] == 0 {
			return out, fmt.Errorf("line %d: __shared__ at namespace scope is not supported (declare it in the kernel)", lineOf(src, loc[0]))
		}
		text, err := rewriteShared(stmt, ns, &tag)
		if err != nil {
			return out, fmt.Errorf("line %d: %v", lineOf(src, loc[0]), err)
		}
		// Keep the line count: the declaration may span lines.
		text += strings.Repeat("\n", strings.Count(src[start:end+1], "\n"))
		edits = append(edits, edit{start, end + 1, text})
	}
	// Apply the edits (they do not overlap: includes are directives, which
	// shared declarations are not) from the end.
	sortEdits := func() {
		for i := 1; i < len(edits); i++ {
			for j := i; j > 0 && edits[j].from < edits[j-1].from; j-- {
				edits[j], edits[j-1] = edits[j-1], edits[j]
			}
		}
	}
	sortEdits()
	var b strings.Builder
	pos := 0
	for _, e := range edits {
		if e.from < pos {
			return out, fmt.Errorf("line %d: overlapping rewrites", lineOf(src, e.from))
		}
		b.WriteString(src[pos:e.from])
		b.WriteString(e.text)
		pos = e.to
	}
	b.WriteString(src[pos:])
	out.text = b.String()
	return out, nil
}

func lineOf(src string, off int) int {
	return strings.Count(src[:off], "\n") + 1
}

// __device__ may stand beside __shared__ (CUDA allows it, cudagen's
// print.go writes it)
var qualifierWords = map[string]bool{"extern": true, "static": true, "volatile": true, "const": true, "__volatile__": true, "__device__": true}

// stmtStart goes back from the __shared__ at pos over the qualifiers that may
// precede it (extern, static, volatile, const, __device__, __align__(n),
// alignas(n)).
func stmtStart(m string, pos int) int {
	start := pos
	for {
		i := start
		for i > 0 && isSpace(m[i-1]) {
			i--
		}
		if i == 0 {
			return start
		}
		if m[i-1] == ')' {
			// __align__(n) or alignas(n)
			lvl := 0
			j := i - 1
			for ; j >= 0; j-- {
				if m[j] == ')' {
					lvl++
				} else if m[j] == '(' {
					lvl--
					if lvl == 0 {
						break
					}
				}
			}
			if j < 0 {
				return start
			}
			k := j
			for k > 0 && isSpace(m[k-1]) {
				k--
			}
			w := k
			for w > 0 && isIdent(m[w-1]) {
				w--
			}
			if word := m[w:k]; word == "__align__" || word == "alignas" {
				start = w
				continue
			}
			return start
		}
		w := i
		for w > 0 && isIdent(m[w-1]) {
			w--
		}
		if !qualifierWords[m[w:i]] {
			return start
		}
		start = w
	}
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}
func isIdent(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// declarator is one name of a __shared__ declaration: *name[d1][d2].
type declarator struct {
	ptrs string
	name string
	dims []string
}

// rewriteShared turns the declaration stmt (without its ';') into C++ that
// binds the same names to the block's memory. tag numbers the declarations of
// the case.
//
//	__shared__ T x[N][M];           auto &x = ::drf::shared_var<T[N][M], struct __drf_tag_k, &::ns::__drf_layout>();
//	extern __shared__ T x[];        T *x = (T *)::drf::dyn_shared();
//	extern __shared__ T x[][M];     T (*x)[M] = (T (*)[M])::drf::dyn_shared();
func rewriteShared(stmt, ns string, tag *int) (string, error) {
	toks := tokenize(stmt)
	var ext, vol bool
	var rest []string
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		switch t {
		case "extern":
			ext = true
		case "static", "__shared__":
		case "volatile", "__volatile__":
			vol = true
		case "__align__", "alignas":
			// skip the parenthesized argument: every declaration is aligned to 16 anyway
			if i+1 >= len(toks) || toks[i+1] != "(" {
				return "", fmt.Errorf("%s without its argument", t)
			}
			lvl := 0
			for i++; i < len(toks); i++ {
				if toks[i] == "(" {
					lvl++
				} else if toks[i] == ")" {
					lvl--
					if lvl == 0 {
						break
					}
				}
			}
		default:
			rest = append(rest, t)
		}
	}
	// Split the declarators at top-level commas.
	var parts [][]string
	cur := []string{}
	lvl := 0
	for _, t := range rest {
		switch t {
		case "(", "[", "<":
			lvl++
		case ")", "]", ">":
			lvl--
		case "=":
			return "", fmt.Errorf("a __shared__ variable cannot have an initializer")
		}
		if t == "," && lvl == 0 {
			parts = append(parts, cur)
			cur = []string{}
			continue
		}
		cur = append(cur, t)
	}
	parts = append(parts, cur)
	// The first part holds the type: it ends before the declarator, whose
	// name is the last identifier before the first '['.
	first := parts[0]
	end := len(first)
	for i, t := range first {
		if t == "[" {
			end = i
			break
		}
	}
	nameAt := end - 1
	if nameAt < 1 || !identRE.MatchString(first[nameAt]) {
		return "", fmt.Errorf("unsupported __shared__ declaration")
	}
	typeEnd := nameAt
	for typeEnd > 0 && (first[typeEnd-1] == "*" || first[typeEnd-1] == "&") {
		typeEnd--
	}
	if typeEnd == 0 {
		return "", fmt.Errorf("__shared__ declaration without a type")
	}
	base := strings.Join(first[:typeEnd], " ")
	if vol {
		base = "volatile " + base
	}
	var decls []declarator
	parseDecl := func(ts []string) (declarator, error) {
		var d declarator
		i := 0
		for i < len(ts) && ts[i] == "*" {
			d.ptrs += "*"
			i++
		}
		if i >= len(ts) || !identRE.MatchString(ts[i]) {
			return d, fmt.Errorf("unsupported __shared__ declarator %q", strings.Join(ts, " "))
		}
		d.name = ts[i]
		i++
		for i < len(ts) {
			if ts[i] != "[" {
				return d, fmt.Errorf("unsupported __shared__ declarator %q", strings.Join(ts, " "))
			}
			j := i + 1
			lv := 1
			for ; j < len(ts); j++ {
				if ts[j] == "[" {
					lv++
				} else if ts[j] == "]" {
					lv--
					if lv == 0 {
						break
					}
				}
			}
			if j >= len(ts) {
				return d, fmt.Errorf("unclosed '[' in __shared__ declaration")
			}
			d.dims = append(d.dims, strings.Join(ts[i+1:j], " "))
			i = j + 1
		}
		return d, nil
	}
	d0, err := parseDecl(first[typeEnd:])
	if err != nil {
		return "", err
	}
	decls = append(decls, d0)
	for _, p := range parts[1:] {
		d, err := parseDecl(p)
		if err != nil {
			return "", err
		}
		decls = append(decls, d)
	}
	var b strings.Builder
	for _, d := range decls {
		elem := base
		if d.ptrs != "" {
			elem += " " + d.ptrs
		}
		if ext {
			if len(d.dims) == 0 {
				fmt.Fprintf(&b, "%s &%s = *(%s *)::drf::dyn_shared(); ", elem, d.name, elem)
				continue
			}
			if strings.TrimSpace(d.dims[0]) != "" {
				return "", fmt.Errorf("extern __shared__ array %s must have an unknown first size ([])", d.name)
			}
			inner := dimsText(d.dims[1:])
			if inner == "" {
				fmt.Fprintf(&b, "%s *%s = (%s *)::drf::dyn_shared(); ", elem, d.name, elem)
			} else {
				fmt.Fprintf(&b, "%s (*%s)%s = (%s (*)%s)::drf::dyn_shared(); ", elem, d.name, inner, elem, inner)
			}
			continue
		}
		for _, dim := range d.dims {
			if strings.TrimSpace(dim) == "" {
				return "", fmt.Errorf("__shared__ array %s needs a size (or extern)", d.name)
			}
		}
		*tag++
		fmt.Fprintf(&b, "auto &%s = ::drf::shared_var<%s%s, struct __drf_tag_%d, &::%s::__drf_layout>(); ",
			d.name, elem, dimsText(d.dims), *tag, ns)
	}
	return strings.TrimSpace(b.String()), nil
}

func dimsText(dims []string) string {
	var b strings.Builder
	for _, d := range dims {
		b.WriteString("[" + d + "]")
	}
	return b.String()
}

// tokenize splits C++ text into identifiers/numbers and single punctuation
// characters ("::" stays one token).
func tokenize(s string) []string {
	var toks []string
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case isSpace(c):
			i++
		case isIdent(c) || c == '.':
			j := i
			for j < len(s) && (isIdent(s[j]) || s[j] == '.') {
				j++
			}
			toks = append(toks, s[i:j])
			i = j
		case c == ':' && i+1 < len(s) && s[i+1] == ':':
			toks = append(toks, "::")
			i += 2
		default:
			toks = append(toks, string(c))
			i++
		}
	}
	return toks
}

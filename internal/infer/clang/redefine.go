package clang

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// Typedefs of the environment that a file redefines. Code written for a
// 32-bit host or for GPUVerify's headers declares `typedef unsigned int
// size_t;` or `typedef unsigned int clock_t;` itself, which the C library
// the prelude includes declares with another type (unsigned long, long):
// clang rejects the typedef, and every kernel that uses the name is lost.
// The file's own declaration is what its code means, so the file is parsed
// again with the name renamed from the end of the prelude on (a macro, in
// a header included after it): the environment keeps its type for its own
// declarations, the file's code gets the file's type. Nothing is assumed:
// the accesses are those of the file's types (a wrong width here would be
// the file's, not an approximation of drfcheck's).

// Redefined is a typedef of the file's that the environment declared with
// another type, renamed in the file's code.
type Redefined struct {
	Name       string // the name, clock_t
	File, Env  string // the file's type and the environment's, as clang prints them
	RenamedTo  string // the name the file's code was parsed with
	SourceFile string // where the file declares it
	Line, Col  int
}

var (
	redefRE = regexp.MustCompile(`(?m)^(.*?):(\d+):(\d+): error: typedef redefinition with different types \('([^']*)' vs '([^']*)'(?: \(aka '([^']*)'\))?`)
	noteRE  = regexp.MustCompile(`^(.*?):\d+:\d+: note: previous definition is here$`)
	identRE = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*`)
	// the built-in integer types, which a header may name before the
	// file's typedef does
	simpleTypeRE = regexp.MustCompile(`^(unsigned |signed )?(char|short|int|long|long long)( int)?$|^unsigned$`)
)

// redefinitions returns the typedefs clang rejected because the prelude or
// the system's headers declared them first with another type. read gives
// a file's text (the main file's may be an unsaved buffer).
func redefinitions(stderr []byte, includeDir string, read func(string) ([]byte, error)) []Redefined {
	var out []Redefined
	seen := map[string]bool{}
	sc := bufio.NewScanner(bytes.NewReader(stderr))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	var pending *Redefined
	for sc.Scan() {
		line := sc.Text()
		if m := redefRE.FindStringSubmatch(line); m != nil {
			ln, _ := strconv.Atoi(m[2])
			col, _ := strconv.Atoi(m[3])
			pending = &Redefined{SourceFile: m[1], Line: ln, Col: col, File: m[4], Env: m[5]}
			if m[6] != "" {
				pending.Env = m[6] // __clock_t (aka 'long')
			}
			continue
		}
		m := noteRE.FindStringSubmatch(line)
		if m == nil || pending == nil {
			continue
		}
		r := pending
		pending = nil
		// only a declaration of the environment's gives way: two of the
		// user's own that disagree are the user's error
		if prev := m[1]; !systemFile(prev) && !strings.HasPrefix(prev, includeDir+string(filepath.Separator)) {
			continue
		}
		if systemFile(r.SourceFile) || strings.HasPrefix(r.SourceFile, includeDir+string(filepath.Separator)) {
			continue
		}
		src, err := read(r.SourceFile)
		if err != nil {
			continue
		}
		name := identAt(src, r.Line, r.Col)
		if name == "" || seen[name] {
			continue
		}
		seen[name] = true
		r.Name, r.RenamedTo = name, "__drfcheck_file_"+name
		out = append(out, *r)
	}
	return out
}

// identAt is the identifier at a 1-based line and column of src (clang
// counts columns in bytes).
func identAt(src []byte, line, col int) string {
	lines := bytes.Split(src, []byte("\n"))
	if line < 1 || line > len(lines) || col < 1 || col > len(lines[line-1]) {
		return ""
	}
	return string(identRE.Find(lines[line-1][col-1:]))
}

// renameHeader writes (once) the header that renames these typedefs, in
// the include directory under a name made of its content, so that the
// clang runs that repeat the parse (Probe) find it too.
func renameHeader(includeDir string, rs []Redefined) (string, error) {
	var b strings.Builder
	b.WriteString("// the file's own typedefs of names the environment declares with other types (drfcheck, redefine.go)\n")
	lines := make([]string, len(rs))
	for i, r := range rs {
		// the file's type declared here too (the file's typedef repeats
		// it, which C++ allows), so that the headers the file includes
		// after the prelude see the name as the file's code does
		if simpleTypeRE.MatchString(r.File) {
			lines[i] = fmt.Sprintf("typedef %s %s;\n#define %s %s\n", r.File, r.RenamedTo, r.Name, r.RenamedTo)
		} else {
			lines[i] = fmt.Sprintf("#define %s %s\n", r.Name, r.RenamedTo)
		}
	}
	sort.Strings(lines)
	for _, l := range lines {
		b.WriteString(l)
	}
	sum := sha256.Sum256([]byte(b.String()))
	path := filepath.Join(includeDir, "drfcheck_renames", hex.EncodeToString(sum[:8])+".h")
	if got, err := os.ReadFile(path); err == nil && string(got) == b.String() {
		return path, nil
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return "", err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "rename-*")
	if err != nil {
		return "", err
	}
	_, err = tmp.WriteString(b.String())
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		os.Remove(tmp.Name())
		return "", err
	}
	return path, nil
}

// renameTypedefs reruns clang with the file's redefined typedefs renamed
// (after the prelude), and keeps the run when it has fewer errors.
func renameTypedefs(prelude []string, runErr error, stderr *bytes.Buffer, dir, path string, src []byte,
	run func([]string) error) ([]string, []Redefined, error) {
	read := func(f string) ([]byte, error) {
		if f == path {
			return src, nil
		}
		return os.ReadFile(f)
	}
	rs := redefinitions(stderr.Bytes(), dir, read)
	if len(rs) == 0 {
		return prelude, nil, runErr
	}
	hdr, err := renameHeader(dir, rs)
	if err != nil {
		return prelude, nil, runErr
	}
	before := bytes.Clone(stderr.Bytes())
	with := append(prelude[:len(prelude):len(prelude)], "-include", hdr)
	if err := run(with); err == nil || progress(before, stderr.Bytes(), redefRE) {
		return with, rs, err
	}
	return prelude, nil, run(prelude)
}

// progress reports whether a second clang run, after a repair aimed at the
// errors target matches, did better than the first: fewer errors, or,
// where clang stopped at its limit on errors (which then hides how many
// there are, each fix letting another show), fewer of the errors aimed at.
func progress(before, after []byte, target *regexp.Regexp) bool {
	if errorCount(after) < errorCount(before) {
		return true
	}
	return fatal(before) && len(target.FindAll(after, -1)) < len(target.FindAll(before, -1))
}

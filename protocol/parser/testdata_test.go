package parser_test

import (
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/drfcheck/drfcheck/protocol"
	"github.com/drfcheck/drfcheck/protocol/parser"
)

// validFiles returns the paths of the well-formed sample files.
func validFiles(t testing.TB) []string {
	paths, err := filepath.Glob("testdata/*.prot")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no testdata: %v", err)
	}
	return paths
}

// checkFailures lists the valid files that protocol.Check rejects, with
// the reason: the parser leaves name resolution to Check.
var checkFailures = map[string]string{
	"mixed.prot": "undeclared function f", // the brief's example, verbatim
}

func TestValidFiles(t *testing.T) {
	for _, path := range validFiles(t) {
		t.Run(filepath.Base(path), func(t *testing.T) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			f, err := parser.ParseFile(path, src)
			if err != nil {
				t.Fatalf("ParseFile: %v", err)
			}
			_, err = protocol.Check(f)
			want := checkFailures[filepath.Base(path)]
			switch {
			case want == "" && err != nil:
				t.Errorf("Check: %v", err)
			case want != "" && (err == nil || !strings.Contains(err.Error(), want)):
				t.Errorf("Check: got %v, want an error containing %q", err, want)
			}
		})
	}
}

// errorHeader is the first line of every file in testdata/bad: the expected
// position of the first error and a substring of its message.
var errorHeader = regexp.MustCompile(`^// error: (\d+):(\d+): (.*)`)

func TestBadFiles(t *testing.T) {
	paths, err := filepath.Glob("testdata/bad/*.prot")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no bad testdata: %v", err)
	}
	for _, path := range paths {
		t.Run(filepath.Base(path), func(t *testing.T) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			m := errorHeader.FindStringSubmatch(string(src))
			if m == nil {
				t.Fatalf("first line must be // error: LINE:COL: MESSAGE")
			}
			line, _ := strconv.Atoi(m[1])
			col, _ := strconv.Atoi(m[2])
			_, err = parser.ParseFile(path, src)
			first := firstError(t, err, path)
			if first.At.Line != line || first.At.Col != col || !strings.Contains(first.Msg, m[3]) {
				t.Errorf("got %v\nwant %s:%d:%d: ...%s...", first, path, line, col, m[3])
			}
		})
	}
}

// firstError checks that err is a non-empty protocol.ErrorList whose
// positions are all in filename, and returns its first error.
func firstError(t testing.TB, err error, filename string) *protocol.Error {
	t.Helper()
	var list protocol.ErrorList
	if !errors.As(err, &list) || len(list) == 0 {
		t.Fatalf("got error %v (%T), want a protocol.ErrorList", err, err)
	}
	for _, e := range list {
		if e.At.File != filename || e.At.Line < 1 || e.At.Col < 1 {
			t.Errorf("error without a proper position: %v", e)
		}
	}
	return list[0]
}

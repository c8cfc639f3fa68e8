package clang

import (
	"errors"
	"os"
	"testing"
)

func TestRedefinitions(t *testing.T) {
	const dir = "/cache/include-0-x"
	src := map[string]string{
		"k.cu":     "typedef unsigned int clock_t;\n",
		"common.h": "typedef float2 cData;\ntypedef unsigned int size_t;\n",
		"mine.h":   "typedef int T;\n",
	}
	read := func(f string) ([]byte, error) {
		if s, ok := src[f]; ok {
			return []byte(s), nil
		}
		return nil, errors.New("no such file")
	}
	tests := []struct {
		name, stderr string
		want         []Redefined
	}{
		{"C library", "k.cu:1:22: error: typedef redefinition with different types ('unsigned int' vs '__clock_t' (aka 'long'))\n" +
			"/usr/include/x86_64-linux-gnu/bits/types/clock_t.h:7:19: note: previous definition is here\n",
			[]Redefined{{Name: "clock_t", File: "unsigned int", Env: "long", RenamedTo: "__drfcheck_file_clock_t", SourceFile: "k.cu", Line: 1, Col: 22}}},
		{"in a header of the user's", "common.h:2:22: error: typedef redefinition with different types ('unsigned int' vs 'unsigned long')\n" +
			dir + "/drfcheck_prelude.h:3:1: note: previous definition is here\n",
			[]Redefined{{Name: "size_t", File: "unsigned int", Env: "unsigned long", RenamedTo: "__drfcheck_file_size_t", SourceFile: "common.h", Line: 2, Col: 22}}},
		// two typedefs of the user's that disagree are the user's error
		{"the user's own", "k.cu:1:22: error: typedef redefinition with different types ('unsigned int' vs 'int')\n" +
			"mine.h:1:13: note: previous definition is here\n", nil},
		{"another error", "k.cu:1:22: error: unknown type name 'clock_t'\n", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := redefinitions([]byte(tt.stderr), dir, read)
			if len(got) != len(tt.want) {
				t.Fatalf("got %+v, want %+v", got, tt.want)
			}
			for i := range got {
				if got[i] != tt.want[i] {
					t.Errorf("got %+v, want %+v", got[i], tt.want[i])
				}
			}
		})
	}
}

// TestRenameHeader: the header declares the file's type under the new
// name before renaming, for a built-in type, and is reused.
func TestRenameHeader(t *testing.T) {
	dir := t.TempDir()
	rs := []Redefined{{Name: "size_t", File: "unsigned int", RenamedTo: "__drfcheck_file_size_t"},
		{Name: "T", File: "struct S *", RenamedTo: "__drfcheck_file_T"}}
	p, err := renameHeader(dir, rs)
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	want := "// the file's own typedefs of names the environment declares with other types (drfcheck, redefine.go)\n" +
		"#define T __drfcheck_file_T\n" +
		"typedef unsigned int __drfcheck_file_size_t;\n#define size_t __drfcheck_file_size_t\n"
	if string(data) != want {
		t.Errorf("header:\n%s\nwant:\n%s", data, want)
	}
	if q, err := renameHeader(dir, rs); err != nil || q != p {
		t.Errorf("second call: %q, %v; want %q", q, err, p)
	}
}

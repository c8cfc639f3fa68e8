package parser_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/drfcheck/drfcheck/protocol"
	"github.com/drfcheck/drfcheck/protocol/parser"
	"github.com/drfcheck/drfcheck/protocol/printer"
)

// FuzzParseFile checks that no input makes the parser panic, that every
// error is a positioned protocol.ErrorList, and that every file it accepts
// survives printing and re-parsing (protocol.Equal) and then prints the same.
// Name resolution (protocol.Check) must not panic on parsed files either.
func FuzzParseFile(f *testing.F) {
	paths, _ := filepath.Glob("testdata/*.prot")
	bad, _ := filepath.Glob("testdata/bad/*.prot")
	for _, path := range append(paths, bad...) {
		src, err := os.ReadFile(path)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(src)
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		file, err := parser.ParseFile("fuzz.prot", src)
		if err != nil {
			firstError(t, err, "fuzz.prot")
			return
		}
		text := printer.File(file)
		again, err := parser.ParseFile("fuzz.prot", []byte(text))
		if err != nil {
			t.Fatalf("printed file does not parse: %v\n%s", err, text)
		}
		if !protocol.Equal(file, again) {
			t.Fatalf("round trip changed the file:\n%s", text)
		}
		if text2 := printer.File(again); text2 != text {
			t.Fatalf("printing is not a fixpoint:\n%s\n---\n%s", text, text2)
		}
		protocol.Check(file) //nolint:errcheck // only must not panic
	})
}

// FuzzParseExpr does the same for single expressions, as given to --param.
func FuzzParseExpr(f *testing.F) {
	for _, s := range []string{"1 + 2 * 3", "-(3)", "c > 0 ? f(x, -1) : blockIdx.y", "a < b", "0x7fffffffffffffff", "((x))"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		e, err := parser.ParseExpr("e", src)
		if err != nil {
			firstError(t, err, "e")
			return
		}
		again, err := parser.ParseExpr("e", printer.Node(e))
		if err != nil || !protocol.Equal(e, again) {
			t.Fatalf("round trip of %q through %q: %v", src, printer.Node(e), err)
		}
	})
}

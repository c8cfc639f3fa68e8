package ir

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/drfcheck/drfcheck/internal/infer/clang"
)

// TestDumpAST prints clang's tree of the file in $IR_AST, compactly: a
// debugging aid for extending the lowering.
func TestDumpAST(t *testing.T) {
	path := os.Getenv("IR_AST")
	if path == "" {
		t.Skip("set IR_AST=file.cu to print its clang tree")
	}
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	tu, _, err := clang.Parse(path, src, clang.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	var walk func(n *clang.Node, depth int)
	walk = func(n *clang.Node, depth int) {
		if n == nil {
			return
		}
		fmt.Fprintf(&b, "%s%s", strings.Repeat("  ", depth), n.Kind)
		for _, s := range []string{n.Name, n.Opcode, n.CastKind, n.ValueCategory, n.MemberDecl, n.Init, n.StorageClass} {
			if s != "" {
				fmt.Fprintf(&b, " %s", s)
			}
		}
		if n.Type != nil {
			fmt.Fprintf(&b, " '%s'", n.Type.String())
		}
		if n.Referenced != nil {
			fmt.Fprintf(&b, " ->%s %s %s", n.Referenced.Kind, n.Referenced.Name, n.Referenced.ID)
		}
		if len(n.Value) > 0 {
			fmt.Fprintf(&b, " =%s", n.Value)
		}
		if n.IsArrow {
			b.WriteString(" arrow")
		}
		fmt.Fprintf(&b, " id=%s\n", n.ID)
		for _, c := range n.Inner {
			walk(c, depth+1)
		}
	}
	for _, d := range tu.MainDecls() {
		walk(d, 0)
	}
	fmt.Print(b.String())
}

package launch

import (
	"fmt"
	"os"
	"testing"

	"drfcheck/infer/clang"
	"drfcheck/protocol/printer"
)

func TestDebug(t *testing.T) {
	path := os.Getenv("LAUNCH_FILE")
	if path == "" {
		t.Skip()
	}
	src, _ := os.ReadFile(path)
	tu, _, err := clang.Parse(path, src, clang.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range Sites(tu) {
		fmt.Printf("%v %s %s grid=%v block=%v args=%v why=%s\n", s.At, s.Name, s.Config, s.Grid, s.Block, s.Args, s.Why)
		f := s.Facts(len(s.Args))
		fmt.Printf("  block=%v grid=%v values=%v aliases=%+v notes=%q\n", f.Block, f.Grid, f.Values, f.Aliases, f.Notes)
		for _, c := range f.Pre {
			fmt.Printf("  pre %s\n", printer.Node(c))
		}
	}
}

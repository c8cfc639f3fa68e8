package ir

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/drfcheck/drfcheck/internal/infer/clang"
)

var (
	clangOnce sync.Once
	clangErr  error
)

// parse runs clang on a CUDA source, skipping the test when clang cannot
// run here.
func parse(t testing.TB, name, src string) *clang.TU {
	t.Helper()
	clangOnce.Do(func() {
		_, _, clangErr = clang.Parse("probe.cu", []byte("__global__ void k() {}\n"), clang.Options{})
		if clangErr != nil && !strings.Contains(clangErr.Error(), "probe.cu:") {
			return
		}
		clangErr = nil
	})
	if clangErr != nil {
		t.Skipf("clang does not start: %v", clangErr)
	}
	dir := t.TempDir()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	tu, _, err := clang.Parse(path, []byte(src), clang.Options{})
	if err != nil {
		t.Fatalf("clang: %v", err)
	}
	return tu
}

// lowerAll lowers every kernel of a TU and prints them.
func lowerAll(t testing.TB, tu *clang.TU, cfg Config) string {
	t.Helper()
	var b strings.Builder
	for _, k := range Kernels(tu) {
		f, err := Lower(tu, k)
		if err != nil {
			t.Fatal(err)
		}
		b.WriteString(cfg.Print(f))
	}
	return b.String()
}

// TestDumpIR prints the IR of the file in $IR_FILE: a debugging aid.
func TestDumpIR(t *testing.T) {
	path := os.Getenv("IR_FILE")
	if path == "" {
		t.Skip("set IR_FILE=file.cu to print its IR")
	}
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	tu := parse(t, filepath.Base(path), string(src))
	t.Log("\n" + lowerAll(t, tu, Config{Pos: os.Getenv("IR_POS") != ""}))
}

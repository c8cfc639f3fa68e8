package clang

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"testing"
	"testing/iotest"
)

// dump runs clang on src (saved as k.cu) and returns the JSON dump.
func dump(t testing.TB, src string) (data []byte, path string) {
	t.Helper()
	dir, err := IncludeDir()
	if err != nil {
		t.Fatal(err)
	}
	path = filepath.Join(t.TempDir(), "k.cu")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("clang", Args(dir, path, []string{"-include", Prelude}, Options{})...).Output()
	if err != nil {
		t.Skipf("clang: %v", err)
	}
	return out, path
}

const sample = `#include <stdio.h>
#include <math.h>
#define IDX(i) ((i) + 1)
__device__ float twice(float x) { return 2 * x; }
__global__ void k(float *a, int n) {
  a[IDX(threadIdx.x)] = twice(sqrtf(a[0]));
  printf("%d\n", n);
}
`

// resolveAll decodes a whole dump with encoding/json and resolves it in one
// walk: the slow reference the lazy decoder must agree with.
func resolveAll(t *testing.T, data []byte) *Node {
	t.Helper()
	var root Node
	if err := json.Unmarshal(data, &root); err != nil {
		t.Fatal(err)
	}
	var r resolver
	r.node(&root)
	return &root
}

// TestLazyMatchesFull checks that decoding one top-level declaration at a
// time, from the state the scanner recorded, gives what decoding the whole
// dump in order gives.
func TestLazyMatchesFull(t *testing.T) {
	data, _ := dump(t, sample)
	root := resolveAll(t, data)
	s, err := scan(data)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.elems) != len(root.Inner) {
		t.Fatalf("%d elements, want %d", len(s.elems), len(root.Inner))
	}
	tu := &TU{dump: bytes.NewReader(data), elems: s.elems, ids: s.ids, decoded: map[int]*Node{}, byID: map[string]*Node{}}
	for i, want := range root.Inner {
		got, err := tu.element(i)
		if err != nil {
			t.Fatal(err)
		}
		a, _ := json.Marshal(got)
		b, _ := json.Marshal(want)
		if string(a) != string(b) {
			t.Fatalf("element %d differs", i)
		}
		if f := DeclFile(want); f != "" && f != s.elems[i].file {
			t.Errorf("element %d: file %q, want %q", i, s.elems[i].file, f)
		}
	}
}

// TestMainDecls checks that the main file's declarations are found, with
// positions in it, including inside a macro expansion.
func TestMainDecls(t *testing.T) {
	data, path := dump(t, sample)
	dir, err := IncludeDir()
	if err != nil {
		t.Fatal(err)
	}
	tu, err := NewTU(data, path, []byte(sample), dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, d := range tu.MainDecls() {
		names = append(names, d.Name)
		if l := d.Loc.At(); !tu.InMain(l) {
			t.Errorf("%s at %s:%d", d.Name, l.File, l.Line)
		}
	}
	if len(names) != 2 || names[0] != "twice" || names[1] != "k" {
		t.Fatalf("main declarations %v, want [twice k]", names)
	}
	// the subscript a[IDX(threadIdx.x)] is on line 6, column 3
	var find func(n *Node) *Node
	find = func(n *Node) *Node {
		if n == nil {
			return nil
		}
		if n.Kind == "ArraySubscriptExpr" {
			return n
		}
		for _, c := range n.Inner {
			if f := find(c); f != nil {
				return f
			}
		}
		return nil
	}
	sub := find(tu.MainDecls()[1])
	if b := sub.Range.Begin.At(); sub == nil || b.Line != 6 || b.Col != 3 {
		t.Fatalf("subscript at %+v, want 6:3", sub.Range.Begin.At())
	}
	if got := tu.Text(sub); got != "a[IDX(threadIdx.x)]" {
		t.Errorf("text %q", got)
	}
}

func TestDiagnostics(t *testing.T) {
	stderr := `In file included from k.cu:3:
/usr/include/foo.h:10:5: error: unknown type name 'bar'
k.cu:7:12: error: expected ';' after expression
k.cu:8:1: warning: unused
In file included from <built-in>:1:
/tmp/inc/drfcheck_prelude.h:40:8: error: redefinition of 'float4'
In file included from k.cu:4:
./common.h:12:3: error: use of undeclared identifier 'dot'
In file included from k.cu:5:
In file included from ./util.h:2:
/usr/include/bar.h:1:1: error: unknown type name 'baz'
`
	errs := Diagnostics([]byte(stderr), "k.cu", "/tmp/inc")
	want := []string{
		"k.cu:3:1: in /usr/include/foo.h:10:5: unknown type name 'bar'",
		"k.cu:7:12: expected ';' after expression",
		"k.cu:1:1: in drfcheck's drfcheck_prelude.h:40:8: redefinition of 'float4'",
		"./common.h:12:3: use of undeclared identifier 'dot'", // a header of the user's: where it is
		"./util.h:2:1: in /usr/include/bar.h:1:1: unknown type name 'baz'",
	}
	if len(errs) != len(want) {
		t.Fatalf("errors %v, want %v", errs, want)
	}
	for i, e := range errs {
		if e.Error() != want[i] {
			t.Errorf("error %d: %q, want %q", i, e.Error(), want[i])
		}
	}
}

func BenchmarkScan(b *testing.B) {
	data, _ := dump(b, sample)
	b.SetBytes(int64(len(data)))
	for i := 0; i < b.N; i++ {
		if _, err := scan(data); err != nil {
			b.Fatal(err)
		}
	}
}

// TestScanStreamed checks that the scanner finds the same elements, files
// and ids when the dump arrives a few bytes at a time, so that tokens and
// strings straddle the ends of its window.
func TestScanStreamed(t *testing.T) {
	data, _ := dump(t, sample)
	whole, err := scan(data)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range []struct {
		name string
		in   io.Reader
	}{
		{"one byte", iotest.OneByteReader(bytes.NewReader(data))},
		{"half", iotest.HalfReader(bytes.NewReader(data))},
		{"data and error", iotest.DataErrReader(bytes.NewReader(data))},
	} {
		got, err := scanFrom(r.in)
		if err != nil {
			t.Fatalf("%s: %v", r.name, err)
		}
		if !reflect.DeepEqual(got.elems, whole.elems) || !reflect.DeepEqual(got.ids, whole.ids) {
			t.Errorf("%s: the elements or ids differ", r.name)
		}
	}
}

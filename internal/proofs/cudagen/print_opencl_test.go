package cudagen

import (
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestOpenCLPrints logs which fraction of generated kernels print as
// OpenCL C and why the others do not, and checks that the printed ones
// are OpenCL C 1.2 that clang accepts (as drfcheck's front end runs it),
// in one file, as the differential test reads a batch.
func TestOpenCLPrints(t *testing.T) {
	n := 400
	if testing.Short() {
		n = 100
	}
	r := rand.New(rand.NewSource(20))
	var cases []*Case
	for range n {
		cases = append(cases, New(r))
	}
	src, names := OpenCLBatch(cases)
	t.Logf("%d of %d kernels print as OpenCL C; %s", len(names), n, OpenCLReasons(cases))
	if len(names)*10 < n {
		t.Errorf("only %d of %d kernels print as OpenCL C", len(names), n)
	}
	// the same program: the interpreter's verdict is the case's
	var drf, racy, div int
	for _, c := range cases {
		if _, ok := c.OpenCL(); ok {
			switch c.Expect {
			case DRF:
				drf++
			case Racy:
				racy++
			default:
				div++
			}
		}
	}
	t.Logf("printed: %d drf, %d racy, %d divergent by the interpreter", drf, racy, div)
	clang, err := exec.LookPath("clang")
	if err != nil {
		t.Skip("no clang")
	}
	path := filepath.Join(t.TempDir(), "batch.cl")
	if err := os.WriteFile(path, []byte(gpuverifyAnnotations+src), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(clang, "-x", "cl", "-cl-std=CL1.2", "-Xclang", "-finclude-default-header", "-fsyntax-only",
		"-Wno-everything", path).CombinedOutput()
	if err != nil {
		lines := strings.Split(string(out), "\n")
		t.Errorf("clang rejects the OpenCL batch: %v\n%s", err, strings.Join(lines[:min(len(lines), 60)], "\n"))
	}
}

// TestInterpreterFences checks the interpreter's reading of OpenCL's
// fences (Sync.Fence): a barrier orders only the memory it fences.
func TestInterpreterFences(t *testing.T) {
	fenced := func(f int) Stmt { return &Sync{Op: "__syncthreads", Fence: f} }
	tests := []struct {
		name  string
		fence int
		glob  bool // the exchange is in global memory (else shared)
		want  Verdict
	}{
		{"shared exchange, both fences", fenceBoth, false, DRF},
		{"shared exchange, local fence", fenceLocal, false, DRF},
		{"shared exchange, global fence", fenceGlobal, false, Racy},
		{"global exchange, both fences", fenceBoth, true, DRF},
		{"global exchange, global fence", fenceGlobal, true, DRF},
		{"global exchange, local fence", fenceLocal, true, Racy},
	}
	for _, tc := range tests {
		b := newKB(4, 1, 0, [2]int64{})
		cell := b.S
		if tc.glob {
			cell = b.Out
		}
		b.add(set(cell(b.T()), intLit(1)), fenced(tc.fence), b.read(cell(bin("%", plus(b.T(), 1), intLit(4))), local("x")))
		c, err := b.run(t)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if c.Expect != tc.want {
			t.Errorf("%s: the interpreter says %v, want %v (%s)", tc.name, c.Expect, tc.want, c.Race)
		}
		src, ok := c.OpenCL()
		if !ok || !strings.Contains(src, barrierText(&Sync{Fence: tc.fence})) {
			t.Errorf("%s: OpenCL text (ok %v):\n%s", tc.name, ok, src)
		}
	}
}

// TestOpenCLFenceVariants checks that variants with weaker fences are
// made for a good share of the kernels that print, and that weakening a
// barrier never makes a racy kernel race-free.
func TestOpenCLFenceVariants(t *testing.T) {
	r := rand.New(rand.NewSource(22))
	var n, variants, racier, safer int
	for range 300 {
		c := New(r)
		if _, ok := c.OpenCL(); !ok {
			continue
		}
		n++
		v, ok := c.OpenCLFences()
		if !ok {
			continue
		}
		variants++
		if err := Valid(v); err != nil {
			t.Errorf("%s: variant not valid: %v", v.Name, err)
		}
		switch {
		case c.Expect == DRF && v.Expect == Racy:
			racier++
		case c.Expect == Racy && v.Expect == DRF:
			safer++
			t.Errorf("%s: weakening a barrier made a racy kernel race-free:\n%s", c.Name, c)
		case c.Expect == Divergent && v.Expect != Divergent:
			t.Errorf("%s: weakening a barrier changed divergence", c.Name)
		}
	}
	t.Logf("%d kernels print as OpenCL, %d have fence variants, %d of those race-free kernels become racy", n, variants, racier)
	if variants*4 < n {
		t.Errorf("only %d fence variants of %d kernels", variants, n)
	}
}

// TestHarmfulOwnRead checks that a read of the thread's own write is not
// harmful (drfcheck forwards the store), while the writes it races with
// still are when they write other bytes.
func TestHarmfulOwnRead(t *testing.T) {
	tests := []struct {
		name    string
		body    func(b *kb) []Stmt
		harmful bool
	}{
		{"every thread writes 0 and reads it back", func(b *kb) []Stmt {
			return []Stmt{set(b.S(intLit(0)), intLit(0)), b.read(b.S(intLit(0)), local("x"))}
		}, false},
		{"every thread writes its id and reads it back", func(b *kb) []Stmt {
			return []Stmt{set(b.S(intLit(0)), b.T()), b.read(b.S(intLit(0)), local("x"))}
		}, true},
		{"thread 0 writes, every thread reads", func(b *kb) []Stmt {
			return []Stmt{iff(bin("==", b.T(), intLit(0)), set(b.S(intLit(0)), intLit(0))), b.read(b.S(intLit(0)), local("x"))}
		}, true},
		{"every thread reads, then writes 0", func(b *kb) []Stmt {
			return []Stmt{set(b.S(intLit(1)), intLit(0)), b.read(b.S(intLit(0)), local("x")), set(b.S(intLit(0)), intLit(0))}
		}, true},
	}
	for _, tc := range tests {
		b := newKB(4, 1, 0, [2]int64{})
		b.add(tc.body(b)...)
		c, err := b.run(t)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if c.Expect != Racy || c.Harmful != tc.harmful {
			t.Errorf("%s: %v, harmful %v; want racy, harmful %v", tc.name, c.Expect, c.Harmful, tc.harmful)
		}
	}
}

// gpuverifyAnnotations declares the annotations of GPUVerify that printed
// kernels use (barrier invariants), as GPUVerify's own header does.
const gpuverifyAnnotations = `#pragma OPENCL EXTENSION __cl_clang_variadic_functions : enable
void __gpuverify_invariant(bool, ...);
#pragma OPENCL EXTENSION __cl_clang_variadic_functions : disable
int __other_int(int);
#define __barrier_invariant_1(...) __gpuverify_invariant(__VA_ARGS__)
#define __barrier_invariant_2(...) __gpuverify_invariant(__VA_ARGS__)
#define __barrier_invariant_binary_1(...) __gpuverify_invariant(__VA_ARGS__)
`

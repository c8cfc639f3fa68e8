package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/drfcheck/drfcheck/internal/report"
)

const racy = "../../testdata/protocols/claim1/test1_transpose_racy.prot"

// Usage errors give a message on stderr and exit status 2, never a verdict.
func TestUsageErrors(t *testing.T) {
	dir := t.TempDir()
	txt := filepath.Join(dir, "notes.txt")
	os.WriteFile(txt, []byte("hello"), 0o644)
	for _, tc := range []struct {
		args []string
		msg  string
	}{
		{[]string{}, "no input files"},
		{[]string{"--no-such-flag", racy}, "unknown flag"},
		{[]string{"--blockDim=0", racy}, "blockDim"},
		{[]string{"--blockDim=[1,2,3,4]", racy}, "three dimensions"},
		{[]string{"-g", "x", racy}, "gridDim"},
		{[]string{"--param=N", racy}, "name=value"},
		{[]string{"--param=N=two", racy}, "not an integer"},
		{[]string{"--dump=everything", racy}, "--dump"},
		{[]string{"--format=xml", racy}, "--format"},
		{[]string{"--level=warp", racy}, "--level"},
		{[]string{"--jobs=0", racy}, "--jobs"},
		{[]string{"--max-races=0", racy}, "--max-races"},
		{[]string{"--timeout=-1s", racy}, "--timeout"},
		{[]string{"--timeout=soon", racy}, "timeout"},
		{[]string{"--fail-on=races", racy}, "--fail-on"},
		{[]string{"--shard=0/3", racy}, "--shard"},
		{[]string{"--shard=4/3", racy}, "--shard"},
		{[]string{"--shard=1", racy}, "--shard"},
		{[]string{"--baseline=" + filepath.Join(dir, "none.json"), racy}, "--baseline"},
		{[]string{"--baseline=" + txt, racy}, "not a drfcheck baseline"},
		{[]string{dir}, "nothing to check"},
		{[]string{"--output=xml=" + filepath.Join(dir, "r.xml"), racy}, "--output=xml="},
		{[]string{"--output=sarif", racy}, "FORMAT=PATH"},
		{[]string{"-o", "json=" + filepath.Join(dir, "no", "such", "r.json"), racy}, "no such file"},
	} {
		var stdout, stderr bytes.Buffer
		code := run(tc.args, &stdout, &stderr)
		if code != 2 || !strings.Contains(stderr.String(), tc.msg) {
			t.Errorf("drfcheck %v: exit %d, stderr %q; want 2 and %q", tc.args, code, stderr.String(), tc.msg)
		}
		if strings.Contains(stdout.String(), "data race") {
			t.Errorf("drfcheck %v: printed a verdict", tc.args)
		}
	}
}

// Bad files are errors of their own, positioned, exit 2.
func TestFileErrors(t *testing.T) {
	dir := t.TempDir()
	write := func(name, src string) string {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte(src), 0o644)
		return p
	}
	for _, tc := range []struct {
		path string
		msg  string
	}{
		{filepath.Join(dir, "missing.prot"), "no such file"},
		{write("notes.txt", "hello"), "unknown kind of file"},
		{write("p.prot", "param N; wr A[0];"), "p.prot:1:10: error: undeclared array A"},
		{write("q.prot", "//--blockDim=[0]\nshared A;"), "blockDim"},
	} {
		var stdout, stderr bytes.Buffer
		code := run([]string{tc.path}, &stdout, &stderr)
		if code != 2 || !strings.Contains(stdout.String(), tc.msg) {
			t.Errorf("%s: exit %d, output %q; want 2 and %q", tc.path, code, stdout.String(), tc.msg)
		}
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"--param=Q=1", racy}, &stdout, &stderr); code != 2 || !strings.Contains(stdout.String(), "no parameter Q") {
		t.Errorf("--param for a parameter the file lacks: exit %d, %q", code, stdout.String())
	}
}

// A batch goes on past bad files: every file has its outcome, the exit
// status is the worst one (a race), and the summary counts everything.
func TestBatch(t *testing.T) {
	var stdout, stderr bytes.Buffer
	code := run([]string{"--format=json", "../../testdata/protocols"}, &stdout, &stderr)
	if code != 1 {
		t.Errorf("exit %d, want 1 (races found)", code)
	}
	var doc report.JSON
	if err := json.Unmarshal(stdout.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	files := testdataFiles(t, "../../testdata/protocols")
	if len(doc.Files) != len(files) {
		t.Fatalf("%d files in the report, %d in testdata", len(doc.Files), len(files))
	}
	bad := 0
	for i, f := range doc.Files {
		if f.Path != files[i] {
			t.Errorf("file %d is %s, want %s (input order)", i, f.Path, files[i])
		}
		if strings.Contains(f.Path, "/bad/") != (f.Error != nil) {
			t.Errorf("%s: error %v", f.Path, f.Error)
		}
		if f.Error != nil {
			bad++
		} else if len(f.Kernels) != 1 {
			t.Errorf("%s: %d kernels", f.Path, len(f.Kernels))
		}
	}
	s := doc.Summary
	if s.Errors != bad || s.Files != len(files) || s.DRF+s.Racy+s.Divergent+s.Unknown+s.Suppressed != s.Kernels || s.Kernels != len(files)-bad {
		t.Errorf("summary %+v with %d bad files of %d", s, bad, len(files))
	}
	// The text format ends with the table.
	stdout.Reset()
	run([]string{"../../testdata/protocols"}, &stdout, &stderr)
	if !strings.Contains(stdout.String(), "verdict") || !strings.Contains(stdout.String(), "error ") {
		t.Errorf("no summary table:\n%s", stdout.String()[max(0, stdout.Len()-400):])
	}
}

// Exit status 0 for DRF, 3 for unknown.
func TestExitCodes(t *testing.T) {
	for _, tc := range []struct {
		path string
		code int
	}{
		{"../../testdata/protocols/claim1/test1_transpose_drf.prot", 0},
		{racy, 1},
		{"../../testdata/protocols/constructs/divergence_if.prot", 1},
		{"../../testdata/protocols/constructs/mixed_emptiness_unknown.prot", 3},
		{"../../testdata/protocols/bad/dimensions.prot", 2},
	} {
		var stdout, stderr bytes.Buffer
		if code := run([]string{tc.path}, &stdout, &stderr); code != tc.code {
			t.Errorf("%s: exit %d, want %d", tc.path, code, tc.code)
		}
	}
}

// TestInterrupted: a run whose context is done (Ctrl-C before it began)
// exits 130, saying so, and its report lists every file as not checked:
// none is called race free.
func TestInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var stdout, stderr bytes.Buffer
	code := runContext(ctx, []string{"--format=json", "../../testdata/protocols/claim1/test1_transpose_drf.prot", racy}, &stdout, &stderr)
	if code != report.ExitInterrupted || !strings.Contains(stderr.String(), "interrupted") {
		t.Fatalf("exit %d, want %d; stderr:\n%s", code, report.ExitInterrupted, stderr.String())
	}
	if n := strings.Count(stdout.String(), "not checked: interrupted"); n != 2 {
		t.Errorf("%d files reported as not checked, want 2:\n%s", n, stdout.String())
	}
	if !strings.Contains(stdout.String(), `"exit_code": 130`) || strings.Contains(stdout.String(), `"verdict": "drf"`) {
		t.Errorf("want exit_code 130 and no race-free verdict:\n%s", stdout.String())
	}
}

// --param fixes a parameter: Listing 2.3 is race free when N = 1 (a single
// iteration has no next one to race with).
func TestParam(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-p", "N=1", racy}, &stdout, &stderr); code != 0 {
		t.Errorf("N = 1: exit %d:\n%s", code, stdout.String())
	}
	if code := run([]string{"-p", "N=3", racy}, &stdout, &stderr); code != 1 {
		t.Errorf("N = 3: exit %d", code)
	}
}

// Every stage can be dumped.
func TestDump(t *testing.T) {
	for stage, want := range map[string]string{
		"protocol": "for r in 0..N",
		"aligned":  "for r in 1..N",
		"traces":   "trace 2: r in 1..N",
		"smt":      "(declare-fun",
	} {
		var stdout, stderr bytes.Buffer
		run([]string{"--dump=" + stage, racy}, &stdout, &stderr)
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("--dump=%s: no %q in\n%s", stage, want, stdout.String())
		}
	}
}

// -D and -I reach clang: the same kernel is racy or not depending on a
// macro, and a header found only through -I defines its size.
func TestCUDAFlags(t *testing.T) {
	dir := t.TempDir()
	inc := filepath.Join(dir, "inc")
	os.Mkdir(inc, 0o755)
	os.WriteFile(filepath.Join(inc, "stride.h"), []byte("#define STRIDE 1\n"), 0o644)
	kernel := filepath.Join(dir, "k.cu")
	// With OFFSET = 0 thread t writes s[t]; with OFFSET = 1 thread t also
	// reads s[t + 1], which thread t + 1 writes: a race.
	os.WriteFile(kernel, []byte(`#include "stride.h"
#ifndef OFFSET
#define OFFSET 0
#endif
__global__ void k(int *out) {
  __shared__ int s[1024];
  s[threadIdx.x * STRIDE] = 1;
  out[blockIdx.x * blockDim.x + threadIdx.x] = s[threadIdx.x * STRIDE + OFFSET];
}
`), 0o644)
	for _, tc := range []struct {
		args []string
		code int
		out  string
	}{
		{[]string{kernel}, 3, "stride.h"},                  // the header is not found: unknown
		{[]string{"-I", inc, kernel}, 0, "data-race free"}, // OFFSET = 0
		{[]string{"-I", inc, "-D", "OFFSET=1", kernel}, 1, "data race on 's'"},
		{[]string{"-I" + inc, "-DOFFSET=1", kernel}, 1, "data race on 's'"},
	} {
		var stdout, stderr bytes.Buffer
		code := run(tc.args, &stdout, &stderr)
		if code != tc.code || !strings.Contains(stdout.String(), tc.out) {
			t.Errorf("drfcheck %v: exit %d, want %d and %q in\n%s", tc.args, code, tc.code, tc.out, stdout.String())
		}
	}
}

// TestDefaultGrid checks the sound default launch: a kernel that never
// reads blockIdx is still checked for several blocks, the race that needs
// two blocks says how to rule them out, and --level=grid on one block says
// that nothing was checked instead of calling the kernel race free.
func TestDefaultGrid(t *testing.T) {
	racy := filepath.Join("..", "..", "testdata", "cuda", "launch", "forgotten_block_offset_racy.cu")
	for _, tc := range []struct {
		args    []string
		code    int
		want    string
		notWant string
	}{
		{[]string{racy}, 1, "pass -g 1 or add //--gridDim=1", ""},
		{[]string{"-g", "2", racy}, 1, "between threads of different blocks", "pass -g 1"},
		{[]string{"-g", "1", racy}, 0, "data-race free", ""},
		{[]string{"-g", "1", "--level=grid", racy}, 0, "nothing checked (grid level: the grid is one block", "data-race free"},
		{[]string{"--format=json", racy}, 1, `"the grid size was not given`, ""},
	} {
		var stdout, stderr bytes.Buffer
		code := run(tc.args, &stdout, &stderr)
		out := stdout.String()
		if code != tc.code || !strings.Contains(out, tc.want) || tc.notWant != "" && strings.Contains(out, tc.notWant) {
			t.Errorf("drfcheck %v: exit %d, want %d, %q and not %q in\n%s%s", tc.args, code, tc.code, tc.want, tc.notWant, out, stderr.String())
		}
	}
}

// TestKernelTimeout checks that --kernel-timeout bounds a kernel as a whole:
// a budget that is over before the first query leaves every query cut and
// reported unknown at its access (exit 3), never data-race free.
func TestKernelTimeout(t *testing.T) {
	dir := t.TempDir()
	kernel := filepath.Join(dir, "k.cu")
	os.WriteFile(kernel, []byte(`__global__ void k(int *out, int c) {
  int x = threadIdx.x + c;
  out[x * x * x * x + x * x * c] = 1;
}
`), 0o644)
	var stdout, stderr bytes.Buffer
	code := run([]string{"--kernel-timeout=1ns", kernel}, &stdout, &stderr)
	out := stdout.String()
	if code != 3 || !strings.Contains(out, "k.cu:3:3: warning: cannot check: the kernel's time budget (--kernel-timeout) ran out") || strings.Contains(out, "data-race free") {
		t.Errorf("exit %d, want 3 and the cut query reported in\n%s%s", code, out, stderr.String())
	}
	if code := run([]string{"--kernel-timeout=-1s", kernel}, &stdout, &stderr); code != 2 {
		t.Errorf("--kernel-timeout=-1s: exit %d, want 2", code)
	}
}

// TestDumpIR checks that --dump=ir prints the desugared kernel: the
// conditional lvalue expanded into one store per arm, the vector component
// at its byte offset.
func TestDumpIR(t *testing.T) {
	for _, tc := range []struct {
		file string
		want []string
	}{
		{"cond_ref_racy.cu", []string{"// ==== alias: ir", "if tid % 2 != 0 {", "store i32 [x] = tid", "store i32 [y] = tid"}},
		{"vector_component_racy.cu", []string{"store f32 [s + 16 * t + 12] = 1.0f"}},
	} {
		var stdout, stderr bytes.Buffer
		path := filepath.Join("..", "..", "testdata", "cuda", "soundness", tc.file)
		run([]string{"--dump=ir", path}, &stdout, &stderr)
		for _, w := range tc.want {
			if !strings.Contains(stdout.String(), w) {
				t.Errorf("--dump=ir %s: no %q in\n%s", tc.file, w, stdout.String())
			}
		}
	}
}

// TestHostOnlyFiles checks that a file without kernels found in a
// directory is a note, not an error, while the same file named on the
// command line is an error (the user asked to check it).
func TestHostOnlyFiles(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "kernel.cu"), []byte("//------------\n__global__ void k(int *a) { a[threadIdx.x] = 0; }\n"), 0o644)
	host := filepath.Join(dir, "host.cu")
	os.WriteFile(host, []byte("int main() { return 0; }\n"), 0o644)
	var stdout, stderr bytes.Buffer
	code := run([]string{"-g", "1", dir}, &stdout, &stderr)
	out := stdout.String()
	if code != 0 || !strings.Contains(out, "host.cu: note: no __global__ function (host code only)") || !strings.Contains(out, "host only          1 file") {
		t.Errorf("directory run: exit %d, want 0 with a host-only note in\n%s%s", code, out, stderr.String())
	}
	stdout.Reset()
	if code := run([]string{host}, &stdout, &stderr); code != 2 || !strings.Contains(stdout.String(), "error: no __global__ function") {
		t.Errorf("explicit file: exit %d, want 2 and an error in\n%s", code, stdout.String())
	}
}

// TestHeaderFile checks that a header named on the command line is checked
// as CUDA.
func TestHeaderFile(t *testing.T) {
	dir := t.TempDir()
	h := filepath.Join(dir, "kernels.h")
	os.WriteFile(h, []byte("__global__ void k(int *a) { a[threadIdx.x] = 0; }\n"), 0o644)
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-g", "1", h}, &stdout, &stderr); code != 0 || !strings.Contains(stdout.String(), "k: data-race free") {
		t.Errorf("exit %d, want 0 and the kernel checked in\n%s%s", code, stdout.String(), stderr.String())
	}
}

// TestBenignRaces checks that writes of one value are benign by default and
// races with --benign-races.
func TestBenignRaces(t *testing.T) {
	path := "../../testdata/cuda/benign/same_value_drf.cu"
	var stdout, stderr bytes.Buffer
	if code := run([]string{path}, &stdout, &stderr); code != 0 {
		t.Errorf("default: exit %d, want 0\n%s%s", code, stdout.String(), stderr.String())
	}
	stdout.Reset()
	if code := run([]string{"--benign-races", path}, &stdout, &stderr); code != 1 || !strings.Contains(stdout.String(), "data race on 'found' (write/write)") {
		t.Errorf("--benign-races: exit %d, want 1 and the race on found in\n%s", code, stdout.String())
	}
}

// --output writes the run's report in more formats, each to its file: the
// text file is what stdout shows, and the JSON file names the race stdout
// reports.
func TestOutputFiles(t *testing.T) {
	dir := t.TempDir()
	textPath, jsonPath := filepath.Join(dir, "r.txt"), filepath.Join(dir, "r.json")
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-o", "text=" + textPath, "--output=json=" + jsonPath, racy}, &stdout, &stderr); code != 1 {
		t.Fatalf("exit %d, want 1 (a race): %s", code, stderr.String())
	}
	text, err := os.ReadFile(textPath)
	if err != nil {
		t.Fatal(err)
	}
	if string(text) != stdout.String() || !strings.Contains(string(text), "data race") {
		t.Errorf("the text file differs from stdout:\n%s\n---\n%s", text, stdout.String())
	}
	data, err := os.ReadFile(jsonPath)
	if err != nil {
		t.Fatal(err)
	}
	var doc report.JSON
	if err := json.Unmarshal(data, &doc); err != nil || len(doc.Files) != 1 || len(doc.Files[0].Kernels) == 0 || len(doc.Files[0].Kernels[0].Races) == 0 {
		t.Errorf("the JSON file has no race (%v):\n%s", err, data)
	}
}

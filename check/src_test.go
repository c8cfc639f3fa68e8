package check_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/drfcheck/drfcheck/check"
)

// LoadCUDA checks the text it is given, not the file on disk (an editor's
// unsaved buffer), and its positions name the file; the file's relative
// includes are still found next to it.
func TestLoadCUDAReadsSrc(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "idx.cuh"), []byte("#define IDX (threadIdx.x)\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "k.cu")
	drf := "#include \"idx.cuh\"\n__global__ void k(int *a) {\n  a[IDX] = IDX;\n}\n"
	racy := "#include \"idx.cuh\"\n__global__ void k(int *a) {\n  a[IDX / 2] = IDX;\n}\n"
	c := check.New(check.Options{Jobs: 1})
	for _, tc := range []struct {
		disk, buffer string
		want         check.Verdict
	}{
		{drf, racy, check.Racy},
		{racy, drf, check.DRF},
		{racy, racy, check.Racy},
	} {
		if err := os.WriteFile(path, []byte(tc.disk), 0o644); err != nil {
			t.Fatal(err)
		}
		ins, err := check.LoadCUDA(path, []byte(tc.buffer), check.LoadOptions{Grid: &[3]int64{1, 1, 1}})
		if err != nil {
			t.Fatalf("%q: %v", tc.buffer, err)
		}
		r := c.Check(ins[0])
		if r.Verdict != tc.want {
			t.Errorf("buffer %q, disk %q: %s, want %s", tc.buffer, tc.disk, r.Verdict, tc.want)
		}
		for _, race := range r.Races {
			if at := race.Witness.Threads[0].Access.At; at.File != path || at.Line != 3 {
				t.Errorf("race at %s, want %s:3", at, path)
			}
		}
	}
}

// Template kernels checked at stand-in arguments leave nothing next to the
// sources: a read-only directory gives the same verdicts and stays as it
// was.
func TestStandInsWriteNothing(t *testing.T) {
	src, err := os.ReadFile("../testdata/cuda/functions/template_stand_in_racy.cu")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "k.cu")
	if err := os.WriteFile(path, src, 0o444); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(dir, 0o555); err != nil {
		t.Fatal(err)
	}
	defer os.Chmod(dir, 0o755)
	ins, err := check.LoadCUDA(path, src, check.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	c := check.New(check.Options{Jobs: 1})
	var verdicts []string
	for _, in := range ins {
		verdicts = append(verdicts, in.Name+"="+c.Check(in).Verdict.String())
	}
	if !slices.ContainsFunc(verdicts, func(v string) bool { return strings.HasSuffix(v, "=racy") }) {
		t.Errorf("verdicts %v: the stand-in instantiation was not checked", verdicts)
	}
	entries, err := os.ReadDir(dir)
	if err != nil || len(entries) != 1 {
		t.Errorf("the directory holds %d files (%v), want only k.cu", len(entries), err)
	}
}

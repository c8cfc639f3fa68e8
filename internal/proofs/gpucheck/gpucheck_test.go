package gpucheck

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestPrograms writes a small cross-check (cases with and without the
// header API, smoke.cu, values.cu) and checks that the files are CUDA:
// with clang's CUDA front end and drfcheck's stub headers standing in for
// CUDA's (host and device passes, as the differential's drfcheck reads
// kernels), and, where nvcc is installed, with nvcc itself; with a GPU the
// smoke test and values.cu also run.
func TestPrograms(t *testing.T) {
	cases := Generate(Options{N: 150, Seed: 5, Header: 0.6})
	header := 0
	for _, c := range cases {
		if HasHeader(c) {
			header++
		}
	}
	if header < 90 {
		t.Errorf("%d of %d cases with the header API, want at least 90", header, len(cases))
	}
	dir := t.TempDir()
	if _, err := Write(dir, cases, nil, 75, 7, 200, 40); err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.cu"))
	if len(files) != 4 {
		t.Fatalf("files %v, want prog_00.cu, prog_01.cu, smoke.cu and values.cu", files)
	}
	t.Run("clang", func(t *testing.T) {
		clang, err := exec.LookPath("clang")
		if err != nil {
			t.Skip("clang is not installed")
		}
		_, here, _, _ := runtime.Caller(0)
		inc := filepath.Join(filepath.Dir(here), "..", "..", "infer", "clang", "include")
		for _, f := range files {
			for _, mode := range [][]string{{"--cuda-host-only"}, {"--cuda-device-only", "--cuda-gpu-arch=sm_80"}} {
				args := append([]string{"-x", "cuda", "-nocudainc", "-nocudalib", "-fsyntax-only", "-std=c++17",
					"-Xclang", "-fcuda-allow-variadic-functions", "-I", inc, "-include", "drfcheck_prelude.h",
					"-ferror-limit=20", "-Wno-unknown-cuda-version", "-w"}, mode...)
				out, err := exec.Command(clang, append(args, f)...).CombinedOutput()
				if err != nil || strings.Contains(string(out), " error: ") {
					t.Errorf("clang %s %s: %v\n%s", mode[0], filepath.Base(f), err, out)
				}
			}
		}
	})
	t.Run("nvcc", func(t *testing.T) {
		nvcc, err := exec.LookPath("nvcc")
		if err != nil {
			t.Skip("nvcc is not installed")
		}
		for _, f := range files {
			bin := strings.TrimSuffix(f, ".cu")
			if out, err := exec.Command(nvcc, "-arch=sm_80", "-O1", "-o", bin, f).CombinedOutput(); err != nil {
				t.Errorf("nvcc %s: %v\n%s", filepath.Base(f), err, out)
				continue
			}
			if _, err := exec.LookPath("nvidia-smi"); err != nil || filepath.Base(f) != "values.cu" {
				continue
			}
			out, err := exec.Command(bin).CombinedOutput()
			if err != nil || !strings.Contains(string(out), "mismatches=0") {
				t.Errorf("%s on the GPU: %v\n%s", filepath.Base(f), err, out)
			}
		}
	})
	if s, err := os.Stat(filepath.Join(dir, "run.sh")); err != nil || s.Mode()&0o100 == 0 {
		t.Errorf("run.sh not written executable: %v", err)
	}
}

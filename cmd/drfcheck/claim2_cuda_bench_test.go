package main

import (
	"fmt"
	"io/fs"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"drfcheck/check"
	"drfcheck/infer"
)

// claim2CUDA writes the synthetic patterns of seed 004, Claim 2 (Fig. 7),
// as CUDA kernels: the patterns of claim2 in package check (a pattern
// repeated or nested n times), here through the whole pipeline, clang and
// the front end included. All are data-race free.
func claim2CUDA(category string, n int) string {
	var b strings.Builder
	b.WriteString("//--gridDim=1\n__global__ void claim2(int N) {\n  extern __shared__ int A[];\n")
	switch category {
	case "accesses":
		for k := 1; k <= n; k++ {
			fmt.Fprintf(&b, "  A[threadIdx.x + %d * blockDim.x] += 1;\n", k)
		}
	case "barriers":
		for k := 0; k < n; k++ {
			b.WriteString("  A[threadIdx.x] = 1;\n  __syncthreads();\n")
		}
	case "conditionals":
		for k := 0; k < n; k++ {
			fmt.Fprintf(&b, "  if (threadIdx.x == %d) A[threadIdx.x] = 1;\n", k)
		}
	case "unsync-loops", "sync-loops":
		for k := 0; k < n; k++ {
			fmt.Fprintf(&b, "  for (int i%d = 0; i%d < N; i%d++) {\n  A[threadIdx.x] = 1;\n", k, k, k)
			if category == "sync-loops" {
				b.WriteString("  __syncthreads();\n")
			}
		}
		b.WriteString(strings.Repeat("  }\n", n))
	}
	b.WriteString("}\n")
	return b.String()
}

// BenchmarkClaim2CUDA checks each pattern of Fig. 7, written in CUDA, at
// growing sizes, each as a file through clang, the front end and the
// check. Besides ns/op it reports "x-size1": the fastest time of size n
// over the fastest time of size 1, both measured in this process, and
// "front-x-size1", the same ratio for the front end alone (clang's time
// left out: it grows with the file, not with the method).
func BenchmarkClaim2CUDA(b *testing.B) {
	dir := b.TempDir()
	c := check.New(check.Options{Timeout: time.Minute, Jobs: 1})
	for _, cat := range []string{"accesses", "barriers", "conditionals", "unsync-loops", "sync-loops"} {
		write := func(n int) string {
			p := filepath.Join(dir, fmt.Sprintf("%s_%d.cu", cat, n))
			if err := os.WriteFile(p, []byte(claim2CUDA(cat, n)), 0o644); err != nil {
				b.Fatal(err)
			}
			return p
		}
		base := write(1)
		for _, n := range []int{1, 12, 25, 50} {
			path := write(n)
			b.Run(fmt.Sprintf("%s/n=%d", cat, n), func(b *testing.B) {
				// the fastest of b.N runs of each size: the machine is
				// shared (see BenchmarkClaim2)
				b.StopTimer()
				unit, unitFront := time.Duration(math.MaxInt64), time.Duration(math.MaxInt64)
				for i := 0; i < b.N; i++ {
					all, front := timeCUDA(b, c, base)
					unit, unitFront = min(unit, all), min(unitFront, front)
				}
				b.StartTimer()
				sized, sizedFront := time.Duration(math.MaxInt64), time.Duration(math.MaxInt64)
				for i := 0; i < b.N; i++ {
					all, front := timeCUDA(b, c, path)
					sized, sizedFront = min(sized, all), min(sizedFront, front)
				}
				b.ReportMetric(float64(sized)/float64(unit), "x-size1")
				b.ReportMetric(float64(sizedFront)/float64(unitFront), "front-x-size1")
				b.ReportMetric(float64(sized)/float64(time.Millisecond), "ms")
			})
		}
	}
}

// timeCUDA checks a CUDA file once: the time of the whole, and of the
// front end's analysis (decoding clang's output and inferring).
func timeCUDA(b *testing.B, c *check.Checker, path string) (all, front time.Duration) {
	src, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	runtime.GC()
	start := time.Now()
	ks, t, err := infer.File(path, src, infer.Options{})
	if err != nil || len(ks) != 1 {
		b.Fatalf("%s: %d kernels, %v", path, len(ks), err)
	}
	in, err := check.DefaultInput(ks[0].Name, ks[0].File, ks[0].Uses, src)
	if err != nil {
		b.Fatal(err)
	}
	r := c.Check(in)
	all = time.Since(start)
	if r.Verdict != check.DRF {
		b.Fatalf("%s: verdict %v: %v", path, r.Verdict, r.Unknowns)
	}
	return all, t.Decode + t.Analysis
}

// BenchmarkCorpus runs the command on the project's testdata (CUDA and
// protocols, -j 2) as one process and reports its throughput (files/s)
// and its peak memory (peak-MB, the largest resident set of the process
// and of clang's runs). It uses ../../bin/drfcheck (make build), or builds
// one.
func BenchmarkCorpus(b *testing.B) {
	bin, err := filepath.Abs("../../bin/drfcheck")
	if err != nil {
		b.Fatal(err)
	}
	if _, err := os.Stat(bin); err != nil {
		bin = filepath.Join(b.TempDir(), "drfcheck")
		if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
			b.Fatalf("go build: %v\n%s", err, out)
		}
	}
	files := 0
	err = filepath.WalkDir("../../testdata", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && (hasExt(p, cudaExts) || strings.HasSuffix(p, ".prot")) {
			files++
		}
		return err
	})
	if err != nil {
		b.Fatal(err)
	}
	var elapsed time.Duration
	var peak int64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		cmd := exec.Command(bin, "-j", "2", "../../testdata")
		start := time.Now()
		err := cmd.Run()
		elapsed += time.Since(start)
		if ee, ok := err.(*exec.ExitError); err != nil && (!ok || ee.ExitCode() > 3) {
			b.Fatalf("drfcheck: %v", err)
		}
		if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
			peak = max(peak, ru.Maxrss) // kilobytes on Linux
		}
	}
	b.ReportMetric(float64(files)*float64(b.N)/elapsed.Seconds(), "files/s")
	b.ReportMetric(float64(peak)/1024, "peak-MB")
	b.ReportMetric(float64(files), "files")
}

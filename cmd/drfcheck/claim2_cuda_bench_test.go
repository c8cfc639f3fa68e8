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

	"github.com/drfcheck/drfcheck/check"
	"github.com/drfcheck/drfcheck/internal/fig7"
	"github.com/drfcheck/drfcheck/internal/infer"
)

// BenchmarkClaim2CUDA checks each pattern of Fig. 7, written in CUDA, at
// growing sizes, each as a file through clang, the front end and the
// check. Besides ns/op it reports "x-size1": the fastest time of size n
// over the fastest time of size 1, both measured in this process, and
// "front-x-size1", the same ratio for the front end alone (clang's time
// left out: it grows with the file, not with the method).
func BenchmarkClaim2CUDA(b *testing.B) {
	dir := b.TempDir()
	c := check.New(check.Options{Timeout: time.Minute, Jobs: 1})
	for _, cat := range fig7.Patterns {
		write := func(n int) string {
			p := filepath.Join(dir, fmt.Sprintf("%s_%d.cu", cat, n))
			if err := os.WriteFile(p, []byte(fig7.CUDA(cat, n)), 0o644); err != nil {
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
// and of clang's runs), with the binary TestMain builds.
func BenchmarkCorpus(b *testing.B) {
	bin := binary // built by TestMain from this source
	files := 0
	err := filepath.WalkDir("../../testdata", func(p string, d fs.DirEntry, err error) error {
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

// BenchmarkClaim2Process runs the command on each Fig. 7 pattern, as .prot
// and as CUDA, at sizes 1, 12 and 50, each run a whole process: what a user
// waits for, and what the paper's Fig. 8 measures. It reports the fastest
// of b.N runs of each size in milliseconds (ms-n1, ms-n12, ms-n50) and
// x-n12, size 50 over size 12. The sizes take turns within each round, so
// that the load of other jobs falls on all of them alike.
func BenchmarkClaim2Process(b *testing.B) {
	bin := binary // built by TestMain from this source
	dir := b.TempDir()
	sizes := []int{1, 12, 50}
	for _, lang := range []string{"prot", "cu"} {
		for _, pat := range fig7.Patterns {
			var paths []string
			for _, n := range sizes {
				src := fig7.Prot(pat, n)
				if lang == "cu" {
					src = fig7.CUDA(pat, n)
				}
				p := filepath.Join(dir, fmt.Sprintf("%s_%d.%s", pat, n, lang))
				if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
					b.Fatal(err)
				}
				paths = append(paths, p)
			}
			b.Run(lang+"/"+pat, func(b *testing.B) {
				best := make([]time.Duration, len(sizes))
				for i := 0; i < b.N; i++ {
					for j, p := range paths {
						d := runDRF(b, bin, p)
						if i == 0 || d < best[j] {
							best[j] = d
						}
					}
				}
				for j, n := range sizes {
					b.ReportMetric(float64(best[j])/float64(time.Millisecond), fmt.Sprintf("ms-n%d", n))
				}
				b.ReportMetric(float64(best[2])/float64(best[1]), "x-n12")
			})
		}
	}
}

// runDRF runs the command on one file, which must be data-race free, and
// returns how long the process took.
func runDRF(b *testing.B, bin, path string) time.Duration {
	cmd := exec.Command(bin, path)
	start := time.Now()
	out, err := cmd.CombinedOutput()
	d := time.Since(start)
	if err != nil {
		b.Fatalf("drfcheck %s: %v\n%s", path, err, out)
	}
	return d
}

package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/drfcheck/drfcheck/check"
	"github.com/drfcheck/drfcheck/internal/infer"
)

// BenchmarkFrontEnd runs the CUDA testdata through the whole pipeline and
// reports where the time goes: in clang (running it and decoding its JSON)
// against the analysis (the inference of the protocols, and checking
// them). The ratio clang/analysis is the figure to watch: the front end
// must not dominate.
func BenchmarkFrontEnd(b *testing.B) {
	var files []string
	err := filepath.WalkDir("../../testdata/cuda", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && hasExt(p, cudaExts) {
			files = append(files, p)
		}
		return err
	})
	if err != nil {
		b.Fatal(err)
	}
	c := check.New(check.Options{Timeout: time.Minute, MaxRaces: 10, Jobs: 1})
	var clang, decode, inference, checking time.Duration
	kernels := 0
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, path := range files {
			if strings.Contains(path, "/errors/") {
				continue
			}
			src, err := os.ReadFile(path)
			if err != nil {
				b.Fatal(err)
			}
			ks, t, err := infer.File(path, src, infer.Options{})
			if err != nil {
				b.Fatalf("%s: %v", path, err)
			}
			clang += t.Clang
			decode += t.Decode
			inference += t.Analysis
			for _, k := range ks {
				in, err := check.DefaultInput(k.Name, k.File, k.Uses, src)
				if err != nil {
					b.Fatalf("%s: %v", path, err)
				}
				start := time.Now()
				c.Check(in)
				checking += time.Since(start)
				kernels++
			}
		}
	}
	n := float64(b.N)
	ms := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) / n }
	b.ReportMetric(ms(clang), "clang-ms/op")
	b.ReportMetric(ms(decode), "decode-ms/op")
	b.ReportMetric(ms(inference), "infer-ms/op")
	b.ReportMetric(ms(checking), "check-ms/op")
	b.ReportMetric(float64(clang+decode)/float64(inference+checking), "clang/analysis")
	b.ReportMetric(float64(kernels)/n, "kernels/op")
}

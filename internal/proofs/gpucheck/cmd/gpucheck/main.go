// Command gpucheck prepares the GPU cross-check of drfcheck's CUDA oracle
// (package github.com/drfcheck/drfcheck/proofs/gpucheck): it draws the cases, runs drfcheck on
// each (its verdicts kept in a progress file, so that an interrupted run
// goes on where it stopped: the cases are the same for the same seed), and
// writes the folder that run.sh runs on a machine with nvcc and a GPU.
//
//	go run ./proofs/gpucheck/cmd/gpucheck -n 1500 -header 0.5
//
// then, on the GPU machine, from the repository's root, with
// .gpu-crosscheck carried: bash .gpu-crosscheck/run.sh; and here, with
// the returned files in DIR: python3 .gpu-crosscheck/compare.py DIR.
package main

import (
	"flag"
	"fmt"
	"os"
	"time"

	"github.com/drfcheck/drfcheck/internal/proofs/gpucheck"
)

func main() {
	n := flag.Int("n", 1500, "cases to keep")
	seed := flag.Int64("seed", 20251126, "seed of the generator")
	header := flag.Float64("header", 0.5, "share of the cases with the CUDA header API (halves, warp collectives, scoped atomics)")
	batch := flag.Int("batch", 100, "cases per drfcheck batch and per .cu file")
	work := flag.String("work", ".gpu-crosscheck", "folder to write")
	progress := flag.String("progress", ".gpu-crosscheck-verdicts.jsonl", "drfcheck's verdicts so far (resumable)")
	doCheck := flag.Bool("check", true, "run drfcheck on the cases not yet in the progress file")
	jobs := flag.Int("j", 0, "solvers in parallel (0: number of CPUs)")
	nh := flag.Int("values-half", 1000, "half-precision expressions whose values values.cu asserts")
	nw := flag.Int("values-warp", 200, "warp collectives whose values values.cu asserts")
	flag.Parse()
	start := time.Now()
	cases := gpucheck.Generate(gpucheck.Options{N: *n, Seed: *seed, Header: *header})
	fmt.Fprintf(os.Stderr, "generated %d cases in %v\n", len(cases), time.Since(start).Round(time.Millisecond))
	done := gpucheck.ReadProgress(*progress)
	if *doCheck {
		if err := gpucheck.RunChecks(cases, done, *progress, *batch, *jobs); err != nil {
			fmt.Fprintln(os.Stderr, "gpucheck:", err)
			os.Exit(1)
		}
	}
	recs, err := gpucheck.Write(*work, cases, done, *batch, *seed, *nh, *nw)
	if err != nil {
		fmt.Fprintln(os.Stderr, "gpucheck:", err)
		os.Exit(1)
	}
	gpucheck.Summary(recs)
	fmt.Fprintf(os.Stderr, "wrote %s in %v\n", *work, time.Since(start).Round(time.Second))
}

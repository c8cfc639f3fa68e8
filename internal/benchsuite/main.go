// Command benchsuite summarizes the time drfcheck takes per kernel of a
// suite scored by shared/corpora's score script (its --json output): the
// median, the maximum and the total, and with a baseline run of the same
// suite (an earlier release's binary, scored on the same machine), each as
// a ratio to the baseline's. make bench-suite runs it.
//
//	go run ./internal/benchsuite NEW.json [BASELINE.json]
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"sort"
)

// result is what score writes per kernel.
type result struct {
	Name   string  `json:"name"`
	Secs   float64 `json:"secs"`
	Result string  `json:"result"`
}

// summary is the times of one run.
type summary struct {
	n                   int
	median, max, total  float64
	slowest             string
	right, over5, over1 int
}

func main() {
	if len(os.Args) < 2 || len(os.Args) > 3 {
		fmt.Fprintln(os.Stderr, "usage: benchsuite NEW.json [BASELINE.json]")
		os.Exit(2)
	}
	cur, err := load(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	print("this run", cur, nil)
	if len(os.Args) == 3 {
		base, err := load(os.Args[2])
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		print("baseline", base, nil)
		print("ratio", cur, &base)
	}
}

func load(path string) (summary, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return summary{}, err
	}
	var rs []result
	if err := json.Unmarshal(data, &rs); err != nil {
		return summary{}, fmt.Errorf("%s: %v", path, err)
	}
	if len(rs) == 0 {
		return summary{}, fmt.Errorf("%s: no kernels", path)
	}
	return summarize(rs), nil
}

func summarize(rs []result) summary {
	secs := make([]float64, len(rs))
	s := summary{n: len(rs)}
	for i, r := range rs {
		secs[i] = r.Secs
		s.total += r.Secs
		if r.Secs > s.max {
			s.max, s.slowest = r.Secs, r.Name
		}
		if r.Result == "ok" {
			s.right++
		}
		if r.Secs > 5 {
			s.over5++
		}
		if r.Secs > 1 {
			s.over1++
		}
	}
	sort.Float64s(secs)
	s.median = secs[len(secs)/2]
	if len(secs)%2 == 0 {
		s.median = (secs[len(secs)/2-1] + secs[len(secs)/2]) / 2
	}
	return s
}

func print(label string, s summary, base *summary) {
	if base != nil {
		fmt.Printf("%-9s median %.2fx  max %.2fx  total %.2fx\n", label, s.median/base.median, s.max/base.max, s.total/base.total)
		return
	}
	fmt.Printf("%-9s %d kernels, %d right; per kernel: median %.3f s, max %.1f s (%s), total %.0f s; %d over 1 s, %d over 5 s\n",
		label, s.n, s.right, s.median, s.max, s.slowest, s.total, s.over1, s.over5)
}

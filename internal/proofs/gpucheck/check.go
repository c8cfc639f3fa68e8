package gpucheck

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/drfcheck/drfcheck/check"
	"github.com/drfcheck/drfcheck/internal/infer"
	"github.com/drfcheck/drfcheck/internal/proofs/cudagen"
	"github.com/drfcheck/drfcheck/protocol"
	"github.com/drfcheck/drfcheck/smtgen"
)

// This file runs drfcheck on the cases exactly as internal/proofs/cuda_test.go
// does: batches of cases in one file for clang, each in a namespace of its
// name, cudagen.Includes first, check.FixParams with the case's values,
// the launch of the case, and the differential's checker options.

// Verdict is drfcheck's outcome for one case, as kept in the progress file.
type Verdict struct {
	Name     string   `json:"name"`
	Verdict  string   `json:"verdict"` // drf, racy, divergent, unknown, unchecked, rejected
	Arrays   []string `json:"arrays,omitempty"`
	Levels   []string `json:"levels,omitempty"` // of the races: block or grid
	Error    string   `json:"error,omitempty"`
	Unknowns []string `json:"unknowns,omitempty"`
	Millis   int64    `json:"ms"`
}

// ReadProgress reads the verdicts of a progress file, by case name.
func ReadProgress(path string) map[string]Verdict {
	done := map[string]Verdict{}
	f, err := os.Open(path)
	if err != nil {
		return done
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		var v Verdict
		if json.Unmarshal(sc.Bytes(), &v) == nil && v.Name != "" {
			done[v.Name] = v
		}
	}
	return done
}

// RunChecks checks the cases that done has no verdict for, in batches of
// batch cases with jobs solvers (0: one per CPU), appending each verdict
// to the progress file and to done as it comes.
func RunChecks(cases []*cudagen.Case, done map[string]Verdict, progress string, batch, jobs int) error {
	var todo []*cudagen.Case
	for _, c := range cases {
		if _, ok := done[c.Name]; !ok {
			todo = append(todo, c)
		}
	}
	if len(todo) == 0 {
		return nil
	}
	if err := os.MkdirAll(filepath.Dir(progress), 0o755); err != nil {
		return err
	}
	pf, err := os.OpenFile(progress, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	defer pf.Close()
	dir, err := os.MkdirTemp("", "gpucheck-batch-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	// the options of internal/proofs/cuda_test.go's newDifferential
	checker := check.New(check.Options{Timeout: 10 * time.Second, KernelTimeout: 30 * time.Second, MaxRaces: 1, BenignRaces: true, Jobs: jobs})
	start := time.Now()
	n := 0
	for lo := 0; lo < len(todo); lo += batch {
		b := todo[lo:min(lo+batch, len(todo))]
		t0 := time.Now()
		vs := checkBatch(checker, dir, b)
		for _, v := range vs {
			line, _ := json.Marshal(v)
			pf.Write(append(line, '\n'))
			done[v.Name] = v
		}
		pf.Sync()
		n += len(b)
		fmt.Fprintf(os.Stderr, "checked %d/%d cases (batch of %d in %v, total %v)\n", n, len(todo), len(b),
			time.Since(t0).Round(time.Millisecond), time.Since(start).Round(time.Second))
	}
	return nil
}

// checkBatch checks a batch of cases: one clang run for the whole batch,
// or one per case when the batch as a whole is rejected.
func checkBatch(checker *check.Checker, dir string, b []*cudagen.Case) []Verdict {
	out := make([]Verdict, len(b))
	kernels, err := inferBatch(dir, b)
	if err != nil && len(b) > 1 {
		for i, c := range b {
			out[i] = checkBatch(checker, dir, []*cudagen.Case{c})[0]
		}
		return out
	}
	var wg sync.WaitGroup
	sem := make(chan struct{}, checker.Jobs())
	for i, c := range b {
		out[i].Name = c.Name
		if err != nil {
			out[i].Verdict, out[i].Error = "rejected", err.Error()
			continue
		}
		k, ok := kernels[c.Name+"::"+c.Kernel]
		if !ok {
			out[i].Verdict, out[i].Error = "rejected", fmt.Sprintf("kernel %s::%s not found", c.Name, c.Kernel)
			continue
		}
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			t0 := time.Now()
			r, err := checkOne(checker, c, k)
			out[i].Millis = time.Since(t0).Milliseconds()
			if err != nil {
				out[i].Verdict, out[i].Error = "rejected", err.Error()
				return
			}
			out[i].Verdict = r.Verdict.String()
			for _, race := range r.Races {
				out[i].Arrays = append(out[i].Arrays, race.Array)
				out[i].Levels = append(out[i].Levels, race.Level.String())
			}
			for _, u := range r.Unknowns {
				out[i].Unknowns = append(out[i].Unknowns, u.Reason)
			}
		}()
	}
	wg.Wait()
	return out
}

func inferBatch(dir string, b []*cudagen.Case) (map[string]infer.Kernel, error) {
	src := cudagen.BatchSource(b, "")
	path := filepath.Join(dir, b[0].Name+".cu")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		return nil, err
	}
	ks, _, err := infer.File(path, []byte(src), infer.Options{WarpSize: int64(b[0].WarpSize)})
	if err != nil {
		return nil, err
	}
	out := map[string]infer.Kernel{}
	for _, k := range ks {
		out[k.Name] = k
	}
	return out, nil
}

func checkOne(checker *check.Checker, c *cudagen.Case, k infer.Kernel) (*check.Report, error) {
	check.FixParams(k.File, fixedOf(c))
	info, err := protocol.Check(k.File)
	if err != nil {
		return nil, err
	}
	launch := smtgen.Launch{WarpSize: int64(c.WarpSize)}
	for i := range 3 {
		launch.BlockDim[i] = int64(max(c.Block[i], 1))
		launch.GridDim[i] = int64(max(c.Grid[i], 1))
	}
	return checker.Check(check.Input{Name: k.Name, File: k.File, Info: info, Launch: launch}), nil
}

func fixedOf(c *cudagen.Case) map[string]int64 {
	fix := map[string]int64{}
	for _, p := range c.Params {
		for name, v := range p.Fix {
			fix[name] = v
		}
	}
	return fix
}

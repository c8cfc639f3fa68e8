package proofs

import (
	"fmt"
	"os"
	"path/filepath"
	"sync"

	"github.com/drfcheck/drfcheck/check"
	"github.com/drfcheck/drfcheck/internal/proofs/cudagen"
)

// checkHostBatch checks the cases of a batch that have host programs
// (cudagen.Case.Host) as drfcheck checks a file: with no -b, -g or -p,
// so that what it knows of each launch is what it reads from the host
// code (package internal/infer/launch), the batch as one file of namespaces. A
// kernel checked for several launches (a wrapper called twice) gets the
// worst of their verdicts, and its report is that of the worst; the cases
// whose interpreter finds a harmful race are checked again with benign
// races left out (stricts), as checkBatch does. When the batch as a whole
// is rejected, each case is checked alone.
func (d *differential) checkHostBatch(batch []*cudagen.Case) ([]*check.Report, []*check.Report, []error) {
	reports := make([]*check.Report, len(batch))
	stricts := make([]*check.Report, len(batch))
	errs := make([]error, len(batch))
	// the headers the kernels name without an #include (as infer), and
	// the runtime API the host programs call
	path := filepath.Join(d.dir, batch[0].Name+"_host.cu")
	src := []byte(cudagen.BatchSource(batch, "#include <cuda_runtime.h>\n"))
	if err := os.WriteFile(path, src, 0o644); err != nil {
		for i := range errs {
			errs[i] = err
		}
		return reports, stricts, errs
	}
	ins, err := check.LoadCUDA(path, src, check.LoadOptions{WarpSize: int64(batch[0].WarpSize)})
	if err != nil {
		if len(batch) > 1 {
			for i, c := range batch {
				r, st, e := d.checkHostBatch([]*cudagen.Case{c})
				reports[i], stricts[i], errs[i] = r[0], st[0], e[0]
			}
			return reports, stricts, errs
		}
		errs[0] = err
		return reports, stricts, errs
	}
	byName := map[string][]check.Input{}
	for _, in := range ins {
		byName[in.Name] = append(byName[in.Name], in)
	}
	rank := map[check.Verdict]int{check.DRF: 0, check.Unchecked: 0, check.Unknown: 1, check.Divergent: 2, check.Racy: 3}
	var wg sync.WaitGroup
	var mu sync.Mutex
	sem := make(chan struct{}, d.checker.Jobs())
	for i, c := range batch {
		mine := byName[c.Name+"::"+c.Kernel]
		if len(mine) == 0 {
			errs[i] = fmt.Errorf("kernel %s::%s not found", c.Name, c.Kernel)
			continue
		}
		for _, in := range mine {
			wg.Add(1)
			sem <- struct{}{}
			go func() {
				defer func() { <-sem; wg.Done() }()
				r := d.checker.Check(in)
				var st *check.Report
				if c.Expect == cudagen.Racy && c.Harmful {
					st = d.strict.Check(in)
				}
				mu.Lock()
				defer mu.Unlock()
				if reports[i] == nil || rank[r.Verdict] > rank[reports[i].Verdict] {
					reports[i] = r
				}
				if st != nil && (stricts[i] == nil || rank[st.Verdict] > rank[stricts[i].Verdict]) {
					stricts[i] = st
				}
			}()
		}
	}
	wg.Wait()
	return reports, stricts, errs
}

package proofs

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/prop"

	"github.com/drfcheck/drfcheck/check"
	"github.com/drfcheck/drfcheck/internal/infer"
	"github.com/drfcheck/drfcheck/internal/proofs/cudagen"
	"github.com/drfcheck/drfcheck/internal/proofs/exec"
	"github.com/drfcheck/drfcheck/protocol"
	"github.com/drfcheck/drfcheck/smtgen"
)

// TestOpenCLDifferential is TestCUDADifferential for drfcheck's OpenCL C
// front end: the generator's kernels that have an OpenCL C 1.2 counterpart
// (cudagen's Case.OpenCL: the same program, work-items for threads,
// __local for __shared__, get_local_id for threadIdx, barrier(flags) for
// __syncthreads()) are checked by drfcheck as .cl files, with the case's
// launch (local size = blockDim, number of groups = gridDim) and parameter
// values; when the execution oracle, running the case on the CPU under
// ThreadSanitizer, shows a data race or a barrier divergence, drfcheck
// must not call the OpenCL kernel race-free. The oracle runs both the CUDA
// text and the OpenCL text (through its OpenCL shim, exec.Case.OpenCL,
// where it can: not a kernel with an extern __shared__ array); a race or
// divergence either shows counts, and the two runs must agree where the
// interpreter sides with the CUDA one (a disagreement is the printer's or
// the shim's).
//
// The kernels that have barriers are checked a second time with weaker
// fences (Case.OpenCLFences: barrier(CLK_LOCAL_MEM_FENCE) orders __local
// memory only, barrier(CLK_GLOBAL_MEM_FENCE) __global memory only), which
// the CUDA text cannot say: there the oracle is the generator's exact
// interpreter, which honours them: drfcheck must not call a variant
// race-free when it shows a race or a divergence.
//
// As in TestCUDADifferential, the property runs twice with one seed: the
// first run collects the cases, which are evaluated in batches (one binary
// for the oracle, one .cl file for clang), and the second checks them.
// Half of the batches are checked with any global offset (an unknown the
// same for every work-item; --global_offset=*), the others with none, as
// a host that passes no offset gets: the oracle runs with none, which any
// offset covers.
func TestOpenCLDifferential(t *testing.T) {
	if testing.Short() {
		t.Skip("the OpenCL differential property compiles and runs kernels")
	}
	if err := exec.Available(); err != nil {
		t.Skipf("no CUDA execution oracle on this machine: %v", err)
	}
	const seed = 7020
	d := &clDifferential{differential: newDifferential(t), cache: map[string]*clOutcome{}}
	var collected []*cudagen.Case
	var generated int
	prop.ForAll(func(c *cudagen.Case) bool {
		collected = append(collected, c)
		return true
	}, openCLGen(&generated)).Check(parameters(t, seed))
	t.Logf("%d of %d generated kernels print as OpenCL C (%.0f%%)", len(collected), generated, 100*float64(len(collected))/float64(max(generated, 1)))
	if dir := os.Getenv("DRFCHECK_OPENCL_DUMP"); dir != "" {
		dumpOpenCL(t, dir, collected)
	}
	start := time.Now()
	d.prefetch(collected)
	t.Logf("evaluated %d kernels in batches in %v (oracle %v, drfcheck %v)", len(collected),
		time.Since(start).Round(time.Millisecond), d.oracleTime.Round(time.Millisecond), d.checkTime.Round(time.Millisecond))
	run(t, seed, prop.ForAll(func(c *cudagen.Case) *gopter.PropResult {
		o := d.outcome(c)
		if ok, why := o.sound(); !ok {
			if d.clUnconfirmed(c, o) {
				return &gopter.PropResult{Status: gopter.PropTrue}
			}
			return &gopter.PropResult{Status: gopter.PropFalse, Labels: []string{why + "\n" + openCLText(c)}}
		}
		if ok, why := o.soundStrict(c); !ok {
			return &gopter.PropResult{Status: gopter.PropFalse, Labels: []string{why + "\n" + openCLText(c)}}
		}
		if ok, why := o.fenceSound(); !ok {
			return &gopter.PropResult{Status: gopter.PropFalse, Labels: []string{why + "\n" + openCLText(o.fence)}}
		}
		return &gopter.PropResult{Status: gopter.PropTrue}
	}, openCLGen(nil)))
	d.report(t, collected)
}

// openCLGen generates the cases that print as OpenCL: cudagen's, drawn
// again (up to 200 times) until one does; its shrinks are those that
// still print. generated, when not nil, counts the cases drawn.
func openCLGen(generated *int) gopter.Gen {
	return func(p *gopter.GenParameters) *gopter.GenResult {
		var c *cudagen.Case
		for range 200 {
			c = cudagen.New(p.Rng)
			if generated != nil {
				*generated++
			}
			if _, ok := c.OpenCL(); ok {
				break
			}
		}
		res := gopter.NewGenResult(c, cudagen.Shrink)
		res.Sieve = func(v any) bool {
			c, ok := v.(*cudagen.Case)
			if !ok || cudagen.Valid(c) != nil {
				return false
			}
			_, ok = c.OpenCL()
			return ok
		}
		return res
	}
}

// dumpOpenCL writes each case to dir, to be checked by hand: NAME.cl (the
// OpenCL text, a comment with drfcheck's flags first) and NAME.cu (the
// CUDA text with its launch and verdict), and the fence variants'
// NAMEf.cl.
func dumpOpenCL(t *testing.T, dir string, cases []*cudagen.Case) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		all := []*cudagen.Case{c}
		if v, ok := c.OpenCLFences(); ok {
			all = append(all, v)
		}
		for _, c := range all {
			src, _ := c.OpenCL()
			flags := strings.SplitN(c.String(), "\n", 4)
			head := ""
			for _, l := range flags[:3] {
				if strings.HasPrefix(l, "// drfcheck") || strings.HasPrefix(l, "// k") {
					head += l + "\n"
				}
			}
			if err := os.WriteFile(filepath.Join(dir, c.Name+".cl"), []byte(head+src), 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, c.Name+".cu"), []byte(c.String()), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// openCLText is a case's CUDA text (with its launch and verdict) and its
// OpenCL text, for a failure's log.
func openCLText(c *cudagen.Case) string {
	src, _ := c.OpenCL()
	return c.String() + "--- as OpenCL C ---\n" + src
}

// clDifferential evaluates cases with the execution oracle (their CUDA
// text) and with drfcheck (their OpenCL text), caching the outcomes.
type clDifferential struct {
	*differential

	mu         sync.Mutex
	cache      map[string]*clOutcome
	oracleTime time.Duration
	checkTime  time.Duration
	batches    int
}

// clOutcome is what the oracles say of one case and its fence variant.
type clOutcome struct {
	// exec: the runs of the CUDA text and of the OpenCL text taken
	// together (a race or divergence either shows); verdict: drfcheck's
	// on the OpenCL text
	diffOutcome
	execCUDA, execCL exec.Outcome
	shim             bool // the OpenCL text was run (execCL)
	anyOffset        bool
	// the variant with weaker fences (nil for none) and drfcheck's verdict
	// on it
	fence         *cudagen.Case
	fenceVerdict  check.Verdict
	fenceReport   *check.Report
	fenceRejected error
}

// fenceSound reports whether drfcheck's verdict on the fence variant is
// allowed by the interpreter's verdict on it. (A race or divergence the
// execution shows with full barriers stays with weaker ones, and so in
// the interpreter's verdict, which is exact: TestCUDADifferential checks
// that the two agree.)
func (o *clOutcome) fenceSound() (bool, string) {
	if o.fence == nil || o.fenceRejected != nil || o.fenceVerdict != check.DRF || o.fence.Expect == cudagen.DRF {
		return true, ""
	}
	return false, fmt.Sprintf("with weaker fences the interpreter shows %v (%s), drfcheck says drf", o.fence.Expect, o.fence.Race)
}

// outcome evaluates one case, from the cache when it was prefetched.
func (d *clDifferential) outcome(c *cudagen.Case) *clOutcome {
	d.mu.Lock()
	o, ok := d.cache[key(c)]
	d.mu.Unlock()
	if ok {
		return o
	}
	d.prefetch([]*cudagen.Case{c})
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.cache[key(c)]
}

// prefetch evaluates the cases not yet in the cache, in batches (those of
// TestCUDADifferential: distinct names, one warp size, host programs
// apart, as the oracle runs them).
func (d *clDifferential) prefetch(cases []*cudagen.Case) {
	var todo []*cudagen.Case
	seen := map[string]bool{}
	for _, c := range cases {
		k := key(c)
		d.mu.Lock()
		_, done := d.cache[k]
		d.mu.Unlock()
		if !done && !seen[k] {
			seen[k] = true
			todo = append(todo, c)
		}
	}
	for _, batch := range batches(todo) {
		d.evaluate(batch)
	}
}

// evaluate runs a batch through the oracle (the CUDA text) and drfcheck
// (the OpenCL text, with the fence variants).
func (d *clDifferential) evaluate(batch []*cudagen.Case) {
	start := time.Now()
	ecs := execCases(batch)
	shim := make([]int, len(batch)) // the index of the OpenCL text's run in ecs, or -1
	for i, c := range batch {
		shim[i] = -1
		if ec, ok := execOpenCL(c); ok {
			shim[i] = len(ecs)
			ecs = append(ecs, ec)
		}
	}
	runs := exec.Run(context.Background(), ecs)
	d.mu.Lock()
	d.oracleTime += time.Since(start)
	d.batches++
	anyOffset := d.batches%2 == 0
	d.mu.Unlock()
	start = time.Now()
	var all []*cudagen.Case
	fences := make([]*cudagen.Case, len(batch))
	for i, c := range batch {
		all = append(all, c)
		if v, ok := c.OpenCLFences(); ok {
			fences[i] = v
			all = append(all, v)
		}
	}
	reports, stricts, errs := d.checkOpenCL(all, anyOffset)
	d.mu.Lock()
	defer d.mu.Unlock()
	d.checkTime += time.Since(start)
	j := 0
	for i, c := range batch {
		o := &clOutcome{diffOutcome: diffOutcome{exec: runs[i], rejected: errs[j], report: reports[j], strict: -1}, anyOffset: anyOffset, execCUDA: runs[i]}
		if k := shim[i]; k >= 0 {
			o.shim, o.execCL = true, runs[k]
			o.exec = mergeRuns(runs[i], runs[k])
		}
		if reports[j] != nil {
			o.verdict = reports[j].Verdict
		}
		if stricts[j] != nil {
			o.strict = stricts[j].Verdict
		}
		j++
		if v := fences[i]; v != nil {
			o.fence, o.fenceRejected, o.fenceReport = v, errs[j], reports[j]
			if reports[j] != nil {
				o.fenceVerdict = reports[j].Verdict
			}
			j++
		}
		d.cache[key(c)] = o
	}
}

// execOpenCL is the execution oracle's case of the OpenCL text of a case,
// run through the OpenCL shim (exec.Case.OpenCL); ok is false where the
// shim cannot run it (cudagen's Case.OpenCLParams).
func execOpenCL(c *cudagen.Case) (exec.Case, bool) {
	src, ok := c.OpenCL()
	params, ok2 := c.OpenCLParams()
	if !ok || !ok2 {
		return exec.Case{}, false
	}
	ec := exec.Case{Name: c.Name + "_cl", Source: src, Kernel: c.Kernel, Block: exec.Dim3(c.Block), Grid: exec.Dim3(c.Grid), WarpSize: c.WarpSize, OpenCL: true}
	for _, p := range params {
		ec.Params = append(ec.Params, exec.Param{Name: p.Name, Type: p.Type, Pointer: p.Pointer, Len: p.Len, Init: p.Init, Value: p.Value})
	}
	return ec, true
}

// mergeRuns is what the runs of the CUDA text and of the OpenCL text
// show together: a race or a divergence either shows (the same program),
// inconclusive only when both are.
func mergeRuns(cu, cl exec.Outcome) exec.Outcome {
	switch {
	case cu.Err == nil && (cu.Race || cu.Divergence):
		return cu
	case cl.Err == nil && (cl.Race || cl.Divergence):
		return cl
	case cu.Err != nil:
		return cl
	}
	return cu
}

// clUnconfirmed is differential.unconfirmed for the two runs: the run
// that shows the race or divergence (the CUDA text's or the OpenCL
// text's) is made again alone.
func (d *clDifferential) clUnconfirmed(c *cudagen.Case, o *clOutcome) bool {
	if c.Expect != cudagen.DRF {
		return false
	}
	ec := execCases([]*cudagen.Case{c})[0]
	if !(o.execCUDA.Err == nil && (o.execCUDA.Race || o.execCUDA.Divergence)) {
		ec, _ = execOpenCL(c)
	}
	again := exec.Run(context.Background(), []exec.Case{ec})[0]
	if again.Err == nil && (again.Race || again.Divergence) {
		return false
	}
	d.t.Logf("%s: the execution (OpenCL shim: %v) showed %s once, which neither the interpreter (drf) nor a second run alone (%s, err %v) shows; drfcheck says %v: not counted\nfirst run:\n%s\nsecond run:\n%s",
		c.Name, ec.OpenCL, execVerdict(o.exec), execVerdict(again), again.Err, o.verdict, o.exec.Report, again.Report)
	return true
}

// checkOpenCL checks the OpenCL texts of cases with drfcheck: one clang
// run for them all (each case names its structs and functions after
// itself), or one per case when the file as a whole is rejected. The
// cases whose interpreter finds a harmful race are checked a second time,
// benign races left out (stricts; nil for the others).
func (d *clDifferential) checkOpenCL(cases []*cudagen.Case, anyOffset bool) ([]*check.Report, []*check.Report, []error) {
	reports := make([]*check.Report, len(cases))
	stricts := make([]*check.Report, len(cases))
	errs := make([]error, len(cases))
	kernels, err := d.inferOpenCL(cases, anyOffset)
	if err != nil && len(cases) > 1 {
		for i, c := range cases {
			r, s, e := d.checkOpenCL([]*cudagen.Case{c}, anyOffset)
			reports[i], stricts[i], errs[i] = r[0], s[0], e[0]
		}
		return reports, stricts, errs
	}
	var wg sync.WaitGroup
	sem := make(chan struct{}, d.checker.Jobs())
	for i, c := range cases {
		if err != nil {
			errs[i] = err
			continue
		}
		k, ok := kernels[c.Kernel]
		if !ok {
			errs[i] = fmt.Errorf("kernel %s not found", c.Kernel)
			continue
		}
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			reports[i], errs[i] = checkCL(d.checker, c, k)
			if errs[i] == nil && c.Expect == cudagen.Racy && c.Harmful {
				stricts[i], _ = checkCL(d.strict, c, k)
			}
		}()
	}
	wg.Wait()
	return reports, stricts, errs
}

// checkCL checks one OpenCL kernel with the case's launch and parameter
// values, as check.LoadCUDA makes its input for a .cl file given -b, -g
// and -p (differential.check for CUDA).
func checkCL(checker *check.Checker, c *cudagen.Case, k infer.Kernel) (*check.Report, error) {
	check.FixParams(k.File, fixed(c)) // a parameter that reaches no index is not in the protocol
	info, err := protocol.Check(k.File)
	if err != nil {
		return nil, err
	}
	launch := smtgen.Launch{WarpSize: int64(c.WarpSize)}
	for i := range 3 {
		launch.BlockDim[i] = int64(max(c.Block[i], 1))
		launch.GridDim[i] = int64(max(c.Grid[i], 1))
	}
	return checker.Check(check.Input{Name: k.Name, File: k.File, Info: info, Launch: launch, OpenCL: true}), nil
}

// inferOpenCL reads the OpenCL texts of cases as one .cl file, with any
// global offset or none.
func (d *clDifferential) inferOpenCL(cases []*cudagen.Case, anyOffset bool) (map[string]infer.Kernel, error) {
	src, names := cudagen.OpenCLBatch(cases)
	if len(names) != len(cases) {
		return nil, fmt.Errorf("%d of %d cases do not print as OpenCL", len(cases)-len(names), len(cases))
	}
	path := filepath.Join(d.dir, cases[0].Name+".cl")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		return nil, err
	}
	opts := infer.Options{WarpSize: int64(cases[0].WarpSize)}
	tu, _, err := infer.Parse(path, []byte(src), opts)
	if err != nil {
		return nil, err
	}
	if !tu.OpenCL {
		return nil, fmt.Errorf("%s: not read as OpenCL C", path)
	}
	if anyOffset {
		tu.GlobalOffset = [3]int64{-1, -1, -1}
	}
	ks, err := infer.FromTU(tu, path, opts)
	if err != nil {
		return nil, err
	}
	out := map[string]infer.Kernel{}
	for _, k := range ks {
		out[k.Name] = k
	}
	return out, nil
}

// report logs how the oracles compare over the cases generated: the
// execution's verdicts, drfcheck's on the OpenCL texts, its false alarms
// (racy where the interpreter and the execution see no race) by array
// and by construct, and the fence variants.
func (d *clDifferential) report(t *testing.T, cases []*cudagen.Case) {
	var n, execRace, execDiv, inconclusive, rejected, alarms, missedInterp int
	verdicts := map[check.Verdict]int{}
	expect := map[cudagen.Verdict]int{}
	var offsetDRF, offsetN, offsetRaces int
	alarmArrays := map[string]int{}
	alarmConstructs := map[string]int{}
	constructs := map[string]int{}
	var alarm []*cudagen.Case
	for _, c := range cases {
		o := d.outcome(c)
		n++
		expect[c.Expect]++
		for _, k := range cudagen.Constructs(c) {
			constructs[k]++
		}
		switch {
		case o.exec.Err != nil:
			inconclusive++
		case o.exec.Race:
			execRace++
		case o.exec.Divergence:
			execDiv++
		}
		if o.rejected != nil {
			rejected++
			t.Logf("drfcheck rejected %s: %v\n%s", c.Name, o.rejected, openCLText(c))
			continue
		}
		verdicts[o.verdict]++
		if o.anyOffset {
			offsetN++
			if o.verdict == check.DRF {
				offsetDRF++
			}
		}
		if c.Expect == cudagen.Racy && o.verdict == check.DRF {
			// the interpreter's race is a race of some schedule
			missedInterp++
			t.Errorf("the interpreter shows a race (%s), drfcheck on the OpenCL text says drf:\n%s", c.Race, openCLText(c))
		}
		if o.verdict == check.Racy && c.Expect == cudagen.DRF && o.exec.Err == nil && !o.exec.Race && !o.exec.Divergence {
			if src, _ := c.OpenCL(); o.anyOffset && strings.Contains(src, "get_global_id") {
				// a race with some global offset, which the oracle runs
				// without: a race of the OpenCL program, not a false alarm
				offsetRaces++
				continue
			}
			alarms++
			alarm = append(alarm, c)
			if len(o.report.Races) > 0 {
				alarmArrays[strings.TrimRightFunc(o.report.Races[0].Array, unicode.IsDigit)]++
			}
			for _, k := range cudagen.Constructs(c) {
				alarmConstructs[k]++
			}
		}
	}
	t.Logf("%d kernels (interpreter: %d drf, %d racy, %d divergent): execution of the CUDA text shows a race in %d, divergence only in %d, is inconclusive in %d",
		n, expect[cudagen.DRF], expect[cudagen.Racy], expect[cudagen.Divergent], execRace, execDiv, inconclusive)
	t.Logf("drfcheck on the OpenCL text: %d drf, %d racy, %d divergent, %d unknown, %d rejected; %d of %d checked with any global offset drf",
		verdicts[check.DRF], verdicts[check.Racy], verdicts[check.Divergent], verdicts[check.Unknown], rejected, offsetDRF, offsetN)
	t.Logf("false alarms (drfcheck racy, the interpreter and the execution race-free): %d of %d race-free kernels; by array: %s; "+
		"and %d races with some global offset (get_global_id checked with any offset, run with none)",
		alarms, expect[cudagen.DRF], topCounts(alarmArrays, 10), offsetRaces)
	// constructs over-represented among the false alarms
	var over []string
	for k, a := range alarmConstructs {
		if a >= 3 && float64(a)/float64(max(alarms, 1)) > 1.5*float64(constructs[k])/float64(n) {
			over = append(over, fmt.Sprintf("%s: %d of %d", k, a, constructs[k]))
		}
	}
	sort.Strings(over)
	t.Logf("constructs over-represented among the false alarms: %s", strings.Join(over, "; "))
	// the CUDA text of the false alarms and of the unknown kernels,
	// checked by drfcheck's CUDA front end: an OpenCL verdict that is
	// worse than the CUDA one is the OpenCL front end's
	var again []*cudagen.Case
	for _, c := range cases {
		if o := d.outcome(c); o.rejected == nil && (o.verdict == check.Unknown || slices.Contains(alarm, c)) {
			again = append(again, c)
		}
	}
	cuda := d.cudaVerdicts(again)
	var clOnly []*cudagen.Case
	var unknownCL, unknownBoth int
	for _, c := range again {
		o := d.outcome(c)
		v, ok := cuda[c]
		switch {
		case o.verdict == check.Unknown && ok && v != check.Unknown:
			unknownCL++
			t.Logf("unknown as OpenCL, %v as CUDA (%s):\n%s", v, unknownWhy(o.report), openCLText(c))
		case o.verdict == check.Unknown:
			unknownBoth++
		case ok && v != check.Racy:
			clOnly = append(clOnly, c)
		}
	}
	t.Logf("of the %d false alarms, %d are racy as CUDA too, %d are OpenCL's only; of the %d unknown kernels, %d are unknown as CUDA too",
		len(alarm), len(alarm)-len(clOnly), len(clOnly), verdicts[check.Unknown], unknownBoth)
	slices.SortFunc(alarm, func(a, b *cudagen.Case) int { return len(a.Source) - len(b.Source) })
	for _, c := range alarm[:min(len(alarm), 2)] {
		o := d.outcome(c)
		t.Logf("a false alarm on %s (as CUDA too: %v):\n%s", o.report.Races[0].Array, !slices.Contains(clOnly, c), openCLText(c))
	}
	for _, c := range clOnly {
		o := d.outcome(c)
		t.Logf("a false alarm of OpenCL's only, on %s (CUDA: %v):\n%s", o.report.Races[0].Array, cuda[c], openCLText(c))
	}
	d.reportShim(t, cases)
	d.reportUnknown(t, cases)
	d.reportFences(t, cases)
	if rejected*100 > n {
		t.Errorf("drfcheck rejected %d of %d generated OpenCL kernels: the printer or the front end is wrong", rejected, n)
	}
	if inconclusive*20 > n {
		t.Errorf("the execution was inconclusive for %d of %d generated kernels", inconclusive, n)
	}
	_ = missedInterp
}

// cudaVerdicts checks the CUDA texts of cases with drfcheck, as
// TestCUDADifferential does (host programs read with their launches).
func (d *clDifferential) cudaVerdicts(cases []*cudagen.Case) map[*cudagen.Case]check.Verdict {
	out := map[*cudagen.Case]check.Verdict{}
	for _, batch := range batches(cases) {
		reports, _, errs := d.differential.checkBatch(batch)
		for i, c := range batch {
			if errs[i] == nil && reports[i] != nil {
				out[c] = reports[i].Verdict
			}
		}
	}
	return out
}

// unknownWhy is the first reason of an unknown report, without the
// kernel's text.
func unknownWhy(r *check.Report) string {
	why := "no reason given"
	if r != nil && len(r.Unknowns) > 0 {
		why = r.Unknowns[0].Reason
	}
	if i := strings.IndexAny(why, ":("); i > 0 {
		why = why[:i]
	}
	return strings.TrimSpace(why)
}

// reportShim logs how the runs of the OpenCL texts (the shim) compare
// with those of the CUDA texts: the same program, so a disagreement is
// the printer's (or the shim's) unless the interpreter sides with the
// OpenCL run, and it fails the test where neither run is inconclusive and
// the interpreter sides with the CUDA run.
func (d *clDifferential) reportShim(t *testing.T, cases []*cudagen.Case) {
	var n, errs, agree, disagree int
	for _, c := range cases {
		o := d.outcome(c)
		if !o.shim {
			continue
		}
		n++
		if o.execCL.Err != nil || o.execCUDA.Err != nil {
			errs++
			if o.execCL.Err != nil && o.execCUDA.Err == nil {
				t.Logf("the OpenCL text of %s did not run: %v\n%s", c.Name, o.execCL.Err, openCLText(c))
			}
			continue
		}
		cu, cl := execVerdict(o.execCUDA), execVerdict(o.execCL)
		if cu == cl {
			agree++
			continue
		}
		disagree++
		msg := fmt.Sprintf("the CUDA text's run shows %v, the OpenCL text's %v, the interpreter %v:\n%s\n--- CUDA run ---\n%s\n--- OpenCL run ---\n%s",
			cu, cl, c.Expect, openCLText(c), o.execCUDA.Report, o.execCL.Report)
		if cl != c.Expect && cu == c.Expect {
			t.Errorf("%s", msg)
		} else {
			t.Logf("%s", msg)
		}
	}
	t.Logf("OpenCL shim: %d kernels' OpenCL texts run; %d as their CUDA texts, %d not, %d inconclusive", n, agree, disagree, errs)
}

// reportUnknown logs why drfcheck left kernels unknown, by reason.
func (d *clDifferential) reportUnknown(t *testing.T, cases []*cudagen.Case) {
	reasons := map[string]int{}
	for _, c := range cases {
		o := d.outcome(c)
		if o.rejected != nil || o.verdict != check.Unknown || o.report == nil {
			continue
		}
		reasons[unknownWhy(o.report)]++
	}
	t.Logf("unknown, by reason: %s", topCounts(reasons, 12))
}

// reportFences logs the fence variants: how many, the interpreter's
// verdicts on them, and drfcheck's.
func (d *clDifferential) reportFences(t *testing.T, cases []*cudagen.Case) {
	var n, flipped, rejected, caught, alarms int
	expect := map[cudagen.Verdict]int{}
	verdicts := map[check.Verdict]int{}
	for _, c := range cases {
		o := d.outcome(c)
		if o.fence == nil {
			continue
		}
		n++
		expect[o.fence.Expect]++
		if o.fenceRejected != nil {
			rejected++
			t.Logf("drfcheck rejected the fence variant %s: %v", o.fence.Name, o.fenceRejected)
			continue
		}
		verdicts[o.fenceVerdict]++
		if c.Expect == cudagen.DRF && o.fence.Expect == cudagen.Racy {
			flipped++
			if o.fenceVerdict == check.Racy {
				caught++
			} else if flipped-caught <= 3 {
				t.Logf("made racy by a fence (%s), drfcheck says %v (%s):\n%s", o.fence.Race, o.fenceVerdict, unknownWhy(o.fenceReport), openCLText(o.fence))
			}
		}
		if o.fence.Expect == cudagen.DRF && o.fenceVerdict == check.Racy {
			alarms++
		}
	}
	t.Logf("fence variants: %d (interpreter: %d drf, %d racy, %d divergent); drfcheck: %d drf, %d racy, %d divergent, %d unknown, %d rejected",
		n, expect[cudagen.DRF], expect[cudagen.Racy], expect[cudagen.Divergent], verdicts[check.DRF], verdicts[check.Racy],
		verdicts[check.Divergent], verdicts[check.Unknown], rejected)
	t.Logf("fence variants of race-free kernels made racy by a fence: %d, found racy by drfcheck: %d; false alarms on race-free variants: %d", flipped, caught, alarms)
}

// topCounts formats the largest counts of a map.
func topCounts(m map[string]int, k int) string {
	var keys []string
	for key := range m {
		keys = append(keys, key)
	}
	sort.Slice(keys, func(i, j int) bool {
		if m[keys[i]] != m[keys[j]] {
			return m[keys[i]] > m[keys[j]]
		}
		return keys[i] < keys[j]
	})
	var parts []string
	for _, key := range keys[:min(len(keys), k)] {
		parts = append(parts, fmt.Sprintf("%s %d", key, m[key]))
	}
	return strings.Join(parts, ", ")
}

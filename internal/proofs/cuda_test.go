package proofs

import (
	"context"
	"fmt"
	"hash/fnv"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/prop"

	"github.com/drfcheck/drfcheck/check"
	"github.com/drfcheck/drfcheck/internal/infer"
	"github.com/drfcheck/drfcheck/internal/infer/symexec"
	"github.com/drfcheck/drfcheck/internal/proofs/cudagen"
	"github.com/drfcheck/drfcheck/internal/proofs/exec"
	"github.com/drfcheck/drfcheck/protocol"
	"github.com/drfcheck/drfcheck/smtgen"
)

// TestCUDADifferential is the CUDA-level differential property of DESIGN.md
// ("Two oracles"): for every generated kernel (package cudagen) with its
// concrete launch and parameter values, when the kernel run on the CPU
// under ThreadSanitizer (package exec) shows a data race or barrier
// divergence, drfcheck, checking the same launch with the same parameter
// values, does not call the kernel data-race free.
//
// Running the oracle one kernel at a time would cost a compilation each, so
// the property runs twice with the same seed: the first run only collects
// the cases gopter generates, which are then run in batches (many kernels in
// one binary for the oracle, in one file for clang), and the second run
// checks the property against those outcomes. Cases first met while
// shrinking a counterexample are evaluated one by one.
func TestCUDADifferential(t *testing.T) {
	if testing.Short() {
		t.Skip("the CUDA differential property compiles and runs kernels")
	}
	if err := exec.Available(); err != nil {
		t.Skipf("no CUDA execution oracle on this machine: %v", err)
	}
	const seed = 7001
	d := newDifferential(t)
	var collected []*cudagen.Case
	prop.ForAll(func(c *cudagen.Case) bool {
		collected = append(collected, c)
		return true
	}, cudagen.Gen()).Check(parameters(t, seed))
	start := time.Now()
	d.prefetch(collected)
	t.Logf("evaluated %d kernels in batches in %v (oracle %v, drfcheck %v)", len(collected),
		time.Since(start).Round(time.Millisecond), d.oracleTime.Round(time.Millisecond), d.checkTime.Round(time.Millisecond))
	run(t, seed, prop.ForAll(func(c *cudagen.Case) *gopter.PropResult {
		o := d.outcome(c)
		if ok, why := o.sound(); !ok {
			if d.unconfirmed(c, o) {
				return &gopter.PropResult{Status: gopter.PropTrue}
			}
			return &gopter.PropResult{Status: gopter.PropFalse, Labels: []string{why + d.again(c)}}
		}
		if ok, why := o.soundStrict(c); !ok {
			return &gopter.PropResult{Status: gopter.PropFalse, Labels: []string{why}}
		}
		return &gopter.PropResult{Status: gopter.PropTrue}
	}, cudagen.Gen()))
	d.report(t, collected)
}

// differential evaluates cases with both oracles, caching the outcomes by
// the case's text.
type differential struct {
	t       *testing.T
	checker *check.Checker
	strict  *check.Checker // benign races left out, as by default
	dir     string
	defect  symexec.Defect // a deliberately unsound rule of drfcheck's (TestBrokenInvariants)

	mu         sync.Mutex
	cache      map[string]*diffOutcome
	oracleTime time.Duration
	checkTime  time.Duration
}

// diffOutcome is what the two oracles say of one case.
type diffOutcome struct {
	exec     exec.Outcome
	verdict  check.Verdict
	report   *check.Report
	rejected error // drfcheck could not read the kernel
	// strict is drfcheck's verdict with benign races left out (its
	// default), asked only where the interpreter finds a harmful race
	// (Case.Harmful); -1 where not asked.
	strict check.Verdict
}

// soundStrict reports whether drfcheck, leaving out benign races, still
// finds one where the interpreter finds a harmful race: two writes of one
// value are benign only when they write the same bytes.
func (o *diffOutcome) soundStrict(c *cudagen.Case) (bool, string) {
	if o.strict != check.DRF {
		return true, ""
	}
	return false, fmt.Sprintf("the interpreter shows a race that is not benign (%s), drfcheck leaving out benign races says drf", c.Race)
}

// sound reports whether drfcheck's verdict is allowed by the execution.
func (o *diffOutcome) sound() (bool, string) {
	if o.exec.Err != nil || !(o.exec.Race || o.exec.Divergence) {
		return true, ""
	}
	if o.rejected != nil || o.verdict != check.DRF && o.verdict != check.Unchecked {
		return true, ""
	}
	what := "a data race"
	if !o.exec.Race {
		what = "barrier divergence"
	}
	return false, fmt.Sprintf("%s\nexecution shows %s (lines %v), drfcheck says %v", o.exec.Report, what, o.exec.Lines, o.verdict)
}

// unconfirmed reports whether the execution's race or divergence, which
// drfcheck's verdict contradicts, is one that neither the generator's exact
// interpreter sees nor a second run of the case alone shows again: a flaw
// of the execution oracle's run, not of drfcheck, which the log records
// with both runs' reports. CI has met such runs (a race-free kernel with a
// bitonic network and block-scoped counters, shown racy once among 1,000
// kernels on a loaded machine), which a single run cannot tell from a
// defect of drfcheck. Where the interpreter sees the race too, or the
// second run shows it again, the property fails as before; drfcheck is
// also asked again, and both of its verdicts go into the log.
func (d *differential) unconfirmed(c *cudagen.Case, o *diffOutcome) bool {
	if c.Expect != cudagen.DRF {
		return false
	}
	again := exec.Run(context.Background(), execCases([]*cudagen.Case{c}))[0]
	if again.Err == nil && (again.Race || again.Divergence) {
		return false
	}
	d.t.Logf("%s: the execution showed %s once, which neither the interpreter (drf) nor a second run alone (%s, err %v) shows; drfcheck says %v: not counted\nfirst run:\n%s\nsecond run:\n%s",
		c.Name, execVerdict(o.exec), execVerdict(again), again.Err, o.verdict, o.exec.Report, again.Report)
	return true
}

// again checks a case alone a second time, for the log of a failure: a
// verdict that differs from the first is a defect that depends on timing
// or on the other kernels of a batch.
func (d *differential) again(c *cudagen.Case) string {
	reports, _, errs := d.checkBatch([]*cudagen.Case{c})
	if errs[0] != nil {
		return fmt.Sprintf("; checked again alone: %v", errs[0])
	}
	return fmt.Sprintf("; checked again alone, drfcheck says %v (the interpreter: %v)", reports[0].Verdict, c.Expect)
}

func newDifferential(t *testing.T) *differential {
	return &differential{
		t: t,
		// One solver per CPU; a generated kernel is small, so a query that
		// takes longer than this is a defect worth seeing as unknown.
		// the oracle counts every unordered pair of writes as a race, as
		// C++ does, benign or not: so does drfcheck here
		checker: check.New(check.Options{Timeout: 10 * time.Second, KernelTimeout: 30 * time.Second, MaxRaces: 1, BenignRaces: true}),
		strict:  check.New(check.Options{Timeout: 10 * time.Second, KernelTimeout: 30 * time.Second, MaxRaces: 1}),
		dir:     t.TempDir(),
		cache:   map[string]*diffOutcome{},
	}
}

func key(c *cudagen.Case) string { return c.String() }

// outcome evaluates one case, from the cache when it was prefetched.
func (d *differential) outcome(c *cudagen.Case) *diffOutcome {
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

// batchSize is the number of kernels compiled together.
const batchSize = 100

// prefetch evaluates the cases not yet in the cache, in batches of distinct
// names and one warp size (drfcheck reads a batch as one file, and warpSize
// is the file's).
func (d *differential) prefetch(cases []*cudagen.Case) {
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

// batches groups cases into batches of at most batchSize, of distinct
// names and one warp size (drfcheck reads a batch as one file, and
// warpSize is the file's); cases with a host program are read with their
// launches (checkHostBatch), in batches of their own; a batch whose first
// case exactLaunch picks has one block size and one grid size, given to
// the inference.
func batches(todo []*cudagen.Case) [][]*cudagen.Case {
	var out [][]*cudagen.Case
	for len(todo) > 0 {
		var batch, rest []*cudagen.Case
		names := map[string]bool{}
		for _, c := range todo {
			sameLaunch := !exactLaunch(todo[0]) || c.Block == todo[0].Block && c.Grid == todo[0].Grid
			if len(batch) < batchSize && !names[c.Name] && c.WarpSize == todo[0].WarpSize && (c.Host == "") == (todo[0].Host == "") && sameLaunch {
				names[c.Name] = true
				batch = append(batch, c)
			} else {
				rest = append(rest, c)
			}
		}
		out = append(out, batch)
		todo = rest
	}
	return out
}

// evaluate runs a batch of cases with distinct names through both oracles.
func (d *differential) evaluate(batch []*cudagen.Case) {
	start := time.Now()
	outs := exec.Run(context.Background(), execCases(batch))
	d.mu.Lock()
	d.oracleTime += time.Since(start)
	d.mu.Unlock()
	start = time.Now()
	reports, stricts, errs := d.checkBatch(batch)
	d.mu.Lock()
	defer d.mu.Unlock()
	d.checkTime += time.Since(start)
	for i, c := range batch {
		o := &diffOutcome{exec: outs[i], rejected: errs[i], report: reports[i], strict: -1}
		if reports[i] != nil {
			o.verdict = reports[i].Verdict
		}
		if stricts[i] != nil {
			o.strict = stricts[i].Verdict
		}
		d.cache[key(c)] = o
	}
}

func execCases(cs []*cudagen.Case) []exec.Case {
	out := make([]exec.Case, len(cs))
	for i, c := range cs {
		ec := exec.Case{Name: c.Name, Source: c.Source, Kernel: c.Kernel, Block: exec.Dim3(c.Block), Grid: exec.Dim3(c.Grid), WarpSize: c.WarpSize, Host: c.Host}
		for _, p := range c.Params {
			ep := exec.Param{Name: p.Name, Type: p.Type, Pointer: p.Pointer, Len: p.Len, Init: p.Init, Value: p.Value}
			for _, b := range p.Buffers {
				ep.Buffers = append(ep.Buffers, exec.Param{Name: b.Name, Type: b.Type, Pointer: b.Pointer, Len: b.Len, Init: b.Init})
			}
			ec.Params = append(ec.Params, ep)
		}
		out[i] = ec
	}
	return out
}

// checkBatch checks every case of a batch with drfcheck: one clang run for
// the whole batch, each case in a namespace of its name, or one per case
// when the batch as a whole is rejected.
// The cases whose interpreter finds a harmful race are checked a second
// time, benign races left out (stricts; nil for the others).
func (d *differential) checkBatch(batch []*cudagen.Case) ([]*check.Report, []*check.Report, []error) {
	if batch[0].Host != "" {
		return d.checkHostBatch(batch)
	}
	reports := make([]*check.Report, len(batch))
	stricts := make([]*check.Report, len(batch))
	errs := make([]error, len(batch))
	kernels, err := d.infer(batch)
	if err != nil && len(batch) > 1 {
		for i, c := range batch {
			r, s, e := d.checkBatch([]*cudagen.Case{c})
			reports[i], stricts[i], errs[i] = r[0], s[0], e[0]
		}
		return reports, stricts, errs
	}
	var wg sync.WaitGroup
	sem := make(chan struct{}, d.checker.Jobs())
	for i, c := range batch {
		if err != nil {
			errs[i] = err
			continue
		}
		k, ok := kernels[c.Name+"::"+c.Kernel]
		if !ok {
			errs[i] = fmt.Errorf("kernel %s::%s not found", c.Name, c.Kernel)
			continue
		}
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			reports[i], errs[i] = d.check(d.checker, c, k)
			if errs[i] == nil && c.Expect == cudagen.Racy && c.Harmful {
				stricts[i], _ = d.check(d.strict, c, k)
			}
		}()
	}
	wg.Wait()
	return reports, stricts, errs
}

// infer reads the cases of a batch, all of one warp size, as one CUDA
// file.
func (d *differential) infer(batch []*cudagen.Case) (map[string]infer.Kernel, error) {
	// kernels name cooperative_groups, __half, __nv_bfloat16 and
	// cuda::atomic_ref without an #include, which the oracle's header
	// allows and drfcheck's does not
	extra := ""
	if prototypes(batch[0].Name) {
		extra = cudagen.CUDAPrototypes
	}
	src := cudagen.BatchSource(batch, extra)
	if ownTypedefs(batch[0].Name) {
		src = ownTypedefSource(batch, extra)
	}
	path := filepath.Join(d.dir, batch[0].Name+".cu")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		return nil, err
	}
	opts := infer.Options{WarpSize: int64(batch[0].WarpSize), Defect: d.defect}
	if exactLaunch(batch[0]) {
		// as with --blockDim and --gridDim: blockDim and gridDim are
		// those numbers (symexec, limits)
		for i, b := range batch[0].Block {
			opts.MaxBlock[i] = int64(max(b, 1))
			opts.MaxGrid[i] = int64(max(batch[0].Grid[i], 1))
		}
		opts.MinBlock, opts.MinGrid = opts.MaxBlock, opts.MaxGrid
	}
	ks, _, err := infer.File(path, []byte(src), opts)
	if err != nil {
		return nil, err
	}
	out := map[string]infer.Kernel{}
	repaired := false
	for _, k := range ks {
		out[k.Name] = k
		repaired = repaired || slices.ContainsFunc(k.Notes, func(n infer.Note) bool { return strings.Contains(n.Message, "__device__ beside __shared__") })
		if prototypes(batch[0].Name) && !slices.ContainsFunc(k.Notes, func(n infer.Note) bool { return strings.Contains(n.Message, "the calls are CUDA's max") }) {
			d.t.Errorf("%s: the file's prototype of max was not blanked (notes %v)", k.Name, k.Notes)
		}
		if ownTypedefs(batch[0].Name) && !slices.ContainsFunc(k.Notes, func(n infer.Note) bool {
			return strings.Contains(n.Message, "the file declares size_t as 'unsigned int'")
		}) {
			d.t.Errorf("%s: the file's size_t was not taken as its own (notes %v)", k.Name, k.Notes)
		}
	}
	if strings.Contains(src, "__device__ __shared__") && !repaired {
		// cudagen writes some __shared__ locals so (print.go, deviceShared)
		d.t.Errorf("%s: no kernel read past __device__ __shared__", path)
	}
	return out, nil
}

// prototypes says whether a batch's file (named by its first case)
// declares CUDA's min and max as __device__ prototypes
// (cudagen.CUDAPrototypes): one in five, chosen by name.
func prototypes(name string) bool {
	h := fnv.New32a()
	h.Write([]byte("prototypes " + name))
	return h.Sum32()%5 == 0
}

// exactLaunch says whether drfcheck infers a batch (named by its first
// case, of no host program) knowing its block and grid sizes, as it does
// where flags or the file's header give them: one in three, chosen by name.
func exactLaunch(c *cudagen.Case) bool {
	h := fnv.New32a()
	h.Write([]byte("launch " + c.Name))
	return c.Host == "" && h.Sum32()%3 == 0
}

// ownTypedefs says whether drfcheck reads a batch (named by its first
// case) as code for a 32-bit host: one in four, chosen by name.
func ownTypedefs(name string) bool {
	h := fnv.New32a()
	h.Write([]byte(name))
	return h.Sum32()%4 == 0
}

// ownTypedefSource is the batch's file with size_t and clock_t declared
// as 32-bit code does (cudagen.FileTypedefs), which clang rejects until
// drfcheck renames them, and the cases' unsigned int spelled size_t.
func ownTypedefSource(batch []*cudagen.Case, extra string) string {
	cs := make([]*cudagen.Case, len(batch))
	for i, c := range batch {
		cp := *c
		cp.Source = cudagen.WithFileTypedefs(c.Source)
		cs[i] = &cp
	}
	return cudagen.BatchSource(cs, cudagen.FileTypedefs+extra)
}

// check checks one kernel with the case's launch and parameter values.
func (d *differential) check(checker *check.Checker, c *cudagen.Case, k infer.Kernel) (*check.Report, error) {
	check.FixParams(k.File, fixed(c)) // a parameter that reaches no index is not in the protocol
	info, err := protocol.Check(k.File)
	if err != nil {
		return nil, err
	}
	launch := smtgen.Launch{WarpSize: int64(c.WarpSize)} // as --warp-size
	for i := range 3 {
		launch.BlockDim[i] = int64(max(c.Block[i], 1))
		launch.GridDim[i] = int64(max(c.Grid[i], 1))
	}
	return checker.Check(check.Input{Name: k.Name, File: k.File, Info: info, Launch: launch}), nil
}

// report logs how the two oracles compare over the cases generated (not
// those met while shrinking), and how many of drfcheck's races the
// execution confirms among those that do not depend on array contents.
func (d *differential) report(t *testing.T, cases []*cudagen.Case) {
	var n, execRace, execDiv, inconclusive, rejected int
	verdicts := map[check.Verdict]int{}
	var witnesses, confirmed, interpreted int
	for _, c := range cases {
		o := d.outcome(c)
		n++
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
			t.Logf("drfcheck rejected %s: %v", c.Name, o.rejected)
			continue
		}
		verdicts[o.verdict]++
		if o.verdict == check.Racy && o.exec.Err == nil && concrete(o.report, fixed(c)) {
			witnesses++
			if o.exec.Race {
				confirmed++
			} else if c.Expect == cudagen.Racy {
				// ThreadSanitizer keeps a bounded history, and a divergent
				// run stops early: the generator's exact interpreter
				// still sees a race
				interpreted++
			}
		}
	}
	t.Logf("%d kernels: execution shows a race in %d, divergence only in %d, is inconclusive in %d", n, execRace, execDiv, inconclusive)
	t.Logf("drfcheck: %d drf, %d racy, %d divergent, %d unknown, %d rejected", verdicts[check.DRF], verdicts[check.Racy],
		verdicts[check.Divergent], verdicts[check.Unknown], rejected)
	t.Logf("drfcheck's races whose witness is a concrete execution: %d, confirmed by execution: %d, of the others racy by the generator's interpreter: %d",
		witnesses, confirmed, interpreted)
	d.reportStrict(t, cases)
	d.reportConstruct(t, cases, "warp barrier, several warps", "warp barriers and several warps per block", "wx")
	d.reportConstruct(t, cases, "grid.sync()", "grid barriers", "gx")
	d.reportConstruct(t, cases, "barrier invariant", "barrier invariants", "bi", "own")
	d.reportConstruct(t, cases, "precondition about pairs", "preconditions about pairs", "pout")
	d.reportConstruct(t, cases, "atomic counter", "atomic counters", "cnt", "slots")
	d.reportConstruct(t, cases, "shared counter reset", "shared counters zeroed by thread 0 (before a barrier: race-free; next to the atomics: racy)", "cnt", "slots")
	d.reportConstruct(t, cases, "fn pointer call", "calls through function pointers")
	d.reportConstruct(t, cases, "host variable", "host variables", "hv")
	d.reportConstruct(t, cases, "device variable", "__device__ variables", "dv")
	d.reportConstruct(t, cases, "sticky guard", "levels whose variables move under their guard (sticky guards)")
	d.reportConstruct(t, cases, "double buffer", "double buffers (one barrier per iteration, the buffer a state machine's)", "db")
	d.reportConstruct(t, cases, "struct param pointer array", "arrays of pointers at constant indices", "b")
	d.reportConstruct(t, cases, "pointer array, variable element", "arrays of pointers at variable indices", "b")
	d.reportConstruct(t, cases, "uniform read after barrier", "leader elections (a uniform read after a barrier)", "el", "won")
	d.reportConstruct(t, cases, "election in a branch", "leader elections in a branch every thread of a block takes alike", "el", "won")
	d.reportConstruct(t, cases, "election in a loop", "leader elections in a loop, one per iteration", "el", "won")
	d.reportConstruct(t, cases, "count in memory", "a thread's own cell counted up in a loop (induction cells)", "rb", "own")
	d.reportConstruct(t, cases, "power-of-two loop", "sorting networks (loops over powers of two)", "net")
	d.reportConstruct(t, cases, "bitonic network", "bitonic networks (nested loops over powers of two)", "net")
	d.reportConstruct(t, cases, "xor partner", "sorting networks with an xor partner (i ^ s)", "net")
	d.reportConstruct(t, cases, "wrap-around index", "wrap-around indices (32-bit arithmetic that wraps, brought back by %, >>, &, /, a cast)", "wrap")
	d.reportConstruct(t, cases, "wrap guard", "wrap-around guards (a comparison of a wrapped value)", "wrap")
	d.reportConstruct(t, cases, "negative to unsigned", "negative int parameters converted to unsigned", "wrap")
	d.reportConstruct(t, cases, "large unsigned param", "unsigned parameters of 2^31 or more", "wrap")
	d.reportConstruct(t, cases, "64-bit cast", "casts to long long and unsigned long long", "wrap")
	d.reportConstruct(t, cases, "symbolic param", "parameters left symbolic for drfcheck", "wrap")
	d.reportConstruct(t, cases, "struct template", "instances of struct templates (Rec<int, 4>, Cfg<int>)")
	d.reportConstruct(t, cases, "two template instances", "two instances of one struct template")
	d.reportConstruct(t, cases, "layout __align__", "structs with __align__ (genlayout.go)", "lay")
	d.reportConstruct(t, cases, "layout alignas field", "structs with an alignas field", "lay")
	d.reportConstruct(t, cases, "layout #pragma pack", "structs under #pragma pack", "lay")
	d.reportConstruct(t, cases, "union other member", "unions read through another member", "lay")
	d.reportConstruct(t, cases, "sub-word store", "sub-word stores next to word stores", "lay")
	d.reportConstruct(t, cases, "memset vs typed store", "memset against typed stores", "lay")
	// constructors (cudagen/genctor.go): their arrays are cg (of namespace
	// scope), cs (__shared__) and cp (a parameter)
	d.reportConstruct(t, cases, "ctor default", "locals of a struct whose default constructor runs (S s;)", "cg")
	d.reportConstruct(t, cases, "ctor memory", "constructors whose bodies access memory", "cg", "cs", "cp")
	d.reportConstruct(t, cases, "ctor args", "constructors of arguments (S s(buf, i, v);)", "cs", "cp")
	d.reportConstruct(t, cases, "ctor args {}", "constructors of arguments in braces (S s{buf, i, v};)", "cs", "cp")
	d.reportConstruct(t, cases, "ctor copy", "copy constructors (a pass by value, S t = s;)", "cg")
	d.reportConstruct(t, cases, "ctor copy template", "copy constructors of a class template (C<int, 2>)", "cg")
	d.reportConstruct(t, cases, "ctor member", "members whose constructor runs (struct M { S m; })", "cg")
	d.reportConstruct(t, cases, "ctor base", "bases whose constructor runs (struct D : S {})", "cg")
	d.reportConstruct(t, cases, "ctor array", "arrays of structs of a default constructor (S a[3];)", "cg")
	d.reportConstruct(t, cases, "ctor init order", "member initializer lists written out of the fields' order", "cg", "cs", "cp")
	// host programs (cudagen/genhost.go): checked with no flags, the
	// launch read from the host code
	d.reportConstruct(t, cases, "host program", "host programs (checked with no -b, -g, -p: the launch read from the host code)")
	d.reportConstruct(t, cases, "host alias", "host programs passing two pointers into one buffer")
	d.reportConstruct(t, cases, "host alias at an offset", "host programs passing pointers a few elements apart in one buffer")
	d.reportConstruct(t, cases, "host alias reassigned after cudaMalloc", "a pointer reassigned after its own cudaMalloc")
	d.reportConstruct(t, cases, "host alias on a branch", "a pointer reassigned on a branch the host takes")
	d.reportConstruct(t, cases, "host cudaLaunchKernel", "launches by cudaLaunchKernel")
	d.reportConstruct(t, cases, "host argument array changed", "argument arrays changed after their initializer")
	d.reportConstruct(t, cases, "host wrapper", "launches in a host wrapper")
	d.reportConstruct(t, cases, "host wrapper called twice", "a wrapper called twice, the second time with aliasing pointers")
	d.reportConstruct(t, cases, "host struct of pointers", "structs of pointers built by the host")
	d.reportConstruct(t, cases, "host struct alias", "structs of pointers with two elements into one buffer")
	d.reportConstruct(t, cases, "host narrowing argument", "arguments the launch converts to another value's type (long long to int, negative int to unsigned)")
	d.reportConstruct(t, cases, "host hidden value", "values hidden from drfcheck by a call it does not follow")
	d.reportConstruct(t, cases, "host size from a variable", "launch sizes in variables (one shared with a parameter)")
	d.reportHeader(t, cases)
	if rejected*100 > n {
		t.Errorf("drfcheck rejected %d of %d generated kernels: the generator or the front end is wrong", rejected, n)
	}
	if inconclusive*20 > n {
		t.Errorf("the execution was inconclusive for %d of %d generated kernels", inconclusive, n)
	}
}

// reportStrict logs the second check: how many racy kernels the
// interpreter finds harmful (a race that is not two writes of the same
// bytes), and what drfcheck says of them with benign races left out.
func (d *differential) reportStrict(t *testing.T, cases []*cudagen.Case) {
	var racy, harmful, benign int
	verdicts := map[check.Verdict]int{}
	for _, c := range cases {
		if c.Expect != cudagen.Racy {
			continue
		}
		racy++
		if !c.Harmful {
			benign++
			continue
		}
		harmful++
		if o := d.outcome(c); o.strict >= 0 {
			verdicts[o.strict]++
		}
	}
	t.Logf("benign races left out: of %d racy kernels, %d have a harmful race (%d only benign ones); drfcheck without benign races: %d racy, %d divergent, %d unknown, %d drf",
		racy, harmful, benign, verdicts[check.Racy], verdicts[check.Divergent], verdicts[check.Unknown], verdicts[check.DRF])
}

// reportConstruct logs what execution and drfcheck say of the kernels
// with a construct, and fails when the generator's interpreter and the
// execution disagree on one: divergence is exact on both sides, and
// ThreadSanitizer reports no race that is not there (it may miss one, its
// shadow keeping 4 accesses per word: those are counted apart). It also
// fails when drfcheck calls a kernel the interpreter finds racy DRF: the
// interpreter's race is a race of some schedule. drfcheck's false alarms
// on the interpreter's race-free kernels are counted, those on the
// construct's own arrays (named with one of prefixes) apart, and the
// smallest of those shown.
func (d *differential) reportConstruct(t *testing.T, cases []*cudagen.Case, construct, what string, prefixes ...string) {
	var n, small, race, div, disagree, missed, alarms, ownAlarms, unsound int
	var alarm []*cudagen.Case // false alarms on the construct's arrays
	own := func(r *check.Report) string {
		if r == nil || len(r.Races) == 0 {
			return ""
		}
		for _, p := range prefixes {
			if strings.HasPrefix(r.Races[0].Array, p) {
				return r.Races[0].Array
			}
		}
		return ""
	}
	verdicts := map[check.Verdict]int{}
	expect := map[cudagen.Verdict]int{}
	for _, c := range cases {
		if !slices.Contains(cudagen.Constructs(c), construct) {
			continue
		}
		o := d.outcome(c)
		n++
		expect[c.Expect]++
		if c.WarpSize < 32 {
			small++
		}
		if o.rejected == nil {
			verdicts[o.verdict]++
			// the interpreter's verdict holds for every schedule (where
			// execution sees one): drfcheck's DRF on its race is unsound,
			// its race on its DRF a false alarm
			switch {
			case c.Expect == cudagen.Racy && o.verdict == check.DRF:
				unsound++
				t.Errorf("the interpreter shows a race (%s), drfcheck says drf:\n%s", c.Race, c)
			case c.Expect == cudagen.DRF && o.verdict == check.Racy:
				alarms++
				if own(o.report) != "" {
					ownAlarms++
					alarm = append(alarm, c)
				}
			}
		}
		switch {
		case o.exec.Err != nil:
			continue
		case o.exec.Race:
			race++
		case o.exec.Divergence:
			div++
		}
		switch {
		case (c.Expect == cudagen.Divergent) != o.exec.Divergence || c.Expect == cudagen.DRF && o.exec.Race:
			disagree++
			t.Logf("the interpreter says %v, the execution %v:\n%s\n%s", c.Expect, execVerdict(o.exec), c, o.exec.Report)
		case c.Expect == cudagen.Racy && !o.exec.Race:
			missed++
		}
	}
	t.Logf("with %s: %d kernels (%d with warps of 2 to 8 threads); interpreter: %d drf, %d racy, %d divergent; execution shows a race in %d, divergence only in %d (races it missed: %d); drfcheck: %d drf, %d racy, %d divergent, %d unknown",
		what, n, small, expect[cudagen.DRF], expect[cudagen.Racy], expect[cudagen.Divergent], race, div, missed,
		verdicts[check.DRF], verdicts[check.Racy], verdicts[check.Divergent], verdicts[check.Unknown])
	t.Logf("with %s: drfcheck says drf on %d racy by the interpreter, racy on %d of its %d race-free ones (false alarms), %d of them on the construct's arrays",
		what, unsound, alarms, expect[cudagen.DRF], ownAlarms)
	slices.SortFunc(alarm, func(a, b *cudagen.Case) int { return len(a.Source) - len(b.Source) })
	for _, c := range alarm[:min(len(alarm), 2)] {
		t.Logf("a false alarm with %s, on %s:\n%s", what, own(d.outcome(c).report), c)
	}
	if disagree > 0 {
		t.Errorf("the generator's interpreter and the execution disagree on %d kernels with %s", disagree, what)
	}
}

// execVerdict is the verdict of an execution in the interpreter's terms.
func execVerdict(o exec.Outcome) cudagen.Verdict {
	switch {
	case o.Divergence:
		return cudagen.Divergent
	case o.Race:
		return cudagen.Racy
	}
	return cudagen.DRF
}

// fixed returns the parameter values of a case as drfcheck names them.
func fixed(c *cudagen.Case) map[string]int64 {
	fix := map[string]int64{}
	for _, p := range c.Params {
		for name, v := range p.Fix {
			fix[name] = v
		}
	}
	return fix
}

// concrete reports whether every race of a report has a witness that is a
// real execution of the case: no thread-local unknown (a value read from
// memory, say), no uninterpreted function, and no parameter but the
// kernel's own (a uniform unknown, such as a value computed in floating
// point, is a parameter of the protocol too). The execution, with its own
// array contents, must then show the race.
func concrete(r *check.Report, params map[string]int64) bool {
	if r == nil || len(r.Races) == 0 {
		return false
	}
	for _, race := range r.Races {
		w := race.Witness
		for _, th := range w.Threads {
			if len(th.Locals) > 0 {
				return false
			}
		}
		for _, p := range w.Params {
			if v, ok := params[p.Name]; !ok || v != p.Value {
				return false
			}
		}
		if len(w.Funcs) > 0 {
			return false
		}
	}
	return true
}

// Package check is drfcheck as a library: it turns a file into the inputs
// to check (LoadProtocol for a .prot file, LoadCUDA for a CUDA file: the
// inference of package infer, one input per kernel and launch
// configuration, the launch from the options, the file's header, its launch
// sites or the default rule), and runs on each the whole pipeline of
// Cogumbreiro, Lange, Liew and Zicarelli, "Checking Data-Race Freedom of
// GPU Kernels, Compositionally" (CAV 2021) (Checker.Check): well-formedness (protocol/wellformed), the cut into
// symbolic traces, one SMT query per trace and array (smtgen), and the
// replay of every witness through the reference semantics (protocol/eval)
// before it is reported. The command line (cmd/drfcheck) only adds flags,
// file discovery and the output formats.
//
// The traces come from one of two encodings (Options.Encoding): by default
// the barrier intervals of package internal/split/interval, whose number and size
// grow polynomially with the nesting of synchronized loops; or the paper's
// barrier aligning (align, Fig. 3) followed by splitting (split, Fig. 4),
// exponential in that nesting, kept as the reference to test and benchmark
// against.
package check

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"sort"
	"sync"
	"time"

	"github.com/drfcheck/drfcheck/internal/align"
	"github.com/drfcheck/drfcheck/internal/split"
	"github.com/drfcheck/drfcheck/internal/split/interval"
	"github.com/drfcheck/drfcheck/protocol"
	"github.com/drfcheck/drfcheck/protocol/printer"
	"github.com/drfcheck/drfcheck/protocol/wellformed"
	"github.com/drfcheck/drfcheck/smtgen"
)

// Options configure a Checker.
type Options struct {
	Timeout time.Duration // per SMT query; 0 for none
	// KernelTimeout bounds the whole check of one kernel (0 for none):
	// the queries not answered by then are reported unknown, cut.
	KernelTimeout time.Duration
	MaxRaces      int // distinct racing pairs reported per kernel; 0 for 1
	Jobs          int // solvers run in parallel; 0 for the number of CPUs
	Levels        []wellformed.Level
	// BenignRaces reports two writes of values known to be equal as a
	// race; by default they are benign, as GPUVerify and Faial count them.
	BenignRaces bool
	// Encoding says how a protocol is cut into symbolic traces; the zero
	// value is Intervals.
	Encoding Encoding
	// Arithmetic says how the SMT queries encode integers; the zero value
	// is smtgen.Portfolio.
	Arithmetic smtgen.Encoding
}

// Encoding is how a well-formed protocol becomes symbolic traces. Both give
// the same verdicts (Theorems 1 and 3, and their analogue for intervals,
// checked by package proofs); they differ in cost.
type Encoding int

const (
	// Intervals cuts the protocol at its barrier intervals directly
	// (package internal/split/interval): polynomial in the nesting of synchronized
	// loops.
	Intervals Encoding = iota
	// Paper aligns (align, Fig. 3 of Cogumbreiro et al.) and splits (split, Fig. 4):
	// exponential in the nesting of synchronized loops.
	Paper
)

var encodingNames = [...]string{"intervals", "paper"}

func (e Encoding) String() string { return encodingNames[e] }

// ParseEncoding reads the name of an encoding: "intervals" or "paper".
func ParseEncoding(s string) (Encoding, error) {
	for i, n := range encodingNames {
		if s == n {
			return Encoding(i), nil
		}
	}
	return 0, fmt.Errorf("unknown encoding %q: want intervals or paper", s)
}

// Checker checks protocols with a pool of solvers. It is safe for
// concurrent use.
type Checker struct {
	opts    Options
	solvers chan *smtgen.Solver
}

// New returns a checker with opts.Jobs solvers.
func New(opts Options) *Checker {
	if opts.Jobs <= 0 {
		opts.Jobs = runtime.NumCPU()
	}
	if opts.MaxRaces <= 0 {
		opts.MaxRaces = 1
	}
	if len(opts.Levels) == 0 {
		opts.Levels = []wellformed.Level{wellformed.BlockLevel, wellformed.GridLevel}
	}
	c := &Checker{opts: opts, solvers: make(chan *smtgen.Solver, opts.Jobs)}
	for i := 0; i < opts.Jobs; i++ {
		c.solvers <- smtgen.NewSolverWith(opts.Timeout, opts.Arithmetic)
	}
	return c
}

// Jobs returns the number of solvers the checker runs in parallel.
func (c *Checker) Jobs() int { return c.opts.Jobs }

// with runs f with a solver from the pool.
func (c *Checker) with(f func(s *smtgen.Solver)) {
	c.withDeadline(context.Background(), time.Time{}, f)
}

// withDeadline runs f with a solver from the pool whose checks stop at
// deadline (zero for none), and give up when ctx is done.
func (c *Checker) withDeadline(ctx context.Context, deadline time.Time, f func(s *smtgen.Solver)) {
	s := <-c.solvers
	s.SetDeadline(deadline)
	if ctx.Err() != nil {
		s.Stop()
	}
	stopped := make(chan struct{})
	stop := context.AfterFunc(ctx, func() {
		s.Stop()
		close(stopped)
	})
	defer func() {
		if !stop() {
			<-stopped // Stop ran, or runs: it must be over before Restart
		}
		s.Restart()
		s.SetDeadline(time.Time{})
		c.solvers <- s
	}()
	f(s)
}

// Close waits for the checks in progress and lets go of the checker's
// solvers, whose Z3 contexts are then freed (by finalizers: the Z3 binding
// has no explicit release). The checker must not be used after.
func (c *Checker) Close() {
	for range c.opts.Jobs {
		<-c.solvers
	}
}

// Input is one protocol to check.
type Input struct {
	Name string // the kernel's name, or the file's for a .prot file
	// At is the kernel's name in its definition (CUDA), the position of
	// Report.At; unset for a .prot file, whose report is at its body.
	At     protocol.Pos
	File   *protocol.File
	Info   *protocol.Info // from protocol.Check
	Launch smtgen.Launch
	Arrays []string // check only these arrays; nil for all
	// GridDefault says that the grid size is the default's (any number of
	// blocks), not the user's: a race between blocks then carries a hint.
	GridDefault bool
	// LockStep says that the threads of a warp run in lock-step (Bardsley and Donaldson,
	// Definition 2.2; GPUVerify's --warp-sync): two accesses of one warp
	// are ordered unless both threads execute them at the same step.
	LockStep bool
	// Source says where the launch came from, for the report.
	Source LaunchSource
	// Spent is the time already spent on the kernel before its check
	// (inferring its protocol from CUDA): KernelTimeout bounds the two
	// together.
	Spent time.Duration
	// Notes are remarks from loading (how clang parsed the file), shown
	// with the report's own.
	Notes []Note
	// OpenCL says that the kernel is OpenCL C: its report speaks of
	// work-items and work-groups, and knows no warps.
	OpenCL bool
	// Values names the values reads bind (.prot: rd a[i] as x), which
	// package reads made functions of the thread: a witness shows each
	// thread's as a local.
	Values []string
}

// LaunchSource says where the launch configuration of a check came from.
type LaunchSource struct {
	// From is "flags", "header", "site" (the launches in the host code)
	// or "default" (the default launch rule).
	From  string
	Sites []Site // the launch sites checked together, when From is "site"
	// Facts are the assumptions the sites add, as text: "n == 1000",
	// "gridDim.x == (n + 255) / 256", "b points 4 bytes into a", "a
	// (cudaMalloc at main.cu:9:3), b (cudaMalloc at main.cu:10:3) point to
	// distinct allocations": what the host code shows.
	Facts []string
	// Assumed are what the check rests on that the host code does not
	// show: that pointers whose memory drfcheck cannot follow (a call's
	// result, a parameter of a function no code calls, or every pointer
	// when no launch is read) point to memory no other pointer argument
	// overlaps, the assumption of GPU verifiers (as __restrict__).
	Assumed []string
	// Notes say what the sites did not tell (a size that is not known,
	// checked for any) or why the default was used.
	Notes []string
}

// Site is a launch in the host code.
type Site struct {
	At     protocol.Pos
	Config string // as written: <<<(n + 255) / 256, 256>>>
	// Via says through which calls of host functions the launch is
	// reached, when it is in a function called from elsewhere: "in run,
	// called at main.cu:20:3" ("" for none).
	Via string
}

// Warp returns the warp, in its block, of thread i (0 or 1) of the race.
func (r *Race) Warp(i int) int64 {
	w := r.Witness
	t := w.Threads[i].ThreadIdx
	size := w.WarpSize
	if size <= 0 {
		size = 32
	}
	return (t[0] + t[1]*w.BlockDim[0] + t[2]*w.BlockDim[0]*w.BlockDim[1]) / size
}

// Hint says how a race may be ruled out when it is not meant to happen:
// what the report adds to the witness. The command line words it with its
// own flags (String gives the library's words).
type Hint int

const (
	NoHint Hint = iota
	// WarpHint: the two threads are in one warp, under today's semantics
	// (independent thread scheduling); lock-step warps
	// (LoadOptions.LockStep, a file's --warp-sync header flag) may order
	// them.
	WarpHint
	// BlockScopeHint: a race between blocks where one of the two
	// accesses is an atomic of block scope.
	BlockScopeHint
	// MultiBlockHint: a race between blocks found under the default grid
	// size (Input.GridDefault).
	MultiBlockHint
)

var hintTexts = [...]string{
	NoHint:         "",
	WarpHint:       "the two threads are in one warp, and the threads of a warp do not run in lock-step since Volta (independent thread scheduling): a barrier (__syncwarp() within a warp) must order them; code written for older GPUs, where they do, is checked that way with lock-step warps (LoadOptions.LockStep, or --warp-sync in the file's header)",
	BlockScopeHint: "an atomic of block scope (atomicAdd_block, cuda::thread_scope_block) is atomic only among the threads of one block: for threads of different blocks it is a plain read-modify-write; where blocks share the location, use the device-scope atomic (atomicAdd, cuda::thread_scope_device)",
	MultiBlockHint: "the grid size was not given, so any number of blocks was assumed: if this kernel always runs as one block, give it a grid of one block (LoadOptions.Grid, or //--gridDim=1 in the file's header)",
}

func (h Hint) String() string { return hintTexts[h] }

// Verdict is the outcome for one kernel.
type Verdict int

const (
	DRF Verdict = iota
	Racy
	Divergent
	Unknown
	// Unchecked: none of the levels asked for applies (--level=grid with
	// one block, or without global memory); Report.Skipped says why.
	Unchecked
)

var verdictNames = [...]string{"drf", "racy", "divergent", "unknown", "unchecked"}

func (v Verdict) String() string { return verdictNames[v] }

// Race is a data race found and confirmed by the reference semantics.
type Race struct {
	Level   wellformed.Level
	Array   string
	Witness *smtgen.Witness
	Choices []wellformed.Choice // the variant it was found in
	Hint    Hint                // how to rule it out if it is not meant to happen
	// Wrap says which index wraps around 2^32 in the witness, if one does
	// (wrapNote): such a race needs sizes of 2^32 or more.
	Wrap string
	// Unfenced are the barriers between the two accesses that do not
	// order the array's memory (an OpenCL barrier whose flags fence the
	// other memory only: protocol.Fence), where the race may be meant to
	// be ordered by one of them.
	Unfenced []*protocol.Sync
}

// Divergence is barrier divergence found and confirmed.
type Divergence struct {
	Witness *smtgen.DivergenceWitness
}

// Report is the outcome of checking one Input.
type Report struct {
	Name        string
	At          protocol.Pos // the kernel's name in its definition (CUDA), or where its protocol starts (.prot)
	Launch      smtgen.Launch
	Source      LaunchSource
	Levels      []wellformed.Level // the levels checked
	Skipped     []string           // the levels asked for and not checked, with the reason
	Arrays      []string           // the arrays checked
	Verdict     Verdict
	Races       []*Race
	Divergences []*Divergence
	Unknowns    []protocol.Unknown
	// Notes are what the user should know that changes no verdict: pairs
	// of writes taken as benign, preconditions no thread satisfies.
	Notes   []Note
	Queries int
	Elapsed time.Duration
	OpenCL  bool // Input.OpenCL
	// suppressed are the findings a suppression comment or a baseline
	// accepts (Suppress).
	suppressed map[findingKey]*Suppression
}

// Note is a remark about a kernel at a position of its source.
type Note struct {
	At      protocol.Pos
	Message string
}

// Check checks one protocol.
func (c *Checker) Check(in Input) *Report { return c.CheckContext(context.Background(), in) }

// CheckContext is Check, given up when ctx is done: every query not yet
// decided then is unknown, with the cancellation as its reason (so the
// kernel is never called race-free for what was not asked), and what was
// found before stays in the report.
func (c *Checker) CheckContext(ctx context.Context, in Input) *Report {
	start := time.Now()
	var deadline time.Time
	if c.opts.KernelTimeout > 0 {
		deadline = start.Add(c.opts.KernelTimeout - in.Spent)
	}
	r := &Report{Name: in.Name, Launch: in.Launch, Source: in.Source, Arrays: in.arrays(), Notes: append([]Note(nil), in.Notes...), OpenCL: in.OpenCL}
	if in.File != nil && in.File.Body != nil {
		r.At = in.File.Body.At
	}
	if in.At.IsValid() {
		r.At = in.At
	}
	r.Unknowns = append(r.Unknowns, in.File.Unknowns...)
	if in.File.Body != nil && protocol.HasValues(in.File.Body) {
		// a caller that skipped package reads (LoadProtocol lowers):
		// the stages after it would ignore the values
		r.Unknowns = append(r.Unknowns, protocol.Unknown{At: in.File.Pos(), Reason: "internal error: reads that bind values or barrier invariants not lowered (package reads)"})
		r.finish()
		return r
	}
	var jobs []job
	levels, skipped := c.levels(in)
	r.Skipped = skipped
	for _, level := range levels {
		r.Levels = append(r.Levels, level)
		prog := c.normalize(ctx, in, level, deadline)
		r.Unknowns = append(r.Unknowns, prog.Unknowns...)
		if len(r.Levels) == 1 {
			r.Notes = append(r.Notes, c.vacuous(ctx, in, prog, level, deadline)...)
		}
		js, err := c.plan(in, prog, deadline)
		if err != nil {
			r.Unknowns = append(r.Unknowns, protocol.Unknown{At: in.File.Pos(), Reason: err.Error()})
		}
		jobs = append(jobs, js...)
	}
	r.Queries = len(jobs)
	c.run(ctx, in, jobs, r, deadline)
	r.finish()
	if len(r.Races) > c.opts.MaxRaces {
		r.Races = r.Races[:c.opts.MaxRaces]
	}
	r.Elapsed = time.Since(start)
	return r
}

func (in Input) arrays() []string {
	if in.Arrays != nil {
		return in.Arrays
	}
	return in.Info.Arrays()
}

// levels returns the levels worth checking: grid level only when the grid
// may have more than one block and some global array is accessed; warp
// level, after block level, when the protocol has warp barriers (block
// level then compares threads of different warps). The others are
// returned with the reason they are not checked.
func (c *Checker) levels(in Input) (out []wellformed.Level, skipped []string) {
	for _, l := range c.opts.Levels {
		if l == wellformed.BlockLevel && warps(in) {
			out = append(out, l, wellformed.WarpLevel)
			continue
		}
		if l == wellformed.GridLevel {
			switch {
			case !manyBlocks(in.Launch):
				skipped = append(skipped, "grid level: the grid is one block (-g sets more)")
				continue
			case !hasGlobal(in):
				skipped = append(skipped, "grid level: no global memory is accessed, and blocks share nothing else")
				continue
			}
		}
		out = append(out, l)
	}
	return out, skipped
}

func manyBlocks(l smtgen.Launch) bool {
	for _, g := range l.GridDim {
		if g != 1 {
			return true
		}
	}
	return false
}

func hasGlobal(in Input) bool {
	for _, a := range in.arrays() {
		if in.Info.Kinds[a] == protocol.Global {
			return true
		}
	}
	return false
}

// warps reports whether threads of one warp are ordered otherwise than
// threads of different warps: the protocol has warp barriers, or its warps
// run in lock-step.
func warps(in Input) bool {
	return in.LockStep || in.File.Body != nil && protocol.SyncScopes(in.File.Body).Has(protocol.ScopeWarp)
}

func (c *Checker) env(in Input, level wellformed.Level) smtgen.Env {
	split := level == wellformed.BlockLevel && warps(in) && c.checks(wellformed.BlockLevel)
	launch := in.Launch
	launch.LockStep = in.LockStep
	return smtgen.Env{Info: in.Info, Launch: launch, Level: level, BenignRaces: c.opts.BenignRaces, SplitWarps: split}
}

func (c *Checker) checks(l wellformed.Level) bool {
	for _, m := range c.opts.Levels {
		if m == l {
			return true
		}
	}
	return false
}

func (c *Checker) normalize(ctx context.Context, in Input, level wellformed.Level, deadline time.Time) *wellformed.Program {
	var prog *wellformed.Program
	c.withDeadline(ctx, deadline, func(s *smtgen.Solver) {
		f := in.File
		if level == wellformed.WarpLevel && in.LockStep {
			f = wellformed.LockStep(f, in.Info)
		}
		prog = wellformed.Normalize(f, in.Info, level, s.Oracle(c.env(in, level)))
	})
	return prog
}

// vacuous notes preconditions that no two threads of the launch satisfy
// together, where the launch alone has such threads: the kernel is then
// race-free only because no pair of threads is left to check, which is
// rarely what its author meant (a __requires that contradicts the launch,
// an __axiom about a dimension the grid does not have).
func (c *Checker) vacuous(ctx context.Context, in Input, prog *wellformed.Program, level wellformed.Level, deadline time.Time) []Note {
	if len(prog.Pre) == 0 {
		return nil
	}
	var with, without bool
	var err1, err2 error
	c.withDeadline(ctx, deadline, func(s *smtgen.Solver) {
		env := c.env(in, level)
		yes := &protocol.BoolLit{Value: true}
		with, err1 = s.Satisfiable(env, wellformed.Query{Pre: prog.Pre, Goal: yes})
		without, err2 = s.Satisfiable(env, wellformed.Query{Goal: yes})
	})
	if err1 != nil || err2 != nil || with || !without {
		return nil
	}
	return []Note{{At: prog.Pre[0].Pos(), Message: "no two threads of this launch satisfy the kernel's preconditions (__requires, __axiom): it is race-free only because nothing is left to check"}}
}

// job is one SMT query: a race query for one trace and array, or a
// divergence check.
type job struct {
	race       *smtgen.RaceQuery
	choices    []wellformed.Choice
	divergence *wellformed.Divergence
	env        smtgen.Env
	group      *group // traces that share their phase, or nil
}

// group gathers the traces of one variant and array whose phase is the same
// and mentions no variable of their binders. Splitting nested
// synchronized loops makes exponentially many of these (Cogumbreiro et al., Fig. 4),
// and intervals make one per level of nesting;
// a trace's query is then its group's query plus the ranges of its
// binders, so when the group's query, asked once without binders, has no
// model, neither has any of its traces.
type group struct {
	once sync.Once
	q    smtgen.RaceQuery
	free bool // the binder-free query has no model
}

// plan aligns and splits every variant for every array and lists the
// queries to ask.
func (c *Checker) plan(in Input, prog *wellformed.Program, deadline time.Time) ([]job, error) {
	var jobs []job
	env := c.env(in, prog.Level)
	for _, d := range prog.Divergences {
		jobs = append(jobs, job{divergence: d, env: env})
	}
	for i, v := range prog.Variants {
		// past the budget the variants are not cut into traces (a
		// kernel's cases can number thousands, with lock-step warps, and
		// cutting them alone held dxtc twice its budget); the first one
		// is, so that its cut queries are reported at their accesses
		if i > 0 && expired(deadline) {
			return jobs, fmt.Errorf("%w while its protocol was cut into traces", smtgen.ErrBudget)
		}
		venv := env
		venv.Pre = append(append([]protocol.Cond(nil), prog.Pre...), v.Pre()...)
		venv.Agree = v.Agree()
		venv.Differ = v.Differ()
		for _, array := range in.arrays() {
			if prog.Level == wellformed.GridLevel && in.Info.Kinds[array] != protocol.Global {
				continue
			}
			traces, err := traces(c.opts.Encoding, v.Body, array, in.Info.Kinds[array])
			if err != nil {
				return jobs, err
			}
			groups := map[string]*group{}
			for _, t := range traces {
				q := &smtgen.RaceQuery{Env: venv, Array: array, Trace: t}
				jobs = append(jobs, job{race: q, choices: v.Choices, env: venv, group: groupOf(groups, q)})
			}
		}
	}
	return jobs, nil
}

// groupOf returns the group of a race query whose phase mentions no binder,
// keyed by the phase's text, or nil.
func groupOf(groups map[string]*group, q *smtgen.RaceQuery) *group {
	if len(q.Trace.Binders) == 0 {
		return nil
	}
	phase := &protocol.Block{Stmts: q.Trace.Phase}
	free := protocol.FreeVars(phase)
	for _, b := range q.Trace.Binders {
		if free[b.Var] {
			return nil
		}
	}
	key := printer.Node(phase)
	g, ok := groups[key]
	if !ok {
		g = &group{q: *q}
		g.q.Trace = split.Trace{Phase: q.Trace.Phase}
		groups[key] = g
	}
	return g
}

func alignSlice(body []protocol.Stmt, array string, k protocol.DeclKind) ([]protocol.Stmt, []protocol.Stmt) {
	return align.Align(wellformed.SliceFenced(body, array, k))
}

// traces cuts a well-formed variant body, sliced to one array, into
// symbolic traces with the encoding enc; k is the array's kind.
func traces(enc Encoding, body []protocol.Stmt, array string, k protocol.DeclKind) ([]split.Trace, error) {
	sliced := wellformed.SliceFenced(body, array, k)
	if enc == Paper {
		return split.Split(align.Align(sliced))
	}
	return interval.Traces(sliced)
}

// run asks the queries in parallel and collects the outcomes in r, in the
// order of the jobs whatever order they finish in: two traces may find one
// race with different witnesses, and the report must not depend on which
// solver came first.
func (c *Checker) run(ctx context.Context, in Input, jobs []job, r *Report, deadline time.Time) {
	outs := make([]outcome, len(jobs))
	var wg sync.WaitGroup
	for i, j := range jobs {
		wg.Add(1)
		go func(i int, j job) {
			defer wg.Done()
			o := &outs[i]
			c.withDeadline(ctx, deadline, func(s *smtgen.Solver) {
				if expired(deadline) {
					// past the budget a query is not even encoded
					// (checked once a solver is free: every job waits
					// for one from the start)
					o.unknowns = []protocol.Unknown{j.cut()}
					return
				}
				o.races, o.div, o.unknowns, o.notes = c.ask(in, s, j)
			})
		}(i, j)
	}
	wg.Wait()
	seen := map[string]bool{}
	for _, o := range outs {
		r.Unknowns = append(r.Unknowns, o.unknowns...)
		for _, n := range o.notes {
			if key := "note " + n.At.String() + n.Message; !seen[key] {
				seen[key] = true
				r.Notes = append(r.Notes, n)
			}
		}
		for _, race := range o.races {
			if key := race.key(); !seen[key] {
				seen[key] = true
				r.Races = append(r.Races, race)
			}
		}
		if o.div != nil && !seen[o.div.key()] {
			seen[o.div.key()] = true
			r.Divergences = append(r.Divergences, o.div)
		}
	}
}

// expired reports whether a deadline (zero for none) has passed.
func expired(deadline time.Time) bool {
	return !deadline.IsZero() && !time.Now().Before(deadline)
}

// cut is the unknown of a job that the kernel's budget left unasked.
func (j job) cut() protocol.Unknown {
	reason := smtgen.ErrBudget.Error() + ": this query was cut"
	if j.divergence != nil {
		return protocol.Unknown{At: j.divergence.At, Reason: reason}
	}
	return protocol.Unknown{At: firstAccess(j.race.Trace, j.race.Array), Reason: reason, Array: j.race.Array}
}

// outcome is what one job found.
type outcome struct {
	races    []*Race
	div      *Divergence
	unknowns []protocol.Unknown
	notes    []Note
}

// ask answers one job and replays what it finds.
func (c *Checker) ask(in Input, s *smtgen.Solver, j job) ([]*Race, *Divergence, []protocol.Unknown, []Note) {
	if j.divergence != nil {
		res, err := s.Divergence(j.env, j.divergence)
		switch {
		case err != nil:
			return nil, nil, []protocol.Unknown{{At: j.divergence.At, Reason: err.Error()}}, nil
		case res.Status == smtgen.Unknown:
			return nil, nil, []protocol.Unknown{{At: j.divergence.At, Reason: res.Reason}}, nil
		case res.Status == smtgen.Fails:
			if err := ReplayDivergence(in.File, res.Witness); err != nil {
				return nil, nil, []protocol.Unknown{{At: j.divergence.At, Reason: unconfirmed(in, err)}}, nil
			}
			return nil, &Divergence{Witness: res.Witness}, nil, nil
		}
		return nil, nil, nil, nil
	}
	q := *j.race
	if j.group != nil {
		j.group.once.Do(func() {
			st, err := s.RaceStatus(j.group.q)
			j.group.free = err == nil && st == smtgen.Holds
		})
		if j.group.free {
			return nil, nil, nil, nil
		}
	}
	if c.meetsNever(s, q) {
		return nil, nil, nil, nil
	}
	res, err := s.Races(q, c.opts.MaxRaces)
	at := firstAccess(q.Trace, q.Array)
	switch {
	case err != nil:
		return nil, nil, []protocol.Unknown{{At: at, Reason: err.Error(), Array: q.Array}}, nil
	case res.Status == smtgen.Unknown:
		return nil, nil, []protocol.Unknown{{At: at, Reason: res.Reason, Array: q.Array}}, nil
	}
	var races []*Race
	var unknowns []protocol.Unknown
	for _, w := range res.Witnesses {
		if err := ReplayRace(in.File, w, c.opts.BenignRaces); err != nil {
			if os.Getenv("DRFCHECK_DEBUG") != "" {
				fmt.Fprintf(os.Stderr, "drfcheck: witness not replayed (%v):\n%+v\n", err, w)
			}
			unknowns = append(unknowns, protocol.Unknown{At: w.Threads[0].Access.At, Reason: unconfirmed(in, err), Array: q.Array})
			continue
		}
		valuesRead(in, w)
		race := &Race{Level: q.Level, Array: q.Array, Witness: w, Choices: j.choices, Wrap: wrapNote(in.File, w, c.opts.BenignRaces),
			Unfenced: unfenced(in, q.Array, w)}
		switch {
		case q.Level == wellformed.GridLevel && (w.Threads[0].Access.BlockScope || w.Threads[1].Access.BlockScope):
			race.Hint = BlockScopeHint
		case q.Level == wellformed.GridLevel && in.GridDefault:
			race.Hint = MultiBlockHint
		case q.Level != wellformed.GridLevel && !in.LockStep && !in.OpenCL && race.Warp(0) == race.Warp(1) && c.onlyInWarps(s, q):
			race.Hint = WarpHint
		}
		races = append(races, race)
	}
	return races, nil, unknowns, c.benign(in, s, q, res.Witnesses)
}

// unfenced returns the barriers of the protocol that do not order the
// array's memory and lie between the two accesses of a witness in the
// source (any such barrier when the two are one access, in a loop).
func unfenced(in Input, array string, w *smtgen.Witness) []*protocol.Sync {
	k := in.Info.Kinds[array]
	a, b := w.Threads[0].Access.At, w.Threads[1].Access.At
	if b.Line < a.Line || b.Line == a.Line && b.Col < a.Col {
		a, b = b, a
	}
	before := func(x, y protocol.Pos) bool { return x.Line < y.Line || x.Line == y.Line && x.Col <= y.Col }
	var out []*protocol.Sync
	seen := map[protocol.Pos]bool{}
	protocol.Inspect(in.File.Body, func(n protocol.Node) bool {
		s, ok := n.(*protocol.Sync)
		if ok && !s.Fence.Orders(k) && !seen[s.At] && (a == b || before(a, s.At) && before(s.At, b)) {
			seen[s.At] = true
			out = append(out, s)
		}
		return true
	})
	return out
}

// meetsNever reports whether no two conflicting accesses of a trace whose
// writes of known values could make pairs benign meet at all, values
// aside: then it has no race and no benign pair. The race query carries
// the values, to let pairs of equal writes through, and they can double
// its time (md5's byte copies); the query without them, asked first,
// proves most such traces alone, and costs one query more where pairs meet.
func (c *Checker) meetsNever(s *smtgen.Solver, q smtgen.RaceQuery) bool {
	if c.opts.BenignRaces || !smtgen.KnownWrites(q.Trace, q.Array) {
		return false
	}
	q.BenignRaces = true
	st, err := s.RaceStatus(q)
	return err == nil && st == smtgen.Holds
}

// benign finds the pairs of writes of one value that the query took as
// benign (GPUVerify and Faial count them so): asked again with them
// counted as races, the pairs not found before are those. Each becomes a
// note, so that the user sees what was let through and how to have it
// reported (--benign-races). Only a trace where some write writes a known
// value costs the second query.
func (c *Checker) benign(in Input, s *smtgen.Solver, q smtgen.RaceQuery, found []*smtgen.Witness) []Note {
	if c.opts.BenignRaces || !smtgen.KnownWrites(q.Trace, q.Array) {
		return nil
	}
	q.BenignRaces = true
	for _, w := range found {
		q.Exclude = append(q.Exclude[:len(q.Exclude):len(q.Exclude)], [2]int{w.Threads[0].Access.ID, w.Threads[1].Access.ID})
	}
	res, err := s.Races(q, c.opts.MaxRaces)
	if err != nil || res.Status != smtgen.Fails {
		return nil
	}
	var notes []Note
	for _, w := range res.Witnesses {
		if ReplayRace(in.File, w, true) != nil {
			continue
		}
		a, b := w.Threads[0].Access, w.Threads[1].Access
		if b.At.Before(a.At) {
			a, b = b, a
		}
		other := ""
		if b.At != a.At {
			other = fmt.Sprintf(" and at %d:%d", b.At.Line, b.At.Col)
		}
		notes = append(notes, Note{At: a.At, Message: fmt.Sprintf(
			"two threads write the same value to '%s' here%s: a benign pair, not reported as a race (--benign-races reports it)", q.Array, other)})
	}
	return notes
}

// onlyInWarps reports whether the races of a query are all between
// threads of one warp: warp-synchronous code, for which the note on
// independent thread scheduling is meant. A race that threads of different
// warps have too (a missing __syncthreads) gets no such note, even when its
// witness picks two threads of one warp.
func (c *Checker) onlyInWarps(s *smtgen.Solver, q smtgen.RaceQuery) bool {
	if q.Level == wellformed.WarpLevel {
		return true
	}
	q.SplitWarps = true
	st, err := s.RaceStatus(q)
	return err == nil && st == smtgen.Holds
}

// unconfirmed explains a witness that does not replay. Where barriers were
// erased to stay sound (an Unknown), a possible race may be spurious; where
// nothing was approximated it is a defect of this tool, never a race to show.
func unconfirmed(in Input, err error) string {
	return fmt.Sprintf("a possible race or divergence could not be confirmed by the reference semantics (%v)", err)
}

func firstAccess(t split.Trace, array string) protocol.Pos {
	for _, a := range protocol.Accesses(&protocol.Block{Stmts: t.Phase}) {
		if a.Array == array {
			return a.At
		}
	}
	return protocol.Pos{}
}

func (r *Race) key() string {
	a, b := r.Witness.Threads[0].Access.ID, r.Witness.Threads[1].Access.ID
	if a > b {
		a, b = b, a
	}
	return fmt.Sprintf("race %v %s %d %d", r.Level, r.Array, a, b)
}

func (d *Divergence) key() string { return "divergence " + d.Witness.Check.At.String() }

// finish sorts what was found and sets the verdict.
func (r *Report) finish() {
	for _, race := range r.Races {
		// A witness is symmetric in its threads: show the earlier access
		// first.
		th := &race.Witness.Threads
		if th[1].Access.At.Before(th[0].Access.At) {
			th[0], th[1] = th[1], th[0]
		}
	}
	sort.SliceStable(r.Races, func(i, j int) bool {
		a, b := r.Races[i].Witness.Threads, r.Races[j].Witness.Threads
		if a[0].Access.At != b[0].Access.At {
			return a[0].Access.At.Before(b[0].Access.At)
		}
		return a[1].Access.At.Before(b[1].Access.At)
	})
	sort.SliceStable(r.Divergences, func(i, j int) bool {
		return r.Divergences[i].Witness.Check.At.Before(r.Divergences[j].Witness.Check.At)
	})
	r.Unknowns = dedupUnknowns(r.Unknowns)
	switch {
	case len(r.Races) > 0:
		r.Verdict = Racy
	case len(r.Divergences) > 0:
		r.Verdict = Divergent
	case len(r.Unknowns) > 0:
		r.Verdict = Unknown
	case len(r.Levels) == 0:
		r.Verdict = Unchecked
	default:
		r.Verdict = DRF
	}
}

func dedupUnknowns(us []protocol.Unknown) []protocol.Unknown {
	seen := map[protocol.Unknown]bool{}
	var out []protocol.Unknown
	for _, u := range us {
		if !seen[u] {
			seen[u] = true
			out = append(out, u)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].At.Before(out[j].At) })
	return out
}

// FixParams fixes parameters of a protocol to values, as top-level
// assumptions, which the pipeline treats as preconditions and
// --dump=protocol shows. It returns, sorted, the names that are not
// parameters of f, which it leaves alone.
func FixParams(f *protocol.File, params map[string]int64) (missing []string) {
	declared := map[string]bool{}
	for _, d := range f.Decls {
		for _, id := range d.Names {
			if d.Kind == protocol.Param {
				declared[id.Name] = true
			}
		}
	}
	names := make([]string, 0, len(params))
	for n := range params {
		names = append(names, n)
	}
	sort.Strings(names)
	var pre []protocol.Stmt
	for _, name := range names {
		if !declared[name] {
			missing = append(missing, name)
			continue
		}
		pre = append(pre, &protocol.Assume{Cond: &protocol.Cmp{Op: protocol.Eq,
			X: &protocol.Var{Name: name}, Y: &protocol.IntLit{Value: params[name]}}})
	}
	f.Body = &protocol.Block{At: f.Body.At, Stmts: append(pre, f.Body.Stmts...)}
	return missing
}

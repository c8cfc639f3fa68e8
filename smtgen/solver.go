// Package smtgen turns symbolic traces into SMT formulas with the two-thread
// encoding of Cogumbreiro, Lange, Liew and Zicarelli, "Checking Data-Race
// Freedom of GPU Kernels, Compositionally" (CAV 2021, Example 2 and Section
// 5, "Quantification") and solves them with Z3 through
// github.com/aclements/go-z3.
//
// One formula is asked per trace and array: is there a pair of distinct
// threads, each at one access of the trace, with equal indices in every
// dimension and conflicting modes? The universally quantified DRF formula of
// the paper is asked in its negated, existential form, so no quantifier is
// needed: a model is a race, and it is turned into a Witness. The same
// encoding answers barrier-divergence checks and the feasibility questions
// of package wellformed.
//
// Z3 objects are freed only by finalizers and a context is not for
// concurrent use, so a Solver owns one context and one solver and is reused
// for many queries with push and pop; run one Solver per goroutine.
//
// The package is public for the types that package check's reports and
// options carry (Witness, DivergenceWitness, Launch, Encoding); its
// queries take the traces of the module's internal packages.
package smtgen

import (
	"errors"
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/aclements/go-z3/z3"

	"github.com/drfcheck/drfcheck/protocol"
	"github.com/drfcheck/drfcheck/protocol/printer"
	"github.com/drfcheck/drfcheck/protocol/wellformed"
)

// Status is the answer to a query.
type Status int

const (
	// Holds: no model, the property (DRF, no divergence) holds.
	Holds Status = iota
	// Fails: a model, that is a race or a divergence.
	Fails
	// Unknown: the solver gave up or timed out.
	Unknown
)

// Solver answers queries with one Z3 context. It is not safe for concurrent
// use.
type Solver struct {
	ctx      *z3.Context
	s        *z3.Solver
	timeout  time.Duration
	deadline time.Time // zero for none: see SetDeadline

	// Interrupting the context is only safe during a check: an interrupt
	// that arrives when no check runs stays pending and makes the next
	// call fail ("push canceled"). The timer interrupts only while checking
	// is set, and a pending interrupt is cleared by a check of spare, an
	// empty solver of the same context.
	mu       sync.Mutex
	checking bool
	fired    bool
	spare    *z3.Solver

	// kept counts the scopes of the cases (cases.go) that byCases left
	// open around a model it found, so that the model's case stays
	// asserted for the witness; dropKept closes them.
	kept int

	// enc is this solver's encoding, Ints or BitVectors; partner, when
	// set, is a solver of the other, and the two answer as a portfolio
	// (portfolio.go).
	enc     Encoding
	partner *Solver
	// intWins and bitsWins count the races of a portfolio (on queries
	// with bitwise operators) that each encoding won: preferBits
	intWins, bitsWins int
	// cancelled makes every check give up at once (Cancel).
	cancelled atomic.Bool
	defect    Defect // Break
	// tainted: a check of the query now being asked was cut (see cut).
	tainted bool
	// noQuick: decide splits a query by cases without trying it whole
	// first (run, errQuickCut)
	noQuick bool
	// stopped makes every check give up at once (Stop): the caller's
	// context is done.
	stopped atomic.Bool
}

// ErrStopped reports a query given up because its caller cancelled the
// check (check.Checker.CheckContext).
var ErrStopped = errors.New("the check was cancelled before this query was decided")

// Stop makes the checks of the solver and of its partner give up, the ones
// running now too, until Restart. Unlike Cancel, which the portfolio
// undoes once the other encoding has answered, it lasts until Restart.
func (s *Solver) Stop() {
	for _, x := range []*Solver{s, s.partner} {
		if x == nil {
			continue
		}
		x.stopped.Store(true)
		x.mu.Lock()
		if x.checking {
			x.fired = true
			x.ctx.Interrupt()
		}
		x.mu.Unlock()
	}
}

// Restart undoes Stop.
func (s *Solver) Restart() {
	s.stopped.Store(false)
	if s.partner != nil {
		s.partner.stopped.Store(false)
	}
}

// renew replaces the solver's Z3 context, and its solvers, by fresh ones
// when a cut check tainted it: what an interrupt leaves behind in a
// context must not decide the next query.
//
// A solver's first context is made the same way, when its first query
// comes (lazySolver): a Z3 context costs about 65 ms of CPU and 17 MB of
// fresh memory to make (Z3 4.8.12), and many solvers never get a query (a
// portfolio's second encoding where the first answers within its head
// start, the second job of a run with one query at a time, a file
// rejected before any check), nor does a solver after its last, cut
// query.
func (s *Solver) renew() {
	if !s.tainted && s.ctx != nil {
		return
	}
	ctx, main, spare := z3Solvers(s.timeout)
	s.mu.Lock()
	s.ctx, s.s, s.spare = ctx, main, spare
	s.mu.Unlock()
	s.kept, s.tainted = 0, false
}

// dropKept closes the scopes byCases kept open.
func (s *Solver) dropKept() {
	for ; s.kept > 0; s.kept-- {
		s.s.Pop()
	}
}

// SetDeadline makes every check after t give up at once, and every check
// before it give up at t: the total time budget of a kernel. The zero time
// removes it.
func (s *Solver) SetDeadline(t time.Time) {
	s.deadline = t
	if s.partner != nil {
		s.partner.deadline = t
	}
}

// ErrBudget reports a query cut by the deadline of its kernel.
var ErrBudget = errors.New("the kernel's time budget (--kernel-timeout) ran out")

// undecided is the reason a query stayed unknown: why, or the kernel's
// budget when that is what cut it.
func (s *Solver) undecided(why string) string {
	if s.stopped.Load() {
		return ErrStopped.Error()
	}
	if !s.deadline.IsZero() && !time.Now().Before(s.deadline) {
		return ErrBudget.Error() + ": this query was cut"
	}
	return why
}

// minimizeLimit bounds each check of a witness's minimization, which only
// makes a found race read better and must not cost what the race did.
const minimizeLimit = 2 * time.Second

// NewSolver returns a portfolio solver (NewSolverWith).
func NewSolver(timeout time.Duration) *Solver { return NewSolverWith(timeout, Portfolio) }

// NewSolverWith returns a solver of the encoding enc whose checks give up
// after timeout (0 for no limit). A Portfolio is two solvers, one per
// encoding.
func NewSolverWith(timeout time.Duration, enc Encoding) *Solver {
	if enc == Portfolio {
		s := lazySolver(timeout, Ints)
		s.partner = lazySolver(timeout, BitVectors)
		return s
	}
	return lazySolver(timeout, enc)
}

// lazySolver is a solver whose Z3 context is made by its first query
// (renew).
func lazySolver(timeout time.Duration, enc Encoding) *Solver {
	return &Solver{timeout: timeout, enc: enc}
}

// newSolver is a solver with its Z3 context made now.
func newSolver(timeout time.Duration, enc Encoding) *Solver {
	s := lazySolver(timeout, enc)
	s.renew()
	return s
}

// z3Solvers makes a Z3 context whose checks give up after timeout (0 for
// no limit), its solver and a spare one.
func z3Solvers(timeout time.Duration) (*z3.Context, *z3.Solver, *z3.Solver) {
	cfg := z3.NewContextConfig()
	if timeout > 0 {
		cfg.SetUint("timeout", uint(timeout.Milliseconds()))
	}
	ctx := z3.NewContext(cfg)
	return ctx, z3.NewSolver(ctx), z3.NewSolver(ctx)
}

// ErrTimeout reports a query the solver could not decide in time.
var ErrTimeout = errors.New("solver timeout")

// check runs the solver on what is asserted. Z3 does not always honour its
// own timeout on nonlinear queries, so a timer interrupts it too.
func (s *Solver) check() (Status, error) { return s.checkWithin(0) }

// checkWithin is check with at most limit (0: the solver's timeout) and at
// most until the deadline.
func (s *Solver) checkWithin(limit time.Duration) (Status, error) {
	return s.checkFor(limit, 0)
}

// checkOnCPU is check with at most cpu of the checking thread's CPU time
// (and the solver's timeout and the deadline, in wall time): a limit that
// the machine's load does not shorten. The quick check (cases.go) is one:
// cut in wall time, it was cut whenever the other encoding of the
// portfolio and the other parallel query shared the two cores with it,
// and a query it decides in 0.3 s then took 3 to 13 s by cases
// (bitonicSortShared1: 2 runs in 25 of 2 s took 3.6 and 13.5 s).
func (s *Solver) checkOnCPU(cpu time.Duration) (Status, error) {
	return s.checkFor(0, cpu)
}

// checkFor is check with at most limit of wall time and cpu of CPU time
// (0: no such limit).
func (s *Solver) checkFor(limit, cpu time.Duration) (Status, error) {
	wait := s.timeout
	if wait > 0 {
		wait += s.timeout / 10 // Z3's own timeout comes first when it works
	}
	if limit > 0 && (wait == 0 || limit < wait) {
		wait = limit
	}
	if s.stopped.Load() {
		return Unknown, ErrStopped
	}
	if s.cancelled.Load() {
		return Unknown, errCancelled
	}
	budget := false
	if !s.deadline.IsZero() {
		rem := time.Until(s.deadline)
		if rem <= 0 {
			return Unknown, ErrBudget
		}
		if wait == 0 || rem < wait {
			wait, budget = rem, true
		}
	}
	start := time.Now()
	sat, err := s.interruptible(wait, cpu)
	if s.cut(start, wait) || err != nil {
		s.tainted = true
	}
	if err == nil && !sat && s.tainted {
		// no "unsat" is an answer once a check of this query was cut
		// (see cut)
		err = errors.New("interrupted (an unsat after a cut check is not trusted)")
	}
	switch {
	case err != nil && s.stopped.Load():
		return Unknown, ErrStopped
	case err != nil:
		reason := err.Error()
		if budget && !time.Now().Before(s.deadline) {
			return Unknown, ErrBudget
		}
		if strings.Contains(reason, "timeout") || strings.Contains(reason, "canceled") || strings.Contains(reason, "interrupted") {
			return Unknown, fmt.Errorf("%w (%s)", ErrTimeout, reason)
		}
		return Unknown, fmt.Errorf("solver gave up: %s", reason)
	case sat:
		return Fails, nil
	}
	return Holds, nil
}

// cut reports whether a check that began at start may have been cut
// short: an interrupt (the timer of wait, the deadline, Cancel) reached it,
// or it ran as long as Z3's own timeout. Z3 (4.8.12, Debian's) answers
// "unsat" to some checks that an interrupt or its own timeout stops
// midway, and to later checks of the same context, for queries that have
// models: a differential run with 2 ms timeouts had 17 of 30 checks of one
// racy kernel answered race-free through such an "unsat". So once a check
// is cut, the solver is tainted: no "unsat" of the query is a proof (a
// model found is one, whenever it was found), and the query's end gives
// the solver a fresh Z3 context (renew).
func (s *Solver) cut(start time.Time, wait time.Duration) bool {
	s.mu.Lock()
	fired := s.fired
	s.mu.Unlock()
	spent := time.Since(start)
	return fired || s.timeout > 0 && spent >= s.timeout || wait > 0 && spent >= wait
}

// interruptible runs the check, interrupted after wait (0: never) or
// once it has used cpu of its thread's CPU time (0: no such limit).
func (s *Solver) interruptible(wait, cpu time.Duration) (bool, error) {
	// checking is set for every check, so that Cancel and Stop reach
	// one without a time limit too
	s.mu.Lock()
	s.checking, s.fired = true, false
	s.mu.Unlock()
	interrupt := func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		if s.checking {
			s.fired = true
			s.ctx.Interrupt()
		}
	}
	if wait > 0 {
		t := time.AfterFunc(wait, interrupt)
		defer t.Stop()
	}
	if cpu > 0 {
		// Z3 checks on the calling thread: keep the goroutine there, so
		// that the clock is the check's
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		defer onCPU(cpu, threadClock(), interrupt)()
	}
	sat, err := s.s.Check()
	s.mu.Lock()
	s.checking = false
	fired := s.fired
	s.mu.Unlock()
	if fired {
		// the interrupt may have come after Z3's check was over: clear it
		s.spare.Check()
	}
	return sat, err
}

// onCPU calls f once clock has advanced by limit, and returns a function
// that stops it: a timer that, when due, reads the clock and waits again
// for what is left (the thread ran less than the wall time that passed).
// Where the clock cannot be read, the limit is wall time.
func onCPU(limit time.Duration, clock func() (time.Duration, bool), f func()) (stop func()) {
	start, ok := clock()
	var mu sync.Mutex
	stopped := false
	var t *time.Timer
	var tick func()
	tick = func() {
		mu.Lock()
		defer mu.Unlock()
		if stopped {
			return
		}
		now, ok2 := clock()
		if left := limit - (now - start); ok && ok2 && left > 0 {
			t = time.AfterFunc(left, tick)
			return
		}
		f()
	}
	mu.Lock()
	t = time.AfterFunc(limit, tick)
	mu.Unlock()
	return func() {
		mu.Lock()
		defer mu.Unlock()
		stopped = true
		t.Stop()
	}
}

// scoped builds a query with build and asserts it in a fresh solver scope,
// then calls use. Z3 errors arrive as panics and are returned as errors.
func (s *Solver) scoped(env Env, build func(e *encoder), use func(e *encoder) error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			if ee, ok := r.(encodeError); ok {
				err = ee.err
			} else {
				// one line for the user: the query is unknown at its
				// position; the stack only where asked for
				err = fmt.Errorf("internal error in the SMT encoding (please report): %v", r)
				if os.Getenv("DRFCHECK_DEBUG") != "" {
					err = fmt.Errorf("%w\n%s", err, debug.Stack())
				}
			}
			s.restore()
			s.renew()
			return
		}
		s.dropKept()
		s.close()
	}()
	// a context cut by an interrupt is replaced here, before the next
	// query, or never if none comes
	s.renew()
	s.open()
	e := newEncoder(s.ctx, env, s.enc)
	e.defect = s.defect
	build(e)
	e.productLemmas()
	e.bitLemmas()
	for _, f := range e.facts {
		s.s.Assert(f)
	}
	return use(e)
}

// open starts a query's scope, and close ends it. The bit-vector
// solver is reset instead: Z3 solves a query asserted in a solver that
// was never pushed with its non-incremental tactics, which bit-blast to
// SAT, and these decide bit-vector queries many times faster than the
// incremental core (a sorting network's trace: 3.4 s against 0.1 s).
func (s *Solver) open() {
	if s.enc == BitVectors {
		s.s.Reset()
		return
	}
	s.s.Push()
}

func (s *Solver) close() {
	if s.enc == BitVectors {
		s.s.Reset()
		return
	}
	s.s.Pop()
}

// restore brings the solver back to an empty state after a Z3 error,
// clearing a pending interrupt first (it makes every call fail).
func (s *Solver) restore() {
	s.kept = 0
	defer func() { recover() }() // nothing more can be done: the next query reports its own error
	s.spare.Check()
	s.s.Reset()
}

// run is scoped with a check: use gets the solver's outcome. A query
// whose quick check was cut, which no case split could then prove in that
// context (cut), is asked again in a fresh one, split from the start:
// how loaded the machine is must not decide whether a query is proved.
func (s *Solver) run(env Env, build func(e *encoder), use func(e *encoder, st Status) error) error {
	again := false
	ask := func(e *encoder) error {
		st, err := s.refining(e, true, func() (Status, error) { return s.decide(e) })
		if errors.Is(err, errQuickCut) && !s.noQuick {
			again = true
			return nil
		}
		if err != nil {
			st = Unknown
		}
		if st == Fails {
			s.preferExact(e)
		}
		e.seal()
		return use(e, st)
	}
	if err := s.scoped(env, build, ask); err != nil || !again {
		return err
	}
	s.noQuick = true
	defer func() { s.noQuick = false }()
	return s.scoped(env, build, ask)
}

// refining runs check again while refusal refuses its model, at most
// maxRefinements times.
//
// With top, check is a whole query's decide: the facts of a refused model
// are asserted outside the scopes of the cases that found it (dropKept).
// Left inside, the next check would run with that case's value of a term
// assumed, and find every other case empty: a race in another case,
// missed. Elsewhere (a case's leaf, a witness's narrowing) no scope is
// kept, and the facts go where the check runs.
func (s *Solver) refining(e *encoder, top bool, check func() (Status, error)) (Status, error) {
	st, err := check()
	for round := 0; round < maxRefinements && err == nil && st == Fails; round++ {
		facts := refusal(e, s.s.Model())
		if len(facts) == 0 {
			break
		}
		if top {
			s.dropKept()
		}
		for _, f := range facts {
			s.s.Assert(f)
		}
		st, err = check()
	}
	return st, err
}

// maxRefinements bounds the rounds of refinement per query.
const maxRefinements = 32

// refusal checks the bitwise operators of a model against int64's: where
// the model gives x op y a value it does not have, it returns the
// operator's value at those operands (a fact, so the query keeps its
// answer once refining asserts it); none when the model is not refused. The solver then looks for a model
// where the operators agree with int64 at the operands it uses, which is
// the witness a user can trust; a query whose models all need a wrong value
// has no race.
func refusal(e *encoder, m *z3.Model) []z3.Bool {
	var facts []z3.Bool
	for _, a := range e.bitApps {
		x, y, r := modelInt(m, a.x), modelInt(m, a.y), modelInt(m, a.r)
		want, ok := bitValue(a.op, x, y)
		if !ok || r == want {
			continue
		}
		facts = append(facts, a.x.Eq(e.ilit(x)).And(a.y.Eq(e.ilit(y))).Implies(a.r.Eq(e.ilit(want))))
	}
	return facts
}

// checkRefinedWithin checks within a time limit, refining (refusal) the
// models whose bitwise operators disagree with int64's; a model still
// refused after maxRefinements rounds counts as none.
func (s *Solver) checkRefinedWithin(e *encoder, limit time.Duration) Status {
	st, _ := s.refining(e, false, func() (Status, error) { return s.checkWithin(limit) })
	if st == Fails && !bitsAgree(e, s.s.Model()) {
		return Holds
	}
	return st
}

// bitsAgree reports whether a model's bitwise operators agree with
// int64's (refusal).
func bitsAgree(e *encoder, m *z3.Model) bool {
	for _, a := range e.bitApps {
		want, ok := bitValue(a.op, modelInt(m, a.x), modelInt(m, a.y))
		if ok && modelInt(m, a.r) != want {
			return false
		}
	}
	return true
}

// bitValue is int64's x op y; ok is false where package eval fails (a
// negative shift count, a left shift by more than 62 or that overflows).
func bitValue(op protocol.BinOp, x, y int64) (int64, bool) {
	switch op {
	case protocol.BitAnd:
		return x & y, true
	case protocol.BitOr:
		return x | y, true
	case protocol.BitXor:
		return x ^ y, true
	}
	if op == protocol.Shr {
		if y < 0 {
			// tested first: Go panics on a negative shift count (a
			// model may give one; HeCBench kernels met this)
			return 0, false
		}
		return x >> y, true
	}
	if y < 0 || y > 62 {
		return 0, false
	}
	r := x << y
	return r, r>>y == x
}

// RaceResult is the answer to a RaceQuery.
type RaceResult struct {
	Status    Status
	Witnesses []*Witness // Fails: one per pair of racing accesses found
	Reason    string     // Unknown: why
}

// races is Races in the solver's own encoding.
func (s *Solver) races(q RaceQuery, max int) (*RaceResult, error) {
	res := &RaceResult{Status: Holds}
	ss := sites(q.Trace.Phase, q.Array)
	if len(ss) == 0 || !mayConflict(ss) {
		return res, nil
	}
	defer func(d time.Time) { s.deadline = d }(s.deadline)
	start := time.Now()
	for len(res.Witnesses) < max || len(res.Witnesses) == 0 {
		if first := time.Since(start); len(res.Witnesses) == 1 && first > slowRace {
			// a race that took long to find: the others are looked
			// for as long again, at least moreRaces
			s.deadline = earliest(s.deadline, time.Now().Add(maxDuration(first, moreRaces)))
		}
		var w *Witness
		var st Status
		var form *raceForm
		build := func(e *encoder) { form = e.race(q) }
		err := s.run(q.Env, build, func(e *encoder, status Status) error {
			st = status
			if status != Fails {
				return nil
			}
			m := s.smallModel(e, form.choices(e)...)
			var err error
			w, err = e.witness(m, q, form)
			return err
		})
		if err != nil {
			return nil, err
		}
		switch st {
		case Unknown:
			if len(res.Witnesses) == 0 {
				res.Status, res.Reason = Unknown, s.undecided("the solver could not decide this trace in time")
			}
			return res, nil
		case Holds:
			return res, nil
		}
		res.Status = Fails
		res.Witnesses = append(res.Witnesses, w)
		q.Exclude = append(q.Exclude[:len(q.Exclude):len(q.Exclude)], [2]int{w.Threads[0].Access.ID, w.Threads[1].Access.ID})
	}
	return res, nil
}

// A query whose first race took more than slowRace to find looks for the
// other racing pairs (a witness each) for as long again, at least
// moreRaces: Mandelbrot1 found its first race in seconds and then spent
// its kernel's whole budget (40 s) on the others. Where the first race is
// found quickly (every query of the testdata), every pair is looked for.
const (
	slowRace  = time.Second
	moreRaces = 2 * time.Second
)

func maxDuration(a, b time.Duration) time.Duration {
	if a > b {
		return a
	}
	return b
}

// earliest is the earlier of a deadline (zero for none) and t.
func earliest(deadline, t time.Time) time.Time {
	if deadline.IsZero() || t.Before(deadline) {
		return t
	}
	return deadline
}

// raceStatus is RaceStatus in the solver's own encoding.
func (s *Solver) raceStatus(q RaceQuery) (Status, error) {
	ss := sites(q.Trace.Phase, q.Array)
	if len(ss) == 0 || !mayConflict(ss) {
		return Holds, nil
	}
	var st Status
	err := s.run(q.Env, func(e *encoder) { e.race(q) }, func(_ *encoder, status Status) error {
		st = status
		return nil
	})
	return st, err
}

// smallModel looks for a model whose values are small, so that witnesses
// read like the examples a person would pick (Cogumbreiro et al. reports "r = 1 and
// N = 2"): it first makes each constant of the kernel non-negative where
// it can be, then bounds them all by the least power of two that keeps a
// model (bound), then shrinks the absolute value of each constant in
// turn, parameters first. first, if given, are shrunk before all that (a
// race's choice of accesses). Each step keeps what it found, so the result is the least in that order whichever model the solver
// found first: that depends on what the solver solved before, and solvers
// are shared by the queries of a run in whatever order they finish.
func (s *Solver) smallModel(e *encoder, first ...num) *z3.Model {
	return s.smallFrom(e, s.s.Model(), first...)
}

// smallFrom is smallModel from the model m of the solver's assertions.
func (s *Solver) smallFrom(e *encoder, m *z3.Model, first ...num) *z3.Model {
	names := e.minimizable()
	s.s.Push()
	defer s.s.Pop()
	for _, c := range first {
		if !s.least(e, &m, c, false) {
			return m
		}
	}
	// a value that is not negative reads better where there is one (a
	// size, an unsigned parameter: n = 1 rather than n = -1, which no
	// unsigned variable holds), and keeps a value converted to a 64-bit
	// unsigned type within the reference semantics' 64 bits (a negative
	// n read as size_t is n + 2^64): asked before the bounds, which a
	// value may need to pass
	for _, name := range names {
		if s.narrow(e, &m, e.ge(e.consts[name], e.lit(0))) == Unknown {
			return m
		}
	}
	switch s.bound(e, &m, names) {
	case Unknown:
		return m
	case Holds:
		// some constant must exceed every bound (an index near 2^32
		// that the race needs): bounded each on its own, the others
		// are still made small, and that one is left as it is
		if names = s.boundEach(e, &m, names); names == nil {
			return m
		}
	}
	for _, name := range names {
		if !s.least(e, &m, e.magnitude(e.consts[name]), false) {
			return m
		}
	}
	// then the values of uninterpreted functions where the formula
	// applies them (a value read from memory, d_i32(4)), alike: Z3 picks
	// them by its history too, within the ranges assumed of them. Where
	// they may all be 0 (most often: a race seldom depends on what it
	// reads), one check says so, and the loop below then asks nothing:
	// each of its facts holds in that model, so the result is the same.
	var zero []z3.Bool
	for _, a := range e.apps {
		zero = append(zero, e.eq(a, e.lit(0)))
	}
	if len(zero) > 1 && s.narrow(e, &m, zero...) == Unknown {
		return m
	}
	for _, a := range e.apps {
		if s.narrow(e, &m, e.ge(a, e.lit(0))) == Unknown || !s.least(e, &m, e.magnitude(a), true) {
			return m
		}
	}
	return m
}

// maxBoundLog bounds the bounds of smallModel: 2^20.
const maxBoundLog = 20

// bound asserts the least bound 2^k (k at most maxBoundLog) on the
// absolute value of every constant of names that keeps a model, and says
// Fails (a model within it); Holds where no such bound keeps one, Unknown
// where the solver could not decide. The least k is found by bisection,
// from the model's own (no check), each model found lowering it: bounds
// were tried 1, 2, 4, ... before, a check each, and a race between two
// warps' threads (0 and 32) took six.
func (s *Solver) bound(e *encoder, m **z3.Model, names []string) Status {
	abs := make([]num, len(names))
	for i, name := range names {
		abs[i] = e.magnitude(e.consts[name])
	}
	within := func(k int) []z3.Bool {
		var facts []z3.Bool
		for _, a := range abs {
			facts = append(facts, e.le(a, e.lit(1<<k)))
		}
		return facts
	}
	lo, hi := 0, boundLog(*m, abs) // hi: maxBoundLog+1 for none known
	for lo < hi {
		mid := lo + (hi-lo)/2
		switch s.narrow(e, m, within(mid)...) {
		case Unknown:
			return Unknown
		case Fails:
			hi = min(mid, boundLog(*m, abs))
		case Holds:
			lo = mid + 1
		}
	}
	if hi > maxBoundLog {
		return Holds
	}
	// the model satisfies the bound found: asserted without a check
	return s.narrow(e, m, within(hi)...)
}

// boundEach bounds each constant of names on its own (bound), in order,
// and returns those it bounded; nil where the solver could not decide.
func (s *Solver) boundEach(e *encoder, m **z3.Model, names []string) []string {
	bounded := []string{}
	for _, name := range names {
		switch s.bound(e, m, []string{name}) {
		case Unknown:
			return nil
		case Fails:
			bounded = append(bounded, name)
		}
	}
	return bounded
}

// boundLog is the least k with v <= 2^k for the value v of every term of
// abs in m, or maxBoundLog+1 where some value exceeds 2^maxBoundLog or
// cannot be read.
func boundLog(m *z3.Model, abs []num) int {
	k := 0
	for _, a := range abs {
		v, isLit, ok := evalInt(m, a)
		if !isLit || !ok || v < 0 || v > 1<<maxBoundLog {
			return maxBoundLog + 1
		}
		for int64(1)<<k < v {
			k++
		}
	}
	return k
}

// least shrinks c, which is not negative, to its least value by binary
// search and keeps it there, so that what is shrunk next cannot trade it
// back for its own; false if the solver could not decide. Each model found
// lowers the bound to c's value in it. zeroFirst asks for 0 first: a
// value read from memory may be anything, and is most often 0 at least,
// where a binary search down from 2^31 takes 31 checks; a constant, after
// the bounds of smallModel, is small and not 0 as often (a thread's index).
func (s *Solver) least(e *encoder, m **z3.Model, c num, zeroFirst bool) bool {
	hi := modelNum(*m, c)
	lo := int64(0)
	for lo < hi {
		mid := lo + (hi-lo)/2
		if zeroFirst && lo == 0 {
			mid = 0
		}
		switch s.narrow(e, m, e.le(c, e.lit(mid))) {
		case Unknown:
			return false
		case Fails:
			hi = mid
			if v, isLit, ok := evalInt(*m, c); isLit && ok && v >= lo && v < mid {
				hi = v
			}
		case Holds:
			lo = mid + 1
		}
	}
	s.s.Assert(e.le(c, e.lit(hi)))
	return true
}

// narrow asks whether the query still has a model with facts added: if so
// (Fails), the facts stay asserted in the minimization's scope and *m is
// the new model; otherwise nothing changes. Facts the model satisfies cost
// no check.
func (s *Solver) narrow(e *encoder, m **z3.Model, facts ...z3.Bool) Status {
	if satisfies(*m, facts) {
		for _, f := range facts {
			s.s.Assert(f)
		}
		return Fails
	}
	s.s.Push()
	for _, f := range facts {
		s.s.Assert(f)
	}
	st := s.checkRefinedWithin(e, minimizeLimit)
	if st == Fails {
		*m = s.s.Model()
	}
	s.s.Pop()
	if st == Fails {
		for _, f := range facts {
			s.s.Assert(f)
		}
	}
	return st
}

func satisfies(m *z3.Model, facts []z3.Bool) bool {
	for _, f := range facts {
		if v, ok := m.Eval(f, true).(z3.Bool).AsBool(); !ok || !v {
			return false
		}
	}
	return true
}

func modelInt(m *z3.Model, x z3.Int) int64 {
	v, _, _ := m.Eval(x, true).(z3.Int).AsInt64()
	return v
}

func modelNum(m *z3.Model, x num) int64 {
	v, _, _ := evalInt(m, x)
	return v
}

// RaceSMT returns the SMT-LIB text of the first race query of q, for
// --dump=smt.
//
// A portfolio prints the query of the encoding it asks first.
func (s *Solver) RaceSMT(q RaceQuery) (string, error) {
	if s.partner != nil && raceBits(q) {
		return s.partner.RaceSMT(q)
	}
	var text string
	err := s.scoped(q.Env, func(e *encoder) {
		if len(sites(q.Trace.Phase, q.Array)) > 0 {
			e.race(q)
		}
	}, func(*encoder) error {
		text = s.s.String()
		return nil
	})
	return text, err
}

// satisfiable is Satisfiable in the solver's own encoding.
func (s *Solver) satisfiable(env Env, q wellformed.Query) (bool, error) {
	env.Pre = q.Pre
	env.Differ = q.Differ
	sat := false
	q = prune(q)
	err := s.run(env, func(e *encoder) {
		vars := e.context(q.Pre, q.Agree, q.Binders)
		e.assert(e.cond(q.Goal, scope{thread: 1, vars: vars}))
	}, func(e *encoder, st Status) error {
		if st == Unknown {
			return ErrTimeout
		}
		sat = st == Fails
		return nil
	})
	return sat, err
}

// prune returns the question with the binders it can do without dropped
// (pruneBinders).
func prune(q wellformed.Query) wellformed.Query {
	used := protocol.FreeVars(q.Goal)
	for _, c := range q.Pre {
		addVars(used, c)
	}
	for _, x := range q.Agree {
		addVars(used, x)
	}
	for _, d := range q.Differ {
		if d.Cond != nil {
			addVars(used, d.Cond)
		}
		for _, x := range d.Exprs {
			addVars(used, x)
		}
	}
	q.Binders = pruneBinders(q.Binders, used)
	return q
}

// pruneBinders drops the binders that a question can do without: a
// binder whose variable the question (used) and the kept binders do not
// mention only says that its range is not empty, and a second binder with
// the same range says it again. Dropping it leaves an equisatisfiable
// question. Why: n nested synchronized loops "for x in 0..N" make n
// questions about n binders each, all but one of them redundant, and
// wellformed asks two such questions per loop.
func pruneBinders(binders []protocol.Binder, used map[string]bool) []protocol.Binder {
	keep := make([]bool, len(binders))
	first := map[string]int{} // range text to the outermost unused binder with it
	// Bounds mention only outer binders: from the innermost out, every
	// binder a kept one mentions is already marked used. Of the unused
	// binders with one range the outermost is kept, so that the questions
	// of sibling and nested loops come out the same (Oracle remembers).
	for i := len(binders) - 1; i >= 0; i-- {
		b := binders[i]
		if !used[b.Var] {
			key := printer.Node(b.Lo) + ".." + printer.Node(b.Hi)
			if j, ok := first[key]; ok {
				keep[j] = false
			}
			first[key] = i
		}
		keep[i] = true
		addVars(used, b.Lo)
		addVars(used, b.Hi)
	}
	var out []protocol.Binder
	for i, b := range binders {
		if keep[i] {
			out = append(out, b)
		}
	}
	return out
}

func addVars(used map[string]bool, n protocol.Node) {
	for v := range protocol.FreeVars(n) {
		used[v] = true
	}
}

// Oracle adapts the solver to wellformed.Oracle for one protocol. It
// remembers its answers: the loops of a protocol often ask the same
// question (n nested loops over 0..N ask twice whether 0..N is empty, once
// their binders are pruned), and each costs a solver call.
func (s *Solver) Oracle(env Env) wellformed.Oracle {
	return &oracle{s: s, env: env, memo: map[string]bool{}}
}

type oracle struct {
	s    *Solver
	env  Env
	memo map[string]bool
}

// oracleLimit bounds each question of package wellformed. Its questions
// only prune: one left undecided may hold, which keeps a case that could
// have gone (sound, at worst a false alarm or a divergence check more). A
// hard one held a kernel for the whole query timeout, and a kernel asks
// hundreds (the eigenvalue kernels' loops), where the answers that prune
// come in milliseconds.
const oracleLimit = 2 * time.Second

func (o *oracle) Satisfiable(q wellformed.Query) (bool, error) {
	q = prune(q)
	key := queryKey(q)
	if sat, ok := o.memo[key]; ok {
		return sat, nil
	}
	saved := o.s.deadline
	if !saved.IsZero() && !time.Now().Before(saved) {
		// past the kernel's deadline a question is not even encoded:
		// wellformed asks thousands of them on some kernels (dxtc), and
		// the encoding alone then held the kernel far past its budget
		return false, ErrBudget
	}
	if limit := time.Now().Add(oracleLimit); saved.IsZero() || limit.Before(saved) {
		o.s.SetDeadline(limit)
	}
	defer o.s.SetDeadline(saved)
	sat, err := o.s.Satisfiable(o.env, q)
	if err == nil {
		o.memo[key] = sat
	}
	return sat, err
}

// queryKey is the text of a question: equal texts, equal questions.
func queryKey(q wellformed.Query) string {
	var b strings.Builder
	for _, c := range q.Pre {
		b.WriteString(printer.Node(c) + ";")
	}
	b.WriteString("|")
	for _, x := range q.Agree {
		b.WriteString(printer.Node(x) + ";")
	}
	b.WriteString("|")
	for _, bd := range q.Binders {
		fmt.Fprintf(&b, "%s in %s..%s;", bd.Var, printer.Node(bd.Lo), printer.Node(bd.Hi))
	}
	b.WriteString("|")
	for _, d := range q.Differ {
		if d.Cond != nil {
			b.WriteString(printer.Node(d.Cond))
		}
		for _, x := range d.Exprs {
			b.WriteString("," + printer.Node(x))
		}
		b.WriteString(";")
	}
	b.WriteString("|" + printer.Node(q.Goal))
	return b.String()
}

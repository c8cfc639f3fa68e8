package smtgen

import (
	"errors"
	"strings"
	"time"

	"github.com/aclements/go-z3/z3"

	"github.com/drfcheck/drfcheck/protocol"
	"github.com/drfcheck/drfcheck/protocol/wellformed"
)

// A portfolio solver asks each question in both encodings: Ints first
// (on queries with bitwise operators or shifts by a variable, which it
// only approximates, until the races between the two say otherwise:
// preferBits) and the other after head, unless the first has answered by
// then. The
// first definitive answer (Holds or Fails) wins and the other solver is
// cancelled. Both encodings are sound (each only adds behaviours), so
// either answer can be trusted; an Unknown is kept only when both are.

// head is how long the preferred encoding runs alone: most queries take
// a few milliseconds, and a second solver on them would only cost CPU.
const head = 150 * time.Millisecond

// errCancelled reports a check given up because the other encoding of a
// portfolio answered first.
var errCancelled = errors.New("cancelled: the other encoding answered first")

// Cancel makes the solver's checks give up, the one running now too,
// until Resume.
func (s *Solver) Cancel() {
	s.cancelled.Store(true)
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.checking {
		s.fired = true
		s.ctx.Interrupt()
	}
}

// Resume undoes Cancel.
func (s *Solver) Resume() { s.cancelled.Store(false) }

// portfolio answers with f on s alone, or on s and its partner as
// described above; decided says whether an answer is definitive.
func portfolio[T any](s *Solver, bits bool, decided func(T, error) bool, f func(*Solver) (T, error)) (T, error) {
	if s.partner == nil {
		return f(s)
	}
	first, second := s, s.partner
	if bits && s.preferBits() {
		first, second = second, first
	}
	type answer struct {
		v   T
		err error
		by  *Solver
	}
	out := make(chan answer, 2)
	run := func(x *Solver) {
		v, err := f(x)
		out <- answer{v, err, x}
	}
	go run(first)
	timer := time.NewTimer(s.headFor(bits))
	defer timer.Stop()
	var a answer
	select {
	case a = <-out:
		if decided(a.v, a.err) {
			return a.v, a.err
		}
		// undecided: the other encoding may do better
		go run(second)
		b := <-out
		if decided(b.v, b.err) {
			return b.v, b.err
		}
		return a.v, a.err
	case <-timer.C:
	}
	go run(second)
	a = <-out
	other := first
	if a.by == first {
		other = second
	}
	if decided(a.v, a.err) {
		other.Cancel()
		<-out
		other.Resume()
		if bits {
			s.won(a.by)
		}
		return a.v, a.err
	}
	b := <-out
	if decided(b.v, b.err) {
		return b.v, b.err
	}
	return a.v, a.err
}

// preferBits says whether a query with bitwise operators goes to the
// bit-vector encoding first: only where, in the races the two encodings
// ran on such queries, the bit-vector one answered first more often. The
// integer encoding goes first until then: on the benchmark's
// bitwise-heavy kernels (sorting networks, the fast Walsh transform,
// md5, sha1) it answers first, deciding masks of powers of two by cases
// in milliseconds while the bit-vector one takes seconds on the products
// beside them, and its head start saved 0.3 s of bitonicSortShared's
// 1.3 s, where the bit-vector one went first until it lost twice. Which
// encoding answers never changes the answer (both are sound), only how
// soon it comes.
func (s *Solver) preferBits() bool { return s.intWins < s.bitsWins }

// won counts a race of the two encodings on a query with bitwise
// operators that by answered first.
func (s *Solver) won(by *Solver) {
	if by.enc == BitVectors {
		s.bitsWins++
	} else {
		s.intWins++
	}
}

// usesBits reports whether nodes use an operator that the integer
// encoding only approximates: a bitwise operator, or a shift by a
// non-literal amount.
func usesBits(nodes ...protocol.Node) bool {
	found := false
	for _, n := range nodes {
		if n == nil {
			continue
		}
		protocol.Inspect(n, func(n protocol.Node) bool {
			if b, ok := n.(*protocol.Binary); ok && (&encoder{}).isBitwise(b) {
				found = true
			}
			return !found
		})
	}
	return found
}

func raceBits(q RaceQuery) bool {
	nodes := []protocol.Node{&protocol.Block{Stmts: q.Trace.Phase}}
	for _, c := range q.Pre {
		nodes = append(nodes, c)
	}
	return usesBits(nodes...)
}

func decidedStatus(st Status, err error) bool { return err == nil && st != Unknown }

// decidedRaces: a race is definitive when its witnesses are exact; an
// inexact one (a bitwise operator given a value int64 does not give it)
// may be a false alarm that the other encoding refutes.
func decidedRaces(r *RaceResult, err error) bool {
	if err != nil || r == nil || r.Status == Unknown {
		return false
	}
	for _, w := range r.Witnesses {
		if !w.Exact {
			return false
		}
	}
	return true
}

// abstractBits reports whether a witness gives a bitwise operator values
// of its own (the integer encoding's), which its replay takes as given. A
// bit-vector witness has none: its replay computes every operator.
func (w *Witness) abstractBits() bool {
	for k := range w.Funcs {
		for op := protocol.BitAnd; op <= protocol.Shr; op++ {
			if strings.HasPrefix(k, BitFunc(op)+"(") {
				return true
			}
		}
	}
	return false
}

func decidedDivergence(r *DivergenceResult, err error) bool {
	return err == nil && r != nil && r.Status != Unknown
}

// Races asks q, and keeps asking with the racing pair found excluded, until
// max pairs (at least one) are found or there are no more.
//
// In a portfolio, witnesses that neither encoding confirmed (inexact ones
// of the integer encoding, where the bit-vector one did not decide in
// time) are left out, and a query left with none is unknown: such a
// witness replays only with the model's value of a bitwise operator,
// which C may not give (mergeRanksAndIndicesKernel under load: a thread
// that C keeps out of a branch, shown writing in it).
func (s *Solver) Races(q RaceQuery, max int) (*RaceResult, error) {
	r, err := portfolio(s, raceBits(q), decidedRaces, func(x *Solver) (*RaceResult, error) { return x.races(q, max) })
	if s.partner == nil || err != nil || r == nil || r.Status != Fails || decidedRaces(r, err) {
		return r, err
	}
	exact := &RaceResult{Status: Fails}
	for _, w := range r.Witnesses {
		if w.Exact || !w.abstractBits() {
			exact.Witnesses = append(exact.Witnesses, w)
		}
	}
	if len(exact.Witnesses) == 0 {
		return &RaceResult{Status: Unknown, Reason: s.undecided("the solver could not decide this trace in time (the integer encoding's race needs a bitwise operator to take a value that C does not give it, and the bit-vector encoding did not answer)")}, nil
	}
	return exact, nil
}

// RaceStatus only asks whether q has a race: no witness, no enumeration.
func (s *Solver) RaceStatus(q RaceQuery) (Status, error) {
	return portfolio(s, raceBits(q), decidedStatus, func(x *Solver) (Status, error) { return x.raceStatus(q) })
}

// Divergence asks whether two threads that env.Level compares (of one
// warp, of one block, of different blocks) can disagree at d.
func (s *Solver) Divergence(env Env, d *wellformed.Divergence) (*DivergenceResult, error) {
	nodes := []protocol.Node{}
	if d.Cond != nil {
		nodes = append(nodes, d.Cond)
	}
	for _, b := range d.Bounds {
		nodes = append(nodes, b)
	}
	if d.Trips != nil {
		nodes = append(nodes, d.Trips)
	}
	return portfolio(s, usesBits(nodes...), decidedDivergence, func(x *Solver) (*DivergenceResult, error) { return x.divergence(env, d) })
}

// Satisfiable answers a question of package wellformed under env (whose Pre
// is ignored: the query carries its own).
func (s *Solver) Satisfiable(env Env, q wellformed.Query) (bool, error) {
	type answer struct{ sat bool }
	decided := func(a answer, err error) bool { return err == nil }
	nodes := []protocol.Node{q.Goal}
	for _, c := range q.Pre {
		nodes = append(nodes, c)
	}
	a, err := portfolio(s, usesBits(nodes...), decided, func(x *Solver) (answer, error) {
		sat, err := x.satisfiable(env, q)
		return answer{sat}, err
	})
	return a.sat, err
}

// exact reports whether a model computes every operator as int64 does.
func (e *encoder) exact(m *z3.Model) bool {
	if e.bv {
		ts := e.taints
		if e.queryTaints >= 0 {
			ts = ts[:e.queryTaints]
		}
		for _, t := range ts {
			if v, ok := m.Eval(t, true).(z3.Bool).AsBool(); !ok || v {
				return false
			}
		}
		return true
	}
	return bitsAgree(e, m)
}

// preferExact looks, where a bit-vector model found a race or a
// divergence through an overflowing operation (a tainted term), for a
// model without one: that is the witness the reference semantics
// replays. Its scope stays open when there is one (kept).
func (s *Solver) preferExact(e *encoder) {
	if len(e.taints) == 0 {
		return
	}
	m := s.s.Model()
	any := or(e.ctx, e.taints...)
	if v, ok := m.Eval(any, true).(z3.Bool).AsBool(); ok && !v {
		return
	}
	s.s.Push()
	s.s.Assert(any.Not())
	if st, _ := s.checkWithin(minimizeLimit); st == Fails {
		s.kept++
		return
	}
	s.s.Pop()
	s.check() // the model of the query again
}

// Defect is a deliberately wrong rule of the bit-vector encoding, which
// the property tests of package proofs must catch (as they catch a
// defective align): a test that cannot fail proves nothing.
type Defect int

const (
	NoDefect Defect = iota
	// AndAsOr encodes & as | (the bit-vector encoding).
	AndAsOr
	// OtherAsOwn encodes the other thread's value of a pair assumption
	// (protocol.Other) as the thread's own (either encoding).
	OtherAsOwn
	// IgnoreDistinct leaves out the distinct declarations (either
	// encoding).
	IgnoreDistinct
	// RadixNoRange states the radix lemmas of the integer encoding
	// without their premise that the low parts are digits (in 0..m-1).
	RadixNoRange
)

// Break makes the solver's encoding use the defective rule d;
// only for the tests that show that the properties catch it.
func (s *Solver) Break(d Defect) {
	s.defect = d
	if s.partner != nil {
		s.partner.defect = d
	}
}

// headFor is how long the first encoding runs alone: longer where the
// integer encoding goes first on a query with bitwise operators because
// it has been answering such queries first (more wins, not a tie), since
// the bit-vector one then mostly burns the CPU and memory it shares.
func (s *Solver) headFor(bits bool) time.Duration {
	if bits && s.intWins > s.bitsWins {
		return learnedHead
	}
	return head
}

// learnedHead is headFor's longer head.
const learnedHead = time.Second

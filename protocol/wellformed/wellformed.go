// Package wellformed turns a checked protocol into well-formed protocols
// (Cogumbreiro, Lange, Liew and Zicarelli, "Checking Data-Race Freedom of
// GPU Kernels, Compositionally", CAV 2021, Definition 1 and Section 5,
// "Well-formedness"): loops and
// conditionals are tagged synchronized or not, every synchronized loop runs at
// least once, no conditional contains a barrier, and nested assumptions
// become conditionals around the accesses they guard.
//
// The paper assumes these conditions; Section 5 enforces them. So does
// Normalize:
//   - A synchronized conditional (one containing a barrier) whose condition
//     is the same for every thread is split into cases: one variant of the
//     protocol assumes the condition and takes the then branch, another
//     assumes its negation and takes the else branch.
//   - A synchronized loop whose range may be empty is checked in both cases:
//     one variant assumes it runs zero times and drops it, another assumes it
//     runs at least once. Steps other than 1 are normalized to a counter.
//   - A barrier whose reaching may depend on the thread (a synchronized
//     conditional or loop whose condition or bounds are thread-local) gives a
//     Divergence check, an SMT query whose models are two threads that
//     disagree; it is reported like a race. Checking goes on in variants
//     where the two threads agree.
//   - What cannot be split soundly (a synchronized conditional, or the
//     emptiness of a synchronized loop, that changes from one iteration of an
//     enclosing synchronized loop to the next) is reported as Unknown, and the
//     construct loses its barriers, which only adds behaviours.
//
// Barriers have scopes (protocol.Scope). Each level compares two threads
// whose closest common group is a warp, a block or the grid, and first
// erases the barriers that do not order such threads: at block level the
// warp barriers, at grid level all but grid barriers. Without grid
// barriers, the grid level has a single variant.
package wellformed

import (
	"fmt"
	"slices"

	"github.com/drfcheck/drfcheck/protocol"
)

// Level says which two threads a check compares.
type Level int

const (
	// BlockLevel compares two threads of one block, ordered by barriers.
	BlockLevel Level = iota
	// GridLevel compares two threads of different blocks, which only grid
	// barriers order.
	GridLevel
	// WarpLevel compares two threads of one warp, which barriers of every
	// scope order (Bardsley and Donaldson). It is checked apart when a protocol has warp
	// barriers; BlockLevel then compares threads of different warps.
	WarpLevel
)

func (l Level) String() string {
	switch l {
	case GridLevel:
		return "grid"
	case WarpLevel:
		return "warp"
	}
	return "block"
}

// Group is the closest common group of the two threads a level compares.
func (l Level) Group() protocol.Scope {
	switch l {
	case GridLevel:
		return protocol.ScopeGrid
	case WarpLevel:
		return protocol.ScopeWarp
	}
	return protocol.ScopeBlock
}

// Query asks whether two threads can satisfy Pre (each instantiated for both
// threads) and compute each of Agree alike, with the binders in range, while
// Goal holds for the first thread.
type Query struct {
	Pre     []protocol.Cond
	Agree   []protocol.Expr
	Differ  []Differ
	Binders []protocol.Binder
	Goal    protocol.Cond
}

// Differ says that the two threads disagree: on Cond (when set), or on
// the value of one of Exprs.
type Differ struct {
	Cond  protocol.Cond
	Exprs []protocol.Expr
}

// An Oracle decides queries; package smtgen provides one. Normalize works
// without one (nil), at the price of more variants and more unknowns.
type Oracle interface {
	Satisfiable(Query) (bool, error)
}

// Choice is an assumption that selects a variant: a condition that holds
// for both threads, or (Agree) expressions that both threads compute alike.
type Choice struct {
	At    protocol.Pos
	Cond  protocol.Cond
	Agree []protocol.Expr
	// Differ selects the variant where the two threads disagree at a
	// conditional or loop of implicit barriers only (lock-step warps),
	// which then lose them.
	Differ *Differ
	Why    string // e.g. "the loop at 3:1 runs at least once"
}

// Variant is a well-formed protocol: its statements are barrier-free
// statements, barriers, and synchronized loops (Loop.Sync set, Step nil,
// Body again a well-formed sequence), under the assumptions of Choices.
type Variant struct {
	Choices []Choice
	Body    []protocol.Stmt
}

// Pre returns the conditions of the variant's choices.
func (v *Variant) Pre() []protocol.Cond { return choiceConds(v.Choices) }

// Agree returns the expressions the variant's choices say both threads
// compute alike.
func (v *Variant) Agree() []protocol.Expr { return choiceAgree(v.Choices) }

// Differ returns the disagreements the variant's choices select.
func (v *Variant) Differ() []Differ { return choiceDiffer(v.Choices) }

// Divergence asks whether two threads of a block can disagree at a
// synchronized conditional or loop: for a conditional, whether Cond can hold
// for one thread and not the other; for a loop, whether one of Bounds can
// differ between them. Pre holds for both threads, they compute Agree alike,
// and the binders are the enclosing synchronized loops.
type Divergence struct {
	At      protocol.Pos
	Loop    bool
	Pre     []protocol.Cond
	Agree   []protocol.Expr
	Binders []protocol.Binder
	Cond    protocol.Cond
	Bounds  []protocol.Expr
	// Trips, when set, is the loop's number of iterations: the threads
	// disagree when it differs, whatever their bounds.
	Trips protocol.Expr
}

// Program is the result of Normalize.
type Program struct {
	Info        *protocol.Info
	Level       Level
	Pre         []protocol.Cond // the top-level assumptions
	Variants    []*Variant
	Divergences []*Divergence
	Unknowns    []protocol.Unknown
}

// Normalize makes the well-formed variants of a checked file at the given
// level, asking oracle (which may be nil) to prune infeasible cases.
func Normalize(f *protocol.File, info *protocol.Info, level Level, oracle Oracle) *Program {
	p := newPreparer(info)
	sts := projectSyncs(f.Body.Stmts, level.Group())
	if level == GridLevel {
		sts = blockAtomicsAsWrites(sts)
	}
	body := p.stmts(sts, loopCtx{})
	pre, rest := splitPre(body)
	rest = guardAccesses(specialize(pre, rest, info), nil)
	prog := &Program{Info: info, Level: level, Pre: pre}
	if level == GridLevel && !protocol.HasSync(&protocol.Block{Stmts: rest}) {
		prog.Variants = []*Variant{{Body: rest}}
		return prog
	}
	n := &normalizer{prog: prog, oracle: oracle, names: p}
	for _, a := range n.seq(rest, ctx{pre: pre}) {
		prog.Variants = append(prog.Variants, &Variant{Choices: a.choices, Body: a.stmts})
	}
	return prog
}

type normalizer struct {
	prog   *Program
	oracle Oracle
	names  *preparer
	splits int // loops split so far (splitAt)
}

// ctx is what is known at a point of the protocol.
type ctx struct {
	pre     []protocol.Cond
	agree   []protocol.Expr
	differ  []Differ
	binders []protocol.Binder
}

func (c ctx) assume(cs ...protocol.Cond) ctx {
	c.pre = append(c.pre[:len(c.pre):len(c.pre)], cs...)
	return c
}

func (c ctx) choose(chs []Choice) ctx {
	c = c.assume(choiceConds(chs)...)
	c.agree = append(c.agree[:len(c.agree):len(c.agree)], choiceAgree(chs)...)
	c.differ = append(c.differ[:len(c.differ):len(c.differ)], choiceDiffer(chs)...)
	return c
}

func (c ctx) bind(b protocol.Binder) ctx {
	c.binders = append(c.binders[:len(c.binders):len(c.binders)], b)
	return c
}

// boundIn reports whether n mentions the variable of an enclosing
// synchronized loop.
func (c ctx) boundIn(n protocol.Node) bool {
	free := protocol.FreeVars(n)
	for _, b := range c.binders {
		if free[b.Var] {
			return true
		}
	}
	return false
}

// alt is one alternative for a sequence of statements.
type alt struct {
	choices []Choice
	stmts   []protocol.Stmt
}

func (n *normalizer) sat(c ctx, goal protocol.Cond) bool {
	if n.oracle == nil {
		return true
	}
	ok, err := n.oracle.Satisfiable(Query{Pre: c.pre, Agree: c.agree, Differ: c.differ, Binders: c.binders, Goal: goal})
	return ok || err != nil // an undecided query may hold
}

func (n *normalizer) unknown(at protocol.Pos, format string, args ...any) {
	n.prog.Unknowns = append(n.prog.Unknowns, protocol.Unknown{At: at, Reason: fmt.Sprintf(format, args...)})
}

// seq normalizes a sequence of statements into its alternatives.
func (n *normalizer) seq(sts []protocol.Stmt, c ctx) []alt {
	alts := []alt{{}}
	for _, s := range sts {
		if !protocol.HasSync(s) {
			for i := range alts {
				alts[i].stmts = append(alts[i].stmts[:len(alts[i].stmts):len(alts[i].stmts)], s)
			}
			continue
		}
		var next []alt
		for _, a := range alts {
			for _, b := range n.stmt(s, c.choose(a.choices)) {
				next = append(next, alt{
					choices: append(a.choices[:len(a.choices):len(a.choices)], b.choices...),
					stmts:   append(a.stmts[:len(a.stmts):len(a.stmts)], b.stmts...),
				})
			}
		}
		alts = next
	}
	return alts
}

func choiceConds(cs []Choice) []protocol.Cond {
	var out []protocol.Cond
	for _, c := range cs {
		if c.Cond != nil {
			out = append(out, c.Cond)
		}
	}
	return out
}

func choiceDiffer(cs []Choice) []Differ {
	var out []Differ
	for _, c := range cs {
		if c.Differ != nil {
			out = append(out, *c.Differ)
		}
	}
	return out
}

func choiceAgree(cs []Choice) []protocol.Expr {
	var out []protocol.Expr
	for _, c := range cs {
		out = append(out, c.Agree...)
	}
	return out
}

// stmt normalizes a statement that contains a barrier.
func (n *normalizer) stmt(s protocol.Stmt, c ctx) []alt {
	switch s := s.(type) {
	case *protocol.Block:
		return n.seq(s.Stmts, c)
	case *protocol.If:
		return n.cond(s, c)
	case *protocol.Loop:
		return n.loop(s, c)
	}
	return []alt{{stmts: []protocol.Stmt{s}}}
}

func (n *normalizer) cond(s *protocol.If, c ctx) []alt {
	implicit := protocol.OnlyImplicit(s)
	if implicit && c.boundIn(s.Cond) {
		// lock-step resynchronizations that some iterations of an
		// enclosing synchronized loop make and others not: losing them
		// only adds behaviours
		return []alt{{stmts: []protocol.Stmt{eraseSync(s)}}}
	}
	var alts []alt
	if n.prog.Info.ThreadLocal(s.Cond, n.prog.Level == GridLevel) {
		if implicit {
			// lock-step: threads that disagree run the branches without
			// the resynchronizations of either
			d := &Differ{Cond: s.Cond}
			if n.sat(c.choose([]Choice{{Differ: d}}), &protocol.BoolLit{Value: true}) {
				alts = append(alts, alt{choices: []Choice{{At: s.At, Differ: d, Why: fmt.Sprintf("the threads disagree at the conditional at %s", s.At)}},
					stmts: []protocol.Stmt{eraseSync(s)}})
			}
		} else {
			n.prog.Divergences = append(n.prog.Divergences, &Divergence{At: s.At, Pre: c.pre, Agree: c.agree, Binders: c.binders, Cond: s.Cond})
		}
	}
	neg := &protocol.Not{At: s.Cond.Pos(), X: s.Cond}
	canThen, canElse := n.sat(c, s.Cond), n.sat(c, neg)
	if canThen && canElse && c.boundIn(s.Cond) {
		n.unknown(s.At, "the barrier under this conditional is reached in some iterations of the enclosing synchronized loop and not in others; its barriers are ignored")
		return []alt{{stmts: []protocol.Stmt{eraseSync(s)}}}
	}
	branch := func(b *protocol.Block, cond protocol.Cond, why string) {
		var choices []Choice
		inner := c
		if canThen && canElse {
			choices = []Choice{{At: s.At, Cond: cond, Why: why}}
			inner = c.assume(cond)
		}
		var sts []protocol.Stmt
		if b != nil {
			sts = b.Stmts
		}
		for _, a := range n.seq(sts, inner) {
			alts = append(alts, alt{choices: append(choices, a.choices...), stmts: a.stmts})
		}
	}
	if canThen {
		branch(s.Then, s.Cond, fmt.Sprintf("the condition at %s holds", s.At))
	}
	if canElse {
		branch(s.Else, neg, fmt.Sprintf("the condition at %s does not hold", s.At))
	}
	return alts
}

func (n *normalizer) loop(s *protocol.Loop, c ctx) []alt {
	bounds := []protocol.Expr{s.Lo, s.Hi}
	if s.Step != nil {
		bounds = append(bounds, s.Step)
	}
	local := slices.ContainsFunc(bounds, func(b protocol.Expr) bool { return n.prog.Info.ThreadLocal(b, n.prog.Level == GridLevel) })
	outer := slices.ContainsFunc(bounds, func(b protocol.Expr) bool { return c.boundIn(b) })
	if !local && !outer {
		return n.uniformLoop(s, c)
	}
	// Threads reach the same barriers of the loop iff they run it the same
	// number of times, whatever its variable's values: compare the trip
	// counts (for pos = tid; pos < n; pos += blockDim.x), not the bounds.
	// The trip count may also be one for every iteration of an enclosing
	// loop whose variable the bounds move (base + tid .. base + n).
	what, cmp, loop := "bounds", bounds, s
	var trips protocol.Expr
	if l, ok := n.counted(s, c); ok {
		what, cmp, loop, trips = "number of iterations", []protocol.Expr{l.Hi}, l, l.Hi
		local = n.prog.Info.ThreadLocal(trips, n.prog.Level == GridLevel)
		outer = c.boundIn(trips)
	}
	var differ []alt
	if protocol.OnlyImplicit(s) {
		// lock-step: threads that disagree run the loop without its
		// resynchronizations (which only adds behaviours: those of
		// the iterations both run are lost)
		d := &Differ{Exprs: cmp}
		if !local || !n.sat(c.choose([]Choice{{Differ: d}}), &protocol.BoolLit{Value: true}) {
			if outer && !local {
				// resynchronizations in a loop whose trip count changes
				// with an enclosing synchronized loop: losing them only
				// adds behaviours
				return []alt{{stmts: []protocol.Stmt{eraseSync(s)}}}
			}
			// the two threads run it alike in every iteration of the
			// enclosing loops: no variant to choose
			return n.uniformLoop(loop, c)
		}
		if outer {
			// a choice cannot name the variables of enclosing loops
			return []alt{{stmts: []protocol.Stmt{eraseSync(s)}}}
		}
		differ = append(differ, alt{choices: []Choice{{At: s.At, Differ: d, Why: fmt.Sprintf("the threads disagree on the %s of the loop at %s", what, s.At)}},
			stmts: []protocol.Stmt{eraseSync(s)}})
	} else if !local {
		return n.uniformLoop(loop, c)
	} else {
		n.prog.Divergences = append(n.prog.Divergences, &Divergence{At: s.At, Loop: true, Pre: c.pre, Agree: c.agree, Binders: c.binders, Bounds: bounds, Trips: trips})
	}
	// Go on checking races where the two threads run the same
	// iterations, as for a conditional both threads take alike.
	agree := []Choice{{At: s.At, Agree: cmp, Why: fmt.Sprintf("the threads agree on the %s of the loop at %s", what, s.At)}}
	alts := n.uniformLoop(loop, c.choose(agree))
	for i := range alts {
		alts[i].choices = append(agree[:1:1], alts[i].choices...)
	}
	return append(differ, alts...)
}

// counted rewrites a loop as one over its iteration count k, in
// 0..(lo < hi ? (hi - lo + step - 1) / step : 0), with lo + k*step in place
// of its variable. It fails when the step may not be positive.
func (n *normalizer) counted(s *protocol.Loop, c ctx) (*protocol.Loop, bool) {
	step := s.Step
	if step == nil {
		step = &protocol.IntLit{At: s.At, Value: 1}
	}
	if !n.positive(step, c) {
		return nil, false
	}
	at := s.At
	k := n.names.fresh(s.Var + "_iter")
	kv := &protocol.Var{At: at, Name: k}
	value := protocol.Sum(at, s.Lo, &protocol.Binary{At: at, Op: protocol.Mul, X: kv, Y: step})
	span := protocol.LinearDiff(at, s.Hi, s.Lo)
	zero := &protocol.IntLit{At: at, Value: 0}
	count := span
	if !isLit(step, 1) {
		count = &protocol.Binary{At: at, Op: protocol.Div, X: protocol.LinearDiff(at, protocol.Sum(at, span, step), &protocol.IntLit{At: at, Value: 1}), Y: step}
	}
	trips := &protocol.Ite{At: at, Cond: &protocol.Cmp{At: at, Op: protocol.Lt, X: zero, Y: span}, Then: count, Else: zero}
	body := protocol.Subst{s.Var: value}.Block(s.Body)
	return &protocol.Loop{At: at, Var: k, Lo: &protocol.IntLit{At: at, Value: 0}, Hi: trips, Body: body, Sync: s.Sync}, true
}

// positive reports whether a step is positive for every thread.
func (n *normalizer) positive(step protocol.Expr, c ctx) bool {
	if lit, ok := step.(*protocol.IntLit); ok {
		return lit.Value > 0
	}
	return !n.sat(c, &protocol.Cmp{At: step.Pos(), Op: protocol.Le, X: step, Y: &protocol.IntLit{Value: 0}})
}

// uniformLoop normalizes a synchronized loop whose bounds both threads
// compute alike.
func (n *normalizer) uniformLoop(s *protocol.Loop, c ctx) []alt {
	l, ok := n.unitStep(s, c)
	if !ok {
		if !protocol.OnlyImplicit(s) {
			n.unknown(s.At, "the step of this synchronized loop may be zero or negative; its barriers are ignored")
		}
		return []alt{{stmts: []protocol.Stmt{eraseSync(s)}}}
	}
	if n.once(l, c) {
		// a loop that runs once is its body: no binder for the choices
		// inside it to name (for pos = tid; pos < n; pos += blockDim.x
		// with n == blockDim.x)
		return n.seq(protocol.Subst{l.Var: l.Lo}.Block(l.Body).Stmts, c)
	}
	if parts, ok := n.splitAt(l, c); ok {
		return n.seq(parts, c)
	}
	// With a positive step the loop runs iff lo < hi, whether or not its
	// step was normalized: the user's bounds read best.
	empty := &protocol.Cmp{At: s.At, Op: protocol.Ge, X: s.Lo, Y: s.Hi}
	runs := &protocol.Cmp{At: s.At, Op: protocol.Lt, X: s.Lo, Y: s.Hi}
	canSkip, canRun := n.sat(c, empty), n.sat(c, runs)
	if canSkip && canRun && c.boundIn(runs) {
		if !protocol.OnlyImplicit(s) {
			n.unknown(s.At, "this synchronized loop runs zero times in some iterations of the enclosing synchronized loop and not in others; its barriers are ignored")
		}
		return []alt{{stmts: []protocol.Stmt{eraseSync(s)}}}
	}
	both := canSkip && canRun
	var alts []alt
	if canSkip {
		a := alt{}
		if both {
			a.choices = []Choice{{At: s.At, Cond: empty, Why: fmt.Sprintf("the loop at %s runs zero times", s.At)}}
		}
		alts = append(alts, a)
	}
	if canRun {
		var choices []Choice
		inner := c
		if both {
			choices = []Choice{{At: s.At, Cond: runs, Why: fmt.Sprintf("the loop at %s runs at least once", s.At)}}
			inner = c.assume(runs)
		}
		inner = inner.bind(protocol.Binder{Var: l.Var, Lo: l.Lo, Hi: l.Hi})
		for _, a := range n.seq(l.Body.Stmts, inner) {
			body := &protocol.Block{At: l.Body.At, Stmts: a.stmts}
			// The body may have lost its barriers to an unknown (eraseSync):
			// then the loop is an unsynchronized one.
			loop := &protocol.Loop{At: l.At, Var: l.Var, Lo: l.Lo, Hi: l.Hi, Body: body, Sync: protocol.HasSync(body)}
			alts = append(alts, alt{choices: append(choices, a.choices...), stmts: []protocol.Stmt{loop}})
		}
	}
	return alts
}

// once reports whether a loop of unit step surely runs exactly once.
func (n *normalizer) once(l *protocol.Loop, c ctx) bool {
	if n.oracle == nil {
		return false
	}
	span := protocol.LinearDiff(l.At, l.Hi, l.Lo)
	return !n.sat(c, &protocol.Cmp{At: l.At, Op: protocol.Ne, X: span, Y: &protocol.IntLit{At: l.At, Value: 1}})
}

// unitStep rewrites a synchronized loop with a step other than 1 as a loop
// over an iteration counter k in 0..(hi-lo+step-1)/step, with lo + k*step in
// place of the loop variable: aligning peels "the first iteration" and shifts
// by one, which needs consecutive values. It fails when the step may not be
// positive.
func (n *normalizer) unitStep(s *protocol.Loop, c ctx) (*protocol.Loop, bool) {
	if s.Step == nil || isLit(s.Step, 1) {
		return s, true
	}
	if lit, ok := s.Step.(*protocol.IntLit); ok && lit.Value <= 0 {
		return nil, false
	}
	if !n.positive(s.Step, c) {
		return nil, false
	}
	k := n.names.fresh(s.Var + "_iter")
	at := s.At
	kv := &protocol.Var{At: at, Name: k}
	value := protocol.Sum(at, s.Lo, &protocol.Binary{At: at, Op: protocol.Mul, X: kv, Y: s.Step})
	one := &protocol.IntLit{At: at, Value: 1}
	count := &protocol.Binary{At: at, Op: protocol.Div,
		X: protocol.Diff(at, protocol.Sum(at, protocol.Diff(at, s.Hi, s.Lo), s.Step), one),
		Y: s.Step}
	body := protocol.Subst{s.Var: value}.Block(s.Body)
	return &protocol.Loop{At: at, Var: k, Lo: &protocol.IntLit{At: at, Value: 0}, Hi: count, Body: body, Sync: true}, true
}

func isLit(e protocol.Expr, v int64) bool {
	l, ok := e.(*protocol.IntLit)
	return ok && l.Value == v
}

// projectSyncs keeps the barriers that order two threads whose closest
// common group is g and erases the others, which do not order them.
func projectSyncs(sts []protocol.Stmt, g protocol.Scope) []protocol.Stmt {
	return filterSyncs(sts, func(s *protocol.Sync) bool { return s.Scope.Orders(g) })
}

// filterSyncs keeps the barriers for which keep holds and erases the others;
// a loop keeps its Sync mark only if it still has a barrier.
func filterSyncs(sts []protocol.Stmt, keep func(*protocol.Sync) bool) []protocol.Stmt {
	var out []protocol.Stmt
	for _, s := range sts {
		if b, ok := s.(*protocol.Sync); ok {
			if keep(b) {
				out = append(out, b)
			}
			continue
		}
		out = append(out, filterSync(s, keep))
	}
	return out
}

func eraseSync(s protocol.Stmt) protocol.Stmt {
	return filterSync(s, func(*protocol.Sync) bool { return false })
}

func filterSync(s protocol.Stmt, keep func(*protocol.Sync) bool) protocol.Stmt {
	switch s := s.(type) {
	case *protocol.Loop:
		l := *s
		l.Body = filterBlock(s.Body, keep)
		l.Sync = l.Sync && protocol.HasSync(l.Body)
		return &l
	case *protocol.If:
		return &protocol.If{At: s.At, Cond: s.Cond, Then: filterBlock(s.Then, keep), Else: filterBlock(s.Else, keep)}
	case *protocol.Block:
		return filterBlock(s, keep)
	}
	return s
}

func filterBlock(b *protocol.Block, keep func(*protocol.Sync) bool) *protocol.Block {
	if b == nil {
		return nil
	}
	return &protocol.Block{At: b.At, Stmts: filterSyncs(b.Stmts, keep)}
}

// LockStep models the threads of a warp running in lock-step (Bardsley and Donaldson,
// Definition 2.2 and the re-sync method of Section 3.1): after each
// access, two threads of one warp that both made it are ordered. It puts an
// implicit warp barrier after every access; Normalize then drops, in the
// variants where the two threads disagree at a conditional or loop that has
// only implicit barriers, the barriers of that construct, since the access
// resynchronizes them only when both make it. It is meant for WarpLevel.
func LockStep(f *protocol.File, info *protocol.Info) *protocol.File {
	out := *f
	local := func(c protocol.Cond) bool { return info.ThreadLocal(c, false) }
	out.Body = &protocol.Block{At: f.Body.At, Stmts: lockStepStmts(f.Body.Stmts, true, local)}
	return &out
}

// lockStepStmts adds the implicit barriers to a block (top: the protocol's
// body, whose assumptions are preconditions). A nested assumption that
// two threads may disagree on (local) mutes the accesses after it in its
// block for a thread that fails it, as a conditional around them does:
// with no barrier after it, it becomes that conditional, so that
// Normalize drops the implicit barriers where two threads of a warp
// disagree on it, as it does at a conditional.
func lockStepStmts(sts []protocol.Stmt, top bool, local func(protocol.Cond) bool) []protocol.Stmt {
	var out []protocol.Stmt
	for i, s := range sts {
		rest := sts[i+1:]
		if a, ok := s.(*protocol.Assume); ok && !top && len(rest) > 0 && local(a.Cond) && !protocol.HasSync(&protocol.Block{Stmts: rest}) {
			then := &protocol.Block{At: a.At, Stmts: lockStepStmts(rest, false, local)}
			return append(out, &protocol.If{At: a.At, Cond: a.Cond, Then: then})
		}
		switch s := s.(type) {
		case *protocol.Access:
			out = append(out, s, &protocol.Sync{At: s.At, Scope: protocol.ScopeWarp, Implicit: true})
		case *protocol.Loop:
			l := *s
			l.Body = lockStepBlock(s.Body, local)
			out = append(out, &l)
		case *protocol.If:
			out = append(out, &protocol.If{At: s.At, Cond: s.Cond, Then: lockStepBlock(s.Then, local), Else: lockStepBlock(s.Else, local)})
		case *protocol.Block:
			out = append(out, lockStepBlock(s, local))
		default:
			out = append(out, s)
		}
	}
	return out
}

func lockStepBlock(b *protocol.Block, local func(protocol.Cond) bool) *protocol.Block {
	if b == nil {
		return nil
	}
	return &protocol.Block{At: b.At, Stmts: lockStepStmts(b.Stmts, false, local)}
}

// blockAtomicsAsWrites makes every atomic of block scope a write, for the
// grid level: two threads of different blocks are not atomic to each other
// there (protocol.Access.ModeIn), so such an atomic races with any access
// of another block, atomics included. The access keeps BlockScope, so that
// a report can say why an atomic is a write.
func blockAtomicsAsWrites(sts []protocol.Stmt) []protocol.Stmt {
	if !slices.ContainsFunc(protocol.Accesses(&protocol.Block{Stmts: sts}), func(a *protocol.Access) bool {
		return a.ModeIn(protocol.ScopeGrid) != a.Mode
	}) {
		return sts
	}
	out := make([]protocol.Stmt, len(sts))
	for i, s := range sts {
		out[i] = blockAtomicAsWrite(s)
	}
	return out
}

func blockAtomicAsWrite(s protocol.Stmt) protocol.Stmt {
	block := func(b *protocol.Block) *protocol.Block {
		if b == nil {
			return nil
		}
		return &protocol.Block{At: b.At, Stmts: blockAtomicsAsWrites(b.Stmts)}
	}
	switch s := s.(type) {
	case *protocol.Access:
		if m := s.ModeIn(protocol.ScopeGrid); m != s.Mode {
			a := *s
			a.Mode = m
			return &a
		}
	case *protocol.Loop:
		l := *s
		l.Body = block(s.Body)
		return &l
	case *protocol.If:
		return &protocol.If{At: s.At, Cond: s.Cond, Then: block(s.Then), Else: block(s.Else)}
	case *protocol.Block:
		return block(s)
	}
	return s
}

package symexec

import (
	"fmt"
	"slices"
	"strings"

	"github.com/drfcheck/drfcheck/internal/infer/ir"
	"github.com/drfcheck/drfcheck/protocol"
)

// Loops (Cogumbreiro et al., Section 5: "Whenever possible loops are transformed to
// loops with a stride of 1 following ideas from loop normalization [...].
// We approximate whiles as a structured loop with an unknown upper
// bound.").
//
// A loop is first run in trial mode, with the variables it modifies given
// fresh values at its head, until the set of modified variables and their
// locality no longer change; what a trial run emits is thrown away. The
// loop is then emitted once:
//   - a for loop whose variable changes only in its post statement by an
//     additive step, compared with a bound that the body does not change,
//     becomes a protocol loop over the same values (a decreasing one, when
//     it synchronizes, becomes a counter k and the variable hi - k*step,
//     since consecutive iterations must stay consecutive);
//   - a multiplicative one (i *= 2, i >>= 1, ...) becomes, without
//     barriers, a loop over the whole range (more iterations: sound), and,
//     with barriers, a counter k in 0..K with the variable an uninterpreted
//     f(k) assumed in range: never more iterations than the kernel runs
//     between two barriers, so no race hides behind a merged phase;
//   - any other loop runs for k in 0..K with K unknown, the variables it
//     modifies unknown at each iteration, and the condition assumed at its
//     head.
// A variable modified in a loop is, at the head of an iteration, a fresh
// local when it may differ between threads, else an uninterpreted function
// of the enclosing uniform loop variables. Variables that every iteration
// moves by the same step (integers, and the byte offsets of pointers) are
// induction variables, whose value at an iteration is known exactly.

// loopSyntax is an IR loop with its loop variable: the variable its post
// statement assigns, when that is all the post statement does.
type loopSyntax struct {
	*ir.Loop
	v *ir.Var
	// covered is what covers reads in every iteration (forward.go): what
	// covers them before the loop if the loop has no barrier, else nothing
	covered []cover
}

func (l loopSyntax) do() bool { return l.Kind == ir.DoWhile }

// varName is the C name of the loop variable.
func (l loopSyntax) varName() string {
	if l.v == nil {
		return ""
	}
	return l.v.CName
}

func (x *exec) loopStmt(n *ir.Loop) exits {
	l := loopSyntax{Loop: n}
	if len(n.Post.Stmts) == 1 {
		if a, ok := n.Post.Stmts[0].(*ir.Assign); ok && a.Dst.T.IsInt() {
			l.v = a.Dst
		}
	}
	x.block(n.Init)
	if iv, ok := x.env[l.v].(intVal); ok && l.v != nil && unsigned(l.v.T) {
		// the loop's values start from C's value: they are the protocol
		// loop's range
		x.env[l.v] = intVal{x.unsignedValue(n.At, iv.e, l.v.T)}
	}
	// what the loop forgets of memory is forgotten after its initial
	// statement, whose stores are not those of every iteration's head
	return x.forLoop(n, func() exits { return x.loop(l) })
}

// freshSince reports whether a name was made since a mark of the names.
func (x *exec) freshSince(mark int) func(string) bool {
	return func(name string) bool {
		for _, n := range x.k.names.log[mark:] {
			if n == name {
				return true
			}
		}
		return false
	}
}

// trialNames returns a test for whether a node mentions a name given since
// the mark.
func (x *exec) trialNames(mark int) func(protocol.Node) bool {
	names := map[string]bool{}
	for _, n := range x.k.names.log[mark:] {
		names[n] = true
	}
	return func(n protocol.Node) bool {
		switch n.(type) {
		case protocol.Expr, protocol.Cond:
			// no binders inside: every name is free
			found := false
			walk(n, func(m protocol.Node) bool {
				switch m := m.(type) {
				case *protocol.Var:
					found = found || names[m.Name]
				case *protocol.Call:
					found = found || names[m.Func]
				}
				return !found
			})
			return found
		}
		for v := range protocol.FreeVars(n) {
			if names[v] {
				return true
			}
		}
		return false
	}
}

// carried describes the variables a loop modifies.
type carried struct {
	keys    map[*ir.Var]bool
	local   map[*ir.Var]bool
	block   map[*ir.Var]bool
	control bool // the loop's condition or bounds differ between threads
	// steps holds the induction variables: those that every iteration
	// moves by the same step, so that their value at an iteration is
	// known exactly.
	steps map[*ir.Var]protocol.Expr
	// ratios holds the variables that every iteration multiplies by the
	// same constant (offset *= 2): in a loop over powers of two by that
	// factor, their value at an iteration is known exactly (power.go).
	ratios map[*ir.Var]int64
	// scales holds the variables that every iteration multiplies or
	// divides by the same constant: in a table loop (table.go) their
	// value at an iteration and after the loop is known exactly.
	scales map[*ir.Var]scale
	// perms holds the variables that every iteration sets to the value
	// another carried variable had at its head (a swap of ping-pong
	// buffers: tmp = src; src = dst; dst = tmp), when those form cycles:
	// k takes, at iteration n, the entry value of perms^n(k).
	perms map[*ir.Var]*ir.Var
	// cycles holds the variables that go through a finite sequence of
	// states, from constants, each iteration's a function of the
	// previous one's (cyclesOf): their values at every iteration.
	cycles map[*ir.Var]states
	// counter holds the variables whose every value, on entry and at the
	// end of every iteration, was handed out by one atomic counter (its
	// key): their value at the head of an iteration is one of those too.
	counter map[*ir.Var]string
	// cells are the cells of memory the thread remembered on entry that
	// the loop writes, with their steps where they are induction cells
	cells []loopCell
}

// scale is a constant factor by which a variable moves each iteration,
// multiplying, or dividing when div.
type scale struct {
	r   int64
	div bool
}

// iterRun is one iteration of a loop as run by runIteration.
type iterRun struct {
	cond    protocol.Cond   // the condition at the head (for and while loops)
	condSts []protocol.Stmt // accesses made evaluating it
	condEnv env             // the environment after evaluating it
	bodySts []protocol.Stmt // the body and the post statement
	body    exits           // the body's exits
	preInc  env             // the environment at the end of the body, before the post statement
	end     env             // the environment at the end of the iteration
	head    env             // the environment at the head
}

// runCond runs the test of a loop and returns its condition.
func (x *exec) runCond(l loopSyntax) protocol.Cond {
	x.block(l.Test)
	if l.Cond == nil {
		return boolLit(l.At, true)
	}
	return x.cond(l.Cond)
}

// runIteration runs the condition, body and post statement of one
// iteration in the current environment.
func (x *exec) runIteration(l loopSyntax) iterRun {
	return x.runIterationNarrowing(l, nil)
}

// runIterationNarrowing is runIteration where the values of the
// variables at the head are names for which fresh reports true (a trial
// iteration's): the condition, which holds in the body and the post
// statement of a for or while loop, narrows their ranges there, so that
// a narrow counter stepped within its type's range (short ib; ib < 84;
// ib += blockDim.x) is seen to step exactly.
func (x *exec) runIterationNarrowing(l loopSyntax, fresh func(string) bool) iterRun {
	var r iterRun
	at := l.At
	x.covered = l.covered
	r.head = x.env.clone()
	r.cond = boolLit(at, true)
	if !l.do() {
		r.condSts = x.into(func() { r.cond = x.runCond(l) })
		if fresh != nil {
			x.narrowFresh(r.cond, fresh)
		}
	}
	r.condEnv = x.env.clone()
	r.bodySts = x.into(func() {
		r.body = x.block(l.Body)
		reach := x.rejoin(at, r.body.fall, r.body.cont)
		r.preInc = x.env.clone()
		if isFalse(reach) {
			return
		}
		rest := x.into(func() {
			x.block(l.Post)
			if l.do() {
				r.cond = x.runCond(l)
			}
		})
		x.guarded(at, reach, rest)
	})
	r.end = x.env
	return r
}

// trial runs f and throws away what it emits, reports and names.
func (x *exec) trial(f func()) {
	m := x.k.mark()
	savedSink, savedOut, savedEnv, savedLoops, savedCovered, savedFound := x.sink, x.out, x.env, x.loops, x.covered, x.found
	var discard []protocol.Stmt
	x.sink, x.out = &sink{}, &discard
	x.trials++
	defer func() {
		x.sink, x.out, x.env, x.loops, x.covered, x.found = savedSink, savedOut, savedEnv, savedLoops, savedCovered, savedFound
		x.k.rollback(m)
		x.trials--
	}()
	f()
}

// headEnv returns the environment at the head of an iteration: the entry
// environment with fresh values for the carried variables. When count
// (the number of iterations before the current one) is given, the
// induction variables get their exact values.
func (x *exec) headEnv(at protocol.Pos, entry env, c carried, skip *ir.Var, count protocol.Expr, pw *powerHead) env {
	h := entry.clone()
	for _, k := range sortedVars(c.keys) {
		if k == skip {
			continue
		}
		v, ok := h[k]
		if !ok {
			continue
		}
		if s, ok := c.steps[k]; ok && count != nil {
			if iv, ok := v.(intVal); ok {
				// a signed variable does not overflow, an unsigned one
				// wraps where its value is seen
				h[k] = intVal{x.signedResult(add(at, iv.e, mulSteps(at, count, s)), k.T)}
				continue
			}
		}
		if e, ok := permuted(at, entry, c.perms, k, count); ok {
			h[k] = intVal{e}
			continue
		}
		if st, ok := c.cycles[k]; ok && count != nil {
			h[k] = intVal{st.at(at, count)}
			continue
		}
		if sc, ok := c.scales[k]; ok && pw != nil && pw.table != nil {
			if iv, ok := v.(intVal); ok {
				if vals, ok := x.scaled(at, *pw.table, iv.e, sc.r, sc.div, k.T); ok {
					h[k] = intVal{byValue(at, *pw.table, pw.v, vals)}
					continue
				}
			}
		}
		if f, ok := c.ratios[k]; ok && pw != nil && pw.table == nil && f == pw.factor {
			if iv, ok := v.(intVal); ok {
				h[k] = intVal{pw.value(at, iv.e)}
				continue
			}
		}
		if sc, ok := c.scales[k]; ok && pw == nil && count != nil {
			if iv, ok := v.(intVal); ok {
				if vals, ok := x.saturating(at, iv.e, sc, k.T); ok {
					h[k] = intVal{tableAt(at, count, vals)}
					continue
				}
			}
		}
		h[k] = x.freshLike(at, v, c.local[k] || c.control, c.block[k], k)
		if key := c.counter[k]; key != "" {
			x.markCounter(h[k], key)
		}
	}
	if len(c.cells) > 0 {
		m, _ := h[memVar].(memVal)
		h[memVar] = x.headCells(at, m, c.cells, x.trials > 0 && count == nil, count)
	}
	return h
}

// counterOf returns the key of the atomic counter that handed out v, or "".
func (x *exec) counterOf(v value) string {
	iv, ok := v.(intVal)
	if !ok {
		return ""
	}
	name, ok := iv.e.(*protocol.Var)
	if !ok {
		return ""
	}
	for i := len(x.k.fresh) - 1; i >= 0; i-- {
		if e := x.k.fresh[i]; e.name == name.Name {
			return e.counter
		}
	}
	return ""
}

// markCounter records that the fresh local v is a value of counter key.
func (x *exec) markCounter(v value, key string) {
	iv, ok := v.(intVal)
	if !ok {
		return
	}
	name, ok := iv.e.(*protocol.Var)
	if !ok || x.k.kinds[name.Name] != protocol.Local {
		return
	}
	for i := len(x.k.fresh) - 1; i >= 0; i-- {
		if x.k.fresh[i].name == name.Name {
			x.k.fresh[i].counter = key
			return
		}
	}
}

// stepOf returns the step by which one iteration moved a variable, when it
// is the same at every iteration: it mentions nothing the trial made.
func stepOf(at protocol.Pos, head, end value, trial func(protocol.Node) bool) (protocol.Expr, bool) {
	h, ok1 := head.(intVal)
	e, ok2 := end.(intVal)
	if !ok1 || !ok2 {
		return nil, false
	}
	d := sub(at, e.e, h.e)
	if trial(d) {
		if it, ok := e.e.(*protocol.Ite); ok && !trial(it.Cond) {
			// a step taken under a condition that every iteration
			// evaluates alike (if (active) idx += pitch, active set
			// before the loop): each iteration moves the variable by
			// one of the two steps, the same one every time
			a, ok1 := stepOf(at, head, intVal{it.Then}, trial)
			b, ok2 := stepOf(at, head, intVal{it.Else}, trial)
			if ok1 && ok2 {
				return ite(at, it.Cond, a, b), true
			}
		}
		return nil, false
	}
	return d, true
}

// freshLike returns a fresh value of variable k shaped like v.
func (x *exec) freshLike(at protocol.Pos, v value, local, block bool, k *ir.Var) value {
	switch v := v.(type) {
	case intVal:
		return intVal{x.typed(x.freshInt(at, k.CName, local, block), k.T)}
	case opaqueVal:
		return x.k.opaque(local || v.local, block || v.block)
	}
	return v
}

// loopName names a protocol loop variable: not a declared name, not the
// variable of an enclosing loop, and not one bound in body (the loop's
// body when it is named after the body ran), which it would capture.
func (x *exec) loopName(base string, body ...protocol.Stmt) string {
	inner := map[string]bool{}
	protocol.Inspect(&protocol.Block{Stmts: body}, func(n protocol.Node) bool {
		if l, ok := n.(*protocol.Loop); ok {
			inner[l.Var] = true
		}
		return true
	})
	return x.k.names.loopVar(base, func(n string) bool {
		if _, declared := x.k.kinds[n]; declared || inner[n] {
			return true
		}
		for _, l := range x.loops {
			if l.v == n {
				return true
			}
		}
		return false
	})
}

// analyze finds the variables a loop modifies and their locality by trial
// runs, until nothing changes, and the loop's shape (recognize) from the
// last run, with what that run says of the ways out of an iteration (the
// summary afterLoop needs). The variables the loop assigns are carried from
// the start (a superset of those it changes), so that one run usually
// suffices.
func (x *exec) analyze(l loopSyntax, entry env) (carried, shape, exitSummary) {
	at := l.At
	c := carried{keys: map[*ir.Var]bool{}, local: map[*ir.Var]bool{}, block: map[*ir.Var]bool{}, steps: map[*ir.Var]protocol.Expr{}, ratios: map[*ir.Var]int64{}, scales: map[*ir.Var]scale{}, perms: map[*ir.Var]*ir.Var{}, counter: map[*ir.Var]string{}}
	c.cells = slices.Clone(x.loopCands)
	x.loopCands = nil // not a nested loop's
	// only what the loop assigns is carried: the locality of the rest of
	// the environment (all of it, nested deep) is never asked
	facts := x.loopFacts(l.Loop)
	for _, k := range facts.assigned {
		v, ok := entry[k]
		if !ok {
			continue
		}
		c.keys[k] = true
		c.local[k], c.block[k] = x.taintOf(v)
		if key := x.counterOf(v); key != "" {
			c.counter[k] = key
		}
	}
	sig := x.signature(facts, entry)
	if seed, ok := facts.seeds[sig]; ok {
		for k := range c.keys {
			c.local[k] = c.local[k] || seed.local[k]
			c.block[k] = c.block[k] || seed.block[k]
		}
		c.control = c.control || seed.control
	}
	defer func() { facts.seeds[sig] = seedOf(c) }()
	var s shape
	var sum exitSummary
	for round := 0; round < 6; round++ {
		changed := false
		x.trial(func() {
			mark := x.k.names.mark()
			counter := x.k.names.fresh("iter")
			x.k.setRange(counter, interval{0, inf})
			x.k.loopLocal[counter] = c.control
			x.loops = append(x.loops, loopFrame{v: counter, local: c.control})
			x.env = x.headEnv(at, entry, c, nil, nil, nil)
			r := x.runIterationNarrowing(l, x.freshSince(mark))
			trial := x.trialNames(mark)
			if cl, cb := x.taint(r.cond); (cl || cb) && !c.control {
				c.control = c.control || cl
				changed = changed || cl
				if cb {
					for k := range c.keys {
						if !c.block[k] {
							c.block[k], changed = true, true
						}
					}
				}
			}
			// a variable the loop does not assign keeps its value
			for _, k := range facts.assigned {
				ev, ok := r.end[k]
				if !ok {
					continue
				}
				hv, ok := r.head[k]
				if !ok {
					// first assigned in the loop: carried only if the
					// entry has it (else it is made anew each iteration,
					// or read fresh)
					continue
				}
				if !equalValues(hv, ev) && !c.keys[k] {
					c.keys[k], changed = true, true
				}
				if !c.keys[k] {
					continue
				}
				if key := c.counter[k]; key != "" && x.counterOf(ev) != key {
					delete(c.counter, k)
					changed = true
				}
				l, b := x.taintOf(ev)
				if l && !c.local[k] {
					c.local[k], changed = true, true
				}
				if b && !c.block[k] {
					c.block[k], changed = true, true
				}
				if st, ok := stepOf(at, hv, ev, trial); ok {
					c.steps[k] = st
				} else {
					delete(c.steps, k)
				}
				if f, ok := ratioOf(hv, ev); ok {
					c.ratios[k] = f
				} else {
					delete(c.ratios, k)
				}
				hi, ok1 := hv.(intVal)
				ei, ok2 := ev.(intVal)
				if r, d, ok := ratioStep(at, hi.e, ei.e); ok1 && ok2 && ok {
					c.scales[k] = scale{r, d}
				} else {
					delete(c.scales, k)
				}
			}
			c.perms = permsOf(facts.assigned, c.keys, r.head, r.end)
			c.cycles = cyclesOf(c.keys, entry, r.head, r.end)
			hm, _ := r.head[memVar].(memVal)
			em, _ := r.end[memVar].(memVal)
			for i := range c.cells {
				c.cells[i].step = cellStep(at, c.cells[i], hm, em, trial)
			}
			s = x.shapeOf(l, r, trial)
			// the names of the trial are still declared: their
			// locality is known
			sum = x.summarize(r, entry)
		})
		if !changed {
			return c, s, sum
		}
	}
	// no fixed point: everything the loop touches is thread-local
	for k := range c.keys {
		c.local[k] = true
	}
	c.counter = map[*ir.Var]string{}
	c.control = true
	c.steps = map[*ir.Var]protocol.Expr{}
	c.ratios = map[*ir.Var]int64{}
	c.scales = map[*ir.Var]scale{}
	c.perms = map[*ir.Var]*ir.Var{}
	c.cycles = nil
	for i := range c.cells {
		c.cells[i].step = nil
	}
	sum.local = true
	return c, shape{}, sum
}

// exitSummary is what the code after a loop needs of a run of its body:
// how control may leave the loop other than by its condition, and which
// variables the body assigns first.
type exitSummary struct {
	local   bool         // some break, return or region exit is taken under a thread-local condition
	brk     bool         // some break
	ret     bool         // some return
	regions []*ir.Region // the regions an exit leaves, each once, in order
	first   []*ir.Var    // assigned by the body, not defined on entry
}

// summarize makes the exit summary of one run of an iteration.
func (x *exec) summarize(r iterRun, entry env) exitSummary {
	var sum exitSummary
	for _, js := range [][]jump{r.body.brk, r.body.ret, r.body.exit} {
		for _, j := range js {
			if x.k.isLocal(j.cond) {
				sum.local = true
			}
		}
	}
	sum.brk, sum.ret = len(r.body.brk) > 0, len(r.body.ret) > 0
	seen := map[*ir.Region]bool{}
	for _, j := range r.body.exit {
		if !seen[j.to] {
			seen[j.to] = true
			sum.regions = append(sum.regions, j.to)
		}
	}
	first := map[*ir.Var]bool{}
	for k := range r.end {
		if _, ok := entry[k]; !ok {
			first[k] = true
		}
	}
	sum.first = sortedVars(first)
	return sum
}

// loopFacts is what analyze keeps of a loop of the IR across its runs.
type loopFacts struct {
	assigned []*ir.Var // assigned anywhere in the loop, by name
	touched  []*ir.Var // read or assigned anywhere in the loop, by name
	// seeds holds, by the locality of the touched variables on entry
	// (signature), the locality a fixed point reached.
	seeds map[string]seed
}

// seed is the locality of the carried variables at a fixed point of a
// loop's analysis. A later analysis of the same loop from an entry of the
// same signature starts from it: a loop nested N deep is analyzed again at
// every round of every enclosing analysis, and when each level needs two
// rounds (a variable that becomes thread-local), starting from scratch
// would cost 2^N runs of the innermost body. Starting higher is sound:
// analyze still runs until a round changes nothing, so what it returns is
// a fixed point whatever it started from; it can only be less precise
// than the least one when two entries of one signature differ in a way
// that prunes a branch (a constant condition), and then only toward more
// thread-local values.
type seed struct {
	local, block map[*ir.Var]bool
	control      bool
}

func seedOf(c carried) seed {
	s := seed{local: map[*ir.Var]bool{}, block: map[*ir.Var]bool{}, control: c.control}
	for k := range c.keys {
		s.local[k], s.block[k] = c.local[k], c.block[k]
	}
	return s
}

// loopFacts returns the facts of a loop, computed on first use.
func (x *exec) loopFacts(l *ir.Loop) *loopFacts {
	if f := x.facts[l]; f != nil {
		return f
	}
	ts := map[*ir.Var]bool{}
	ir.Inspect(l, func(n ir.Node) bool {
		if r, ok := n.(*ir.Ref); ok {
			ts[r.Var] = true
		}
		return true
	})
	// the loop's initialization runs before its analysis: what only it
	// assigns is not assigned by the loop
	as := map[*ir.Var]bool{}
	for _, b := range []*ir.Block{l.Test, l.Body, l.Post} {
		ir.Inspect(b, func(n ir.Node) bool {
			switch n := n.(type) {
			case *ir.Assign:
				as[n.Dst] = true
			case *ir.Load:
				as[n.Dst] = true
			case *ir.Atomic:
				if n.Dst != nil {
					as[n.Dst] = true
				}
			case *ir.Barrier:
				if n.Dst != nil {
					as[n.Dst] = true
				}
			}
			return true
		})
	}
	for v := range as {
		ts[v] = true
	}
	f := &loopFacts{assigned: sortedVars(as), touched: sortedVars(ts), seeds: map[string]seed{}}
	if x.facts == nil {
		x.facts = map[*ir.Loop]*loopFacts{}
	}
	x.facts[l] = f
	return f
}

// signature describes the locality, on entry, of the variables a loop
// touches: what its analysis depends on besides the values themselves.
func (x *exec) signature(f *loopFacts, entry env) string {
	var b strings.Builder
	for i, v := range f.touched {
		val, ok := entry[v]
		if !ok {
			continue
		}
		l, bl := x.taintOf(val)
		fmt.Fprintf(&b, "%d:%t%t%s;", i, l, bl, x.counterOf(val))
	}
	return b.String()
}

// shape is a recognized for loop.
type shape struct {
	kind   shapeKind
	lo     protocol.Expr // the variable's first value
	bound  protocol.Expr // the bound it is compared with
	op     protocol.CmpOp
	step   protocol.Expr // additive: the step (positive: increasing)
	factor int64         // multiplicative: the factor
	guard  protocol.Cond // the rest of a conjunctive condition (final run)
	// also is a second upper bound of an increasing loop when the rest of
	// its condition is exactly that (i < n && i < t), set before the loop
	also  protocol.Expr
	local bool // the bounds differ between threads
	// pow2 says that the variable is a power of two (or 0) in every
	// iteration, of at most maxBit bits (power.go), when pow2If holds
	// (nil: always)
	pow2   bool
	pow2If protocol.Cond
	maxBit int
	// table holds the values of a multiplicative loop whose first value
	// is known (table.go): those of the iterations that may run, then one
	// that ends the loop whatever the bound; nil when there is none
	table []int64
	// residue: the condition compares the variable's residue modulo 2^32
	// (an int compared with an unsigned bound), read as the variable
	// itself where its values stay non-negative (finishShape)
	residue bool
	// trips is the number of iterations of a loop without a recognized
	// shape, when its condition alone ends it (conditionTrips); exit
	// holds the values of the carried variables after it where they are
	// known (breakTrips's search loops)
	trips protocol.Expr
	exit  map[*ir.Var]protocol.Expr
}

// iterations returns the number of iterations before the one where the
// loop variable is v, or nil when it has no closed form.
func (s shape) iterations(at protocol.Pos, v protocol.Expr) protocol.Expr {
	switch s.kind {
	case incShape:
		return div(at, sub(at, v, s.lo), s.step)
	case decShape:
		return div(at, sub(at, s.lo, v), s.step)
	}
	if s.table != nil {
		// the index of v's value in the table (table.go)
		return byValue(at, s, v, s.indices(at))
	}
	return nil
}

type shapeKind int

const (
	noShape shapeKind = iota
	incShape
	decShape
	mulShape // v *= factor, v <<= k
	divShape // v /= factor, v >>= k
)

// shapeOf checks, on a trial run of an iteration, whether a for loop has
// a loop variable that only its post statement changes, by a step or factor
// that the body does not change, compared with a bound the body does not
// change. finishShape completes it after the trial.
func (x *exec) shapeOf(l loopSyntax, r iterRun, mentionsTrial func(protocol.Node) bool) shape {
	if l.v == nil || l.do() || l.Cond == nil {
		return shape{}
	}
	head, ok := r.head[l.v].(intVal)
	if !ok {
		return shape{}
	}
	// the condition has no effect and makes no access
	if len(r.condSts) > 0 || !sameEnv(r.head, r.condEnv) {
		return shape{}
	}
	// the body does not change the variable
	if pv, ok := r.preInc[l.v]; !ok || !equalValues(pv, head) {
		return shape{}
	}
	end, ok := r.end[l.v].(intVal)
	if !ok {
		return shape{}
	}
	s := classifyStep(head.e, end.e, mentionsTrial)
	if s.kind == noShape {
		return shape{}
	}
	// the rest of a conjunction is evaluated again in the final run
	cmpNode, guard := splitCond(r.cond, head.e)
	if cmpNode == nil && l.v.T.Signed {
		cmpNode, guard = splitCond(withoutResidue(r.cond, head.e), head.e)
		s.residue = cmpNode != nil
	}
	if cmpNode == nil || mentionsTrial(cmpNode.Y) {
		return shape{}
	}
	s.op, s.bound = cmpNode.Op, cmpNode.Y
	s.guard, s.also = guardOf(l.At, guard, head.e, mentionsTrial)
	return s
}

// guardOf returns the rest of a loop's condition beside the bound on its
// variable v (nil for none) and, when that rest is exactly a second upper
// bound on v that the loop does not change (i < n && i < t), that bound.
func guardOf(at protocol.Pos, guard protocol.Cond, v protocol.Expr, inLoop func(protocol.Node) bool) (protocol.Cond, protocol.Expr) {
	if guard == nil {
		return nil, nil
	}
	c, rest := splitCond(guard, v)
	if c == nil || rest != nil || inLoop(c.Y) {
		return guard, nil
	}
	switch c.Op {
	case protocol.Lt:
		return guard, c.Y
	case protocol.Le:
		return guard, add(at, c.Y, lit(at, 1))
	}
	return guard, nil
}

// finishShape gives a shape found by shapeOf its first value, direction
// and locality.
func (x *exec) finishShape(l loopSyntax, entry env, s shape) shape {
	if s.kind == noShape {
		return shape{}
	}
	start, ok := entry[l.v].(intVal)
	if !ok {
		return shape{}
	}
	s.lo = start.e
	loNonNeg := x.nonNegativeKnown(s.lo) || x.pow2NonNeg(s.lo)
	if !directionFits(&s, loNonNeg) || s.residue && !(loNonNeg && staysAbove(s)) {
		return shape{}
	}
	s.local = x.k.isLocal(s.lo) || x.k.isLocal(s.bound) || s.step != nil && x.k.isLocal(s.step)
	if t := x.shiftTable(s, l.v.T); len(t) >= 2 {
		s.table = t
	}
	return s
}

// staysAbove says whether a variable of a signed type never goes below
// its first value, or below 0 from a non-negative one: it grows by a
// positive constant or a factor, or is divided (signed overflow being
// undefined, the compilers' and drfcheck's assumption).
func staysAbove(s shape) bool {
	switch s.kind {
	case mulShape, divShape:
		return true
	case incShape:
		k, ok := litValue(s.step)
		return ok && k > 0
	}
	return false
}

// withoutResidue is c with each side of its comparisons (of a conjunction)
// that is v's residue (v >= 0 ? v : v + 2^32, how an int compared with an
// unsigned is read) replaced by v: the same value where v >= 0.
func withoutResidue(c protocol.Cond, v protocol.Expr) protocol.Cond {
	strip := func(e protocol.Expr) protocol.Expr {
		if w, _, ok := residueOf(e); ok && equal(w, v) {
			return v
		}
		return e
	}
	switch c := c.(type) {
	case *protocol.Cmp:
		return &protocol.Cmp{At: c.At, Op: c.Op, X: strip(c.X), Y: strip(c.Y)}
	case *protocol.Logic:
		if c.Op == protocol.And {
			return &protocol.Logic{At: c.At, Op: c.Op, X: withoutResidue(c.X, v), Y: withoutResidue(c.Y, v)}
		}
	}
	return c
}

// classifyStep recognizes next as head + s, head - s, head * m or head / m
// (as the shifts and divisions of intOp write them), with s and m not
// depending on the iteration.
func classifyStep(head, next protocol.Expr, mentionsTrial func(protocol.Node) bool) shape {
	b, ok := next.(*protocol.Binary)
	if ok && equal(b.X, head) {
		if mentionsTrial(b.Y) {
			return shape{}
		}
		switch b.Op {
		case protocol.Add:
			return additive(b.Y)
		case protocol.Sub:
			if k, ok := litValue(b.Y); ok {
				return additive(lit(b.At, -k))
			}
			if !positive(b.Y) {
				// a step of unknown sign may not count down at all
				return shape{}
			}
			return shape{kind: decShape, step: b.Y}
		case protocol.Mul:
			if k, ok := litValue(b.Y); ok && k >= 2 {
				return shape{kind: mulShape, factor: k}
			}
		case protocol.Div:
			if k, ok := litValue(b.Y); ok && k >= 2 {
				return shape{kind: divShape, factor: k}
			}
		}
	}
	if ok && b.Op == protocol.Mul && equal(b.Y, head) {
		if k, ok := litValue(b.X); ok && k >= 2 {
			return shape{kind: mulShape, factor: k}
		}
	}
	if it, ok := next.(*protocol.Ite); ok {
		// v >> k for a v that may be negative: floor division
		if d, ok := it.Then.(*protocol.Binary); ok && d.Op == protocol.Div && equal(d.X, head) {
			if k, ok := litValue(d.Y); ok && k >= 2 {
				return shape{kind: divShape, factor: k}
			}
		}
	}
	return shape{}
}

func additive(step protocol.Expr) shape {
	if k, ok := litValue(step); ok {
		switch {
		case k > 0:
			return shape{kind: incShape, step: step}
		case k < 0:
			return shape{kind: decShape, step: lit(step.Pos(), -k)}
		}
		return shape{}
	}
	return shape{kind: incShape, step: step}
}

// splitCond finds, in a loop condition, a comparison of the loop variable
// with a bound (put as v OP bound), and the rest of a conjunction.
func splitCond(c protocol.Cond, v protocol.Expr) (*protocol.Cmp, protocol.Cond) {
	switch c := c.(type) {
	case *protocol.Cmp:
		switch {
		case equal(c.X, v) && !mentions(c.Y, v):
			return c, nil
		case equal(c.Y, v) && !mentions(c.X, v):
			return &protocol.Cmp{At: c.At, Op: flipCmp[c.Op], X: c.Y, Y: c.X}, nil
		}
	case *protocol.Logic:
		if c.Op == protocol.And {
			if m, rest := splitCond(c.X, v); m != nil {
				return m, and(c.At, rest, c.Y)
			}
			if m, rest := splitCond(c.Y, v); m != nil && !mentions(c.X, v) {
				return m, and(c.At, c.X, rest)
			}
		}
	}
	return nil, nil
}

var flipCmp = map[protocol.CmpOp]protocol.CmpOp{
	protocol.Eq: protocol.Eq, protocol.Ne: protocol.Ne, protocol.Lt: protocol.Gt,
	protocol.Gt: protocol.Lt, protocol.Le: protocol.Ge, protocol.Ge: protocol.Le,
}

func mentions(n protocol.Node, e protocol.Expr) bool {
	found := false
	walk(n, func(m protocol.Node) bool {
		if x, ok := m.(protocol.Expr); ok && equal(x, e) {
			found = true
		}
		return !found
	})
	return found
}

// directionFits checks that the comparison stops the loop in the direction
// it moves, turning != into < or >. loNonNeg says that the first value is
// not negative (beyond what nonNegative sees: a power of two, a value
// this run knows): a halving loop from there while v != 0 ends exactly
// when v reaches 0, as with v > 0.
func directionFits(s *shape, loNonNeg bool) bool {
	switch s.kind {
	case incShape, mulShape:
		switch s.op {
		case protocol.Lt, protocol.Le:
			return true
		case protocol.Ne:
			if s.kind == incShape && isLit(s.step, 1) {
				s.op = protocol.Lt
				return true
			}
		}
	case decShape, divShape:
		switch s.op {
		case protocol.Gt, protocol.Ge:
			return true
		case protocol.Ne:
			if s.kind == decShape && isLit(s.step, 1) {
				s.op = protocol.Gt
				return true
			}
			if s.kind == divShape && isLit(s.bound, 0) && (loNonNeg || nonNegative(s.lo)) {
				s.op = protocol.Gt
				return true
			}
		}
	}
	return false
}

// loop runs a loop and emits its protocol. Inside a trial run of an
// enclosing loop, what a loop emits is thrown away and only the
// environment after it and its exits matter: they come from the trial runs
// of its own analysis, without the final run of its body. Without that
// shortcut, each level of nesting would run the levels below it once more
// (in the analysis and in the final run), 2^depth runs of the innermost
// body; with it, a loop nested N deep has its body run in trial a bounded
// number of times per enclosing level that runs for real: N^2 in all.
func (x *exec) loop(l loopSyntax) (e exits) {
	if !hasBarrier(l.Loop) {
		l.covered = x.covered
	}
	x.scoped(func() { e = x.loopRuns(l) })
	return e
}

// loopRuns analyzes a loop and emits it.
func (x *exec) loopRuns(l loopSyntax) exits {
	entry := x.env.clone()
	c, s, sum := x.analyze(l, entry)
	s = x.finishShape(l, entry, s)
	if x.trials > 0 {
		return x.trialLoop(l, entry, c, s, sum)
	}
	if s.kind != noShape {
		if e, ok := x.shapedLoop(l, entry, c, s); ok {
			return e
		}
	}
	return x.genericLoop(l, entry, c)
}

// shapedLoop emits a recognized for loop. It fails (emitting nothing) when
// the shape has no exact or sound rendering, leaving the generic loop.
func (x *exec) shapedLoop(l loopSyntax, entry env, c carried, s shape) (exits, bool) {
	at := l.At
	m := x.k.mark()
	inLoop := x.trialNames(x.k.names.mark())
	unknowns := len(x.sink.unknowns)
	savedOut := x.out
	var out []protocol.Stmt
	x.out = &out
	// The body runs with a placeholder for the loop variable, replaced
	// once the rendering is known (the variable itself, or a function of
	// an iteration counter).
	name := x.k.names.fresh("@" + ident(l.varName()))
	x.k.setRange(name, x.valuesOf(s, l.v.T))
	x.k.rangeDeps[name] = []protocol.Expr{s.lo, s.bound}
	x.k.loopLocal[name] = s.local
	if s.table != nil {
		// the variable takes only the table's values (table.go)
		r := interval{inf, -inf}
		pow2 := true
		for _, v := range s.iterValues() {
			r = interval{min(r.lo, v), max(r.hi, v)}
			pow2 = pow2 && v&(v-1) == 0
		}
		x.k.setRange(name, r)
		x.k.pow2[name] = pow2
	}
	if s.pow2, s.pow2If, s.maxBit = x.powerLoop(s, l.v); s.pow2 {
		if s.pow2If == nil {
			x.k.pow2[name] = true
		} else {
			x.k.pow2If[name] = s.pow2If
		}
	}
	v := &protocol.Var{At: at, Name: name}
	x.loops = append(x.loops, loopFrame{v: name, local: s.local})
	x.env = x.headEnv(at, entry, c, l.v, s.iterations(at, v), powerHeadOf(s, v))
	x.env[l.v] = intVal{v}
	r := x.runIteration(l)
	x.loops = x.loops[:len(x.loops)-1]
	x.out = savedOut
	body := r.bodySts
	cmpNode, guard := splitCond(r.cond, v)
	fail := func() (exits, bool) {
		x.k.rollback(m)
		x.sink.unknowns = x.sink.unknowns[:unknowns]
		x.env = entry.clone()
		return exits{}, false
	}
	if cmpNode == nil || !equal(cmpNode.Y, s.bound) || len(r.condSts) > 0 {
		// the final run does not have the shape the trial found
		return fail()
	}
	// the guard of the trial is replaced by that of this run
	s.guard, s.also = guardOf(at, guard, v, inLoop)
	if guard != nil {
		body = []protocol.Stmt{&protocol.If{At: at, Cond: guard, Then: &protocol.Block{At: at, Stmts: body}}}
	}
	sync := protocol.HasSync(&protocol.Block{Stmts: body})
	loop, ok := x.renderShape(at, s, name, l.varName(), body, sync)
	if !ok {
		return fail()
	}
	if sync && len(r.body.brk) > 0 {
		x.unknown(at, "break in a loop with a barrier is not supported")
	}
	if sync && s.guard != nil && !isTrue(s.guard) {
		x.unknown(at, "a loop condition other than a bound on the loop variable, in a loop with a barrier, is not supported")
	}
	x.emit(loop...)
	return x.afterLoop(at, l, entry, c, x.summarize(r, entry), sync, s), true
}

// valuesOf is the range of the values a loop of shape s and a variable of
// type t takes in its body: between its first value and its bound, in
// its type (the first value is C's, loopStmt; a counter is assumed not to
// wrap around).
func (x *exec) valuesOf(s shape, t ir.Type) interval {
	r := typeRange(t)
	lo, bound := x.rangeOf(s.lo), x.rangeOf(s.bound)
	first := lo
	switch s.kind {
	case mulShape:
		// a negative start moves away from 0, below it
		if lo.lo < 0 {
			first.lo = r.lo
		}
	case divShape:
		// halving moves toward 0, above a negative start
		first.hi = max(lo.hi, 0)
	}
	switch {
	case (s.kind == incShape || s.kind == mulShape) && s.op == protocol.Lt:
		r = interval{max(r.lo, first.lo), min(r.hi, bound.hi-1)}
	case (s.kind == incShape || s.kind == mulShape) && s.op == protocol.Le:
		r = interval{max(r.lo, first.lo), min(r.hi, bound.hi)}
	case (s.kind == decShape || s.kind == divShape) && s.op == protocol.Gt:
		r = interval{max(r.lo, bound.lo+1), min(r.hi, first.hi)}
	case (s.kind == decShape || s.kind == divShape) && s.op == protocol.Ge:
		r = interval{max(r.lo, bound.lo), min(r.hi, first.hi)}
	}
	if r.lo > r.hi {
		// no value: the body never runs
		return typeRange(t)
	}
	return r
}

// renderShape makes the protocol loop of a recognized shape.
func (x *exec) renderShape(at protocol.Pos, s shape, placeholder, cname string, body []protocol.Stmt, sync bool) ([]protocol.Stmt, bool) {
	blk := func(sts []protocol.Stmt) *protocol.Block { return &protocol.Block{At: at, Stmts: sts} }
	// direct renders the loop over the variable itself.
	direct := func() (string, []protocol.Stmt) {
		name := x.loopName(cname, body...)
		x.k.loopLocal[name] = s.local
		sts, _ := protocol.Subst{placeholder: &protocol.Var{At: at, Name: name}}.Stmts(body)
		return name, sts
	}
	one := func(e protocol.Expr) protocol.Expr {
		if isLit(e, 1) {
			return nil
		}
		return e
	}
	switch s.kind {
	case incShape:
		hi := s.bound
		if s.op == protocol.Le {
			hi = add(at, hi, lit(at, 1))
		}
		name, body := direct()
		loop := &protocol.Loop{At: at, Var: name, Lo: s.lo, Hi: hi, Step: one(s.step), Body: blk(body)}
		return append(positiveStep(at, s.lo, hi, s.step), loop), true
	case decShape:
		// values lo, lo - step, ... while v > bound (or >= bound)
		low := s.bound
		if s.op == protocol.Gt {
			low = add(at, low, lit(at, 1))
		}
		count := div(at, add(at, sub(at, s.lo, low), s.step), s.step)
		pre := positiveStep(at, low, add(at, s.lo, lit(at, 1)), s.step)
		if !sync {
			name, body := direct()
			if isLit(s.step, 1) {
				return []protocol.Stmt{&protocol.Loop{At: at, Var: name, Lo: low, Hi: add(at, s.lo, lit(at, 1)), Body: blk(body)}}, true
			}
			first := sub(at, s.lo, mul(at, sub(at, count, lit(at, 1)), s.step))
			return append(pre, &protocol.Loop{At: at, Var: name, Lo: first, Hi: add(at, s.lo, lit(at, 1)), Step: s.step, Body: blk(body)}), true
		}
		k := x.loopName(cname+"_iter", body...)
		x.k.loopLocal[k] = s.local
		kv := &protocol.Var{At: at, Name: k}
		value := sub(at, s.lo, mul(at, kv, s.step))
		sts, _ := protocol.Subst{placeholder: value}.Stmts(body)
		return append(pre, &protocol.Loop{At: at, Var: k, Lo: lit(at, 0), Hi: count, Body: blk(sts)}), true
	case mulShape, divShape:
		if !sync {
			if s.table == nil && !rangeKnown(s) {
				return nil, false
			}
			name, body := direct()
			return multiplicativeRange(at, s, name, body)
		}
		return x.multiplicativeCounter(at, s, placeholder, cname, body), true
	}
	return nil, false
}

// positiveStep assumes what C guarantees of a loop that moves its variable
// by a step that is not a constant: when it runs at all (lo < hi), the step
// is positive, since otherwise the loop never ends. Without it, a race
// found with a step of 0 or less could not be shown.
func positiveStep(at protocol.Pos, lo, hi, step protocol.Expr) []protocol.Stmt {
	if k, ok := litValue(step); ok && k > 0 || positive(step) {
		return nil
	}
	c := or(at, cmp(at, protocol.Ge, lo, hi), cmp(at, protocol.Gt, step, lit(at, 0)))
	return []protocol.Stmt{&protocol.Assume{At: at, Cond: c}}
}

// rangeKnown reports whether the values of a multiplicative loop without
// barriers have a known range.
func rangeKnown(s shape) bool {
	if s.kind == mulShape {
		return positive(s.lo)
	}
	b, ok := litValue(s.bound)
	return ok && b >= 0
}

// multiplicativeRange over-approximates the values of a multiplicative loop
// without barriers by every integer in their range.
func multiplicativeRange(at protocol.Pos, s shape, name string, body []protocol.Stmt) ([]protocol.Stmt, bool) {
	blk := &protocol.Block{At: at, Stmts: body}
	if s.table != nil {
		// exactly the table's values that satisfy the condition
		v := &protocol.Var{At: at, Name: name}
		lo, hi := inf, -inf
		for _, t := range s.iterValues() {
			lo, hi = min(lo, t), max(hi, t)
		}
		c := and(at, tableDomain(at, s, v), cmp(at, s.op, v, s.bound))
		blk = &protocol.Block{At: at, Stmts: []protocol.Stmt{&protocol.If{At: at, Cond: c, Then: blk}}}
		return []protocol.Stmt{&protocol.Loop{At: at, Var: name, Lo: lit(at, lo), Hi: lit(at, hi+1), Body: blk}}, true
	}
	if s.pow2 {
		// of the range, only the powers of two
		c := implies(at, s.pow2If, powers(at, &protocol.Var{At: at, Name: name}, s.maxBit, false))
		blk = &protocol.Block{At: at, Stmts: []protocol.Stmt{&protocol.If{At: at, Cond: c, Then: blk}}}
	}
	if s.kind == mulShape {
		// lo, lo*m, ... while < bound: within [lo, bound) when lo >= 1
		if !positive(s.lo) {
			return nil, false
		}
		hi := s.bound
		if s.op == protocol.Le {
			hi = add(at, hi, lit(at, 1))
		}
		return []protocol.Stmt{&protocol.Loop{At: at, Var: name, Lo: s.lo, Hi: hi, Body: blk}}, true
	}
	// lo, lo/m, ... while > bound (bound >= 0): within (bound, lo]
	b, ok := litValue(s.bound)
	if !ok || b < 0 {
		return nil, false
	}
	low := s.bound
	if s.op == protocol.Gt {
		low = lit(at, b+1)
	}
	return []protocol.Stmt{&protocol.Loop{At: at, Var: name, Lo: low, Hi: add(at, s.lo, lit(at, 1)), Body: blk}}, true
}

// multiplicativeCounter renders a multiplicative loop with barriers as a
// counter k in 0..K, the variable an uninterpreted f(k) assumed in the
// range its values take.
func (x *exec) multiplicativeCounter(at protocol.Pos, s shape, placeholder, cname string, body []protocol.Stmt) []protocol.Stmt {
	k := x.loopName(cname+"_iter", body...)
	x.k.loopLocal[k] = s.local
	if s.table != nil {
		return x.tableCounter(at, s, placeholder, cname, k, body)
	}
	block := x.k.isBlock(s.lo) || x.k.isBlock(s.bound)
	count := x.freshInt(at, cname+"_count", s.local, block)
	x.loops = append(x.loops, loopFrame{v: k, local: s.local})
	f := x.freshInt(at, cname, s.local, !s.local && block)
	x.loops = x.loops[:len(x.loops)-1]
	if s.kind == mulShape && x.nonNegativeKnown(s.lo) {
		// clamped into the range it keeps, lo <= f: no value changes, but a
		// loop nested in this one whose bounds use f sees the range
		// (k >> 1 > 0 for k >= 2)
		f = x.nonNeg(maxExpr(at, s.lo, f))
	}
	inv := &protocol.Cmp{At: at, Op: s.op, X: f, Y: s.bound}
	var rng protocol.Cond
	zero := lit(at, 0)
	if s.kind == divShape {
		// halving from lo stays between 0 and lo
		if nonNegative(s.lo) {
			rng = and(at, cmp(at, protocol.Le, zero, f), cmp(at, protocol.Le, f, s.lo))
		} else {
			rng = and(at,
				or(at, cmp(at, protocol.Lt, s.lo, zero), and(at, cmp(at, protocol.Le, zero, f), cmp(at, protocol.Le, f, s.lo))),
				or(at, cmp(at, protocol.Ge, s.lo, zero), and(at, cmp(at, protocol.Le, s.lo, f), cmp(at, protocol.Le, f, zero))))
		}
	} else {
		// doubling from lo >= 1 stays at least lo
		if positive(s.lo) {
			rng = cmp(at, protocol.Le, s.lo, f)
		} else {
			rng = and(at, or(at, cmp(at, protocol.Le, s.lo, zero), cmp(at, protocol.Le, s.lo, f)),
				or(at, cmp(at, protocol.Gt, s.lo, zero), cmp(at, protocol.Le, f, s.lo)))
		}
	}
	facts := and(at, inv, rng)
	if s.pow2 {
		facts = and(at, facts, implies(at, s.pow2If, powers(at, f, s.maxBit, s.kind == divShape)))
	}
	sts, _ := protocol.Subst{placeholder: f}.Stmts(body)
	sts = append([]protocol.Stmt{&protocol.Assume{At: at, Cond: facts}}, sts...)
	// The loop runs at least once exactly when its condition holds for the
	// first value: the trip count says so, which spares the checker the case
	// "no iteration" when, say, blockDim.x >= 2 makes blockDim.x/2 > 0.
	first := &protocol.Cmp{At: at, Op: s.op, X: s.lo, Y: s.bound}
	trips := &protocol.Ite{At: at, Cond: first, Then: maxExpr(at, count, lit(at, 1)), Else: lit(at, 0)}
	return []protocol.Stmt{&protocol.Loop{At: at, Var: k, Lo: lit(at, 0), Hi: trips, Body: &protocol.Block{At: at, Stmts: sts}}}
}

// nonNegativeKnown is nonNegative, where expressions this run knows to be
// non-negative (nonNeg) count as such too.
func (x *exec) nonNegativeKnown(e protocol.Expr) bool {
	if x.known[e] || nonNegative(e) {
		return true
	}
	switch e := e.(type) {
	case *protocol.Binary:
		switch e.Op {
		case protocol.Add, protocol.Mul, protocol.Div, protocol.Mod, protocol.BitOr, protocol.BitXor, protocol.Shl, protocol.Shr:
			return x.nonNegativeKnown(e.X) && x.nonNegativeKnown(e.Y)
		case protocol.BitAnd:
			return x.nonNegativeKnown(e.X) || x.nonNegativeKnown(e.Y)
		}
	case *protocol.Ite:
		return x.nonNegativeKnown(e.Then) && x.nonNegativeKnown(e.Else)
	}
	return false
}

// trialLoop is a loop inside a trial run: the environment after it and its
// exits, as afterLoop makes them, from the summary of the analysis's last
// run instead of a final run. That run began from a head environment that
// covers every iteration (the fixed point), so its exits are at least as
// thread-local as those of any iteration. A shaped loop whose final run
// would not match the trial's shape falls back to a generic loop, which
// makes its variable fresh where this gives its exact last value: both
// are right, the exact one is more precise.
func (x *exec) trialLoop(l loopSyntax, entry env, c carried, s shape, sum exitSummary) exits {
	e := x.afterLoop(l.At, l, entry, c, sum, false, s)
	if s.kind == noShape && !l.do() && (l.Cond != nil || len(l.Test.Stmts) > 0) {
		// the last, failing check of the condition (a shaped loop's has
		// no effect)
		x.runCond(l)
	}
	return e
}

// genericLoop emits a loop with an unknown number of iterations.
func (x *exec) genericLoop(l loopSyntax, entry env, c carried) exits {
	at := l.At
	name := x.loopName("iter")
	x.k.setRange(name, interval{0, inf})
	x.k.loopLocal[name] = c.control
	x.loops = append(x.loops, loopFrame{v: name, local: c.control})
	mark := x.k.names.mark()
	x.env = x.headEnv(at, entry, c, nil, &protocol.Var{At: at, Name: name}, nil)
	r := x.runIteration(l)
	x.loops = x.loops[:len(x.loops)-1]
	sum := x.summarize(r, entry)
	made := x.trialNames(mark)
	after := shape{trips: x.conditionTrips(at, l, r, entry, c, sum, made, name)}
	count := after.trips
	if n, j := x.breakTrips(at, l, r, entry, c, sum, made, name); n != nil {
		// the iterations before the one that breaks, and that one
		count = add(at, n, lit(at, 1))
		after.exit = exitValues(c, j, made, protocol.Subst{name: n})
	}
	if count == nil {
		count = x.freshInt(at, "trips", c.control, x.anyBlock(c))
		if l.do() {
			count = maxExpr(at, count, lit(at, 1))
		}
	}
	var body []protocol.Stmt
	body = append(body, r.condSts...)
	if !isTrue(r.cond) && !l.do() {
		body = append(body, &protocol.Assume{At: at, Cond: r.cond})
	}
	body = append(body, r.bodySts...)
	sync := protocol.HasSync(&protocol.Block{Stmts: body})
	if sync && x.localBreak(r.body.brk) {
		x.unknown(at, "a break under a condition that may differ between threads, in a loop with a barrier, is not supported")
	}
	x.emit(&protocol.Loop{At: at, Var: name, Lo: lit(at, 0), Hi: count, Body: &protocol.Block{At: at, Stmts: body}})
	e := x.afterLoop(at, l, entry, c, sum, sync, after)
	if !l.do() && (l.Cond != nil || len(l.Test.Stmts) > 0) {
		// the last, failing check of the condition
		x.runCond(l)
	}
	return e
}

// conditionTrips is the number of iterations of a loop that only its
// condition ends, when that condition compares a signed induction variable
// of constant step with a bound the loop does not change, wherever the
// body steps it (for (k = c - 1; k >= c - 32;) { ...; k--; ...; k--; } runs
// 16 times); nil otherwise. A do loop compares the value at the end of
// the iteration, and runs once more than the values after its first pass
// that pass the condition. made tells the names given since the
// iteration began, counter is the iteration counter's.
func (x *exec) conditionTrips(at protocol.Pos, l loopSyntax, r iterRun, entry env, c carried, sum exitSummary, made func(protocol.Node) bool, counter string) protocol.Expr {
	if sum.brk || sum.ret || len(sum.regions) > 0 {
		return nil
	}
	at1 := lit(at, 1)
	for _, k := range sortedVars(c.keys) {
		seen, start, step, ok := x.inductionAt(at, k, r.head, entry, c)
		if ok && l.do() {
			// a signed counter only: an unsigned one may wrap around
			// before its first test
			end, isInt := r.end[k].(intVal)
			ok = isInt && !unsigned(k.T)
			if ok {
				seen, start = end.e, add(at, start, lit(at, step))
			}
		}
		if !ok {
			continue
		}
		cm := x.boundOf(r.cond, seen, k, step, made, counter)
		if cm == nil {
			continue
		}
		n := stepTrips(at, cm.Op, start, cm.Y, step)
		if n != nil && l.do() {
			n = add(at, n, at1)
		}
		if n != nil {
			return n
		}
	}
	return nil
}

// breakTrips is, for a search loop, the number of whole iterations before
// the one that breaks, and the environment where it breaks: a loop without
// a condition, whose one exit is a break that every iteration reaches
// (no continue, return or other break) under a comparison of an
// induction variable of constant step (an unsigned one only where it
// cannot wrap around first) with a bound the loop does not change
// (while (1) { if (w + 1 >= n) break; w++; } runs n - 1 whole iterations
// from w = 0, more than none). nil where it is not one.
func (x *exec) breakTrips(at protocol.Pos, l loopSyntax, r iterRun, entry env, c carried, sum exitSummary, made func(protocol.Node) bool, counter string) (protocol.Expr, env) {
	if l.do() || !isTrue(r.cond) || len(r.condSts) > 0 || len(r.body.brk) != 1 || len(r.body.cont) > 0 || sum.ret || len(sum.regions) > 0 {
		return nil, nil
	}
	j := r.body.brk[0]
	for _, k := range sortedVars(c.keys) {
		seen, start, step, ok := x.inductionAt(at, k, r.head, entry, c)
		if !ok {
			continue
		}
		// the loop goes on while the break's comparison fails
		cm := x.boundOf(not(at, j.cond), seen, k, step, made, counter)
		if cm == nil {
			continue
		}
		if n := stepTrips(at, cm.Op, start, cm.Y, step); n != nil {
			return n, j.env
		}
	}
	return nil, nil
}

// inductionAt is what conditionTrips and breakTrips need of a carried
// variable k: its value at the head of an iteration as the code sees it
// (an unsigned one wrapped into its type), its entry value and its
// constant step; ok is false when k is not such a variable.
func (x *exec) inductionAt(at protocol.Pos, k *ir.Var, head, entry env, c carried) (seen, start protocol.Expr, step int64, ok bool) {
	step, ok = litValue(c.steps[k])
	h, ok1 := head[k].(intVal)
	s, ok2 := entry[k].(intVal)
	if !ok || !ok1 || !ok2 || step == 0 {
		return nil, nil, 0, false
	}
	seen = h.e
	if unsigned(k.T) {
		// the counter is seen wrapped into its type (headEnv)
		seen = x.unsignedValue(at, h.e, k.T)
	}
	return seen, s.e, step, true
}

// boundOf puts a condition that is one comparison of seen, the value of
// the induction variable k stepped by step, with an expression the loop
// does not change as "seen op bound"; nil when it is not one, or when k is
// unsigned and may wrap around before the comparison fails.
func (x *exec) boundOf(cond protocol.Cond, seen protocol.Expr, k *ir.Var, step int64, made func(protocol.Node) bool, counter string) *protocol.Cmp {
	cm := comparedWith(cond, seen)
	if cm == nil || made(cm.Y) || mentions(cm.Y, &protocol.Var{Name: counter}) {
		return nil
	}
	if unsigned(k.T) && !x.endsInRange(cm.Op, cm.Y, step, k.T) {
		return nil
	}
	return cm
}

// comparedWith puts a comparison x op y as "v op bound", with bound
// v - (x - y) once the terms that cancel are gone: w + 1 >= n is w >=
// n - 1 (in the protocol's integers, where x op y is x - y op 0); nil for
// any other condition, or where v itself is left in the bound. The caller
// checks that the bound is what it needs (loop-invariant: nothing of the
// iteration left in it).
func comparedWith(c protocol.Cond, v protocol.Expr) *protocol.Cmp {
	cm, ok := c.(*protocol.Cmp)
	if !ok {
		return nil
	}
	if m, rest := splitCond(cm, v); m != nil && rest == nil {
		return m
	}
	bound := protocol.LinearDiff(cm.At, v, protocol.LinearDiff(cm.At, cm.X, cm.Y))
	if mentions(bound, v) {
		return nil
	}
	return &protocol.Cmp{At: cm.At, Op: cm.Op, X: v, Y: bound}
}

// exitValues are the values of the carried variables after a search loop
// (breakTrips): their values where it breaks, at the iteration sub
// names, where those are made of names that outlive the loop.
func exitValues(c carried, brk env, made func(protocol.Node) bool, sub protocol.Subst) map[*ir.Var]protocol.Expr {
	vals := map[*ir.Var]protocol.Expr{}
	for k := range c.keys {
		iv, ok := brk[k].(intVal)
		if !ok {
			continue
		}
		if e := sub.Expr(iv.e); !made(e) {
			vals[k] = e
		}
	}
	return vals
}

// endsInRange reports whether an unsigned counter of type t stepped by step
// fails "v op bound" before it wraps around: its values are then the
// mathematical ones (for (unsigned t = 0; t < n; t++) ends at n, which
// does not exceed the type's maximum).
func (x *exec) endsInRange(op protocol.CmpOp, bound protocol.Expr, step int64, t ir.Type) bool {
	if t.Size >= 8 {
		return false
	}
	top := int64(1)<<(8*t.Size) - 1
	r := x.rangeOf(bound)
	switch {
	case step > 0 && op == protocol.Lt:
		return r.hi < inf && r.hi-1+step <= top
	case step > 0 && op == protocol.Le:
		return r.hi < inf && r.hi+step <= top
	case step < 0 && op == protocol.Gt:
		return r.lo > -inf && r.lo+1 >= -step
	case step < 0 && op == protocol.Ge:
		return r.lo > -inf && r.lo >= -step
	}
	return false
}

// stepTrips is the number of values lo, lo + step, ... that satisfy
// "value op bound" before the first that does not; nil where the
// comparison does not bound the values in the step's direction.
func stepTrips(at protocol.Pos, op protocol.CmpOp, lo, bound protocol.Expr, step int64) protocol.Expr {
	var span protocol.Expr // how far the condition lets the values go, from lo
	d := step
	switch {
	case step > 0 && op == protocol.Lt:
		span = sub(at, sub(at, bound, lo), lit(at, 1))
	case step > 0 && op == protocol.Le:
		span = sub(at, bound, lo)
	case step < 0 && op == protocol.Gt:
		span, d = sub(at, sub(at, lo, bound), lit(at, 1)), -step
	case step < 0 && op == protocol.Ge:
		span, d = sub(at, lo, bound), -step
	default:
		return nil
	}
	first := cmp(at, op, lo, bound)
	return ite(at, first, add(at, div(at, span, lit(at, d)), lit(at, 1)), lit(at, 0))
}

// localBreak reports whether some break leaves a loop under a condition
// that may differ between threads.
//
// A loop with a barrier and a fresh number of trips (genericLoop) may be
// left by breaks that every thread takes alike (a persistent block's
// while (1) { ...; __syncthreads(); if (done) break; ... }): the statements
// after a break run only where it is not taken, and the last iteration is
// the one that breaks (the trips are any number), so every run of the
// threads is one of the protocol's; where a barrier follows the break in
// the body, the barrier is conditional in some iterations and not in
// others, which is unknown on its own. A break that some threads take and
// others do not leaves them at different barriers: not modelled.
func (x *exec) localBreak(js []jump) bool {
	for _, j := range js {
		if x.k.isLocal(j.cond) {
			return true
		}
	}
	return false
}

func (x *exec) anyBlock(c carried) bool {
	for k := range c.keys {
		if c.block[k] {
			return true
		}
	}
	return false
}

// afterLoop makes the environment after a loop and its exits: the
// variables the loop modifies are fresh; a return or a region exit inside
// the loop makes the code after it run only for threads that did not take
// it.
func (x *exec) afterLoop(at protocol.Pos, l loopSyntax, entry env, c carried, sum exitSummary, sync bool, s shape) exits {
	exitLocal := c.control || s.local || sum.local
	after := entry.clone()
	for _, k := range sortedVars(c.keys) {
		v, ok := after[k]
		if !ok {
			continue
		}
		if e, ok := s.exit[k]; ok {
			after[k] = intVal{e}
			continue
		}
		if exact, ok := x.tableExit(at, l, c, sum, s, k, v); ok {
			after[k] = exact
			continue
		}
		if st, ok := c.cycles[k]; ok {
			// the state after the last iteration, when their number is
			// known
			if n := x.tripCount(at, l, sum, s); n != nil {
				after[k] = intVal{st.at(at, n)}
				continue
			}
		}
		if st, ok := c.steps[k]; ok && k != l.v {
			// an induction variable moved by st in every iteration ends
			// st times the trip count past its entry value, when the
			// count is known (a loop left by its condition alone)
			if n := x.tripCount(at, l, sum, s); n != nil {
				if iv, ok := v.(intVal); ok {
					after[k] = intVal{x.signedResult(add(at, iv.e, mulSteps(at, n, st)), k.T)}
					continue
				}
			}
		}
		if k == l.v && s.kind == decShape && isLit(s.step, 1) && s.guard == nil && !sum.brk && !sum.ret && len(sum.regions) == 0 {
			// i > b (i >= b) from lo, counting down by one, ends at
			// min(lo, b) (min(lo, b - 1))
			if _, ok := v.(intVal); ok && x.countsDown(l, s) {
				end := s.bound
				if s.op == protocol.Ge {
					end = sub(at, end, lit(at, 1))
				}
				after[k] = intVal{minExpr(at, s.lo, end)}
				continue
			}
		}
		if k == l.v && s.kind == incShape && isLit(s.step, 1) && (s.guard == nil || s.also != nil) && !sum.brk && !sum.ret && len(sum.regions) == 0 {
			// i < n from lo ends at max(lo, n), and i < n && i < t at
			// max(lo, min(n, t)); with any other conjunct it may end
			// earlier, and is left unknown
			hi := s.bound
			if s.op == protocol.Le {
				hi = add(at, hi, lit(at, 1))
			}
			if s.also != nil {
				hi = minExpr(at, hi, s.also)
			}
			after[k] = intVal{maxExpr(at, s.lo, hi)}
			continue
		}
		if k == l.v && (s.kind == incShape || s.kind == decShape) && s.step != nil && s.table == nil && !sum.ret && len(sum.regions) == 0 {
			// left by a break, or by a condition other than its bound
			// (a search loop): after some number n of whole iterations,
			// each a step from its first value, so lo + n * step
			n := x.freshInt(at, "iters", c.local[k] || exitLocal, c.block[k])
			if v, ok := n.(*protocol.Var); ok {
				x.k.setRange(v.Name, interval{0, inf})
				x.k.nonNeg[v.Name] = true // stated where used (rangeFacts)
			} else {
				x.emitAssume(&protocol.Assume{At: at, Cond: cmp(at, protocol.Ge, n, lit(at, 0))})
			}
			moved := mulSteps(at, n, s.step)
			end := add(at, s.lo, moved)
			if s.kind == decShape {
				end = sub(at, s.lo, moved)
			}
			after[k] = intVal{x.signedResult(end, k.T)}
			continue
		}
		after[k] = x.freshLike(at, v, c.local[k] || exitLocal, c.block[k], k)
	}
	x.exitCells = x.cellsAfter(at, l, c, sum, s)
	// variables first assigned in the loop hold, after it, a value of
	// some iteration, or none: fresh
	for _, k := range sum.first {
		if _, ok := after[k]; !ok {
			after[k] = x.fresh(at, k.T, k.CName, true, false)
		}
	}
	x.env = after
	if !sum.ret && len(sum.regions) == 0 {
		return fallThrough()
	}
	if sync {
		x.unknown(at, "return inside a loop with a barrier is not supported")
	}
	e := exits{}
	var taken protocol.Cond = boolLit(at, false)
	leave := func(name string, to *ir.Region) []jump {
		flag := x.freshInt(at, name, exitLocal, false)
		c := cmp(at, protocol.Ne, flag, lit(at, 0))
		taken = or(at, taken, c)
		return []jump{{cond: c, env: after.clone(), to: to}}
	}
	if sum.ret {
		e.ret = leave("returned", nil)
	}
	for _, to := range sum.regions {
		e.exit = append(e.exit, leave("left", to)...)
	}
	e.fall = not(at, taken)
	return e
}

// cellsAfter is what a loop's induction cells hold after it, when its
// condition alone ends it after a known number of iterations, evaluated
// without a barrier (the cells keep their age).
func (x *exec) cellsAfter(at protocol.Pos, l loopSyntax, c carried, sum exitSummary, s shape) []*cell {
	if len(c.cells) == 0 || l.Test != nil && len(l.Test.Stmts) > 0 {
		return nil
	}
	n := x.tripCount(at, l, sum, s)
	if n == nil {
		return nil
	}
	var cs []*cell
	for _, lc := range c.cells {
		if lc.step == nil {
			continue
		}
		d := *lc.entry
		d.v = intVal{x.signedResult(add(at, d.v.(intVal).e, mulSteps(at, n, lc.step)), d.t)}
		cs = append(cs, &d)
	}
	return cs
}

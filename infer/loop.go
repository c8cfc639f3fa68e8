package infer

import (
	"sort"

	"drfcheck/infer/clang"
	"drfcheck/protocol"
)

// Loops (seed 004, Section 5: "Whenever possible loops are transformed to
// loops with a stride of 1 following ideas from loop normalization [...].
// We approximate whiles as a structured loop with an unknown upper
// bound.").
//
// A loop is first run in trial mode, with the variables it modifies given
// fresh values at its head, until the set of modified variables and their
// locality no longer change; what a trial run emits is thrown away. The
// loop is then emitted once:
//   - a for loop whose variable changes only in its header by an additive
//     step, compared with a bound that the body does not change, becomes a
//     protocol loop over the same values (a decreasing one, when it
//     synchronizes, becomes a counter k and the variable hi - k*step, since
//     consecutive iterations must stay consecutive);
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
// of the enclosing loop variables.

// loopSyntax is the parts of a C loop.
type loopSyntax struct {
	n               *clang.Node
	init, cond, inc *clang.Node
	condVar, body   *clang.Node
	do              bool
	varKey, varName string          // the variable the increment changes, if one
	outer           map[string]bool // the variables in scope before the loop
}

func (x *exec) loopStmt(n *clang.Node) exits {
	l := loopSyntax{n: n}
	switch n.Kind {
	case "ForStmt":
		l.init, l.condVar, l.cond, l.inc, l.body = n.Child(0), n.Child(1), n.Child(2), n.Child(3), n.Child(4)
	case "WhileStmt":
		if n.HasVar {
			l.condVar, l.cond, l.body = n.Child(0), n.Child(1), n.Child(2)
		} else {
			l.cond, l.body = n.Child(0), n.Child(1)
		}
	case "DoStmt":
		l.body, l.cond, l.do = n.Child(0), n.Child(1), true
	}
	before := make(map[string]bool, len(x.env.vars))
	for k := range x.env.vars {
		before[k] = true
	}
	x.stmt(l.init)
	l.outer = before
	l.varKey, l.varName = incrementedVar(l.inc)
	e := x.loop(l)
	for k := range x.env.vars {
		if !before[k] {
			delete(x.env.vars, k)
		}
	}
	return e
}

// incrementedVar returns the variable an increment expression changes:
// i++, --i, i += s, i = i * 2, ...
func incrementedVar(inc *clang.Node) (key, name string) {
	n := strip(inc)
	if n == nil {
		return "", ""
	}
	var target *clang.Node
	switch n.Kind {
	case "UnaryOperator":
		if n.Opcode == "++" || n.Opcode == "--" {
			target = n.Child(0)
		}
	case "CompoundAssignOperator":
		target = n.Child(0)
	case "BinaryOperator":
		if n.Opcode == "=" {
			target = n.Child(0)
		}
	}
	target = strip(target)
	if target == nil || target.Kind != "DeclRefExpr" || target.Referenced == nil {
		return "", ""
	}
	return target.Referenced.ID, target.Referenced.Name
}

// trialNames returns a test for whether a node mentions a name given since
// the mark.
func (x *exec) trialNames(mark int) func(protocol.Node) bool {
	names := map[string]bool{}
	for _, n := range x.k.names.log[mark:] {
		names[n] = true
	}
	return func(n protocol.Node) bool {
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
	keys    map[string]bool
	local   map[string]bool
	block   map[string]bool
	control bool // the loop's condition or bounds differ between threads
	// steps holds the induction variables: those that every iteration
	// moves by the same step (an integer, or the offset of a pointer), so
	// that their value at an iteration is known exactly.
	steps map[string]protocol.Expr
}

// iterRun is one iteration of a loop as run by runIteration.
type iterRun struct {
	cond     protocol.Cond   // the condition at the head (for and while loops)
	condSts  []protocol.Stmt // accesses made evaluating it
	condEnv  *env            // the environment after evaluating it
	bodySts  []protocol.Stmt // the body and the increment
	body     exits           // the body's exits
	preInc   *env            // the environment at the end of the body, before the increment
	end      *env            // the environment at the end of the iteration
	head     *env            // the environment at the head
	trialMrk int             // names given after this mark are the trial's own
}

// runIteration runs the condition, body and increment of one iteration in
// the current environment.
func (x *exec) runIteration(l loopSyntax) iterRun {
	var r iterRun
	at := x.pos(l.n)
	r.head = x.env.clone()
	r.cond = boolLit(at, true)
	if !l.do {
		r.condSts = x.into(func() {
			if !l.condVar.Empty() {
				x.stmt(l.condVar)
			}
			if !l.cond.Empty() {
				r.cond = x.cond(l.cond)
			}
		})
	}
	r.condEnv = x.env.clone()
	r.bodySts = x.into(func() {
		r.body = x.stmt(l.body)
		c, e, _ := x.joinJumps(at, r.body.cont)
		switch {
		case isFalse(c):
		case isFalse(r.body.fall):
			x.env = e
		default:
			x.env = x.mergeEnv(at, r.body.fall, x.env, e)
		}
		reach := or(at, r.body.fall, c)
		r.preInc = x.env.clone()
		if isFalse(reach) {
			return
		}
		rest := x.into(func() {
			x.rvalueDiscard(l.inc)
			if l.do && !l.cond.Empty() {
				r.cond = x.cond(l.cond)
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
	savedSink, savedOut, savedEnv, savedLoops := x.sink, x.out, x.env, x.loops
	var discard []protocol.Stmt
	x.sink, x.out = &sink{}, &discard
	defer func() {
		x.sink, x.out, x.env, x.loops = savedSink, savedOut, savedEnv, savedLoops
		x.k.rollback(m)
	}()
	f()
}

// headEnv returns the environment at the head of an iteration: the entry
// environment with fresh values for the carried variables.
// When count (the number of iterations before the current one) is given,
// the induction variables get their exact values.
func (x *exec) headEnv(at protocol.Pos, entry *env, c carried, skip string, count protocol.Expr) *env {
	h := entry.clone()
	keys := make([]string, 0, len(c.keys))
	for k := range c.keys {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if k == skip {
			continue
		}
		v, ok := h.vars[k]
		if !ok {
			continue
		}
		if s, ok := c.steps[k]; ok && count != nil {
			if iv, ok := x.induction(at, v, mul(at, count, s)); ok {
				h.vars[k] = iv
				continue
			}
		}
		h.vars[k] = x.freshLike(at, v, c.local[k] || c.control, c.block[k], x.varNameOf(k))
	}
	return h
}

// induction moves an integer or a pointer by delta.
func (x *exec) induction(at protocol.Pos, v value, delta protocol.Expr) (value, bool) {
	switch v := v.(type) {
	case intVal:
		return intVal{add(at, v.e, delta)}, true
	case ptrVal:
		if len(v.alts) == 1 && v.alts[0].kind == tgArray && v.alts[0].guard == nil {
			a := v.alts[0]
			if a.bytes != nil {
				a.bytes = add(at, a.bytes, delta)
				return ptrVal{alts: []ptrAlt{a}}, true
			}
			if a.depth >= 0 && a.depth < len(a.idx) {
				idx := append([]protocol.Expr(nil), a.idx...)
				idx[a.depth] = add(at, idx[a.depth], delta)
				a.idx, a.flat = idx, a.flat || a.depth > 0
				return ptrVal{alts: []ptrAlt{a}}, true
			}
		}
	}
	return nil, false
}

// stepOf returns the step by which one iteration moved a variable, when it
// is the same at every iteration: it mentions nothing the trial made.
func stepOf(at protocol.Pos, head, end value, trial func(protocol.Node) bool) (protocol.Expr, bool) {
	var d protocol.Expr
	switch h := head.(type) {
	case intVal:
		e, ok := end.(intVal)
		if !ok {
			return nil, false
		}
		d = sub(at, e.e, h.e)
	case ptrVal:
		e, ok := end.(ptrVal)
		if !ok || len(h.alts) != 1 || len(e.alts) != 1 {
			return nil, false
		}
		ha, ea := h.alts[0], e.alts[0]
		if ha.kind != tgArray || ea.kind != tgArray || ha.arr != ea.arr || ha.guard != nil || ea.guard != nil ||
			(ha.bytes == nil) != (ea.bytes == nil) || ha.depth != ea.depth || ha.elem != ea.elem {
			return nil, false
		}
		if ha.bytes != nil {
			d = sub(at, ea.bytes, ha.bytes)
			break
		}
		if ha.depth < 0 || len(ha.idx) != len(ea.idx) {
			return nil, false
		}
		for i := range ha.idx {
			if i != ha.depth && !protocol.Equal(ha.idx[i], ea.idx[i]) {
				return nil, false
			}
		}
		d = sub(at, ea.idx[ha.depth], ha.idx[ha.depth])
	default:
		return nil, false
	}
	if trial(d) {
		return nil, false
	}
	return d, true
}

// varNameOf returns the C name of a variable, for naming its fresh values.
func (x *exec) varNameOf(key string) string {
	if d := x.k.tu.Decl(key); d != nil && d.Name != "" {
		return d.Name
	}
	return ""
}

// escape returns a value that stands for any value a loop's body may hand
// out of the loop (by a return): fresh, thread-local, mentioning nothing of
// the loop.
func (x *exec) escape(at protocol.Pos, v value) value {
	switch v.(type) {
	case intVal:
		return intVal{x.freshLocal(at, "ret")}
	case ptrVal:
		return unknownPtr("a pointer returned from inside a loop")
	case structVal:
		return structVal{fields: map[string]value{}, local: true}
	case voidVal:
		return v
	}
	return x.k.opaque(true, false)
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

// freshLike returns a fresh value shaped like v.
func (x *exec) freshLike(at protocol.Pos, v value, local, block bool, name string) value {
	switch v := v.(type) {
	case intVal:
		return intVal{x.freshInt(at, name, local, block)}
	case opaqueVal:
		return x.k.opaque(local || v.local, block || v.block)
	case structVal:
		fields := map[string]value{}
		for f, fv := range v.fields {
			fields[f] = x.freshLike(at, fv, local, block, name+"_"+f)
		}
		return structVal{fields: fields, local: local || v.local, lazy: v.lazy}
	case ptrVal:
		if len(v.alts) == 1 && v.alts[0].guard == nil {
			a := v.alts[0]
			switch a.kind {
			case tgArray:
				if a.bytes != nil {
					a.bytes = x.freshInt(at, name+"_off", local, block)
					return ptrVal{alts: []ptrAlt{a}}
				}
				if a.depth >= 0 {
					idx := append([]protocol.Expr(nil), a.idx...)
					idx[a.depth] = x.freshInt(at, name+"_off", local, block)
					a.idx = idx
					a.flat = a.flat || a.depth > 0
					return ptrVal{alts: []ptrAlt{a}}
				}
			case tgLocal, tgUnknown:
				return v
			}
		}
		return unknownPtr("a pointer that changes in a loop")
	}
	return v
}

// analyze finds the variables a loop modifies and their locality by trial
// runs, until nothing changes.
func (x *exec) analyze(l loopSyntax, entry *env) carried {
	at := x.pos(l.n)
	c := carried{keys: map[string]bool{}, local: map[string]bool{}, block: map[string]bool{}, steps: map[string]protocol.Expr{}}
	for k, v := range entry.vars {
		l, b := x.taintOf(v)
		c.local[k], c.block[k] = l, b
	}
	for round := 0; round < 6; round++ {
		changed := false
		x.trial(func() {
			mark := x.k.names.mark()
			counter := x.k.names.fresh("iter")
			x.k.loopLocal[counter] = c.control
			x.loops = append(x.loops, loopFrame{v: counter, local: c.control})
			x.env = x.headEnv(at, entry, c, "", nil)
			r := x.runIteration(l)
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
			for k, hv := range r.head.vars {
				ev, ok := r.end.vars[k]
				if !ok {
					continue
				}
				if x.materialize(at, entry, k, ev) {
					// a field of a struct parameter that the loop sets:
					// from now on the head gives it a fresh value
					changed = true
				}
				if !equalValues(hv, ev) && !c.keys[k] {
					c.keys[k], changed = true, true
				}
				if !c.keys[k] {
					continue
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
			}
		})
		if !changed {
			return c
		}
	}
	// no fixed point: everything the loop touches is thread-local
	for k := range c.keys {
		c.local[k] = true
	}
	c.control = true
	c.steps = map[string]protocol.Expr{}
	return c
}

// materialize gives the struct parameter held in variable k at the loop's
// entry every field that the end of an iteration has (its value being the
// parameter's field), so that the fields the loop sets are carried like any
// other value instead of being read back as the parameter's at each
// iteration. It reports whether it added a field.
func (x *exec) materialize(at protocol.Pos, entry *env, k string, end value) bool {
	sv, ok := entry.vars[k].(structVal)
	ev, ok2 := end.(structVal)
	if !ok || !ok2 || sv.lazy == nil {
		return false
	}
	added := false
	fields := make(map[string]value, len(sv.fields))
	for f, v := range sv.fields {
		fields[f] = v
	}
	for f, v := range ev.fields {
		if _, ok := fields[f]; !ok {
			fields[f] = x.field(at, sv, f, typeOfValue(v))
			added = true
		}
	}
	if added {
		entry.vars[k] = structVal{fields: fields, local: sv.local, lazy: sv.lazy}
	}
	return added
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

// recognize checks whether a for loop has a loop variable that only its
// increment changes, by a step or factor that the body does not change,
// compared with a bound the body does not change.
func (x *exec) recognize(l loopSyntax, entry *env, c carried) shape {
	if l.varKey == "" || l.do || l.cond.Empty() {
		return shape{}
	}
	start, ok := entry.vars[l.varKey].(intVal)
	if !ok {
		return shape{}
	}
	at := x.pos(l.n)
	var s shape
	x.trial(func() {
		mark := x.k.names.mark()
		counter := x.k.names.fresh("iter")
		x.loops = append(x.loops, loopFrame{v: counter, local: c.control})
		x.env = x.headEnv(at, entry, c, "", nil)
		head, ok := x.env.vars[l.varKey].(intVal)
		if !ok {
			return
		}
		r := x.runIteration(l)
		trialNames := map[string]bool{}
		for _, n := range x.k.names.log[mark:] {
			trialNames[n] = true
		}
		mentionsTrial := func(n protocol.Node) bool {
			for v := range protocol.FreeVars(n) {
				if trialNames[v] {
					return true
				}
			}
			return false
		}
		// the condition has no effect and makes no access
		if len(r.condSts) > 0 || !sameEnv(r.head, r.condEnv) {
			return
		}
		// the body does not change the variable
		if pv, ok := r.preInc.vars[l.varKey]; !ok || !equalValues(pv, head) {
			return
		}
		end, ok := r.end.vars[l.varKey].(intVal)
		if !ok {
			return
		}
		s = classifyStep(head.e, end.e, mentionsTrial)
		if s.kind == noShape {
			return
		}
		// the rest of a conjunction is evaluated again in the final run
		cmpNode, _ := splitCond(r.cond, head.e)
		if cmpNode == nil || mentionsTrial(cmpNode.Y) {
			s = shape{}
			return
		}
		s.op, s.bound = cmpNode.Op, cmpNode.Y
	})
	if s.kind == noShape {
		return shape{}
	}
	s.lo = start.e
	if !x.directionFits(&s) {
		return shape{}
	}
	s.local = x.k.isLocal(s.lo) || x.k.isLocal(s.bound) || s.step != nil && x.k.isLocal(s.step)
	return s
}

func sameEnv(a, b *env) bool {
	if len(a.vars) != len(b.vars) {
		return false
	}
	for k, v := range a.vars {
		w, ok := b.vars[k]
		if !ok || !equalValues(v, w) {
			return false
		}
	}
	return true
}

// classifyStep recognizes next as head + s, head - s, head * m or head / m
// (as the shifts and divisions of intOp write them), with s and m not
// depending on the iteration.
func classifyStep(head, next protocol.Expr, mentionsTrial func(protocol.Node) bool) shape {
	b, ok := next.(*protocol.Binary)
	if ok && protocol.Equal(b.X, head) {
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
	if ok && b.Op == protocol.Mul && protocol.Equal(b.Y, head) {
		if k, ok := litValue(b.X); ok && k >= 2 {
			return shape{kind: mulShape, factor: k}
		}
	}
	if it, ok := next.(*protocol.Ite); ok {
		// v >> k for a v that may be negative: floor division
		if d, ok := it.Then.(*protocol.Binary); ok && d.Op == protocol.Div && protocol.Equal(d.X, head) {
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
		case protocol.Equal(c.X, v) && !mentions(c.Y, v):
			return c, nil
		case protocol.Equal(c.Y, v) && !mentions(c.X, v):
			return &protocol.Cmp{At: c.At, Op: flipCmp[c.Op], X: c.Y, Y: c.X}, nil
		}
		// v itself as a condition: v != 0
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
	protocol.Inspect(n, func(m protocol.Node) bool {
		if x, ok := m.(protocol.Expr); ok && protocol.Equal(x, e) {
			found = true
		}
		return !found
	})
	return found
}

// directionFits checks that the comparison stops the loop in the direction
// it moves, turning != into < or >.
func (x *exec) directionFits(s *shape) bool {
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
			if s.kind == divShape && isLit(s.bound, 0) && nonNegative(s.lo) {
				s.op = protocol.Gt
				return true
			}
		}
	}
	return false
}

// loop runs a loop and emits its protocol.
func (x *exec) loop(l loopSyntax) exits {
	at := x.pos(l.n)
	entry := x.env.clone()
	c := x.analyze(l, entry)
	s := x.recognize(l, entry, c)
	if s.kind != noShape {
		if e, ok := x.shapedLoop(l, entry, c, s); ok {
			return e
		}
	}
	return x.genericLoop(at, l, entry, c)
}

// shapedLoop emits a recognized for loop. It fails (emitting nothing) when
// the shape has no exact or sound rendering, leaving the generic loop.
func (x *exec) shapedLoop(l loopSyntax, entry *env, c carried, s shape) (exits, bool) {
	at := x.pos(l.n)
	m := x.k.mark()
	inLoop := x.trialNames(x.k.names.mark())
	unknowns := len(x.sink.unknowns)
	savedOut := x.out
	var out []protocol.Stmt
	x.out = &out
	// The body runs with a placeholder for the loop variable, replaced
	// once the rendering is known (the variable itself, or a function of
	// an iteration counter).
	name := x.k.names.fresh("@" + l.varName)
	x.k.loopLocal[name] = s.local
	v := &protocol.Var{At: at, Name: name}
	x.loops = append(x.loops, loopFrame{v: name, local: s.local})
	x.env = x.headEnv(at, entry, c, l.varKey, s.iterations(at, v))
	x.env.vars[l.varKey] = intVal{v}
	r := x.runIteration(l)
	x.loops = x.loops[:len(x.loops)-1]
	x.out = savedOut
	body := r.bodySts
	cmpNode, guard := splitCond(r.cond, v)
	if cmpNode == nil || !protocol.Equal(cmpNode.Y, s.bound) || len(r.condSts) > 0 {
		// the final run does not have the shape the trial found
		x.k.rollback(m)
		x.sink.unknowns = x.sink.unknowns[:unknowns]
		x.env = entry.clone()
		return exits{}, false
	}
	s.guard = nil
	if guard != nil {
		body = []protocol.Stmt{&protocol.If{At: at, Cond: guard, Then: &protocol.Block{At: at, Stmts: body}}}
		s.guard = guard
		if c, rest := splitCond(guard, v); c != nil && rest == nil && !inLoop(c.Y) && (c.Op == protocol.Lt || c.Op == protocol.Le) {
			s.also = c.Y
			if c.Op == protocol.Le {
				s.also = add(at, c.Y, lit(at, 1))
			}
		}
	}
	sync := protocol.HasSync(&protocol.Block{Stmts: body})
	loop, ok := x.renderShape(at, s, name, l.varName, body, sync)
	if !ok {
		x.k.rollback(m)
		x.sink.unknowns = x.sink.unknowns[:unknowns]
		x.env = entry.clone()
		return exits{}, false
	}
	if sync && len(r.body.brk) > 0 {
		x.unknown(l.n, "", "break in a loop with a barrier is not supported")
	}
	if sync && s.guard != nil && !isTrue(s.guard) {
		x.unknown(l.n, "", "a loop condition other than a bound on the loop variable, in a loop with a barrier, is not supported")
	}
	x.emit(loop...)
	return x.afterLoop(at, l, entry, c, r, sync, s), true
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
		return append(x.positiveStep(at, s.lo, hi, s.step), loop), true
	case decShape:
		// values lo, lo - step, ... while v > bound (or >= bound)
		low := s.bound
		if s.op == protocol.Gt {
			low = add(at, low, lit(at, 1))
		}
		count := div(at, add(at, sub(at, s.lo, low), s.step), s.step)
		pre := x.positiveStep(at, low, add(at, s.lo, lit(at, 1)), s.step)
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
		sub := protocol.Subst{placeholder: value}
		sts, _ := sub.Stmts(body)
		return append(pre, &protocol.Loop{At: at, Var: k, Lo: lit(at, 0), Hi: count, Body: blk(sts)}), true
	case mulShape, divShape:
		if !sync {
			if !x.rangeKnown(s) {
				return nil, false
			}
			name, body := direct()
			return x.multiplicativeRange(at, s, name, body)
		}
		return x.multiplicativeCounter(at, s, placeholder, cname, body), true
	}
	return nil, false
}

// positiveStep assumes what C guarantees of a loop that moves its variable
// by a step that is not a constant: when it runs at all (lo < hi), the step
// is positive, since otherwise the loop never ends. Without it, a race
// found with a step of 0 or less could not be shown.
func (x *exec) positiveStep(at protocol.Pos, lo, hi, step protocol.Expr) []protocol.Stmt {
	if k, ok := litValue(step); ok && k > 0 || positive(step) {
		return nil
	}
	c := or(at, cmp(at, protocol.Ge, lo, hi), cmp(at, protocol.Gt, step, lit(at, 0)))
	return []protocol.Stmt{&protocol.Assume{At: at, Cond: c}}
}

// rangeKnown reports whether the values of a multiplicative loop without
// barriers have a known range.
func (x *exec) rangeKnown(s shape) bool {
	if s.kind == mulShape {
		return positive(s.lo)
	}
	b, ok := litValue(s.bound)
	return ok && b >= 0
}

// multiplicativeRange over-approximates the values of a multiplicative loop
// without barriers by every integer in their range.
func (x *exec) multiplicativeRange(at protocol.Pos, s shape, name string, body []protocol.Stmt) ([]protocol.Stmt, bool) {
	blk := &protocol.Block{At: at, Stmts: body}
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
	count := x.freshInt(at, cname+"_count", s.local, x.k.isBlock(s.lo) || x.k.isBlock(s.bound))
	x.loops = append(x.loops, loopFrame{v: k, local: s.local})
	var f protocol.Expr
	if s.local {
		f = x.freshInt(at, cname, true, false)
	} else {
		f = x.freshInt(at, cname, false, x.k.isBlock(s.lo) || x.k.isBlock(s.bound))
	}
	x.loops = x.loops[:len(x.loops)-1]
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
	sub := protocol.Subst{placeholder: f}
	sts, _ := sub.Stmts(body)
	sts = append([]protocol.Stmt{&protocol.Assume{At: at, Cond: and(at, inv, rng)}}, sts...)
	// The loop runs at least once exactly when its condition holds for the
	// first value: the trip count says so, which spares the checker the case
	// "no iteration" when, say, blockDim.x >= 2 makes blockDim.x/2 > 0.
	first := &protocol.Cmp{At: at, Op: s.op, X: s.lo, Y: s.bound}
	trips := &protocol.Ite{At: at, Cond: first, Then: maxExpr(at, count, lit(at, 1)), Else: lit(at, 0)}
	return []protocol.Stmt{&protocol.Loop{At: at, Var: k, Lo: lit(at, 0), Hi: trips, Body: &protocol.Block{At: at, Stmts: sts}}}
}

// genericLoop emits a loop with an unknown number of iterations.
func (x *exec) genericLoop(at protocol.Pos, l loopSyntax, entry *env, c carried) exits {
	name := x.loopName("iter")
	x.k.loopLocal[name] = c.control
	count := x.freshInt(at, "trips", c.control, x.anyBlock(c))
	if l.do {
		count = maxExpr(at, count, lit(at, 1))
	}
	x.loops = append(x.loops, loopFrame{v: name, local: c.control})
	x.env = x.headEnv(at, entry, c, "", &protocol.Var{At: at, Name: name})
	r := x.runIteration(l)
	x.loops = x.loops[:len(x.loops)-1]
	var body []protocol.Stmt
	body = append(body, r.condSts...)
	if !isTrue(r.cond) && !l.do {
		body = append(body, &protocol.Assume{At: at, Cond: r.cond})
	}
	body = append(body, r.bodySts...)
	sync := protocol.HasSync(&protocol.Block{Stmts: body})
	if sync && len(r.body.brk) > 0 {
		x.unknown(l.n, "", "break in a loop with a barrier is not supported")
	}
	x.emit(&protocol.Loop{At: at, Var: name, Lo: lit(at, 0), Hi: count, Body: &protocol.Block{At: at, Stmts: body}})
	e := x.afterLoop(at, l, entry, c, r, sync, shape{})
	if !l.do && !l.cond.Empty() {
		// the last, failing check of the condition
		x.stmt(l.condVar)
		x.cond(l.cond)
	}
	return e
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
// variables the loop modifies are fresh; a return inside the loop makes
// the code after it run only for threads that did not return.
func (x *exec) afterLoop(at protocol.Pos, l loopSyntax, entry *env, c carried, r iterRun, sync bool, s shape) exits {
	exitLocal := c.control || s.local
	for _, j := range r.body.brk {
		if x.k.isLocal(j.cond) {
			exitLocal = true
		}
	}
	for _, j := range r.body.ret {
		if x.k.isLocal(j.cond) {
			exitLocal = true
		}
	}
	after := entry.clone()
	keys := make([]string, 0, len(c.keys))
	for k := range c.keys {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		v, ok := after.vars[k]
		if !ok || !l.outer[k] {
			continue // declared by the loop: out of scope after it
		}
		if k == l.varKey && s.kind == incShape && isLit(s.step, 1) && (s.guard == nil || s.also != nil) && len(r.body.brk) == 0 && len(r.body.ret) == 0 {
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
			after.vars[k] = intVal{maxExpr(at, s.lo, hi)}
			continue
		}
		after.vars[k] = x.freshLike(at, v, c.local[k] || exitLocal, c.block[k], x.varNameOf(k))
	}
	x.env = after
	if len(r.body.ret) == 0 {
		return fallThrough()
	}
	if sync {
		x.unknown(l.n, "", "return inside a loop with a barrier is not supported")
	}
	flag := x.freshInt(at, "returned", exitLocal, false)
	returned := cmp(at, protocol.Ne, flag, lit(at, 0))
	_, _, val := x.joinJumps(at, r.body.ret)
	if val != nil {
		val = x.escape(at, val)
	}
	return exits{fall: not(at, returned), ret: []jump{{cond: returned, env: after.clone(), val: val}}}
}

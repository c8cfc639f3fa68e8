package smtgen

import (
	"fmt"
	"sort"
	"strings"

	"github.com/aclements/go-z3/z3"

	"drfcheck/protocol"
	"drfcheck/split"
)

// RaceQuery asks whether two threads race on Array within one trace.
type RaceQuery struct {
	Env
	Array string
	Trace split.Trace
	// Exclude lists pairs of access IDs already reported: models where the
	// two threads are at these accesses are not wanted.
	Exclude [][2]int
}

// site is an access of a phase with what a thread passes to reach it: the
// enclosing unsynchronized loops and the conditions that hold.
type site struct {
	access *protocol.Access
	frames []*frame // outermost first
}

// frame is one enclosing loop or condition of some sites. The sites under a
// frame are consecutive in program order, [first, last], so each frame is
// encoded once per thread, guarded by "the thread's access is under it".
// Sharing a loop's variable among the accesses under it is sound because
// each thread is at exactly one access.
type frame struct {
	id          int
	loop        *protocol.Loop
	cond        protocol.Cond
	first, last int
}

// sites lists the accesses to array in the statements, in program order.
func sites(sts []protocol.Stmt, array string) []site {
	var out []site
	nframes := 0
	var walk func(sts []protocol.Stmt, frames []*frame)
	enter := func(f *frame, body []protocol.Stmt, frames []*frame) {
		f.id, f.first = nframes, len(out)
		nframes++
		walk(body, push(frames, f))
		f.last = len(out) - 1
	}
	walk = func(sts []protocol.Stmt, frames []*frame) {
		for _, s := range sts {
			switch s := s.(type) {
			case *protocol.Access:
				if s.Array == array {
					out = append(out, site{access: s, frames: frames})
				}
			case *protocol.Loop:
				enter(&frame{loop: s}, s.Body.Stmts, frames)
			case *protocol.If:
				enter(&frame{cond: s.Cond}, s.Then.Stmts, frames)
				if s.Else != nil {
					enter(&frame{cond: &protocol.Not{At: s.Cond.Pos(), X: s.Cond}}, s.Else.Stmts, frames)
				}
			case *protocol.Assume:
				// A nested assumption guards what follows it in its block:
				// the frame is closed when the block ends.
				f := &frame{cond: s.Cond, id: nframes, first: len(out)}
				nframes++
				frames = push(frames, f)
				defer func() { f.last = len(out) - 1 }()
			case *protocol.Block:
				walk(s.Stmts, frames)
			}
		}
	}
	walk(sts, nil)
	return out
}

func push(fs []*frame, f *frame) []*frame { return append(fs[:len(fs):len(fs)], f) }

// frameScopes encodes every frame once for one thread: the loop variable in
// its range, or the condition, when the thread's access is under it. It
// returns the scope inside each frame, by frame id.
func (e *encoder) frameScopes(ss []site, sel z3.Int, sc scope) map[int]scope {
	inside := map[int]scope{}
	for _, s := range ss {
		outer := sc
		for _, f := range s.frames {
			if in, done := inside[f.id]; done {
				outer = in
				continue
			}
			under := sel.GE(e.lit(int64(f.first))).And(sel.LE(e.lit(int64(f.last))))
			c, in := e.frameCond(f, outer)
			e.assert(under.Implies(c))
			inside[f.id] = in
			outer = in
		}
	}
	return inside
}

// frameCond encodes what holds inside a frame and the scope there.
func (e *encoder) frameCond(f *frame, sc scope) (z3.Bool, scope) {
	if f.cond != nil {
		return e.cond(f.cond, sc), sc
	}
	l := f.loop
	name := threadName(fmt.Sprintf("%s@%d", l.Var, f.id), sc.thread)
	v := e.int(name)
	lo, hi := e.expr(l.Lo, sc), e.expr(l.Hi, sc)
	conds := []z3.Bool{v.LT(hi)}
	if l.Step == nil {
		conds = append(conds, lo.LE(v))
	} else {
		// v = lo + n*step for some n >= 0, when the loop runs at all
		// (lo < hi): C's loop for any step, even a non-positive one, which
		// never ends. Without lo < hi a negative step would reach values
		// below hi from a loop that never starts.
		n := e.int(name + "#n")
		conds = append(conds, lo.LT(hi), n.GE(e.lit(0)), v.Eq(lo.Add(e.mul(n, e.expr(l.Step, sc)))))
	}
	return and(e.ctx, conds...), sc.with(l.Var, v)
}

// siteScope is the scope at a site: inside its innermost frame.
func siteScope(s site, inside map[int]scope, sc scope) scope {
	if len(s.frames) == 0 {
		return sc
	}
	return inside[s.frames[len(s.frames)-1].id]
}

// raceVars are the constants of a race formula that describe one thread's
// access: which site, its mode, its array index and its access ID.
type raceVars struct {
	sel, mode, id z3.Int
	index         []z3.Int
	known, value  z3.Int // a write whose value the protocol gives: known = 1
}

// race builds the formula of Example 2 (seed 004): each thread is at one of
// the sites, the indices agree in every dimension, and the modes conflict.
// It returns the per-thread constants and the sites with their scopes.
func (e *encoder) race(q RaceQuery) ([2]raceVars, []site, [2][]scope) {
	vars := e.context(q.Pre, q.Agree, q.Trace.Binders)
	ss := sites(q.Trace.Phase, q.Array)
	dims := len(ss[0].access.Index)
	var rv [2]raceVars
	var scopes [2][]scope
	for t := 0; t < 2; t++ {
		th := t + 1
		rv[t] = raceVars{
			sel:   e.int(threadName("site", th)),
			mode:  e.int(threadName("mode", th)),
			id:    e.int(threadName("access", th)),
			known: e.int(threadName("known", th)),
			value: e.int(threadName("value", th)),
		}
		for _, v := range []string{"site", "mode", "access", "known", "value"} {
			e.internal[threadName(v, th)] = true
		}
		for d := 0; d < dims; d++ {
			rv[t].index = append(rv[t].index, e.int(threadName(fmt.Sprintf("index%d", d), th)))
		}
		e.assert(rv[t].sel.GE(e.lit(0)).And(rv[t].sel.LT(e.lit(int64(len(ss))))))
		outer := scope{thread: th, vars: vars}
		inside := e.frameScopes(ss, rv[t].sel, outer)
		for i, s := range ss {
			sc := siteScope(s, inside, outer)
			scopes[t] = append(scopes[t], sc)
			at := []z3.Bool{rv[t].mode.Eq(e.lit(int64(s.access.Mode))), rv[t].id.Eq(e.lit(int64(s.access.ID)))}
			for d, ix := range s.access.Index {
				at = append(at, rv[t].index[d].Eq(e.expr(ix, sc)))
			}
			if s.access.Value != nil && s.access.Mode == protocol.Write {
				at = append(at, rv[t].known.Eq(e.lit(1)), rv[t].value.Eq(e.expr(s.access.Value, sc)))
			} else {
				at = append(at, rv[t].known.Eq(e.lit(0)))
			}
			e.assert(rv[t].sel.Eq(e.lit(int64(i))).Implies(and(e.ctx, at...)))
		}
	}
	for d := 0; d < dims; d++ {
		e.assert(rv[0].index[d].Eq(rv[1].index[d]))
	}
	e.assert(e.conflict(rv[0].mode, rv[1].mode))
	if !q.BenignRaces {
		// two writes of one value are benign (GPUVerify, Faial)
		one := e.lit(1)
		e.assert(and(e.ctx, rv[0].known.Eq(one), rv[1].known.Eq(one), rv[0].value.Eq(rv[1].value)).Not())
	}
	for _, p := range q.Exclude {
		e.exclude(rv, p)
	}
	return rv, ss, scopes
}

func (e *encoder) conflict(m1, m2 z3.Int) z3.Bool {
	rd, at := e.lit(int64(protocol.Read)), e.lit(int64(protocol.Atomic))
	bothRead := m1.Eq(rd).And(m2.Eq(rd))
	bothAtomic := m1.Eq(at).And(m2.Eq(at))
	return bothRead.Or(bothAtomic).Not()
}

func (e *encoder) exclude(rv [2]raceVars, p [2]int) {
	a, b := e.lit(int64(p[0])), e.lit(int64(p[1]))
	e.assert(rv[0].id.Eq(a).And(rv[1].id.Eq(b)).Not())
	e.assert(rv[0].id.Eq(b).And(rv[1].id.Eq(a)).Not())
}

// mayConflict reports whether some pair of sites has conflicting modes; when
// none has (all reads, or all atomics) there is nothing to ask.
func mayConflict(ss []site) bool {
	for _, a := range ss {
		for _, b := range ss {
			if protocol.Conflicts(a.access.Mode, b.access.Mode) {
				return true
			}
		}
	}
	return false
}

// Value is a named integer of a witness.
type Value struct {
	Name  string
	Value int64
}

// Witness is a model of a race formula: two threads, the accesses they make
// and every value that leads there.
type Witness struct {
	Array             string
	BlockDim, GridDim [3]int64
	WarpSize          int64
	LockStep          bool
	Params            []Value // the params used as integers, by name
	Binders           []Value // the variables of the enclosing aligned loops
	Threads           [2]ThreadWitness
	// Funcs gives the value of each uninterpreted function at the points
	// the two accesses use, keyed by Call text such as "f(1,2)".
	Funcs map[string]int64
}

// ThreadWitness is one thread of a witness.
type ThreadWitness struct {
	Access    *protocol.Access
	ThreadIdx [3]int64
	BlockIdx  [3]int64
	Locals    []Value // the thread's locals, by name
	Loops     []Value // the source loops around the access, outermost first
	Index     []int64
}

// CallKey formats the point of an uninterpreted function application.
func CallKey(name string, args []int64) string {
	parts := make([]string, len(args))
	for i, a := range args {
		parts[i] = fmt.Sprint(a)
	}
	return name + "(" + strings.Join(parts, ",") + ")"
}

// modelReader reads integer values out of a model.
type modelReader struct {
	e   *encoder
	m   *z3.Model
	err error
}

func (r *modelReader) int(x z3.Int) int64 {
	v, isLit, ok := r.m.Eval(x, true).(z3.Int).AsInt64()
	if (!isLit || !ok) && r.err == nil {
		r.err = fmt.Errorf("model value of %s does not fit in 64 bits", x)
	}
	return v
}

func (r *modelReader) expr(x protocol.Expr, sc scope) int64 { return r.int(r.e.expr(x, sc)) }

func (r *modelReader) named(names []string, f func(string) string) []Value {
	var vs []Value
	for _, n := range names {
		vs = append(vs, Value{Name: n, Value: r.int(r.e.int(f(n)))})
	}
	return vs
}

// witness reads a race out of a model.
func (e *encoder) witness(m *z3.Model, q RaceQuery, rv [2]raceVars, ss []site, scopes [2][]scope) (*Witness, error) {
	r := &modelReader{e: e, m: m}
	w := &Witness{Array: q.Array, Funcs: map[string]int64{}, WarpSize: e.env.Launch.Warp(), LockStep: e.env.Launch.LockStep}
	for d := 0; d < 3; d++ {
		w.BlockDim[d] = r.int(e.int(protocol.BuiltinName(protocol.BlockDim, d)))
		w.GridDim[d] = r.int(e.int(protocol.BuiltinName(protocol.GridDim, d)))
	}
	w.Params = r.named(e.env.Info.Params(), func(n string) string { return n })
	for _, b := range q.Trace.Binders {
		w.Binders = append(w.Binders, Value{Name: b.Var, Value: r.int(e.int(b.Var))})
	}
	for t := 0; t < 2; t++ {
		th := t + 1
		i := int(r.int(rv[t].sel))
		if i < 0 || i >= len(ss) {
			return nil, fmt.Errorf("model selects no access (site %d)", i)
		}
		s, sc := ss[i], scopes[t][i]
		tw := ThreadWitness{Access: s.access}
		for d := 0; d < 3; d++ {
			tw.ThreadIdx[d] = r.int(e.builtin(&protocol.Builtin{Kind: protocol.ThreadIdx, Dim: d}, th))
			tw.BlockIdx[d] = r.int(e.builtin(&protocol.Builtin{Kind: protocol.BlockIdx, Dim: d}, th))
		}
		tw.Locals = r.named(e.env.Info.Locals(), func(n string) string { return threadName(n, th) })
		for _, l := range s.access.Loops {
			tw.Loops = append(tw.Loops, Value{Name: l.Name, Value: r.expr(l.Value, sc)})
		}
		for _, ix := range s.access.Index {
			tw.Index = append(tw.Index, r.expr(ix, sc))
		}
		e.calls(r, s, i, scope{thread: th, vars: scopes[t][i].vars}, w.Funcs)
		w.Threads[t] = tw
	}
	return w, r.err
}

// calls records the value of every function application on the way to a
// site, so that a replay can give the functions the same values.
func (e *encoder) calls(r *modelReader, s site, i int, sc scope, out map[string]int64) {
	record := func(n protocol.Node, sc scope) {
		protocol.Inspect(n, func(n protocol.Node) bool {
			switch c := n.(type) {
			case *protocol.Call:
				args := make([]int64, len(c.Args))
				for j, a := range c.Args {
					args[j] = r.expr(a, sc)
				}
				out[CallKey(c.Func, args)] = r.expr(c, sc)
			case *protocol.Binary:
				if e.isBitwise(c) {
					out[CallKey(BitFunc(c.Op), []int64{r.expr(c.X, sc), r.expr(c.Y, sc)})] = r.expr(c, sc)
				}
			}
			return true
		})
	}
	for _, ix := range s.access.Index {
		record(ix, sc)
	}
	if s.access.Value != nil {
		record(s.access.Value, sc)
	}
	for _, l := range s.access.Loops {
		record(l.Value, sc)
	}
	for _, f := range s.frames {
		if f.cond != nil {
			record(f.cond, sc)
		} else {
			record(f.loop.Lo, sc)
			record(f.loop.Hi, sc)
		}
	}
}

// sortedKeys returns the keys of a map in order, for stable output.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

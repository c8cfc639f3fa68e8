package smtgen

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/aclements/go-z3/z3"

	"github.com/drfcheck/drfcheck/internal/split"
	"github.com/drfcheck/drfcheck/protocol"
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

// frame is one enclosing loop or condition of some sites. Each frame is
// encoded once per thread, guarded by "the thread's access is under it".
// Sharing a loop's variable among the accesses under it is sound because
// each thread is at exactly one access.
type frame struct {
	id     int
	loop   *protocol.Loop
	cond   protocol.Cond
	parent *frame
}

// sites lists the accesses to array in the statements, in program order.
func sites(sts []protocol.Stmt, array string) []site {
	var out []site
	nframes := 0
	newFrame := func(f *frame, frames []*frame) []*frame {
		f.id = nframes
		nframes++
		if len(frames) > 0 {
			f.parent = frames[len(frames)-1]
		}
		return push(frames, f)
	}
	var walk func(sts []protocol.Stmt, frames []*frame)
	walk = func(sts []protocol.Stmt, frames []*frame) {
		for _, s := range sts {
			switch s := s.(type) {
			case *protocol.Access:
				if s.Array == array {
					out = append(out, site{access: s, frames: frames})
				}
			case *protocol.Loop:
				walk(s.Body.Stmts, newFrame(&frame{loop: s}, frames))
			case *protocol.If:
				walk(s.Then.Stmts, newFrame(&frame{cond: s.Cond}, frames))
				if s.Else != nil {
					walk(s.Else.Stmts, newFrame(&frame{cond: &protocol.Not{At: s.Cond.Pos(), X: s.Cond}}, frames))
				}
			case *protocol.Assume:
				// A nested assumption guards what follows it in its block.
				frames = newFrame(&frame{cond: s.Cond}, frames)
			case *protocol.Block:
				walk(s.Stmts, frames)
			}
		}
	}
	walk(sts, nil)
	return out
}

func push(fs []*frame, f *frame) []*frame { return append(fs[:len(fs):len(fs)], f) }

// innermost is the innermost frame of a site, or nil.
func (s site) innermost() *frame {
	if len(s.frames) == 0 {
		return nil
	}
	return s.frames[len(s.frames)-1]
}

// frameScopes encodes every frame once for one thread: the loop variable in
// its range, or the condition, asserted when the thread is under the frame
// (a Boolean per frame, implied by each frame inside it). It returns the
// scope inside each frame and the Boolean of each frame, by frame id.
func (e *encoder) frameScopes(ss []site, sc scope) (inside map[int]scope, under map[int]z3.Bool) {
	inside, under = map[int]scope{}, map[int]z3.Bool{}
	for _, s := range ss {
		outer := sc
		for _, f := range s.frames {
			if in, done := inside[f.id]; done {
				outer = in
				continue
			}
			c, in := e.frameCond(f, outer)
			u := e.ctx.BoolConst(threadName(fmt.Sprintf("under%d", f.id), sc.thread))
			e.assert(u.Implies(c))
			if f.parent != nil {
				e.assert(u.Implies(under[f.parent.id]))
			}
			inside[f.id], under[f.id] = in, u
			outer = in
		}
	}
	return inside, under
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
	conds := []z3.Bool{e.lt(v, hi)}
	if e.bv && (l.Step == nil || e.expr(l.Step, sc).r.lo > 0) {
		v = within(v, lo, hi)
	}
	switch {
	case l.Step == nil:
		conds = append(conds, e.le(lo, v))
	case !e.bv:
		// v = lo + n*step for some n >= 0, when the loop runs at all
		// (lo < hi): C's loop for any step, even a non-positive one, which
		// never ends. Without lo < hi a negative step would reach values
		// below hi from a loop that never starts.
		n := e.int(name + "#n").i()
		step := e.expr(l.Step, sc).i()
		conds = append(conds, lo.i().LT(hi.i()), n.GE(e.ilit(0)), v.i().Eq(lo.i().Add(e.imul(n, step))))
	default:
		conds = append(conds, e.lt(lo, hi), e.bvProgression(v, lo, hi, e.expr(l.Step, sc)))
	}
	return and(e.ctx, conds...), sc.with(l.Var, v)
}

// bvProgression says that v, below hi, is a value of the loop from lo by
// step in the bit-vector encoding, without the iteration count (whose
// product with the step may overflow where v does not): for a positive
// step, v - lo is a multiple of step at or above lo; for a step of 0, lo;
// for a negative one (a loop that never ends), at most lo. Where hi - lo
// overflows, v - lo may too: then only lo <= v is said.
func (e *encoder) bvProgression(v, lo, hi, step num) z3.Bool {
	zero := e.lit(0)
	span := e.sub(hi, lo)
	d := v.b().Sub(lo.b())
	multiple := d.URem(step.b()).Eq(e.bvLit(0))
	if span.tainted {
		multiple = multiple.Or(span.taint)
	}
	pos := e.le(lo, v).And(multiple)
	return e.gt(step, zero).IfThenElse(pos,
		e.eq(step, zero).IfThenElse(e.eq(v, lo), e.le(v, lo))).(z3.Bool)
}

// siteScope is the scope at a site: inside its innermost frame.
func siteScope(s site, inside map[int]scope, sc scope) scope {
	if len(s.frames) == 0 {
		return sc
	}
	return inside[s.frames[len(s.frames)-1].id]
}

// raceVars are the constants of a race formula that describe one thread's
// access: which groups it may be at (a Boolean each: at least one holds, and
// each implies its group's constraints), its mode, its array index and its
// access ID (set only where the mode does not tell a group's members apart).
type raceVars struct {
	at           []z3.Bool // per group
	mode, id     num
	index        []num
	known, value num // a write whose value the protocol gives: known = 1
}

// group is the sites that a thread reaches the same way (under the same
// frames) at the same index, such as the read and the write of A[i] += 1.
// The race formula selects a group and then one of its members: a solver
// pairs groups, not sites, which matters because refuting a pair of sites
// is a case split of its own (Fig. 7's accesses, one read and one write
// per index, have a quarter of the pairs). Selecting a member of a group is
// the same formula as selecting the site, so nothing is lost.
type group struct {
	members []int // indices of the sites, in program order
	byID    bool  // two members have one mode: the access ID tells them apart
}

// raceForm is a race formula with what a witness needs to read its model.
type raceForm struct {
	vars   [2]raceVars
	sites  []site
	groups []group
	scopes [2][]scope // per thread, the scope at each group
	benign bool       // two writes of one known value are not a race
}

// KnownWrites reports whether some write to array in the trace writes a
// value the protocol gives: only then can a pair of writes be benign.
func KnownWrites(t split.Trace, array string) bool {
	return knownValues(sites(t.Phase, array))
}

// knownValues reports whether some write of the sites writes a known value.
func knownValues(ss []site) bool {
	for _, s := range ss {
		if s.access.Mode == protocol.Write && s.access.Value != nil {
			return true
		}
	}
	return false
}

// race builds the formula of Example 2 (Cogumbreiro et al.): each thread is at one of
// the sites, the indices agree in every dimension, and the modes conflict.
//
// The form of the formula is chosen for Z3's incremental solver, measured
// on Fig. 7's accesses at size 50 (100 accesses in one interval): a
// Boolean per group rather than an integer selector, and each index
// equation as two inequalities, take the query from 80 to 30 ms.
func (e *encoder) race(q RaceQuery) *raceForm {
	vars := e.context(q.Pre, q.Agree, q.Trace.Binders)
	ss := sites(q.Trace.Phase, q.Array)
	dims := len(ss[0].access.Index)
	f := &raceForm{sites: ss}
	var under [2]map[int]z3.Bool // per thread, by frame id
	var index [2][][]num         // per thread and site
	var siteScopes [2][]scope    // per thread and site
	for t := 0; t < 2; t++ {
		th := t + 1
		rv := raceVars{
			mode:  e.int(threadName("mode", th)),
			id:    e.int(threadName("access", th)),
			known: e.int(threadName("known", th)),
			value: e.int(threadName("value", th)),
		}
		for _, v := range []string{"mode", "access", "known", "value"} {
			e.internal[threadName(v, th)] = true
		}
		for d := 0; d < dims; d++ {
			rv.index = append(rv.index, e.int(threadName(fmt.Sprintf("index%d", d), th)))
		}
		f.vars[t] = rv
		outer := scope{thread: th, vars: vars}
		var inside map[int]scope
		inside, under[t] = e.frameScopes(ss, outer)
		for _, s := range ss {
			sc := siteScope(s, inside, outer)
			var ix []num
			for _, x := range s.access.Index {
				ix = append(ix, e.expr(x, sc))
			}
			index[t] = append(index[t], ix)
			siteScopes[t] = append(siteScopes[t], sc)
		}
	}
	f.groups = groupSites(ss, index)
	// Two writes of one value are benign (GPUVerify, Faial): the formula
	// says which value a write writes only where some write's value is
	// known, as it otherwise constrains nothing and costs the solver.
	f.benign = !q.BenignRaces && knownValues(ss)
	for t := 0; t < 2; t++ {
		rv := &f.vars[t]
		for gi, g := range f.groups {
			first := g.members[0]
			sc := siteScopes[t][first]
			f.scopes[t] = append(f.scopes[t], sc)
			at := e.ctx.BoolConst(threadName(fmt.Sprintf("at%d", gi), t+1))
			rv.at = append(rv.at, at)
			var holds []z3.Bool
			if in := ss[first].innermost(); in != nil {
				holds = append(holds, under[t][in.id])
			}
			for d, ix := range index[t][first] {
				holds = append(holds, e.le(rv.index[d], ix), e.ge(rv.index[d], ix))
			}
			var alts []z3.Bool
			for _, m := range g.members {
				alts = append(alts, e.member(*rv, ss[m].access, g.byID, f.benign, sc))
			}
			holds = append(holds, or(e.ctx, alts...))
			e.assert(at.Implies(and(e.ctx, holds...)))
		}
		e.assert(or(e.ctx, rv.at...))
	}
	rv := f.vars
	for d := 0; d < dims; d++ {
		e.assert(e.eq(rv[0].index[d], rv[1].index[d]))
		if !e.bv {
			e.radixLemmas(f, d)
		}
	}
	e.assert(e.conflict(rv[0].mode, rv[1].mode))
	if f.benign {
		one := e.lit(1)
		e.assert(and(e.ctx, e.eq(rv[0].known, one), e.eq(rv[1].known, one), e.eq(rv[0].value, rv[1].value)).Not())
	}
	for _, p := range q.Exclude {
		e.exclude(f, p)
	}
	return f
}

// member is what holds when a thread of a group is at access a.
func (e *encoder) member(rv raceVars, a *protocol.Access, byID, benign bool, sc scope) z3.Bool {
	at := []z3.Bool{e.eq(rv.mode, e.lit(int64(a.Mode)))}
	if byID {
		at = append(at, e.eq(rv.id, e.lit(int64(a.ID))))
	}
	switch {
	case !benign:
	case a.Value != nil && a.Mode == protocol.Write:
		at = append(at, e.eq(rv.known, e.lit(1)), e.eq(rv.value, e.expr(a.Value, sc)))
	default:
		at = append(at, e.eq(rv.known, e.lit(0)))
	}
	return and(e.ctx, at...)
}

// groupSites groups the sites under the same frames whose indices are the
// same terms for both threads (the solver's terms are hash-consed, so
// structurally equal expressions are one term), numbered by their first
// site.
func groupSites(ss []site, index [2][][]num) []group {
	key := func(i int) string {
		var b strings.Builder
		if in := ss[i].innermost(); in != nil {
			fmt.Fprintf(&b, "f%d", in.id)
		}
		for t := 0; t < 2; t++ {
			for _, x := range index[t][i] {
				fmt.Fprintf(&b, ",%d", x.ast().ID())
			}
		}
		return b.String()
	}
	var groups []group
	at := map[string]int{}
	for i := range ss {
		k := key(i)
		gi, ok := at[k]
		if !ok {
			gi = len(groups)
			at[k] = gi
			groups = append(groups, group{})
		}
		g := &groups[gi]
		for _, m := range g.members {
			if ss[m].access.Mode == ss[i].access.Mode {
				g.byID = true
			}
		}
		g.members = append(g.members, i)
	}
	return groups
}

func (e *encoder) conflict(m1, m2 num) z3.Bool {
	rd, at := e.lit(int64(protocol.Read)), e.lit(int64(protocol.Atomic))
	bothRead := e.eq(m1, rd).And(e.eq(m2, rd))
	bothAtomic := e.eq(m1, at).And(e.eq(m2, at))
	return bothRead.Or(bothAtomic).Not()
}

func (e *encoder) exclude(f *raceForm, p [2]int) {
	at := func(t, id int) z3.Bool {
		rv := f.vars[t]
		var alts []z3.Bool
		for gi, g := range f.groups {
			for _, m := range g.members {
				if a := f.sites[m].access; a.ID == id {
					c := rv.at[gi].And(e.eq(rv.mode, e.lit(int64(a.Mode))))
					if g.byID {
						c = c.And(e.eq(rv.id, e.lit(int64(id))))
					}
					alts = append(alts, c)
				}
			}
		}
		return or(e.ctx, alts...)
	}
	e.assert(at(0, p[0]).And(at(1, p[1])).Not())
	e.assert(at(0, p[1]).And(at(1, p[0])).Not())
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
	// Exact says that the model computes every operator as int64 does:
	// no bitwise operator of the integer encoding given another value,
	// no overflow in the bit-vector one. An inexact witness may still
	// replay (the replay takes the bitwise values from Funcs, as it takes
	// a function's), but a portfolio waits for the other encoding.
	Exact bool
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

func (r *modelReader) int(x num) int64 {
	v, isLit, ok := evalInt(r.m, x)
	if (!isLit || !ok) && r.err == nil {
		r.err = fmt.Errorf("model value of %s does not fit in 64 bits", x.v)
	}
	return v
}

// evalInt is a term's value in a model.
func evalInt(m *z3.Model, x num) (v int64, isLit, ok bool) {
	switch t := m.Eval(x.v, true).(type) {
	case z3.Int:
		return t.AsInt64()
	case z3.BV:
		return t.AsInt64()
	}
	return 0, false, false
}

func (r *modelReader) bool(x z3.Bool) bool {
	v, isLit := r.m.Eval(x, true).(z3.Bool).AsBool()
	return isLit && v
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
func (e *encoder) witness(m *z3.Model, q RaceQuery, f *raceForm) (*Witness, error) {
	r := &modelReader{e: e, m: m}
	w := &Witness{Array: q.Array, Funcs: map[string]int64{}, WarpSize: e.env.Launch.Warp(), LockStep: e.env.Launch.LockStep, Exact: e.exact(m)}
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
		gi, i := f.selected(r, t)
		if i < 0 {
			return nil, fmt.Errorf("model selects no access")
		}
		s, sc := f.sites[i], f.scopes[t][gi]
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
		e.calls(r, s, scope{thread: th, vars: sc.vars}, w.Funcs)
		w.Threads[t] = tw
	}
	return w, r.err
}

// choices are the terms that say which sites the threads are at: per
// thread, the first group it is at, its mode and its access ID. A witness
// minimizes them first, so that of two symmetric models (the threads'
// accesses swapped) it always shows the same.
func (f *raceForm) choices(e *encoder) []num {
	var cs []num
	for _, v := range f.vars {
		first := e.lit(int64(len(v.at)))
		for gi := len(v.at) - 1; gi >= 0; gi-- {
			first = e.ite(v.at[gi], e.lit(int64(gi)), first)
		}
		cs = append(cs, first, e.magnitude(v.mode), e.magnitude(v.id))
	}
	return cs
}

// selected is the group and the site that thread t is at in the model: the
// first group the model puts it at, and there the member of the model's
// mode (and access ID where modes repeat); -1 for none.
func (f *raceForm) selected(r *modelReader, t int) (gi, site int) {
	mode := r.int(f.vars[t].mode)
	for gi, g := range f.groups {
		if !r.bool(f.vars[t].at[gi]) {
			continue
		}
		for _, m := range g.members {
			a := f.sites[m].access
			if int64(a.Mode) == mode && (!g.byID || int64(a.ID) == r.int(f.vars[t].id)) {
				return gi, m
			}
		}
	}
	return -1, -1
}

// calls records the value of every function application on the way to a
// site, so that a replay can give the functions the same values.
func (e *encoder) calls(r *modelReader, s site, sc scope, out map[string]int64) {
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
				// recorded in both encodings (the bit-vector one
				// computes int64's value), so that a witness does not
				// depend on which encoding of a portfolio found it
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
	// the preconditions, which the replay checks too (assume 0 < f(0))
	for _, p := range e.env.Pre {
		record(p, sc)
	}
}

// modular reports whether a site's index in dimension d has a term that
// Z3's linear arithmetic reasons about by cases, for which radixLemmas
// pay: a quotient, remainder or bitwise operator, or the variable of a loop
// with a step other than 1 (whose values are a progression). Elsewhere
// (indices linear in the thread and unit loops: sha1's byte copies) the
// lemmas only cost: 0.45 s to 0.97 s for sha1's shared buffer, and 2.3 s
// to 8 s for sha1_overlap's, where one index of a hundred has a remainder.
func modular(s site, d int) bool {
	strided := map[string]bool{}
	for _, fr := range s.frames {
		if l := fr.loop; l != nil && l.Step != nil {
			if v, ok := l.Step.(*protocol.IntLit); !ok || v.Value != 1 {
				strided[l.Var] = true
			}
		}
	}
	found := false
	protocol.Inspect(s.access.Index[d], func(n protocol.Node) bool {
		switch n := n.(type) {
		case *protocol.Binary:
			found = found || n.Op >= protocol.Div
		case *protocol.Var:
			found = found || strided[n.Name]
		}
		return !found
	})
	return found
}

// maxRadices bounds the radices of one index dimension that get lemmas.
const maxRadices = 4

// radixLemmas helps Z3 with flattened indices, as productLemmas does with
// products: two indices low1 + m*high1 and low2 + m*high2 with both lows in
// 0..m-1 are equal only if low1 = low2 (and so high1 = high2). Without it,
// linear integer arithmetic proves such pairs apart by branching on the
// bounds, which took md5's shared buffer (tid/32*2048 + tid%32*4 + e + c*128)
// 40 s and a grid-stride loop writing paths[i + iter*100000] (i below
// 100000) more than 30 s; the bit-vector encoding took 5 s and 6 s.
//
// For each radix m (a coefficient of the modular indices of the
// dimension, whose lower terms are digits: protocol.Radices), each thread
// gets a constant low and a Boolean in: a thread at a group whose index is
// modular and splits as low + m*high with low in range is in, with that
// low. The lemma is valid in the integers (the split's identity is among
// its premises, so it holds whatever the encoding made of the terms), so
// it changes no answer: the integer encoding only, where no value wraps.
func (e *encoder) radixLemmas(f *raceForm, d int) {
	// the digit radices of each group's index, none where it is not modular
	digits := make([][]int64, len(f.groups))
	var radices []int64
	for gi, g := range f.groups {
		if s := f.sites[g.members[0]]; modular(s, d) {
			digits[gi] = protocol.Radices(s.access.Index[d])
		}
		for _, m := range digits[gi] {
			if !slices.Contains(radices, m) {
				radices = append(radices, m)
			}
		}
	}
	slices.SortFunc(radices, func(a, b int64) int { return cmp.Compare(b, a) })
	for _, m := range radices[:min(len(radices), maxRadices)] {
		var low [2]num
		var in [2]z3.Bool
		for t := 0; t < 2; t++ {
			low[t], in[t] = e.radixSplits(f, d, m, t, digits)
		}
		e.assert(and(e.ctx, in[0], in[1]).Implies(e.eq(low[0], low[1])))
	}
}

// radixSplits encodes thread t's low part of index dimension d for radix
// m, at the groups whose digit radices include m.
func (e *encoder) radixSplits(f *raceForm, d int, m int64, t int, digits [][]int64) (num, z3.Bool) {
	name := threadName(fmt.Sprintf("low%d_%d", m, d), t+1)
	e.internal[name] = true
	low := e.int(name)
	in := e.ctx.BoolConst(threadName(fmt.Sprintf("in%d_%d", m, d), t+1))
	rv := f.vars[t]
	for gi, g := range f.groups {
		if !slices.Contains(digits[gi], m) {
			continue
		}
		x := f.sites[g.members[0]].access.Index[d]
		lo, hi, ok := protocol.Radix(x.Pos(), x, m)
		if !ok {
			continue
		}
		sc := f.scopes[t][gi]
		l, h := e.expr(lo, sc), e.expr(hi, sc)
		split := []z3.Bool{rv.at[gi], e.eq(rv.index[d], e.add(l, e.mul(e.lit(m), h)))}
		if e.defect != RadixNoRange {
			split = append(split, e.ge(l, e.lit(0)), e.lt(l, e.lit(m)))
		}
		e.assert(and(e.ctx, split...).Implies(and(e.ctx, in, e.eq(low, l))))
	}
	return low, in
}

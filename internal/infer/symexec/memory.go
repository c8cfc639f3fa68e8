package symexec

import (
	"slices"
	"sort"

	"github.com/drfcheck/drfcheck/internal/infer/ir"
	"github.com/drfcheck/drfcheck/protocol"
	"github.com/drfcheck/drfcheck/protocol/printer"
)

// A thread reads back what it wrote itself (issue 21, point 3: "a value a
// thread itself wrote before the barrier ... is known after the barrier"):
// the value of a load is the value of the thread's own last store to the
// same bytes, when that store is on every path to the load and
//   - the memory is private (no other thread can write it), or
//   - it is shared or global memory and at most one barrier (of any scope)
//     lies between the store and the load.
//
// Why the second case is sound (the argument of Chong, Donaldson, Kelly,
// Ketema and Qadeer, "Barrier Invariants: A Shared State Abstraction for
// the Analysis of Data-Dependent GPU Kernels", Theorem 3.1, for the
// locations a thread accessed): a write W2 by another thread that lands
// between the own write W1 and the read R is in W1's interval (W1 and W2
// race, unless both write one value, and then R reads that value either
// way) or in R's interval (R and W2 race). Either race is reported, and
// before the first race of a run every value is what this model says. A
// second barrier lets another thread write the location in the interval
// between, legitimately: the value is then forgotten. Under lock-step warps
// (Options.LockStep) a write by a thread of the same warp between W1 and R
// is ordered with both, so only private memory is remembered there.
//
// Memory is a value of the environment (under the key memVar), so that it
// follows the paths as variables do: a branch's join keeps what both sides
// remember unchanged (the same cell), a jump carries what its path
// remembered. A loop starts and ends with what the code before it
// remembered of the memory the loop does not write (forLoop).
//
// What a thread read is remembered the same way (noteLoad): a store by
// another thread between two reads races with one of them.
//
// A load the quiet rule (intervals.go) gives one value for the block keeps
// that value, so that threads reading one location still read one value;
// the thread's own value is assumed equal to it (ownQuiet).

// memVar keys the thread's remembered stores in an environment.
var memVar = &ir.Var{Name: "\x00memory", CName: "memory"}

// maxCells bounds the stores remembered at a point: each load and store
// compares its address with each.
const maxCells = 32

// memVal is what a thread remembers of memory: stores and reads (cells,
// which agree where they share bytes), oldest first, and the places the
// thread may have stored
// to since the last barrier (stored; a nil offset for anywhere in the
// base). Its slices are never modified in place.
type memVal struct{ cells, stored []*cell }

func (memVal) isValue() {}

// cell is one remembered store of v, of type t, at byte offset off of base.
// prev marks a store of shared or global memory made before the last
// barrier of the block. A guard, when not nil, is the condition under
// which the store was made, a cell that one way of a branch made: where
// it does not hold, the bytes hold anything (only a barrier invariant's
// check reads such a cell, invariant.go). Two cells may share bytes: then
// they agree on them where both hold (a read and what the thread stored
// or read there before; the ways of a branch, under guards that exclude
// each other). A store forgets every cell it may overlap.
type cell struct {
	base  *ir.Base
	off   protocol.Expr
	t     ir.Type
	v     value
	prev  bool
	guard protocol.Cond
}

// known is the condition under which the thread stored or read a cell
// since the last barrier, and it holds v: what a barrier invariant's
// check knows of it.
func (c *cell) known() protocol.Cond {
	if c.prev {
		return boolLit(protocol.Pos{}, false)
	}
	return c.when()
}

// when is the condition under which a cell holds.
func (c *cell) when() protocol.Cond {
	if c.guard == nil {
		return boolLit(protocol.Pos{}, true)
	}
	return c.guard
}

// maxGuardNodes bounds the guards of cells.
const maxGuardNodes = 128

// guardedCell appends to cs the cell d under guard g, unless g is too
// long to carry.
func (x *exec) guardedCell(cs []*cell, d *cell, g protocol.Cond) []*cell {
	if isFalse(g) || !small(g, maxGuardNodes) {
		return cs
	}
	e := *d
	e.guard = g
	return append(cs, &e)
}

// memory returns what the thread remembers at the current point.
func (x *exec) memory() memVal {
	m, _ := x.env[memVar].(memVal)
	return m
}

// remember records a plain store of v of type t at off.
func (x *exec) remember(b *ir.Base, off value, t ir.Type, v value) {
	x.mayStore(b, off, t)
	o, ok := off.(intVal)
	if !ok {
		x.forget(func(c *cell) bool { return c.base == b })
		return
	}
	x.forget(func(c *cell) bool { return c.base == b && !x.apart(c, o.e, t.Size) })
	if x.lockStep && b.Kind != ir.Private || t.Size <= 0 {
		return
	}
	cs := x.memory().cells
	if len(cs) >= maxCells {
		cs = cs[1:]
	}
	x.setCells(append(append([]*cell(nil), cs...), &cell{base: b, off: o.e, t: t, v: v}))
}

// noteLoad remembers the value v a load of t at off read: a later read of
// the same bytes, with at most one barrier between, reads v again. The
// argument is the one above: another thread's store in between races with
// one of the two reads. A read changes no memory, so what the thread
// remembers of other bytes stays true, even of bytes the load may share
// (their cells and the read's agree where they meet: the load's value is
// theirs there, recalled); a cell at the same offset is replaced, the
// read being newer.
func (x *exec) noteLoad(b *ir.Base, off value, t ir.Type, v value) {
	o, ok := off.(intVal)
	if !ok || t.Size <= 0 || !x.written[b] || x.lockStep && b.Kind != ir.Private {
		return
	}
	var cs []*cell
	for _, c := range x.memory().cells {
		if c.base != b || c.t != t || !sameOffset(c.off, o.e) {
			cs = append(cs, c)
		}
	}
	if len(cs) >= maxCells {
		cs = cs[1:]
	}
	x.setCells(append(append([]*cell(nil), cs...), &cell{base: b, off: o.e, t: t, v: v}))
}

// setCells replaces the cells the thread remembers.
func (x *exec) setCells(cs []*cell) {
	m := x.memory()
	x.env[memVar] = memVal{cells: cs, stored: m.stored}
}

// mayStore notes that the thread may have stored to t's bytes at off (a
// nil offset: anywhere in b) since the last barrier.
func (x *exec) mayStore(b *ir.Base, off value, t ir.Type) {
	m := x.memory()
	d := &cell{base: b, t: t}
	if o, ok := off.(intVal); ok {
		d.off = o.e
	}
	x.env[memVar] = memVal{cells: m.cells, stored: append(append([]*cell(nil), m.stored...), d)}
}

// clean reports whether the thread has not stored to the bytes a load of
// t at off reads since the last barrier, as far as it can tell.
func (x *exec) clean(b *ir.Base, off value, t ir.Type) bool {
	o, ok := off.(intVal)
	if !ok {
		return false
	}
	for _, d := range x.memory().stored {
		if d.base == b && (d.off == nil || !x.apart(&cell{off: o.e, t: t}, d.off, d.t.Size)) {
			return false
		}
	}
	return true
}

// clobber forgets what an atomic update at off may change.
func (x *exec) clobber(b *ir.Base, off value, t ir.Type) {
	x.mayStore(b, off, t)
	o, ok := off.(intVal)
	x.forget(func(c *cell) bool { return c.base == b && (!ok || !x.apart(c, o.e, t.Size)) })
}

// forget drops the cells that drop reports.
func (x *exec) forget(drop func(*cell) bool) {
	m := x.memory()
	var keep []*cell
	for _, c := range m.cells {
		if !drop(c) {
			keep = append(keep, c)
		}
	}
	if len(keep) != len(m.cells) {
		x.setCells(keep)
	}
}

// sameOffset reports whether two offsets are one number: equal as trees,
// or as sums of terms (4 * (2 * t) and 8 * t, one through a variable).
func sameOffset(a, b protocol.Expr) bool {
	return equal(a, b) || isLit(sub(protocol.Pos{}, a, b), 0)
}

// apart reports whether the size bytes at off miss c's bytes: disjoint,
// or their difference's range of values (ranges.go: the thread's index
// is not negative, say) keeps it out of the window where they meet.
func (x *exec) apart(c *cell, off protocol.Expr, size int64) bool {
	if disjoint(c, off, size) {
		return true
	}
	if size <= 0 || c.t.Size <= 0 {
		return false
	}
	r := x.rangeOf(sub(off.Pos(), off, c.off))
	return r.lo >= c.t.Size || r.hi <= -size
}

// disjoint reports whether the size bytes at off provably miss c's bytes:
// the offsets differ by a constant at least as large as the lower one's
// size, or by a sum of multiples of g plus b whose values all lie outside
// the window where the bytes meet (8 * t + 12 and 28: 8 * t - 16 is never
// in -3..3), whatever integers the terms are.
func disjoint(c *cell, off protocol.Expr, size int64) bool {
	if size <= 0 || c.t.Size <= 0 {
		return false
	}
	var ts []term
	if !summands(off, 1, &ts) || !summands(c.off, -1, &ts) {
		return false
	}
	var b int64
	coef := map[string]int64{}
	var keys []string
	for _, t := range ts {
		if t.e == nil {
			if addOverflows(b, t.c) {
				return false
			}
			b += t.c
			continue
		}
		k := printer.Node(t.e)
		if _, ok := coef[k]; !ok {
			keys = append(keys, k)
		}
		coef[k] += t.c
	}
	var g int64
	for _, k := range keys {
		g = gcd(g, abs(coef[k]))
	}
	// the bytes meet where -size < d < c's size, d = off - c.off
	lo, hi := -size+1, c.t.Size-1
	if g == 0 {
		return b < lo || b > hi
	}
	first := lo + ((b-lo)%g+g)%g // the least d >= lo that is b modulo g
	return first > hi
}

// synced ages the shared and global stores by one barrier at a barrier,
// forgetting those already a barrier old; private stores stay. Any barrier
// ages them, a warp barrier too: W1 and R with one barrier of any scope
// between them leave no place for another thread's write that is ordered
// with both. A barrier of the block starts a new interval for the memory
// it fences: the thread has stored nothing there since.
func (x *exec) synced(scope protocol.Scope, fence protocol.Fence) {
	m := x.memory()
	if len(m.cells) == 0 && len(m.stored) == 0 {
		return
	}
	var stored []*cell
	for _, d := range m.stored {
		if scope == protocol.ScopeWarp || !fence.Orders(memoryKind(d.base)) {
			stored = append(stored, d)
		}
	}
	var keep []*cell
	for _, c := range m.cells {
		switch {
		case c.base.Kind == ir.Private:
			keep = append(keep, c)
		case !c.prev:
			aged := *c
			aged.prev = true
			keep = append(keep, &aged)
		}
	}
	x.env[memVar] = memVal{cells: keep, stored: stored}
}

// as is a value v of type from, remembered, read as type to: a number
// converted, anything else only as itself (ok false otherwise).
func (x *exec) as(at protocol.Pos, v value, from, to ir.Type) (value, bool) {
	switch {
	case from.Size != to.Size:
	case from.Kind == ir.Int && to.Kind == ir.Int:
		return x.convert(at, v, from, to), true
	case from == to:
		return v, true
	}
	return nil, false
}

// recall is what the thread remembers of the bytes a load reads: their
// value v where when holds.
type recall struct {
	when protocol.Cond
	v    value
}

// maxRecalls bounds the cells a load's value is chosen among.
const maxRecalls = 4

// recalled returns what the thread itself stored (or read) at the bytes a
// load of t at off reads, if it remembers any: the cell at the same
// offset, on every path, or else each that one way of a branch made
// (a guard) where it holds and its offset is the load's (cells that hold
// at one offset agree there), as is any cell for a load at a constant
// offset. Elsewhere the bytes hold what memory gives. Otherwise a cell
// made on every path that may share bytes with the load, at another
// offset, leaves nothing known.
func (x *exec) recalled(at protocol.Pos, b *ir.Base, off value, t ir.Type) []recall {
	o, ok := off.(intVal)
	if !ok {
		return nil
	}
	_, isLiteral := litValue(o.e)
	var rs []recall
	for _, c := range x.memory().cells {
		if c.base != b || c.t.Size != t.Size || x.apart(c, o.e, t.Size) {
			continue
		}
		v, ok := x.as(at, c.v, c.t, t)
		same := sameOffset(c.off, o.e)
		switch {
		case !ok || !same && c.guard == nil && !isLiteral:
			// bytes it may share: nothing is known of them
			return nil
		case same && c.guard == nil:
			return []recall{{when: boolLit(at, true), v: v}}
		case same:
			rs = append(rs, recall{when: c.when(), v: v})
		default:
			// a cell one way of a branch made (if (t == 0) s[7] = 0),
			// or any cell when the load's offset is a number (s[5]),
			// where it holds and its offset is the load's
			rs = append(rs, recall{when: and(at, cmp(at, protocol.Eq, o.e, c.off), c.when()), v: v})
		}
	}
	if len(rs) > maxRecalls {
		return nil
	}
	return rs
}

// ownQuiet ties a quiet load's value q (one for the block) to the value v
// the thread itself stored there: the same number, assumed. Both are taken
// to t's range first: the store's value may be carried unreduced (an
// unsigned sum that wraps where it is seen), the memory's is not.
func (x *exec) ownQuiet(at protocol.Pos, q value, r recall, t ir.Type) {
	v, when := r.v, r.when
	qi, ok1 := q.(intVal)
	vi, ok2 := v.(intVal)
	if !ok1 || !ok2 || t.Kind != ir.Int {
		return
	}
	e := vi.e
	switch {
	case t.Size <= 4:
		e = x.narrow(at, e, t)
	case unsigned(t):
		e = x.unsigned64(at, e)
	}
	c := or(at, not(at, when), cmp(at, protocol.Eq, qi.e, e))
	x.emitAssume(&protocol.Assume{At: at, Cond: c})
	if !isTrue(when) {
		x.found = append(x.found, fact{c: c, loops: slices.Clone(x.loops)})
		if len(x.found) > maxFacts {
			x.found = x.found[1:]
		}
	}
}

// mergeMem is what the thread remembers where two paths join, a when c
// holds and b otherwise: the cells neither path has overwritten since they
// parted, and a store both paths made to one address (the same offset
// expression, so the same bytes), of the merged value. A cell's age is
// the older one's.
func (x *exec) mergeMem(at protocol.Pos, c protocol.Cond, a, b memVal) memVal {
	inA, inB := map[*cell]bool{}, map[*cell]bool{}
	for _, d := range a.cells {
		inA[d] = true
	}
	for _, d := range b.cells {
		inB[d] = true
	}
	var keep []*cell
	matched := map[*cell]bool{}
	for _, d := range a.cells {
		if inB[d] {
			keep = append(keep, d)
			continue
		}
		e := slices.IndexFunc(b.cells, func(e *cell) bool {
			return !inA[e] && e.base == d.base && e.t == d.t && equal(e.off, d.off)
		})
		if e >= 0 && d.prev != b.cells[e].prev {
			// one way stored or read it since the barrier, the other
			// before: each is kept under its way's condition, so that
			// the newer outlives the next barrier
			matched[b.cells[e]] = true
			keep = x.guardedCell(keep, d, and(at, c, d.when()))
			keep = x.guardedCell(keep, b.cells[e], and(at, not(at, c), b.cells[e].when()))
			continue
		}
		if e < 0 {
			keep = x.guardedCell(keep, d, and(at, c, d.when()))
			continue
		}
		matched[b.cells[e]] = true
		m := &cell{base: d.base, off: d.off, t: d.t, v: x.merge(at, c, d.v, b.cells[e].v), prev: d.prev || b.cells[e].prev}
		if d.guard != nil || b.cells[e].guard != nil {
			m.guard = or(at, and(at, c, d.when()), and(at, not(at, c), b.cells[e].when()))
		}
		keep = append(keep, m)
	}
	for _, e := range b.cells {
		if !inA[e] && !matched[e] {
			keep = x.guardedCell(keep, e, and(at, not(at, c), e.when()))
		}
	}
	if len(keep) > maxCells {
		keep = keep[len(keep)-maxCells:]
	}
	stored := a.stored
	for _, d := range b.stored {
		if !slices.Contains(a.stored, d) {
			stored = append(slices.Clip(stored), d)
		}
	}
	return memVal{cells: keep, stored: stored}
}

func sameMem(a, b memVal) bool {
	return slices.Equal(a.cells, b.cells) && slices.Equal(a.stored, b.stored)
}

// forLoop runs a loop with what the code before it remembered of the
// memory that no statement of the loop may write (all of it for an
// unknown statement; shared and global memory for a loop with a barrier,
// whose second iteration comes after one), and leaves it so after the
// loop and on every way out of it: an iteration's stores are not known
// to the next, nor after the loop (it may not run, or its last iteration
// is not known).
func (x *exec) forLoop(l *ir.Loop, run func() exits) exits {
	written, all := writtenIn(l)
	sync := hasBarrier(l)
	cands := loopCandidates(x.memory(), written, all)
	x.forget(func(c *cell) bool {
		return all || written[c.base] || sync && c.base.Kind != ir.Private
	})
	pre := x.memory()
	for _, b := range sortedBases(written) {
		pre.stored = append(slices.Clip(pre.stored), &cell{base: b})
	}
	// the loop's stores may come before any of its loads in an interval,
	// unless its body ends with a barrier that every iteration passes and
	// that orders their memory (then an iteration's loads come after the
	// barrier or in the interval the loop starts in)
	var parts []ir.Stmt
	for _, b := range []*ir.Block{l.Init, l.Test, l.Post} {
		if b != nil {
			parts = append(parts, b)
		}
	}
	outside, _ := writtenIn(&ir.Block{Stmts: parts})
	last := endBarrier(l)
	for _, b := range sortedBases(written) {
		if outside[b] || last == nil || !last.Fence.Orders(memoryKind(b)) {
			x.mayStore(b, nil, ir.Type{})
		}
	}
	savedCands, savedExit := x.loopCands, x.exitCells
	x.loopCands, x.exitCells = cands, nil
	e := run()
	after := pre
	if len(x.exitCells) > 0 {
		// the loop left by its condition alone: its induction cells
		// (loopCell) hold their values after the last iteration
		after.cells = append(slices.Clip(after.cells), x.exitCells...)
		if len(after.cells) > maxCells {
			after.cells = after.cells[len(after.cells)-maxCells:]
		}
	}
	x.loopCands, x.exitCells = savedCands, savedExit
	x.env[memVar] = after
	for _, js := range [][]jump{e.brk, e.cont, e.ret, e.exit} {
		for i := range js {
			env := js[i].env.clone()
			env[memVar] = pre
			js[i].env = env
		}
	}
	return e
}

// loopCell is a cell the thread remembered on entering a loop that writes
// its memory. Every iteration may move its value by one step, the same in
// all of them (a[t]++, a count kept in memory): then it is an induction
// variable of the loop, known at each iteration's head from the number of
// iterations before it, and after the loop when its trip count is known.
// The argument is the one for the thread's own stores above, applied to
// each step from an iteration's end to the next head: the value the
// iteration left there, at the same age (no barrier between the end and
// the head).
type loopCell struct {
	entry *cell
	step  protocol.Expr // nil: not moved by a common step
}

// loopCandidates returns the cells of m that a loop writing the memory in
// written (any memory, all) may keep as induction cells: plain integer
// cells, remembered on every path.
func loopCandidates(m memVal, written map[*ir.Base]bool, all bool) []loopCell {
	if all {
		return nil
	}
	var cs []loopCell
	for _, c := range m.cells {
		if _, ok := c.v.(intVal); ok && written[c.base] && c.guard == nil && c.t.IsInt() && c.t.Kind != ir.Bool {
			cs = append(cs, loopCell{entry: c})
		}
	}
	return cs
}

// headCells adds to the memory at an iteration's head the loop's cells: a
// fresh value for each in a trial run, the entry value moved count steps
// (the iterations before this one) for an induction cell otherwise.
func (x *exec) headCells(at protocol.Pos, m memVal, cells []loopCell, trial bool, count protocol.Expr) memVal {
	cs := slices.Clip(m.cells)
	for _, lc := range cells {
		d := *lc.entry
		switch {
		case trial:
			d.v = intVal{x.typed(x.freshInt(at, "cell", true, false), d.t)}
		case lc.step != nil && count != nil:
			d.v = intVal{x.signedResult(add(at, d.v.(intVal).e, mulSteps(at, count, lc.step)), d.t)}
		default:
			continue
		}
		cs = append(cs, &d)
	}
	if len(cs) > maxCells {
		cs = cs[len(cs)-maxCells:]
	}
	return memVal{cells: cs, stored: m.stored}
}

// cellStep returns the step by which an iteration that began with head
// and ended with end moved a loop's cell, when it left the cell at the
// same age and the step mentions nothing the trial made.
func cellStep(at protocol.Pos, lc loopCell, head, end memVal, trial func(protocol.Node) bool) protocol.Expr {
	find := func(m memVal) *cell {
		for i := len(m.cells) - 1; i >= 0; i-- {
			c := m.cells[i]
			if c.base == lc.entry.base && c.t == lc.entry.t && c.guard == nil && sameOffset(c.off, lc.entry.off) {
				return c
			}
		}
		return nil
	}
	h, e := find(head), find(end)
	if h == nil || e == nil || h.prev != e.prev {
		return nil
	}
	st, ok := stepOf(at, h.v, e.v, trial)
	if !ok {
		return nil
	}
	return st
}

// endBarrier returns the barrier of the block that ends every iteration of
// a loop, if one does: its body's last statement, which no continue
// skips.
func endBarrier(l *ir.Loop) *ir.Barrier {
	sts := l.Body.Stmts
	if len(sts) == 0 {
		return nil
	}
	b, ok := sts[len(sts)-1].(*ir.Barrier)
	if !ok || b.Kind == ir.SyncWarp {
		return nil
	}
	cont := false
	ir.Inspect(l.Body, func(n ir.Node) bool {
		if _, ok := n.(*ir.Loop); ok {
			return false // its continues are its own
		}
		if _, ok := n.(*ir.Continue); ok {
			cont = true
		}
		return !cont
	})
	if cont {
		return nil
	}
	return b
}

// writtenIn returns the memory that stores and atomics in n write, and
// whether n holds a statement that may write any memory.
func writtenIn(n ir.Node) (map[*ir.Base]bool, bool) {
	written, all := map[*ir.Base]bool{}, false
	ir.Inspect(n, func(m ir.Node) bool {
		switch s := m.(type) {
		case *ir.Store:
			written[s.Addr.Base] = true
		case *ir.Atomic:
			written[s.Addr.Base] = true
		case *ir.Snapshot:
			written[s.Dst.Base] = true
		case *ir.Unknown:
			all = true
		}
		return true
	})
	return written, all
}

// sortedBases returns the bases of a set by name, for a deterministic run.
func sortedBases(m map[*ir.Base]bool) []*ir.Base {
	bs := make([]*ir.Base, 0, len(m))
	for b := range m {
		bs = append(bs, b)
	}
	sort.Slice(bs, func(i, j int) bool { return bs[i].Name < bs[j].Name })
	return bs
}

// snapshot runs __array_snapshot (ir.Snapshot): the ghost array, the
// thread's own memory, holds what the thread knows of the source now,
// cell by cell at the same distance from the snapshot's start, and
// anything elsewhere. No memory is accessed.
func (x *exec) snapshot(s *ir.Snapshot) {
	dst, src := x.eval(s.Dst.Off), x.eval(s.Src.Off)
	x.mayStore(s.Dst.Base, nil, ir.Type{})
	x.forget(func(c *cell) bool { return c.base == s.Dst.Base })
	d, ok1 := dst.(intVal)
	o, ok2 := src.(intVal)
	if !ok1 || !ok2 {
		return
	}
	shift := sub(s.At, d.e, o.e)
	var copies []*cell
	for _, c := range x.memory().cells {
		if c.base == s.Src.Base {
			g := *c
			g.base, g.off, g.prev = s.Dst.Base, add(s.At, c.off, shift), false
			copies = append(copies, &g)
		}
	}
	cs := append(slices.Clip(x.memory().cells), copies...)
	if len(cs) > maxCells {
		cs = cs[len(cs)-maxCells:]
	}
	x.setCells(cs)
}

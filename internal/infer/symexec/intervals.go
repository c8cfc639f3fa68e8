package symexec

import (
	"fmt"
	"slices"
	"strings"

	"github.com/drfcheck/drfcheck/internal/infer/ir"
	"github.com/drfcheck/drfcheck/protocol"
)

// Between two barriers of the block, memory that no thread writes holds one
// value per address for the whole block: every thread that reads it there
// reads the same value (issue 8, point 3: "a value read from shared or
// global memory at a thread-uniform index, in a barrier interval where no
// thread writes that location, is the same for every thread"). A leader
// elected into s_best[0] before a barrier is the same thread for everyone
// after it, whether the election is at the kernel's top level, in a branch
// or in a loop.
//
// Which writes may share a barrier interval with a load is decided on the
// kernel's IR by the barriers that reach each statement: a statement
// belongs to the interval that starts at a barrier of the block (or at the
// kernel's entry) when a path without such a barrier leads from there to
// it. Two threads run a load and a write in one interval only if both
// passed the same barrier last, so a load no write of its memory shares a
// reaching barrier with is quiet: nothing writes what it reads while it
// reads. Jumps (break, continue, a return of an inlined call) carry their
// barriers to where they go. An Unknown statement may write anything.
// Threads run barriers alike (a barrier some threads skip is reported as
// divergence), so threads at one load, in the same iterations of the
// synchronized loops around it, are in one interval; the values of a quiet
// load are told apart by the loops' variables (quietValue), and a load in
// a synchronized loop whose variable differs between threads is left out.

// intervals records, for a kernel, which loads are quiet.
type intervals struct {
	quiet  map[*ir.Load]string // the quiet loads, each with its reaching barriers (a key)
	synced map[*ir.Load]bool   // the loads inside a loop that holds a barrier of the block
	// keys holds, for every load that no Unknown statement shares an
	// interval with, the barriers of the block that reach it among those
	// that order its memory (an OpenCL barrier that fences the other
	// memory only is none for it): the interval whose start a clean load
	// reads (memory.go). None in a kernel with a warp barrier, which
	// orders a store before a read race free within the interval.
	keys map[*ir.Load]string
}

// barriers is a set of reaching barriers: sorted indices, 0 for the entry.
type barriers []int

func (b barriers) union(c barriers) barriers {
	if len(c) == 0 {
		return b
	}
	if len(b) == 0 {
		return c
	}
	out := slices.Clone(b)
	for _, x := range c {
		if i, found := slices.BinarySearch(out, x); !found {
			out = slices.Insert(out, i, x)
		}
	}
	return out
}

func (b barriers) meets(c barriers) bool {
	for _, x := range c {
		if _, found := slices.BinarySearch(b, x); found {
			return true
		}
	}
	return false
}

// String names the barriers, each once whichever ways it reached by
// (ways): the key of the interval start a load reads (quietValue, memory.go).
func (b barriers) String() string {
	var s []string
	last := -1
	for _, x := range b {
		id := x / 2 // 2*id and 2*id + 1 are the barrier id; 0 the entry
		if id != last {
			s = append(s, fmt.Sprint(id))
			last = id
		}
	}
	return strings.Join(s, ".")
}

// reach is the analysis of the barriers that reach each statement.
type reach struct {
	ids    map[*ir.Barrier]int
	loads  map[*ir.Load]barriers
	writes map[*ir.Base]barriers
	any    barriers // where an Unknown statement may write anything
	loops  []*jumps // the loops around the current point, innermost last
	exits  map[*ir.Region]barriers
	synced map[*ir.Load]bool
	depth  int // how many loops holding a barrier are around the current point
	// isBarrier says which barriers end an interval
	isBarrier func(*ir.Barrier) bool
	// own holds, for each loop, the ids of the barriers in it
	own map[*ir.Loop]map[int]bool
}

// jumps collects what break and continue carry out of a loop's body.
type jumps struct{ brk, cont barriers }

// intervalsOf finds the quiet loads of a kernel.
func intervalsOf(f *ir.Func) intervals {
	r := reachOf(f, blockBarrier)
	iv := intervals{quiet: map[*ir.Load]string{}, synced: r.synced, keys: map[*ir.Load]string{}}
	for l, bs := range r.loads {
		if !bs.meets(r.any) && !bs.meets(r.writes[l.Addr.Base]) {
			iv.quiet[l] = bs.String()
		}
	}
	if barrierIn(f.Body, func(b *ir.Barrier) bool { return b.Kind == ir.SyncWarp }) {
		return iv
	}
	for _, k := range []protocol.DeclKind{protocol.Shared, protocol.Global} {
		r := reachOf(f, func(b *ir.Barrier) bool { return b.Fence.Orders(k) })
		for l, bs := range r.loads {
			if memoryKind(l.Addr.Base) == k && !bs.meets(r.any) {
				iv.keys[l] = bs.String()
			}
		}
		// a loop whose barriers fence one memory only is synchronized
		// for that memory's loads (quietValue leaves them out where its
		// variable differs between threads)
		for l := range r.synced {
			iv.synced[l] = true
		}
	}
	return iv
}

// reachOf runs the analysis of the barriers that reach each statement,
// with the barriers that isBarrier accepts.
func reachOf(f *ir.Func, isBarrier func(*ir.Barrier) bool) *reach {
	r := &reach{ids: map[*ir.Barrier]int{}, loads: map[*ir.Load]barriers{}, writes: map[*ir.Base]barriers{},
		exits: map[*ir.Region]barriers{}, synced: map[*ir.Load]bool{}, isBarrier: isBarrier, own: map[*ir.Loop]map[int]bool{}}
	r.block(f.Body, barriers{0})
	return r
}

// memoryKind is the kind of array a base is in protocols: shared memory is
// one, all other memory (global, __device__, __constant__) is global.
func memoryKind(b *ir.Base) protocol.DeclKind {
	if b.Kind == ir.Shared {
		return protocol.Shared
	}
	return protocol.Global
}

func (r *reach) block(b *ir.Block, in barriers) barriers {
	if b == nil {
		return in
	}
	for _, s := range b.Stmts {
		in = r.stmt(s, in)
	}
	return in
}

// stmt returns the barriers that reach the point after s (none when s
// does not fall through), given those that reach s.
func (r *reach) stmt(s ir.Stmt, in barriers) barriers {
	switch s := s.(type) {
	case *ir.Block:
		return r.block(s, in)
	case *ir.Barrier:
		if !r.isBarrier(s) {
			return in
		}
		id := r.id(s)
		passed := barriers{2 * id, 2*id + 1} // both ways a loop around it may go (loop)
		// the loads of its invariants' instances read memory right
		// after it (invariant.go)
		for _, inv := range s.Invariants {
			for _, in := range inv.Insts {
				r.block(in.Tid, passed)
				r.block(in.Body, passed)
			}
		}
		return passed
	case *ir.Load:
		r.loads[s] = r.loads[s].union(in)
		if r.depth > 0 {
			r.synced[s] = true
		}
	case *ir.Store:
		r.writes[s.Addr.Base] = r.writes[s.Addr.Base].union(in)
	case *ir.Atomic:
		r.writes[s.Addr.Base] = r.writes[s.Addr.Base].union(in)
	case *ir.Unknown:
		r.any = r.any.union(in)
	case *ir.If:
		return r.block(s.Then, in).union(r.block(s.Else, in))
	case *ir.Loop:
		return r.loop(s, in)
	case *ir.Break:
		if n := len(r.loops); n > 0 {
			r.loops[n-1].brk = r.loops[n-1].brk.union(in)
		}
		return nil
	case *ir.Continue:
		if n := len(r.loops); n > 0 {
			r.loops[n-1].cont = r.loops[n-1].cont.union(in)
		}
		return nil
	case *ir.Return:
		return nil
	case *ir.Exit:
		r.exits[s.To] = r.exits[s.To].union(in)
		return nil
	case *ir.Region:
		out := r.block(s.Body, in)
		return out.union(r.exits[s])
	}
	return in
}

// loop runs a loop's parts until the barriers at its head stop growing.
func (r *reach) loop(l *ir.Loop, in barriers) barriers {
	if barrierIn(l.Body, r.isBarrier) || barrierIn(l.Test, r.isBarrier) || barrierIn(l.Post, r.isBarrier) {
		r.depth++
		defer func() { r.depth-- }()
	}
	start := r.block(l.Init, in)
	head := start
	stay, leave := r.ways(l)
	for {
		j := &jumps{}
		r.loops = append(r.loops, j)
		var atTest, back barriers
		if l.Kind == ir.DoWhile {
			body := r.block(l.Body, head).union(j.cont)
			atTest = r.block(l.Test, r.block(l.Post, body))
			back = stay(atTest)
		} else {
			atTest = r.block(l.Test, head)
			back = r.block(l.Post, r.block(l.Body, stay(atTest)).union(j.cont))
		}
		r.loops = r.loops[:len(r.loops)-1]
		if l.Cond == nil {
			atTest = nil // left only by a break
		} else if l.Kind != ir.DoWhile && entered(l) {
			// the first test passes: the loop is left from an
			// iteration, never from its entry
			atTest = r.block(l.Test, back)
		}
		next := start.union(back)
		if slices.Equal(next, head) {
			return leave(atTest).union(j.brk)
		}
		head = next
	}
}

// id is a barrier's id, given on first sight: it reaches what follows it
// as 2*id and 2*id + 1 (ways).
func (r *reach) id(b *ir.Barrier) int {
	id, ok := r.ids[b]
	if !ok {
		id = len(r.ids) + 1
		r.ids[b] = id
	}
	return id
}

// ways returns how the test of a loop passes on what reaches it: to the
// next iteration (stay) and past the loop (leave). A barrier of the loop
// reaches on as two ids: 2*id, dropped where the loop is left, and 2*id +
// 1, dropped where it runs another iteration; whatever lies between the
// barrier and the test has both. Threads that passed one instance of the
// barrier all stay or all leave at the test (a thread that leaves while
// another stays skips the barrier the other reaches next: a divergence,
// which the protocol's checks report, or a break taken under a
// thread-dependent condition, unknown), so what follows the loop shares
// no interval with what the next iteration runs before the barrier:
// sum[0], read by every thread after a reduction loop whose body ends at
// the barrier, is not written while they read it. A break carries what
// reaches it, both ids between the barrier and the test, one past it.
func (r *reach) ways(l *ir.Loop) (stay, leave func(barriers) barriers) {
	own, ok := r.own[l]
	if !ok {
		own = map[int]bool{}
		for _, b := range []*ir.Block{l.Init, l.Test, l.Body, l.Post} {
			if b == nil {
				continue
			}
			ir.Inspect(b, func(n ir.Node) bool {
				if b, ok := n.(*ir.Barrier); ok && r.isBarrier(b) {
					own[r.id(b)] = true
				}
				return true
			})
		}
		r.own[l] = own
	}
	drop := func(way int64) func(barriers) barriers {
		return func(bs barriers) barriers {
			var out barriers
			for _, x := range bs {
				if x == 0 || !own[x/2] || int64(x%2) != way {
					out = append(out, x)
				}
			}
			return out
		}
	}
	return drop(1), drop(0)
}

// entered reports whether a for or while loop's condition holds when the
// loop is entered, by the constants its initialization assigns (for (i =
// 16; i > 0; i /= 2)): its body then runs at least once.
func entered(l *ir.Loop) bool {
	if l.Kind == ir.DoWhile || l.Cond == nil || l.Test != nil && len(l.Test.Stmts) > 0 {
		return false
	}
	vals := map[*ir.Var]int64{}
	if l.Init != nil {
		for _, s := range l.Init.Stmts {
			a, ok := s.(*ir.Assign)
			if !ok {
				return false
			}
			if c, ok := smallConst(a.X, vals); ok {
				vals[a.Dst] = c
			} else {
				delete(vals, a.Dst)
			}
		}
	}
	b, ok := l.Cond.(*ir.Binary)
	if !ok {
		return false
	}
	x, okX := smallConst(b.X, vals)
	y, okY := smallConst(b.Y, vals)
	if !okX || !okY {
		return false
	}
	switch b.Op {
	case "<":
		return x < y
	case "<=":
		return x <= y
	case ">":
		return x > y
	case ">=":
		return x >= y
	case "!=":
		return x != y
	case "==":
		return x == y
	}
	return false
}

// smallConst is the value of an integer constant, or of a variable vals
// knows, in [0, 2^31): one that every integer type of 32 bits or more
// holds alike, whatever the conversions around it.
func smallConst(e ir.Expr, vals map[*ir.Var]int64) (int64, bool) {
	var v int64
	switch e := e.(type) {
	case *ir.Const:
		if e.T.Kind != ir.Int || e.Float != "" {
			return 0, false
		}
		v = e.Int
	case *ir.Ref:
		c, ok := vals[e.Var]
		if !ok {
			return 0, false
		}
		v = c
	case *ir.Convert:
		if e.To.Kind != ir.Int || e.To.Size < 4 {
			return 0, false
		}
		return smallConst(e.X, vals)
	default:
		return 0, false
	}
	return v, v >= 0 && v < 1<<31
}

// blockBarrier reports whether a barrier orders the threads of a block
// (a warp barrier does not) in all memory: an OpenCL barrier that fences
// one memory only is taken for none here, which keeps the loads of either
// memory around it from being quiet.
func blockBarrier(b *ir.Barrier) bool { return b.Kind != ir.SyncWarp && b.Fence == protocol.FenceAll }

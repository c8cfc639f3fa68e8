package eval

import (
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"math"

	"github.com/drfcheck/drfcheck/protocol"
)

// interp holds what all threads of a run share.
type interp struct {
	cfg    Config
	kinds  map[string]protocol.DeclKind
	synced map[protocol.Stmt]protocol.Scopes // If and Loop nodes that contain a sync, with the scopes of their syncs
	budget int                               // steps left, shared by all threads
	limit  int
	// prev holds the writes of the run before, by location, for the
	// values that reads bind (memory.go)
	prev map[string][]AccessValue
}

// thread is the state of one thread running the protocol.
type thread struct {
	*interp
	idx    int              // index in Config.Threads
	t      Thread           // Config.Threads[idx]
	outer  map[string]int64 // loop variables bound outside the statements (Phase)
	loops  []LoopVal        // loop variables in scope, outermost first
	iters  []int            // the iteration number of each loop in scope
	phase  int              // barriers passed that order the threads of a block (block and grid scope)
	warpPh int              // barriers passed of any scope
	gridPh int              // grid barriers passed
	// unfenced counts, for shared [0] and global [1] arrays, the barriers
	// of each counter above that do not order their memory (Sync.Fence):
	// an access's phases leave them out
	unfenced [2]struct{ phase, warp, grid int }
	accesses []AccessValue
	events   []Event
	// pairs are the assumptions that name the other thread of a pair
	// (protocol.Other) in scope, innermost last; met lists every one the
	// thread met, to be decided for every other thread when all have run
	// (decide)
	pairs, met []*pairCond
	// other is the other thread while a pair condition is decided
	other *Thread
	// bound holds the values that reads bound (protocol.Access.As)
	bound map[string]int64
	// atBarrier is set while a barrier invariant is evaluated; failed
	// lists the invariants that do not hold for the thread
	atBarrier bool
	failed    []Failure
}

// pairCond is an assume met by a thread whose condition names the other
// thread of a pair: it holds or not for each other thread of the run, and
// an access it guards is compared only with the threads it holds for.
type pairCond struct {
	cond  protocol.Cond
	loops []LoopVal // the loop variables in scope where it was met
	holds []bool    // by index in Config.Threads, once decided
}

// pairCond records an assume that names the other thread.
func (th *thread) pairCond(c protocol.Cond) *pairCond {
	pc := &pairCond{cond: c, loops: append([]LoopVal(nil), th.loops...)}
	th.met = append(th.met, pc)
	return pc
}

// paired runs b for the pairs c holds for.
func (th *thread) paired(c protocol.Cond, b *protocol.Block, muted bool) {
	th.pairs = append(th.pairs, th.pairCond(c))
	th.block(stmtsOf(b), muted, false)
	th.pairs = th.pairs[:len(th.pairs)-1]
}

// decide evaluates the pair conditions the threads met for every other
// thread of the configuration.
func (in *interp) decide(ths []*thread) {
	for _, th := range ths {
		for _, pc := range th.met {
			pc.holds = make([]bool, len(in.cfg.Threads))
			for j := range in.cfg.Threads {
				if j == th.idx {
					pc.holds[j] = true
					continue
				}
				view := in.newThread(th.idx, th.outer)
				view.loops, view.other = pc.loops, &in.cfg.Threads[j]
				pc.holds[j] = view.cond(pc.cond)
			}
		}
	}
}

// bailout carries an evaluation error up to try.
type bailout struct{ err *protocol.Error }

func fail(at protocol.Pos, format string, args ...any) {
	panic(bailout{protocol.Errorf(at, format, args...)})
}

// try runs f and returns the error it failed with, if any.
func try(f func()) (err error) {
	defer func() {
		if r := recover(); r != nil {
			b, ok := r.(bailout)
			if !ok {
				panic(r)
			}
			err = b.err
		}
	}()
	f()
	return nil
}

// newInterp checks cfg; configuration errors are reported at pos.
func newInterp(cfg Config, kinds map[string]protocol.DeclKind, pos protocol.Pos) (*interp, error) {
	for d := 0; d < 3; d++ {
		if cfg.BlockDim[d] < 0 || cfg.GridDim[d] < 0 {
			return nil, protocol.Errorf(pos, "negative blockDim or gridDim in dimension %c", "xyz"[d])
		}
	}
	seen := map[[2][3]int64]int{}
	for i, t := range cfg.Threads {
		for d := 0; d < 3; d++ {
			if t.Idx[d] < 0 || cfg.BlockDim[d] > 0 && t.Idx[d] >= cfg.BlockDim[d] {
				return nil, protocol.Errorf(pos, "thread %d: threadIdx.%c = %d is outside blockDim.%c = %d",
					i, "xyz"[d], t.Idx[d], "xyz"[d], cfg.BlockDim[d])
			}
			if t.Block[d] < 0 || cfg.GridDim[d] > 0 && t.Block[d] >= cfg.GridDim[d] {
				return nil, protocol.Errorf(pos, "thread %d: blockIdx.%c = %d is outside gridDim.%c = %d",
					i, "xyz"[d], t.Block[d], "xyz"[d], cfg.GridDim[d])
			}
		}
		key := [2][3]int64{t.Idx, t.Block}
		if j, dup := seen[key]; dup {
			return nil, protocol.Errorf(pos, "threads %d and %d are the same thread", j, i)
		}
		seen[key] = i
	}
	limit := cfg.MaxSteps
	if limit <= 0 {
		limit = DefaultMaxSteps
	}
	return &interp{cfg: cfg, kinds: kinds, synced: map[protocol.Stmt]protocol.Scopes{}, budget: limit, limit: limit}, nil
}

func (in *interp) newThread(i int, outer map[string]int64) *thread {
	return &thread{interp: in, idx: i, t: in.cfg.Threads[i], outer: outer}
}

// step spends one unit of the budget on n.
func (th *thread) step(n protocol.Node) {
	th.budget--
	if th.budget < 0 {
		fail(n.Pos(), "evaluation budget of %d steps exceeded (a loop that does not terminate?)", th.limit)
	}
}

// admitted evaluates the top-level assumes of body, the preconditions.
func (th *thread) admitted(body []protocol.Stmt) bool {
	for _, s := range body {
		// one that names the other thread guards the accesses after it
		// for the pairs it holds for, as a nested one does (block)
		if a, ok := s.(*protocol.Assume); ok && !protocol.HasOther(a.Cond) && !th.cond(a.Cond) {
			return false
		}
	}
	return true
}

func stmtsOf(b *protocol.Block) []protocol.Stmt {
	if b == nil {
		return nil
	}
	return b.Stmts
}

// block runs stmts. When muted, accesses are not recorded (an assume of an
// enclosing block was false). When top, stmts is the top-level body, whose
// assumes are preconditions that admitted has already checked.
func (th *thread) block(stmts []protocol.Stmt, muted, top bool) {
	inScope := len(th.pairs)
	defer func() { th.pairs = th.pairs[:inScope] }() // for the rest of this block only
	for _, s := range stmts {
		th.step(s)
		switch s := s.(type) {
		case *protocol.Assume:
			switch {
			case muted:
			case protocol.HasOther(s.Cond):
				th.pairs = append(th.pairs, th.pairCond(s.Cond))
			case top:
			case !th.cond(s.Cond):
				muted = true // for the rest of this block only
			}
		case *protocol.Access:
			switch {
			case s.As != "":
				th.bind(s, muted)
			case !muted:
				th.accesses = append(th.accesses, th.accessValue(s))
			}
		case *protocol.Sync:
			if s.Invariant != nil {
				th.invariant(s)
			}
			th.events = append(th.events, Event{Kind: Barrier, Stmt: s, Scopes: 1 << s.Scope})
			th.warpPh++
			if s.Scope != protocol.ScopeWarp {
				th.phase++
			}
			if s.Scope == protocol.ScopeGrid {
				th.gridPh++
			}
			for i, k := range [2]protocol.DeclKind{protocol.Shared, protocol.Global} {
				if u := &th.unfenced[i]; !s.Fence.Orders(k) {
					u.warp++
					if s.Scope != protocol.ScopeWarp {
						u.phase++
					}
					if s.Scope == protocol.ScopeGrid {
						u.grid++
					}
				}
			}
		case *protocol.If:
			if protocol.HasOther(s.Cond) {
				// a guard made of such an assume (wellformed): each
				// branch for the pairs its condition holds for
				th.paired(s.Cond, s.Then, muted)
				th.paired(&protocol.Not{At: s.Cond.Pos(), X: s.Cond}, s.Else, muted)
				continue
			}
			c := th.cond(s.Cond)
			if sc := th.synced[s]; sc != 0 {
				th.events = append(th.events, Event{Kind: Branch, Stmt: s, Cond: c, Scopes: sc})
			}
			if c {
				th.block(stmtsOf(s.Then), muted, false)
			} else {
				th.block(stmtsOf(s.Else), muted, false)
			}
		case *protocol.Loop:
			th.loop(s, muted)
		case *protocol.Block:
			th.block(s.Stmts, muted, false)
		default:
			fail(s.Pos(), "unknown statement %T", s)
		}
	}
}

// loop runs l: Var = Lo, Lo+Step, ... while Var < Hi, the bounds evaluated
// once at the start.
func (th *thread) loop(l *protocol.Loop, muted bool) {
	lo, hi, step := th.expr(l.Lo), th.expr(l.Hi), int64(1)
	if l.Step != nil {
		step = th.expr(l.Step)
	}
	if sc := th.synced[l]; sc != 0 {
		th.events = append(th.events, Event{Kind: Range, Stmt: l, Lo: lo, Hi: hi, Step: step, Trips: trips(lo, hi, step), Scopes: sc})
	}
	iter := 0
	for v := lo; v < hi; {
		th.step(l)
		th.loops = append(th.loops, LoopVal{l.Var, v})
		th.iters = append(th.iters, iter)
		th.block(stmtsOf(l.Body), muted, false)
		th.loops = th.loops[:len(th.loops)-1]
		th.iters = th.iters[:len(th.iters)-1]
		iter++
		next, ok := add(v, step)
		if !ok && step > 0 {
			break // the exact next value exceeds MaxInt64 >= hi: the loop ends
		}
		if !ok {
			fail(l.At, "integer overflow in loop variable %s: %d + %d", l.Var, v, step)
		}
		v = next
	}
}

// accessValue evaluates access a as the thread makes it now.
func (th *thread) accessValue(a *protocol.Access) AccessValue {
	if k, ok := th.kinds[a.Array]; !ok || !k.IsArray() {
		fail(a.At, "%s is not a declared array", a.Array)
	}
	idx := make([]int64, len(a.Index))
	for i, e := range a.Index {
		idx[i] = th.expr(e)
	}
	var loops []LoopVal
	if len(a.Loops) > 0 {
		for _, l := range a.Loops {
			loops = append(loops, LoopVal{l.Name, th.expr(l.Value)})
		}
	} else {
		loops = append(loops, th.loops...)
	}
	var value *int64
	if a.Value != nil {
		v := th.expr(a.Value)
		value = &v
	}
	u := th.unfenced[0]
	if th.kinds[a.Array] == protocol.Global {
		u = th.unfenced[1]
	}
	var pairs []*pairCond
	if len(th.pairs) > 0 {
		pairs = append(pairs, th.pairs...)
	}
	return AccessValue{Thread: th.idx, Access: a, Index: idx, Loops: loops, Phase: th.phase - u.phase, WarpPhase: th.warpPh - u.warp, GridPhase: th.gridPh - u.grid, Warp: th.warp(), Value: value,
		Step: fmt.Sprintf("%p %v", a, th.iters), Seq: len(th.accesses), pairs: pairs}
}

func (th *thread) cond(c protocol.Cond) bool {
	switch c := c.(type) {
	case *protocol.BoolLit:
		return c.Value
	case *protocol.Cmp:
		x, y := th.expr(c.X), th.expr(c.Y)
		if v, ok := Compare(c.Op, x, y); ok {
			return v
		}
		fail(c.At, "unknown comparison %d", c.Op)
	case *protocol.Not:
		return !th.cond(c.X)
	case *protocol.Logic:
		if c.Op == protocol.And {
			return th.cond(c.X) && th.cond(c.Y)
		}
		return th.cond(c.X) || th.cond(c.Y)
	case nil:
		fail(protocol.Pos{}, "missing condition")
	}
	fail(c.Pos(), "unknown condition %T", c)
	return false
}

func (th *thread) expr(e protocol.Expr) int64 {
	switch e := e.(type) {
	case *protocol.IntLit:
		return e.Value
	case *protocol.Var:
		return th.lookup(e)
	case *protocol.Builtin:
		return th.builtin(e)
	case *protocol.Neg:
		x := th.expr(e.X)
		if x == math.MinInt64 {
			fail(e.At, "integer overflow in -(%d)", x)
		}
		return -x
	case *protocol.Binary:
		x, y := th.expr(e.X), th.expr(e.Y)
		if e.Op >= protocol.BitAnd && th.cfg.BitOps != nil {
			if v, ok := th.cfg.BitOps(e.Op, x, y); ok {
				return v
			}
		}
		return binop(e.At, e.Op, x, y)
	case *protocol.Ite:
		if th.cond(e.Cond) {
			return th.expr(e.Then)
		}
		return th.expr(e.Else)
	case *protocol.Content:
		if !th.atBarrier {
			fail(e.At, "%s[...], the content of an array, outside a barrier invariant", e.Array)
		}
		idx := make([]int64, len(e.Index))
		for i, x := range e.Index {
			idx[i] = th.expr(x)
		}
		return th.content(e.Array, idx)
	case *protocol.Other:
		if th.other == nil {
			fail(e.At, "other() outside the condition of an assume")
		}
		them := &thread{interp: th.interp, idx: -1, t: *th.other, outer: th.outer}
		return them.expr(e.X)
	case *protocol.Call:
		if k, ok := th.kinds[e.Func]; !ok || k != protocol.Param {
			fail(e.At, "%s is not a declared param and cannot be called", e.Func)
		}
		args := make([]int64, len(e.Args))
		for i, a := range e.Args {
			args[i] = th.expr(a)
		}
		if th.cfg.Funcs == nil {
			return defaultFunc(e.Func, args)
		}
		return th.cfg.Funcs(e.Func, args)
	case nil:
		fail(protocol.Pos{}, "missing expression")
	}
	fail(e.Pos(), "unknown expression %T", e)
	return 0
}

// lookup finds v among the loop variables in scope (innermost first), then
// the outer bindings, then the declarations.
func (th *thread) lookup(v *protocol.Var) int64 {
	for i := len(th.loops) - 1; i >= 0; i-- {
		if th.loops[i].Name == v.Name {
			return th.loops[i].Value
		}
	}
	if x, ok := th.outer[v.Name]; ok {
		return x
	}
	if x, ok := th.bound[v.Name]; ok {
		return x
	}
	k, ok := th.kinds[v.Name]
	switch {
	case !ok:
		fail(v.At, "undeclared name %s", v.Name)
	case k == protocol.Param:
		x, ok := th.cfg.Params[v.Name]
		if !ok {
			fail(v.At, "param %s has no value in the configuration", v.Name)
		}
		return x
	case k == protocol.Local:
		return th.t.Locals[v.Name]
	}
	fail(v.At, "array %s used as an integer", v.Name)
	return 0
}

func (th *thread) builtin(b *protocol.Builtin) int64 {
	if b.Dim < 0 || b.Dim > 2 {
		fail(b.At, "%s has no dimension %d", b.Kind, b.Dim)
	}
	var v int64
	switch b.Kind {
	case protocol.ThreadIdx:
		return th.t.Idx[b.Dim]
	case protocol.BlockIdx:
		return th.t.Block[b.Dim]
	case protocol.BlockDim:
		v = th.cfg.BlockDim[b.Dim]
	case protocol.GridDim:
		v = th.cfg.GridDim[b.Dim]
	default:
		fail(b.At, "unknown builtin %d", b.Kind)
	}
	if v == 0 {
		fail(b.At, "%s is not set in the configuration", b.Name())
	}
	return v
}

// defaultFunc is the uninterpreted function used when Config.Funcs is nil: a
// hash of the name and the arguments, in [0, 8).
func defaultFunc(name string, args []int64) int64 {
	h := fnv.New64a()
	h.Write([]byte(name))
	for _, a := range args {
		h.Write(binary.LittleEndian.AppendUint64(nil, uint64(a)))
	}
	return int64(h.Sum64() % 8)
}

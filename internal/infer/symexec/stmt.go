package symexec

import (
	"fmt"
	"slices"
	"strings"

	"github.com/drfcheck/drfcheck/internal/infer/ir"
	"github.com/drfcheck/drfcheck/protocol"
	"github.com/drfcheck/drfcheck/protocol/printer"
)

// jump is a way out of a statement other than falling through: a break, a
// continue, a return, or an exit from a region, taken when cond holds
// (relative to the statement's start), with the environment at that point.
type jump struct {
	cond protocol.Cond
	env  env
	to   *ir.Region // the region an exit leaves
}

// exits describes how control leaves a statement. Falling through happens
// when fall holds (nil for always); the environment after falling through
// is the executor's current one.
type exits struct {
	fall                 protocol.Cond
	brk, cont, ret, exit []jump
}

func fallThrough() exits { return exits{} }

func never(at protocol.Pos) protocol.Cond { return boolLit(at, false) }

// under conjoins the conditions of the jumps with c: the jumps of a
// statement that runs only when c holds.
func under(at protocol.Pos, c protocol.Cond, js []jump) []jump {
	if isTrue(c) {
		return js
	}
	out := make([]jump, 0, len(js))
	for _, j := range js {
		if jc := and(at, c, j.cond); !isFalse(jc) {
			out = append(out, jump{cond: jc, env: j.env, to: j.to})
		}
	}
	return out
}

// then sequences e with rest, which runs when e falls through.
func (e exits) then(at protocol.Pos, rest exits) exits {
	return exits{
		fall: and(at, e.fall, rest.fall),
		brk:  append(e.brk, under(at, e.fall, rest.brk)...),
		cont: append(e.cont, under(at, e.fall, rest.cont)...),
		ret:  append(e.ret, under(at, e.fall, rest.ret)...),
		exit: append(e.exit, under(at, e.fall, rest.exit)...),
	}
}

// branchOf combines the exits of the two arms of a conditional.
func branchOf(at protocol.Pos, c protocol.Cond, et, ee exits) exits {
	nc := not(at, c)
	return exits{
		fall: or(at, and(at, c, et.fall), and(at, nc, ee.fall)),
		brk:  append(under(at, c, et.brk), under(at, nc, ee.brk)...),
		cont: append(under(at, c, et.cont), under(at, nc, ee.cont)...),
		ret:  append(under(at, c, et.ret), under(at, nc, ee.ret)...),
		exit: append(under(at, c, et.exit), under(at, nc, ee.exit)...),
	}
}

// joinJumps merges jumps into one condition and environment.
func (x *exec) joinJumps(at protocol.Pos, js []jump) (protocol.Cond, env) {
	if len(js) == 0 {
		return never(at), nil
	}
	c, e := js[len(js)-1].cond, js[len(js)-1].env
	for i := len(js) - 2; i >= 0; i-- {
		j := js[i]
		e = x.mergeEnv(at, j.cond, j.env, e)
		c = or(at, j.cond, c)
	}
	return c, e
}

// rejoin makes the jumps js (taken from the current statement) fall
// through again: a continue at the end of a loop body, an exit at the end
// of its region. The environment after is that of falling through or of a
// jump.
func (x *exec) rejoin(at protocol.Pos, fall protocol.Cond, js []jump) protocol.Cond {
	if len(js) == 0 {
		return fall
	}
	c, e := x.joinJumps(at, js)
	switch {
	case isFalse(c):
	case isFalse(fall):
		x.env = e
	default:
		x.env = x.mergeEnv(at, fall, x.env, e)
	}
	return or(at, fall, c)
}

// block runs statements in order. When one may not fall through (a return
// or break under a condition), the statements after it run under the
// condition that it did.
func (x *exec) block(b *ir.Block) exits {
	if b == nil {
		return fallThrough()
	}
	return x.seq(b.Stmts)
}

func (x *exec) seq(stmts []ir.Stmt) exits {
	if len(stmts) == 0 {
		return fallThrough()
	}
	e := x.stmt(stmts[0])
	if len(stmts) == 1 || isFalse(e.fall) {
		return e
	}
	// the guard is placed at the statement that may not fall through: a
	// barrier divergence it causes is reported there
	at := stmts[0].Pos()
	if isTrue(e.fall) {
		return e.then(at, x.seq(stmts[1:]))
	}
	// the rest runs only where stmts[0] fell through, and the point after
	// it is also reached by stmts[0]'s jumps: what the rest writes covers
	// nothing there
	var rest exits
	var sts []protocol.Stmt
	x.scoped(func() { sts = x.into(func() { rest = x.seq(stmts[1:]) }) })
	x.guarded(at, e.fall, sts)
	return e.then(at, rest)
}

// stmt runs a statement.
func (x *exec) stmt(s ir.Stmt) exits {
	at := s.Pos()
	x.tick(at)
	if x.ghost.mode != ghostNone && !ghostly(s) {
		x.unknown(at, "a barrier invariant that writes memory or synchronizes")
		return fallThrough()
	}
	switch s := s.(type) {
	case *ir.Block:
		return x.block(s)
	case *ir.Assign:
		x.hint = s.Dst.CName
		if step := selfStep(s); step != nil {
			// a variable stepped by itself is assumed not to wrap
			// around (ranges.go): the int i of i += blockDim.x * gridDim.x
			// (an unsigned sum) stops at n
			x.env[s.Dst] = x.eval(step)
			x.hint = ""
			break
		}
		v := x.eval(s.X)
		x.hint = ""
		x.env[s.Dst] = x.convert(at, v, s.X.Type(), s.Dst.T)
	case *ir.Load:
		off := x.eval(s.Addr.Off)
		if x.ghost.mode != ghostNone {
			x.env[s.Dst] = x.ghostLoad(at, s, off)
			break
		}
		if !x.isCovered(s.Addr.Base, off, s.T) {
			x.access(at, protocol.Read, s.Addr.Base, off, s.T, s.Source, nil, false)
		}
		v := x.loaded(at, s, off)
		x.env[s.Dst] = v
		if s.Dst.T == s.T {
			x.noteLoad(s.Addr.Base, off, s.T, v)
		}
	case *ir.Store:
		sv := x.convert(at, x.eval(s.X), s.X.Type(), s.T)
		var value protocol.Expr
		if v, ok := sv.(intVal); ok && (s.T.IsInt() || floatBits(s.T)) && small(v.e, maxValueNodes) {
			value = v.e
		}
		off := x.eval(s.Addr.Off)
		x.access(at, protocol.Write, s.Addr.Base, off, s.T, s.Source, value, false)
		x.covers(s.Addr.Base, off, s.T)
		x.remember(s.Addr.Base, off, s.T, sv)
	case *ir.Atomic:
		for _, a := range s.Args {
			x.eval(a)
		}
		off := x.eval(s.Addr.Off)
		x.access(at, protocol.Atomic, s.Addr.Base, off, s.T, s.Source, nil, blockScope(s))
		x.clobber(s.Addr.Base, off, s.T)
		if s.Dst != nil {
			x.env[s.Dst] = x.atomicResult(at, s, off)
		}
	case *ir.If:
		c := x.cond(s.Cond)
		return x.branch(at, c, func() exits { return x.block(s.Then) }, func() exits { return x.block(s.Else) })
	case *ir.Loop:
		return x.loopStmt(s)
	case *ir.Break:
		e := exits{fall: never(at)}
		e.brk = []jump{{cond: boolLit(at, true), env: x.env.clone()}}
		return e
	case *ir.Continue:
		e := exits{fall: never(at)}
		e.cont = []jump{{cond: boolLit(at, true), env: x.env.clone()}}
		return e
	case *ir.Return:
		e := exits{fall: never(at)}
		e.ret = []jump{{cond: boolLit(at, true), env: x.env.clone()}}
		return e
	case *ir.Exit:
		return exits{fall: never(at), exit: []jump{{cond: boolLit(at, true), env: x.env.clone(), to: s.To}}}
	case *ir.Region:
		return x.region(s)
	case *ir.Barrier:
		x.barrier(s)
	case *ir.Fence:
		// orders the thread's own accesses only: no synchronization
	case *ir.Snapshot:
		x.snapshot(s)
	case *ir.Iteration:
		x.iteration(s)
	case *ir.Assume:
		x.assume(s)
	case *ir.Unknown:
		x.unknown(at, "%s", s.Reason)
		x.forget(func(*cell) bool { return true })
	default:
		x.unknown(at, "a statement this stage does not know (%T)", s)
	}
	return fallThrough()
}

// iteration notes the iteration of an unrolled loop that the statements
// after it belong to (ir.Iteration).
func (x *exec) iteration(s *ir.Iteration) {
	its := slices.Clone(x.iterations)
	if n := len(its); n > 0 && its[n-1].Name == s.Var {
		its = its[:n-1]
	}
	if s.End {
		x.iterations = its
		return
	}
	if v, ok := x.eval(s.Value).(intVal); ok {
		its = append(its, protocol.LoopValue{Name: s.Var, Value: v.e})
	}
	x.iterations = its
}

// selfStep returns v + e or v - e when an assignment sets an integer v to
// that sum converted to v's type (v += e of an int v and an unsigned e),
// nil otherwise.
func selfStep(s *ir.Assign) ir.Expr {
	if s.Dst.T.Kind != ir.Int || s.Dst.T.Size < 4 {
		// a char or short that wraps is seen as it wraps
		return nil
	}
	sum, ok := unconverted(s.X).(*ir.Binary)
	if !ok || sum.Op != "+" && sum.Op != "-" || !sum.T.IsInt() {
		return nil
	}
	if r, ok := unconverted(sum.X).(*ir.Ref); ok && r.Var == s.Dst {
		return sum
	}
	return nil
}

// unconverted strips the conversions between integer types off e.
func unconverted(e ir.Expr) ir.Expr {
	for {
		c, ok := e.(*ir.Convert)
		if !ok || c.X.Type().Kind != ir.Int || c.To.Kind != ir.Int {
			return e
		}
		e = c.X
	}
}

// loaded is the value a load reads. Memory that no thread writes during
// the kernel (__constant__ memory, an input array: no store or atomic to
// its base anywhere in the kernel) holds the same value at an address all
// along, for every thread: the value is an unknown function of the address
// (uniform where the address is). Other memory is modelled by nothing: the
// value is anything, and thread-local. Distinct pointer parameters are
// assumed not to alias, as everywhere in drfcheck.
//
// Memory written elsewhere in the kernel but in no barrier interval of
// the load (a quiet load, intervals.go) holds one value per address for the
// block during it (quietValue).
func (x *exec) loaded(at protocol.Pos, s *ir.Load, off value) value {
	b := s.Addr.Base
	o, isInt := off.(intVal)
	ints := isInt && s.T.IsInt() && s.Dst.T.IsInt()
	own := x.recalled(at, b, off, s.T)
	isOwn := len(own) > 0
	// where the thread stored it itself (on every path, or where a cell
	// holds), it computes with its own value
	mine := func(other value) value {
		v := other
		for _, r := range own {
			rv := x.convert(at, r.v, s.T, s.Dst.T)
			if isTrue(r.when) {
				return rv
			}
			v = x.merge(at, r.when, rv, v)
		}
		return v
	}
	key, quiet := x.quiet.quiet[s]
	if !quiet && isInt && !x.lockStep && small(o.e, maxStartAddr) && x.clean(b, off, s.T) {
		// no store of the thread's own since the barrier: the value at
		// the interval's start (memory.go)
		key, quiet = x.quiet.keys[s]
	}
	if quiet && ints && b.Kind != ir.Private && x.written[b] {
		if v, ok := x.quietValue(at, s, o.e, key); ok {
			if isOwn {
				// the block's value is assumed equal to the thread's
				// own where the load is, which a branch may keep from
				// what follows it: the thread's own value is exact
				for _, r := range own {
					x.ownQuiet(at, v, r, s.T)
				}
				if x.ghost.mode == ghostAssume || !isTrue(own[0].when) {
					// a barrier invariant assumed for another thread
					// speaks of the memory every thread reads; and a
					// value one way of a branch stored stays the block's
					// (one value, the same for every thread: a leader's
					// store read by all), tied to it where it holds
					return v
				}
				return mine(v)
			}
			return v
		}
	}
	if isOwn && isTrue(own[0].when) {
		return mine(nil)
	}
	var v value
	switch {
	case b.Kind == ir.Private || x.written[b]:
		v = x.memoryValue(at, s.Dst)
	case !ints:
		l, bl := x.taintOf(off)
		v = x.fresh(at, s.Dst.T, x.nameOf(s.Dst), l, bl)
	default:
		v = intVal{x.inRange(at, x.typed(x.uninterpreted(at, fmt.Sprintf("%s_%s", b.Name, s.T), o.e), s.T), s.T)}
	}
	if isOwn {
		return mine(v)
	}
	return v
}

// quietValue is the value of a quiet load at off: an unknown function of
// the address, the block and the iteration of each loop around the load
// whose variable is the same for every thread. Two loads share the
// function (equal addresses, equal values) when the same barriers reach
// them and the run met as many barriers before each (no barrier can run
// between them in an iteration). A load in a synchronized loop whose
// variable differs between threads is left out (ok false): two threads at
// one value of the other variables may then be in different intervals.
func (x *exec) quietValue(at protocol.Pos, s *ir.Load, off protocol.Expr, key string) (value, bool) {
	args := []protocol.Expr{off}
	for _, l := range x.loops {
		if l.local {
			if x.quiet.synced[s] {
				return nil, false
			}
			continue
		}
		args = append(args, &protocol.Var{At: at, Name: l.v})
	}
	for d := 0; d < 3; d++ {
		args = append(args, &protocol.Builtin{At: at, Kind: protocol.BlockIdx, Dim: d})
	}
	name := fmt.Sprintf("%s_%s_interval%s_%d_%d", s.Addr.Base.Name, s.T, key, x.syncs, len(args))
	return intVal{x.inRange(at, x.typed(x.uninterpreted(at, name, args...), s.T), s.T)}, true
}

// inRange returns a value read from memory as an integer of its type, of
// 32 bits or fewer, after assuming it is one: in [0, 2^width) unsigned, in
// [-2^(width-1), 2^(width-1)) signed. An unknown function is any integer:
// a negative one made (v + t) % 8u negative where C's is not, and a signed
// one below -2^32 made (unsigned)v + t wrap twice where the encoding
// corrects once, false alarms. (A fresh variable gets its type's range
// where its residue is taken, rangeFacts; a function's results cannot.)
func (x *exec) inRange(at protocol.Pos, e protocol.Expr, t ir.Type) protocol.Expr {
	width := t.Size * 8
	if width <= 0 || width > 32 || t.Kind != ir.Int {
		return e
	}
	if !unsigned(t) {
		if _, ok := e.(*protocol.Call); ok {
			half := int64(1) << (width - 1)
			x.emitAssume(&protocol.Assume{At: at, Cond: and(at, cmp(at, protocol.Le, lit(at, -half), e), cmp(at, protocol.Lt, e, lit(at, half)))})
		}
		return e
	}
	x.emitAssume(&protocol.Assume{At: at, Cond: and(at, cmp(at, protocol.Le, lit(at, 0), e), cmp(at, protocol.Lt, e, lit(at, 1<<width)))})
	return x.nonNeg(e)
}

// maxStartAddr bounds the addresses of the loads that read the value
// their interval began with (memory.go): an unknown function of a long
// address (a sorting network's 2t - (t & (stride - 1)), wrapped) makes
// hard queries of every condition on the value, where a fresh value is
// as good for most kernels.
const maxStartAddr = 24

// maxValueNodes bounds the values that writes carry: a value is only
// needed to tell benign writes, and a long chain of arithmetic (a hash)
// is a DAG here that would be copied into a tree everywhere after.
const maxValueNodes = 64

// small reports whether an expression has at most n nodes.
func small(e protocol.Node, n int) bool {
	count := 0
	protocol.Inspect(e, func(protocol.Node) bool {
		count++
		return count <= n
	})
	return count <= n
}

// memoryValue is a value read from memory: anything, and thread-local,
// since the array's contents are not modelled.
func (x *exec) memoryValue(at protocol.Pos, dst *ir.Var) value {
	return x.fresh(at, dst.T, x.nameOf(dst), true, false)
}

// atomicResult is the value an atomic returns: a fresh thread-local
// value, which is distinct between threads when the atomic increments a
// counter (counters) at one place for the whole grid: in global memory
// (a __shared__ counter is one per block, and the blocks' counters hand
// out the same values), of device or system scope (the atomics of a
// block-scoped counter are not atomic between blocks: two blocks may get
// one value), at an address that does not depend on the block
// or on a loop variable (two blocks, or two iterations, may increment
// different counters). Otherwise, when the counter is one place for the
// threads of each block (a __shared__ one, a block-scoped atomic, an
// address made of the block's index: cnt[blockIdx.x]), the values are
// distinct between the threads of one block (a block counter, its key
// marked so: counterDecls).
func (x *exec) atomicResult(at protocol.Pos, s *ir.Atomic, off value) value {
	iv, ok := off.(intVal)
	if !x.counters[s.Addr.Base] || !ok || !s.Dst.T.IsInt() || s.Dst.T.Kind == ir.Bool {
		return x.memoryValue(at, s.Dst)
	}
	grid := (s.Addr.Base.Kind == ir.Global || s.Addr.Base.Kind == ir.Device) && !blockScope(s)
	key := fmt.Sprintf("%s[%s]", s.Addr.Base.Name, printer.Node(iv.e))
	switch {
	case grid && x.uniform(iv.e, false):
	case s.Addr.Base.Kind != ir.Private && x.uniform(iv.e, true):
		key = blockCounter + key
	default:
		return x.memoryValue(at, s.Dst)
	}
	name := x.k.declareFresh(x.nameOf(s.Dst), protocol.Local, at)
	x.k.fresh[len(x.k.fresh)-1].counter = key
	return intVal{x.typed(&protocol.Var{At: at, Name: name}, s.Dst.T)}
}

// blockCounter begins the key of a counter that is one per block.
const blockCounter = "block:"

// uniform reports whether e has one value for every thread of the grid
// (with block, of one block: blockIdx too) at every point of the run:
// literals, the kernel's parameters and launch sizes, and no loop
// variable.
func (x *exec) uniform(e protocol.Expr, block bool) bool {
	ok := true
	protocol.Inspect(e, func(n protocol.Node) bool {
		switch n := n.(type) {
		case *protocol.Var:
			ok = ok && x.k.kinds[n.Name] == protocol.Param && !x.isLoopVar(n.Name)
		case *protocol.Builtin:
			ok = ok && (n.Kind == protocol.BlockDim || n.Kind == protocol.GridDim || block && n.Kind == protocol.BlockIdx)
		case *protocol.Call:
			ok = false
		}
		return ok
	})
	return ok
}

func (x *exec) isLoopVar(name string) bool {
	for _, l := range x.loops {
		if l.v == name {
			return true
		}
	}
	return false
}

// region runs a labelled region: the exits that leave it fall through at
// its end.
func (x *exec) region(r *ir.Region) exits {
	if r.Call {
		x.inlined++
		defer func() { x.inlined-- }()
	}
	e := x.block(r.Body)
	var mine, others []jump
	for _, j := range e.exit {
		if j.to == r {
			mine = append(mine, j)
		} else {
			others = append(others, j)
		}
	}
	e.fall = x.rejoin(r.At, e.fall, mine)
	e.exit = others
	return e
}

// branch runs one of two continuations depending on c and joins them.
func (x *exec) branch(at protocol.Pos, c protocol.Cond, then, els func() exits) exits {
	if isTrue(c) {
		return then()
	}
	if isFalse(c) {
		return els()
	}
	base := x.env
	x.env = base.clone()
	var et, ee exits
	var thenSts, elseSts []protocol.Stmt
	x.scoped(func() { thenSts = x.into(func() { et = then() }) })
	envT := x.env
	x.env = base.clone()
	x.scoped(func() { elseSts = x.into(func() { ee = els() }) })
	envE := x.env
	x.emitIf(at, c, thenSts, elseSts)
	switch {
	case isFalse(et.fall):
		x.env = envE
	case isFalse(ee.fall):
		x.env = envT
	default:
		x.env = x.mergeEnv(at, c, envT, envE)
	}
	return branchOf(at, c, et, ee)
}

// barrier emits a barrier of its scope. __syncwarp(mask) orders the
// threads of one warp that the mask names: with the full mask (or none) it
// is a warp barrier; another mask may leave out threads whose order the
// protocol would then claim, so it orders nothing, which only adds
// behaviours.
func (x *exec) barrier(b *ir.Barrier) {
	x.checkInvariants(b)
	var arg value
	if b.Arg != nil {
		arg = x.eval(b.Arg)
	}
	scope := protocol.ScopeBlock
	switch b.Kind {
	case ir.SyncWarp:
		if b.Arg != nil && !isConst(arg, 0xffffffff) {
			return
		}
		scope = protocol.ScopeWarp
	case ir.SyncGrid:
		scope = protocol.ScopeGrid
	}
	x.emit(&protocol.Sync{At: b.At, Scope: scope, Fence: b.Fence})
	x.covered, x.syncs = nil, x.syncs+1
	x.synced(scope, b.Fence)
	if b.Dst != nil {
		// the same for every thread of the block
		x.env[b.Dst] = x.fresh(b.At, b.Dst.T, b.Dst.CName, false, true)
	}
	x.assumeInvariants(b)
}

// assume emits an assumption: a __requires, or an __assume before anything
// else at the top of the kernel, is a precondition of the whole run;
// another __assume guards what follows it. A __requires of a device
// function is its precondition, which its callers may break: assuming it
// would hide the races they cause, so it is ignored.
func (x *exec) assume(a *ir.Assume) {
	if a.Requires && x.inlined > 0 {
		return
	}
	if a.Pre != nil {
		x.pairAssume(a)
		return
	}
	c := x.cond(a.Cond)
	if isTrue(c) {
		return
	}
	if x.top && (x.pre || a.Requires) {
		x.k.pre = append(x.k.pre, &protocol.Assume{At: a.At, Cond: c})
		x.narrowRanges(c)
		return
	}
	x.emitAssume(&protocol.Assume{At: a.At, Cond: c})
}

// access emits the access of a value of type t at an address. Memory of
// one thread (local arrays) never races and is not an array of the
// protocol, nor is a read of __constant__ memory, which no thread writes.
// The protocol's index is the element of the base's scalar type (the
// cell) that the byte offset falls in; an access covers each cell it
// spans (a float4 read of a float array four, an int at bytes 2..5 of an
// int array two). A write's value, when known, goes with an
// access of exactly one element: two such writes of one value write the
// same bytes, and are benign. A narrower write (a short into an int cell,
// memset's bytes) writes other bytes than a whole-cell write of the same
// number (1 in bytes 2..3 is 01 00 there, a 4-byte 1 writes 00 00), so its
// value is dropped, except 0, whose bytes are zero at any width. An atomic
// of block scope says so (protocol.Access.BlockScope).
func (x *exec) access(at protocol.Pos, mode protocol.Mode, b *ir.Base, offset value, t ir.Type, src string, value protocol.Expr, blockScope bool) {
	if b.Kind == ir.Private || b.Kind == ir.Constant && mode == protocol.Read {
		return
	}
	arr := x.k.array(b)
	off := x.asInt(at, offset)
	acc := func(idx protocol.Expr) *protocol.Access {
		return &protocol.Access{At: at, Mode: mode, Array: arr.name, Index: []protocol.Expr{idx}, Source: src, Shape: arr.shape, BlockScope: blockScope, CellBytes: arr.cellBytes, Loops: x.iterations}
	}
	size, unit := t.Size, arr.unit
	if size <= 0 {
		size = unit
	}
	// the offset is a multiple of g: a cell's start when g is the unit, and
	// an access of at most g bytes then stays within one cell; any other
	// access (a member of a packed struct, bytes 2..5 of int cells) covers
	// every cell from its first byte's to its last byte's
	g := gcd(alignOf(off), unit)
	first := div(at, off, lit(at, unit))
	var cells protocol.Expr
	switch {
	case g == unit:
		cells = lit(at, (size+unit-1)/unit)
	case size <= g:
		cells = lit(at, 1)
	default:
		last := div(at, add(at, off, lit(at, size-1)), lit(at, unit))
		cells = add(at, sub(at, last, first), lit(at, 1))
	}
	if isLit(cells, 1) {
		a := acc(first)
		if size == unit && g == unit || isLit(value, 0) {
			a.Value = value
		}
		x.emit(a)
		return
	}
	v := x.k.names.fresh("elem")
	body := acc(add(at, first, &protocol.Var{At: at, Name: v}))
	if isLit(value, 0) {
		body.Value = value // zero bytes in every cell it covers
	}
	x.emit(&protocol.Loop{At: at, Var: v, Lo: lit(at, 0), Hi: cells, Body: &protocol.Block{At: at, Stmts: []protocol.Stmt{body}}})
}

// blockScope reports whether an atomic is atomic only within a block
// (atomicAdd_block and the other _block built-ins, libcu++'s
// thread_scope_block).
func blockScope(a *ir.Atomic) bool { return strings.HasSuffix(a.Op, ".block") }

// alignOf returns a power of two that divides every value of an offset
// (1 when nothing is known): 4 for 4 * i + 8. It is read off the
// expression's sums and products of literals.
func alignOf(e protocol.Expr) int64 {
	const most = 1 << 30
	switch e := e.(type) {
	case *protocol.IntLit:
		if e.Value == 0 {
			return most
		}
		return min(e.Value&-e.Value, most)
	case *protocol.Neg:
		return alignOf(e.X)
	case *protocol.Binary:
		switch e.Op {
		case protocol.Add, protocol.Sub:
			return min(alignOf(e.X), alignOf(e.Y))
		case protocol.Mul:
			return min(alignOf(e.X)*alignOf(e.Y), most)
		}
	}
	return 1
}

func gcd(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

package symexec

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/drfcheck/drfcheck/internal/infer/ir"
	"github.com/drfcheck/drfcheck/protocol"
)

// exec is the symbolic run of a kernel's IR: it walks the IR in program
// order with an environment of symbolic values and emits the protocol
// statements (accesses, barriers, loops, conditionals) into out.
type exec struct {
	k    *kernel
	env  env
	out  *[]protocol.Stmt
	sink *sink

	loops   []loopFrame        // the protocol loops around the current point, outermost first
	hint    string             // a name for the fresh value being computed, from the variable it goes to
	top     bool               // emitting directly into the kernel's top-level body
	pre     bool               // nothing but assumptions has been emitted at the top level yet
	inlined int                // the depth of inlined calls around the current point
	names   map[*ir.Var]string // the names of temporaries (tempNames)
	written map[*ir.Base]bool  // the memory some store or atomic writes
	// counters is the memory only ever updated by atomic increments
	// (counters): the values their atomics return are distinct.
	counters map[*ir.Base]bool
	quiet    intervals               // the loads that no write shares a barrier interval with
	known    map[protocol.Expr]bool  // expressions known to be non-negative (nonNeg)
	trials   int                     // how many trial runs of loops (trial) the current point is in
	facts    map[*ir.Loop]*loopFacts // what the analysis of each loop keeps (loopFacts)
	meter    *meter                  // what the run has spent of its budget
	covered  []cover                 // the writes that cover reads here (forward.go)
	syncs    int                     // how many barriers the run has met
	lockStep bool                    // warps run in lock-step: no read is covered
	ghost    ghostState              // how a barrier invariant being evaluated reads (invariant.go)
	// iterations are the iterations of the source loops lowered as the
	// sequence of their iterations around the current point (ir.Iteration),
	// outermost first: the accesses name them, as a loop variable's value
	iterations []protocol.LoopValue
	// found are what the thread's loads found of memory under a branch's
	// condition (ownQuiet): true on every path, but an assume made in a
	// branch guards only what follows it there, so a barrier invariant's
	// check, which may need them after the branch, takes them as
	// hypotheses (invariant.go)
	found  []fact
	defect Defect // a deliberately unsound rule (Options.Defect)
	// loopCands are the cells the loop being entered may keep as
	// induction cells (loopCell), exitCells what the loop just left
	// knows of them after it (forLoop)
	loopCands []loopCell
	exitCells []*cell
}

// fact is a condition true on every path, with the protocol loops around
// the point where it was found (the variables it may name).
type fact struct {
	c     protocol.Cond
	loops []loopFrame
}

// maxFacts bounds the facts a thread keeps.
const maxFacts = 64

// sink collects what a run reports. Trial runs of a loop body have their
// own, which is thrown away.
type sink struct {
	unknowns []protocol.Unknown
}

// loopFrame is a protocol loop around the current point.
type loopFrame struct {
	v     string // the protocol loop variable
	local bool   // its values differ between threads (thread-local bounds)
}

// unknown records a construct that cannot be modelled soundly.
func (x *exec) unknown(at protocol.Pos, format string, args ...any) {
	x.sink.unknowns = append(x.sink.unknowns, protocol.Unknown{At: at, Reason: fmt.Sprintf(format, args...)})
}

// emit appends statements to the current block.
func (x *exec) emit(sts ...protocol.Stmt) {
	for _, s := range sts {
		if _, ok := s.(*protocol.Assume); !ok {
			x.pre = false
		}
	}
	*x.out = append(*x.out, sts...)
}

// into runs f with statements going to a fresh list, which it returns.
func (x *exec) into(f func()) []protocol.Stmt {
	var sts []protocol.Stmt
	saved, savedTop := x.out, x.top
	x.out, x.top = &sts, false
	f()
	x.out, x.top = saved, savedTop
	return sts
}

// guarded emits sts under c.
func (x *exec) guarded(at protocol.Pos, c protocol.Cond, sts []protocol.Stmt) {
	if len(sts) == 0 || isFalse(c) {
		return
	}
	if isTrue(c) {
		x.emit(sts...)
		return
	}
	if len(sts) == 1 {
		// already under c (the default of a switch after its cases)
		if s, ok := sts[0].(*protocol.If); ok && s.Else == nil && equal(s.Cond, c) {
			x.emit(s)
			return
		}
	}
	x.emit(&protocol.If{At: at, Cond: c, Then: &protocol.Block{At: at, Stmts: sts}})
}

// emitIf emits if c then else els.
func (x *exec) emitIf(at protocol.Pos, c protocol.Cond, then, els []protocol.Stmt) {
	if len(then) == 0 && len(els) == 0 {
		return
	}
	s := &protocol.If{At: at, Cond: c, Then: &protocol.Block{At: at, Stmts: then}}
	if len(els) > 0 {
		s.Else = &protocol.Block{At: at, Stmts: els}
	}
	x.emit(s)
}

// emitAssume emits a nested assumption. At the top level of the kernel it
// opens a block for the rest of the kernel, since an assumption directly
// in the top-level body would be a precondition of the whole run.
func (x *exec) emitAssume(a *protocol.Assume) {
	if !x.top {
		x.emit(a)
		return
	}
	b := &protocol.Block{At: a.At, Stmts: []protocol.Stmt{a}}
	x.emit(b)
	x.out, x.top = &b.Stmts, false
}

// ---- fresh values ----

// freshInt returns a fresh unknown integer. A thread-local one is a local;
// a uniform one is a param outside every loop, and inside loops an
// uninterpreted function of the enclosing uniform loop variables (so that
// two threads in the same iteration agree but iterations may differ). A
// value that may differ between blocks also takes blockIdx as argument.
func (x *exec) freshInt(at protocol.Pos, base string, local, block bool) protocol.Expr {
	if base == "" {
		base = x.hint
	}
	if base == "" {
		base = "v"
	}
	if local {
		return &protocol.Var{At: at, Name: x.k.declareFresh(base, protocol.Local, at)}
	}
	var args []protocol.Expr
	for _, l := range x.loops {
		if !l.local {
			args = append(args, &protocol.Var{At: at, Name: l.v})
		}
	}
	if block {
		for d := 0; d < 3; d++ {
			args = append(args, &protocol.Builtin{At: at, Kind: protocol.BlockIdx, Dim: d})
		}
	}
	name := x.k.declareFresh(base, protocol.Param, at)
	if len(args) == 0 {
		return &protocol.Var{At: at, Name: name}
	}
	return &protocol.Call{At: at, Func: name, Args: args}
}

// freshOf returns a fresh thread-local value for a variable's type.
func (x *exec) freshOf(at protocol.Pos, v *ir.Var) value {
	if v == memVar {
		return memVal{}
	}
	return x.fresh(at, v.T, x.nameOf(v), true, false)
}

// nameOf names the values of a variable.
func (x *exec) nameOf(v *ir.Var) string {
	if n, ok := x.names[v]; ok {
		return n
	}
	return v.CName
}

// fresh returns a fresh value of a type and locality.
func (x *exec) fresh(at protocol.Pos, t ir.Type, name string, local, block bool) value {
	if floatBits(t) {
		// a float or double is its bits (floatConst): an unknown of them
		return intVal{x.freshInt(at, name, local, block)}
	}
	if t.IsInt() {
		e := x.typed(x.freshInt(at, name, local, block), t)
		if t.Kind == ir.Bool {
			e = condExpr(at, cmp(at, protocol.Ne, e, lit(at, 0)))
		}
		return intVal{e}
	}
	return x.k.opaque(local, block)
}

// floatBits reports whether values of a type are carried as their bits: a
// float or a double is the integer its bytes spell, so that two writes of
// one value are seen to write the same bytes (benign), and nothing else:
// arithmetic, comparisons and conversions on them give unknowns (expr.go),
// never the bits read as a number.
func floatBits(t ir.Type) bool { return t.Kind == ir.Float && (t.Size == 4 || t.Size == 8) }

// floatConst is the bits of a floating-point literal of type t, as C
// spells it ("1.5f", "2", "1e-3"); ok is false for one it cannot read.
func floatConst(t ir.Type, spelling string) (int64, bool) {
	s := strings.TrimRight(strings.TrimSpace(spelling), "fFlL")
	if strings.HasPrefix(s, "0x") || strings.HasPrefix(s, "0X") {
		return 0, false // hexadecimal floats: left unknown
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || !floatBits(t) {
		return 0, false
	}
	if t.Size == 4 {
		return int64(math.Float32bits(float32(v))), true
	}
	return int64(math.Float64bits(v)), true
}

// taint returns the locality of a protocol node.
func (x *exec) taint(n protocol.Node) (local, block bool) {
	if n == nil {
		return false, false
	}
	return x.k.isLocal(n), x.k.isBlock(n)
}

// taintOf returns the locality of a value.
func (x *exec) taintOf(v value) (local, block bool) {
	switch v := v.(type) {
	case intVal:
		return x.taint(v.e)
	case opaqueVal:
		return v.local, v.block
	}
	return false, false
}

// opaque returns an opaque value as tainted as the given values.
func (x *exec) opaque(vs ...value) opaqueVal {
	var local, block bool
	for _, v := range vs {
		l, b := x.taintOf(v)
		local, block = local || l, block || b
	}
	return x.k.opaque(local, block)
}

// asInt returns a value as an integer: an opaque value becomes a fresh
// integer of its locality.
func (x *exec) asInt(at protocol.Pos, v value) protocol.Expr {
	if i, ok := v.(intVal); ok {
		return i.e
	}
	l, b := x.taintOf(v)
	return x.freshInt(at, "", l, b)
}

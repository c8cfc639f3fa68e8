package infer

import (
	"fmt"

	"drfcheck/infer/clang"
	"drfcheck/protocol"
)

// exec is the symbolic execution of a kernel body: it walks clang's AST in
// program order with an environment of symbolic values and emits the
// protocol statements (accesses, barriers, loops, conditionals) into out.
type exec struct {
	k    *kernel
	env  *env
	out  *[]protocol.Stmt
	sink *sink

	loops []loopFrame    // the protocol loops around the current point, outermost first
	stack []*clang.Node  // the functions being inlined, innermost last
	site  *clang.Node    // the outermost call in the main file, while inlining code from elsewhere
	hint  string         // a name for the fresh value being computed, from the C variable it goes to
	top   bool           // emitting directly into the kernel's top-level body
	pre   bool           // nothing but assumptions has been emitted at the top level yet
	ret   *returnContext // the function being inlined
}

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

// returnContext describes the function being inlined.
type returnContext struct {
	byRef bool // it returns a reference: return statements give an address
}

// pos returns the position of a node in the user's file: its own when it
// is in the main file (the expansion of a macro counts), else that of the
// call being inlined.
func (x *exec) pos(n *clang.Node) protocol.Pos {
	if n != nil {
		for _, l := range []*clang.Loc{&n.Range.Begin, &n.Loc} {
			if a := l.At(); x.k.tu.InMain(a) {
				return protocol.Pos{File: x.k.path, Line: a.Line, Col: a.Col}
			}
		}
	}
	if x.site != nil && x.site != n {
		return x.pos(x.site)
	}
	return protocol.Pos{File: x.k.path, Line: 1, Col: 1}
}

// text returns the source text of a node in the user's file, or of the
// call being inlined.
func (x *exec) text(n *clang.Node) string {
	if t := x.k.tu.Text(n); t != "" {
		return t
	}
	if x.site != nil {
		return x.k.tu.Text(x.site)
	}
	return ""
}

// unknown records a construct that cannot be modelled soundly.
func (x *exec) unknown(n *clang.Node, array string, format string, args ...any) {
	x.sink.unknowns = append(x.sink.unknowns, protocol.Unknown{At: x.pos(n), Reason: fmt.Sprintf(format, args...), Array: array})
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
	x.emit(&protocol.If{At: at, Cond: c, Then: &protocol.Block{At: at, Stmts: sts}})
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

// freshLocal returns a fresh thread-local integer.
func (x *exec) freshLocal(at protocol.Pos, base string) protocol.Expr {
	return x.freshInt(at, base, true, false)
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
	case ptrVal:
		for _, a := range v.alts {
			l, b := x.taint(a.guard)
			local, block = local || l, block || b
			for _, e := range a.idx {
				l, b := x.taint(e)
				local, block = local || l, block || b
			}
			if a.bytes != nil {
				l, b := x.taint(a.bytes)
				local, block = local || l, block || b
			}
			if a.kind == tgUnknown || a.kind == tgLocal || a.kind == tgVar {
				local = true
			}
		}
	case structVal:
		local = v.local
		for _, f := range v.fields {
			l, b := x.taintOf(f)
			local, block = local || l, block || b
		}
	}
	return local, block
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

// asInt returns a value as an integer expression, making a fresh unknown of
// the right locality for a value the protocol does not model.
func (x *exec) asInt(at protocol.Pos, v value) protocol.Expr {
	switch v := v.(type) {
	case intVal:
		return v.e
	case opaqueVal:
		return x.freshInt(at, "", v.local, v.block)
	case ptrVal:
		l, b := x.taintOf(v)
		return x.freshInt(at, "", l, b)
	}
	l, b := x.taintOf(v)
	return x.freshInt(at, "", l, b)
}

// asCond returns a value as a condition: nonzero is true.
func (x *exec) asCond(at protocol.Pos, v value) protocol.Cond {
	switch v := v.(type) {
	case intVal:
		return exprCond(at, v.e)
	case ptrVal:
		// A pointer into an array or variable is never null.
		known := true
		for _, a := range v.alts {
			known = known && (a.kind == tgArray || a.kind == tgVar || a.kind == tgLocal)
		}
		if known {
			return boolLit(at, true)
		}
	}
	return exprCond(at, x.asInt(at, v))
}

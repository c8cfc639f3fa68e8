// Package symexec builds the access memory protocol of a kernel from its
// IR (package internal/infer/ir): the value analysis, loop normalization and
// protocol generation of the inference of Cogumbreiro, Lange, Liew and
// Zicarelli, "Checking Data-Race Freedom of GPU Kernels, Compositionally"
// (CAV 2021, Section 5: "a standard single static assignment (SSA)
// transformation to simplify the analysis of indices", "loops are
// transformed to loops with a stride of 1 following ideas from loop
// normalization", and the accesses, barriers and conditions kept in
// program order).
//
// The IR is run symbolically, once, in program order: an environment maps
// each IR variable to a protocol expression over the thread and block
// indices, the kernel's parameters, loop variables and fresh unknowns.
// Every Load, Store and Atomic becomes an access of the protocol array of
// its base, at the element its byte offset names; every barrier a sync;
// control flow becomes protocol conditionals and loops. What the protocol
// does not model (floating point, values read from memory, unmodelled
// operations) becomes a fresh unknown of the right locality (thread-local
// unless provably the same for every thread), and two unknowns are never
// the same value. IR Unknown statements, and constructs this stage cannot
// render soundly, become protocol Unknowns with their reason and position:
// a verdict is never "data-race free" by default.
package symexec

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/drfcheck/drfcheck/internal/infer/ir"
	"github.com/drfcheck/drfcheck/protocol"
)

// Result is the protocol of one kernel.
type Result struct {
	File *protocol.File
	// Uses says which dimensions of threadIdx, blockIdx, blockDim and
	// gridDim (indexed by protocol.BuiltinKind) the kernel reads anywhere.
	Uses [4][3]bool
	// Steps is how many IR statements the analysis ran, trial runs of
	// loop bodies included: its cost, independent of the machine.
	Steps int
}

// Options configure the protocol of a kernel.
type Options struct {
	WarpSize int64  // the value of warpSize; 0 means 32
	Budget   Budget // bounds the analysis; the zero value, none
	// LockStep says that the threads of a warp run in lock-step (Bardsley and Donaldson):
	// a read of what the thread wrote is then an access (forward.go).
	LockStep bool
	// MaxBlock and MaxGrid are the largest block and grid sizes the
	// kernel is checked with (a launch given by flags or a header), 0
	// where none is given; MinBlock the smallest block size given, 0 for
	// any. The ranges of values (ranges.go) take the built-in variables
	// within them: where MinBlock is MaxBlock, blockDim is that number, so
	// that a precondition such as __requires(n == blockDim.x * 2) fixes n
	// (and the protocol is then one of that block size only). MinGrid is
	// the smallest grid size given, and gridDim likewise a number where
	// it is MaxGrid.
	MaxBlock, MaxGrid, MinBlock, MinGrid [3]int64
	// Defect is a deliberately unsound rule, for the property tests that
	// show the oracles catch it; never set otherwise.
	Defect Defect
}

// Defect is a deliberately unsound rule of the symbolic run.
type Defect int

const (
	NoDefect Defect = iota
	// UncheckedInvariants assumes barrier invariants without checking
	// them (invariant.go): what Chong et al.'s rule A-BAR-ERR forbids.
	UncheckedInvariants
	// OtherIsSelf reads __other_int(x) in a precondition about pairs as
	// the thread's own x (invariant.go, pairAssume): the assumption is
	// then about one thread, and says what the precondition does not.
	OtherIsSelf
)

// Protocol builds the protocol of a kernel; positions name path. A defect
// of this stage becomes an Unknown of the whole kernel, never a panic.
func Protocol(f *ir.Func, path string, opts Options) (res Result) {
	k := newKernel(path)
	k.limits(opts.MaxBlock, opts.MaxGrid, opts.MinBlock, opts.MinGrid)
	k.warpSize = opts.WarpSize
	if k.warpSize <= 0 {
		k.warpSize = 32
	}
	at := f.At
	var x *exec
	defer func() {
		if x != nil {
			res.Steps = x.meter.steps
		}
		r := recover()
		if c, ok := r.(cut); ok {
			res.File = k.finish(nil, []protocol.Unknown{{At: c.at, Reason: c.reason}})
		} else if r != nil {
			res.File = k.finish(nil, []protocol.Unknown{{At: at, Reason: fmt.Sprintf("internal error in the CUDA front end (please report): %v", r)}})
		}
	}()
	res.Uses = uses(f)
	k.narrowest = narrowestAccesses(f)
	x = &exec{k: k, env: env{}, sink: &sink{}, top: true, pre: true, names: tempNames(f), written: written(f), counters: counters(f), quiet: intervalsOf(f), meter: newMeter(opts.Budget), lockStep: opts.LockStep, defect: opts.Defect}
	var body []protocol.Stmt
	x.out = &body
	for _, p := range f.Params {
		if p.T.IsInt() {
			x.env[p] = intVal{x.typed(&protocol.Var{At: p.At, Name: k.declarePerm(p.Name, protocol.Param, p.At)}, p.T)}
		} else {
			x.env[p] = k.opaque(false, false)
		}
	}
	x.block(f.Body)
	body = k.fixedParams(body)
	body = append(append(k.rangeFacts(at, body), k.pre...), body...)
	res.File = k.finish(body, x.sink.unknowns)
	if _, err := protocol.Check(res.File); err != nil {
		res.File = k.finish(nil, []protocol.Unknown{{At: at, Reason: fmt.Sprintf("internal error in the CUDA front end (please report): %v", err)}})
	}
	return res
}

// fixedParams writes, in the body, the value of each parameter that the
// preconditions fix (__requires(n == 100000)): every run the protocol
// describes has it, and a product with a literal is linear for the solver
// where one with a parameter is not (i + t * n).
func (k *kernel) fixedParams(body []protocol.Stmt) []protocol.Stmt {
	sub := protocol.Subst{}
	for name, r := range k.ranges {
		if k.kinds[name] == protocol.Param && r.lo == r.hi && r.lo > -inf && r.hi < inf {
			sub[name] = &protocol.IntLit{Value: r.lo}
		}
	}
	if len(sub) == 0 {
		return body
	}
	out, _ := sub.Stmts(body)
	return out
}

// narrowestAccesses returns the size of the narrowest access of each
// base the function accesses through its own types. The bytes of a
// memcpy or memset do not count: they split no element the program
// itself reads or writes whole (a copied struct), and a byte of a copy
// then has no value of its own (two threads copying one source byte to
// one place race, as GPUVerify counts them, rather than write one value).
func narrowestAccesses(f *ir.Func) map[*ir.Base]int64 {
	out := map[*ir.Base]int64{}
	note := func(a ir.Addr, t ir.Type) {
		if a.Base == nil || t.Size <= 0 {
			return
		}
		if n, ok := out[a.Base]; !ok || t.Size < n {
			out[a.Base] = t.Size
		}
	}
	ir.Inspect(f, func(n ir.Node) bool {
		switch n := n.(type) {
		case *ir.Loop:
			return !n.Bytes
		case *ir.Load:
			note(n.Addr, n.T)
		case *ir.Store:
			note(n.Addr, n.T)
		case *ir.Atomic:
			note(n.Addr, n.T)
		}
		return true
	})
	return out
}

// tempNames names the temporaries of the lowering after the variable each
// is first copied to (t1 in v = t1), so that a value read from memory is
// named like the C variable that holds it.
func tempNames(f *ir.Func) map[*ir.Var]string {
	names := map[*ir.Var]string{}
	ir.Inspect(f, func(n ir.Node) bool {
		a, ok := n.(*ir.Assign)
		if !ok || a.Dst.Kind == ir.Temp {
			return true
		}
		x := a.X
		if c, ok := x.(*ir.Convert); ok {
			x = c.X
		}
		if r, ok := x.(*ir.Ref); ok && r.Var.Kind == ir.Temp {
			if _, seen := names[r.Var]; !seen {
				names[r.Var] = a.Dst.CName
			}
		}
		return true
	})
	return names
}

// written lists the memory that the kernel may write.
func written(f *ir.Func) map[*ir.Base]bool {
	w, _ := writtenIn(f)
	return w
}

// counters returns the bases that the kernel updates only by atomic
// increments by a positive constant (atomicAdd(p, k), k > 0) and never
// writes otherwise, or only before a barrier that orders those writes
// before every increment (resetBefore): their atomics hand out a value at
// most once (Bardsley and Donaldson, Section 4.2, "repetition-free"
// atomics; as there, the counter is assumed not to wrap around).
func counters(f *ir.Func) map[*ir.Base]bool {
	ok := map[*ir.Base]bool{}
	bad := map[*ir.Base]bool{}
	// the top-level statements where each base is last stored to and
	// first updated by a counter's atomic
	lastStore, firstAtomic := map[*ir.Base]int{}, map[*ir.Base]int{}
	var top []ir.Stmt
	if f.Body != nil {
		top = f.Body.Stmts
	}
	for i, st := range top {
		ir.Inspect(st, func(n ir.Node) bool {
			switch n := n.(type) {
			case *ir.Store:
				lastStore[n.Addr.Base] = i
			case *ir.Atomic:
				op, _, _ := strings.Cut(n.Op, ".")
				if c, isConst := constInt(n.Args); op == "add" && isConst && c > 0 && n.T.IsInt() {
					ok[n.Addr.Base] = true
					if _, seen := firstAtomic[n.Addr.Base]; !seen {
						firstAtomic[n.Addr.Base] = i
					}
				} else {
					bad[n.Addr.Base] = true
				}
			}
			return true
		})
	}
	for b, i := range lastStore {
		if j, updated := firstAtomic[b]; !updated || j <= i || !resetBefore(top[i+1:j], b) {
			bad[b] = true
		}
	}
	for b := range bad {
		delete(ok, b)
	}
	return ok
}

// resetBefore reports whether between (in sts) the stores to b, which
// come before, and its atomics, which come after, a barrier orders every
// thread that shares b: b is one block's memory (a __shared__ counter that
// thread 0 zeroes) and a barrier of the whole block that orders shared
// memory stands among sts, which are top-level statements that every
// thread passes. The atomics then count up from what the stores left,
// and no store comes between them: their values are distinct.
func resetBefore(sts []ir.Stmt, b *ir.Base) bool {
	if b.Kind != ir.Shared {
		return false
	}
	for _, st := range sts {
		br, ok := st.(*ir.Barrier)
		if ok && br.Kind <= ir.SyncThreadsOr && br.Fence.Orders(protocol.Shared) {
			return true
		}
	}
	return false
}

// constInt returns the value of the first argument when it is an integer
// constant, through conversions that keep it.
func constInt(args []ir.Expr) (int64, bool) {
	if len(args) == 0 {
		return 0, false
	}
	e := args[0]
	for {
		cv, ok := e.(*ir.Convert)
		if !ok {
			break
		}
		e = cv.X
	}
	c, ok := e.(*ir.Const)
	if !ok || !c.T.IsInt() || c.Int <= 0 || c.Int >= 1<<31 {
		return 0, false
	}
	return c.Int, true
}

// uses lists the built-in dimensions a kernel reads.
func uses(f *ir.Func) (u [4][3]bool) {
	ir.Inspect(f, func(n ir.Node) bool {
		if b, ok := n.(*ir.Builtin); ok {
			if kind, ok := builtinKinds[b.Kind]; ok {
				u[kind][b.Dim] = true
			}
		}
		return true
	})
	return u
}

var builtinKinds = map[ir.BuiltinKind]protocol.BuiltinKind{
	ir.ThreadIdx: protocol.ThreadIdx, ir.BlockIdx: protocol.BlockIdx,
	ir.BlockDim: protocol.BlockDim, ir.GridDim: protocol.GridDim,
}

// array is an array of the protocol: the memory of one IR base.
type array struct {
	name  string
	unit  int64   // bytes per protocol element
	shape []int64 // the declared dimensions, when several and elements are units
	// cellBytes is unit when smaller than the elements (accessed in
	// narrower parts), else 0
	cellBytes int64
}

// kernel is what the run of one kernel shares: the names it has declared,
// the arrays, and the locality of loop variables.
type kernel struct {
	path   string
	names  *names
	perm   []declEntry // declarations made from the kernel's own names
	fresh  []declEntry // declarations of fresh unknowns; rolled back after trial runs
	kinds  map[string]protocol.DeclKind
	arrays map[*ir.Base]*array
	// narrowest is the size of the narrowest access of each base
	narrowest map[*ir.Base]int64
	// nonNeg holds the fresh names known to be at least 0 (a count of
	// iterations), which the protocol states where it uses them
	nonNeg map[string]bool

	loopLocal map[string]bool // protocol loop variable -> its bounds are thread-local
	pow2      map[string]bool // loop placeholders whose values are powers of two (power.go)
	// pow2If: loop placeholders whose values are powers of two when a
	// condition on the launch holds (power.go)
	pow2If     map[string]protocol.Cond
	funcs      map[string]string          // uninterpreted functions by operation
	invariants map[*ir.Invariant]string   // the pseudo-arrays of barrier invariants (invariant.go)
	ranges     map[string]interval        // the C range of what a name stands for (ranges.go)
	reducedBy  map[string]bool            // the leaves a residue was taken over (reduces)
	reducedLog []string                   // reducedBy's keys in the order they came, for rollback
	rangeDeps  map[string][]protocol.Expr // what the range of a loop variable comes from
	maxBlock   [3]int64                   // the largest blockDim in each dimension (limits)
	maxGrid    [3]int64                   // the largest gridDim in each dimension
	// minBlock: the smallest blockDim in each dimension, 1 where none is
	// given; where it is maxBlock, the kernel is checked with that size
	// alone and blockDim is that number
	minBlock [3]int64
	// minGrid: likewise the smallest gridDim
	minGrid [3]int64
	// launchAssumed: the grid is not given, and has fewer than 2^31
	// threads along x (ranges.go)
	launchAssumed bool
	rangeMemo     map[protocol.Expr]interval // rangeOf by node
	pre           []protocol.Stmt            // preconditions (__requires)
	opaques       int                        // opaque values made so far (their ids)
	warpSize      int64
}

type declEntry struct {
	name string
	kind protocol.DeclKind
	at   protocol.Pos
	// counter names the atomic counter a Local was handed out by, "" for
	// none: the locals of one counter are distinct between threads.
	counter string
}

func newKernel(path string) *kernel {
	return &kernel{path: path, names: newNames(), kinds: map[string]protocol.DeclKind{},
		arrays: map[*ir.Base]*array{}, loopLocal: map[string]bool{}, pow2: map[string]bool{}, pow2If: map[string]protocol.Cond{}, funcs: map[string]string{}, nonNeg: map[string]bool{},
		ranges: map[string]interval{}, reducedBy: map[string]bool{}, rangeDeps: map[string][]protocol.Expr{}, rangeMemo: map[protocol.Expr]interval{}}
}

// declarePerm declares a name made from a name of the kernel: it survives
// the rollback of trial runs.
func (k *kernel) declarePerm(base string, kind protocol.DeclKind, at protocol.Pos) string {
	name := k.names.permanent(ident(base))
	k.perm = append(k.perm, declEntry{name: name, kind: kind, at: at})
	k.kinds[name] = kind
	delete(k.ranges, name)
	delete(k.ranges, name+"()")
	return name
}

// declareFresh declares a fresh unknown.
func (k *kernel) declareFresh(base string, kind protocol.DeclKind, at protocol.Pos) string {
	name := k.names.fresh(ident(base))
	k.fresh = append(k.fresh, declEntry{name: name, kind: kind, at: at})
	k.kinds[name] = kind
	delete(k.ranges, name)
	delete(k.ranges, name+"()")
	return name
}

// ident makes an IR name (cfg.base, p.off) a protocol identifier.
func ident(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
			return r
		}
		return '_'
	}, s)
}

// array returns the protocol array of a base, declaring it on first use.
func (k *kernel) array(b *ir.Base) *array {
	if a := k.arrays[b]; a != nil {
		return a
	}
	kind := memoryKind(b)
	unit := b.Elem.Size
	if unit <= 0 {
		unit = b.Size
	}
	if n := k.narrowest[b]; n > 0 && (unit <= 0 || n < unit) {
		// accessed in parts narrower than its elements (the bytes of
		// an int array through a char *, an extern __shared__ float4
		// buffer carved into ushorts): cells of the narrowest part, so
		// that two parts of one element are two places, as C++ has it
		unit = n
	}
	if unit <= 0 {
		unit = 1
	}
	a := &array{name: k.declarePerm(b.Name, kind, b.At), unit: unit}
	if unit < b.Elem.Size {
		a.cellBytes = unit
	}
	if len(b.Dims) > 1 && unit == b.Size {
		a.shape = b.Dims
	}
	k.arrays[b] = a
	return a
}

// function returns the param naming an uninterpreted function.
func (k *kernel) function(name string, at protocol.Pos) string {
	if f, ok := k.funcs[name]; ok {
		return f
	}
	f := k.declarePerm(name, protocol.Param, at)
	k.funcs[name] = f
	return f
}

// mark is a point to roll back to after a trial run.
type mark struct {
	names   int
	fresh   int
	reduced int
}

func (k *kernel) mark() mark {
	return mark{names: k.names.mark(), fresh: len(k.fresh), reduced: len(k.reducedLog)}
}

func (k *kernel) rollback(m mark) {
	for _, d := range k.fresh[m.fresh:] {
		delete(k.kinds, d.name)
		delete(k.loopLocal, d.name)
		delete(k.ranges, d.name)
		delete(k.ranges, d.name+"()")
		delete(k.nonNeg, d.name)
	}
	k.fresh = k.fresh[:m.fresh]
	for _, n := range k.names.rollback(m.names) {
		delete(k.loopLocal, n)
		delete(k.ranges, n)
		delete(k.ranges, n+"()")
		delete(k.rangeDeps, n)
	}
	for _, n := range k.reducedLog[m.reduced:] {
		delete(k.reducedBy, n)
	}
	k.reducedLog = k.reducedLog[:m.reduced]
	// a node may mention a name made again for another value
	clear(k.rangeMemo)
}

// isLocal reports whether an expression or condition may differ between
// two threads of a block: it mentions threadIdx, a local, or the variable of
// a loop whose bounds are thread-local.
func (k *kernel) isLocal(n protocol.Node) bool {
	local := false
	walk(n, func(m protocol.Node) bool {
		switch m := m.(type) {
		case *protocol.Builtin:
			local = local || m.Kind == protocol.ThreadIdx
		case *protocol.Var:
			local = local || k.kinds[m.Name] == protocol.Local || k.loopLocal[m.Name]
		}
		return !local
	})
	return local
}

// isBlock reports whether an expression may differ between blocks.
func (k *kernel) isBlock(n protocol.Node) bool {
	if n == nil {
		return false
	}
	found := false
	walk(n, func(m protocol.Node) bool {
		if b, ok := m.(*protocol.Builtin); ok && b.Kind == protocol.BlockIdx {
			found = true
		}
		return !found
	})
	return found
}

// opaque returns a new unmodelled value, distinct from every other.
func (k *kernel) opaque(local, block bool) opaqueVal {
	k.opaques++
	return opaqueVal{local: local, block: block, id: k.opaques}
}

// finish makes the protocol file: the declarations that the body uses, in
// a fixed order: params, locals, shared and global arrays.
func (k *kernel) finish(body []protocol.Stmt, unknowns []protocol.Unknown) *protocol.File {
	used := protocol.FreeVars(&protocol.Block{Stmts: body})
	for _, acc := range protocol.Accesses(&protocol.Block{Stmts: body}) {
		used[acc.Array] = true
	}
	f := &protocol.File{Name: k.path, Body: &protocol.Block{At: protocol.Pos{File: k.path, Line: 1, Col: 1}, Stmts: body}, Unknowns: unknowns}
	all := append(append([]declEntry(nil), k.perm...), k.fresh...)
	for _, kind := range []protocol.DeclKind{protocol.Param, protocol.Local, protocol.Shared, protocol.Global} {
		var d *protocol.Decl
		for _, e := range all {
			if e.kind != kind || !used[e.name] {
				continue
			}
			if d == nil {
				d = &protocol.Decl{At: e.at, Kind: kind}
				f.Decls = append(f.Decls, d)
			}
			d.Names = append(d.Names, protocol.Ident{At: e.at, Name: e.name})
		}
	}
	f.Decls = append(f.Decls, counterDecls(all, used)...)
	sort.SliceStable(f.Unknowns, func(i, j int) bool { return f.Unknowns[i].At.Before(f.Unknowns[j].At) })
	return f
}

// counterDecls declares the locals handed out by each atomic counter
// distinct, in order of the counters' first use.
func counterDecls(all []declEntry, used map[string]bool) []*protocol.Decl {
	var out []*protocol.Decl
	byCounter := map[string]*protocol.Decl{}
	for _, e := range all {
		if e.counter == "" || !used[e.name] {
			continue
		}
		d := byCounter[e.counter]
		if d == nil {
			d = &protocol.Decl{At: e.at, Kind: protocol.Distinct, Block: strings.HasPrefix(e.counter, blockCounter)}
			byCounter[e.counter] = d
			out = append(out, d)
		}
		d.Names = append(d.Names, protocol.Ident{At: e.at, Name: e.name})
	}
	return out
}

// names hands out names that are unique in a protocol and not reserved in
// the .prot language: the C name when free, then name_1, name_2...
type names struct {
	used map[string]bool
	log  []string // fresh names in order, for rollback
	// low[base] is where pick starts numbering base: base_1 up to
	// base_(low-1) are all used. Without it, the n-th fresh name of one
	// base costs n probes, which made deep loop nests cubic.
	low map[string]int
}

var reserved = map[string]bool{
	"tid": true, "threadIdx": true, "blockIdx": true, "blockDim": true, "gridDim": true, "for": true, "in": true,
	"step": true, "if": true, "else": true, "assume": true, "sync": true, "rd": true, "wr": true, "atomic": true,
	"true": true, "false": true, "param": true, "local": true, "shared": true, "global": true, "distinct": true,
	"other": true, "as": true, "invariant": true,
}

func newNames() *names { return &names{used: map[string]bool{}, low: map[string]int{}} }

func (ns *names) pick(base string) string {
	if base == "" {
		base = "v"
	}
	if reserved[base] {
		base += "_" // in, step, tid...
	}
	if !ns.used[base] && !reserved[base] {
		return base
	}
	for i := max(ns.low[base], 1); ; i++ {
		n := base + "_" + strconv.Itoa(i)
		if !ns.used[n] && !reserved[n] {
			ns.low[base] = i
			return n
		}
	}
}

// free makes a name available again, and pick's numbering of its base
// start no later than it.
func (ns *names) free(n string) {
	delete(ns.used, n)
	if k := strings.LastIndexByte(n, '_'); k >= 0 {
		if i, err := strconv.Atoi(n[k+1:]); err == nil && i >= 1 && i < ns.low[n[:k]] {
			ns.low[n[:k]] = i
		}
	}
}

func (ns *names) fresh(base string) string {
	n := ns.pick(base)
	ns.used[n] = true
	ns.log = append(ns.log, n)
	return n
}

// loopVar returns a name for a loop variable: the C name unless it is a
// declared name or the variable of an enclosing loop. Sibling loops may
// share a name; declarations made later avoid it.
func (ns *names) loopVar(base string, taken func(string) bool) string {
	base = ident(base)
	if base == "" {
		base = "i"
	}
	n := base
	for i := 1; reserved[n] || taken(n); i++ {
		n = fmt.Sprintf("%s_%d", base, i)
	}
	if !ns.used[n] {
		ns.used[n] = true
		ns.log = append(ns.log, n)
	}
	return n
}

func (ns *names) permanent(base string) string {
	n := ns.pick(base)
	ns.used[n] = true
	return n
}

func (ns *names) mark() int { return len(ns.log) }

// rollback frees the fresh names given since the mark and returns them.
func (ns *names) rollback(m int) []string {
	freed := ns.log[m:]
	for _, n := range freed {
		ns.free(n)
	}
	ns.log = ns.log[:m]
	return freed
}

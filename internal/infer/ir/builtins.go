package ir

import (
	"slices"
	"strings"

	"github.com/drfcheck/drfcheck/internal/infer/clang"
	"github.com/drfcheck/drfcheck/protocol"
)

// The built-ins of the CUDA prelude: functions it declares without a body,
// which the lowering knows by name.

var fences = map[string]string{"__threadfence": "device", "__threadfence_block": "block", "__threadfence_system": "system"}

var countingBarriers = map[string]BarrierKind{
	"__syncthreads_count": SyncThreadsCount, "__syncthreads_and": SyncThreadsAnd, "__syncthreads_or": SyncThreadsOr,
}

// ignored are GPUVerify's annotations that drfcheck does not need: they
// constrain nothing a race depends on.
var ignored = map[string]bool{
	"__ensures": true, "__assert": true, "__global_assert": true, "__invariant": true, "__global_invariant": true,
	"__function_wide_invariant": true, "__global_requires": true, "__global_ensures": true,
	"__non_temporal_loads_begin": true, "__non_temporal_loads_end": true,
	"__nanosleep": true,
}

// impure are the built-ins whose result depends on other threads or on
// time, not only on their arguments.
var impure = map[string]bool{
	"__shfl_sync": true, "__shfl_up_sync": true, "__shfl_down_sync": true, "__shfl_xor_sync": true, "__shfl": true,
	"__shfl_up": true, "__shfl_down": true, "__shfl_xor": true, "__all_sync": true, "__any_sync": true,
	"__ballot_sync": true, "__activemask": true, "__all": true, "__any": true, "__ballot": true,
	"__match_any_sync": true, "clock": true, "clock64": true, "__enabled": true,
	"__uniform_bool": true, "__uniform_int": true, "__distinct_int": true, "__at_most_one": true, "__same_group": true,
	"__is_pow2": true, "__return_val_int": true, "__return_val_bool": true, "__old_int": true, "__other_int": true,
	"__other_bool": true, "__add_noovfl": true, "__add_noovfl_unsigned": true, "__ptr_equal": true, "__read": true,
	"__write": true, "__no_read": true, "__no_write": true, "__read_implies": true, "__write_implies": true,
	"__atomic_implies": true, "__read_offset_bytes": true, "__write_offset_bytes": true, "__ptr_base": true,
	"__ptr_offset_bytes": true, "__drfcheck_fresh_bool": true, "__drfcheck_fresh_int": true,
	"__drfcheck_other_int": true, "__drfcheck_other_bool": true,
}

var cacheLoads = map[string]bool{"__ldg": true, "__ldcg": true, "__ldca": true, "__ldcs": true, "__ldlu": true, "__ldcv": true}
var cacheStores = map[string]bool{"__stwb": true, "__stcg": true, "__stcs": true, "__stwt": true}

// explicit reports whether an argument was written in the call (not a
// default argument).
func explicit(args []*clang.Node, i int) bool {
	return i < len(args) && args[i] != nil && args[i].Kind != "CXXDefaultArgExpr"
}

// builtin lowers a call to a built-in of the prelude, declared by fn (nil
// when clang's tree does not say); ok is false for a function it does not
// know.
func (l *lowerer) builtin(n, fn *clang.Node, name string, args []*clang.Node) (val, bool) {
	at := l.pos(n)
	t := l.typeOf(n)
	void := val{t: ctype{kind: cVoid}}
	if (name == "__array_snapshot" || name == "__drfcheck_array_snapshot") && len(args) >= 2 {
		l.snapshot(at, args[len(args)-2], args[len(args)-1])
		return void, true
	}
	if l.tu.OpenCL {
		if v, ok := l.openCL(n, name, args); ok {
			return v, true
		}
	}
	switch {
	case name == "__syncthreads":
		l.emit(&Barrier{At: at, Kind: SyncThreads})
		return void, true
	case countingBarriers[name] != 0:
		var arg Expr
		if explicit(args, 0) {
			arg = l.cond(args[0])
		}
		r := l.temp(at, t.ir)
		l.emit(&Barrier{At: at, Kind: countingBarriers[name], Arg: arg, Dst: r})
		return val{t: t, e: &Ref{At: at, Var: r}}, true
	case name == "__syncwarp":
		b := &Barrier{At: at, Kind: SyncWarp}
		if explicit(args, 0) {
			b.Arg = l.scalar(l.rv(args[0]), U32, at)
		}
		l.emit(b)
		return void, true
	case fences[name] != "":
		l.emit(&Fence{At: at, Scope: fences[name]})
		return void, true
	case strings.HasPrefix(name, "atomic") && len(args) > 0:
		return l.atomic(n, name, args), true
	case name == "__assume" || name == "__requires":
		switch {
		case len(args) == 0:
		case mentionsOther(args[0]):
			l.pairAssume(n, args[0], name == "__requires")
		default:
			l.emit(&Assume{At: at, Cond: l.cond(args[0]), Requires: name == "__requires"})
		}
		return void, true
	case (name == "__add_noovfl" || name == "__add_noovfl_unsigned" || name == "__add_noovfl_signed") && len(args) == 2 && t.kind == cScalar:
		return val{t: t, e: convert(at, l.noOverflow(n, args[0], args[1], name), t.ir)}, true
	case name == "__implies" && len(args) == 2 && t.kind == cScalar:
		// GPUVerify's implication, as !a || b
		return val{t: t, e: convert(at, l.shortCircuit(at, "||", not(at, l.cond(args[0])), args[1]), t.ir)}, true
	case invariantKind(name) != 0 && len(args) > 0:
		l.barrierInvariant(n, args, invariantKind(name) == 2)
		return void, true
	case otherNames[name] && l.inInvariant > 0 && len(args) == 1 && t.kind == cScalar:
		// the other thread's value, in a binary barrier invariant or an
		// assumption about pairs
		return val{t: t, e: &Other{At: at, X: l.scalar(l.rv(args[0]), t.ir, at), T: t.ir}}, true
	case ignored[name]:
		return void, true
	case impure[name]:
		for _, a := range args {
			l.discard(a)
		}
		return l.opaqueVal(n, t, "the result of "+name), true
	case (name == "min" || name == "max" || name == "umin" || name == "umax" || name == "fminf" || name == "fmaxf" ||
		name == "fmin" || name == "fmax") && len(args) == 2 && t.kind == cScalar:
		a, b := l.rv(args[0]), l.rv(args[1])
		op := "max"
		if strings.Contains(name, "min") {
			op = "min"
		}
		return val{t: t, e: &Binary{At: at, Op: op, X: l.scalar(a, t.ir, at), Y: l.scalar(b, t.ir, at), T: t.ir}}, true
	case (name == "__mul24" || name == "__umul24") && len(args) == 2 && t.kind == cScalar:
		// the product of the low 24 bits of each operand (sign-extended
		// for __mul24), in 32 bits
		low := Type{Kind: Int, Size: 3, Signed: name == "__mul24"}
		a, b := l.rv(args[0]), l.rv(args[1])
		x := &Convert{At: at, To: low, X: l.scalar(a, t.ir, at)}
		y := &Convert{At: at, To: low, X: l.scalar(b, t.ir, at)}
		return val{t: t, e: &Binary{At: at, Op: "*", X: &Convert{At: at, To: t.ir, X: x}, Y: &Convert{At: at, To: t.ir, X: y}, T: t.ir}}, true
	case cacheLoads[name] && len(args) == 1:
		p := l.pointer(l.rv(args[0]))
		return l.load(lval{alts: p.alts, t: t, n: n}), true
	case cacheStores[name] && len(args) == 2:
		v := l.rv(args[1])
		p := l.pointer(l.rv(args[0]))
		l.store(lval{alts: p.alts, t: l.typeOf(args[0]).pointee(), n: n}, v, at)
		return void, true
	case strings.HasPrefix(name, "make_") && t.kind == cStruct && t.rec != nil && len(args) == len(t.rec.fields):
		v := val{t: t}
		for i, a := range args {
			v.fields = append(v.fields, val{t: t.rec.fields[i].t, e: l.scalar(l.rv(a), t.rec.fields[i].t.ir, at)})
		}
		return v, true
	case name == "__drfcheck_grid_sync":
		l.emit(&Barrier{At: at, Kind: SyncGrid})
		return void, true
	case name == "__brkpt":
		return void, true // a debugger may resume the thread: it runs on
	case name == "__trap" || name == "__assert_fail":
		// the kernel stops (a failed assert, a trap): the thread runs
		// nothing after it, which a return says; what it did before
		// stays, and the other threads run on as if it had returned
		// (more behaviours than the kernel's abort has)
		for _, a := range args {
			l.discard(a)
		}
		l.emit(&Return{At: at})
		return void, true
	}
	return l.libraryCall(n, fn, name, args), true
}

// libraryCall lowers a call of any other function of the prelude without
// a body. Purity is a fact the headers state (__DRF_PURE, clang's
// ConstAttr) for functions whose semantics is known: the math library,
// conversions, integer intrinsics; such a call is that function of its
// scalar arguments, the same for every thread. Any other call gives a
// fresh value, one per call and per thread: __reduce_add_sync and
// __match_all_sync depend on the other threads of the warp, and two
// threads of different warps with equal arguments need not get equal
// results. Either way the call reads what it is given by pointer to const
// and writes what it is given by pointer or reference to non-const
// (sincosf, the pred of __match_all_sync).
func (l *lowerer) libraryCall(n, fn *clang.Node, name string, args []*clang.Node) val {
	return l.bodilessCall(n, fn, name, args, l.pure(n, fn, name))
}

// bodilessCall lowers a call of a function without a body that the lowering
// knows to be pure, or not: its accesses through pointer and reference
// arguments, and its result.
func (l *lowerer) bodilessCall(n, fn *clang.Node, name string, args []*clang.Node, pure bool) val {
	at := l.pos(n)
	t := l.typeOf(n)
	var params []*clang.Node
	if fn != nil {
		params = fn.Params()
	}
	var scalars []Expr
	for i, a := range args {
		if i < len(params) && l.mutableRef(params[i]) {
			lv := l.lv(a)
			l.store(lv, l.opaqueVal(a, lv.t, "a value written by "+name), l.pos(a))
			continue
		}
		at := l.typeOf(a)
		if at.kind == cPtr {
			p := l.pointer(l.rv(a))
			pt := at.pointee()
			lv := lval{alts: p.alts, t: pt, n: a}
			if strings.HasPrefix(strings.TrimSpace(a.TypeString()), "const ") || pt.kind == cVoid || name == "printf" {
				if pt.kind == cScalar {
					l.load(lv)
				}
				continue
			}
			l.store(lv, l.opaqueVal(a, pt, "a value written by "+name), l.pos(a))
			continue
		}
		v := l.rv(a)
		if v.e != nil {
			scalars = append(scalars, v.e)
		}
	}
	if t.kind == cScalar && len(scalars) > 0 && pure {
		return val{t: t, e: &Call{At: at, Func: name, Args: scalars, T: t.ir}}
	}
	return l.opaqueVal(n, t, "the result of "+name)
}

// pure reports whether the prelude declares the function called pure: by
// the declaration's attribute where the file's dump has it, else by the
// prelude's list (a declaration only the precompiled prelude holds).
func (l *lowerer) pure(n, fn *clang.Node, name string) bool {
	if fn != nil {
		return fn.HasAttr("ConstAttr")
	}
	c := strip(n.Child(0))
	return c != nil && c.Kind == "DeclRefExpr" && c.Referenced != nil && c.Referenced.Type != nil &&
		l.tu.Pure(name, c.Referenced.Type.QualType)
}

// mutableRef reports whether a parameter is a reference to non-const
// (T &, T &&): a function may write through it.
func (l *lowerer) mutableRef(p *clang.Node) bool {
	t := strings.TrimSpace(p.TypeString())
	return strings.HasSuffix(t, "&") && !strings.HasPrefix(t, "const ")
}

// atomic lowers an atomic read-modify-write: one Atomic per place the
// pointer may designate. An atomic on a local variable is the thread's
// own: its new value is opaque.
func (l *lowerer) atomic(n *clang.Node, name string, args []*clang.Node) val {
	p := l.pointer(l.rv(args[0]))
	var rest []Expr
	for _, a := range args[1:] {
		v := l.rv(a)
		if l.typeOf(a).kind == cScalar {
			rest = append(rest, l.scalar(v, l.typeOf(a).ir, l.pos(a)))
		}
	}
	op := strings.TrimPrefix(name, "atomic")
	scope := ""
	if i := strings.Index(op, "_"); i >= 0 {
		op, scope = op[:i], "."+op[i+1:]
	}
	op = strings.ToLower(op) + scope
	return l.emitAtomic(n, p, op, l.typeOf(args[0]).pointee(), rest, name)
}

// emitAtomic emits the atomic op on the object of type et that p points
// to, with the operands rest, and returns its result (the old value).
func (l *lowerer) emitAtomic(n *clang.Node, p *ptrv, op string, et ctype, rest []Expr, name string) val {
	at := l.pos(n)
	t := l.typeOf(n)
	if w, ok := atomicWord(et); ok {
		// an atomic on a value type of one machine word (__half,
		// __half2, __nv_bfloat16): an atomic access of its bytes
		et = ctype{kind: cScalar, ir: w, size: w.Size, align: w.Size}
	}
	var r *Var
	if t.kind == cScalar {
		r = l.temp(at, t.ir)
		if len(p.alts) > 1 {
			delete(l.stable, r)
		}
	}
	l.eachAlt(p.alts, at, func(a place) {
		switch a = a.asData(); a.kind {
		case pMem:
			if et.kind != cScalar {
				l.unknown(n, "an atomic on %s", structName(et))
				return
			}
			l.emit(&Atomic{At: at, Dst: r, Op: op, Addr: Addr{Base: a.base, Off: a.off}, T: et.ir, Args: rest, Source: l.text(n)})
		case pVar:
			old := l.loadPlace(a, et, n)
			if r != nil {
				l.emit(&Assign{At: at, Dst: r, X: l.scalar(old, r.T, at)})
			}
			l.storePlace(a, et, l.opaqueVal(n, et, "the result of "+name+" on a local variable"), n, at)
		default:
			why := "a null pointer"
			if a.kind == pUnknown {
				why = "a pointer the lowering cannot follow (" + a.why + ")"
			}
			l.unknown(n, "an atomic through %s: %s", why, l.text(n))
		}
	})
	if r == nil {
		return val{t: t}
	}
	return val{t: t, e: &Ref{At: at, Var: r}}
}

// atomicWord gives the word an atomic on a struct accesses: a struct of
// 2, 4 or 8 bytes whose fields are all scalars (CUDA's atomics on __half,
// __half2 and __nv_bfloat16 update them as one word).
func atomicWord(t ctype) (Type, bool) {
	if t.kind != cStruct || t.rec == nil || t.size != 2 && t.size != 4 && t.size != 8 || !allScalar(t) {
		return Type{}, false
	}
	return Type{Kind: Int, Size: t.size}, true
}

func allScalar(t ctype) bool {
	switch t.kind {
	case cScalar:
		return true
	case cStruct:
		if t.rec == nil {
			return false
		}
		for _, f := range t.rec.fields {
			if !allScalar(f.t) {
				return false
			}
		}
		return true
	}
	return false
}

// invariantKind says whether a built-in is a barrier invariant: 1 for a
// unary one (CUDA's __barrier_invariant, the numbered OpenCL spellings,
// which the OpenCL prelude makes __drfcheck_barrier_invariant), 2 for a
// binary one (__barrier_invariant_binary), 0 for neither.
func invariantKind(name string) int {
	switch name {
	case "__drfcheck_barrier_invariant":
		return 1
	case "__drfcheck_barrier_invariant_binary":
		return 2
	}
	n, ok := strings.CutPrefix(name, "__barrier_invariant")
	kind := 1
	if b, ok := strings.CutPrefix(n, "_binary"); ok {
		n, kind = b, 2
	}
	if !ok || n != "" && (n[0] != '_' || len(n) == 1 || strings.Trim(n[1:], "0123456789") != "") {
		return 0
	}
	return kind
}

// barrierInvariant lowers __barrier_invariant(φ, e1, ..., en) for the
// barrier that follows it (emit attaches it): φ once for the check, and
// once more for each instantiation (ei, or for a binary invariant the pair
// e(2i-1), e(2i)).
func (l *lowerer) barrierInvariant(n *clang.Node, args []*clang.Node, binary bool) {
	at := l.pos(n)
	l.inInvariant++
	defer func() { l.inInvariant-- }()
	inv := &Invariant{At: at, Source: l.text(n), Binary: binary}
	inv.Check = &Block{At: at, Stmts: l.into(func() { inv.Cond = l.cond(args[0]) })}
	thread := func(a *clang.Node) (*Block, Expr) {
		var e Expr
		b := &Block{At: l.pos(a), Stmts: l.into(func() { e = l.scalar(l.rv(a), I64, l.pos(a)) })}
		return b, e
	}
	step := 1
	if binary {
		step = 2
	}
	for i := 1; i+step-1 < len(args); i += step {
		in := &Instance{At: l.pos(args[i])}
		in.Tid, in.TidX = thread(args[i])
		if binary {
			in.Tid2, in.TidX2 = thread(args[i+1])
		}
		in.Body = &Block{At: at, Stmts: l.into(func() { in.Cond = l.cond(args[0]) })}
		inv.Insts = append(inv.Insts, in)
	}
	l.invariants = append(l.invariants, inv)
}

// otherNames are GPUVerify's names of the other thread's value (and the
// prelude's spellings of them).
var otherNames = map[string]bool{"__other_int": true, "__other_bool": true, "__drfcheck_other_int": true, "__drfcheck_other_bool": true}

// mentionsOther reports whether an expression names the other thread of a
// pair (__other_int): an assumption about pairs of threads.
func mentionsOther(n *clang.Node) bool {
	found := false
	clang.Inspect(n, func(m *clang.Node) bool {
		if m.Kind == "DeclRefExpr" && m.Referenced != nil && otherNames[m.Referenced.Name] {
			found = true
		}
		return !found
	})
	return found
}

// pairAssume lowers an __assume or __requires about pairs of threads
// (GPUVerify's __requires(ids[tid] != ids[__other_int(tid)])): the
// statements that compute the condition go in Pre, where __other_int is
// the other thread's value (Other) and loads are ghosts (symexec decides
// what they read and whether the assumption is made at all).
func (l *lowerer) pairAssume(n, c *clang.Node, requires bool) {
	l.inInvariant++
	defer func() { l.inInvariant-- }()
	a := &Assume{At: l.pos(n), Requires: requires}
	a.Pre = &Block{At: a.At, Stmts: l.into(func() { a.Cond = l.cond(c) })}
	l.emit(a)
}

// noOverflow is GPUVerify's __add_noovfl(a, b): a + b does not overflow
// the operands' type (__add_noovfl_unsigned and __add_noovfl_signed
// read the operands' bits as unsigned or signed), said without computing
// the sum: a <= max - b for unsigned operands; for signed ones, a <= max
// - b when b >= 0 and a >= min - b when b < 0, neither of which
// overflows. Operands of different types, or of 64 bits, give an
// unknown truth.
func (l *lowerer) noOverflow(n, an, bn *clang.Node, name string) Expr {
	at := l.pos(n)
	a, b := l.rv(an), l.rv(bn)
	t := a.t.ir
	// (64-bit operands too: their bounds do not fit the constants' int64
	// for every signedness)
	if a.t.kind != cScalar || b.t.kind != cScalar || t.Kind != Int || b.t.ir != t || t.Size > 4 {
		return l.opaque(n, BoolT, "the result of %s on operands of different or non-integer types", name)
	}
	switch name {
	case "__add_noovfl_unsigned":
		t.Signed = false
	case "__add_noovfl_signed":
		t.Signed = true
	}
	x, y := l.scalar(a, t, at), l.scalar(b, t, at)
	bits := 8 * t.Size
	lit := func(v int64) Expr { return &Const{At: at, T: t, Int: v} }
	if !t.Signed {
		// max - b is exact: b <= max
		return &Binary{At: at, Op: "<=", X: x, Y: &Binary{At: at, Op: "-", X: lit(int64(uint64(1)<<bits - 1)), Y: y, T: t}, T: BoolT}
	}
	up := &Binary{At: at, Op: "<=", X: x, Y: &Binary{At: at, Op: "-", X: lit(int64(uint64(1)<<(bits-1) - 1)), Y: y, T: t}, T: BoolT}
	down := &Binary{At: at, Op: ">=", X: x, Y: &Binary{At: at, Op: "-", X: lit(-int64(uint64(1) << (bits - 1))), Y: y, T: t}, T: BoolT}
	nonNeg := &Binary{At: at, Op: ">=", X: y, Y: lit(0), T: BoolT}
	return &Select{At: at, Cond: nonNeg, X: up, Y: down, T: BoolT}
}

// snapshot lowers __array_snapshot(dst, src): when both are known places
// of memory, a Snapshot; otherwise nothing (dst then keeps what no write
// changes, which assumes nothing of it).
func (l *lowerer) snapshot(at protocol.Pos, dst, src *clang.Node) {
	d, s := l.pointer(l.rv(dst)), l.pointer(l.rv(src))
	if len(d.alts) != 1 || len(s.alts) != 1 || d.alts[0].kind != pMem || s.alts[0].kind != pMem {
		l.note(dst, "__array_snapshot: its arguments are not each one array drfcheck can follow: nothing is copied, and an invariant about the copy knows nothing of it")
		return
	}
	l.emit(&Snapshot{At: at, Dst: Addr{Base: d.alts[0].base, Off: d.alts[0].off}, Src: Addr{Base: s.alts[0].base, Off: s.alts[0].off}})
}

// ghostSnapshots makes the destination of each snapshot of f the
// thread's own memory: a ghost array that each thread copies its view of
// the source into, as GPUVerify's annotation means it. No access of it
// can race, since no code writes it; where some store or atomic does
// write it, it is no ghost, and its snapshots are dropped (which assumes
// nothing).
func ghostSnapshots(f *Func) {
	written := map[*Base]bool{}
	var snaps []*Snapshot
	Inspect(f, func(n Node) bool {
		switch s := n.(type) {
		case *Store:
			written[s.Addr.Base] = true
		case *Atomic:
			written[s.Addr.Base] = true
		case *Snapshot:
			snaps = append(snaps, s)
		}
		return true
	})
	if len(snaps) == 0 {
		return
	}
	drop := map[*Snapshot]bool{}
	for _, s := range snaps {
		if written[s.Dst.Base] || s.Dst.Base == s.Src.Base {
			drop[s] = true
			f.Notes = append(f.Notes, Note{At: s.At, Message: "__array_snapshot: its destination is also written by the kernel (or is its source), so it is no ghost array: nothing is copied or assumed"})
		}
	}
	for _, s := range snaps {
		if !drop[s] {
			s.Dst.Base.Kind = Private
		}
	}
	if len(drop) == 0 {
		return
	}
	Inspect(f, func(n Node) bool {
		if b, ok := n.(*Block); ok {
			b.Stmts = slices.DeleteFunc(b.Stmts, func(s Stmt) bool {
				sn, ok := s.(*Snapshot)
				return ok && drop[sn]
			})
		}
		return true
	})
}

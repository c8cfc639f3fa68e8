package ir

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/drfcheck/drfcheck/internal/infer/clang"
	"github.com/drfcheck/drfcheck/protocol"
)

// OpenCL's built-in functions (OpenCL C 1.2, Sections 6.12.1, 6.12.8 and
// 6.12.11; OpenCL C 2.0, Section 6.13.11), lowered to the IR's CUDA terms:
// a work-item is a thread, a work-group a block, __local memory shared
// memory. clang declares them itself (-fdeclare-opencl-builtins): the
// lowering knows them by name in an OpenCL file.

// workItem are the work-item functions that read one dimension of a
// built-in.
var workItem = map[string]BuiltinKind{
	"get_local_id": ThreadIdx, "get_group_id": BlockIdx, "get_local_size": BlockDim, "get_num_groups": GridDim,
	"get_enqueued_local_size": BlockDim,
}

// clAtomics maps OpenCL's atomic functions (atomic_ of 1.1, atom_ of the
// 1.0 extensions, and the 2.0 atomic_fetch_ ones) to the IR's operations.
// An increment is an add of 1, a decrement a subtraction of 1 (OpenCL's
// wrap like any addition, unlike CUDA's atomicInc with its bound).
var clAtomics = map[string]string{
	"add": "add", "sub": "sub", "xchg": "exch", "min": "min", "max": "max", "and": "and", "or": "or", "xor": "xor",
	"cmpxchg": "cas", "inc": "add", "dec": "sub",
	"fetch_add": "add", "fetch_sub": "sub", "fetch_min": "min", "fetch_max": "max", "fetch_and": "and",
	"fetch_or": "or", "fetch_xor": "xor", "exchange": "exch", "compare_exchange_strong": "cas",
	"compare_exchange_weak": "cas", "load": "load", "store": "exch", "init": "exch", "flag_test_and_set": "exch",
	"flag_clear": "exch",
}

// OpenCL's fence flags (cl_mem_fence_flags).
const (
	clkLocalMemFence  = 1
	clkGlobalMemFence = 2
	clkImageMemFence  = 4
)

// memory_scope_work_group, the scope of the 2.0 atomics that makes them
// atomic within one work-group only.
const memoryScopeWorkGroup = 1

// openCL lowers a call of an OpenCL built-in; ok is false for a function
// it does not know, which builtin then lowers as any function without a
// body.
func (l *lowerer) openCL(n *clang.Node, name string, args []*clang.Node) (val, bool) {
	at := l.pos(n)
	t := l.typeOf(n)
	void := val{t: ctype{kind: cVoid}}
	switch {
	case workItem[name] != 0 || name == "get_local_id":
		return l.workItemDim(n, args, func(d int) Expr { return &Builtin{At: at, Kind: workItem[name], Dim: d} }, 0), true
	case name == "get_global_id":
		return l.workItemDim(n, args, func(d int) Expr { return l.globalID(at, d) }, -1), true
	case name == "get_global_size":
		return l.workItemDim(n, args, func(d int) Expr {
			return &Binary{At: at, Op: "*", X: wide(at, &Builtin{At: at, Kind: GridDim, Dim: d}), Y: wide(at, &Builtin{At: at, Kind: BlockDim, Dim: d}), T: U64}
		}, 1), true
	case name == "get_global_offset":
		return l.workItemDim(n, args, func(d int) Expr { return l.globalOffset(at, d) }, 0), true
	case name == "get_local_linear_id":
		return val{t: t, e: convert(at, l.linear(at, ThreadIdx, BlockDim), t.ir)}, true
	case name == "get_global_linear_id":
		// (global id - offset) linearized over the global size
		var sum Expr = i64(at, 0)
		var stride Expr = i64(at, 1)
		for d := 0; d < 3; d++ {
			id := &Binary{At: at, Op: "-", X: l.globalID(at, d), Y: l.globalOffset(at, d), T: U64}
			sum = &Binary{At: at, Op: "+", X: sum, Y: &Binary{At: at, Op: "*", X: id, Y: stride, T: U64}, T: U64}
			size := &Binary{At: at, Op: "*", X: wide(at, &Builtin{At: at, Kind: GridDim, Dim: d}), Y: wide(at, &Builtin{At: at, Kind: BlockDim, Dim: d}), T: U64}
			stride = &Binary{At: at, Op: "*", X: stride, Y: size, T: U64}
		}
		return val{t: t, e: convert(at, sum, t.ir)}, true
	case name == "get_work_dim":
		// the host's choice, the same for every work-item: 1, 2 or 3
		// (a call of no arguments would be a value of its own at each
		// occurrence: this is one function)
		d := &Call{At: at, Func: "get_work_dim", Args: []Expr{&Const{At: at, T: U32, Int: 0}}, T: t.ir}
		and := func(x, y Expr) Expr { return &Binary{At: at, Op: "&&", X: x, Y: y, T: BoolT} }
		cmp := func(op string, x Expr, v int64) Expr {
			return &Binary{At: at, Op: op, X: x, Y: &Const{At: at, T: x.Type(), Int: v}, T: BoolT}
		}
		c := and(cmp(">=", d, 1), cmp("<=", d, 3))
		for dim := 1; dim < 3; dim++ {
			// a dimension of more than one work-item is one of the work's
			flat := and(cmp("==", &Builtin{At: at, Kind: BlockDim, Dim: dim}, 1), cmp("==", &Builtin{At: at, Kind: GridDim, Dim: dim}, 1))
			c = and(c, &Binary{At: at, Op: "||", X: cmp(">", d, int64(dim)), Y: flat, T: BoolT})
		}
		l.emit(&Assume{At: at, Cond: c})
		return val{t: t, e: d}, true
	case name == "barrier" || name == "work_group_barrier":
		fence := protocol.FenceAll
		if len(args) > 0 {
			fence = l.fenceFlags(args[0])
		}
		for _, a := range args[1:] {
			l.discard(a) // the scope: a work-group barrier is one whatever it says
		}
		l.emit(&Barrier{At: at, Kind: SyncThreads, Fence: fence})
		return void, true
	case name == "mem_fence" || name == "read_mem_fence" || name == "write_mem_fence" || name == "atomic_work_item_fence":
		for _, a := range args {
			l.discard(a)
		}
		l.emit(&Fence{At: at, Scope: "block"})
		return void, true
	case name == "async_work_group_copy" || name == "async_work_group_strided_copy":
		return l.asyncCopy(n, name, args), true
	case name == "wait_group_events":
		// the copies it waits for are done (asyncCopy), and a barrier
		// after the wait orders them with the other work-items; the
		// wait itself orders no memory, but every work-item of the
		// group must reach it, as a barrier: one that fences nothing
		l.waitEvents(n, args)
		l.emit(&Barrier{At: at, Kind: SyncThreads, Fence: protocol.FenceNone})
		return void, true
	case name == "prefetch":
		for _, a := range args {
			l.discard(a)
		}
		return void, true
	case strings.HasPrefix(name, "write_image") || strings.HasPrefix(name, "read_image"):
		return l.image(n, name, args), true
	case strings.HasPrefix(name, "atomic_") || strings.HasPrefix(name, "atom_"):
		op := strings.TrimSuffix(name[strings.Index(name, "_")+1:], "_explicit")
		if clAtomics[op] == "" || len(args) == 0 {
			return l.unmodelled(n, name, args), true
		}
		return l.clAtomic(n, name, op, args), true
	}
	if m := vectorIO.FindStringSubmatch(name); m != nil {
		return l.vectorAccess(n, m, args), true
	}
	for _, a := range args {
		if l.typeOf(a).kind == cPtr && !outParams[name] {
			return l.unmodelled(n, name, args), true
		}
	}
	return val{}, false
}

// unmodelled lowers a call of an OpenCL built-in that takes a pointer and
// whose accesses the lowering does not know: unknown, never a guess.
func (l *lowerer) unmodelled(n *clang.Node, name string, args []*clang.Node) val {
	return l.unknownCall(n, "an OpenCL built-in whose memory accesses are not modelled: "+name, args)
}

// workItemDim lowers a work-item function of a dimension: f of the
// dimension when the argument is a constant below 3, the value past the
// last dimension (outside) for a larger one, and a choice between the
// three by the argument otherwise. outside < 0 is 0 too (the global id
// past the work's dimensions is 0: OpenCL C 1.2, Section 6.12.1).
func (l *lowerer) workItemDim(n *clang.Node, args []*clang.Node, f func(d int) Expr, outside int64) val {
	at := l.pos(n)
	t := l.typeOf(n)
	if len(args) != 1 {
		return l.unknownCall(n, "a work-item function with other arguments than a dimension", args)
	}
	dim := l.rv(args[0])
	if c, ok := constOf(dim.e); ok {
		if c >= 0 && c < 3 {
			return val{t: t, e: convert(at, f(int(c)), t.ir)}
		}
		if outside < 0 {
			return val{t: t, e: &Const{At: at, T: t.ir, Int: 0}}
		}
		return val{t: t, e: &Const{At: at, T: t.ir, Int: outside}}
	}
	d := l.scalar(dim, U32, at)
	var e Expr = &Const{At: at, T: t.ir, Int: max(outside, 0)}

	for i := 2; i >= 0; i-- {
		is := &Binary{At: at, Op: "==", X: d, Y: &Const{At: at, T: U32, Int: int64(i)}, T: BoolT}
		e = &Select{At: at, Cond: is, X: convert(at, f(i), t.ir), Y: e, T: t.ir}
	}
	return val{t: t, e: e}
}

// globalID is get_global_id(d): the group's first work-item plus the local
// id, plus the global offset the host gave (any value, the same for every
// work-item).
func (l *lowerer) globalID(at protocol.Pos, d int) Expr {
	group := &Binary{At: at, Op: "*", X: wide(at, &Builtin{At: at, Kind: BlockIdx, Dim: d}), Y: wide(at, &Builtin{At: at, Kind: BlockDim, Dim: d}), T: U64}
	id := &Binary{At: at, Op: "+", X: group, Y: wide(at, &Builtin{At: at, Kind: ThreadIdx, Dim: d}), T: U64}
	if off := l.globalOffset(at, d); !isZero(off) {
		return &Binary{At: at, Op: "+", X: id, Y: off, T: U64}
	}
	return id
}

// globalOffset is the global offset of dimension d: what the host passes
// to clEnqueueNDRangeKernel (clang.TU.GlobalOffset), 0 by default; when
// any, an unknown the same for every work-item (an unknown function of the
// dimension).
func (l *lowerer) globalOffset(at protocol.Pos, d int) Expr {
	if v := l.tu.GlobalOffset[d]; v >= 0 {
		return &Const{At: at, T: U64, Int: v}
	}
	return &Call{At: at, Func: "get_global_offset", Args: []Expr{&Const{At: at, T: U32, Int: int64(d)}}, T: U64}
}

func isZero(e Expr) bool {
	c, ok := constOf(e)
	return ok && c == 0
}

// linear is the linear index of a built-in over the extents of another:
// x + y*X + z*X*Y.
func (l *lowerer) linear(at protocol.Pos, idx, size BuiltinKind) Expr {
	var sum Expr = i64(at, 0)
	var stride Expr = i64(at, 1)
	for d := 0; d < 3; d++ {
		sum = &Binary{At: at, Op: "+", X: sum, Y: &Binary{At: at, Op: "*", X: wide(at, &Builtin{At: at, Kind: idx, Dim: d}), Y: stride, T: U64}, T: U64}
		stride = &Binary{At: at, Op: "*", X: stride, Y: wide(at, &Builtin{At: at, Kind: size, Dim: d}), T: U64}
	}
	return sum
}

func wide(at protocol.Pos, e Expr) Expr { return &Convert{At: at, To: U64, X: e} }

// constOf returns the value of a constant expression, through conversions.
func constOf(e Expr) (int64, bool) {
	for {
		switch x := e.(type) {
		case *Const:
			return x.Int, x.Float == ""
		case *Convert:
			e = x.X
		default:
			return 0, false
		}
	}
}

// fenceFlags returns the memory a barrier's flags fence. Flags that are not
// a constant may name either memory or none: the barrier then orders no
// memory, which only adds behaviours.
func (l *lowerer) fenceFlags(arg *clang.Node) protocol.Fence {
	c, ok := constOf(l.rv(arg).e)
	if !ok {
		return protocol.FenceNone
	}
	global := c&clkGlobalMemFence != 0
	if c&clkImageMemFence == 0 && l.writesImages() {
		// images are global memory here, which only an image fence
		// orders: a barrier without one orders no global memory
		global = false
	}
	switch local := c&clkLocalMemFence != 0; {
	case local && global:
		return protocol.FenceAll
	case local:
		return protocol.FenceShared
	case global:
		return protocol.FenceGlobal
	}
	return protocol.FenceNone
}

// clAtomic lowers an OpenCL atomic as the IR's Atomic of the operation op
// names (clAtomics). The 2.0 functions' memory order is left out (an atomic
// is atomic whatever its order); their scope, when a constant work-group
// scope, makes the atomic one of block scope. atomic_load reads; an
// increment and a decrement have the operand 1.
func (l *lowerer) clAtomic(n *clang.Node, name, op string, args []*clang.Node) val {
	at := l.pos(n)
	kind := clAtomics[op]
	operands := 1
	switch {
	case kind == "cas":
		operands = 2
	case op == "inc" || op == "dec" || op == "load" || op == "flag_test_and_set" || op == "flag_clear":
		operands = 0
	}
	explicit := strings.HasSuffix(name, "_explicit")
	scope := ""
	if explicit && len(args) > 1+operands {
		// (object, operands..., order[, order on failure], scope)
		last := args[len(args)-1]
		if c, ok := constOf(l.rv(last).e); ok && c == memoryScopeWorkGroup && len(args) > 2+operands {
			scope = ".block"
		}
	}
	var rest []Expr
	for i, a := range args[1:] {
		v := l.rv(a)
		at := l.pos(a)
		switch {
		case i < operands && l.typeOf(a).kind == cScalar:
			rest = append(rest, l.scalar(v, l.typeOf(a).ir, at))
		case i == 0 && strings.HasPrefix(op, "compare_exchange"):
			// a failed exchange writes the value it found to *expected
			et := l.typeOf(a).pointee()
			l.store(lval{alts: l.pointer(v).alts, t: et, n: a}, l.opaqueVal(a, et, "the value "+name+" found"), at)
		}
	}
	if op == "inc" || op == "dec" {
		rest = []Expr{&Const{At: at, T: I32, Int: 1}}
	}
	return l.emitAtomic(n, l.pointer(l.rv(args[0])), kind+scope, l.typeOf(args[0]).pointee(), rest, name)
}

// writesImages reports whether the kernel has an image parameter it may
// write (one that is not __read_only).
func (l *lowerer) writesImages() bool {
	for _, p := range l.fn.Params() {
		if t := p.TypeString(); imageDims(lastWord(t)) > 0 && !strings.Contains(t, "__read_only") {
			return true
		}
	}
	return false
}

// lastWord is the last word of a type's spelling: the type's name, after
// its qualifiers ("__private __write_only image2d_t").
func lastWord(t string) string {
	f := strings.Fields(t)
	if len(f) == 0 {
		return ""
	}
	return f[len(f)-1]
}

// imageDims returns the number of coordinates of an OpenCL image type (an
// array's layer counts as one), 0 for another type.
func imageDims(name string) int {
	switch name {
	case "image1d_t", "image1d_buffer_t":
		return 1
	case "image2d_t", "image1d_array_t", "image2d_depth_t", "image2d_msaa_t", "image2d_msaa_depth_t":
		return 2
	case "image3d_t", "image2d_array_t", "image2d_array_depth_t", "image2d_array_msaa_t", "image2d_array_msaa_depth_t":
		return 3
	}
	return 0
}

// image lowers read_image* and write_image*: a read or a write of the
// pixel at the coordinates, in the image's memory (an image parameter is
// a pointer to it), at cell x + W*(y + H*z) of the image's width W and
// height H (unknowns of the image, the same for every work-item), with
// the coordinates assumed within them (a write outside is undefined). A
// read at floating-point coordinates (a sampler's, which may filter
// several pixels) reads any pixel.
func (l *lowerer) image(n *clang.Node, name string, args []*clang.Node) val {
	at := l.pos(n)
	t := l.typeOf(n)
	write := strings.HasPrefix(name, "write_image")
	if len(args) < 2 {
		return l.unknownCall(n, "an image function with too few arguments", args)
	}
	ci := 1
	if !write && len(args) >= 3 {
		ci = 2 // read_imagef(image, sampler, coord)
	}
	dims := imageDims(lastWord(args[0].TypeString()))
	img := l.pointer(l.rv(args[0]))
	for i, a := range args[1:] {
		if i+1 != ci {
			l.discard(a)
		}
	}
	cv := l.rv(args[ci])
	var coords []val
	if cv.fields != nil {
		coords = cv.fields
	} else {
		coords = []val{cv}
	}
	if dims == 0 || dims > len(coords) {
		dims = min(len(coords), 3)
	}
	integer := true
	for _, c := range coords[:dims] {
		integer = integer && c.e != nil && c.t.kind == cScalar && c.t.ir.IsInt()
	}
	l.eachAlt(img.alts, at, func(a place) {
		if a = a.asData(); a.kind != pMem {
			l.unknown(n, "an image the lowering cannot follow: %s", l.text(args[0]))
			return
		}
		var off Expr = &Opaque{At: at, Reason: "the pixels a sampler reads", T: I64}
		if integer {
			off = l.pixel(at, a.base, coords[:dims])
		}
		addr := Addr{Base: a.base, Off: add(at, a.off, &Binary{At: at, Op: "*", X: off, Y: i64(at, 4), T: I64})}
		if write {
			l.emit(&Store{At: at, Addr: addr, T: I32, X: &Opaque{At: at, Reason: "a pixel", T: I32}, Source: l.text(n)})
			return
		}
		l.emit(&Load{At: at, Dst: l.temp(at, I32), Addr: addr, T: I32, Source: l.text(n)})
	})
	if write {
		return val{t: ctype{kind: cVoid}}
	}
	return l.opaqueVal(n, t, "a pixel of an image")
}

// pixel is the cell of an image at integer coordinates: x + W*(y + H*z),
// under the assumption that each coordinate but the last is within the
// image's extent in its dimension.
func (l *lowerer) pixel(at protocol.Pos, b *Base, coords []val) Expr {
	var off Expr
	for d := len(coords) - 1; d >= 0; d-- {
		c := convert(at, coords[d].e, I64)
		if off == nil {
			off = c
			continue
		}
		extent := &Call{At: at, Func: "image_extent_" + b.Name, Args: []Expr{&Const{At: at, T: U32, Int: int64(d)}}, T: I64}
		in := &Binary{At: at, Op: "&&",
			X: &Binary{At: at, Op: "<=", X: i64(at, 0), Y: c, T: BoolT},
			Y: &Binary{At: at, Op: "<", X: c, Y: extent, T: BoolT}, T: BoolT}
		l.emit(&Assume{At: at, Cond: in})
		off = &Binary{At: at, Op: "+", X: c, Y: &Binary{At: at, Op: "*", X: extent, Y: off, T: I64}, T: I64}
	}
	return off
}

// asyncCopy lowers async_work_group_copy(dst, src, n, event) and
// async_work_group_strided_copy(dst, src, n, stride, event): the
// work-group copies n elements, the stride applying to the global side
// (OpenCL C 1.2, Section 6.12.10). Which work-items do the copy, and when
// before the wait, is the implementation's: here one work-item of the
// group, any one (an unknown of the group and the call), copies every
// element at the call and again after each barrier until the
// wait_group_events that names its event (waitEvents), so that an access
// of any other work-item in those barrier intervals races with it. The
// event is a number of the copy's (or the one it joins). A copy in a loop
// is unknown: its executions may be done by different work-items, which
// one unknown per call cannot say.
func (l *lowerer) asyncCopy(n *clang.Node, name string, args []*clang.Node) val {
	at := l.pos(n)
	t := l.typeOf(n)
	strided := name == "async_work_group_strided_copy"
	if len(args) < 4 || strided && len(args) < 5 {
		return l.unknownCall(n, "an async copy with too few arguments", args)
	}
	for _, j := range l.jumps {
		if j.region == nil {
			l.unknown(n, "an async copy in a loop (its executions may be made by different work-items): %s", l.text(n))
			for _, a := range args {
				l.discard(a)
			}
			return l.opaqueVal(n, t, "an event")
		}
	}
	dst, src := l.pointer(l.rv(args[0])), l.pointer(l.rv(args[1]))
	count := l.scalar(l.rv(args[2]), I64, at)
	var stride Expr = i64(at, 1)
	if strided {
		stride = l.scalar(l.rv(args[3]), I64, at)
	}
	// the event: a new one, or the one given, which the copy joins
	l.events++
	event := l.events
	for _, a := range args[3:] {
		if strided && a == args[3] {
			continue
		}
		if a == args[len(args)-1] {
			if c, ok := l.eventOf(l.rv(a).e); ok && c != 0 {
				event = c
			}
			continue
		}
		l.discard(a)
	}
	et := l.typeOf(args[0]).pointee()
	// the global side is the one whose pointer is not to __local memory
	dstLocal := addressSpaceOf(args[0].TypeString()) == Shared
	k := l.newVar(at, l.name("elem"), I64, Local)
	ki := Expr(&Ref{At: at, Var: k})
	si, di := ki, ki
	if dstLocal {
		si = &Binary{At: at, Op: "*", X: ki, Y: stride, T: I64}
	} else {
		di = &Binary{At: at, Op: "*", X: ki, Y: stride, T: I64}
	}
	body := l.into(func() {
		v := l.load(lval{alts: l.ptrAdd(src, si, et, at).alts, t: et, n: n})
		l.store(lval{alts: l.ptrAdd(dst, di, et, at).alts, t: et, n: n}, v, at)
	})
	loop := &Loop{At: at, Kind: For,
		Init: &Block{At: at, Stmts: []Stmt{&Assign{At: at, Dst: k, X: i64(at, 0)}}},
		Test: &Block{At: at}, Cond: &Binary{At: at, Op: "<", X: ki, Y: count, T: BoolT},
		Post: &Block{At: at, Stmts: []Stmt{&Assign{At: at, Dst: k, X: &Binary{At: at, Op: "+", X: ki, Y: i64(at, 1), T: I64}}}},
		Body: &Block{At: at, Stmts: body}}
	copier := &Call{At: at, Func: "async_copier", T: U64, Args: []Expr{
		&Const{At: at, T: I64, Int: int64(at.Line)<<16 | int64(at.Col)},
		wide(at, &Builtin{At: at, Kind: BlockIdx, Dim: 0}), wide(at, &Builtin{At: at, Kind: BlockIdx, Dim: 1}),
		wide(at, &Builtin{At: at, Kind: BlockIdx, Dim: 2})}}
	me := &Binary{At: at, Op: "==", X: l.linear(at, ThreadIdx, BlockDim), Y: copier, T: BoolT}
	copy := &If{At: at, Cond: me, Then: &Block{At: at, Stmts: []Stmt{loop}}, Else: &Block{At: at}}
	l.emit(copy)
	l.pending = append(l.pending, pendingCopy{event: event, copy: copy})
	e := &Const{At: at, T: t.ir, Int: event}
	if l.eventIDs == nil {
		l.eventIDs, l.eventVars, l.eventMem = map[Expr]int64{}, map[*Var]int64{}, map[string]int64{}
	}
	l.eventIDs[e] = event
	return val{t: t, e: e}
}

// pendingCopy is an async copy in flight: its event and its accesses.
type pendingCopy struct {
	event int64
	copy  Stmt
}

// waitEvents lowers wait_group_events(n, list): the copies of the events
// it names are done. An event the lowering cannot tell (a count or an
// event that is not a constant) completes nothing, which keeps its copy in
// flight.
func (l *lowerer) waitEvents(n *clang.Node, args []*clang.Node) {
	at := l.pos(n)
	if len(args) != 2 {
		for _, a := range args {
			l.discard(a)
		}
		return
	}
	count, ok := constOf(l.scalar(l.rv(args[0]), I64, at))
	list := l.pointer(l.rv(args[1]))
	et := l.typeOf(args[1]).pointee()
	if !ok || count < 0 || count > 64 {
		return
	}
	var done []int64
	for i := int64(0); i < count; i++ {
		v := l.load(lval{alts: l.ptrAdd(list, i64(at, i), et, at).alts, t: et, n: n})
		id, ok := l.eventOf(v.e)
		if !ok {
			return
		}
		done = append(done, id)
	}
	l.pending = slices.DeleteFunc(l.pending, func(p pendingCopy) bool { return slices.Contains(done, p.event) })
}

// eventOf returns the number of the event a value is: a constant, or a
// variable last assigned one.
func (l *lowerer) eventOf(e Expr) (int64, bool) {
	if r, ok := e.(*Ref); ok {
		id, ok := l.eventVars[r.Var]
		return id, ok
	}
	return constOf(e)
}

// trackEvent follows the events of async copies through the variables and
// the cells of private arrays (event_t handles[2]) that an assignment, a
// store or a load moves them through.
func (l *lowerer) trackEvent(s Stmt) {
	cell := func(a Addr) (string, bool) {
		off, ok := constOf(a.Off)
		return fmt.Sprintf("%s+%d", a.Base.Name, off), ok && a.Base.Kind == Private
	}
	switch s := s.(type) {
	case *Assign:
		delete(l.eventVars, s.Dst)
		if id, ok := l.eventIDs[s.X]; ok {
			l.eventVars[s.Dst] = id
		}
	case *Store:
		key, ok := cell(s.Addr)
		if !ok {
			// a store at an offset not known: any cell of the base
			for k := range l.eventMem {
				if strings.HasPrefix(k, s.Addr.Base.Name+"+") {
					delete(l.eventMem, k)
				}
			}
			return
		}
		delete(l.eventMem, key)
		if id, ok := l.eventIDs[s.X]; ok {
			l.eventMem[key] = id
		}
	case *Load:
		delete(l.eventVars, s.Dst)
		if key, ok := cell(s.Addr); ok {
			if id, ok := l.eventMem[key]; ok {
				l.eventVars[s.Dst] = id
			}
		}
	}
}

// addressSpaceOf is the memory a pointer type points to: Shared for
// __local, Constant for __constant, Global otherwise.
func addressSpaceOf(t string) BaseKind {
	if k, ok := addressSpace(t); ok {
		return k
	}
	return Global
}

// vectorIO matches the vector loads and stores of OpenCL C 1.2 (Section
// 6.12.7): vloadN and vstoreN, and their half forms (vload_halfN,
// vloada_halfN, vstore_halfN with a rounding mode).
var vectorIO = regexp.MustCompile(`^v(load|store)(a?)(_half)?(2|3|4|8|16)?(_rt[enzp])?$`)

// outParams are the math built-ins that write one object of their
// pointer argument's type (fract(x, &i), sincos(x, &c)), as libraryCall
// lowers them.
var outParams = map[string]bool{"fract": true, "modf": true, "sincos": true, "frexp": true, "lgamma_r": true, "remquo": true}

// vectorAccess lowers vloadN(offset, p) and vstoreN(data, offset, p): the
// N elements from p + offset*N (a vloada_half3's stride is 4), one access
// each; a half form reads or writes halves, converted from or to float.
func (l *lowerer) vectorAccess(n *clang.Node, m []string, args []*clang.Node) val {
	at := l.pos(n)
	t := l.typeOf(n)
	load := m[1] == "load"
	count := int64(1)
	if m[4] != "" {
		count, _ = strconv.ParseInt(m[4], 10, 64)
	}
	stride := count
	if m[2] == "a" && count == 3 {
		stride = 4
	}
	var data val
	if !load {
		if len(args) != 3 {
			return l.unknownCall(n, "a vector store with other arguments", args)
		}
		data, args = l.rv(args[0]), args[1:]
	}
	if len(args) != 2 {
		return l.unknownCall(n, "a vector load with other arguments", args)
	}
	off := l.scalar(l.rv(args[0]), I64, at)
	p := l.pointer(l.rv(args[1]))
	et := l.typeOf(args[1]).pointee()
	if et.kind != cScalar {
		l.unknown(n, "a vector load or store through a pointer to %s", structName(et))
		return l.opaqueVal(n, t, "a vector of unknown elements")
	}
	base := &Binary{At: at, Op: "*", X: off, Y: i64(at, stride), T: I64}
	elem := func(i int64) lval {
		idx := &Binary{At: at, Op: "+", X: base, Y: i64(at, i), T: I64}
		return lval{alts: l.ptrAdd(p, idx, et, at).alts, t: et, n: n}
	}
	var comps []val
	if !load {
		comps = data.fields
		if data.fields == nil {
			comps = []val{data}
		}
	}
	out := val{t: t}
	for i := int64(0); i < count; i++ {
		if load {
			v := l.load(elem(i))
			out.fields = append(out.fields, v)
			continue
		}
		c := l.opaqueVal(n, et, "an element of a vector the lowering does not know")
		if int(i) < len(comps) && comps[i].e != nil && et.kind == cScalar {
			c = val{t: et, e: l.scalar(comps[i], et.ir, at)}
		}
		l.store(elem(i), c, at)
	}
	if !load {
		return val{t: ctype{kind: cVoid}}
	}
	if count == 1 || m[3] != "" {
		// a half read is a float (a float vector) of another value
		return l.opaqueVal(n, t, "a value converted from half")
	}
	return out
}

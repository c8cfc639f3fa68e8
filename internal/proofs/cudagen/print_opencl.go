package cudagen

import (
	"fmt"
	"hash/fnv"
	"sort"
	"strings"
)

// This file prints a generated kernel as OpenCL C 1.2, the same program
// for drfcheck's OpenCL front end: the __global__ kernel becomes a
// __kernel function, pointer parameters point to __global memory,
// __shared__ arrays are __local (at the kernel's outermost scope, as
// OpenCL requires), threadIdx, blockIdx, blockDim and gridDim are
// get_local_id, get_group_id, get_local_size and get_num_groups cast to
// uint (CUDA's unsigned int, so that the arithmetic is the same), and
// __syncthreads() is barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE).
// Device functions are plain functions, their pointer parameters and
// pointer locals qualified with the address space they point into
// (inferred from what they are given: a function called with pointers of
// two spaces is not printed). Atomics are OpenCL 1.2's atomic_add & co.
// (32-bit int and unsigned; atomic_xchg on float). Structs are typedefs
// of C structs; an instance of a struct template is a struct of its own
// name. Names of structs and functions carry the case's name, so that the
// kernels of a batch can share one file (C has no namespaces).
//
// What C lacks is written as C: a reference is a pointer (T &r = x is
// T *r = &x, uses of r are (*r), a reference parameter takes &arg, a
// function returning a reference returns a pointer and its calls are
// (*f(...))); the conditional operator as an lvalue is *(c ? &x : &y);
// a struct with default member initializers is initialized with
// designated initializers (S v = {.stride = 2, .off = 1}); a variable of
// namespace scope (OpenCL 1.2 has only __constant ones) is a __global
// buffer passed as one more kernel argument (OpenCLParams), an extern
// __shared__ array a __local pointer argument; a case with a host program
// that passes distinct buffers is its kernel alone, with the case's launch
// and values.
//
// Some kernels have no OpenCL 1.2 counterpart and are not printed (Case.
// OpenCL's ok is false; OpenCLWhy says why): constructors, base classes,
// lambdas, function pointers, references to pointers, warp barriers and
// collectives, grid barriers, __syncthreads_count & co., memcpy and
// memset, the CUDA header types (__half, cuda::atomic), layouts
// (__align__, #pragma pack, unions), scoped and float atomics, atomicInc
// and atomicDec with a bound other than 0xffffffff, arrays of pointers in
// structs (a kernel argument may not hold pointers), a host program that
// points two arguments into one buffer, a device function given pointers
// into two address spaces (it would need a copy per space), a ?: of
// pointers into two spaces, __shared__ declared below the kernel's
// outermost scope, and variables of namespace scope used in a device
// function.
//
// Variants. Half of the kernels (by a hash of the name) print a thread's
// global index "blockIdx.x * blockDim.x + tid" (tid = threadIdx.x) as
// get_global_id(0), which adds OpenCL's global offset (0 unless the
// checker is told otherwise; any offset covers the oracle's 0). A barrier
// may carry weaker fences (Sync.Fence, OpenCLFences), which the
// interpreter honours: barrier(CLK_LOCAL_MEM_FENCE) orders __local memory
// only, barrier(CLK_GLOBAL_MEM_FENCE) __global memory only.

// Fences of a block barrier (Sync.Fence): which memory __syncthreads()
// orders. The zero value is CUDA's, both; only the OpenCL printer and the
// interpreter tell them apart (a CUDA barrier always orders both).
const (
	fenceBoth   = 0
	fenceLocal  = 1 // barrier(CLK_LOCAL_MEM_FENCE): __local (shared) memory only
	fenceGlobal = 2 // barrier(CLK_GLOBAL_MEM_FENCE): __global memory only
)

// clSpace is an OpenCL address space, as a set (a pointer that may point
// into two spaces is not printed).
type clSpace uint8

const (
	clPrivate clSpace = 1 << iota
	clLocal
	clGlobal
)

func (s clSpace) qual() string {
	switch s {
	case clPrivate:
		return "__private"
	case clLocal:
		return "__local"
	case clGlobal:
		return "__global"
	}
	return "?"
}

// clUnsupported is raised (panic) when a kernel has no OpenCL 1.2
// counterpart.
type clUnsupported string

// clPrinter prints a program as OpenCL C.
type clPrinter struct {
	printer
	prog *Program
	ti   *typeInfo
	pre  string // the prefix of struct and function names
	// space is the address space each pointer variable points into, ret
	// that of each function's returned pointer.
	space map[*Var]clSpace
	ret   map[*Func]clSpace
	// gid holds the declarations printed as get_global_id(0).
	gid map[*Decl]bool
	cur *Func // the function being printed
}

// OpenCL returns the kernel as OpenCL C 1.2 (see print_opencl.go); ok is
// false when it uses a construct OpenCL 1.2 lacks.
func (c *Case) OpenCL() (src string, ok bool) {
	src, why := c.OpenCLWhy()
	return src, why == ""
}

// OpenCLWhy is OpenCL, with the reason a kernel is not printed ("" when it
// is).
func (c *Case) OpenCLWhy() (src, why string) {
	if c == nil || c.prog == nil {
		return "", "not a generated case"
	}
	return openCL(c.prog, c.Name)
}

func openCL(prog *Program, name string) (src, why string) {
	defer func() {
		if r := recover(); r != nil {
			u, ok := r.(clUnsupported)
			if !ok {
				panic(r)
			}
			src, why = "", string(u)
		}
	}()
	ti, err := typecheck(prog)
	if err != nil {
		return "", "typecheck: " + err.Error()
	}
	p := &clPrinter{prog: prog, ti: ti, pre: name + "_", space: map[*Var]clSpace{}, ret: map[*Func]clSpace{}, gid: map[*Decl]bool{}}
	p.supported()
	p.spaces()
	if hashName(name)%2 == 0 {
		p.globalIDs()
	}
	p.print()
	return p.b.String(), ""
}

func hashName(s string) uint32 {
	h := fnv.New32a()
	h.Write([]byte(s))
	return h.Sum32()
}

func unsupported(format string, args ...any) {
	panic(clUnsupported(fmt.Sprintf(format, args...)))
}

// supported rejects the constructs OpenCL 1.2 lacks.
func (p *clPrinter) supported() {
	prog := p.prog
	switch {
	case prog.Host != nil && len(prog.Host.Alias) > 0:
		// the kernel alone would be checked with distinct buffers
		unsupported("host aliasing")
	case len(prog.Layouts) > 0:
		unsupported("layout types")
	}
	for _, v := range prog.Globals {
		if v.Kind != VGlobal || len(v.Dims) > 1 {
			unsupported("namespace-scope variable %s", v.Name)
		}
	}
	for _, f := range prog.Funcs {
		walkBlock(f.Body, nil, func(e Expr) {
			if r, ok := e.(*VarRef); ok && r.V.Kind == VGlobal {
				unsupported("namespace-scope variable in a function")
			}
		})
	}
	for _, s := range prog.Structs {
		if s.Base != nil || len(s.Ctors) > 0 {
			unsupported("constructors or base classes")
		}
		for _, f := range s.Fields {
			switch {
			case f.Def && f.Arr:
				unsupported("default member initializer of an array")
			case f.T.K == KPtr:
				unsupported("pointers in a struct")
			case !f.T.arith() && f.T.K != KStruct:
				unsupported("field of type %s", f.T)
			}
		}
	}
	for _, f := range prog.Funcs {
		if f.RetRef && f.Ret.K == KPtr {
			unsupported("reference to a pointer")
		}
		if f.Self != nil {
			unsupported("constructor")
		}
		for _, v := range f.Params {
			if v.Kind == VRef && v.T.K == KPtr {
				unsupported("reference to a pointer")
			}
			p.checkType(v.T)
		}
		p.checkType(f.Ret)
	}
	for _, v := range prog.Kernel.Params {
		p.checkType(v.T)
		if v.T.K == KBool {
			unsupported("bool kernel parameter")
		}
	}
	top := map[Stmt]bool{}
	for _, s := range prog.Kernel.Body.Stmts {
		top[s] = true
	}
	walkProgram(prog, func(s Stmt) {
		switch s := s.(type) {
		case *Decl:
			switch s.V.Kind {
			case VRef:
				if s.V.T.K == KPtr {
					unsupported("reference to a pointer")
				}
			case VLambda:
				unsupported("lambda")
			case VFnPtr:
				unsupported("function pointer")
			case VAtomRef:
				unsupported("cuda::atomic_ref")
			case VDyn:
				if !top[s] {
					unsupported("extern __shared__ below the kernel's outermost scope")
				}
			case VGlobal:
				unsupported("namespace-scope variable")
			case VShared:
				if !top[s] {
					unsupported("__shared__ below the kernel's outermost scope")
				}
			case VLocalArr:
				if s.V.T.K == KStruct && (s.V.T.S.defaultCtor() != nil || hasDefaults(s.V.T)) {
					unsupported("array of structs with a constructor")
				}
			}
			if c, ok := s.Init.(*Call); ok && c.F.Self != nil {
				unsupported("constructor call")
			}
			p.checkType(s.V.T)
		case *Sync:
			switch {
			case s.Op == gridSync:
				unsupported("grid barrier")
			case s.Op != "__syncthreads":
				unsupported("%s", s.Op)
			}
		}
	}, func(e Expr) {
		switch e := e.(type) {
		case *Call:
			if e.Via != nil {
				unsupported("call through a function pointer")
			}
			if e.F.Self != nil {
				unsupported("constructor call")
			}
		case *FnRef:
			unsupported("function pointer")
		case *SyncPred:
			unsupported("__syncthreads_%s", e.Op)
		case *ByteAddr, *MemOp:
			unsupported("memcpy or memset")
		case *StmtExpr:
		case *Lambda, *LambdaCall:
			unsupported("lambda")
		case *HCall:
			unsupported("%s", e.Fn)
		case *AtomOp:
			unsupported("libcu++ atomic")
		case *LayoutOp:
			unsupported("layout operation")
		case *Member:
			if isThis(e.X) {
				unsupported("this")
			}
		case *Atomic:
			p.atomicName(e)
		case *Cast:
			p.checkType(e.T)
		case *Builtin:
			if e.Name != "warpSize" && e.Name != "threadIdx" && e.Name != "blockIdx" && e.Name != "blockDim" && e.Name != "gridDim" && e.Name != otherTid {
				unsupported("built-in %s", e.Name)
			}
		}
		if t := p.ti.types[e]; t != nil {
			p.checkType(t)
		}
	})
}

// checkType rejects the types OpenCL 1.2 lacks (or that this printer does
// not spell).
func (p *clPrinter) checkType(t *Type) {
	switch t.K {
	case KHalf, KBF16, KHalf2, KAtomic, KAtomRef:
		unsupported("type %s", t)
	case KFnPtr:
		unsupported("function pointer")
	case KChar:
		unsupported("char pointer")
	case KPtr:
		p.checkType(t.Elem)
	}
}

// atomicName is the OpenCL 1.2 function of a CUDA atomic.
func (p *clPrinter) atomicName(e *Atomic) string {
	if e.Scope != "" {
		unsupported("scoped atomic")
	}
	pt := p.ti.types[e.P]
	if pt == nil || pt.K != KPtr {
		unsupported("atomic on an untyped pointer")
	}
	el := pt.Elem.K
	if el == KFloat && e.Op != "Exch" {
		unsupported("atomic%s on float", e.Op)
	}
	if el != KInt && el != KUint && el != KFloat {
		unsupported("atomic on %s", pt.Elem)
	}
	switch e.Op {
	case "Add", "Sub", "Min", "Max", "And", "Or", "Xor":
		return "atomic_" + strings.ToLower(e.Op)
	case "Exch":
		return "atomic_xchg"
	case "CAS":
		return "atomic_cmpxchg"
	case "Inc", "Dec":
		// atomicInc(p, 0xffffffffu) wraps as atomic_inc does, and
		// atomicDec(p, 0xffffffffu) as atomic_dec; other bounds have no
		// counterpart
		if v, ok := constInt(e.V); !ok || uint32(v) != 0xffffffff {
			unsupported("atomic%s with a bound", e.Op)
		}
		return "atomic_" + strings.ToLower(e.Op)
	}
	unsupported("atomic%s", e.Op)
	return ""
}

// spaces infers the address space every pointer variable and every
// function's returned pointer points into.
func (p *clPrinter) spaces() {
	for _, v := range p.prog.Kernel.Params {
		if v.T.K == KPtr {
			p.space[v] = clGlobal
		}
	}
	calls := map[*Func][]*Call{}
	for changed := true; changed; {
		changed = false
		join := func(m map[*Var]clSpace, v *Var, s clSpace) {
			if s != 0 && m[v]|s != m[v] {
				m[v] |= s
				changed = true
			}
		}
		for _, f := range append(append([]*Func(nil), p.prog.Funcs...), p.prog.Kernel) {
			walkBlock(f.Body, func(s Stmt) {
				switch s := s.(type) {
				case *Decl:
					if s.V.Kind == VLocal && s.V.T.K == KPtr && s.Init != nil {
						join(p.space, s.V, p.ptrSpace(s.Init))
					}
					if s.V.Kind == VRef {
						join(p.space, s.V, p.storage(s.Init))
					}
				case *Assign:
					if r, ok := s.L.(*VarRef); ok && r.V.T.K == KPtr && !r.V.isArray() && s.Op == "=" {
						join(p.space, r.V, p.ptrSpace(s.R))
					}
				case *Return:
					if s.X != nil && (f.Ret.K == KPtr || f.RetRef) {
						sp := p.ptrSpace(s.X)
						if f.RetRef {
							sp = p.storage(s.X)
						}
						if sp != 0 && p.ret[f]|sp != p.ret[f] {
							p.ret[f] |= sp
							changed = true
						}
					}
				}
			}, func(e Expr) {
				if c, ok := e.(*Call); ok {
					calls[c.F] = append(calls[c.F], c)
					for i, a := range c.Args {
						switch v := c.F.Params[i]; {
						case v.Kind == VRef:
							join(p.space, v, p.storage(a))
						case v.T.K == KPtr:
							join(p.space, v, p.ptrSpace(a))
						}
					}
				}
			})
		}
	}
	check := func(what string, s clSpace) {
		switch s {
		case clPrivate, clLocal, clGlobal:
		case 0:
			unsupported("%s points nowhere known", what)
		default:
			unsupported("%s points into several address spaces", what)
		}
	}
	for _, f := range p.prog.Funcs {
		for _, v := range f.Params {
			if v.T.K == KPtr || v.Kind == VRef {
				check("parameter "+v.Name+" of "+f.Name, p.space[v])
			}
		}
		if f.Ret.K == KPtr || f.RetRef {
			check("the result of "+f.Name, p.ret[f])
		}
	}
	walkProgram(p.prog, func(s Stmt) {
		if d, ok := s.(*Decl); ok && (d.V.Kind == VLocal && d.V.T.K == KPtr || d.V.Kind == VRef) {
			check("local "+d.V.Name, p.space[d.V])
		}
	}, nil)
}

// ptrSpace is the address space a pointer (or array) expression points
// into; 0 when not known yet.
func (p *clPrinter) ptrSpace(e Expr) clSpace {
	switch e := e.(type) {
	case *VarRef:
		switch {
		case e.V.Kind == VShared || e.V.Kind == VDyn:
			return clLocal
		case e.V.Kind == VLocalArr:
			return clPrivate
		case e.V.Kind == VGlobal:
			return clGlobal
		case e.V.T.K == KPtr:
			return p.space[e.V]
		}
	case *Row:
		return p.storage(&VarRef{V: e.V})
	case *Binary:
		if t := p.ti.types[e.X]; t != nil && t.K == KPtr {
			return p.ptrSpace(e.X)
		}
		return p.ptrSpace(e.Y)
	case *Cond:
		return p.ptrSpace(e.X) | p.ptrSpace(e.Y)
	case *AddrOf:
		return p.storage(e.X)
	case *Cast:
		return p.ptrSpace(e.X)
	case *Call:
		return p.ret[e.F]
	case *Member:
		if e.F.Arr {
			return p.storage(e.X)
		}
	case *StmtExpr:
		return p.ptrSpace(e.X)
	}
	return 0
}

// storage is the address space of the object an lvalue designates.
func (p *clPrinter) storage(e Expr) clSpace {
	switch e := e.(type) {
	case *VarRef:
		switch e.V.Kind {
		case VShared, VDyn:
			return clLocal
		case VLocal, VLocalArr:
			return clPrivate
		case VGlobal:
			return clGlobal
		case VRef:
			return p.space[e.V]
		}
		unsupported("storage of %s", e.V.Name)
	case *Call:
		if e.F.RetRef {
			return p.ret[e.F]
		}
	case *Index:
		return p.ptrSpace(e.X)
	case *Index2:
		return p.storage(&VarRef{V: e.V})
	case *Member:
		return p.storage(e.X)
	case *Deref:
		return p.ptrSpace(e.X)
	case *Cond:
		return p.storage(e.X) | p.storage(e.Y)
	case *VecLane:
		return p.ptrSpace(e.X)
	}
	unsupported("storage of %T", e)
	return 0
}

// globalIDs finds the declarations "int gid = blockIdx.x * blockDim.x +
// tid;" with tid a local "int tid = threadIdx.x;" that nothing changes,
// printed as get_global_id(0).
func (p *clPrinter) globalIDs() {
	tids := map[*Var]bool{}
	changed := map[*Var]bool{}
	var gids []*Decl
	walkBlock(p.prog.Kernel.Body, func(s Stmt) {
		switch s := s.(type) {
		case *Decl:
			if b, ok := s.Init.(*Builtin); ok && b.Name == "threadIdx" && b.Dim == 0 {
				tids[s.V] = true
			}
			if s.V.Kind == VLocal && s.V.T.K == KInt {
				if b, ok := s.Init.(*Binary); ok && b.Op == "+" {
					if m, ok := b.X.(*Binary); ok && m.Op == "*" && isBuiltin(m.X, "blockIdx", 0) && isBuiltin(m.Y, "blockDim", 0) {
						if r, ok := b.Y.(*VarRef); ok && tids[r.V] {
							gids = append(gids, s)
						}
					}
				}
			}
		case *Assign:
			if r, ok := s.L.(*VarRef); ok {
				changed[r.V] = true
			}
		case *IncDec:
			if r, ok := s.L.(*VarRef); ok {
				changed[r.V] = true
			}
		}
	}, func(e Expr) {
		if a, ok := e.(*AddrOf); ok {
			if r, ok := a.X.(*VarRef); ok {
				changed[r.V] = true
			}
		}
	})
	for _, d := range gids {
		if !changed[d.Init.(*Binary).Y.(*VarRef).V] {
			p.gid[d] = true
		}
	}
}

func isBuiltin(e Expr, name string, dim int) bool {
	b, ok := e.(*Builtin)
	return ok && b.Name == name && b.Dim == dim
}

// typeName spells a type; pointers need their pointee's space, given.
func (p *clPrinter) typeName(t *Type) string {
	switch t.K {
	case KUChar:
		return "uchar"
	case KUint:
		return "uint"
	case KLong:
		return "long"
	case KULong:
		return "ulong"
	case KStruct:
		return p.structName(t.S)
	case KPtr:
		unsupported("pointer type without its space")
	}
	return t.String()
}

// ptrType spells a pointer to t in space sp: "__global int *".
func (p *clPrinter) ptrType(t *Type, sp clSpace) string {
	if t.K != KPtr {
		return p.typeName(t) + " "
	}
	return sp.qual() + " " + p.typeName(t.Elem) + " *"
}

func (p *clPrinter) structName(s *Struct) string {
	name := p.pre + s.Name
	if s.Tmpl != nil {
		if s.Tmpl.T {
			name += "_" + strings.ReplaceAll(p.typeName(s.TArg), " ", "_")
		}
		if s.Tmpl.N {
			name += fmt.Sprintf("_%d", s.intArg())
		}
	}
	return name
}

func (p *clPrinter) fnName(f *Func) string { return p.pre + f.Name }

// clPrec is the precedence of an expression as this printer spells it.
func (p *clPrinter) clPrec(e Expr) int {
	switch e := e.(type) {
	case *Builtin:
		if e.Name != "warpSize" && e.Name != otherTid {
			return precUnary // a cast
		}
		return precPostfix
	case *MinMax, *Atomic, *VecLane, *Call:
		return precPostfix
	}
	return prec(e)
}

func (p *clPrinter) expr(e Expr) string { return p.exprPrec(e, 0) }

func (p *clPrinter) exprPrec(e Expr, min int) string {
	s := p.exprText(e)
	if p.clPrec(e) < min {
		return "(" + s + ")"
	}
	return s
}

var clBuiltins = map[string]string{
	"threadIdx": "get_local_id", "blockIdx": "get_group_id", "blockDim": "get_local_size", "gridDim": "get_num_groups",
}

func (p *clPrinter) exprText(e Expr) string {
	switch e := e.(type) {
	case *Lit:
		return litText(e)
	case *Builtin:
		switch e.Name {
		case "warpSize":
			return fmt.Sprint(p.prog.warp())
		case otherTid:
			return "__other_int(tid)"
		}
		return fmt.Sprintf("(uint)%s(%d)", clBuiltins[e.Name], e.Dim)
	case *VarRef:
		if e.V.Kind == VRef || e.V.Kind == VGlobal && len(e.V.Dims) == 0 {
			return "(*" + e.V.Name + ")" // a reference is a pointer, a scalar of namespace scope a parameter's buffer
		}
		return e.V.Name
	case *Index:
		return p.exprPrec(e.X, precPostfix) + "[" + p.expr(e.I) + "]"
	case *Index2:
		return e.V.Name + "[" + p.expr(e.I) + "][" + p.expr(e.J) + "]"
	case *Row:
		return e.V.Name + "[" + p.expr(e.I) + "]"
	case *Member:
		return p.exprPrec(e.X, precPostfix) + "." + e.F.Name
	case *Deref:
		return "*" + p.exprPrec(e.X, precUnary)
	case *AddrOf:
		return p.addr(e.X)
	case *Unary:
		x := p.exprPrec(e.X, precUnary)
		if e.Op == "-" && strings.HasPrefix(x, "-") {
			x = "(" + x + ")"
		}
		return e.Op + x
	case *Binary:
		// (a < b) < c as a reader expects
		l, r := operandPrec(e, true)
		return p.exprPrec(e.X, l) + " " + e.Op + " " + p.exprPrec(e.Y, r)
	case *Cond:
		if t := p.ti.types[e]; t != nil && t.K == KPtr && p.ptrSpace(e.X) != p.ptrSpace(e.Y) {
			unsupported("?: of pointers into two address spaces")
		}
		return p.exprPrec(e.C, precLOr) + " ? " + p.exprPrec(e.X, precCond) + " : " + p.exprPrec(e.Y, precCond)
	case *Cast:
		t := e.T
		if t.K == KPtr {
			return "(" + p.ptrType(t, p.ptrSpace(e.X)) + ")" + p.exprPrec(e.X, precUnary)
		}
		return "(" + p.typeName(t) + ")" + p.exprPrec(e.X, precUnary)
	case *VecLane:
		vec := "int4"
		if t := p.ti.types[e.X]; t != nil && t.K == KPtr && t.Elem.K == KFloat {
			vec = "float4"
		}
		return "((" + p.ptrSpace(e.X).qual() + " " + vec + " *)(" + p.expr(e.X) + "))[" + p.expr(e.I) + "]." + laneNames[e.Lane]
	case *Call:
		if e.F.RetRef {
			return "(*" + p.call(e) + ")"
		}
		return p.call(e)
	case *MinMax:
		n := "min"
		if e.Max {
			n = "max"
		}
		return n + "(" + p.expr(e.X) + ", " + p.expr(e.Y) + ")"
	case *Atomic:
		name := p.atomicName(e)
		el := p.ti.types[e.P].Elem
		arg := func(x Expr) string {
			if t := p.ti.types[x]; t != nil && !sameType(t, el) {
				return "(" + p.typeName(el) + ")" + p.exprPrec(x, precUnary)
			}
			return p.expr(x)
		}
		switch e.Op {
		case "Inc", "Dec":
			return name + "(" + p.expr(e.P) + ")"
		case "CAS":
			return name + "(" + p.expr(e.P) + ", " + arg(e.V) + ", " + arg(e.W) + ")"
		}
		return name + "(" + p.expr(e.P) + ", " + arg(e.V) + ")"
	case *StmtExpr:
		s := "({ "
		for _, t := range e.Stmts {
			s += p.simple(t) + "; "
		}
		return s + p.expr(e.X) + "; })"
	}
	unsupported("expression %T", e)
	return ""
}

// call prints a call, the arguments of reference parameters by address.
func (p *clPrinter) call(e *Call) string {
	var args []string
	for i, a := range e.Args {
		if e.F.Params[i].Kind == VRef {
			args = append(args, p.addr(a))
		} else {
			args = append(args, p.expr(a))
		}
	}
	return p.fnName(e.F) + "(" + strings.Join(args, ", ") + ")"
}

// addr prints &e for an lvalue e: "(c ? &x : &y)" for an lvalue ?:, "r"
// for a reference r (a pointer here).
func (p *clPrinter) addr(e Expr) string {
	switch e := e.(type) {
	case *Cond:
		if p.storage(e.X) != p.storage(e.Y) {
			unsupported("?: of lvalues in two address spaces")
		}
		return "(" + p.exprPrec(e.C, precLOr) + " ? " + p.addr(e.X) + " : " + p.addr(e.Y) + ")"
	case *VarRef:
		if e.V.Kind == VRef || e.V.Kind == VGlobal && len(e.V.Dims) == 0 {
			return e.V.Name
		}
	case *Call:
		if e.F.RetRef {
			return p.call(e)
		}
	}
	return "&" + p.lvalPrec(e, precUnary)
}

// lvalPrec prints an lvalue: C's ?: is no lvalue, *(c ? &x : &y) is.
func (p *clPrinter) lvalPrec(e Expr, min int) string {
	switch e := e.(type) {
	case *Cond:
		s := "*" + p.addr(e)
		if precUnary < min {
			return "(" + s + ")"
		}
		return s
	case *Member:
		return p.lvalPrec(e.X, precPostfix) + "." + e.F.Name
	}
	return p.exprPrec(e, min)
}

func (p *clPrinter) declText(d *Decl) string {
	v := d.V
	switch v.Kind {
	case VShared:
		s := "__local " + p.typeName(v.T) + " " + v.Name
		for _, n := range v.Dims {
			s += fmt.Sprintf("[%d]", n)
		}
		return s
	case VLocalArr:
		if v.T.K == KStruct {
			return fmt.Sprintf("%s %s[%d]", p.typeName(v.T), v.Name, v.Dims[0])
		}
		return fmt.Sprintf("%s %s[%d] = {0}", p.typeName(v.T), v.Name, v.Dims[0])
	case VRef:
		return p.space[v].qual() + " " + p.typeName(v.T) + " *" + v.Name + " = " + p.addr(d.Init)
	case VLocal:
	default:
		unsupported("declaration of a %v", v.Kind)
	}
	t := p.ptrType(v.T, p.space[v])
	if d.Init == nil {
		if v.T.K == KStruct && hasDefaults(v.T) {
			// C's designated initializers; the fields C++ leaves
			// indeterminate are zero, which no read sees (the
			// interpreter rejects reads of indeterminate values)
			var inits []string
			for _, f := range v.T.S.Fields {
				if f.Def {
					inits = append(inits, "."+f.Name+" = "+litText(litOf(f.T, f.DefVal)))
				}
			}
			return t + v.Name + " = {" + strings.Join(inits, ", ") + "}"
		}
		return strings.TrimSuffix(t, " ") + " " + v.Name
	}
	if p.gid[d] {
		return t + v.Name + " = (uint)get_global_id(0)"
	}
	return t + v.Name + " = " + p.expr(d.Init)
}

func (p *clPrinter) simple(s Stmt) string {
	switch s := s.(type) {
	case nil:
		return ""
	case *Decl:
		return p.declText(s)
	case *Assign:
		return p.lvalPrec(s.L, precUnary) + " " + s.Op + " " + p.expr(s.R)
	case *IncDec:
		return p.lvalPrec(s.L, precPostfix) + s.Op
	case *ExprStmt:
		return p.expr(s.X)
	}
	unsupported("statement %T", s)
	return ""
}

// barrierText is the OpenCL barrier of a __syncthreads() with its fences.
func barrierText(s *Sync) string {
	switch s.Fence {
	case fenceLocal:
		return "barrier(CLK_LOCAL_MEM_FENCE);"
	case fenceGlobal:
		return "barrier(CLK_GLOBAL_MEM_FENCE);"
	}
	return "barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);"
}

func (p *clPrinter) stmt(s Stmt) {
	switch s := s.(type) {
	case *Decl, *Assign, *IncDec, *ExprStmt:
		p.line("%s;", p.simple(s))
	case *If:
		p.line("if (%s) {", p.expr(s.C))
		p.body(s.Then)
		for s.Else != nil {
			if len(s.Else.Stmts) == 1 {
				if e, ok := s.Else.Stmts[0].(*If); ok {
					p.line("} else if (%s) {", p.expr(e.C))
					p.body(e.Then)
					s = e
					continue
				}
			}
			p.line("} else {")
			p.body(s.Else)
			break
		}
		p.line("}")
	case *For:
		p.line("for (%s; %s; %s) {", p.simple(s.Init), p.expr(s.C), p.simple(s.Post))
		p.body(s.Body)
		p.line("}")
	case *While:
		p.line("while (%s) {", p.expr(s.C))
		p.body(s.Body)
		p.line("}")
	case *DoWhile:
		p.line("do {")
		p.body(s.Body)
		p.line("} while (%s);", p.expr(s.C))
	case *Switch:
		p.line("switch (%s) {", p.expr(s.X))
		for _, c := range s.Cases {
			for i, v := range c.Vals {
				if i == len(c.Vals)-1 && !c.Default {
					p.line("case %d: {", v)
				} else {
					p.line("case %d:", v)
				}
			}
			if c.Default {
				p.line("default: {")
			}
			p.indent++
			for _, t := range c.Body {
				p.stmt(t)
			}
			p.indent--
			p.line("}")
		}
		p.line("}")
	case *Break:
		p.line("break;")
	case *Continue:
		p.line("continue;")
	case *Return:
		switch {
		case s.X == nil:
			p.line("return;")
		case p.cur.RetRef:
			p.line("return %s;", p.addr(s.X))
		default:
			p.line("return %s;", p.expr(s.X))
		}
	case *Sync:
		for _, inv := range s.Invs {
			// GPUVerify's numbered spellings: N instantiations, or N pairs
			args := []string{p.expr(inv.C)}
			for _, e := range inv.Insts {
				args = append(args, p.expr(e))
			}
			name := fmt.Sprintf("__barrier_invariant_%d", len(inv.Insts))
			if inv.Binary {
				name = fmt.Sprintf("__barrier_invariant_binary_%d", len(inv.Insts)/2)
			}
			p.line("%s(%s);", name, strings.Join(args, ", "))
		}
		p.line("%s", barrierText(s))
	case *Block:
		p.line("{")
		p.body(s)
		p.line("}")
	default:
		unsupported("statement %T", s)
	}
}

func (p *clPrinter) body(b *Block) {
	p.indent++
	for _, s := range b.Stmts {
		p.stmt(s)
	}
	p.indent--
}

func (p *clPrinter) fn(f *Func, kernel bool) {
	p.cur = f
	var params []string
	for _, v := range f.Params {
		if v.Kind == VRef {
			params = append(params, p.space[v].qual()+" "+p.typeName(v.T)+" *"+v.Name)
		} else {
			params = append(params, p.ptrType(v.T, p.space[v])+v.Name)
		}
	}
	ret := p.ptrType(f.Ret, p.ret[f])
	if f.RetRef {
		ret = p.ret[f].qual() + " " + p.typeName(f.Ret) + " *"
	}
	name := p.fnName(f)
	if kernel {
		ret, name = "__kernel void ", f.Name
		// variables of namespace scope are buffers passed by the host
		// (OpenCL 1.2 has only __constant ones)
		for _, v := range p.prog.Globals {
			params = append(params, "__global "+p.typeName(v.T)+" *"+v.Name)
		}
		// extern __shared__ arrays are OpenCL's __local pointer
		// arguments, of a size the host sets
		for _, s := range f.Body.Stmts {
			if d, ok := s.(*Decl); ok && d.V.Kind == VDyn {
				params = append(params, "__local "+p.typeName(d.V.T)+" *"+d.V.Name)
			}
		}
	}
	p.line("%s%s(%s) {", ret, name, strings.Join(params, ", "))
	// __local variables first: OpenCL wants them at the kernel's
	// outermost scope, where CUDA's may follow other statements
	p.indent++
	var rest []Stmt
	for _, s := range f.Body.Stmts {
		if d, ok := s.(*Decl); ok && d.V.Kind == VShared {
			p.stmt(s)
		} else if !ok || d.V.Kind != VDyn {
			rest = append(rest, s)
		}
	}
	p.indent--
	p.body(&Block{Stmts: rest})
	p.line("}")
}

func (p *clPrinter) print() {
	printed := map[string]bool{}
	for _, s := range p.prog.Structs {
		name := p.structName(s)
		if printed[name] {
			continue
		}
		printed[name] = true
		p.line("typedef struct %s {", name)
		for _, f := range s.Fields {
			if f.Arr {
				p.line("  %s %s[%d];", p.typeName(f.T), f.Name, f.Len)
			} else {
				p.line("  %s %s;", p.typeName(f.T), f.Name)
			}
		}
		p.line("} %s;", name)
		p.line("")
	}
	for _, f := range p.prog.Funcs {
		p.fn(f, false)
		p.line("")
	}
	p.fn(p.prog.Kernel, true)
}

// OpenCLBatch is one OpenCL file of cases (their OpenCL texts, which
// name their structs and functions after the case): what drfcheck reads
// for a batch. Cases that do not print are left out; the names of those
// printed are returned in order.
func OpenCLBatch(cases []*Case) (src string, names []string) {
	var b strings.Builder
	for _, c := range cases {
		s, ok := c.OpenCL()
		if !ok {
			continue
		}
		names = append(names, c.Name)
		fmt.Fprintf(&b, "// %s\n%s\n", c.Name, s)
	}
	return b.String(), names
}

// OpenCLReasons counts, over cases, why each was not printed as OpenCL
// ("" for those printed), for a log.
func OpenCLReasons(cases []*Case) string {
	count := map[string]int{}
	for _, c := range cases {
		_, why := c.OpenCLWhy()
		count[why]++
	}
	var keys []string
	for k := range count {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return count[keys[i]] > count[keys[j]] })
	var parts []string
	for _, k := range keys {
		name := k
		if name == "" {
			name = "printed"
		}
		parts = append(parts, fmt.Sprintf("%s: %d", name, count[k]))
	}
	return strings.Join(parts, "; ")
}

// OpenCLFences returns a variant of a case that prints as OpenCL: the
// same kernel, named Name + "f", whose block barriers fence only __local
// memory (barrier(CLK_LOCAL_MEM_FENCE)), only __global memory
// (barrier(CLK_GLOBAL_MEM_FENCE)) or both. Its Expect is the
// interpreter's, which honours the fences: a barrier orders only the
// memory it fences. For a race-free case, the variant is one barrier
// given one fence where that makes the interpreter see a race, when one
// does (a race drfcheck must see through the fences); otherwise, and for
// the other cases, the fences are chosen by a hash of the name, at least
// one weaker than CUDA's __syncthreads(). ok is false for a case that
// does not print as OpenCL, has no barrier, or has election cells (whose
// values the interpreter takes from the writes that happen before a
// read: genelect.go). The CUDA text (Source) of the variant is the
// case's, full barriers: only the OpenCL text and the verdict tell them
// apart.
func (c *Case) OpenCLFences() (*Case, bool) {
	if _, ok := c.OpenCL(); !ok {
		return nil, false
	}
	// the barriers of a clone, in the order walkProgram meets them
	syncs := func(p *Program) (out []*Sync, elect bool) {
		walkProgram(p, func(s Stmt) {
			switch s := s.(type) {
			case *Sync:
				if s.Op == "__syncthreads" {
					out = append(out, s)
				}
			case *Decl:
				elect = elect || s.V.Elect
			}
		}, nil)
		for _, v := range p.Kernel.Params {
			elect = elect || v.Elect
		}
		return out, elect
	}
	bars, elect := syncs(c.prog)
	if len(bars) == 0 || elect {
		return nil, false
	}
	variant := func(fences []int) *Case {
		p := clone(c.prog)
		ss, _ := syncs(p)
		for i, s := range ss {
			s.Fence = fences[i]
		}
		v, err := finalize(p)
		if err != nil {
			return nil
		}
		return v
	}
	h := hashName(c.Name + "/fences")
	var v *Case
	if c.Expect == DRF {
		for k := range 2 * len(bars) {
			j := (k + int(h%uint32(2*len(bars)))) % (2 * len(bars))
			fences := make([]int, len(bars))
			fences[j/2] = fenceLocal + j%2
			if w := variant(fences); w != nil && w.Expect == Racy {
				v = w
				break
			}
		}
	}
	if v == nil {
		fences := make([]int, len(bars))
		weak := false
		for i := range fences {
			fences[i] = int(h>>(2*(i%16))) % 3
			weak = weak || fences[i] != fenceBoth
		}
		if !weak {
			fences[int(h)%len(bars)] = fenceLocal + int(h>>8)%2
		}
		v = variant(fences)
	}
	if v == nil {
		return nil, false
	}
	v.Rename(c.Name + "f")
	if _, ok := v.OpenCL(); !ok {
		return nil, false
	}
	return v, true
}

// OpenCLParams are the parameters of the OpenCL kernel (Case.OpenCL) as
// the execution oracle's OpenCL shim takes them (exec.Case.OpenCL): the
// case's, with the OpenCL spellings of their types and values (structs
// named after the case), then one buffer for each variable of namespace
// scope (zeroed, as the variable is). ok is false when the kernel does
// not print as OpenCL, or has a __local pointer parameter (an extern
// __shared__ array), whose memory the shim does not give.
func (c *Case) OpenCLParams() (params []Param, ok bool) {
	if _, ok := c.OpenCL(); !ok {
		return nil, false
	}
	prog := c.prog
	p := &clPrinter{pre: c.Name + "_"}
	dyn := false
	walkProgram(prog, func(s Stmt) {
		if d, ok := s.(*Decl); ok && d.V.Kind == VDyn {
			dyn = true
		}
	}, nil)
	if dyn || len(c.Params) != len(prog.Kernel.Params) {
		return nil, false
	}
	for i, v := range prog.Kernel.Params {
		q := c.Params[i]
		switch v.T.K {
		case KPtr:
			q.Type = p.typeName(v.T.Elem) + " *"
		case KStruct:
			name := p.typeName(v.T)
			q.Value = name + strings.TrimPrefix(q.Value, v.T.String())
			q.Type = name
		}
		params = append(params, q)
	}
	for _, v := range prog.Globals {
		n := 1
		if len(v.Dims) == 1 {
			n = v.Dims[0]
		}
		params = append(params, Param{Name: v.Name, Type: p.typeName(v.T) + " *", Pointer: true, Len: n})
	}
	return params, true
}

package cudagen

import "fmt"

// This file holds the kernel AST the generator builds, prints, interprets
// and shrinks. It covers exactly the C++ the generator emits: scalars of a
// few types, pointers, references, structs of 32-bit fields (possibly with
// one array member), one- and two-dimensional arrays, and the statements of
// a CUDA kernel body. Every scalar occupies one 32-bit word. It also covers
// __builtin_memcpy and __builtin_memset over bytes, GNU statement
// expressions, lambdas held in locals, structs with default member
// initializers and whole-struct assignment.

// Kind is the kind of a type.
type Kind int

// The kinds of types.
const (
	KVoid Kind = iota
	KBool
	KUChar
	KShort
	KInt
	KUint
	KFloat
	KPtr
	KStruct
	// KChar is only the pointee of a byte pointer "(char *)p + k" (ByteAddr),
	// an argument of __builtin_memcpy and __builtin_memset.
	KChar
	// KFnPtr is a pointer to a __device__ function with the signature of
	// Fn: the type of a VFnPtr local and of a FnRef.
	KFnPtr
	// KLong (long long) and KULong (unsigned long long) are 64-bit types
	// that appear only as the targets of casts in index expressions and in
	// the arithmetic on their values (genwrap.go): no variable, parameter
	// or memory has them, so that every scalar in memory is still a 32-bit
	// word. A KULong value is held as its bit pattern in an int64.
	KLong
	KULong
	// The types of the CUDA headers (genheader.go): __half and
	// __nv_bfloat16 (2 bytes, held as their bits), __half2 (4 bytes, the
	// low half in the low bits); KAtomic is cuda::atomic<Elem, Scope>, the
	// pointee of a global array only; KAtomRef is cuda::atomic_ref<Elem,
	// Scope>, the type of a VAtomRef local only.
	KHalf
	KBF16
	KHalf2
	KAtomic
	KAtomRef
)

// Type is a C type.
type Type struct {
	K     Kind
	Elem  *Type   // KPtr: the pointee; KAtomic, KAtomRef: the value type
	S     *Struct // KStruct
	Fn    *Func   // KFnPtr: a function of the signature
	Scope string  // KAtomic, KAtomRef: "block", "device" or "system"
}

var (
	tVoid  = &Type{K: KVoid}
	tBool  = &Type{K: KBool}
	tUChar = &Type{K: KUChar}
	tShort = &Type{K: KShort}
	tInt   = &Type{K: KInt}
	tUint  = &Type{K: KUint}
	tFloat = &Type{K: KFloat}
	tLong  = &Type{K: KLong}
	tULong = &Type{K: KULong}
)

func ptrTo(t *Type) *Type { return &Type{K: KPtr, Elem: t} }

// sameType says whether two types are the same C type.
func sameType(a, b *Type) bool {
	if a == nil || b == nil {
		return a == b
	}
	if a.K != b.K {
		return false
	}
	switch a.K {
	case KPtr:
		return sameType(a.Elem, b.Elem)
	case KStruct:
		return a.S == b.S
	case KFnPtr:
		return sameSig(a.Fn, b.Fn)
	case KAtomic, KAtomRef:
		return a.Scope == b.Scope && sameType(a.Elem, b.Elem)
	}
	return true
}

// sameSig says whether two functions have one signature: a pointer to
// one may hold the other.
func sameSig(f, g *Func) bool {
	if !sameType(f.Ret, g.Ret) || f.RetRef != g.RetRef || len(f.Params) != len(g.Params) {
		return false
	}
	for i, p := range f.Params {
		if (p.Kind == VRef) != (g.Params[i].Kind == VRef) || !sameType(p.T, g.Params[i].T) {
			return false
		}
	}
	return true
}

// sigString spells a function type around mid: "int (*)(int, int)" for
// mid "(*)", "int (*fp)(int, int)" for "(*fp)".
func sigString(f *Func, mid string) string {
	s := f.Ret.String()
	if f.RetRef {
		s += " &"
	}
	s += " " + mid + "("
	for i, p := range f.Params {
		if i > 0 {
			s += ", "
		}
		s += p.T.String()
		if p.Kind == VRef {
			s += " &"
		}
	}
	return s + ")"
}

// integral: bool, unsigned char, short, int, unsigned, long long,
// unsigned long long.
func (t *Type) integral() bool { return t.K >= KBool && t.K <= KUint || t.wide() }

// wide: the 64-bit types long long and unsigned long long.
func (t *Type) wide() bool { return t.K == KLong || t.K == KULong }

// arith: integral or float.
func (t *Type) arith() bool { return t.integral() || t.K == KFloat }

// String is the C spelling of the type.
func (t *Type) String() string {
	switch t.K {
	case KVoid:
		return "void"
	case KBool:
		return "bool"
	case KUChar:
		return "unsigned char"
	case KShort:
		return "short"
	case KInt:
		return "int"
	case KUint:
		return "unsigned"
	case KFloat:
		return "float"
	case KPtr:
		return t.Elem.String() + " *"
	case KStruct:
		return t.S.spelling()
	case KChar:
		return "char"
	case KFnPtr:
		return sigString(t.Fn, "(*)")
	case KLong:
		return "long long"
	case KULong:
		return "unsigned long long"
	case KHalf, KBF16, KHalf2, KAtomic, KAtomRef:
		return headerTypeString(t)
	}
	return "?"
}

// words is the size of a value of the type in 32-bit words.
func (t *Type) words() int {
	if t.K == KStruct {
		return t.S.words()
	}
	return 1
}

// Struct is a struct type of the kernel's source: 32-bit scalar fields,
// possibly array members.
type Struct struct {
	Name   string
	Fields []*Field
	// Tmpl is set on an instance of a class template (gentmpl.go): the
	// struct is printed as the template, once for all its instances, and
	// spelled Name<TArg, N> where it is used. Its fields hold the
	// substituted types, so that the rest of the package sees an ordinary
	// struct.
	Tmpl *Template
	TArg *Type // the type argument, if Tmpl.T
	// Base is the struct's base class (genctor.go): the base's fields are
	// the first of Fields (the base subobject lies at offset 0), and the
	// struct's body declares only the others.
	Base *Struct
	// Ctors are the struct's user-provided constructors (genctor.go).
	Ctors []*Func
}

// Field is a field of a struct. Arr fields are arrays of Len elements (Len
// is fitted to the indices the kernel uses). Def fields have a default
// member initializer "int stride = DefVal;" (only in structs that are never
// __shared__ or kernel parameters). An Arr field of pointers (int *c[3]) is
// only in a struct of a kernel parameter, whose Bufs its elements point to.
type Field struct {
	Name   string
	T      *Type
	Arr    bool
	Len    int
	Def    bool
	DefVal int64
	// TP: in the template of an instance, the field's type (the pointee
	// of a pointer) is spelled as the type parameter. NP: its array bound
	// (Arr) or default value (Def) is spelled as the int parameter.
	TP, NP bool
}

func (s *Struct) words() int {
	n := 0
	for _, f := range s.Fields {
		n += f.words()
	}
	return n
}

// fixedSize says whether the struct's size is known while the kernel runs:
// no array member (whose length is fitted afterwards).
func (s *Struct) fixedSize() bool {
	for _, f := range s.Fields {
		if f.Arr {
			return false
		}
	}
	return true
}

// wordType is the scalar type of word w of a value of type t (a scalar, or
// a struct without array members).
func wordType(t *Type, w int) *Type {
	if t.K != KStruct {
		return t
	}
	for _, f := range t.S.Fields {
		if w < f.words() {
			return wordType(f.T, w)
		}
		w -= f.words()
	}
	return nil
}

func (f *Field) words() int {
	if f.Arr {
		return f.Len
	}
	return f.T.words() // a struct member (genctor.go) is its words
}

// offset is the word offset of a field in its struct.
func (s *Struct) offset(f *Field) int {
	n := 0
	for _, g := range s.Fields {
		if g == f {
			return n
		}
		n += g.words()
	}
	panic("field not in struct")
}

// VarKind says what a variable is.
type VarKind int

// The kinds of variables.
const (
	// VLocal is a per-thread scalar, pointer or struct variable: locals,
	// value parameters of device functions, kernel parameters.
	VLocal VarKind = iota
	// VRef is a reference (a local or a device function parameter).
	VRef
	// VLocalArr is a per-thread array "T name[N] = {};".
	VLocalArr
	// VShared is a __shared__ scalar (Dims nil) or array (one or two
	// dimensions).
	VShared
	// VDyn is "extern __shared__ int name[];".
	VDyn
	// VLambda is a local holding a lambda: "auto f = [=](int i) { ... };"
	// (its Decl's Init is the *Lambda); it is only called (LambdaCall).
	VLambda
	// VFnPtr is a local pointer to a __device__ function (T of kind
	// KFnPtr): "int (*fp)(int, int) = c ? f1 : &f2;". Its Decl's Init and
	// the right sides of its assignments ("fp = f2;") are FnRefs or ?: of
	// them; it is only called (a Call with Via).
	VFnPtr
	// VGlobal is a variable of namespace scope (Program.Globals), one
	// object for the whole grid: a scalar (Dims nil) or a one-dimensional
	// array, "__device__ int v;" or, when Host, "int v;" (a host variable,
	// which clang and drfcheck take as the device's).
	VGlobal
	// VAtomRef is a local cuda::atomic_ref (T of kind KAtomRef) bound to
	// the lvalue of its Decl's Init: "cuda::atomic_ref<int,
	// cuda::thread_scope_block> r(a[i]);"; it is only used by AtomOps.
	VAtomRef
)

// Var is a variable. Kernel pointer parameters are VLocal variables of
// pointer type with Param set: each points to one global array of Len
// elements.
type Var struct {
	Name string
	Kind VarKind
	// T is the type of the variable; for arrays the element type; for
	// references the referenced type.
	T    *Type
	Dims []int // VShared, VLocalArr: the (fitted) sizes

	// Kernel parameters.
	Param bool
	Len   int     // pointer parameter: number of elements (fitted)
	Input bool    // pointer parameter: read-only input, contents Init
	InitA int64   // input contents: element j is (InitA*j + InitB) % InitM
	InitB int64   //
	InitM int64   //
	Vals  []int64 // scalar parameter: its value, or its fields' values (struct)
	// MinLen is the fewest elements a pointer parameter or a
	// one-dimensional shared array gets: more than
	// the interpreter's run touches when another schedule may reach
	// further (the slots of a counter that also goes down, gencounter.go).
	MinLen int
	// Counter marks a pointer parameter whose cells are atomic counters
	// (gencounter.go): zeroed by the harness, updated by atomicAdd and
	// atomicSub (and reset by plain stores in racy kernels), and the
	// interpreter tracks their values and returns them from the atomics
	// instead of tagging them schedule-dependent.
	Counter bool
	// Elect marks a __shared__ variable or a pointer parameter whose cells
	// are election cells (genelect.go): written by a few threads, read by
	// every thread after a barrier, and the interpreter returns the value
	// the writes that happen before a read leave there instead of tagging
	// it schedule-dependent.
	Elect bool
	// Net marks the __shared__ array of a sorting network (genpow2.go). It
	// is an election variable too (Elect) when a compare-exchange swaps
	// under a comparison of the values read: the interpreter then answers
	// its reads with the values the writes that happen before them leave.
	Net bool
	// Back marks the cells of a read back (genreadback.go): election
	// cells each thread stores to and reads again.
	Back bool
	// Free marks a scalar kernel parameter that drfcheck is not given the
	// value of (no -p): it checks every value (genwrap.go).
	Free bool
	// Host marks a VGlobal declared without __device__.
	Host bool
	// Slots marks the slots array of an atomic counter (gencounter.go):
	// which cell a thread writes depends on the schedule, so its cells may
	// not be another array's (genhost.go aliases none of them).
	Slots bool
	// Bytes marks a buffer of the layout family (genlayout.go), which the
	// interpreter runs byte by byte from the start of its object: a host
	// program never points it into another's buffer.
	Bytes bool
	// Bufs are the buffers of a struct parameter whose struct carries an
	// array of pointers (genptrarr.go): element k points to Bufs[k], a
	// pointer "parameter" of its own (Len, Input, Init*), not in the
	// kernel's signature.
	Bufs []*Var
}

func (v *Var) isArray() bool {
	return v.Kind == VLocalArr || v.Kind == VDyn || (v.Kind == VShared || v.Kind == VGlobal) && len(v.Dims) > 0
}

func (v *Var) initAt(j int64) int64 {
	m := v.InitM
	if m <= 0 {
		m = 1
	}
	x := (v.InitA*j + v.InitB) % m
	if x < 0 {
		x += m
	}
	return x
}

// Expr is an expression.
type Expr interface{ isExpr() }

// Lit is a literal: I for integral types, F for float. Hex unsigned
// literals print in hexadecimal (warp masks: 0xffffffffu).
type Lit struct {
	T   *Type
	I   int64
	F   float32
	Hex bool
}

// Builtin is threadIdx, blockIdx, blockDim or gridDim, dimension Dim, or
// warpSize (an int, Dim 0), or otherTid: in a binary barrier invariant,
// the other thread's tid (genbarinv.go), printed __other_int(tid).
type Builtin struct {
	Name string
	Dim  int
}

// VarRef names a variable.
type VarRef struct{ V *Var }

// Index is X[I] for a pointer (or one-dimensional array) X.
type Index struct{ X, I Expr }

// Index2 is V[I][J] for a two-dimensional shared array.
type Index2 struct {
	V    *Var
	I, J Expr
}

// Row is V[I] for a two-dimensional shared array V: a pointer to row I.
type Row struct {
	V *Var
	I Expr
}

// Member is X.F.
type Member struct {
	X Expr
	F *Field
}

// Deref is *X.
type Deref struct{ X Expr }

// AddrOf is &X.
type AddrOf struct{ X Expr }

// Unary is -X, ~X or !X.
type Unary struct {
	Op string
	X  Expr
}

// Binary is X Op Y: arithmetic, bitwise, shifts, comparisons, && and ||,
// and pointer plus or minus an integer.
type Binary struct {
	Op   string
	X, Y Expr
}

// Cond is C ? X : Y (an lvalue when X and Y are lvalues of one type).
type Cond struct{ C, X, Y Expr }

// Cast is (T)X.
type Cast struct {
	T *Type
	X Expr
}

// VecLane is reinterpret_cast<int4*>(X)[I].lane (float4 when X points to
// float): an lvalue.
type VecLane struct {
	X, I Expr
	Lane int
}

// Call calls a device function: F, or when Via is set the function the
// VFnPtr local Via holds (F is then one of the functions it may hold, of
// its signature), spelled "fp(...)" or, when Star, "(*fp)(...)".
type Call struct {
	F    *Func
	Args []Expr
	Via  *Var
	Star bool
	// Brace: a constructor's arguments in a declaration, "S s{a, b}"
	// rather than "S s(a, b)" (genctor.go).
	Brace bool
}

// FnRef is the address of a device function: "f", or "&f" when Amp.
type FnRef struct {
	F   *Func
	Amp bool
}

// MinMax is min(X, Y) or max(X, Y).
type MinMax struct {
	Max  bool
	X, Y Expr
}

// Atomic is atomicOp(P, V) (atomicCAS(P, V, W)); it returns the old value.
// Scope "block" or "system" is atomicOp_block or atomicOp_system
// (genheader.go); "" is the device's scope.
type Atomic struct {
	Op      string // Add, Sub, Exch, Min, Max, And, Or, Xor, Inc, Dec, CAS
	P, V, W Expr
	Scope   string
}

// SyncPred is __syncthreads_count/_and/_or(X): a barrier with a value.
type SyncPred struct {
	Op string // count, and, or
	X  Expr
}

// ByteAddr is the byte pointer (char *)X + Off (Off nil: (char *)X) for
// a pointer X; it is only an argument of a MemOp.
type ByteAddr struct{ X, Off Expr }

// MemOp is __builtin_memcpy(Dst, Src, N) or, when Set,
// __builtin_memset(Dst, Src, N) with Src the byte value; Dst and Src (of
// memcpy) are pointers or ByteAddrs. It stands alone in an ExprStmt.
// When Ghost, it is GPUVerify's __array_snapshot(Dst, Src) (genbarinv.go):
// Dst, a local array of the thread, becomes what the thread would read at
// each element of Src, an array of election cells of as many elements,
// without accessing it; N is 0.
type MemOp struct {
	Set, Ghost  bool
	Dst, Src, N Expr
}

// StmtExpr is the GNU statement expression ({ Stmts; X; }): its
// statements are declarations, assignments and increments of its own
// locals; its value is X's.
type StmtExpr struct {
	Stmts []Stmt
	X     Expr
}

// Lambda is [=](Params) { return Body; } ([&] when ByRef): the
// initializer of a VLambda local. Body reads only its parameters, locals
// it captures and launch builtins.
type Lambda struct {
	ByRef  bool
	Params []*Var
	Body   Expr
}

// LambdaCall calls the lambda held by the VLambda local F.
type LambdaCall struct {
	F    *Var
	Args []Expr
}

func (*Lit) isExpr()        {}
func (*Builtin) isExpr()    {}
func (*VarRef) isExpr()     {}
func (*Index) isExpr()      {}
func (*Index2) isExpr()     {}
func (*Row) isExpr()        {}
func (*Member) isExpr()     {}
func (*Deref) isExpr()      {}
func (*AddrOf) isExpr()     {}
func (*Unary) isExpr()      {}
func (*Binary) isExpr()     {}
func (*Cond) isExpr()       {}
func (*Cast) isExpr()       {}
func (*VecLane) isExpr()    {}
func (*Call) isExpr()       {}
func (*FnRef) isExpr()      {}
func (*MinMax) isExpr()     {}
func (*Atomic) isExpr()     {}
func (*SyncPred) isExpr()   {}
func (*ByteAddr) isExpr()   {}
func (*MemOp) isExpr()      {}
func (*StmtExpr) isExpr()   {}
func (*Lambda) isExpr()     {}
func (*LambdaCall) isExpr() {}

// Stmt is a statement.
type Stmt interface{ isStmt() }

// Decl declares V: "T v = Init;", "T &v = Init;", "T v[N] = {};" (Init
// nil), "__shared__ T v[N];", "extern __shared__ int v[];", "S v;" (a
// struct local, Init nil: default-initialized) or "S v = w;", "auto f =
// [=](int i) { ... };".
type Decl struct {
	V    *Var
	Init Expr
}

// Assign is L Op R with Op "=", "+=", "-=", ...
type Assign struct {
	L  Expr
	Op string
	R  Expr
}

// IncDec is L++ or L--.
type IncDec struct {
	L  Expr
	Op string
}

// ExprStmt evaluates X for its effects (calls, atomics, barriers).
type ExprStmt struct{ X Expr }

// If is if (C) Then else Else (Else may be nil).
type If struct {
	C          Expr
	Then, Else *Block
}

// For is for (Init; C; Post) Body; Init and Post may be nil.
type For struct {
	Init Stmt
	C    Expr
	Post Stmt
	Body *Block
}

// While is while (C) Body.
type While struct {
	C    Expr
	Body *Block
}

// DoWhile is do Body while (C);.
type DoWhile struct {
	Body *Block
	C    Expr
}

// Switch is switch (X) { cases }.
type Switch struct {
	X     Expr
	Cases []*SwitchCase
}

// SwitchCase is one case of a switch: "case v: ..." for each of Vals, or
// "default:"; its body falls through unless it ends with a break.
type SwitchCase struct {
	Vals    []int64
	Default bool
	Body    []Stmt
}

// Break is break;.
type Break struct{}

// Continue is continue;.
type Continue struct{}

// Return is return X; (X nil in void functions).
type Return struct{ X Expr }

// Sync is __syncthreads(); or __syncwarp(); (__syncwarp(Mask); when Mask
// is not 0: only the full mask is a warp barrier), or, with Op gridSync,
// cooperative_groups::this_grid().sync();, a barrier of every thread of the
// grid.
type Sync struct {
	Op   string
	Mask uint32
	// Fence is the memory a __syncthreads() orders in an OpenCL variant
	// (print_opencl.go): fenceBoth (CUDA's, the zero value), fenceLocal or
	// fenceGlobal. The CUDA printer ignores it.
	Fence int
	// Invs are the barrier invariants written before a __syncthreads()
	// (genbarinv.go).
	Invs []*BarInv
}

// BarInv is __barrier_invariant(C, Insts...): C holds for every thread at
// the barrier it precedes (the oracle checks it there, the interpreter
// too); the instantiations only tell drfcheck which threads to assume it
// for after the barrier. A binary one (__barrier_invariant_binary) holds
// for every pair of distinct threads; its C names the other's tid with
// the built-in otherTid, and its instantiations are pairs.
type BarInv struct {
	C      Expr
	Insts  []Expr
	Binary bool
}

// otherTid is the built-in of a binary barrier invariant's other thread.
const otherTid = "otherTid"

// Block is { Stmts }.
type Block struct{ Stmts []Stmt }

func (*Decl) isStmt()     {}
func (*Assign) isStmt()   {}
func (*IncDec) isStmt()   {}
func (*ExprStmt) isStmt() {}
func (*If) isStmt()       {}
func (*For) isStmt()      {}
func (*While) isStmt()    {}
func (*DoWhile) isStmt()  {}
func (*Switch) isStmt()   {}
func (*Break) isStmt()    {}
func (*Continue) isStmt() {}
func (*Return) isStmt()   {}
func (*Sync) isStmt()     {}
func (*Block) isStmt()    {}

// Func is a __device__ function or the __global__ kernel, or a
// constructor (genctor.go).
type Func struct {
	Name   string
	Ret    *Type
	RetRef bool
	Params []*Var
	Body   *Block
	// Self is set on a constructor of Self.T's struct, printed in the
	// struct's body: "this", a reference to the object under
	// construction, whose fields print as this->f. Copy marks the copy
	// constructor S(const S &o) (Params[0] a VRef of the struct). Inits
	// are the member initializer list as written, each this->f = X; they
	// run in the order of the fields whatever the order written.
	Self  *Var
	Copy  bool
	Inits []*Assign
}

// Program is a generated kernel with its launch.
type Program struct {
	Structs []*Struct
	Layouts []*LType // the types of the layout family (genlayout.go)
	Globals []*Var   // variables of namespace scope (VGlobal)
	Funcs   []*Func  // device functions, callees before callers
	Kernel  *Func
	Block   [3]int
	Grid    [3]int
	// Warp is the warp size: threads of consecutive linear index, Warp of
	// them, make a warp (0 means 32).
	Warp int
	// Host is the host program that launches the kernel, nil for none
	// (genhost.go).
	Host *Host
}

func (p *Program) threads() int { return p.Block[0] * p.Block[1] * p.Block[2] }

// warp is the warp size.
func (p *Program) warp() int {
	if p.Warp == 0 {
		return 32
	}
	return p.Warp
}

// gridSync is the Op of a grid barrier.
const gridSync = "grid.sync"

// warpBarrier says whether s is a warp barrier: __syncwarp with the full
// mask (any other mask orders nothing, in the oracle as in drfcheck).
func warpBarrier(s *Sync) bool {
	return s.Op == "__syncwarp" && (s.Mask == 0 || s.Mask == 0xffffffff)
}
func (p *Program) blocks() int { return p.Grid[0] * p.Grid[1] * p.Grid[2] }

// Convenience constructors.

func intLit(v int64) *Lit     { return &Lit{T: tInt, I: v} }
func uintLit(v int64) *Lit    { return &Lit{T: tUint, I: v} }
func floatLit(f float32) *Lit { return &Lit{T: tFloat, F: f} }
func ref(v *Var) *VarRef      { return &VarRef{V: v} }
func bin(op string, x, y Expr) *Binary {
	return &Binary{Op: op, X: x, Y: y}
}
func tidx(d int) *Builtin { return &Builtin{Name: "threadIdx", Dim: d} }
func bidx(d int) *Builtin { return &Builtin{Name: "blockIdx", Dim: d} }
func bdim(d int) *Builtin { return &Builtin{Name: "blockDim", Dim: d} }
func gdim(d int) *Builtin { return &Builtin{Name: "gridDim", Dim: d} }
func block(s ...Stmt) *Block {
	return &Block{Stmts: s}
}

func litOf(t *Type, v int64) *Lit {
	switch t.K {
	case KUint:
		return uintLit(v)
	case KFloat:
		return floatLit(float32(v))
	}
	return intLit(v)
}

func (l *Lit) String() string { return fmt.Sprint(l.I) }

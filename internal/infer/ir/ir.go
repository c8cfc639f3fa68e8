// Package ir is drfcheck's kernel IR: a small, typed, positioned imperative
// language in which a CUDA kernel is written after C and C++ have been
// desugared. It is the first stage of the protocol inference of
// Cogumbreiro, Lange, Liew and Zicarelli, "Checking Data-Race Freedom of
// GPU Kernels, Compositionally" (CAV 2021, Section 5, "Inference": parse with clang,
// put the kernel in a simpler form, then analyse values, normalize loops and
// slice down to the accesses), and it plays the part of the desugared C
// layer of Faial: the later stages (value analysis, loop normalization,
// protocols) read this IR and never clang's tree.
//
// One Func holds one __global__ function with every call to a device
// function of the file inlined. In it:
//
//   - expressions are pure: every memory access is a statement (Load,
//     Store, Atomic) in program order, under explicit control flow, so that
//     a later pass sees each access with the conditions that guard it;
//   - memory is named by bases (Base: the memory a pointer parameter points
//     to, a __shared__, __device__ or __constant__ variable, a local array)
//     and an address is a base plus a byte offset (Addr). Byte offsets are
//     the one form that covers every C address (struct fields, pointer
//     casts such as reinterpret_cast<float4*>, arrays of structs); the base
//     keeps its declared shape (Base.Dims, Base.Elem) so that a later pass
//     can recover one index per dimension (Addr.Index);
//   - C variables are Vars assigned with Assign. A struct variable is split
//     into one Var per scalar field (s.a, s.b); a pointer variable becomes an
//     integer Var holding its byte offset (p.off) and, when it may point to
//     several objects, a selector Var (p.sel) saying which; a pointer that
//     is never modified is substituted where it is used. A pointer to a
//     local scalar designates the Var itself, so that *p = v is an Assign;
//   - integer conversions are explicit (Convert, with width and
//     signedness), pointer casts only change the type an access reads or
//     writes, and floating-point values are kept, typed float;
//   - control flow is structured: If, Loop (with init, condition, post and
//     body apart, so that loop shapes can be recognized), Break, Continue,
//     Return, and labelled Regions left by Exit, which is what a switch and
//     an inlined function's returns become;
//   - CUDA built-ins are nodes of their own (Builtin, Barrier, Fence,
//     Atomic, Assume, min and max);
//   - whatever the lowering does not support is an Unknown statement or an
//     Opaque expression with its reason and position: nothing is dropped.
//
// Every node carries a position in the user's file; code inlined from a
// header is placed at the call in the main file.
package ir

import (
	"github.com/drfcheck/drfcheck/protocol"
)

// Node is any node of the IR.
type Node interface {
	Pos() protocol.Pos
}

// Expr is a pure expression: it reads Vars and built-ins, never memory.
type Expr interface {
	Node
	Type() Type
	expr()
}

// Stmt is a statement.
type Stmt interface {
	Node
	stmt()
}

// Func is one kernel after inlining.
type Func struct {
	At     protocol.Pos
	Name   string
	Params []*Var  // the kernel's scalar parameters, struct parameters split by field
	Bases  []*Base // the memory the kernel accesses, in order of first appearance
	Vars   []*Var  // every other variable: locals, temporaries, results, pointer offsets
	Body   *Block
	// Slots are the pointers the kernel's parameters carry that it
	// accesses memory through, with the base of that memory (see
	// Options.Aliases): what a report lists as assumed distinct.
	Slots []SlotBase
	// ParamVars are the scalars the parameters carry, by slot ("1",
	// "0.n"): the variable of each, so that a launch's value for a
	// struct's field reaches it.
	ParamVars []SlotVar
	// Notes are what the lowering took for granted that the file does not
	// show: a function declared without a body taken as the library's
	// function of that name.
	Notes []Note
}

// Note is an assumption of the lowering, at the code that needed it.
type Note struct {
	At      protocol.Pos
	Message string
}

// SlotVar is a scalar a parameter carries and its variable.
type SlotVar struct {
	Slot string
	Var  string
}

// SlotBase is a pointer a parameter carries ("1", "0.x", "0.c[2]") and
// the base of the memory it points into.
type SlotBase struct {
	Slot string
	Base string
	// Read and Written say whether the kernel reads or writes (atomics
	// count as writes) the memory of the base anywhere
	Read, Written bool
}

// VarKind says where a variable comes from.
type VarKind int

const (
	Local  VarKind = iota // a C local variable, or a field of one
	Param                 // a kernel parameter, or a field of one: uniform input
	Temp                  // a temporary made by the lowering (a loaded value, a result)
	PtrOff                // the byte offset of a pointer variable
	PtrSel                // which object a pointer variable points to, by index into Targets
)

// Var is a scalar variable. Names are unique in a Func.
type Var struct {
	At   protocol.Pos
	Name string
	// CName is the name the variable was made from (the C name of a
	// variable that shadows another: i for i_1), for witnesses.
	CName string
	T     Type
	Kind  VarKind
	// Targets names what a PtrSel selects between, by index: base names,
	// variable names, "null" or "?" for an unknown pointer.
	Targets []string
}

// BaseKind says what memory a base is.
type BaseKind int

const (
	Global   BaseKind = iota // global memory a pointer parameter of the kernel points to
	Shared                   // a __shared__ variable (extern ones are all one dynamic array)
	Device                   // a __device__ variable
	Constant                 // a __constant__ variable
	Private                  // a local array of one thread, or a local of static storage
)

var baseKinds = [...]string{Global: "global", Shared: "shared", Device: "device", Constant: "constant", Private: "private"}

func (k BaseKind) String() string { return baseKinds[k] }

// Base is a named region of memory.
type Base struct {
	At   protocol.Pos
	Name string
	Kind BaseKind
	Elem Type    // the scalar type of its elements (the first field's for structs)
	Size int64   // element size in bytes (of a struct element, the struct's size), 0 if unknown
	Dims []int64 // declared dimensions, outermost first; 0 for unknown (a pointer parameter)
}

// Addr is an address: Off bytes from the start of Base. Off is an integer
// expression evaluated with mathematical integers (its operands are
// extended to 64 bits as C does for pointer arithmetic).
type Addr struct {
	Base *Base
	Off  Expr
}

// ---- expressions ----

// Const is an integer, boolean or floating-point literal.
type Const struct {
	At    protocol.Pos
	T     Type
	Int   int64
	Float string // the spelling of a floating-point literal
}

// Ref reads a variable.
type Ref struct {
	At  protocol.Pos
	Var *Var
}

// BuiltinKind names a built-in variable of CUDA.
type BuiltinKind int

const (
	ThreadIdx BuiltinKind = iota
	BlockIdx
	BlockDim
	GridDim
	WarpSize
)

var builtinNames = [...]string{"threadIdx", "blockIdx", "blockDim", "gridDim", "warpSize"}

func (k BuiltinKind) String() string { return builtinNames[k] }

// Builtin reads a dimension of threadIdx, blockIdx, blockDim or gridDim
// (Dim 0, 1, 2 for x, y, z), or warpSize.
type Builtin struct {
	At   protocol.Pos
	Kind BuiltinKind
	Dim  int
}

// Unary is -x, ~x or !x.
type Unary struct {
	At protocol.Pos
	Op string
	X  Expr
	T  Type
}

// Binary is x op y: arithmetic (+ - * / % << >> & | ^), comparisons
// (== != < <= > >=, typed bool), logic (&& ||: both operands are pure, so
// evaluating both is harmless) and "min", "max". The operands of C's
// operators have one type (clang's implicit casts); an operand narrower
// than T, as in the offsets of addresses (4 * i of an int i, typed i64),
// is widened as C widens an array subscript: an unsigned one is its value
// modulo 2^width.
type Binary struct {
	At   protocol.Pos
	Op   string
	X, Y Expr
	T    Type
}

// Select is c ? x : y of pure operands.
type Select struct {
	At         protocol.Pos
	Cond, X, Y Expr
	T          Type
}

// Convert converts x to an integer, boolean or floating-point type: C's
// conversions made explicit (narrowing wraps, widening extends by the
// source's signedness).
type Convert struct {
	At protocol.Pos
	To Type
	X  Expr
}

// Call applies a pure function the IR does not interpret (__popc, sqrtf,
// __float_as_int): equal arguments give equal results.
type Call struct {
	At   protocol.Pos
	Func string
	Args []Expr
	T    Type
}

// Opaque is a value the lowering cannot compute: any value of its type,
// possibly different between threads. Reason says why.
type Opaque struct {
	At     protocol.Pos
	Reason string
	T      Type
}

// Other is GPUVerify's __other_int(X) in a binary barrier invariant: X's
// value in the other thread of the pair.
type Other struct {
	At protocol.Pos
	X  Expr
	T  Type
}

// ---- statements ----

// Block is a sequence of statements.
type Block struct {
	At    protocol.Pos
	Stmts []Stmt
}

// Assign sets a variable.
type Assign struct {
	At  protocol.Pos
	Dst *Var
	X   Expr
}

// Load reads T at Addr into Dst.
type Load struct {
	At     protocol.Pos
	Dst    *Var
	Addr   Addr
	T      Type
	Source string // how the accessed object reads in the source, for reports
}

// Store writes X, of type T, at Addr.
type Store struct {
	At     protocol.Pos
	Addr   Addr
	T      Type
	X      Expr
	Source string // how the accessed object reads in the source, for reports
}

// Atomic is an atomic read-modify-write of T at Addr (atomicAdd is Op
// "add", atomicCAS "cas" with Args compare, value). Dst receives the old
// value; it is nil when the result is not used.
type Atomic struct {
	At     protocol.Pos
	Dst    *Var
	Op     string
	Addr   Addr
	T      Type
	Args   []Expr
	Source string // the call, for reports
}

// If runs Then when Cond holds, Else (possibly empty) otherwise.
type If struct {
	At   protocol.Pos
	Cond Expr
	Then *Block
	Else *Block
}

// LoopKind is the C statement a Loop comes from.
type LoopKind int

const (
	For LoopKind = iota
	While
	DoWhile
)

// Loop is a C loop: Init runs once; then, for a For or While, Test runs
// and the loop ends unless Cond holds, Body runs, Post runs, and again. A
// DoWhile runs Body before the first test. Continue in Body goes to Post.
// Test holds the statements that compute Cond (the loads of a condition
// such as a[i] != 0), empty for most loops; Cond is nil for a loop
// without a condition.
type Loop struct {
	At   protocol.Pos
	Kind LoopKind
	Init *Block
	Test *Block
	Cond Expr
	Post *Block
	Body *Block
	// Bytes marks the loop of a memcpy, memmove or memset: its accesses
	// are the bytes of a copy, not the program's own view of the memory.
	Bytes bool
}

// Break leaves the innermost Loop.
type Break struct{ At protocol.Pos }

// Continue goes to the Post of the innermost Loop.
type Continue struct{ At protocol.Pos }

// Return ends the kernel for the thread.
type Return struct{ At protocol.Pos }

// Region is a labelled block: an inlined call (Name is the function) or a
// switch. Exit leaves it.
type Region struct {
	At   protocol.Pos
	Name string
	Call bool // an inlined call (else a switch)
	Body *Block
}

// Exit leaves the region To, which encloses it: a return in an inlined
// function, or a break in a switch.
type Exit struct {
	At protocol.Pos
	To *Region
}

// BarrierKind is the kind of a barrier.
type BarrierKind int

const (
	SyncThreads      BarrierKind = iota // __syncthreads()
	SyncThreadsCount                    // __syncthreads_count(p): also counts p over the block
	SyncThreadsAnd                      // __syncthreads_and(p)
	SyncThreadsOr                       // __syncthreads_or(p)
	SyncWarp                            // __syncwarp(mask): the threads of a warp only
	SyncGrid                            // a cooperative groups grid.sync(): every thread of the grid
)

var barrierNames = [...]string{"__syncthreads", "__syncthreads_count", "__syncthreads_and", "__syncthreads_or", "__syncwarp", "grid.sync"}

func (k BarrierKind) String() string { return barrierNames[k] }

// Barrier is a barrier. Arg is the predicate of the counting barriers or
// the mask of __syncwarp (nil when absent); Dst receives the result of a
// counting barrier (nil when unused).
type Barrier struct {
	At   protocol.Pos
	Kind BarrierKind
	// Fence is the memory the barrier orders: all of it for CUDA's, what
	// its flags name for OpenCL's barrier(flags)
	Fence protocol.Fence
	Arg   Expr
	Dst   *Var
	// Invariants are the barrier invariants written before it.
	Invariants []*Invariant
}

// Invariant is a barrier invariant, GPUVerify's __barrier_invariant(φ,
// e1, ..., en) (Chong, Donaldson, Kelly, Ketema and Qadeer, "Barrier
// Invariants: A Shared State Abstraction for the Analysis of
// Data-Dependent GPU Kernels", Section 3): φ must hold for every thread
// at the barrier it annotates, and holds after it for the threads whose
// threadIdx.x the instantiation expressions ei give. Check computes φ
// for the thread at the barrier (Cond); each instance computes ei and φ
// again, for a thread whose threadIdx.x is ei. Their loads read memory
// without accessing it (ghost loads).
type Invariant struct {
	At     protocol.Pos
	Source string
	// Binary marks __barrier_invariant_binary: φ speaks of a pair of
	// threads (Other), and each instance names two (Tid2).
	Binary bool
	Check  *Block
	Cond   Expr
	Insts  []*Instance
}

// Instance is one instantiation of a barrier invariant: Tid computes the
// thread (TidX), Body computes φ (Cond) with threadIdx.x read as TidX.
type Instance struct {
	At   protocol.Pos
	Tid  *Block
	TidX Expr
	Body *Block
	Cond Expr
	// Tid2 computes the second thread of a binary invariant's instance
	// (TidX2), nil for a unary one.
	Tid2  *Block
	TidX2 Expr
}

// Iteration marks the statements that follow, up to the next Iteration
// of the same variable, as one iteration of a source loop lowered as the
// sequence of its iterations (unroll.go): its counter Var holds Value (a
// read of it) there. End marks the end of the loop. Reports name the
// iteration of a race with it, as they do a loop variable's value.
type Iteration struct {
	At    protocol.Pos
	Var   string
	Value Expr
	End   bool
}

// Fence is a memory fence: it orders a thread's own accesses, and
// synchronizes no threads. Scope is "block", "device" or "system".
type Fence struct {
	At    protocol.Pos
	Scope string
}

// Snapshot is GPUVerify's __array_snapshot(dst, src): dst, a ghost array
// that no code writes, becomes a copy of src as the thread knows it, its
// own (each thread takes its snapshot when it reaches the call). The
// lowering makes dst private memory (ghostSnapshots).
type Snapshot struct {
	At       protocol.Pos
	Dst, Src Addr
}

// Assume restricts the runs to those where Cond holds: __assume, or
// __requires (Requires), a precondition of the kernel.
type Assume struct {
	At       protocol.Pos
	Cond     Expr
	Requires bool
	// Pre computes Cond when it is about pairs of threads (it names
	// __other_int, Other): its loads are ghosts, which access nothing.
	// Nil for an assumption about the thread alone, whose statements
	// precede it.
	Pre *Block
}

// Unknown is a statement the lowering does not support: a goto, a
// recursive call, an access through a pointer it cannot follow. A later
// stage must not call the kernel race-free past it.
type Unknown struct {
	At     protocol.Pos
	Reason string
}

func (e *Const) Pos() protocol.Pos   { return e.At }
func (e *Ref) Pos() protocol.Pos     { return e.At }
func (e *Builtin) Pos() protocol.Pos { return e.At }
func (e *Unary) Pos() protocol.Pos   { return e.At }
func (e *Binary) Pos() protocol.Pos  { return e.At }
func (e *Select) Pos() protocol.Pos  { return e.At }
func (e *Convert) Pos() protocol.Pos { return e.At }
func (e *Call) Pos() protocol.Pos    { return e.At }
func (e *Opaque) Pos() protocol.Pos  { return e.At }
func (e *Other) Pos() protocol.Pos   { return e.At }

func (e *Const) Type() Type   { return e.T }
func (e *Ref) Type() Type     { return e.Var.T }
func (e *Builtin) Type() Type { return U32 }
func (e *Unary) Type() Type   { return e.T }
func (e *Binary) Type() Type  { return e.T }
func (e *Select) Type() Type  { return e.T }
func (e *Convert) Type() Type { return e.To }
func (e *Call) Type() Type    { return e.T }
func (e *Opaque) Type() Type  { return e.T }
func (e *Other) Type() Type   { return e.T }

func (*Const) expr()   {}
func (*Ref) expr()     {}
func (*Builtin) expr() {}
func (*Unary) expr()   {}
func (*Binary) expr()  {}
func (*Select) expr()  {}
func (*Convert) expr() {}
func (*Call) expr()    {}
func (*Opaque) expr()  {}
func (*Other) expr()   {}

func (s *Block) Pos() protocol.Pos     { return s.At }
func (s *Assign) Pos() protocol.Pos    { return s.At }
func (s *Load) Pos() protocol.Pos      { return s.At }
func (s *Store) Pos() protocol.Pos     { return s.At }
func (s *Atomic) Pos() protocol.Pos    { return s.At }
func (s *If) Pos() protocol.Pos        { return s.At }
func (s *Loop) Pos() protocol.Pos      { return s.At }
func (s *Break) Pos() protocol.Pos     { return s.At }
func (s *Continue) Pos() protocol.Pos  { return s.At }
func (s *Return) Pos() protocol.Pos    { return s.At }
func (s *Region) Pos() protocol.Pos    { return s.At }
func (s *Exit) Pos() protocol.Pos      { return s.At }
func (s *Barrier) Pos() protocol.Pos   { return s.At }
func (s *Fence) Pos() protocol.Pos     { return s.At }
func (s *Snapshot) Pos() protocol.Pos  { return s.At }
func (s *Iteration) Pos() protocol.Pos { return s.At }
func (s *Assume) Pos() protocol.Pos    { return s.At }
func (s *Unknown) Pos() protocol.Pos   { return s.At }
func (f *Func) Pos() protocol.Pos      { return f.At }

func (*Block) stmt()     {}
func (*Assign) stmt()    {}
func (*Load) stmt()      {}
func (*Store) stmt()     {}
func (*Atomic) stmt()    {}
func (*If) stmt()        {}
func (*Loop) stmt()      {}
func (*Break) stmt()     {}
func (*Continue) stmt()  {}
func (*Return) stmt()    {}
func (*Region) stmt()    {}
func (*Exit) stmt()      {}
func (*Barrier) stmt()   {}
func (*Fence) stmt()     {}
func (*Snapshot) stmt()  {}
func (*Iteration) stmt() {}
func (*Assume) stmt()    {}
func (*Unknown) stmt()   {}

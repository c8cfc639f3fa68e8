// Package protocol defines access memory protocols, the behavioural types of
// Cogumbreiro, Lange, Liew and Zicarelli, "Checking Data-Race Freedom of GPU
// Kernels, Compositionally" (CAV 2021, Section 3 and Figure 2): what a group
// of GPU threads does to shared or global arrays, abstracting away the values
// read and written and keeping only where each access lands and how accesses
// are separated by barriers.
//
// The AST is the one representation every stage shares: the .prot parser
// (package protocol/parser) and the CUDA front end (package infer) produce it,
// the printer (protocol/printer) prints it back as .prot text, the reference
// semantics (protocol/eval) runs it, and well-formedness (protocol/wellformed),
// barrier aligning (align) and splitting (split) transform it. Every node
// carries the source position it came from so that a race can be reported at
// the user's lines.
//
// Extensions to the syntax of Fig. 2, all from Section 5 of the paper or from
// the CUDA programming model: conditionals (If), loops with a stride (Loop.Step),
// assumptions (Assume), atomic accesses, several array dimensions, three
// dimensional thread and block identifiers (Builtin), the conditional
// expression (Ite), and uninterpreted thread-uniform functions (Call).
package protocol

import (
	"fmt"
	"strings"
)

// Node is implemented by every AST node.
type Node interface {
	Pos() Pos
}

// ---- integer expressions ----

// Expr is an integer-valued expression. Integers are unbounded: there is no
// overflow or wrap-around in any stage.
type Expr interface {
	Node
	exprNode()
}

// IntLit is an integer literal.
type IntLit struct {
	At    Pos
	Value int64
}

// Var names a declared parameter or local, or a loop variable in scope.
type Var struct {
	At   Pos
	Name string
}

// BuiltinKind is one of CUDA's four built-in index variables.
type BuiltinKind int

const (
	ThreadIdx BuiltinKind = iota
	BlockIdx
	BlockDim
	GridDim
)

var builtinNames = [...]string{"threadIdx", "blockIdx", "blockDim", "gridDim"}

func (k BuiltinKind) String() string { return builtinNames[k] }

// Builtin is threadIdx, blockIdx, blockDim or gridDim in dimension Dim
// (0 for x, 1 for y, 2 for z). The .prot keyword tid is threadIdx.x.
type Builtin struct {
	At   Pos
	Kind BuiltinKind
	Dim  int
}

// Name returns the CUDA spelling, e.g. "threadIdx.x".
func (b *Builtin) Name() string { return BuiltinName(b.Kind, b.Dim) }

// BuiltinName returns the CUDA spelling of a built-in, e.g. "blockIdx.y".
func BuiltinName(k BuiltinKind, dim int) string {
	return k.String() + "." + string("xyz"[dim])
}

// Neg is arithmetic negation, -X.
type Neg struct {
	At Pos
	X  Expr
}

// BinOp is an integer operator.
type BinOp int

const (
	Add BinOp = iota
	Sub
	Mul
	Div // C division: truncates toward zero
	Mod // C remainder: has the sign of the dividend
	// The bitwise operators work on 64-bit two's complement, as Go's on
	// int64: a right shift by 63 or more gives 0 or -1, a left shift's
	// count must be in 0..62 and a left shift that does not fit is an
	// overflow, a negative count is an error. Unlike C, they bind tighter
	// than comparisons.
	BitAnd
	BitOr
	BitXor
	Shl
	Shr // arithmetic: rounds toward minus infinity
)

var binOpNames = [...]string{"+", "-", "*", "/", "%", "&", "|", "^", "<<", ">>"}

func (o BinOp) String() string { return binOpNames[o] }

// Binary is X Op Y.
type Binary struct {
	At   Pos
	Op   BinOp
	X, Y Expr
}

// Ite is the conditional expression Cond ? Then : Else.
type Ite struct {
	At   Pos
	Cond Cond
	Then Expr
	Else Expr
}

// Call applies an uninterpreted thread-uniform function: a value that all
// threads compute alike from the arguments but that the protocol does not
// model (for instance the i-th value of a loop variable doubled at each
// iteration). Equal arguments give equal results, for every thread. The
// function is declared with 'param'.
type Call struct {
	At   Pos
	Func string
	Args []Expr
}

// Other is X as the other thread of a pair evaluates it (GPUVerify's
// __other_int, Chong, Donaldson, Kelly, Ketema and Qadeer, "Barrier
// Invariants", Section 3.1: a name written v-bar is the second thread's
// v). Checking considers two threads at a time, and an assumption that
// relates them (a binary barrier invariant assumed for the pair itself)
// says so with Other: an assume whose condition has one holds for a
// pair, and mutes the accesses that follow it only for the pairs that
// falsify it. X is threadIdx or blockIdx in some dimension or a declared
// name (OtherOf brings any expression to that form), and Other occurs
// only in the condition of an assume. .prot spells it other(x).
type Other struct {
	At Pos
	X  Expr
}

// Content is the content of an array cell at a barrier: a[i] in the
// condition of a barrier invariant (.prot: sync invariant a[tid] == tid;).
type Content struct {
	At    Pos
	Array string
	Index []Expr
}

func (*IntLit) exprNode()  {}
func (*Var) exprNode()     {}
func (*Builtin) exprNode() {}
func (*Neg) exprNode()     {}
func (*Binary) exprNode()  {}
func (*Ite) exprNode()     {}
func (*Call) exprNode()    {}
func (*Other) exprNode()   {}
func (*Content) exprNode() {}

// ---- conditions ----

// Cond is a boolean-valued expression.
type Cond interface {
	Node
	condNode()
}

// BoolLit is true or false.
type BoolLit struct {
	At    Pos
	Value bool
}

// CmpOp is a comparison operator.
type CmpOp int

const (
	Eq CmpOp = iota
	Ne
	Lt
	Le
	Gt
	Ge
)

var cmpOpNames = [...]string{"==", "!=", "<", "<=", ">", ">="}

func (o CmpOp) String() string { return cmpOpNames[o] }

// Cmp is X Op Y.
type Cmp struct {
	At   Pos
	Op   CmpOp
	X, Y Expr
}

// Not is !X.
type Not struct {
	At Pos
	X  Cond
}

// LogicOp is a boolean connective.
type LogicOp int

const (
	And LogicOp = iota
	Or
)

func (o LogicOp) String() string {
	if o == And {
		return "&&"
	}
	return "||"
}

// Logic is X Op Y.
type Logic struct {
	At   Pos
	Op   LogicOp
	X, Y Cond
}

func (*BoolLit) condNode() {}
func (*Cmp) condNode()     {}
func (*Not) condNode()     {}
func (*Logic) condNode()   {}

// ---- statements ----

// Stmt is a protocol statement.
type Stmt interface {
	Node
	stmtNode()
}

// Mode is the kind of an access.
type Mode int

const (
	Read Mode = iota
	Write
	Atomic
)

var modeNames = [...]string{"rd", "wr", "atomic"}

// String returns the .prot keyword of the mode.
func (m Mode) String() string { return modeNames[m] }

// Word returns the mode as an English word, for reports.
func (m Mode) Word() string { return [...]string{"read", "write", "atomic"}[m] }

// Conflicts reports whether two accesses in these modes race when they hit the
// same index from different threads: read/read and atomic/atomic do not,
// everything else does (Bardsley and Donaldson for atomics).
func Conflicts(a, b Mode) bool {
	return !(a == Read && b == Read) && !(a == Atomic && b == Atomic)
}

// ModeIn is the mode of an access for a thread whose closest common group
// with the other thread is g (protocol.Level.Group): an atomic of block
// scope is, for a thread of another block, a write.
func (a *Access) ModeIn(g Scope) Mode {
	if a.Mode == Atomic && a.BlockScope && g == ScopeGrid {
		return Write
	}
	return a.Mode
}

// Word is the access's mode as an English word, for reports: a block-scope
// atomic that the grid level made a write says so.
func (a *Access) Word() string {
	if a.BlockScope && a.Mode != Atomic {
		return "block-scope atomic"
	}
	return a.Mode.Word()
}

// InvariantPrefix begins the names of the pseudo-arrays whose races are
// the failures of barrier invariants: a thread for which the invariant may
// not hold updates one atomically, every thread reads it (the CUDA front
// end's encoding of the check).
const InvariantPrefix = "__barrier_invariant_"

// IsInvariant reports whether an array is a barrier invariant's.
func IsInvariant(array string) bool { return strings.HasPrefix(array, InvariantPrefix) }

// Access is a read, write or atomic update of Array at one index per array
// dimension.
type Access struct {
	At    Pos
	ID    int // numbers the accesses of a file from 1; copies keep it
	Mode  Mode
	Array string
	Index []Expr

	// Source, when set, is how the access reads in the user's source (for
	// CUDA, the subscript expression); reports quote it.
	Source string

	// Value, for a write, is the value written when it is known (an
	// integer expression), nil otherwise. Two writes of one location that
	// write values known to be equal are benign, as GPUVerify and Faial
	// count them: not a race unless the checker is asked to report them.
	// .prot spells it wr a[i] = v;
	Value Expr

	// As, for a read, names the value read (.prot: rd a[i] as x;): x is
	// bound, for the statements after the read in its block, to the
	// content of a[i] as the thread finds it there (eval gives memory its
	// values; package reads lowers such reads to uninterpreted functions
	// and the facts the thread's own accesses justify). "" for a read
	// whose value the protocol does not use, and for every access that
	// analyses after the parser see.
	As string

	// BlockScope marks an atomic that is atomic only among the threads of
	// one block (CUDA's atomicAdd_block, libcu++'s thread_scope_block):
	// under the PTX memory model, two atomics of threads of different
	// blocks are morally strong only if each one's scope includes the
	// other thread, so for such a pair it is a plain read-modify-write,
	// which races with every access (ModeIn). .prot spells it
	// atomic.block a[i];
	BlockScope bool

	// Shape, when set, is the declared shape of a multi-dimensional array
	// that the index addresses as one linear element index (a CUDA
	// float t[16][17]): reports show the index one per dimension
	// (ShapedIndex). It does not take part in checking.
	Shape []int64

	// CellBytes, when set, is the size in bytes of the cells the index
	// counts, for an array accessed in parts narrower than its elements
	// (the bytes of an int array): reports say so. It does not take part
	// in checking.
	CellBytes int64

	// Loops gives the value of each source loop variable enclosing this
	// access in terms of the protocol's current variables, outermost first.
	// It starts as the identity (filled by wellformed) and every
	// transformation that substitutes variables (peeling, shifting, stride
	// normalization) substitutes here too, so that a witness can name the
	// iteration of the user's loop even after aligning.
	Loops []LoopValue
}

// LoopValue is the value of a source loop variable at an access.
type LoopValue struct {
	Name  string // as the user wrote it
	Value Expr
}

// Sync is a barrier. Scope says which threads it orders: by default the
// threads of one block (__syncthreads); ScopeWarp orders only the threads of
// one warp (__syncwarp, Bardsley and Donaldson), ScopeGrid every thread of the grid (a
// cooperative groups grid.sync()). A barrier of a wider scope also orders
// the threads of every narrower one.
type Sync struct {
	At    Pos
	Scope Scope
	// Invariant, when set, is a barrier invariant the barrier holds
	// (Chong, Donaldson, Kelly, Ketema and Qadeer, "Barrier Invariants: A
	// Shared State Abstraction for the Analysis of Data-Dependent GPU
	// Kernels", OOPSLA 2013, Section 3): only .prot files have them, and
	// package reads lowers them before checking.
	Invariant *Invariant
	// Fence is the memory whose accesses the barrier orders: every array
	// (FenceAll, the zero value: CUDA's barriers), or, for an OpenCL
	// barrier whose flags name only one memory, the shared (__local) or
	// the global arrays; an array it does not fence sees no barrier
	// there. Threads still meet at it (barrier divergence is checked the
	// same).
	Fence Fence
	// Implicit marks a warp barrier that a transformation put after an
	// access to model lock-step warps (Bardsley and Donaldson): it orders the two
	// threads only when both run it, so that disagreeing on it is not
	// barrier divergence. It is never parsed or printed.
	Implicit bool
}

// Invariant is a barrier invariant: a condition of the thread (tid) and of
// the contents of arrays at the barrier (Content), checked at the barrier
// for every thread of the block and assumed after it for each thread
// index For gives (the thread's own, tid, when For is empty).
// .prot spells it sync invariant c for e1, e2;
//
// A binary invariant (Binary) is a condition of a pair of threads, tid
// and other(tid): checked for every pair of distinct threads of the
// block, and assumed after the barrier for each pair of thread indices
// Pairs gives (tid and other(tid), the pair a race query compares, when
// Pairs is empty). .prot spells it sync invariant c for {e1, e2};
type Invariant struct {
	At    Pos
	Cond  Cond
	For   []Expr
	Pairs [][2]Expr
}

// Binary reports whether the invariant is about pairs of threads.
func (inv *Invariant) Binary() bool { return len(inv.Pairs) > 0 || HasOther(inv.Cond) }

// Fence is the memory a barrier orders.
type Fence int

const (
	FenceAll    Fence = iota // every array
	FenceShared              // shared arrays only (OpenCL's CLK_LOCAL_MEM_FENCE)
	FenceGlobal              // global arrays only (CLK_GLOBAL_MEM_FENCE)
	FenceNone                // no array: a barrier with no flag orders no memory
)

var fenceNames = [...]string{FenceAll: "all", FenceShared: "shared", FenceGlobal: "global", FenceNone: "none"}

func (f Fence) String() string { return fenceNames[f] }

// Orders reports whether a barrier of fence f orders the accesses to an
// array of kind k.
func (f Fence) Orders(k DeclKind) bool {
	switch f {
	case FenceAll:
		return true
	case FenceShared:
		return k == Shared
	case FenceGlobal:
		return k == Global
	}
	return false
}

// Scope is the set of threads a barrier synchronizes.
type Scope int

const (
	ScopeBlock Scope = iota // the threads of one block
	ScopeWarp               // the threads of one warp
	ScopeGrid               // every thread of the grid
)

var scopeNames = [...]string{ScopeBlock: "block", ScopeWarp: "warp", ScopeGrid: "grid"}

func (s Scope) String() string { return scopeNames[s] }

// Orders reports whether a barrier of scope s orders two threads whose
// closest common group is g (ScopeWarp: the same warp; ScopeBlock: the same
// block, different warps; ScopeGrid: different blocks).
func (s Scope) Orders(g Scope) bool {
	switch s {
	case ScopeGrid:
		return true
	case ScopeBlock:
		return g != ScopeGrid
	}
	return g == ScopeWarp
}

// Loop runs Body for Var = Lo, Lo+Step, ... while Var < Hi. Step is nil for 1.
// Sync is set by wellformed when the body contains a barrier; the parser
// leaves it false.
type Loop struct {
	At     Pos
	Var    string
	Lo, Hi Expr
	Step   Expr
	Body   *Block
	Sync   bool
}

// If runs Then when Cond holds and Else (which may be nil) otherwise.
type If struct {
	At   Pos
	Cond Cond
	Then *Block
	Else *Block
}

// Assume states a fact the checker may rely on. At the top level of a
// protocol it is a precondition of the whole run: a uniform condition
// restricts the parameters, a thread-local one restricts which threads are
// considered. Nested in a loop, conditional or block, it guards the accesses
// that follow it in that block: a thread for which it is false makes none of
// them, but still takes part in every barrier.
type Assume struct {
	At   Pos
	Cond Cond
}

// Block is a sequence of statements in braces.
type Block struct {
	At    Pos
	Stmts []Stmt
}

func (*Access) stmtNode() {}
func (*Sync) stmtNode()   {}
func (*Loop) stmtNode()   {}
func (*If) stmtNode()     {}
func (*Assume) stmtNode() {}
func (*Block) stmtNode()  {}

// ---- files ----

// DeclKind says what a declared name is.
type DeclKind int

const (
	Param  DeclKind = iota // thread-uniform unknown integer (or function, when called)
	Local                  // thread-local unknown integer: each thread its own value
	Shared                 // array in shared memory: one per block
	Global                 // array in global memory: one per grid
	// Distinct declares nothing: it names locals whose values differ
	// between any two threads, each from the others and from itself (the
	// values an atomic counter hands out, Bardsley and Donaldson Section 4.2);
	// with Decl.Block (distinct shared), between any two threads of one
	// block (a counter in shared memory, one per block).
	Distinct
)

var declNames = [...]string{"param", "local", "shared", "global", "distinct"}

func (k DeclKind) String() string { return declNames[k] }

// IsArray reports whether the kind names an array.
func (k DeclKind) IsArray() bool { return k == Shared || k == Global }

// Ident is a declared name with its position.
type Ident struct {
	At   Pos
	Name string
}

// Decl declares one or more names of the same kind.
type Decl struct {
	At    Pos
	Kind  DeclKind
	Names []Ident
	// Block: a distinct declaration of one block's threads only
	// (.prot: distinct shared a, b;)
	Block bool
}

// File is a protocol: declarations and a body. Inferred protocols also carry
// the constructs that could not be modelled.
type File struct {
	Name     string
	Decls    []*Decl
	Body     *Block
	Unknowns []Unknown
}

// Unknown records a construct that cannot be modelled soundly; it makes the
// verdict unknown unless a race is found elsewhere.
type Unknown struct {
	At     Pos
	Reason string
	Array  string // the array it concerns, or "" for the whole protocol
}

func (u Unknown) String() string { return fmt.Sprintf("%s: %s", u.At, u.Reason) }

func (n *IntLit) Pos() Pos  { return n.At }
func (n *Var) Pos() Pos     { return n.At }
func (n *Builtin) Pos() Pos { return n.At }
func (n *Neg) Pos() Pos     { return n.At }
func (n *Binary) Pos() Pos  { return n.At }
func (n *Ite) Pos() Pos     { return n.At }
func (n *Call) Pos() Pos    { return n.At }
func (n *Other) Pos() Pos   { return n.At }
func (n *Content) Pos() Pos { return n.At }
func (n *BoolLit) Pos() Pos { return n.At }
func (n *Cmp) Pos() Pos     { return n.At }
func (n *Not) Pos() Pos     { return n.At }
func (n *Logic) Pos() Pos   { return n.At }
func (n *Access) Pos() Pos  { return n.At }
func (n *Sync) Pos() Pos    { return n.At }
func (n *Loop) Pos() Pos    { return n.At }
func (n *If) Pos() Pos      { return n.At }
func (n *Assume) Pos() Pos  { return n.At }
func (n *Block) Pos() Pos   { return n.At }
func (n *Decl) Pos() Pos    { return n.At }
func (n *File) Pos() Pos    { return Pos{File: n.Name, Line: 1, Col: 1} }

// Binder binds a variable shared by the two threads of a symbolic trace to
// the range [Lo, Hi): the variable of an aligned synchronized loop, which
// both threads run in lock-step from barrier to barrier (Cogumbreiro et al., Fig. 4).
type Binder struct {
	Var    string
	Lo, Hi Expr
}

// ShapedIndex returns a concrete index of the access as reports show it:
// one value per dimension of its Shape when it has one and the linear
// index falls inside it, else as it is.
func (a *Access) ShapedIndex(idx []int64) []int64 {
	if len(idx) != 1 || len(a.Shape) < 2 {
		return idx
	}
	size := int64(1)
	for _, n := range a.Shape[1:] {
		if n <= 0 {
			return idx
		}
		size *= n
	}
	lin := idx[0]
	if lin < 0 || a.Shape[0] > 0 && lin >= size*a.Shape[0] {
		return idx
	}
	out := make([]int64, len(a.Shape))
	for d := len(a.Shape) - 1; d > 0; d-- {
		out[d] = lin % a.Shape[d]
		lin /= a.Shape[d]
	}
	out[0] = lin
	return out
}

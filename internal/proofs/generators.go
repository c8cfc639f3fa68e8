// Package proofs checks the theorems of Cogumbreiro, Lange, Liew and
// Zicarelli, "Checking Data-Race Freedom of GPU Kernels, Compositionally"
// (CAV 2021, Sections 3 and 4) and drfcheck's SMT encoding against the
// reference semantics of package protocol/eval (Figure 2), with
// property-based tests written with github.com/leanovate/gopter. Every case
// runs one block of 2 to 4 threads (sometimes two-dimensional) with
// concrete values of the parameters N and M.
//
// The properties, in the _test.go files of this package:
//
//   - TestRoundTrip: printing any protocol and parsing it back gives a
//     protocol.Equal protocol, and printing is a fixpoint (the .prot
//     language of issue 2; no theorem).
//   - TestTheorem1Align: Theorem 1 (correctness of align, Fig. 3). For a
//     protocol p of the fragment W of Definition 1, p is safe (eval) if and
//     only if align.Protocol(align.Align(p)), that is q; u; sync, is safe.
//   - TestTheorem3Split: Theorem 3 (correctness of split, Fig. 4). The
//     aligned protocol is safe if and only if every symbolic trace of
//     split.Split is, a trace being evaluated concretely: every assignment of
//     its binders, outermost first, and eval.Phase of its phase for every
//     thread.
//   - TestIntervals: the analogue of Theorems 1 and 3 for the interval
//     encoding (internal/split/interval, the checker's default), against eval
//     directly: a protocol of W is safe iff every trace of
//     interval.Traces is, each evaluated concretely as for Theorem 3; on
//     W's cases and on Nested ones (synchronized loops nested up to five
//     deep, bounds over the variables of enclosing loops).
//   - TestSMTEncoding: the two-thread encoding of Example 2 (Section 5), one
//     query per trace and array after wellformed.Normalize (Definition 1 and
//     Section 5), align and split, on the whole language the pipeline
//     accepts, with every parameter fixed: a race is found exactly when eval
//     finds one, barrier divergence exactly when eval finds it, and every
//     model replays in eval. TestSMTEncodingIntervals asks the same with
//     the interval traces in place of align and split, and TestPipeline
//     of check.Check, end to end, with either encoding. Where the pipeline
//     reports an Unknown (a construct it cannot split soundly, or a solver
//     timeout) only soundness is asked: never DRF when eval finds a race.
//   - TestBrokenAlign: Theorem 1's property and the SMT property run
//     against deliberately defective versions of Fig. 3 and must fail, which
//     shows that they can; the shrunk counterexamples are logged.
//     TestBrokenIntervals does the same for defective interval relations
//     (the earlier iteration taken to be the later one, the crossings
//     dropped, the first and last iterations widened).
//   - TestRadixIndices: TestSMTEncodingIntervals with the integer
//     encoding alone on flattened indices (WithRadix), where two threads
//     meet with different digits; TestBrokenRadixIndices catches the radix
//     lemmas stated without their range premise.
//   - TestRegression*: the minimal counterexamples of the pipeline bugs the
//     properties found (both fixed), as plain tests.
//
// Every property runs with a fixed seed and at least 1,000 cases; the
// environment variable DRFCHECK_PROPS asks for more (DRFCHECK_PROPS=20000),
// and DRFCHECK_SEED replaces the seeds. The seed and the number of cases
// are logged at the start of each property.
//
// This file holds the generators of test cases and their shrinker.
package proofs

import (
	"fmt"
	"hash/fnv"
	"math"
	"math/rand"
	"slices"
	"sort"
	"strings"

	"github.com/leanovate/gopter"

	"github.com/drfcheck/drfcheck/protocol"
	"github.com/drfcheck/drfcheck/protocol/eval"
	"github.com/drfcheck/drfcheck/protocol/parser"
	"github.com/drfcheck/drfcheck/protocol/printer"
)

// Fragment says which protocols a generator makes.
type Fragment int

const (
	// WellFormed is the fragment W of Definition 1 under concrete
	// parameters: barrier-free statements (accesses, unsynchronized loops,
	// conditionals, blocks with nested assumptions), barriers, and
	// synchronized loops (Loop.Sync, unit step, thread-uniform bounds) that
	// contain a barrier and run at least once every time they are reached.
	// No synchronized conditional, no assumption next to a barrier.
	WellFormed Fragment = iota
	// Full is the language the pipeline accepts, without locals and calls
	// (whose values the SMT encoding leaves free while eval fixes them):
	// synchronized conditionals and loops with uniform or thread-dependent
	// conditions and bounds, loops that may run zero times, steps, nested
	// and top-level assumptions. File fixes every parameter with a
	// top-level assume.
	Full
	// Syntax is any tree the parser can produce, for the round trip:
	// every declaration kind, builtin, operator, Ite, Call, steps, else-if
	// chains, extreme literals. It need not pass protocol.Check.
	Syntax
	// Nested is WellFormed with synchronized loops nested up to five deep
	// and made more often, for the interval encoding (internal/split/interval),
	// whose traces relate the loop variables of different nesting levels:
	// inner bounds over outer variables, several barriers per body.
	Nested
)

func (f Fragment) String() string {
	return [...]string{"W", "full", "syntax", "W-nested"}[f]
}

// inW reports whether cases of the fragment are in W (Definition 1).
func (f Fragment) inW() bool { return f == WellFormed || f == Nested }

// Array is a shared array of a case and its number of dimensions.
type Array struct {
	Name string
	Dims int
}

// Case is one generated test case: a protocol with the concrete values the
// reference semantics runs it with.
type Case struct {
	Fragment Fragment
	// Threads and BlockY are the size of the one block that runs
	// (blockDim.x and blockDim.y; BlockY 0 means 1); every thread of the
	// block takes part.
	Threads, BlockY int
	// WarpSize is the number of threads of a warp (Full cases have warp
	// barriers); 0 means 32.
	WarpSize int64
	// LockStep runs the threads of a warp in lock-step (--warp-sync).
	LockStep bool
	// Params gives N and M.
	Params map[string]int64
	Arrays []Array
	// Pre holds extra top-level assumptions (Full): a thread-dependent one
	// leaves threads out of the run.
	Pre []protocol.Stmt
	// Decls are the declarations of a Syntax case; the other fragments
	// declare N, M and their arrays.
	Decls []*protocol.Decl
	Body  []protocol.Stmt
}

// ParamNames are the parameters of WellFormed, Nested and Full cases.
var ParamNames = []string{"N", "M"}

// File returns the protocol of the case. For Full cases it starts with one
// "assume P == v;" per parameter, then Pre, then Body.
func (c *Case) File() *protocol.File {
	f := &protocol.File{Name: "case.prot", Body: &protocol.Block{}}
	if c.Fragment == Syntax {
		f.Decls = c.Decls
		f.Body.Stmts = c.Body
		return f
	}
	f.Decls = []*protocol.Decl{{Kind: protocol.Param, Names: idents(ParamNames)}}
	var arrays []string
	for _, a := range c.Arrays {
		arrays = append(arrays, a.Name)
	}
	if len(arrays) > 0 {
		f.Decls = append(f.Decls, &protocol.Decl{Kind: protocol.Shared, Names: idents(arrays)})
	}
	var body []protocol.Stmt
	if c.Fragment == Full {
		for _, p := range ParamNames {
			body = append(body, &protocol.Assume{Cond: &protocol.Cmp{Op: protocol.Eq, X: variable(p), Y: lit(c.Params[p])}})
		}
		body = append(body, c.Pre...)
	}
	f.Body.Stmts = append(body, c.Body...)
	return f
}

func idents(names []string) []protocol.Ident {
	var ids []protocol.Ident
	for _, n := range names {
		ids = append(ids, protocol.Ident{Name: n})
	}
	return ids
}

// Kinds returns the declaration of every name of the case.
func (c *Case) Kinds() map[string]protocol.DeclKind {
	kinds := map[string]protocol.DeclKind{}
	for _, d := range c.File().Decls {
		for _, id := range d.Names {
			kinds[id.Name] = d.Kind
		}
	}
	return kinds
}

// Config returns the configuration eval runs the case with: the parameters,
// and every thread of one block of Threads × BlockY threads.
func (c *Case) Config() eval.Config {
	cfg := eval.Config{
		Params:   map[string]int64{},
		BlockDim: c.BlockDim(),
		GridDim:  [3]int64{1, 1, 1},
		WarpSize: c.WarpSize,
		LockStep: c.LockStep,
	}
	for k, v := range c.Params {
		cfg.Params[k] = v
	}
	for y := 0; y < c.height(); y++ {
		for x := 0; x < c.Threads; x++ {
			cfg.Threads = append(cfg.Threads, eval.Thread{Idx: [3]int64{int64(x), int64(y), 0}})
		}
	}
	return cfg
}

func (c *Case) height() int { return max(c.BlockY, 1) }

// BlockDim is the size of the block.
func (c *Case) BlockDim() [3]int64 { return [3]int64{int64(c.Threads), int64(c.height()), 1} }

// size is the number of threads of the block.
func (c *Case) size() int { return c.Threads * c.height() }

// String prints the case as a .prot file that drfcheck can run as it is:
// the launch on the file's second line, the parameters in a comment (Full
// cases also fix them by assumptions).
func (c *Case) String() string {
	if c.Fragment == Syntax {
		return printer.File(c.File())
	}
	var ps []string
	var flags []string
	for _, p := range ParamNames {
		ps = append(ps, fmt.Sprintf("%s = %d", p, c.Params[p]))
		flags = append(flags, fmt.Sprintf("-p %s=%d", p, c.Params[p]))
	}
	dim := fmt.Sprint(c.Threads)
	if c.height() > 1 {
		dim = fmt.Sprintf("[%d,%d]", c.Threads, c.height())
	}
	warp := ""
	switch {
	case c.LockStep:
		warp = fmt.Sprintf(" --warp-sync=%d", c.WarpSize)
	case c.WarpSize > 0:
		warp = fmt.Sprintf(" --warp-size=%d", c.WarpSize)
	}
	return fmt.Sprintf("// %s, %d threads (run with %s)\n//--blockDim=%s --gridDim=1%s\n%s",
		strings.Join(ps, ", "), c.size(), strings.Join(flags, " "), dim, warp, printer.File(c.File()))
}

// Parsed returns the protocol of the case as the parser reads String():
// every node has the position of the printed counterexample, as in a
// user's file (check tells findings apart by position).
func (c *Case) Parsed() (*protocol.File, error) {
	return parser.ParseFile("case.prot", []byte(c.String()))
}

// Gen returns the gopter generator of cases of a fragment. Its results
// shrink with Shrink and are filtered by Valid, so a shrunk counterexample
// is still in the fragment.
func Gen(frag Fragment) gopter.Gen { return gen(frag, false) }

// GenTriangular is Gen(Full) where a synchronized loop inside another
// often runs from or to the enclosing loop's variable (for x in 0..N {
// for y in x..N { sync; } }): it runs zero times in some iterations of
// the enclosing loop and not in others, which the normalizer handles by
// splitting the enclosing loop (wellformed's splitAt).
func GenTriangular() gopter.Gen { return gen(Full, true) }

func gen(frag Fragment, triangular bool) gopter.Gen {
	return func(p *gopter.GenParameters) *gopter.GenResult {
		c := newCase(p.Rng, frag, triangular)
		res := gopter.NewGenResult(c, Shrink)
		res.Sieve = func(v any) bool {
			c, ok := v.(*Case)
			return ok && Valid(c) == nil
		}
		return res
	}
}

// New generates a case of the fragment.
func New(r *rand.Rand, frag Fragment) *Case { return newCase(r, frag, false) }

func newCase(r *rand.Rand, frag Fragment, triangular bool) *Case {
	c := &Case{Fragment: frag, Threads: 2 + r.Intn(3), Params: map[string]int64{}}
	if frag != Syntax && r.Intn(4) == 0 {
		c.Threads, c.BlockY = 1+r.Intn(2), 2 // threadIdx.y too
	}
	if frag == Full {
		// warps of 2 or 3 threads: a block of 2 to 4 has one or two
		c.WarpSize = 2 + r.Int63n(2)
		c.LockStep = r.Intn(4) == 0
	}
	min := int64(0)
	if frag.inW() {
		min = 1 // "for x in 0..N" must run
	}
	for _, p := range ParamNames {
		c.Params[p] = min + r.Int63n(4-min)
	}
	c.Arrays = []Array{{Name: "A", Dims: 1}}
	switch r.Intn(4) {
	case 0:
		c.Arrays = append(c.Arrays, Array{Name: "B", Dims: 1})
	case 1:
		c.Arrays = append(c.Arrays, Array{Name: "B", Dims: 2})
	}
	b := &builder{r: r, c: c, triangular: triangular}
	switch frag {
	case WellFormed:
		b.budget = 10
		for len(c.Body) == 0 {
			c.Body = b.wSeq(3, false)
		}
	case Nested:
		for !hasSyncLoop(c.Body) {
			b.budget, b.loopWeight = 12, 6
			c.Body = b.wSeq(5, false)
		}
	case Full:
		b.budget = 12
		for len(c.Body) == 0 || triangular && !hasTriangular(c.Body, nil) {
			b.budget = 12
			c.Body = b.fullSeq(3, true, false)
		}
		if r.Intn(6) == 0 {
			c.Pre = append(c.Pre, &protocol.Assume{Cond: b.cond(1, true, false)})
		}
	case Syntax:
		b.budget = 14
		c.Decls = b.synDecls()
		c.Body = b.synSeq(3)
	}
	return c
}

// hasTriangular reports whether sts hold a synchronized loop (one with a
// barrier in its body) whose bounds mention the variable of an enclosing
// synchronized loop (of outer).
func hasTriangular(sts []protocol.Stmt, outer []string) bool {
	found := false
	for _, s := range sts {
		protocol.Inspect(s, func(n protocol.Node) bool {
			l, ok := n.(*protocol.Loop)
			if found || !ok || !protocol.HasSync(l.Body) {
				return !found
			}
			free := protocol.FreeVars(&protocol.Block{Stmts: []protocol.Stmt{&protocol.Assume{Cond: &protocol.Cmp{Op: protocol.Lt, X: l.Lo, Y: l.Hi}}}})
			for _, v := range outer {
				found = found || free[v]
			}
			found = found || hasTriangular(l.Body.Stmts, append(outer[:len(outer):len(outer)], l.Var))
			return false
		})
	}
	return found
}

// hasSyncLoop reports whether a synchronized loop occurs at the top of sts.
func hasSyncLoop(sts []protocol.Stmt) bool {
	for _, s := range sts {
		if l, ok := s.(*protocol.Loop); ok && l.Sync {
			return true
		}
	}
	return false
}

// ---- building blocks ----

func lit(v int64) *protocol.IntLit            { return &protocol.IntLit{Value: v} }
func variable(n string) *protocol.Var         { return &protocol.Var{Name: n} }
func tid() *protocol.Builtin                  { return &protocol.Builtin{Kind: protocol.ThreadIdx} }
func tidY() *protocol.Builtin                 { return &protocol.Builtin{Kind: protocol.ThreadIdx, Dim: 1} }
func blockDimX() *protocol.Builtin            { return &protocol.Builtin{Kind: protocol.BlockDim} }
func block(s []protocol.Stmt) *protocol.Block { return &protocol.Block{Stmts: s} }

func bin(op protocol.BinOp, x, y protocol.Expr) *protocol.Binary {
	return &protocol.Binary{Op: op, X: x, Y: y}
}

func cmp(op protocol.CmpOp, x, y protocol.Expr) *protocol.Cmp {
	return &protocol.Cmp{Op: op, X: x, Y: y}
}

// builder generates the statements of one case.
type builder struct {
	r      *rand.Rand
	c      *Case
	vars   []scopeVar // loop variables in scope, innermost last
	names  int        // loop variables made so far
	budget int        // statements left to make
	// loopWeight is the weight of a synchronized loop against an
	// unsynchronized statement (5) and a barrier (3) in wSeq; 0 means 3.
	loopWeight int
	// triangular makes the bounds of half the uniform synchronized
	// loops of the full language follow an enclosing one's variable
	triangular bool
}

// scopeVar is a loop variable in scope. It is uniform when every thread
// gives it the same values: the variable of a loop with thread-uniform
// bounds at the synchronized level.
type scopeVar struct {
	name    string
	uniform bool
}

var varNames = []string{"x", "y", "z", "i", "j", "k", "r", "s"}

func (b *builder) fresh() string {
	n := varNames[b.names%len(varNames)]
	if b.names >= len(varNames) {
		n += fmt.Sprint(b.names / len(varNames))
	}
	b.names++
	return n
}

func (b *builder) push(name string, uniform bool) { b.vars = append(b.vars, scopeVar{name, uniform}) }
func (b *builder) pop()                           { b.vars = b.vars[:len(b.vars)-1] }

// scope returns the loop variables in scope, only the uniform ones if asked.
func (b *builder) scope(uniformOnly bool) []string {
	var out []string
	for _, v := range b.vars {
		if v.uniform || !uniformOnly {
			out = append(out, v.name)
		}
	}
	return out
}

func (b *builder) chance(n int) bool { return b.r.Intn(n) == 0 }

// sync is a barrier, one in six fencing one memory or none (OpenCL's
// barrier flags: protocol.Fence).
func (b *builder) sync() *protocol.Sync {
	s := &protocol.Sync{}
	if b.chance(6) {
		s.Fence = []protocol.Fence{protocol.FenceShared, protocol.FenceGlobal, protocol.FenceNone}[b.r.Intn(3)]
	}
	return s
}

// tid is threadIdx.x, or sometimes threadIdx.y in a two-dimensional block.
func (b *builder) tid() protocol.Expr {
	if b.c.height() > 1 && b.chance(3) {
		return tidY()
	}
	return tid()
}

func (b *builder) param() protocol.Expr { return variable(ParamNames[b.r.Intn(len(ParamNames))]) }

// weighted picks an index with the given weights.
func (b *builder) weighted(ws ...int) int {
	total := 0
	for _, w := range ws {
		total += w
	}
	k := b.r.Intn(total)
	for i, w := range ws {
		if k < w {
			return i
		}
		k -= w
	}
	return len(ws) - 1
}

// expr makes an integer expression over small literals, N and M, the loop
// variables in scope (the uniform ones only if uniformOnly), blockDim.x and,
// if withTid, tid. Division and remainder are by positive literals.
func (b *builder) expr(depth int, withTid, uniformOnly bool) protocol.Expr {
	vars := b.scope(uniformOnly)
	if depth <= 0 || b.r.Intn(5) < 3 {
		tw, vw := 0, 0
		if withTid {
			tw = 3
		}
		if len(vars) > 0 {
			vw = 3
		}
		switch b.weighted(3, 2, vw, tw, 1) {
		case 0:
			return lit(int64(b.r.Intn(4)))
		case 1:
			return b.param()
		case 2:
			return variable(vars[b.r.Intn(len(vars))])
		case 3:
			return b.tid()
		default:
			return blockDimX()
		}
	}
	switch b.weighted(8, 6, 6, 2, 2, 2, 2, 1, 1) {
	case 7:
		// bitwise operators, on any values (64-bit two's complement)
		op := []protocol.BinOp{protocol.BitAnd, protocol.BitOr, protocol.BitXor}[b.r.Intn(3)]
		return bin(op, b.expr(depth-1, withTid, uniformOnly), b.expr(depth-1, withTid, uniformOnly))
	case 8:
		// shifts by a valid count: a literal, or a parameter (0 to 3 in
		// every case), a shift by a variable, which the integer encoding
		// approximates and the bit-vector one computes
		op := []protocol.BinOp{protocol.Shl, protocol.Shr}[b.r.Intn(2)]
		var count protocol.Expr = lit(int64(b.r.Intn(4)))
		if b.r.Intn(2) == 0 {
			count = b.param()
		}
		return bin(op, b.expr(depth-1, withTid, uniformOnly), count)
	case 0:
		return bin(protocol.Add, b.expr(depth-1, withTid, uniformOnly), b.expr(depth-1, withTid, uniformOnly))
	case 1:
		return bin(protocol.Sub, b.expr(depth-1, withTid, uniformOnly), b.expr(depth-1, withTid, uniformOnly))
	case 2:
		return bin(protocol.Mul, b.expr(depth-1, withTid, uniformOnly), b.expr(depth-1, withTid, uniformOnly))
	case 3:
		return bin(protocol.Div, b.expr(depth-1, withTid, uniformOnly), lit(int64(1+b.r.Intn(3))))
	case 4:
		return bin(protocol.Mod, b.expr(depth-1, withTid, uniformOnly), lit(int64(1+b.r.Intn(3))))
	case 5:
		return &protocol.Neg{X: b.expr(depth-1, withTid, uniformOnly)}
	default:
		return &protocol.Ite{Cond: b.cond(depth-1, withTid, uniformOnly),
			Then: b.expr(depth-1, withTid, uniformOnly), Else: b.expr(depth-1, withTid, uniformOnly)}
	}
}

var cmpOps = []protocol.CmpOp{protocol.Eq, protocol.Ne, protocol.Lt, protocol.Le, protocol.Gt, protocol.Ge}

// cond makes a condition over the same leaves as expr.
func (b *builder) cond(depth int, withTid, uniformOnly bool) protocol.Cond {
	if depth > 0 && b.chance(5) {
		if b.chance(3) {
			return &protocol.Not{X: b.cond(depth-1, withTid, uniformOnly)}
		}
		op := protocol.And
		if b.chance(2) {
			op = protocol.Or
		}
		return &protocol.Logic{Op: op, X: b.cond(depth-1, withTid, uniformOnly), Y: b.cond(depth-1, withTid, uniformOnly)}
	}
	op := cmpOps[b.r.Intn(len(cmpOps))]
	var x protocol.Expr
	vars := b.scope(uniformOnly)
	switch {
	case withTid && b.chance(2):
		x = b.tid()
		if b.chance(3) {
			x = bin(protocol.Mod, b.tid(), lit(2))
		}
	case len(vars) > 0 && b.chance(2):
		x = variable(vars[b.r.Intn(len(vars))])
	default:
		x = b.expr(depth, withTid, uniformOnly)
	}
	y := protocol.Expr(lit(int64(b.r.Intn(3))))
	if b.chance(3) {
		y = b.expr(depth-1, withTid, uniformOnly)
	}
	return cmp(op, x, y)
}

// assumption makes the condition of a nested or top-level assume:
// sometimes one about the pair of threads compared, which names the other
// thread (protocol.Other). The condition of one thread is made either
// way, so that the cases' random stream, on which the seeds of the
// properties that must catch a defect were chosen, is the one it was
// before pairs; the choice of a pair and its terms come from a stream of
// their own, seeded by that condition.
func (b *builder) assumption() protocol.Cond {
	c := b.cond(1, true, false)
	h := fnv.New64a()
	h.Write([]byte(printer.Node(c)))
	pr := rand.New(rand.NewSource(int64(h.Sum64())))
	if pr.Intn(3) != 0 {
		return c
	}
	mine := protocol.Expr(tid())
	if b.c.height() > 1 && pr.Intn(3) == 0 {
		mine = tidY()
	}
	if vars := b.scope(false); len(vars) > 0 && pr.Intn(2) == 0 {
		mine = bin(protocol.Add, mine, variable(vars[pr.Intn(len(vars))]))
	}
	theirs := protocol.OtherOf(tid(), func(string) bool { return false })
	if pr.Intn(2) == 0 {
		theirs = bin(protocol.Add, theirs, lit(int64(pr.Intn(3))))
	}
	pair := protocol.Cond(cmp(cmpOps[pr.Intn(len(cmpOps))], mine, theirs))
	if pr.Intn(3) == 0 {
		pair = &protocol.Logic{Op: protocol.Or, X: pair, Y: c}
	}
	return pair
}

// index makes an array index, biased toward the patterns of real kernels
// so that both racy and race-free protocols come up often.
func (b *builder) index() protocol.Expr {
	vars := b.scope(false)
	v := func() protocol.Expr { return variable(vars[b.r.Intn(len(vars))]) }
	hasVars := 0
	if len(vars) > 0 {
		hasVars = 3
	}
	flat := 0
	if b.c.height() > 1 {
		flat = 3
	}
	switch b.weighted(4, 3, 2, hasVars, hasVars, 1, 2, flat) {
	case 0:
		return b.tid()
	case 1:
		return bin(protocol.Add, tid(), lit(int64(1+b.r.Intn(2))))
	case 2:
		return lit(int64(b.r.Intn(3)))
	case 3:
		return v()
	case 4:
		return bin(protocol.Add, tid(), bin(protocol.Mul, blockDimX(), v()))
	case 5:
		return bin(protocol.Mul, tid(), lit(2))
	case 6:
		return b.expr(2, true, false)
	default: // the linear thread id of a two-dimensional block
		return bin(protocol.Add, tid(), bin(protocol.Mul, blockDimX(), tidY()))
	}
}

func (b *builder) access() *protocol.Access {
	arr := b.c.Arrays[b.r.Intn(len(b.c.Arrays))]
	a := &protocol.Access{Array: arr.Name}
	switch b.weighted(4, 5, 1) {
	case 0:
		a.Mode = protocol.Read
	case 1:
		a.Mode = protocol.Write
	default:
		a.Mode = protocol.Atomic
		// of block scope now and then: the same as any atomic in one
		// block, printed and parsed as atomic.block
		a.BlockScope = b.chance(4)
	}
	for d := 0; d < arr.Dims; d++ {
		a.Index = append(a.Index, b.index())
	}
	if a.Mode == protocol.Write && b.chance(2) {
		// the value written, often equal between threads (a constant, a
		// uniform value), so that benign pairs of writes are common
		switch b.r.Intn(3) {
		case 0:
			a.Value = lit(int64(b.r.Intn(2)))
		case 1:
			a.Value = b.expr(1, false, true)
		default:
			a.Value = b.expr(1, true, false)
		}
	}
	return a
}

// ---- the fragment W ----

// wSeq makes a sequence of the synchronized level: barrier-free
// statements, barriers and, while depth allows, synchronized loops. With
// needSync it contains a barrier.
func (b *builder) wSeq(depth int, needSync bool) []protocol.Stmt {
	n := 1 + b.r.Intn(3)
	var out []protocol.Stmt
	for i := 0; i < n && b.budget > 0; i++ {
		b.budget--
		lw := b.loopWeight
		if lw == 0 {
			lw = 3
		}
		switch k := b.weighted(5, 3, lw); {
		case k == 0:
			out = append(out, b.unsync(2))
		case k == 1 || depth == 0:
			// no fence: the theorems of align and split are about
			// barriers that order every array (the pipeline slices the
			// fences away first: wellformed.SliceFenced)
			out = append(out, &protocol.Sync{})
		default:
			out = append(out, b.wLoop(depth-1))
		}
	}
	if needSync && !protocol.HasSync(block(out)) {
		out = slices.Insert(out, b.r.Intn(len(out)+1), protocol.Stmt(&protocol.Sync{}))
	}
	return out
}

// wLoop makes a synchronized loop that runs at least once.
func (b *builder) wLoop(depth int) *protocol.Loop {
	lo, hi := b.nonEmptyRange()
	name := b.fresh()
	b.push(name, true)
	body := b.wSeq(depth, true)
	b.pop()
	return &protocol.Loop{Var: name, Lo: lo, Hi: hi, Body: block(body), Sync: true}
}

// nonEmptyRange makes the thread-uniform bounds of a loop that runs at
// least once for any values of the enclosing synchronized loops (which are
// never negative) when N and M are at least 1.
func (b *builder) nonEmptyRange() (lo, hi protocol.Expr) {
	outer := b.scope(true)
	length := func() protocol.Expr {
		if b.chance(2) {
			return b.param()
		}
		return lit(int64(1 + b.r.Intn(2)))
	}
	switch k := b.r.Intn(6); {
	case k <= 1:
		a := int64(b.r.Intn(2))
		return lit(a), lit(a + 1 + int64(b.r.Intn(3)))
	case k == 2:
		return lit(0), b.param()
	case k == 3 && len(outer) > 0:
		x := variable(outer[b.r.Intn(len(outer))])
		return x, bin(protocol.Add, x, length())
	case k == 4 && len(outer) > 0:
		x := variable(outer[b.r.Intn(len(outer))])
		return lit(0), bin(protocol.Add, x, lit(1))
	default:
		lo := protocol.Expr(lit(1))
		if b.chance(2) {
			lo = bin(protocol.Sub, b.param(), lit(1))
		}
		return lo, bin(protocol.Add, lo, length())
	}
}

// unsync makes a barrier-free statement: an access, an unsynchronized
// loop (possibly empty, possibly strided, possibly with thread-dependent
// bounds), a conditional on anything, or a block whose assumption mutes
// what follows it.
func (b *builder) unsync(depth int) protocol.Stmt {
	if depth <= 0 {
		return b.access()
	}
	switch b.weighted(6, 2, 2, 1) {
	case 0:
		return b.access()
	case 1:
		return b.unsyncLoop(depth)
	case 2:
		s := &protocol.If{Cond: b.cond(1, true, false), Then: block(b.unsyncSeq(depth - 1))}
		if b.chance(2) {
			s.Else = block(b.unsyncSeq(depth - 1))
		}
		return s
	default:
		body := []protocol.Stmt{&protocol.Assume{Cond: b.assumption()}}
		return block(append(body, b.unsyncSeq(depth-1)...))
	}
}

func (b *builder) unsyncSeq(depth int) []protocol.Stmt {
	out := []protocol.Stmt{b.unsync(depth)}
	if b.chance(3) {
		out = append(out, b.unsync(depth))
	}
	return out
}

func (b *builder) unsyncLoop(depth int) *protocol.Loop {
	l := &protocol.Loop{Var: b.fresh()}
	l.Lo, l.Hi = b.anyRange(true)
	if b.chance(4) {
		l.Step = lit(int64(1 + b.r.Intn(3)))
	}
	b.push(l.Var, false)
	l.Body = block(b.unsyncSeq(depth - 1))
	b.pop()
	return l
}

// anyRange makes small loop bounds, possibly an empty range, thread
// dependent if withTid.
func (b *builder) anyRange(withTid bool) (lo, hi protocol.Expr) {
	vars := b.scope(!withTid)
	switch b.r.Intn(5) {
	case 0:
		lo = lit(0)
	case 1:
		lo = lit(1)
	case 2:
		if len(vars) > 0 {
			lo = variable(vars[b.r.Intn(len(vars))])
			break
		}
		lo = lit(0)
	default:
		lo = b.expr(1, withTid && b.chance(3), !withTid)
	}
	switch b.r.Intn(5) {
	case 0:
		hi = lit(int64(b.r.Intn(4)))
	case 1:
		hi = b.param()
	case 2:
		if withTid {
			hi = bin(protocol.Add, b.tid(), lit(1))
			break
		}
		hi = bin(protocol.Add, b.param(), lit(1))
	default:
		hi = bin(protocol.Add, lo, lit(int64(b.r.Intn(3))))
	}
	return lo, hi
}

// triangularRange makes bounds that follow the enclosing loop variable v:
// from v (or v + 1) to a parameter or a constant, or from a constant to v
// (or v + 1).
func (b *builder) triangularRange(v string) (lo, hi protocol.Expr) {
	moved := protocol.Expr(variable(v))
	if b.chance(2) {
		moved = bin(protocol.Add, moved, lit(1))
	}
	fixed := protocol.Expr(lit(int64(1 + b.r.Intn(3))))
	if b.chance(2) {
		fixed = b.param()
	}
	if b.chance(2) {
		return moved, fixed
	}
	return lit(int64(b.r.Intn(2))), moved
}

// ---- the full language ----

// fullSeq makes a sequence of statements of the full language. A barrier
// may appear only if syncOK (not inside a loop or conditional chosen to be
// unsynchronized); with needSync one does.
func (b *builder) fullSeq(depth int, syncOK, needSync bool) []protocol.Stmt {
	n := 1 + b.r.Intn(3)
	var out []protocol.Stmt
	for i := 0; i < n && b.budget > 0; i++ {
		b.budget--
		out = append(out, b.fullStmt(depth, syncOK))
	}
	if needSync && !protocol.HasSync(block(out)) {
		out = slices.Insert(out, b.r.Intn(len(out)+1), protocol.Stmt(&protocol.Sync{}))
	}
	return out
}

func (b *builder) fullStmt(depth int, syncOK bool) protocol.Stmt {
	sw, cw := 0, 0
	if syncOK {
		sw = 3
	}
	if depth > 0 {
		cw = 3
	}
	switch b.weighted(5, sw, cw, cw, 1, cw/3) {
	case 0:
		return b.access()
	case 1:
		s := b.sync()
		if b.chance(3) {
			s.Scope = protocol.ScopeWarp
		}
		return s
	case 2:
		return b.fullLoop(depth, syncOK && b.r.Intn(3) > 0)
	case 3:
		return b.fullIf(depth, syncOK && b.chance(2))
	case 4:
		return &protocol.Assume{Cond: b.assumption()}
	default:
		return block(b.fullSeq(depth-1, syncOK, false))
	}
}

func (b *builder) fullLoop(depth int, synced bool) *protocol.Loop {
	l := &protocol.Loop{Var: b.fresh()}
	uniform := !synced || !b.chance(8)
	if synced {
		l.Lo, l.Hi = b.anyRange(!uniform)
		if outer := b.scope(true); uniform && b.triangular && len(outer) > 0 && b.chance(2) {
			l.Lo, l.Hi = b.triangularRange(outer[b.r.Intn(len(outer))])
		}
		if b.chance(5) {
			l.Step = lit(int64(1 + b.r.Intn(3)))
		}
	} else {
		l.Lo, l.Hi = b.anyRange(b.chance(3))
		if b.chance(4) {
			l.Step = lit(int64(1 + b.r.Intn(3)))
		}
		uniform = false
	}
	b.push(l.Var, synced && uniform)
	l.Body = block(b.fullSeq(depth-1, synced, synced))
	b.pop()
	return l
}

func (b *builder) fullIf(depth int, synced bool) *protocol.If {
	var c protocol.Cond
	if synced && b.r.Intn(4) > 0 {
		c = b.cond(1, false, true) // uniform
	} else {
		c = b.cond(1, true, false)
	}
	s := &protocol.If{Cond: c, Then: block(b.fullSeq(depth-1, synced, synced && b.chance(2)))}
	if b.chance(2) {
		s.Else = block(b.fullSeq(depth-1, synced, false))
	}
	return s
}

// ---- the syntax of .prot ----

var synNames = []string{"a", "b", "tile", "N", "M", "n_2", "_t", "idx", "in_x", "stepN", "f", "g", "L"}

func (b *builder) synName() string { return synNames[b.r.Intn(len(synNames))] }

func (b *builder) synDecls() []*protocol.Decl {
	var ds []*protocol.Decl
	for i := b.r.Intn(4); i > 0; i-- {
		d := &protocol.Decl{Kind: protocol.DeclKind(b.r.Intn(4))}
		for j := 1 + b.r.Intn(3); j > 0; j-- {
			d.Names = append(d.Names, protocol.Ident{Name: b.synName()})
		}
		ds = append(ds, d)
	}
	return ds
}

func (b *builder) synSeq(depth int) []protocol.Stmt {
	var out []protocol.Stmt
	for n := b.r.Intn(4); n > 0 && b.budget > 0; n-- {
		b.budget--
		out = append(out, b.synStmt(depth))
	}
	return out
}

func (b *builder) synStmt(depth int) protocol.Stmt {
	cw := 0
	if depth > 0 {
		cw = 2
	}
	switch b.weighted(3, 1, cw, cw, 1, cw/2) {
	case 0:
		a := &protocol.Access{Mode: protocol.Mode(b.r.Intn(3)), Array: b.synName()}
		for d := 1 + b.r.Intn(3); d > 0; d-- {
			a.Index = append(a.Index, b.synExpr(3))
		}
		if a.Mode == protocol.Write && b.chance(2) {
			a.Value = b.synExpr(2)
		}
		return a
	case 1:
		return &protocol.Sync{}
	case 2:
		l := &protocol.Loop{Var: b.synName(), Lo: b.synExpr(2), Hi: b.synExpr(2), Body: block(b.synSeq(depth - 1))}
		if b.chance(3) {
			l.Step = b.synExpr(2)
		}
		return l
	case 3:
		s := &protocol.If{Cond: b.synCond(2), Then: block(b.synSeq(depth - 1))}
		switch b.r.Intn(3) {
		case 0:
			s.Else = block(b.synSeq(depth - 1))
		case 1: // else if
			s.Else = block([]protocol.Stmt{b.synStmt(depth - 1)})
		}
		return s
	case 4:
		return &protocol.Assume{Cond: b.synCond(2)}
	default:
		return block(b.synSeq(depth - 1))
	}
}

var extremes = []int64{math.MaxInt64, math.MinInt64, math.MinInt64 + 1, -1, 0x7fffffff, 1 << 32}

func (b *builder) synExpr(depth int) protocol.Expr {
	if depth <= 0 || b.chance(3) {
		switch b.weighted(4, 1, 1, 3, 2) {
		case 0:
			return lit(int64(b.r.Intn(20)))
		case 1:
			return lit(-int64(b.r.Intn(20)))
		case 2:
			return lit(extremes[b.r.Intn(len(extremes))])
		case 3:
			return variable(b.synName())
		default:
			return &protocol.Builtin{Kind: protocol.BuiltinKind(b.r.Intn(4)), Dim: b.r.Intn(3)}
		}
	}
	switch b.r.Intn(6) {
	case 0, 1:
		return bin(protocol.BinOp(b.r.Intn(int(protocol.Shr)+1)), b.synExpr(depth-1), b.synExpr(depth-1))
	case 5:
		return &protocol.Other{X: b.synExpr(depth - 1)}
	case 2:
		return &protocol.Neg{X: b.synExpr(depth - 1)}
	case 3:
		return &protocol.Ite{Cond: b.synCond(depth - 1), Then: b.synExpr(depth - 1), Else: b.synExpr(depth - 1)}
	default:
		c := &protocol.Call{Func: b.synName()}
		for n := 1 + b.r.Intn(2); n > 0; n-- {
			c.Args = append(c.Args, b.synExpr(depth-1))
		}
		return c
	}
}

func (b *builder) synCond(depth int) protocol.Cond {
	if depth <= 0 || b.chance(3) {
		if b.chance(4) {
			return &protocol.BoolLit{Value: b.chance(2)}
		}
		return cmp(cmpOps[b.r.Intn(len(cmpOps))], b.synExpr(depth-1), b.synExpr(depth-1))
	}
	if b.chance(3) {
		return &protocol.Not{X: b.synCond(depth - 1)}
	}
	return &protocol.Logic{Op: protocol.LogicOp(b.r.Intn(2)), X: b.synCond(depth - 1), Y: b.synCond(depth - 1)}
}

// ---- validity ----

// Valid reports why a case is not in its fragment, or nil. Generated cases
// are valid by construction; shrinking filters its candidates with Valid.
// A WellFormed or Full case must pass protocol.Check and run in eval
// without error (no division by zero, no loop with a non-positive step);
// a WellFormed or Nested case must also be in W (see WellFormed).
func Valid(c *Case) error {
	if c.Fragment == Syntax {
		return nil
	}
	if c.Threads < 1 || c.size() < 2 {
		return fmt.Errorf("fewer than two threads")
	}
	f := c.File()
	if _, err := protocol.Check(f); err != nil {
		return err
	}
	if c.Fragment.inW() {
		if err := c.inW(c.Body, map[string]int64{}); err != nil {
			return err
		}
	}
	_, err := eval.Run(f, c.Config())
	return err
}

// inW checks a sequence of the synchronized level under the values of the
// enclosing synchronized loops.
func (c *Case) inW(sts []protocol.Stmt, vars map[string]int64) error {
	for _, s := range sts {
		if !protocol.HasSync(s) {
			if _, ok := s.(*protocol.Assume); ok {
				return fmt.Errorf("assumption at the synchronized level")
			}
			var bad error
			protocol.Inspect(s, func(n protocol.Node) bool {
				if l, ok := n.(*protocol.Loop); ok && l.Sync {
					bad = fmt.Errorf("loop %s tagged synchronized without a barrier", l.Var)
				}
				return bad == nil
			})
			if bad != nil {
				return bad
			}
			continue
		}
		switch s := s.(type) {
		case *protocol.Sync:
		case *protocol.Loop:
			if !s.Sync || s.Step != nil {
				return fmt.Errorf("synchronized loop %s not tagged or with a step", s.Var)
			}
			if protocol.UsesBuiltin(s.Lo, protocol.ThreadIdx) || protocol.UsesBuiltin(s.Hi, protocol.ThreadIdx) {
				return fmt.Errorf("synchronized loop %s with thread-dependent bounds", s.Var)
			}
			bounds, err := c.Ints([]protocol.Expr{s.Lo, s.Hi}, vars)
			if err != nil {
				return err
			}
			if bounds[0] >= bounds[1] {
				return fmt.Errorf("synchronized loop %s runs zero times", s.Var)
			}
			for v := bounds[0]; v < bounds[1]; v++ {
				inner := map[string]int64{s.Var: v}
				for k, x := range vars {
					inner[k] = x
				}
				if err := c.inW(s.Body.Stmts, inner); err != nil {
					return err
				}
			}
		default:
			return fmt.Errorf("%T with a barrier", s)
		}
	}
	return nil
}

// probeArray is an array name no case declares.
const probeArray = "__probe"

// Ints evaluates thread-uniform expressions with eval's semantics (as the
// index of an access made by thread 0), with the loop variables vars bound.
func (c *Case) Ints(es []protocol.Expr, vars map[string]int64) ([]int64, error) {
	kinds := c.Kinds()
	kinds[probeArray] = protocol.Shared
	cfg := c.Config()
	cfg.Threads = cfg.Threads[:1]
	avs, err := eval.Phase([]protocol.Stmt{&protocol.Access{Array: probeArray, Index: es}}, vars, kinds, cfg)
	if err != nil {
		return nil, err
	}
	return avs[0].Index, nil
}

// ---- shrinking ----

// Shrink is the gopter shrinker of cases: smaller candidates first, each
// a copy (nodes are shared, never modified).
func Shrink(v any) gopter.Shrink {
	c := v.(*Case)
	cands := c.shrinks()
	i := 0
	return func() (any, bool) {
		if i >= len(cands) {
			return nil, false
		}
		i++
		return cands[i-1], true
	}
}

// shrinks lists the candidates: the body with one statement dropped, with a
// compound statement replaced by its contents (a loop by its first
// iteration), fewer threads, smaller parameters, fewer assumptions and
// declarations, and then smaller statements inside (literals toward 0,
// expressions replaced by an operand, else branches and steps dropped).
func (c *Case) shrinks() []*Case {
	var out []*Case
	withBody := func(body []protocol.Stmt) {
		d := *c
		d.Body = body
		out = append(out, &d)
	}
	outer, inner := shrinkStmts(c.Body)
	for _, body := range outer {
		withBody(body)
	}
	for t := 1; t < c.Threads; t++ {
		d := *c
		d.Threads = t
		out = append(out, &d)
	}
	if c.height() > 1 {
		for _, t := range []int{c.Threads, c.size()} {
			d := *c
			d.Threads, d.BlockY = t, 1
			out = append(out, &d)
		}
	}
	min := int64(0)
	if c.Fragment.inW() {
		min = 1
	}
	for _, p := range ParamNames {
		if v, ok := c.Params[p]; ok && v > min {
			for _, w := range []int64{min, v - 1} {
				d := *c
				d.Params = map[string]int64{}
				for k, x := range c.Params {
					d.Params[k] = x
				}
				d.Params[p] = w
				out = append(out, &d)
				if w == v-1 {
					break
				}
			}
		}
	}
	for i := range c.Pre {
		d := *c
		d.Pre = splice(c.Pre, i, nil)
		out = append(out, &d)
	}
	for i := range c.Decls {
		d := *c
		d.Decls = slices.Delete(slices.Clone(c.Decls), i, i+1)
		out = append(out, &d)
	}
	if unused := c.unusedArrays(); len(unused) > 0 {
		d := *c
		d.Arrays = slices.DeleteFunc(slices.Clone(c.Arrays), func(a Array) bool { return unused[a.Name] })
		if len(d.Arrays) > 0 {
			out = append(out, &d)
		}
	}
	if c.Fragment != Syntax {
		// N and M replaced by their values.
		values := protocol.Subst{}
		for p, v := range c.Params {
			values[p] = lit(v)
		}
		if body, changed := values.Stmts(c.Body); changed {
			withBody(body)
		}
	}
	for _, body := range inner {
		withBody(body)
	}
	return out
}

func (c *Case) unusedArrays() map[string]bool {
	unused := map[string]bool{}
	for _, a := range c.Arrays {
		unused[a.Name] = true
	}
	for _, a := range protocol.Accesses(block(c.Body)) {
		delete(unused, a.Array)
	}
	return unused
}

// splice returns sts with element i replaced by repl, as a new slice.
func splice(sts []protocol.Stmt, i int, repl []protocol.Stmt) []protocol.Stmt {
	out := make([]protocol.Stmt, 0, len(sts)-1+len(repl))
	out = append(out, sts[:i]...)
	out = append(out, repl...)
	return append(out, sts[i+1:]...)
}

// shrinkStmts returns the shrinks of a sequence in two groups: outer ones
// (a statement dropped or replaced by its contents) and inner ones (one
// statement made smaller).
func shrinkStmts(sts []protocol.Stmt) (outer, inner [][]protocol.Stmt) {
	for i := range sts {
		outer = append(outer, splice(sts, i, nil))
	}
	for i, s := range sts {
		for _, r := range unwrap(s) {
			outer = append(outer, splice(sts, i, r))
		}
	}
	for i, s := range sts {
		for _, t := range shrinkStmt(s) {
			inner = append(inner, splice(sts, i, []protocol.Stmt{t}))
		}
	}
	return outer, inner
}

func allShrinks(sts []protocol.Stmt) [][]protocol.Stmt {
	outer, inner := shrinkStmts(sts)
	return append(outer, inner...)
}

// unwrap lists what can replace a compound statement: a loop's first
// iteration, either branch of a conditional, a block's statements.
func unwrap(s protocol.Stmt) [][]protocol.Stmt {
	switch s := s.(type) {
	case *protocol.Loop:
		first, _ := protocol.Subst{s.Var: s.Lo}.Stmts(s.Body.Stmts)
		return [][]protocol.Stmt{first}
	case *protocol.If:
		out := [][]protocol.Stmt{s.Then.Stmts}
		if s.Else != nil {
			out = append(out, s.Else.Stmts)
		}
		return out
	case *protocol.Block:
		return [][]protocol.Stmt{s.Stmts}
	}
	return nil
}

// shrinkStmt lists smaller versions of one statement.
func shrinkStmt(s protocol.Stmt) []protocol.Stmt {
	var out []protocol.Stmt
	switch s := s.(type) {
	case *protocol.Access:
		for i, e := range s.Index {
			for _, f := range shrinkExpr(e, false) {
				a := *s
				a.Index = slices.Clone(s.Index)
				a.Index[i] = f
				out = append(out, &a)
			}
		}
	case *protocol.Loop:
		with := func(f func(l *protocol.Loop)) {
			l := *s
			f(&l)
			l.Sync = protocol.HasSync(l.Body)
			out = append(out, &l)
		}
		for _, body := range allShrinks(s.Body.Stmts) {
			with(func(l *protocol.Loop) { l.Body = block(body) })
		}
		if s.Step != nil {
			with(func(l *protocol.Loop) { l.Step = nil })
			for _, e := range shrinkExpr(s.Step, true) {
				with(func(l *protocol.Loop) { l.Step = e })
			}
		}
		for _, e := range shrinkExpr(s.Lo, false) {
			with(func(l *protocol.Loop) { l.Lo = e })
		}
		for _, e := range shrinkExpr(s.Hi, false) {
			with(func(l *protocol.Loop) { l.Hi = e })
		}
	case *protocol.If:
		if s.Else != nil {
			out = append(out, &protocol.If{Cond: s.Cond, Then: s.Then})
			for _, body := range allShrinks(s.Else.Stmts) {
				out = append(out, &protocol.If{Cond: s.Cond, Then: s.Then, Else: block(body)})
			}
		}
		for _, body := range allShrinks(s.Then.Stmts) {
			out = append(out, &protocol.If{Cond: s.Cond, Then: block(body), Else: s.Else})
		}
		for _, c := range shrinkCond(s.Cond) {
			out = append(out, &protocol.If{Cond: c, Then: s.Then, Else: s.Else})
		}
	case *protocol.Assume:
		for _, c := range shrinkCond(s.Cond) {
			out = append(out, &protocol.Assume{Cond: c})
		}
	case *protocol.Block:
		for _, body := range allShrinks(s.Stmts) {
			out = append(out, block(body))
		}
	}
	return out
}

// shrinkExpr lists smaller versions of an expression; in a positive
// position (a step, a divisor) literals stay at least 1.
func shrinkExpr(e protocol.Expr, positive bool) []protocol.Expr {
	var out []protocol.Expr
	target := int64(0)
	if positive {
		target = 1
	}
	switch e := e.(type) {
	case *protocol.IntLit:
		v := e.Value
		seen := map[int64]bool{v: true}
		for _, w := range []int64{target, v / 2, v - sign(v)} {
			if !seen[w] && (!positive || w >= 1) && abs(w) <= abs(v) {
				seen[w] = true
				out = append(out, lit(w))
			}
		}
	case *protocol.Var, *protocol.Builtin:
		out = append(out, lit(target))
	case *protocol.Neg:
		out = append(out, e.X)
		for _, x := range shrinkExpr(e.X, false) {
			out = append(out, &protocol.Neg{X: x})
		}
	case *protocol.Binary:
		if v, ok := fold(e); ok {
			out = append(out, lit(v))
		}
		out = append(out, e.X)
		if e.Op != protocol.Div && e.Op != protocol.Mod {
			out = append(out, e.Y)
		}
		for _, x := range shrinkExpr(e.X, false) {
			out = append(out, bin(e.Op, x, e.Y))
		}
		for _, y := range shrinkExpr(e.Y, e.Op == protocol.Div || e.Op == protocol.Mod) {
			out = append(out, bin(e.Op, e.X, y))
		}
	case *protocol.Ite:
		out = append(out, e.Then, e.Else)
		for _, c := range shrinkCond(e.Cond) {
			out = append(out, &protocol.Ite{Cond: c, Then: e.Then, Else: e.Else})
		}
		for _, x := range shrinkExpr(e.Then, false) {
			out = append(out, &protocol.Ite{Cond: e.Cond, Then: x, Else: e.Else})
		}
		for _, x := range shrinkExpr(e.Else, false) {
			out = append(out, &protocol.Ite{Cond: e.Cond, Then: e.Then, Else: x})
		}
	case *protocol.Other:
		out = append(out, lit(target), e.X)
	case *protocol.Call:
		out = append(out, lit(target))
		for i, a := range e.Args {
			for _, x := range shrinkExpr(a, false) {
				args := slices.Clone(e.Args)
				args[i] = x
				out = append(out, &protocol.Call{Func: e.Func, Args: args})
			}
		}
	}
	return out
}

// shrinkCond lists smaller versions of a condition.
func shrinkCond(c protocol.Cond) []protocol.Cond {
	var out []protocol.Cond
	switch c := c.(type) {
	case *protocol.Cmp:
		out = append(out, &protocol.BoolLit{Value: true}, &protocol.BoolLit{Value: false})
		for _, x := range shrinkExpr(c.X, false) {
			out = append(out, cmp(c.Op, x, c.Y))
		}
		for _, y := range shrinkExpr(c.Y, false) {
			out = append(out, cmp(c.Op, c.X, y))
		}
	case *protocol.Not:
		out = append(out, c.X)
		for _, x := range shrinkCond(c.X) {
			out = append(out, &protocol.Not{X: x})
		}
	case *protocol.Logic:
		out = append(out, c.X, c.Y)
		for _, x := range shrinkCond(c.X) {
			out = append(out, &protocol.Logic{Op: c.Op, X: x, Y: c.Y})
		}
		for _, y := range shrinkCond(c.Y) {
			out = append(out, &protocol.Logic{Op: c.Op, X: c.X, Y: y})
		}
	}
	return out
}

// fold evaluates an operation on two small literals.
func fold(e *protocol.Binary) (int64, bool) {
	x, ok1 := e.X.(*protocol.IntLit)
	y, ok2 := e.Y.(*protocol.IntLit)
	if !ok1 || !ok2 || abs(x.Value) > 1<<20 || abs(y.Value) > 1<<20 {
		return 0, false
	}
	switch e.Op {
	case protocol.Add:
		return x.Value + y.Value, true
	case protocol.Sub:
		return x.Value - y.Value, true
	case protocol.Mul:
		return x.Value * y.Value, true
	}
	if y.Value == 0 {
		return 0, false
	}
	if e.Op == protocol.Div {
		return x.Value / y.Value, true // C's division, like Go's
	}
	return x.Value % y.Value, true
}

func sign(v int64) int64 {
	switch {
	case v > 0:
		return 1
	case v < 0:
		return -1
	}
	return 0
}

func abs(v int64) int64 {
	if v < 0 {
		if v == math.MinInt64 {
			return math.MaxInt64
		}
		return -v
	}
	return v
}

// Stats counts outcomes of a property, to show in the test log that the
// generated cases exercise both sides of an "if and only if".
type Stats map[string]int

func (s Stats) String() string {
	keys := make([]string, 0, len(s))
	for k := range s {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s %d", k, s[k])
	}
	return strings.Join(parts, ", ")
}

// Features lists the constructs of a case that matter to the pipeline, for
// the statistics of a property.
func Features(c *Case) []string {
	set := map[string]bool{}
	if c.LockStep {
		set["lock-step"] = true
	}
	var walk func(sts []protocol.Stmt, top, inSyncLoop bool)
	walk = func(sts []protocol.Stmt, top, inSyncLoop bool) {
		for _, s := range sts {
			switch s := s.(type) {
			case *protocol.Sync:
				if s.Scope == protocol.ScopeWarp {
					set["warp sync"] = true
				}
				if s.Fence != protocol.FenceAll {
					set["fenced sync"] = true
				}
			case *protocol.Assume:
				if top {
					set["top-level assume"] = true
				} else {
					set["nested assume"] = true
				}
			case *protocol.Loop:
				synced := protocol.HasSync(s.Body)
				if s.Step != nil {
					set["step"] = true
				}
				if synced {
					set["sync loop"] = true
					if protocol.UsesBuiltin(s.Lo, protocol.ThreadIdx) || protocol.UsesBuiltin(s.Hi, protocol.ThreadIdx) {
						set["sync loop, thread-dependent bounds"] = true
					}
					if inSyncLoop {
						set["nested sync loop"] = true
					}
				}
				walk(s.Body.Stmts, false, inSyncLoop || synced)
			case *protocol.If:
				if protocol.HasSync(s) {
					set["sync if"] = true
					if protocol.UsesBuiltin(s.Cond, protocol.ThreadIdx) {
						set["sync if, thread-dependent"] = true
					}
					if inSyncLoop {
						set["sync if in sync loop"] = true
					}
				}
				walk(s.Then.Stmts, false, inSyncLoop)
				if s.Else != nil {
					walk(s.Else.Stmts, false, inSyncLoop)
				}
			case *protocol.Block:
				walk(s.Stmts, false, inSyncLoop)
			}
		}
	}
	walk(append(slices.Clone(c.Pre), c.Body...), true, false)
	if c.height() > 1 {
		set["2-D block"] = true
	}
	var out []string
	for k := range set {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

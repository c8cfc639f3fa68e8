package cudagen

import (
	"errors"
	"fmt"
	"math/rand"
	"reflect"
	"regexp"
	"strings"

	"github.com/leanovate/gopter"
)

// Case is one generated kernel with its concrete launch and parameter
// values.
type Case struct {
	// Name is a C identifier, unique in a batch with high probability
	// (Rename makes it so for sure); it is also the kernel's name.
	Name string
	// Source is the CUDA text: structs, __device__ functions and one
	// __global__ function named Kernel. It has no #include, no macro and no
	// main, so that a caller can wrap it in "namespace Name { ... }" and
	// concatenate many cases into one file.
	Source string
	Kernel string
	// Block and Grid are the launch: 1 to 64 threads per block, 1 to 4
	// blocks.
	Block, Grid [3]int
	// WarpSize is the number of threads of a warp (2, 4, 8 or 32): what
	// warpSize evaluates to and which threads __syncwarp() orders, for the
	// oracle (exec.Case.WarpSize) and for drfcheck (--warp-size).
	WarpSize int
	// Params are the kernel's parameters in signature order.
	Params []Param
	// Host names the host program's function in Source (genhost.go),
	// which launches the kernel itself: drfcheck reads the launch from it
	// (no -b, -g, -p) and the oracle runs it (exec.Case.Host). "" for
	// none.
	Host string

	// Expect is the verdict of the package's own interpreter for this
	// launch; Race describes the first race it found (empty if none).
	Expect Verdict
	Race   string
	// Harmful says that some race of the interpreter's is not benign: not
	// two writes of the same bytes (harmful.go).
	Harmful bool

	prog *Program
}

// Param is one kernel parameter.
type Param struct {
	Name string
	// Type as in the signature: "int", "unsigned", "int *", "unsigned *",
	// "float *", "Pair *", "Rec *", "Cfg".
	Type string
	// Pointer parameters point to Len elements of global memory, zero or
	// Init.
	Pointer bool
	Len     int
	Init    []int64
	// Value is a C++ initializer of a scalar or struct parameter: "5",
	// "7u", "Cfg{3, 4}".
	Value string
	// Fix gives the values to pass the static checker as -p NAME=VALUE:
	// {"n": 5}, or {"cfg_base": 3, "cfg_len": 4} for a struct parameter.
	// It is nil for a Symbolic parameter.
	Fix map[string]int64
	// Symbolic parameters (int and unsigned) are left unknown to the
	// static checker, which must then answer for every value (Var.Free).
	Symbolic bool
	// Buffers are the global memory a struct parameter's array of
	// pointers points to, one pointer parameter each, named $0, $1, ... in
	// Value (exec.Param.Buffers): "Bufs{{$0, $1}, 3}".
	Buffers []Param
}

// Size limits of arrays.
const (
	maxShared = 1024 // elements of a shared array
	maxDim2   = 64   // each dimension of a two-dimensional shared array
	maxGlobal = 4096 // elements of a global array
	maxLocal  = 64   // elements of a local array
	maxMember = 16   // elements of a struct's array member
)

var identRE = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// finalize prunes what the kernel does not use, checks the program, runs
// it, sizes every array to the indices it is accessed at, and prints it.
// It modifies p.
func finalize(p *Program) (*Case, error) {
	prune(p)
	ti, err := typecheck(p)
	if err != nil {
		return nil, err
	}
	res, err := runHost(p, ti)
	if err != nil {
		return nil, err
	}
	literalIndices(p, res.fits)
	if err := applyFits(p, res.fits); err != nil {
		return nil, err
	}
	c := &Case{
		Name:     p.Kernel.Name,
		Kernel:   p.Kernel.Name,
		Block:    p.Block,
		Grid:     p.Grid,
		WarpSize: p.warp(),
		Expect:   res.Verdict,
		Harmful:  res.Harmful,
		prog:     p,
	}
	if res.Race != nil {
		c.Race = res.Race.String()
	}
	if res.Verdict == Divergent {
		c.Race = fmt.Sprintf("barrier divergence in block %d; %s", res.DivBlock, c.Race)
	}
	c.Source = p.Print()
	if host, _ := hostText(p); host != "" {
		c.Source += host
		c.Host = hostFn
	}
	for _, v := range p.Kernel.Params {
		c.Params = append(c.Params, paramOf(v))
	}
	return c, nil
}

func paramOf(v *Var) Param {
	p := Param{Name: v.Name, Type: v.T.String()}
	switch v.T.K {
	case KPtr:
		p.Pointer = true
		p.Len = v.Len
		if v.Input {
			for j := 0; j < v.Len; j++ {
				p.Init = append(p.Init, v.initAt(int64(j)))
			}
		}
	case KStruct:
		p.Fix = map[string]int64{}
		var vals []string
		for i, f := range v.T.S.Fields {
			if f.Arr {
				var val string
				p.Buffers, val = bufParams(v)
				vals = append(vals, val)
				continue
			}
			p.Fix[v.Name+"_"+f.Name] = v.Vals[i]
			vals = append(vals, fmt.Sprint(v.Vals[i]))
		}
		p.Value = v.T.String() + "{" + strings.Join(vals, ", ") + "}"
	case KUint:
		p.Value = fmt.Sprintf("%du", v.Vals[0])
		p.Fix = map[string]int64{v.Name: v.Vals[0]}
	default:
		p.Value = fmt.Sprint(v.Vals[0])
		p.Fix = map[string]int64{v.Name: v.Vals[0]}
	}
	if v.Free && (v.T.K == KInt || v.T.K == KUint) {
		p.Fix, p.Symbolic = nil, true
	}
	return p
}

func applyFits(p *Program, fits map[any]*fit) error {
	size := func(key any, dim int) int {
		f := fits[key]
		if f == nil {
			return 1
		}
		n := f.max[dim] + 1
		if dim == 0 {
			n = max(n, f.ptr)
		}
		return int(max(n, 1))
	}
	for _, v := range p.Kernel.Params {
		if v.T.K == KPtr {
			v.Len = max(size(v, 0), v.MinLen)
			if v.Len > maxGlobal {
				return fmt.Errorf("global array %s of %d elements", v.Name, v.Len)
			}
		}
	}
	if err := fitMore(p, size); err != nil {
		return err
	}
	var err error
	walkProgram(p, func(s Stmt) {
		d, ok := s.(*Decl)
		if !ok {
			return
		}
		v := d.V
		switch {
		case v.Kind == VShared && len(v.Dims) == 1:
			v.Dims[0] = max(size(v, 0), v.MinLen)
			if v.Dims[0] > maxShared {
				err = fmt.Errorf("shared array %s of %d elements", v.Name, v.Dims[0])
			}
		case v.Kind == VShared && len(v.Dims) == 2:
			v.Dims[0], v.Dims[1] = size(v, 0), size(v, 1)
			if v.Dims[0] > maxDim2 || v.Dims[1] > maxDim2 {
				err = fmt.Errorf("shared array %s of %dx%d elements", v.Name, v.Dims[0], v.Dims[1])
			}
		case v.Kind == VLocalArr && v.T.K != KStruct: // (an array of structs has its constructors run: fixed)
			v.Dims[0] = size(v, 0)
			if v.Dims[0] > maxLocal {
				err = fmt.Errorf("local array %s of %d elements", v.Name, v.Dims[0])
			}
		}
	}, nil)
	for _, s := range p.Structs {
		for _, f := range s.Fields {
			if f.Arr {
				f.Len = size(f, 0)
				if f.Len > maxMember {
					err = fmt.Errorf("array member %s of %d elements", f.Name, f.Len)
				}
			}
		}
	}
	distinctInstances(p)
	return err
}

// literalIndices adds the literal indices of the program, executed or not,
// to the fits: clang warns about a constant index past the end of an
// array even in code that never runs.
func literalIndices(p *Program, fits map[any]*fit) {
	note := func(key any, dim int, e Expr) {
		v, ok := constInt(e)
		if !ok || v < 0 || v > maxIndex {
			return
		}
		f := fits[key]
		if f == nil {
			f = &fit{max: [2]int64{-1, -1}}
			fits[key] = f
		}
		f.max[dim] = max(f.max[dim], v)
	}
	walkProgram(p, nil, func(e Expr) {
		switch e := e.(type) {
		case *Index:
			switch x := e.X.(type) {
			case *Member:
				if x.F.Arr {
					note(x.F, 0, e.I)
				}
			case *VarRef:
				if x.V.isArray() && x.V.Kind != VDyn {
					note(x.V, 0, e.I)
				}
			}
		case *Index2:
			note(e.V, 0, e.I)
			note(e.V, 1, e.J)
		case *Row:
			note(e.V, 0, e.I)
		case *MemOp:
			// clang warns about a constant-sized memcpy or memset past
			// the end of an array at a constant offset
			n, ok := constInt(e.N)
			if !ok || n <= 0 || n > maxMemBytes {
				break
			}
			ends := []Expr{e.Dst}
			if !e.Set {
				ends = append(ends, e.Src)
			}
			for _, x := range ends {
				if v, b, ok := constBytes(x); ok && b >= 0 {
					note(v, 0, intLit((b+n-1)/(4*int64(v.T.words()))))
				}
			}
		}
	})
}

// constBytes resolves a pointer argument of memcpy or memset to a
// one-dimensional array and a constant offset in bytes, when the text
// gives them.
func constBytes(e Expr) (*Var, int64, bool) {
	switch e := e.(type) {
	case *ByteAddr:
		v, b, ok := constBytes(e.X)
		if !ok {
			return nil, 0, false
		}
		if e.Off != nil {
			k, ok := constInt(e.Off)
			if !ok {
				return nil, 0, false
			}
			b += k
		}
		return v, b, true
	case *VarRef:
		v := e.V
		if v.isArray() && v.Kind != VDyn && len(v.Dims) == 1 && (v.T.K != KStruct || v.T.S.fixedSize()) {
			return v, 0, true
		}
	case *Binary:
		if e.Op == "+" {
			v, b, ok := constBytes(e.X)
			k, ok2 := constInt(e.Y)
			if ok && ok2 {
				return v, b + 4*int64(v.T.words())*k, true
			}
		}
	case *AddrOf:
		if ix, ok := e.X.(*Index); ok {
			v, b, ok := constBytes(ix.X)
			k, ok2 := constInt(ix.I)
			if ok && ok2 {
				return v, b + 4*int64(v.T.words())*k, true
			}
		}
	}
	return nil, 0, false
}

// constInt folds an integral constant expression (as clang does for its
// warnings); ok is false when e is not one.
func constInt(e Expr) (int64, bool) {
	switch e := e.(type) {
	case *Lit:
		return e.I, e.T.integral()
	case *Cast:
		x, ok := constInt(e.X)
		if !ok || !e.T.integral() {
			return 0, false
		}
		return convertInt(x, e.T), true
	case *Unary:
		x, ok := constInt(e.X)
		switch {
		case !ok:
		case e.Op == "-":
			return -x, true
		case e.Op == "~":
			return ^x, true
		}
	case *MinMax:
		x, ok1 := constInt(e.X)
		y, ok2 := constInt(e.Y)
		if ok1 && ok2 {
			if e.Max {
				return max(x, y), true
			}
			return min(x, y), true
		}
	case *Binary:
		x, ok1 := constInt(e.X)
		y, ok2 := constInt(e.Y)
		if !ok1 || !ok2 {
			return 0, false
		}
		switch e.Op {
		case "+":
			return x + y, true
		case "-":
			return x - y, true
		case "*":
			return x * y, true
		case "/":
			if y != 0 {
				return x / y, true
			}
		case "%":
			if y != 0 {
				return x % y, true
			}
		case "&":
			return x & y, true
		case "|":
			return x | y, true
		case "^":
			return x ^ y, true
		case "<<":
			if y >= 0 && y < 32 {
				return x << y, true
			}
		case ">>":
			if y >= 0 && y < 32 {
				return x >> y, true
			}
		}
	}
	return 0, false
}

// prune removes kernel parameters, shared declarations, device functions
// and structs that nothing uses.
func prune(p *Program) {
	usedVar := map[*Var]bool{}
	usedFn := map[*Func]bool{}
	usedStruct := map[*Struct]bool{}
	var markType func(t *Type)
	var visitFn func(f *Func)
	markType = func(t *Type) {
		switch t.K {
		case KPtr:
			markType(t.Elem)
		case KStruct:
			if usedStruct[t.S] {
				return
			}
			usedStruct[t.S] = true
			// its base, members and constructors (genctor.go)
			if t.S.Base != nil {
				markType(&Type{K: KStruct, S: t.S.Base})
			}
			for _, f := range t.S.Fields {
				markType(f.T)
			}
			for _, f := range t.S.Ctors {
				visitFn(f)
			}
		}
	}
	visitFn = func(f *Func) {
		if usedFn[f] {
			return
		}
		usedFn[f] = true
		markType(f.Ret)
		for _, v := range f.Params {
			markType(v.T)
		}
		for _, a := range f.Inits {
			walkStmt(a, nil, func(e Expr) {
				if r, ok := e.(*VarRef); ok {
					usedVar[r.V] = true
				}
			})
		}
		walkBlock(f.Body, func(s Stmt) {
			if d, ok := s.(*Decl); ok {
				markType(d.V.T)
			}
		}, func(e Expr) {
			switch e := e.(type) {
			case *VarRef:
				usedVar[e.V] = true
			case *Index2:
				usedVar[e.V] = true
			case *Row:
				usedVar[e.V] = true
			case *Call:
				visitFn(e.F)
			case *FnRef:
				visitFn(e.F)
			case *Cast:
				markType(e.T)
			}
		})
	}
	visitFn(p.Kernel)
	delete(usedFn, p.Kernel)
	var params []*Var
	for _, v := range p.Kernel.Params {
		if usedVar[v] {
			params = append(params, v)
		}
	}
	p.Kernel.Params = params
	var globals []*Var
	for _, v := range p.Globals {
		if usedVar[v] {
			globals = append(globals, v)
		}
	}
	p.Globals = globals
	var body []Stmt
	for _, s := range p.Kernel.Body.Stmts {
		if d, ok := s.(*Decl); ok && (d.V.Kind == VShared || d.V.Kind == VDyn) && !usedVar[d.V] {
			continue
		}
		body = append(body, s)
	}
	p.Kernel.Body.Stmts = body
	var fns []*Func
	for _, f := range p.Funcs {
		if usedFn[f] {
			fns = append(fns, f)
		}
	}
	p.Funcs = fns
	// structs used by what remains
	usedStruct = map[*Struct]bool{}
	for _, v := range p.Kernel.Params {
		markType(v.T)
	}
	for _, f := range append(fns, p.Kernel) {
		markType(f.Ret)
		for _, v := range f.Params {
			markType(v.T)
		}
		walkBlock(f.Body, func(s Stmt) {
			if d, ok := s.(*Decl); ok {
				markType(d.V.T)
			}
		}, func(e Expr) {
			if c, ok := e.(*Cast); ok {
				markType(c.T)
			}
		})
	}
	var structs []*Struct
	for _, s := range p.Structs {
		if usedStruct[s] {
			structs = append(structs, s)
		}
	}
	p.Structs = structs
}

// walkProgram visits every statement and expression of the program.
func walkProgram(p *Program, fs func(Stmt), fe func(Expr)) {
	for _, s := range p.Structs {
		for _, f := range s.Ctors {
			for _, a := range f.Inits {
				walkStmt(a, fs, fe)
			}
			walkBlock(f.Body, fs, fe)
		}
	}
	for _, f := range p.Funcs {
		walkBlock(f.Body, fs, fe)
	}
	walkBlock(p.Kernel.Body, fs, fe)
}

func walkBlock(b *Block, fs func(Stmt), fe func(Expr)) {
	for _, s := range b.Stmts {
		walkStmt(s, fs, fe)
	}
}

func walkStmt(s Stmt, fs func(Stmt), fe func(Expr)) {
	if s == nil {
		return
	}
	if fs != nil {
		fs(s)
	}
	ex := func(e Expr) {
		if e != nil {
			walkExpr(e, fe)
		}
	}
	switch s := s.(type) {
	case *Decl:
		ex(s.Init)
	case *Assign:
		ex(s.L)
		ex(s.R)
	case *IncDec:
		ex(s.L)
	case *ExprStmt:
		ex(s.X)
	case *If:
		ex(s.C)
		walkBlock(s.Then, fs, fe)
		if s.Else != nil {
			walkBlock(s.Else, fs, fe)
		}
	case *For:
		walkStmt(s.Init, fs, fe)
		ex(s.C)
		walkStmt(s.Post, fs, fe)
		walkBlock(s.Body, fs, fe)
	case *While:
		ex(s.C)
		walkBlock(s.Body, fs, fe)
	case *DoWhile:
		walkBlock(s.Body, fs, fe)
		ex(s.C)
	case *Switch:
		ex(s.X)
		for _, c := range s.Cases {
			for _, t := range c.Body {
				walkStmt(t, fs, fe)
			}
		}
	case *Return:
		ex(s.X)
	case *Sync:
		for _, inv := range s.Invs {
			ex(inv.C)
			for _, e := range inv.Insts {
				ex(e)
			}
		}
	case *Block:
		walkBlock(s, fs, fe)
	}
}

func walkExpr(e Expr, fe func(Expr)) {
	if e == nil {
		return
	}
	if fe != nil {
		fe(e)
	}
	if se, ok := e.(*StmtExpr); ok {
		// the expressions of its statements too
		for _, s := range se.Stmts {
			walkStmt(s, nil, fe)
		}
	}
	for _, c := range children(e) {
		walkExpr(c, fe)
	}
}

// children lists the subexpressions of an expression.
func children(e Expr) []Expr {
	switch e := e.(type) {
	case *Index:
		return []Expr{e.X, e.I}
	case *Index2:
		return []Expr{e.I, e.J}
	case *Row:
		return []Expr{e.I}
	case *Member:
		return []Expr{e.X}
	case *Deref:
		return []Expr{e.X}
	case *AddrOf:
		return []Expr{e.X}
	case *Unary:
		return []Expr{e.X}
	case *Binary:
		return []Expr{e.X, e.Y}
	case *Cond:
		return []Expr{e.C, e.X, e.Y}
	case *Cast:
		return []Expr{e.X}
	case *VecLane:
		return []Expr{e.X, e.I}
	case *Call:
		return e.Args
	case *MinMax:
		return []Expr{e.X, e.Y}
	case *Atomic:
		if e.W != nil {
			return []Expr{e.P, e.V, e.W}
		}
		return []Expr{e.P, e.V}
	case *SyncPred:
		return []Expr{e.X}
	case *ByteAddr:
		if e.Off != nil {
			return []Expr{e.X, e.Off}
		}
		return []Expr{e.X}
	case *MemOp:
		return []Expr{e.Dst, e.Src, e.N}
	case *LayoutOp:
		return []Expr{e.Buf}
	case *StmtExpr:
		// (its statements are walked by walkExpr)
		return []Expr{e.X}
	case *Lambda:
		return []Expr{e.Body}
	case *LambdaCall:
		return e.Args
	case *HCall:
		return e.Args
	case *AtomOp:
		if e.X != nil {
			return append([]Expr{e.X}, e.Args...)
		}
		return e.Args
	}
	return nil
}

// String prints the case: a header comment with the launch, the
// parameters and the drfcheck command line, then the source.
func (c *Case) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "// %s: blockDim=(%d,%d,%d) gridDim=(%d,%d,%d) warpSize=%d; interpreter: %s", c.Name,
		c.Block[0], c.Block[1], c.Block[2], c.Grid[0], c.Grid[1], c.Grid[2], c.WarpSize, c.Expect)
	if c.Race != "" {
		fmt.Fprintf(&b, " (%s)", c.Race)
	}
	b.WriteString("\n")
	var ps, flags []string
	for _, p := range c.Params {
		switch {
		case p.Pointer:
			ps = append(ps, p.Name+" = "+p.memText())
		default:
			sym := ""
			if p.Symbolic {
				sym = " (symbolic for drfcheck)"
			}
			ps = append(ps, fmt.Sprintf("%s = %s%s", p.Name, p.Value, sym))
			for k, q := range p.Buffers {
				ps = append(ps, fmt.Sprintf("$%d = %s", k, q.memText()))
			}
			for _, k := range sortedKeys(p.Fix) {
				flags = append(flags, fmt.Sprintf("-p %s=%d", k, p.Fix[k]))
			}
		}
	}
	if len(ps) > 0 {
		fmt.Fprintf(&b, "// params: %s\n", strings.Join(ps, ", "))
	}
	fmt.Fprintf(&b, "// drfcheck -b [%d,%d,%d] -g [%d,%d,%d] --warp-size=%d", c.Block[0], c.Block[1], c.Block[2], c.Grid[0], c.Grid[1], c.Grid[2], c.WarpSize)
	if len(flags) > 0 {
		b.WriteString(" " + strings.Join(flags, " "))
	}
	b.WriteString("\n")
	b.WriteString(c.Source)
	return b.String()
}

func sortedKeys(m map[string]int64) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	for i := range ks {
		for j := i + 1; j < len(ks); j++ {
			if ks[j] < ks[i] {
				ks[i], ks[j] = ks[j], ks[i]
			}
		}
	}
	return ks
}

// Rename gives the case (and its kernel) another name.
func (c *Case) Rename(name string) {
	if c.prog == nil {
		c.Name, c.Kernel = name, name
		return
	}
	c.prog.Kernel.Name = name
	c.Name, c.Kernel = name, name
	c.Source = c.prog.Print()
	if host, _ := hostText(c.prog); host != "" {
		c.Source += host
	}
}

// Valid checks the case's internal consistency: it was built by this
// package, its launch is within limits, and checking, running and
// printing its kernel again gives the same source, parameters and
// verdict (so it is well typed, terminates, has no undefined behaviour,
// and every index is within the arrays).
func Valid(c *Case) error {
	if c == nil || c.prog == nil {
		return errors.New("not a generated case")
	}
	if !identRE.MatchString(c.Name) || c.Kernel != c.Name {
		return fmt.Errorf("bad name %q", c.Name)
	}
	n, g := c.Block[0]*c.Block[1]*c.Block[2], c.Grid[0]*c.Grid[1]*c.Grid[2]
	if n < 1 || n > 64 || g < 1 || g > 4 || min(c.Block[0], c.Block[1], c.Block[2], c.Grid[0], c.Grid[1], c.Grid[2]) < 1 {
		return fmt.Errorf("launch %v %v out of limits", c.Block, c.Grid)
	}
	d, err := finalize(clone(c.prog))
	if err != nil {
		return err
	}
	if d.Source != c.Source {
		return errors.New("source does not match the kernel")
	}
	if d.Block != c.Block || d.Grid != c.Grid || d.WarpSize != c.WarpSize || d.Expect != c.Expect || !reflect.DeepEqual(d.Params, c.Params) {
		return errors.New("launch, parameters or verdict do not match the kernel")
	}
	return nil
}

// Gen returns the gopter generator of cases. Its results shrink with
// Shrink (every shrink is Valid), and a sieve drops invalid values.
func Gen() gopter.Gen {
	return func(p *gopter.GenParameters) *gopter.GenResult {
		c := New(p.Rng)
		res := gopter.NewGenResult(c, Shrink)
		res.Sieve = func(v any) bool {
			c, ok := v.(*Case)
			return ok && Valid(c) == nil
		}
		return res
	}
}

// New generates a case from a source of randomness; the same source state
// gives the same case.
func New(r *rand.Rand) *Case {
	return generate(r, -1)
}

// NewWithInvariant generates a case like New whose kernel holds a barrier
// invariant where its launch allows one (a block of one dimension and two
// threads or more; Constructs lists "barrier invariant" then).
func NewWithInvariant(r *rand.Rand) *Case {
	return generateWith(r, -1, true, false)
}

// NewWithPairPrecondition generates a case like New in a grid of one
// block whose kernel starts with a precondition about pairs of threads
// where its block has two threads or more (genpair.go; Constructs lists
// "precondition about pairs" then).
func NewWithPairPrecondition(r *rand.Rand) *Case {
	return generateWith(r, -1, false, true)
}

package ir

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/drfcheck/drfcheck/internal/infer/clang"
	"github.com/drfcheck/drfcheck/protocol"
)

// Kernels returns the __global__ functions of the main file that have a
// body, each instantiation of a template kernel as its own (the template
// itself is left out: it has no types to lower).
func Kernels(tu *clang.TU) []*clang.Node {
	var out []*clang.Node
	seen := map[string]bool{}
	tu.WalkDecls(func(n *clang.Node, _ string) bool {
		var fns []*clang.Node
		switch n.Kind {
		case "FunctionDecl":
			fns = []*clang.Node{n}
		case "FunctionTemplateDecl":
			pattern := true
			for _, c := range n.Inner {
				if c != nil && c.Kind == "FunctionDecl" {
					if !pattern {
						fns = append(fns, c) // the instantiations follow the pattern
					}
					pattern = false
				}
			}
		}
		for _, f := range fns {
			if f.IsKernel() && f.Body() != nil && !seen[f.ID] {
				seen[f.ID] = true
				out = append(out, f)
			}
		}
		return false
	})
	return out
}

// maxPasses bounds the lowering's passes: a pass that finds a pointer
// variable pointing to an object it did not expect (a loop's back edge
// bringing a later assignment to an earlier use) lowers the kernel again
// knowing it.
const maxPasses = 4

// Lower lowers one __global__ function of tu to the IR, inlining the
// device functions it calls. Constructs it does not support become Unknown
// statements and Opaque expressions; the error is reserved for a node that
// is not a function with a body.
func Lower(tu *clang.TU, fn *clang.Node) (*Func, error) { return LowerWith(tu, fn, Options{}) }

// Options are facts about a kernel's launch that change its lowering.
type Options struct {
	// Aliases maps a pointer the kernel's parameters carry (a slot: the
	// parameter's index, then the fields and constant elements of a
	// struct parameter that hold it: "1", "0.x", "0.c[2]") to an earlier
	// slot whose memory it points into, as a launch passes them
	// (k<<<g, b>>>(a, a + 1), or a struct whose two fields are one
	// buffer). Without it every slot is memory of its own, distinct from
	// the others.
	Aliases map[string]Alias
}

// Alias says that a slot points Off bytes past slot To; when Known is
// false, the offset is a parameter of its own (any value, the same for
// every thread).
type Alias struct {
	To    string
	Off   int64
	Known bool
}

// LowerWith is Lower with launch facts.
func LowerWith(tu *clang.TU, fn *clang.Node, opts Options) (*Func, error) {
	if fn == nil || fn.Body() == nil {
		return nil, fmt.Errorf("ir.Lower: not a function with a body")
	}
	ts := newTypes(tu)
	shared := &fileState{opts: opts, tu: tu, types: ts, defs: tu.Definitions(), cands: map[string][]target{}, funcs: map[string]*clang.Node{}, moved: map[string]bool{}, modified: map[string]map[string]bool{}}
	var f *Func
	for pass := 0; pass < maxPasses; pass++ {
		l := newLowerer(shared, fn)
		f = l.run()
		if !shared.changed {
			markSlots(f)
			ghostSnapshots(f)
			stickyGuards(f)
			return f, nil
		}
		shared.changed = false
	}
	f.Body.Stmts = append([]Stmt{&Unknown{At: f.At, Reason: "pointer targets did not settle: a pointer variable's targets kept growing"}}, f.Body.Stmts...)
	return f, nil
}

// fileState is what the passes over one kernel share.
type fileState struct {
	opts     Options
	tu       *clang.TU
	types    *types
	defs     map[string]*clang.Node
	cands    map[string][]target        // targets of each pointer variable, by its name
	changed  bool                       // a pass found a new target
	moved    map[string]bool            // pointer and variable target: the pointer may point inside the variable
	modified map[string]map[string]bool // per function: the variables it may modify
	virtuals map[string]bool            // names of the virtual methods of the file
	fileVars map[string]bool            // ids of the variables of namespace scope and static members
	funcs    map[string]*clang.Node     // functions whose address is taken, by id
}

// lowerer is one pass of the lowering of one kernel.
type lowerer struct {
	*fileState
	fn  *clang.Node
	f   *Func
	out *[]Stmt

	used    map[string]bool    // names given
	orig    map[string]string  // the name each given name was made from
	env     map[string]*object // C variables by declaration id
	objects map[string]*object // objects by name (the targets of pointers)
	bases   map[string]*Base   // memory by declaration id ("extern" for dynamic shared memory)
	byName  map[string]*Base
	stable  map[*Var]bool // variables assigned once: expressions over them can be substituted
	// ptrArrays holds the arrays of pointers that a kernel parameter
	// carries (float *p[4] in a struct passed by value) and never
	// modifies, with their type; elemBases the memory each element
	// points to, by array and index.
	ptrArrays map[*Base]ctype
	// slots is the memory of each pointer the parameters carry, by slot
	// (Options.Aliases); lazySlots the elements of arrays of pointers,
	// made when first read; arraySlot the slot of each such array
	slots     map[string]place
	lazySlots map[string]lazySlot
	arraySlot map[*Base]string
	// spaces is the memory a pointer parameter of an OpenCL kernel points
	// to, by slot, when not global: __local (Shared: a buffer of the
	// work-group the host sizes) or __constant
	spaces map[string]BaseKind
	// pending are the OpenCL async copies in flight: made, and not yet
	// waited for (asyncCopy); events numbers their events
	pending []pendingCopy
	// invariants are the barrier invariants written since the last
	// barrier: the next barrier takes them
	invariants  []*Invariant
	inInvariant int // how many barrier invariants are being lowered around the current point
	events      int64
	// eventIDs are the values of the events the copies return, and
	// eventVars the variables last assigned one, with its number
	eventIDs  map[Expr]int64
	eventVars map[*Var]int64
	eventMem  map[string]int64 // cells of private arrays holding one, by base and offset
	temps     int

	site  *clang.Node   // the outermost call in the main file while inlining code from elsewhere
	stack []*clang.Node // functions being inlined
	jumps []jumpTarget  // what break refers to, innermost last
	ret   *retContext   // the function being inlined, nil at the kernel's level
	this  *ptrv         // the object of the method being inlined
	here  protocol.Pos  // where code made for no node of its own goes (a copy's element accesses)

	closures map[string]*closure    // variables holding a lambda, by declaration id
	bindings map[string]*clang.Node // structured bindings: the expression each names, by id
}

// jumpTarget is what a break leaves: a loop, or a switch region.
type jumpTarget struct {
	region *Region // nil for a loop
}

// retContext is the inlined function that return statements leave.
type retContext struct {
	region *Region
	result *object // nil for void
	byRef  bool    // the function returns a reference: result is a pointer object
	last   *clang.Node
}

func newLowerer(s *fileState, fn *clang.Node) *lowerer {
	return &lowerer{fileState: s, fn: fn, used: map[string]bool{}, orig: map[string]string{}, closures: map[string]*closure{}, bindings: map[string]*clang.Node{}, env: map[string]*object{},
		objects: map[string]*object{}, bases: map[string]*Base{}, byName: map[string]*Base{}, stable: map[*Var]bool{}}
}

func (l *lowerer) run() *Func {
	l.f = &Func{At: l.pos(l.fn), Name: l.fn.Name, Body: &Block{At: l.pos(l.fn.Body())}}
	if args := l.fn.TemplateArgs(); args != "" {
		l.f.Name += args
	}
	l.out = &l.f.Body.Stmts
	l.stack = []*clang.Node{l.fn}
	mod := l.modifiedIn(l.fn)
	for i, p := range l.fn.Params() {
		l.param(p, mod[p.ID], strconv.Itoa(i))
	}
	for _, e := range l.axioms() {
		l.emit(&Assume{At: l.pos(e), Cond: l.cond(e), Requires: true})
	}
	l.block(l.fn.Body())
	for _, inv := range l.invariants {
		l.emit(&Unknown{At: inv.At, Reason: "a barrier invariant with no barrier after it"})
	}
	return l.f
}

// axioms returns the conditions of the file's __axiom(e) declarations
// (GPUVerify's: a fact about the launch, such as blockIdx.x == 16, that
// holds for every kernel of the file). The prelude spells each as a device
// function __axiomN returning e; each kernel takes e as a precondition,
// with the same trust as its own __requires.
func (l *lowerer) axioms() []*clang.Node {
	var out []*clang.Node
	l.tu.WalkDecls(func(d *clang.Node, _ string) bool {
		if d.Kind != "FunctionDecl" || !axiomName.MatchString(d.Name) || d.Body() == nil {
			return false
		}
		if r := d.Body().Child(0); r != nil && r.Kind == "ReturnStmt" && r.Child(0) != nil {
			out = append(out, r.Child(0))
		}
		return false
	})
	return out
}

var axiomName = regexp.MustCompile(`^__axiom[0-9]+$`)

// ---- positions and names ----

// pos returns a node's position in the user's file: its own when it is in
// the main file (a macro's expansion counts), else the call being inlined.
func (l *lowerer) pos(n *clang.Node) protocol.Pos {
	if n == nil && l.here.IsValid() {
		return l.here
	}
	if n != nil {
		for _, loc := range []*clang.Loc{&n.Range.Begin, &n.Loc} {
			if a := loc.At(); l.tu.InMain(a) {
				return protocol.Pos{File: a.File, Line: a.Line, Col: a.Col}
			}
		}
	}
	if l.site != nil && l.site != n {
		return l.pos(l.site)
	}
	if l.fn != nil && n != l.fn {
		return l.pos(l.fn)
	}
	return protocol.Pos{File: l.tu.MainFile, Line: 1, Col: 1}
}

// name returns a name not given yet in the function: base, or base_1...
func (l *lowerer) name(base string) string {
	if base == "" {
		base = "v"
	}
	n := base
	for i := 1; l.used[n]; i++ {
		n = fmt.Sprintf("%s_%d", base, i)
	}
	l.used[n] = true
	l.orig[n] = base
	return n
}

func (l *lowerer) newVar(at protocol.Pos, name string, t Type, kind VarKind) *Var {
	v := &Var{At: at, Name: name, CName: name, T: t, Kind: kind}
	if o, ok := l.orig[name]; ok {
		v.CName = o
	}
	if kind == Param {
		l.f.Params = append(l.f.Params, v)
	} else {
		l.f.Vars = append(l.f.Vars, v)
	}
	return v
}

// temp makes a temporary variable, assigned once.
func (l *lowerer) temp(at protocol.Pos, t Type) *Var {
	l.temps++
	for l.used[fmt.Sprintf("t%d", l.temps)] {
		l.temps++
	}
	v := l.newVar(at, l.name(fmt.Sprintf("t%d", l.temps)), t, Temp)
	l.stable[v] = true
	return v
}

// newBase makes a base; name must be unique already.
func (l *lowerer) newBase(at protocol.Pos, name string, kind BaseKind, t ctype) *Base {
	b := &Base{At: at, Name: name, Kind: kind}
	l.used[name] = true
	elem := t
	for elem.kind == cArray {
		b.Dims = append(b.Dims, elem.n)
		elem = elem.pointee()
	}
	b.Elem, b.Size = cellType(elem), elem.size
	if elem.kind == cPtr {
		b.Size = 8
	}
	l.f.Bases = append(l.f.Bases, b)
	l.byName[b.Name] = b
	return b
}

// ---- emitting ----

func (l *lowerer) emit(s ...Stmt) {
	*l.out = append(*l.out, s...)
	for _, x := range s {
		switch x := x.(type) {
		case *Barrier:
			x.Invariants, l.invariants = l.invariants, nil
			if x.Fence != protocol.FenceNone {
				// an async copy in flight goes on past the barrier
				for _, p := range l.pending {
					*l.out = append(*l.out, p.copy)
				}
			}
		case *Assign, *Store, *Load:
			if l.eventIDs != nil {
				l.trackEvent(x)
			}
		}
	}
}

// into runs f with statements going to a new list, which it returns.
func (l *lowerer) into(f func()) []Stmt {
	var sts []Stmt
	saved := l.out
	l.out = &sts
	f()
	l.out = saved
	return sts
}

func (l *lowerer) unknown(n *clang.Node, format string, args ...any) {
	l.emit(&Unknown{At: l.pos(n), Reason: fmt.Sprintf(format, args...)})
}

// note records an assumption of the lowering, at the first node that
// needs it.
func (l *lowerer) note(n *clang.Node, format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	for _, o := range l.f.Notes {
		if o.Message == msg {
			return
		}
	}
	l.f.Notes = append(l.f.Notes, Note{At: l.pos(n), Message: msg})
}

func (l *lowerer) opaque(n *clang.Node, t Type, format string, args ...any) Expr {
	return &Opaque{At: l.pos(n), Reason: fmt.Sprintf(format, args...), T: t}
}

func (l *lowerer) text(n *clang.Node) string {
	if t := l.tu.Text(n); t != "" {
		return t
	}
	if l.site != nil {
		return l.tu.Text(l.site)
	}
	return ""
}

// isStable reports whether an expression reads only variables assigned
// once, so that it has the same value wherever it is used afterwards.
func (l *lowerer) isStable(e Expr) bool {
	ok := true
	if e == nil {
		return true
	}
	Inspect(e, func(n Node) bool {
		if r, isRef := n.(*Ref); isRef && !l.stable[r.Var] {
			ok = false
		}
		return ok
	})
	return ok
}

// ---- which variables a function modifies ----

// modifiedIn returns the ids of the variables of a function that are used
// otherwise than read: assigned, incremented, bound to a reference, their
// address taken. The others keep the value they were initialized with.
func (l *lowerer) modifiedIn(fn *clang.Node) map[string]bool {
	if m, ok := l.modified[fn.ID]; ok {
		return m
	}
	m := map[string]bool{}
	decomposed := map[string]string{} // a structured binding's variable, by the binding's id
	var walk func(n *clang.Node, parents []*clang.Node)
	walk = func(n *clang.Node, parents []*clang.Node) {
		if n == nil {
			return
		}
		if n.Kind == "DecompositionDecl" {
			for _, b := range n.Inner {
				if b != nil && b.Kind == "BindingDecl" {
					decomposed[b.ID] = n.ID
				}
			}
		}
		if n.Kind == "DeclRefExpr" && n.Referenced != nil && !readOnlyUse(parents) {
			switch n.Referenced.Kind {
			case "VarDecl", "ParmVarDecl":
				m[n.Referenced.ID] = true
			case "BindingDecl":
				m[decomposed[n.Referenced.ID]] = true
			}
		}
		parents = append(parents, n)
		for _, c := range n.Inner {
			walk(c, parents)
		}
	}
	walk(fn.Body(), nil)
	l.modified[fn.ID] = m
	return m
}

// readOnlyUse reports whether a name is only read where it is used: under
// a conversion of the object to its value, possibly through the fields of
// a struct.
func readOnlyUse(parents []*clang.Node) bool {
	for i := len(parents) - 1; i >= 0; i-- {
		p := parents[i]
		switch {
		case p.Kind == "ParenExpr" || p.Kind == "ImplicitCastExpr" && p.CastKind == "NoOp":
		case p.Kind == "MemberExpr" && !p.IsArrow:
		case p.Kind == "ImplicitCastExpr" && p.CastKind == "ArrayToPointerDecay",
			p.Kind == "ArraySubscriptExpr", p.Kind == "ConditionalOperator":
			// an element of an array read where it is (a decayed array
			// reaches a subscript only as its base: an index is read
			// under its own LValueToRValue first), or one of the lvalues
			// a ?: chooses between (a condition is read before it is one)
		case p.Kind == "ImplicitCastExpr" && p.CastKind == "LValueToRValue":
			return true
		case p.Kind == "UnaryExprOrTypeTraitExpr":
			return true // sizeof: not evaluated
		case p.Kind == "CXXConstructExpr" && p.CtorType != nil && isCopyCtor(p.CtorType.QualType) && strings.Contains(p.CtorType.QualType, "const"):
			return true // a copy
		default:
			return false
		}
	}
	return false
}

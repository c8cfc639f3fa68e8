package infer

import (
	"fmt"
	"sort"

	"drfcheck/infer/clang"
	"drfcheck/protocol"
)

// array is an array of the protocol: a __shared__ variable, the memory a
// pointer parameter points to, or a __device__ or __constant__ variable.
type array struct {
	name   string
	kind   protocol.DeclKind
	dims   []int64 // sizes, outermost first; dims[0] may be 0 (unknown)
	elem   int64   // element size in bytes, 0 when unknown
	at     protocol.Pos
	flat   bool // some access needs one linear index: linearize them all
	scalar bool // a scalar variable: one element
}

// stride returns the number of elements between consecutive indices of
// dimension d, and whether it is known.
func (a *array) stride(d int) (int64, bool) {
	s := int64(1)
	for _, n := range a.dims[d+1:] {
		if n <= 0 {
			return 0, false
		}
		s *= n
	}
	return s, true
}

// kernel is what the inference of one kernel shares: the names it has
// declared, the arrays, and the locality of loop variables.
type kernel struct {
	tu    *clang.TU
	types *typeEnv
	path  string
	defs  map[string]*clang.Node

	names  *names
	perm   []declEntry // declarations made from the kernel's own declarations
	fresh  []declEntry // declarations of fresh unknowns; rolled back after trial runs
	kinds  map[string]protocol.DeclKind
	arrays map[string]*array // by declaration id ("extern" for dynamic shared memory)

	loopLocal map[string]bool // protocol loop variable -> its bounds are thread-local

	elemSizes map[string]int64       // element size of the variable behind each array
	funcs     map[string]string      // uninterpreted functions by operation
	enums     map[string]int64       // enumerator values, by declaration id
	records   map[string]*clang.Node // struct definitions by name
	pre       []protocol.Stmt        // preconditions (__requires)
	temps     int                    // temporaries made so far
	opaques   int                    // opaque values made so far (their ids)
	virtuals  map[string]bool        // names of the virtual methods of the file
	uses      [4][3]bool             // the builtin dimensions read (Kernel.Uses)
}

type declEntry struct {
	name string
	kind protocol.DeclKind
	at   protocol.Pos
}

func newKernel(tu *clang.TU, types *typeEnv, path string, defs map[string]*clang.Node) *kernel {
	return &kernel{tu: tu, types: types, path: path, defs: defs, names: newNames(),
		kinds: map[string]protocol.DeclKind{}, arrays: map[string]*array{},
		loopLocal: map[string]bool{}, elemSizes: map[string]int64{}, funcs: map[string]string{}}
}

// declarePerm declares a name made from a declaration of the kernel: it
// survives the rollback of trial runs.
func (k *kernel) declarePerm(base string, kind protocol.DeclKind, at protocol.Pos) string {
	name := k.names.permanent(base)
	k.perm = append(k.perm, declEntry{name, kind, at})
	k.kinds[name] = kind
	return name
}

// declareFresh declares a fresh unknown.
func (k *kernel) declareFresh(base string, kind protocol.DeclKind, at protocol.Pos) string {
	name := k.names.fresh(base)
	k.fresh = append(k.fresh, declEntry{name, kind, at})
	k.kinds[name] = kind
	return name
}

// mark is a point to roll back to after a trial run.
type mark struct {
	names int
	fresh int
	loops int
}

func (k *kernel) mark() mark {
	return mark{names: k.names.mark(), fresh: len(k.fresh)}
}

func (k *kernel) rollback(m mark) {
	for _, d := range k.fresh[m.fresh:] {
		delete(k.kinds, d.name)
		delete(k.loopLocal, d.name)
	}
	k.fresh = k.fresh[:m.fresh]
	for _, n := range k.names.rollback(m.names) {
		delete(k.loopLocal, n)
	}
}

// isLocal reports whether an expression or condition may differ between
// two threads of a block: it mentions threadIdx, a local, or the variable of
// a loop whose bounds are thread-local.
func (k *kernel) isLocal(n protocol.Node) bool {
	local := false
	protocol.Inspect(n, func(m protocol.Node) bool {
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
	return n != nil && protocol.UsesBuiltin(n, protocol.BlockIdx)
}

// finish makes the protocol file: the declarations that the body uses (in
// a fixed order: params, locals, shared and global arrays), with every
// access to a linearized array given one index.
func (k *kernel) finish(body []protocol.Stmt, unknowns []protocol.Unknown) *protocol.File {
	byName := map[string]*array{}
	for _, a := range k.arrays {
		byName[a.name] = a
	}
	for _, acc := range protocol.Accesses(&protocol.Block{Stmts: body}) {
		if a := byName[acc.Array]; a != nil && a.flat && len(acc.Index) > 1 {
			acc.Index = []protocol.Expr{linearize(a, acc.Index, acc.At)}
		}
	}
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
	sort.SliceStable(f.Unknowns, func(i, j int) bool { return f.Unknowns[i].At.Before(f.Unknowns[j].At) })
	return f
}

// linearize turns one index per dimension into the index of the element in
// the array's row-major layout.
func linearize(a *array, idx []protocol.Expr, at protocol.Pos) protocol.Expr {
	var sum protocol.Expr = lit(at, 0)
	for d, e := range idx {
		s, _ := a.stride(d)
		sum = add(at, sum, mul(at, e, lit(at, s)))
	}
	return sum
}

// names hands out names that are unique in a protocol and not reserved in
// the .prot language: the C name when free, then name_1, name_2...
type names struct {
	used map[string]bool
	log  []string // fresh names in order, for rollback
}

var reserved = map[string]bool{
	"tid": true, "threadIdx": true, "blockIdx": true, "blockDim": true, "gridDim": true, "for": true, "in": true,
	"step": true, "if": true, "else": true, "assume": true, "sync": true, "rd": true, "wr": true, "atomic": true,
	"true": true, "false": true, "param": true, "local": true, "shared": true, "global": true,
}

func newNames() *names { return &names{used: map[string]bool{}} }

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
	for i := 1; ; i++ {
		n := fmt.Sprintf("%s_%d", base, i)
		if !ns.used[n] && !reserved[n] {
			return n
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
// share a name (the analysis keeps the C name of each loop for witnesses);
// declarations made later avoid it.
func (ns *names) loopVar(base string, taken func(string) bool) string {
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
		delete(ns.used, n)
	}
	ns.log = ns.log[:m]
	return freed
}

// opaque returns a new unmodelled value, distinct from every other.
func (k *kernel) opaque(local, block bool) opaqueVal {
	k.opaques++
	return opaqueVal{local: local, block: block, id: k.opaques}
}

// virtualName reports whether a method of this name is declared virtual in
// some class of the file.
func (k *kernel) virtualName(name string) bool {
	if k.virtuals == nil {
		k.virtuals = map[string]bool{}
		k.tu.WalkDecls(func(n *clang.Node, _ string) bool {
			if n.Kind == "CXXMethodDecl" && n.Virtual {
				k.virtuals[n.Name] = true
			}
			return n.Kind == "CXXRecordDecl" || n.Kind == "ClassTemplateDecl" || n.Kind == "ClassTemplateSpecializationDecl"
		})
	}
	return k.virtuals[name]
}

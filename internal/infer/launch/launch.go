// Package launch reads the host code of a CUDA file for the launches of its
// kernels: each kernel<<<grid, block, shmem, stream>>>(args...) and each
// cudaLaunchKernel / cudaLaunchCooperativeKernel call, with the sizes and
// arguments it passes, evaluated as far as the host code allows.
//
// Why: whether a kernel races depends on how it is launched (one block or
// several, blocks of the size of a shared array or not) and often on its
// arguments (which pointers alias, what n is). Most .cu files carry the
// host code that launches their kernels, so the launch a program really
// makes can be read rather than guessed.
//
// How: each host function that no code of the file calls (main, an entry
// point of a library) is walked in program order with an environment of
// what its local variables hold: integers (constants, or expressions over
// symbols standing for values not known: a command-line argument, a size
// read from a file), pointers (the memory they may point into: each
// cudaMalloc, malloc or new is memory of its own; ptr.go), structs and
// arrays (their fields and elements), dim3s. Assignments in straight-line
// code update it; after a branch a variable holds what either path left
// (for an integer, a fresh symbol; for a pointer, both places); a loop is
// walked until the places its pointers may hold stop growing; a variable
// whose address is taken (except by cudaMalloc, which sets it, or by an
// argument array of cudaLaunchKernel, which reads it when it launches), or
// that a lambda captures, is never tracked: it is a symbol of its value at
// each launch, and a pointer in it memory the host code does not show. A
// call of a host function of the file is followed into it, its parameters
// bound to the call's arguments, so that a launch in a wrapper
// (void run(int *x, int *y) { k<<<1, 32>>>(x, y); }) is seen once for each
// call with what that call passes (host.go). At a launch, the grid, the
// block and the arguments are evaluated in that environment. Since they
// are all evaluated at the same point, a symbol that is passed as an
// argument (n) relates the launch to the kernel's parameter: gridDim.x ==
// (n + 255) / 256. Integers are expressions with mathematical integers and
// C's truncating division, each with the guard under which C computes the
// same value (no overflow, no division by zero, a conversion that keeps
// the value), so that a fact is only assumed where it is what the program
// computes. What cannot be evaluated is unknown, never a guessed constant.
//
// Package launch only reads the tree: Sites says what was found, and
// Site.Facts turns one site into facts about the kernel's parameters (by
// index and, for pointers carried in struct arguments, by field) and
// launch sizes, which package check turns into assumptions of the kernel's
// protocol, and into the report's lines on what the verdict rests on.
package launch

import (
	"fmt"
	"sort"
	"strings"

	"github.com/drfcheck/drfcheck/internal/infer/clang"
	"github.com/drfcheck/drfcheck/internal/infer/ir"
	"github.com/drfcheck/drfcheck/protocol"
)

// Site is one launch of a kernel in the host code, in one chain of calls.
type Site struct {
	At     protocol.Pos // the launch expression
	Kernel string       // the id of the kernel's definition (an instantiation's for a template)
	Name   string       // the kernel as written at the site
	Config string       // the configuration as written: <<<(n + 255) / 256, 256>>>
	// Chain is the calls that lead from a function no code of the file
	// calls to the function holding the launch, outermost first: a launch
	// in a wrapper called from two places is two sites. Root says why the
	// outermost function's parameters are not known.
	Chain []Call
	Root  string
	Grid  *val
	Block *val
	Args  []*val // one per argument, nil when the arguments are not known
	Why   string // why the arguments are not known, if they are not
	// Types are the C types of the kernel's parameters, when known.
	Types []string
}

// Call is a call of a host function that the walk followed.
type Call struct {
	At protocol.Pos
	Fn string
}

// Via says through which calls a site is reached ("" for none):
// "in run, called at main.cu:20:3".
func (s *Site) Via() string { return chainText(s.Chain) }

func chainText(chain []Call) string {
	if len(chain) == 0 {
		return ""
	}
	var parts []string
	for i := len(chain) - 1; i >= 0; i-- {
		parts = append(parts, fmt.Sprintf("in %s, called at %s", chain[i].Fn, chain[i].At))
	}
	return strings.Join(parts, ", ")
}

// finder walks the host code of a translation unit.
type finder struct {
	tu    *clang.TU
	defs  map[string]*clang.Node
	syms  int
	sites []*Site
	seen  map[string]bool // the launches recorded, by node id and chain (clang prints a lambda's body twice)
	infos map[string]*fnInfo
	// origins are the allocations and variables' memory met, by call
	// site and chain (alloc, varOrigin)
	origins map[string]*origin
	// calls counts the direct calls of each function (by its
	// definition's id) in the file; escapes marks those used otherwise
	// (their address taken): they may be called from anywhere
	calls   map[string]int
	escapes map[string]bool
	// budget is the number of function walks left (host.go); pending
	// are the functions a call could not be followed into, walked as
	// roots at the end, with why their parameters are not known
	budget  int
	pending map[string]string
	order   []string // pending, in the order met
	// structFields resolves struct types (ir.Fields)
	structFields func(t string) ([]ir.StructField, bool)
}

// Sites finds the launches in the user's code of a translation unit, in
// source order of the roots that reach them. Bad input (a tree it does not
// expect) gives fewer sites or unknown values, never a panic.
func Sites(tu *clang.TU) (sites []*Site) {
	defer func() {
		if r := recover(); r != nil {
			sites = nil // a defect here must not lose the kernels: they get the default launch
		}
	}()
	f := &finder{tu: tu, defs: tu.Definitions(), seen: map[string]bool{}, infos: map[string]*fnInfo{},
		origins: map[string]*origin{}, pending: map[string]string{}, budget: maxWalks}
	f.callGraph()
	for _, fn := range f.functions() {
		why := f.rootWhy(fn)
		if why == "" {
			continue // walked from its callers
		}
		f.root(fn, why)
	}
	for i := 0; i < len(f.order); i++ {
		id := f.order[i]
		if fn := f.defs[id]; fn != nil {
			f.root(fn, f.pending[id])
		}
	}
	return f.sites
}

// functions lists the functions of the file with a body, in source order:
// template instantiations rather than templates.
func (f *finder) functions() []*clang.Node {
	var out []*clang.Node
	f.tu.WalkDecls(func(d *clang.Node, _ string) bool {
		switch d.Kind {
		case "FunctionDecl", "CXXMethodDecl", "CXXConstructorDecl", "CXXDestructorDecl", "CXXConversionDecl":
			if d.Body() != nil {
				out = append(out, d)
			}
		case "FunctionTemplateDecl":
			// the instantiations, where the types are known
			first := true
			for _, c := range d.Inner {
				if c != nil && c.Kind == "FunctionDecl" {
					if !first && c.Body() != nil {
						out = append(out, c)
					}
					first = false
				}
			}
		case "CXXRecordDecl", "ClassTemplateSpecializationDecl", "NamespaceDecl", "LinkageSpecDecl":
			return true
		}
		return false
	})
	return out
}

// walker walks the statements of one function in program order, in one
// chain of calls.
type walker struct {
	f     *finder
	fn    *fnInfo
	env   env
	chain []Call
	root  string   // why the root's parameters are not known
	stack []string // ids of the functions being walked
	loops []*loopCtx
	// dry > 0 in a trial pass over a loop's body: launches are not
	// recorded (the final pass records them with the loop's fixpoint)
	dry       int
	loopDepth int
	// untracked holds the memory of the untracked pointer variables read
	// in this walk of the function, one origin each
	untracked map[string]*val
	// rets is what the function returns (joined over its returns)
	rets *val
	// state names the environment a loop's head is walked with, when it
	// has several: a launch in the loop is a site for each
	state string
	// results are the values of the calls followed, for the evaluator
	results map[*clang.Node]*val
}

// loopCtx is a loop or switch being walked: the environments its breaks
// and continues leave with, and (for a switch) the one its cases are
// entered with.
type loopCtx struct {
	breaks, continues []env
	entry             env // a switch's environment at its start
}

func (w *walker) chainKey() string {
	var b strings.Builder
	for _, c := range w.chain {
		fmt.Fprintf(&b, "%s;", c.At)
	}
	return b.String()
}

// havoc forgets what the variables hold.
func (w *walker) havoc(ids map[string]bool) {
	for id := range ids {
		if _, ok := w.env[id]; ok {
			w.env[id] = w.freshFor(id)
		}
	}
}

// freshFor is a value not known for a variable, by its declaration.
func (w *walker) freshFor(id string) *val {
	d := w.f.tu.Decl(id)
	if d == nil {
		return unknown("a variable")
	}
	return w.f.freshNot(d.Name, d.TypeString(), fmt.Sprintf("%s, assigned where drfcheck does not follow", d.Name))
}

// join sets the variables of ids to what either environment holds.
func (w *walker) join(a, b env, ids map[string]bool) env {
	out := a.copy()
	for id := range ids {
		x, xok := a[id]
		y, yok := b[id]
		switch {
		case xok && yok:
			out[id] = joinVals(x, y, func() *val { return w.freshFor(id) })
		case xok || yok:
			delete(out, id) // declared on one path only: out of scope after it
		}
	}
	return out
}

// assigned lists the variables a statement may assign, or declare (a
// variable declared in a loop's body has a new value each time).
func assigned(n *clang.Node) map[string]bool { return assignments(n, true) }

// assignments lists the variables a statement may assign (a cudaMalloc
// of its address included), and those it declares if decls.
func assignments(n *clang.Node, decls bool) map[string]bool {
	out := map[string]bool{}
	var walk func(n *clang.Node)
	walk = func(n *clang.Node) {
		if n == nil {
			return
		}
		var target *clang.Node
		switch {
		case n.Kind == "BinaryOperator" && n.Opcode == "=", n.Kind == "CompoundAssignOperator":
			target = n.Child(0)
		case n.Kind == "UnaryOperator" && (n.Opcode == "++" || n.Opcode == "--"):
			target = n.Child(0)
		case n.Kind == "CXXOperatorCallExpr" && len(n.Inner) == 3 && operatorAssign(n):
			target = n.Child(1)
		case n.Kind == "CallExpr" && allocators[calleeName(n)] && len(n.Inner) > 1:
			if a := strip(n.Inner[1]); a != nil && a.Kind == "UnaryOperator" && a.Opcode == "&" {
				target = a.Child(0)
			}
		case n.Kind == "VarDecl" && decls:
			out[n.ID] = true
		}
		if v := rootVar(target); v != nil {
			out[v.Referenced.ID] = true
		}
		for _, c := range n.Inner {
			walk(c)
		}
	}
	walk(n)
	return out
}

// rootVar is the variable an lvalue is part of (x in x, x.f, x.c[1],
// x[i]), or nil.
func rootVar(t *clang.Node) *clang.Node {
	for t != nil {
		switch {
		case t.Kind == "ParenExpr" || t.Kind == "ImplicitCastExpr" || t.Kind == "MemberExpr" && !t.IsArrow:
			t = t.Child(0)
		case t.Kind == "ArraySubscriptExpr":
			t = t.Child(0)
		case t.Kind == "DeclRefExpr" && t.Referenced != nil:
			return t
		default:
			return nil
		}
	}
	return nil
}

// stmt walks a statement.
func (w *walker) stmt(n *clang.Node) {
	if n == nil || n.Empty() {
		return
	}
	if w.fn.opaque {
		// every variable is read as a symbol at each launch
		w.env = env{}
		w.findLaunches(n)
		return
	}
	switch n.Kind {
	case "CompoundStmt":
		for _, c := range n.Inner {
			w.stmt(c)
		}
	case "DeclStmt":
		for _, d := range n.Inner {
			w.decl(d)
		}
	case "IfStmt":
		i := 0
		if n.HasInit {
			w.stmt(n.Child(i))
			i++
		}
		if n.HasVar {
			w.stmt(n.Child(i))
			i++
		}
		w.expr(n.Child(i), false)
		i++
		mod := assigned(n)
		saved := w.env
		w.env = saved.copy()
		w.stmt(n.Child(i))
		then := w.env
		w.env = saved.copy()
		if n.HasElse {
			w.stmt(n.Child(i + 1))
		}
		w.env = w.join(then, w.env, mod)
	case "ForStmt":
		w.stmt(n.Child(0)) // init
		w.loop(n, nil, false)
	case "WhileStmt", "DoStmt", "CXXForRangeStmt":
		w.loop(n, nil, false)
	case "SwitchStmt":
		w.loop(n, n.Inner, true)
	case "CaseStmt", "DefaultStmt":
		// entered from the switch with its environment at the start
		if l := w.innermost(true); l != nil && l.entry != nil {
			w.env = w.join(w.env, l.entry, keys(w.env, l.entry))
		}
		for _, c := range n.Inner {
			w.stmt(c)
		}
	case "BreakStmt":
		if l := w.innermost(false); l != nil {
			l.breaks = append(l.breaks, w.env.copy())
		}
	case "ContinueStmt":
		if l := w.innermost(false); l != nil {
			l.continues = append(l.continues, w.env.copy())
		}
	case "ReturnStmt":
		if r := n.Child(0); r != nil && !r.Empty() {
			w.expr(r, false)
			v := w.eval(r)
			if w.rets == nil {
				w.rets = v
			} else {
				w.rets = joinVals(w.rets, v, func() *val { return unknown("a result that differs between returns") })
			}
		}
	case "AttributedStmt":
		for _, c := range n.Inner {
			w.stmt(c)
		}
	case "NullStmt":
	default:
		if strings.Contains(n.Kind, "Expr") || strings.HasSuffix(n.Kind, "Operator") {
			w.expr(n, false)
			return
		}
		// another statement (try, a label): whatever it assigns is forgotten
		mod := assigned(n)
		w.havoc(mod)
		saved := w.env
		w.env = saved.copy()
		for _, c := range n.Inner {
			w.stmt(c)
		}
		w.env = saved
		w.havoc(mod)
	}
}

// keys is the set of variables of two environments.
func keys(a, b env) map[string]bool {
	out := map[string]bool{}
	for k := range a {
		out[k] = true
	}
	for k := range b {
		out[k] = true
	}
	return out
}

// innermost is the loop or switch a break leaves (switches included), or
// that a continue or a case refers to.
func (w *walker) innermost(switchOnly bool) *loopCtx {
	for i := len(w.loops) - 1; i >= 0; i-- {
		if !switchOnly || w.loops[i].entry != nil {
			return w.loops[i]
		}
	}
	return nil
}

// maxRounds bounds the trial passes over a loop's body, maxStates the
// environments its head is walked with.
const (
	maxRounds = 4
	maxStates = 8
)

// loopParts splits a loop into what runs before the test that may leave
// it (the condition of a for or a while), the body, and what runs after
// the body (a for's increment, a do's condition), where a continue goes.
func loopParts(n *clang.Node) (pre, body, post []*clang.Node) {
	in := n.Inner
	switch n.Kind {
	case "ForStmt": // init (walked before), condition variable, condition, increment, body
		if len(in) == 5 {
			return in[1:3], in[4:5], in[3:4]
		}
	case "WhileStmt": // [condition variable,] condition, body
		if len(in) >= 2 {
			return in[:len(in)-1], in[len(in)-1:], nil
		}
	case "DoStmt": // body, condition
		if len(in) == 2 {
			return nil, in[:1], in[1:]
		}
	case "CXXForRangeStmt": // the range's variables, ..., body
		if len(in) >= 1 {
			return in[:len(in)-1], in[len(in)-1:], nil
		}
	}
	return nil, in, nil
}

// loop walks a loop (or a switch, whose cases are entered by jumps). The
// integers it assigns are forgotten at its head and after it. Its head is
// walked with each of the environments its pointers may hold there: the
// one before the loop, and those the end of a pass leaves from each,
// until no new one comes (a double buffer swapped in the loop is two,
// src = a, dst = b and src = b, dst = a, never src == dst); the trial
// passes record nothing, and a final pass from each records the loop's
// launches. Beyond maxStates environments, or maxRounds rounds, they are
// joined into one (a pointer points where any of them does), and when
// that one keeps growing the pointers the loop assigns are not known.
// After the loop a variable holds what the test that leaves it, the end
// of a pass or a break leaves.
func (w *walker) loop(n *clang.Node, parts []*clang.Node, isSwitch bool) {
	mod := assigned(n)
	pre := w.env.copy()
	forget := func(e env) env {
		e = e.copy()
		for id := range mod {
			if v, ok := e[id]; ok && !hasPointers(v) {
				e[id] = w.freshFor(id)
			}
			if _, ok := pre[id]; !ok {
				delete(e, id) // declared in the loop: out of scope at its head
			}
		}
		return e
	}
	var before, body, after []*clang.Node
	if isSwitch {
		body = parts
	} else {
		before, body, after = loopParts(n)
	}
	// pass walks the loop's parts once from in: the environment at the
	// test that may leave it, and at the end of the pass
	pass := func(in env, key string) (exit, out env, ctx *loopCtx) {
		ctx = &loopCtx{}
		if isSwitch {
			ctx.entry = in.copy()
		}
		w.loops = append(w.loops, ctx)
		w.loopDepth++
		saved := w.state
		w.state = key
		w.env = in.copy()
		for _, c := range before {
			w.stmt(c)
		}
		exit = w.env.copy()
		for _, c := range body {
			w.stmt(c)
		}
		for _, c := range ctx.continues {
			w.env = w.join(w.env, c, mod)
		}
		for _, c := range after {
			w.stmt(c)
		}
		w.state = saved
		w.loopDepth--
		w.loops = w.loops[:len(w.loops)-1]
		return exit, w.env, ctx
	}
	stateKey := func(e env) string {
		var ids []string
		for id := range mod {
			if v, ok := e[id]; ok && hasPointers(v) {
				ids = append(ids, id)
			}
		}
		sort.Strings(ids)
		var b strings.Builder
		for _, id := range ids {
			b.WriteString(id + "=" + placesOf(e[id]) + ";")
		}
		return b.String()
	}
	states := []env{forget(pre)}
	if !isSwitch {
		seen := map[string]bool{stateKey(states[0]): true}
		stable := false
		for round := 0; round < maxRounds && !stable && len(states) <= maxStates; round++ {
			stable = true
			for _, st := range append([]env(nil), states...) {
				w.dry++
				_, out, _ := pass(st, "")
				w.dry--
				next := forget(out)
				if k := stateKey(next); !seen[k] {
					seen[k] = true
					states = append(states, next)
					stable = false
				}
			}
		}
		if !stable || len(states) > maxStates {
			// one environment, joined, until it stops growing
			head := states[0]
			for _, st := range states[1:] {
				head = w.join(head, st, mod)
			}
			stable = false
			for round := 0; round < maxRounds && !stable; round++ {
				w.dry++
				_, out, _ := pass(head, "")
				w.dry--
				next := w.join(head, forget(out), mod)
				stable = stateKey(next) == stateKey(head)
				head = next
			}
			if !stable {
				// the places kept growing: pointers the loop assigns are not known
				for id := range mod {
					if v, ok := head[id]; ok && hasPointers(v) {
						d := w.f.tu.Decl(id)
						head[id] = w.f.freshNot(d.Name, d.TypeString(), fmt.Sprintf("%s, assigned in the loop at %s", d.Name, w.f.pos(n)))
					}
				}
			}
			states = []env{head}
		}
	}
	var leave env
	for i, st := range states {
		key := ""
		if len(states) > 1 {
			key = fmt.Sprintf("%s#%d", w.f.pos(n), i)
		}
		exit, out, ctx := pass(st, key)
		exits := []env{out}
		if !isSwitch && n.Kind != "DoStmt" {
			exits = append(exits, exit)
		}
		exits = append(exits, ctx.breaks...)
		if isSwitch {
			exits = append(exits, pre) // no case taken
		}
		for _, e := range exits {
			if leave == nil {
				leave = e
			} else {
				leave = w.join(leave, e, keys(leave, e))
			}
		}
	}
	// integers are forgotten after the loop, and variables declared in it
	// are out of scope
	leave = forget(leave)
	for id := range leave {
		if _, ok := pre[id]; !ok {
			delete(leave, id)
		}
	}
	w.env = leave
}

// placesOf prints where the pointers of a value may point, for telling
// a loop's environments apart.
func placesOf(v *val) string {
	switch v.k {
	case kPtr:
		return placesKey(v.ptr)
	case kStruct:
		var parts []string
		for _, f := range v.fields {
			parts = append(parts, f.name+":"+placesOf(f.v))
		}
		return "{" + strings.Join(parts, ",") + "}"
	case kArray:
		var parts []string
		for _, e := range v.elems {
			parts = append(parts, placesOf(e))
		}
		return "[" + strings.Join(parts, ",") + "]"
	}
	return ""
}

// decl walks a declaration: a tracked variable gets its initializer's value.
func (w *walker) decl(d *clang.Node) {
	if d == nil || d.Kind != "VarDecl" {
		return
	}
	var init *clang.Node
	if len(d.Inner) > 0 {
		if last := d.Inner[len(d.Inner)-1]; last != nil && !clang.IsDecl(last.Kind) && !strings.HasSuffix(last.Kind, "Attr") {
			init = last
		}
	}
	if init != nil {
		w.expr(init, false)
	}
	if w.fn.escaped[d.ID] != "" {
		return
	}
	t := d.TypeString()
	if init == nil {
		switch {
		case isDim3(t):
			w.env[d.ID] = (&evaluator{f: w.f}).dim3(nil) // dim3 d; is (1, 1, 1)
		case isPointer(t):
			w.env[d.ID] = w.f.freshNot(d.Name, t, d.Name+", which is never set")
		default:
			v := w.f.unset(t)
			if v.k == kUnknown {
				v = w.f.fresh(d.Name, t)
			}
			w.env[d.ID] = v
		}
		return
	}
	v := w.eval(init)
	if it, ok := parseInt(t); ok && v.k == kInt {
		v = convert(v, it)
	}
	if v.k == kUnknown {
		v = w.f.freshNot(d.Name, t, fmt.Sprintf("%s (%s)", d.Name, v.why))
	}
	w.env[d.ID] = v
}

func (w *walker) evaluator(n *clang.Node) *evaluator {
	return &evaluator{f: w.f, env: w.env, fn: w.fn, at: map[string]*val{}, pure: pure(n, w.f.defs), w: w}
}

func (w *walker) eval(n *clang.Node) *val { return w.evaluator(n).eval(n) }

// expr walks an expression evaluated for its effects: assignments to
// tracked variables, calls followed, and launches. Under a condition
// (maybe), an assignment may or may not happen: the variable then holds
// its old value or the new one.
func (w *walker) expr(n *clang.Node, maybe bool) {
	if n == nil || n.Empty() {
		return
	}
	switch n.Kind {
	case "CUDAKernelCallExpr":
		for _, c := range n.Inner {
			w.expr(c, maybe)
		}
		w.launch(n)
		return
	case "CallExpr":
		for _, c := range n.Inner {
			w.expr(c, maybe)
		}
		name := calleeName(n)
		switch {
		case isLauncher(name):
			w.launch(n)
		case allocators[name]:
			w.allocate(n, maybe)
		default:
			w.call(n)
		}
		return
	case "CXXOperatorCallExpr":
		if len(n.Inner) == 3 && operatorAssign(n) {
			w.expr(n.Child(2), maybe)
			w.assign(n.Child(1), w.eval(n.Child(2)), maybe)
			return
		}
	case "LambdaExpr", "BlockExpr":
		// its body runs when called: launches in it see no tracked value
		saved := w.env
		w.env = env{}
		w.findLaunches(n)
		w.env = saved
		return
	case "ConditionalOperator", "BinaryConditionalOperator":
		w.expr(n.Child(0), maybe)
		for _, c := range n.Inner[1:] {
			w.expr(c, true)
		}
		return
	case "BinaryOperator":
		if n.Opcode == "&&" || n.Opcode == "||" {
			w.expr(n.Child(0), maybe)
			w.expr(n.Child(1), true)
			return
		}
		if n.Opcode == "=" {
			w.expr(n.Child(1), maybe)
			w.assign(n.Child(0), w.eval(n.Child(1)), maybe)
			return
		}
	case "CompoundAssignOperator":
		w.expr(n.Child(1), maybe)
		if (n.Opcode == "+=" || n.Opcode == "-=") && isPointer(n.Child(0).TypeString()) {
			ev := w.evaluator(n)
			p := ev.eval(n.Child(0))
			w.assign(n.Child(0), ev.ptrAdd(p, ev.eval(n.Child(1)), pointee(n.Child(0).TypeString()), n.Opcode == "-="), maybe)
			return
		}
		w.forget(n.Child(0))
		return
	case "UnaryOperator":
		if n.Opcode == "++" || n.Opcode == "--" {
			if isPointer(n.Child(0).TypeString()) {
				ev := w.evaluator(n)
				w.assign(n.Child(0), ev.ptrAdd(ev.eval(n.Child(0)), constInt(1), pointee(n.Child(0).TypeString()), n.Opcode == "--"), maybe)
				return
			}
			w.forget(n.Child(0))
			return
		}
	}
	for _, c := range n.Inner {
		w.expr(c, maybe)
	}
}

// forget makes what an lvalue holds not known.
func (w *walker) forget(target *clang.Node) {
	if v := rootVar(target); v != nil {
		w.havoc(map[string]bool{v.Referenced.ID: true})
	}
}

// allocate walks cudaMalloc(&p, ...): p now points to memory of its own.
func (w *walker) allocate(n *clang.Node, maybe bool) {
	a := strip(n.Child(1))
	if a == nil || a.Kind != "UnaryOperator" || a.Opcode != "&" {
		return
	}
	w.assign(a.Child(0), ptrTo(w.f.alloc(n, calleeName(n), w)), maybe)
}

// assign records target = v: the variable, or the field or element of it
// the target names (every element, which may or may not be the one
// assigned, at an index not known).
func (w *walker) assign(target *clang.Node, v *val, maybe bool) {
	root := rootVar(target)
	if root == nil {
		return
	}
	id := root.Referenced.ID
	cur, ok := w.env[id]
	if !ok {
		return // not tracked: read as memory not known
	}
	if it, ok := parseInt(target.TypeString()); ok && v.k == kInt {
		v = convert(v, it)
	}
	if v.k == kUnknown {
		v = w.f.freshNot(root.Referenced.Name, target.TypeString(), fmt.Sprintf("%s (%s)", root.Referenced.Name, v.why))
	}
	nv, ok := w.update(cur, target, v, maybe)
	if !ok {
		w.env[id] = w.freshFor(id)
		return
	}
	w.env[id] = nv
}

// update returns the value of a variable (cur) after the part of it that
// target names is set to v; false when the target is not a part it
// follows.
func (w *walker) update(cur *val, target *clang.Node, v *val, maybe bool) (*val, bool) {
	t := target
	for t != nil && (t.Kind == "ParenExpr" || t.Kind == "ImplicitCastExpr") {
		t = t.Child(0)
	}
	if t == nil {
		return nil, false
	}
	setAll := func(old *val) *val {
		if maybe {
			return joinVals(old, v, func() *val { return w.f.fresh("", target.TypeString()) })
		}
		return v
	}
	switch t.Kind {
	case "DeclRefExpr":
		return setAll(cur), true
	case "MemberExpr":
		if t.IsArrow {
			return nil, false
		}
		return w.updatePart(cur, t.Child(0), func(base *val) (*val, bool) {
			switch base.k {
			case kDim3:
				dim := strings.Index("xyz", t.Name)
				if dim < 0 || len(t.Name) != 1 {
					return nil, false
				}
				nv := *base
				x := convert(v, tUint)
				if x.k == kUnknown || x.k != kInt {
					x = w.f.fresh(t.Name, "unsigned int")
				}
				if maybe {
					x = joinVals(base.dims[dim], x, func() *val { return w.f.fresh(t.Name, "unsigned int") })
				}
				nv.dims[dim] = x
				return &nv, true
			case kStruct:
				nv := *base
				nv.fields = append([]field(nil), base.fields...)
				for i, f := range nv.fields {
					if f.name == t.Name {
						nv.fields[i].v = setAll(f.v)
						return &nv, true
					}
				}
			}
			return nil, false
		})
	case "ArraySubscriptExpr":
		arr := t.Child(0)
		for arr != nil && (arr.Kind == "ImplicitCastExpr" && arr.CastKind == "ArrayToPointerDecay" || arr.Kind == "ParenExpr") {
			arr = arr.Child(0)
		}
		idx := w.eval(t.Child(1))
		return w.updatePart(cur, arr, func(base *val) (*val, bool) {
			if base.k != kArray {
				return nil, false
			}
			nv := *base
			nv.elems = append([]*val(nil), base.elems...)
			if c, ok := idx.isConst(); ok {
				if c < 0 || int(c) >= len(nv.elems) {
					return nil, false
				}
				nv.elems[c] = setAll(nv.elems[c])
				return &nv, true
			}
			for i, e := range nv.elems {
				nv.elems[i] = joinVals(e, v, func() *val { return w.f.fresh("", target.TypeString()) })
			}
			return &nv, true
		})
	}
	return nil, false
}

// updatePart applies set to the part of cur that the lvalue base names,
// and returns cur with that part replaced.
func (w *walker) updatePart(cur *val, base *clang.Node, set func(*val) (*val, bool)) (*val, bool) {
	part, ok := w.partOf(cur, base)
	if !ok {
		return nil, false
	}
	nv, ok := set(part)
	if !ok {
		return nil, false
	}
	return w.update(cur, base, nv, false)
}

// partOf returns the part of the variable's value cur that the lvalue n
// names.
func (w *walker) partOf(cur *val, n *clang.Node) (*val, bool) {
	for n != nil && (n.Kind == "ParenExpr" || n.Kind == "ImplicitCastExpr") {
		n = n.Child(0)
	}
	if n == nil {
		return nil, false
	}
	switch n.Kind {
	case "DeclRefExpr":
		return cur, true
	case "MemberExpr":
		if n.IsArrow {
			return nil, false
		}
		b, ok := w.partOf(cur, n.Child(0))
		if !ok || b.k != kStruct {
			return nil, false
		}
		for _, f := range b.fields {
			if f.name == n.Name {
				return f.v, true
			}
		}
	case "ArraySubscriptExpr":
		arr := n.Child(0)
		for arr != nil && (arr.Kind == "ImplicitCastExpr" && arr.CastKind == "ArrayToPointerDecay" || arr.Kind == "ParenExpr") {
			arr = arr.Child(0)
		}
		b, ok := w.partOf(cur, arr)
		if !ok || b.k != kArray {
			return nil, false
		}
		if c, ok := w.eval(n.Child(1)).isConst(); ok && c >= 0 && int(c) < len(b.elems) {
			return b.elems[c], true
		}
	}
	return nil, false
}

// findLaunches records the launches under n with no tracked value, and
// walks the functions it calls as roots (their parameters not known).
func (w *walker) findLaunches(n *clang.Node) {
	if n == nil {
		return
	}
	switch n.Kind {
	case "CUDAKernelCallExpr":
		w.launch(n)
	case "CallExpr":
		if isLauncher(calleeName(n)) {
			w.launch(n)
		} else if def := w.f.defs[calleeID(n)]; def != nil {
			w.f.defer_(def, fmt.Sprintf("called at %s where drfcheck does not follow the values", w.f.pos(n)))
		}
	}
	for _, c := range n.Inner {
		w.findLaunches(c)
	}
}

func calleeName(call *clang.Node) string {
	c := call.Child(0)
	for c != nil && (c.Kind == "ImplicitCastExpr" || c.Kind == "ParenExpr") {
		c = c.Child(0)
	}
	if c != nil && c.Kind == "DeclRefExpr" && c.Referenced != nil {
		return c.Referenced.Name
	}
	return ""
}

// pure reports whether evaluating n calls nothing but what eval models
// (dim3's constructors, one-return helpers), so that a global or an
// untracked variable read in it has one value throughout.
func pure(n *clang.Node, defs map[string]*clang.Node) bool {
	ok := true
	var walk func(n *clang.Node)
	walk = func(n *clang.Node) {
		if n == nil || !ok {
			return
		}
		switch n.Kind {
		case "CallExpr":
			name := calleeName(n)
			if name != "cudaConfigureCall" && name != "cudaLaunchKernel" && name != "cudaLaunchCooperativeKernel" {
				def := defs[calleeID(n)]
				if def == nil || def.Body() == nil || len(def.Body().Inner) != 1 || def.Body().Inner[0] == nil || def.Body().Inner[0].Kind != "ReturnStmt" {
					ok = false
				}
			}
		case "CXXMemberCallExpr", "CXXOperatorCallExpr", "CXXNewExpr", "CXXDeleteExpr":
			ok = false
		case "CXXConstructExpr":
			if !isDim3(n.TypeString()) {
				ok = false
			}
		}
		for _, c := range n.Inner {
			walk(c)
		}
	}
	walk(n)
	return ok
}

func calleeID(call *clang.Node) string {
	c := call.Child(0)
	for c != nil && (c.Kind == "ImplicitCastExpr" || c.Kind == "ParenExpr") {
		c = c.Child(0)
	}
	if c != nil && c.Kind == "DeclRefExpr" && c.Referenced != nil {
		return c.Referenced.ID
	}
	return ""
}

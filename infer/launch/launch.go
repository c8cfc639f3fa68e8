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
// How: each host function is walked in program order with an environment
// of what its local variables hold (constants, or expressions over symbols
// standing for values not known: a command-line argument, a size read from
// a file). Assignments in straight-line code update it; a variable
// assigned in a branch or a loop is forgotten after it (a fresh symbol),
// and in a loop's body, since the body runs many times; a variable whose
// address is taken, or that a lambda captures, is never tracked: it is a
// symbol of its value at each launch. At a launch, the grid, the block and
// the arguments are evaluated in that environment. Since they are all
// evaluated at the same point, a symbol that is passed as an argument (n)
// relates the launch to the kernel's parameter: gridDim.x == (n + 255) /
// 256. Integers are expressions with mathematical integers and C's
// truncating division, each with the guard under which C computes the same
// value (no overflow, no division by zero), so that a fact is only assumed
// where it is what the program computes. What cannot be evaluated is
// unknown, never a guessed constant.
//
// Package launch only reads the tree: Sites says what was found, and
// Site.Facts turns one site into facts about the kernel's parameters (by
// index) and launch sizes, which cmd/drfcheck turns into assumptions of the
// kernel's protocol.
package launch

import (
	"fmt"
	"strings"

	"drfcheck/infer/clang"
	"drfcheck/protocol"
)

// Site is one launch of a kernel in the host code.
type Site struct {
	At     protocol.Pos // the launch expression
	Kernel string       // the id of the kernel's definition (an instantiation's for a template)
	Name   string       // the kernel as written at the site
	Config string       // the configuration as written: <<<(n + 255) / 256, 256>>>
	Grid   *val
	Block  *val
	Args   []*val // one per argument, nil when the arguments are not known
	Why    string // why the arguments are not known, if they are not
}

// finder walks the host code of a translation unit.
type finder struct {
	tu    *clang.TU
	defs  map[string]*clang.Node
	syms  int
	sites []*Site
	seen  map[string]bool // the launches recorded, by node id (clang prints a lambda's body twice)
	// allocs are the allocations of the untracked pointer variables
	allocs map[string]*val
}

// fnInfo is what the walk knows of the function it is in.
type fnInfo struct {
	locals  map[string]bool // the variables declared in it (and its parameters)
	escaped map[string]bool // the locals it does not track
	opaque  bool            // goto: nothing is tracked
	// assigned are the variables it assigns (besides initializing them):
	// an untracked pointer among them has no allocation of its own
	assigned map[string]bool
}

// Sites finds the launches in the user's code of a translation unit, in
// source order. Bad input (a tree it does not expect) gives fewer sites or
// unknown values, never a panic.
func Sites(tu *clang.TU) (sites []*Site) {
	defer func() {
		if r := recover(); r != nil {
			sites = nil // a defect here must not lose the kernels: they get the default launch
		}
	}()
	f := &finder{tu: tu, defs: tu.Definitions(), seen: map[string]bool{}, allocs: map[string]*val{}}
	tu.WalkDecls(func(d *clang.Node, _ string) bool {
		switch d.Kind {
		case "FunctionDecl", "CXXMethodDecl", "CXXConstructorDecl", "CXXDestructorDecl", "CXXConversionDecl":
			f.function(d)
		case "FunctionTemplateDecl":
			// the instantiations, where the types are known
			first := true
			for _, c := range d.Inner {
				if c != nil && c.Kind == "FunctionDecl" {
					if !first {
						f.function(c)
					}
					first = false
				}
			}
		case "CXXRecordDecl", "ClassTemplateSpecializationDecl":
			return true
		}
		return false
	})
	return f.sites
}

// function walks the body of a function.
func (f *finder) function(fn *clang.Node) {
	body := fn.Body()
	if body == nil {
		return
	}
	info := &fnInfo{locals: map[string]bool{}, escaped: map[string]bool{}}
	e := env{}
	for _, p := range fn.Params() {
		info.locals[p.ID] = true
	}
	scan(body, info)
	info.assigned = assignments(body, false)
	for _, p := range fn.Params() {
		if !info.escaped[p.ID] && !info.opaque {
			e[p.ID] = f.fresh(p.Name, p.TypeString())
		}
	}
	w := &walker{f: f, fn: info, env: e}
	w.stmt(body)
}

// scan records the local variables of a function body and those it does
// not track: their address taken, bound to a reference, captured by a
// lambda, static; and whether it jumps (goto), which makes every variable
// untracked.
func scan(body *clang.Node, info *fnInfo) {
	var walk func(n *clang.Node, parents []*clang.Node, inLambda bool)
	walk = func(n *clang.Node, parents []*clang.Node, inLambda bool) {
		if n == nil {
			return
		}
		switch n.Kind {
		case "VarDecl":
			info.locals[n.ID] = true
			if n.StorageClass == "static" || n.StorageClass == "extern" || inLambda || strings.Contains(n.TypeString(), "&") {
				info.escaped[n.ID] = true
			}
		case "GotoStmt", "IndirectGotoStmt", "LabelStmt":
			info.opaque = true
		case "LambdaExpr", "BlockExpr":
			inLambda = true
		case "DeclRefExpr":
			if r := n.Referenced; r != nil && (r.Kind == "VarDecl" || r.Kind == "ParmVarDecl") {
				if inLambda || !trackedUse(n, parents) {
					info.escaped[r.ID] = true
				}
			}
		}
		parents = append(parents, n)
		for _, c := range n.Inner {
			walk(c, parents, inLambda)
		}
	}
	walk(body, nil, false)
}

// trackedUse reports whether a use of a variable is one the walk follows:
// a read, the target of an assignment, increment or decrement (of the
// variable or of a member of a dim3), a copy.
func trackedUse(n *clang.Node, parents []*clang.Node) bool {
	child := n
	for i := len(parents) - 1; i >= 0; i-- {
		p := parents[i]
		switch {
		case p.Kind == "ParenExpr" || p.Kind == "ImplicitCastExpr" && p.CastKind == "NoOp":
		case p.Kind == "MemberExpr" && !p.IsArrow:
		case p.Kind == "ImplicitCastExpr" && p.CastKind == "LValueToRValue":
			return true
		case p.Kind == "UnaryExprOrTypeTraitExpr":
			return true
		case p.Kind == "ImplicitCastExpr" && (p.CastKind == "ArrayToPointerDecay" || p.CastKind == "FunctionToPointerDecay"):
			return false
		case p.Kind == "BinaryOperator" && p.Opcode == "=" || p.Kind == "CompoundAssignOperator":
			return len(p.Inner) > 0 && p.Inner[0] == child
		case p.Kind == "UnaryOperator" && (p.Opcode == "++" || p.Opcode == "--"):
			return true
		case p.Kind == "CXXConstructExpr" && len(p.Inner) == 1 && isDim3(p.TypeString()):
			return true // a copy of a dim3
		default:
			return false
		}
		child = p
	}
	return false
}

// walker walks the statements of one function in program order.
type walker struct {
	f   *finder
	fn  *fnInfo
	env env
}

func (w *walker) havoc(ids map[string]bool) {
	for id := range ids {
		if _, ok := w.env[id]; ok {
			d := w.f.tu.Decl(id)
			if d == nil {
				delete(w.env, id)
				continue
			}
			w.env[id] = w.f.fresh(d.Name, d.TypeString())
		}
	}
}

// assigned lists the variables a statement may assign, or declare (a
// variable declared in a loop's body has a new value each time).
func assigned(n *clang.Node) map[string]bool { return assignments(n, true) }

// assignments lists the variables a statement may assign, and those it
// declares if decls.
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
		case n.Kind == "VarDecl" && decls:
			out[n.ID] = true
		}
		for target != nil && (target.Kind == "ParenExpr" || target.Kind == "MemberExpr" && !target.IsArrow || target.Kind == "ImplicitCastExpr") {
			target = target.Child(0)
		}
		if target != nil && target.Kind == "DeclRefExpr" && target.Referenced != nil {
			out[target.Referenced.ID] = true
		}
		for _, c := range n.Inner {
			walk(c)
		}
	}
	walk(n)
	return out
}

// stmt walks a statement.
func (w *walker) stmt(n *clang.Node) {
	if n == nil || n.Empty() {
		return
	}
	if w.fn.opaque {
		// every variable is read as a symbol at each launch
		w.env = env{}
		w.findLaunches(n, false)
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
		if n.HasElse {
			w.env = saved.copy()
			w.stmt(n.Child(i + 1))
		}
		w.env = saved
		w.havoc(mod)
	case "ForStmt":
		w.stmt(n.Child(0)) // init
		w.loop(n, n.Inner[1:])
	case "WhileStmt", "DoStmt", "CXXForRangeStmt", "SwitchStmt":
		w.loop(n, n.Inner)
	case "ReturnStmt", "AttributedStmt", "CaseStmt", "DefaultStmt":
		for _, c := range n.Inner {
			w.stmt(c)
		}
	case "NullStmt", "BreakStmt", "ContinueStmt":
	default:
		if strings.Contains(n.Kind, "Expr") || strings.HasSuffix(n.Kind, "Operator") {
			w.expr(n, false)
			return
		}
		// another statement: whatever it assigns is forgotten
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

// loop walks a loop (or a switch, whose cases are entered by jumps): what
// it assigns is forgotten before its parts run and after.
func (w *walker) loop(n *clang.Node, parts []*clang.Node) {
	mod := assigned(n)
	w.havoc(mod)
	saved := w.env
	w.env = saved.copy()
	for _, c := range parts {
		w.stmt(c)
	}
	w.env = saved
	w.havoc(mod)
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
	if w.fn.escaped[d.ID] {
		return
	}
	if init == nil {
		w.env[d.ID] = w.f.fresh(d.Name, d.TypeString())
		if isDim3(d.TypeString()) {
			w.env[d.ID] = (&evaluator{f: w.f}).dim3(nil) // dim3 d; is (1, 1, 1)
		}
		return
	}
	v := w.eval(init)
	if t, ok := parseInt(d.TypeString()); ok && v.k == kInt {
		v = convert(v, t)
	}
	if v.k == kUnknown {
		v = w.f.fresh(d.Name, d.TypeString())
	}
	w.env[d.ID] = v
}

func (w *walker) eval(n *clang.Node) *val {
	ev := &evaluator{f: w.f, env: w.env, fn: w.fn, at: map[string]*val{}, pure: pure(n, w.f.defs)}
	return ev.eval(n)
}

// expr walks an expression evaluated for its effects: assignments to
// tracked variables, and launches. Under a condition (maybe), an
// assignment may or may not happen: the variable is forgotten.
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
		if name := calleeName(n); name == "cudaLaunchKernel" || name == "cudaLaunchCooperativeKernel" {
			w.launch(n)
		}
		return
	case "LambdaExpr", "BlockExpr":
		// its body runs when called: launches in it see no tracked value
		saved := w.env
		w.env = env{}
		w.findLaunches(n, true)
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
			w.assign(n.Child(0), n.Child(1), maybe)
			return
		}
	case "CompoundAssignOperator":
		w.expr(n.Child(1), maybe)
		w.havoc(assigned(n))
		return
	case "UnaryOperator":
		if n.Opcode == "++" || n.Opcode == "--" {
			w.havoc(assigned(n))
			return
		}
	}
	for _, c := range n.Inner {
		w.expr(c, maybe)
	}
}

// assign records target = value.
func (w *walker) assign(target, value *clang.Node, maybe bool) {
	t := target
	for t != nil && (t.Kind == "ParenExpr" || t.Kind == "ImplicitCastExpr") {
		t = t.Child(0)
	}
	mod := assigned(&clang.Node{Kind: "BinaryOperator", Opcode: "=", Inner: []*clang.Node{target}})
	if maybe || t == nil {
		w.havoc(mod)
		return
	}
	if t.Kind == "DeclRefExpr" && t.Referenced != nil {
		id := t.Referenced.ID
		if _, ok := w.env[id]; !ok {
			return
		}
		v := w.eval(value)
		if it, ok := parseInt(t.TypeString()); ok && v.k == kInt {
			v = convert(v, it)
		}
		if v.k == kUnknown {
			v = w.f.fresh(t.Referenced.Name, t.TypeString())
		}
		w.env[id] = v
		return
	}
	if t.Kind == "MemberExpr" && !t.IsArrow {
		b := t.Child(0)
		for b != nil && (b.Kind == "ParenExpr" || b.Kind == "ImplicitCastExpr") {
			b = b.Child(0)
		}
		if b != nil && b.Kind == "DeclRefExpr" && b.Referenced != nil {
			if cur, ok := w.env[b.Referenced.ID]; ok && cur.k == kDim3 {
				dim := strings.Index("xyz", t.Name)
				if dim >= 0 && len(t.Name) == 1 {
					v := convert(w.eval(value), tUint)
					if v.k == kUnknown {
						v = w.f.fresh(b.Referenced.Name+"."+t.Name, "unsigned int")
					}
					nv := *cur
					nv.dims[dim] = v
					w.env[b.Referenced.ID] = &nv
					return
				}
			}
		}
	}
	w.havoc(mod)
}

// findLaunches records the launches under n with no tracked value.
func (w *walker) findLaunches(n *clang.Node, _ bool) {
	if n == nil {
		return
	}
	switch n.Kind {
	case "CUDAKernelCallExpr":
		w.launch(n)
	case "CallExpr":
		if name := calleeName(n); name == "cudaLaunchKernel" || name == "cudaLaunchCooperativeKernel" {
			w.launch(n)
		}
	}
	for _, c := range n.Inner {
		w.findLaunches(c, true)
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

// launch records a launch site.
func (w *walker) launch(n *clang.Node) {
	if n.ID != "" {
		if w.f.seen[n.ID] {
			return
		}
		w.f.seen[n.ID] = true
	}
	ev := &evaluator{f: w.f, env: w.env, fn: w.fn, at: map[string]*val{}, pure: pure(n, w.f.defs)}
	s := &Site{At: w.f.pos(n)}
	var kernelExpr, grid, block *clang.Node
	var args []*clang.Node
	var argsArray *clang.Node
	if n.Kind == "CUDAKernelCallExpr" {
		kernelExpr = n.Child(0)
		cfg := n.Child(1)
		if cfg == nil || cfg.Kind != "CallExpr" || len(cfg.Inner) < 3 {
			return
		}
		grid, block = cfg.Inner[1], cfg.Inner[2]
		args = n.Inner[2:]
		parts := []string{w.f.tu.Text(grid), w.f.tu.Text(block)}
		for _, extra := range cfg.Inner[3:] {
			if extra != nil && extra.Kind != "CXXDefaultArgExpr" {
				parts = append(parts, w.f.tu.Text(extra))
			}
		}
		s.Config = "<<<" + strings.Join(parts, ", ") + ">>>"
	} else {
		if len(n.Inner) < 5 {
			return
		}
		kernelExpr, grid, block, argsArray = n.Inner[1], n.Inner[2], n.Inner[3], n.Inner[4]
		s.Config = fmt.Sprintf("%s(%s, %s, %s, ...)", calleeName(n), w.f.tu.Text(kernelExpr), w.f.tu.Text(grid), w.f.tu.Text(block))
	}
	k := ev.eval(kernelExpr)
	if k.k != kFunc {
		return // a kernel through a pointer: not attributed to any kernel
	}
	s.Kernel = k.fn
	if def := w.f.defs[k.fn]; def != nil {
		s.Kernel = def.ID
		s.Name = def.Name + def.TemplateArgs()
	}
	if s.Name == "" {
		if d := w.f.tu.Decl(k.fn); d != nil {
			s.Name = d.Name
		}
	}
	s.Grid, s.Block = ev.size(grid), ev.size(block)
	if mutates(n) {
		s.Why = "the launch assigns a variable"
		s.Grid, s.Block = unknown("%s", s.Why), unknown("%s", s.Why)
		w.f.sites = append(w.f.sites, s)
		return
	}
	if argsArray != nil {
		args, s.Why = w.argsOf(argsArray)
		if args == nil {
			w.f.sites = append(w.f.sites, s)
			return
		}
		for _, a := range args {
			s.Args = append(s.Args, ev.eval(a))
		}
		w.f.sites = append(w.f.sites, s)
		return
	}
	for _, a := range args {
		s.Args = append(s.Args, ev.eval(a))
	}
	w.f.sites = append(w.f.sites, s)
}

// argsOf finds what cudaLaunchKernel's argument array points to: a local
// array initialized with {&a, &b, ...} gives the expressions a, b, ...
func (w *walker) argsOf(arr *clang.Node) ([]*clang.Node, string) {
	for arr != nil && (arr.Kind == "ImplicitCastExpr" || arr.Kind == "ParenExpr" || arr.Kind == "CStyleCastExpr") {
		arr = arr.Child(0)
	}
	if arr == nil || arr.Kind != "DeclRefExpr" || arr.Referenced == nil {
		return nil, "the argument array is not a local array"
	}
	d := w.f.tu.Decl(arr.Referenced.ID)
	if d == nil || len(d.Inner) == 0 || d.Inner[len(d.Inner)-1] == nil || d.Inner[len(d.Inner)-1].Kind != "InitListExpr" {
		return nil, "the argument array has no initializer list"
	}
	var out []*clang.Node
	for _, e := range d.Inner[len(d.Inner)-1].Inner {
		for e != nil && (e.Kind == "ImplicitCastExpr" || e.Kind == "CStyleCastExpr" || e.Kind == "ParenExpr") {
			e = e.Child(0)
		}
		if e == nil || e.Kind != "UnaryOperator" || e.Opcode != "&" {
			return nil, "an element of the argument array is not &variable"
		}
		out = append(out, e.Child(0))
	}
	return out, ""
}

// mutates reports whether an expression assigns anything.
func mutates(n *clang.Node) bool {
	return len(assigned(n)) > 0
}

func (f *finder) pos(n *clang.Node) protocol.Pos {
	for _, l := range []*clang.Loc{&n.Range.Begin, &n.Loc} {
		if a := l.At(); f.tu.InMain(a) {
			return protocol.Pos{File: a.File, Line: a.Line, Col: a.Col}
		}
	}
	return protocol.Pos{File: f.tu.MainFile, Line: 1, Col: 1}
}

package launch

import (
	"fmt"
	"strings"

	"github.com/drfcheck/drfcheck/internal/infer/clang"
)

// This file follows the calls of host functions, so that a launch in a
// wrapper is read with what each call passes it:
//
//	void run(int *x, int *y) { k<<<1, 32>>>(x, y); }
//	int main() { ...; run(a, a); run(a, b); }
//
// is two launches of k, one with x == y. A function that no code of the
// file calls (main, an entry point of a library, a callback whose address
// is taken) is a root: it is walked with its parameters not known (a
// pointer parameter is memory the host code does not show, and the report
// says that its distinctness from the other arguments is assumed). Every
// other function is walked once per chain of calls that reaches it from a
// root, up to maxDepth calls deep and maxWalks walks in all; a call it
// cannot follow (recursion, too deep, the budget spent, a call in code
// whose values are not followed) makes the callee a root as well, so that
// its launches are always seen.

const (
	maxDepth = 8    // calls followed into one another
	maxWalks = 4000 // function walks in all
)

// callGraph counts the direct calls of each function of the file and
// marks those used otherwise (their address taken: passed, stored), which
// may be called from anywhere. A kernel named by a launch is neither.
func (f *finder) callGraph() {
	f.calls = map[string]int{}
	f.escapes = map[string]bool{}
	var walk func(n *clang.Node, parents []*clang.Node)
	walk = func(n *clang.Node, parents []*clang.Node) {
		if n == nil {
			return
		}
		if n.Kind == "DeclRefExpr" && n.Referenced != nil && (n.Referenced.Kind == "FunctionDecl" || n.Referenced.Kind == "CXXMethodDecl") {
			id := n.Referenced.ID
			if def := f.defs[id]; def != nil {
				id = def.ID
			}
			switch useOf(n, parents) {
			case "call":
				f.calls[id]++
			case "taken":
				f.escapes[id] = true
			}
		}
		parents = append(parents, n)
		for _, c := range n.Inner {
			walk(c, parents)
		}
	}
	for _, d := range f.tu.MainDecls() {
		walk(d, nil)
	}
}

// useOf says how a reference to a function is used: "call" (the callee
// of a call), "launch" (the kernel of a launch, or a kernel's address given
// to cudaLaunchKernel) or "taken".
func useOf(ref *clang.Node, parents []*clang.Node) string {
	child := ref
	for i := len(parents) - 1; i >= 0; i-- {
		p := parents[i]
		switch {
		case p.Kind == "ImplicitCastExpr" && p.CastKind == "FunctionToPointerDecay" || p.Kind == "ParenExpr":
			child = p
			continue
		case (p.Kind == "CallExpr" || p.Kind == "CXXOperatorCallExpr") && len(p.Inner) > 0 && p.Inner[0] == child:
			return "call"
		case p.Kind == "CUDAKernelCallExpr" && len(p.Inner) > 0 && p.Inner[0] == child:
			return "launch"
		case p.Kind == "MemberExpr":
			return "call" // a method named on an object: its call
		}
		// a kernel passed to cudaLaunchKernel, through casts
		for j := i; j >= 0; j-- {
			q := parents[j]
			if q.Kind == "CallExpr" && isLauncher(calleeName(q)) {
				return "launch"
			}
			if !strings.HasSuffix(q.Kind, "CastExpr") && q.Kind != "ParenExpr" && q.Kind != "UnaryOperator" {
				break
			}
		}
		return "taken"
	}
	return "taken"
}

// rootWhy says why a function is walked as a root, and so why its
// parameters are not known; "" for a function walked from its callers.
func (f *finder) rootWhy(fn *clang.Node) string {
	switch {
	case fn.Kind != "FunctionDecl":
		return fmt.Sprintf("%s, a method drfcheck does not follow calls into", fn.Name)
	case f.escapes[fn.ID]:
		return fmt.Sprintf("%s, whose address is taken: it may be called from anywhere", fn.Name)
	case f.calls[fn.ID] == 0:
		if fn.Name == "main" {
			return "main"
		}
		return fmt.Sprintf("%s, which no code in the file calls", fn.Name)
	}
	return ""
}

// root walks a function whose parameters are not known.
func (f *finder) root(fn *clang.Node, why string) {
	if f.budget <= 0 {
		return
	}
	f.budget--
	info := f.scan(fn)
	e := env{}
	for _, p := range fn.Params() {
		if info.escaped[p.ID] == "" && !info.opaque {
			what := fmt.Sprintf("parameter %s of %s", p.Name, why)
			if why == "main" {
				what = fmt.Sprintf("parameter %s of main", p.Name)
			}
			e[p.ID] = f.freshNot(p.Name, p.TypeString(), what)
		}
	}
	w := &walker{f: f, fn: info, env: e, root: why, stack: []string{fn.ID}, untracked: map[string]*val{}, results: map[*clang.Node]*val{}}
	w.stmt(fn.Body())
}

// defer_ makes a function a root to walk at the end, when it is not one
// already.
func (f *finder) defer_(fn *clang.Node, why string) {
	if _, ok := f.pending[fn.ID]; ok || f.rootWhy(fn) != "" {
		return
	}
	f.pending[fn.ID] = fmt.Sprintf("%s, %s", fn.Name, why)
	f.order = append(f.order, fn.ID)
}

// call follows a call of a host function of the file into its body, with
// its parameters bound to the call's arguments; the call's value is what
// the function returns. A call it cannot follow makes the callee a root.
func (w *walker) call(n *clang.Node) {
	def := w.f.defs[calleeID(n)]
	if def == nil || def.Body() == nil || def.Kind != "FunctionDecl" || def.HasAttr("CUDAGlobalAttr") {
		return
	}
	params := def.Params()
	args := n.Inner[1:]
	var why string
	switch {
	case len(params) != len(args):
		why = fmt.Sprintf("called at %s with %d arguments for %d parameters", w.f.pos(n), len(args), len(params))
	case len(w.stack) > maxDepth:
		why = fmt.Sprintf("called at %s more than %d calls deep", w.f.pos(n), maxDepth)
	case w.f.budget <= 0:
		why = fmt.Sprintf("called at %s after drfcheck's budget of function walks was spent", w.f.pos(n))
	}
	for _, id := range w.stack {
		if id == def.ID {
			why = fmt.Sprintf("called recursively at %s", w.f.pos(n))
		}
	}
	if why != "" {
		w.f.defer_(def, why)
		if hasPtrType(n.TypeString()) {
			w.results[n] = w.f.freshNot(def.Name, n.TypeString(), fmt.Sprintf("the result of %s() at %s, a call drfcheck does not follow", def.Name, w.f.pos(n)))
		}
		return
	}
	w.f.budget--
	info := w.f.scan(def)
	ev := w.evaluator(n)
	e := env{}
	for i, p := range params {
		if info.escaped[p.ID] != "" || info.opaque {
			continue
		}
		v := ev.eval(args[i])
		if it, ok := parseInt(p.TypeString()); ok && v.k == kInt {
			v = convert(v, it)
		}
		if v.k == kUnknown {
			v = w.f.freshNot(p.Name, p.TypeString(), fmt.Sprintf("parameter %s of %s, passed %s at %s", p.Name, def.Name, w.f.tu.Text(args[i]), w.f.pos(n)))
		}
		e[p.ID] = v
	}
	sub := &walker{f: w.f, fn: info, env: e, root: w.root, dry: w.dry, state: w.state,
		chain: append(append([]Call(nil), w.chain...), Call{At: w.f.pos(n), Fn: def.Name}),
		stack: append(append([]string(nil), w.stack...), def.ID), untracked: map[string]*val{}, results: map[*clang.Node]*val{}}
	sub.loopDepth = w.loopDepth
	sub.stmt(def.Body())
	if sub.rets != nil {
		w.results[n] = sub.rets
	} else if hasPtrType(n.TypeString()) {
		w.results[n] = w.f.freshNot(def.Name, n.TypeString(), fmt.Sprintf("the result of %s() at %s", def.Name, w.f.pos(n)))
	}
}

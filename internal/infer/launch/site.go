package launch

import (
	"fmt"
	"strings"

	"github.com/drfcheck/drfcheck/internal/infer/clang"
	"github.com/drfcheck/drfcheck/protocol"
)

// launch records a launch site: the launch as the walk sees it here.
func (w *walker) launch(n *clang.Node) {
	if w.dry > 0 {
		return
	}
	key := n.ID + "@" + w.chainKey() + w.state
	if n.ID != "" {
		if w.f.seen[key] {
			return
		}
		w.f.seen[key] = true
	}
	ev := w.evaluator(n)
	s := &Site{At: w.f.pos(n), Chain: append([]Call(nil), w.chain...), Root: w.root}
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
	var params []*clang.Node
	if def := w.f.defs[k.fn]; def != nil {
		s.Kernel = def.ID
		s.Name = def.Name + def.TemplateArgs()
		params = def.Params()
	}
	if s.Name == "" {
		if d := w.f.tu.Decl(k.fn); d != nil {
			s.Name = d.Name
			params = d.Params()
		}
	}
	for _, p := range params {
		s.Types = append(s.Types, p.TypeString())
	}
	s.Grid, s.Block = ev.size(grid), ev.size(block)
	if mutates(n) {
		s.Why = "the launch assigns a variable"
		s.Grid, s.Block = unknown("%s", s.Why), unknown("%s", s.Why)
		w.f.sites = append(w.f.sites, s)
		return
	}
	if argsArray != nil {
		s.Args, s.Why = w.argsOf(ev, argsArray, s.Types)
		w.f.sites = append(w.f.sites, s)
		return
	}
	for _, a := range args {
		s.Args = append(s.Args, ev.eval(a))
	}
	w.f.sites = append(w.f.sites, s)
}

// argsOf finds the arguments that cudaLaunchKernel's argument array
// passes: each element is the address of a variable, whose value at the
// launch is the argument, converted to the parameter's type as the launch
// converts it (it reads the parameter's bytes from the variable: an
// integer of the same size or wider, on a little-endian host, gives its
// value modulo the parameter's width).
func (w *walker) argsOf(ev *evaluator, arr *clang.Node, types []string) ([]*val, string) {
	arr = strip(arr)
	if arr == nil || arr.Kind != "DeclRefExpr" || arr.Referenced == nil {
		return nil, "the argument array is not a local array"
	}
	a, ok := w.env[arr.Referenced.ID]
	if !ok || a.k != kArray {
		why := "the argument array is not followed"
		if r := w.fn.escaped[arr.Referenced.ID]; r != "" {
			why = "the argument array is not followed: " + r
		}
		return nil, why
	}
	if len(types) > 0 && len(a.elems) < len(types) {
		return nil, fmt.Sprintf("the argument array has %d elements for %d parameters", len(a.elems), len(types))
	}
	var out []*val
	for i, e := range a.elems {
		if len(types) > 0 && i >= len(types) {
			break
		}
		if e.k != kPtr || len(e.ptr) != 1 || e.ptr[0].o.varID == "" || !e.ptr[0].known || e.ptr[0].off != 0 {
			return nil, fmt.Sprintf("element %d of the argument array is not the address of a variable", i)
		}
		id := e.ptr[0].o.varID
		d := w.f.tu.Decl(id)
		if d == nil {
			return nil, fmt.Sprintf("element %d of the argument array is not known", i)
		}
		v := ev.read(id, &clang.DeclRef{ID: id, Kind: d.Kind, Name: d.Name, Type: d.Type})
		if len(types) > i {
			v = bytesAs(v, d.TypeString(), types[i])
		}
		out = append(out, v)
	}
	return out, ""
}

// bytesAs is the value a parameter of type to reads from the bytes of a
// variable of type from: the same value for the same type, the low bytes
// of a wider integer; otherwise not known.
func bytesAs(v *val, from, to string) *val {
	ft, fok := parseInt(from)
	tt, tok := parseInt(to)
	switch {
	case fok && tok:
		if ft.bits < tt.bits || ft.bits == 1 || tt.bits == 1 {
			return unknown("an argument of %s read as %s", from, to)
		}
		if v.k == kInt {
			return convert(v, tt)
		}
		return v
	case isPointer(from) && isPointer(to):
		return v
	case normType(from) == normType(to):
		return v
	}
	if isPointer(to) {
		return ptrOf(unknown("an argument of type %s read as %s", from, to))
	}
	return unknown("an argument of type %s read as %s", from, to)
}

// ptrOf is a pointer into memory not known, for why.
func ptrOf(v *val) *val {
	return &val{k: kPtr, ptr: []alt{{o: notShown(v.why)}}}
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

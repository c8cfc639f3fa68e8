package launch

import (
	"fmt"
	"sort"
	"strings"

	"drfcheck/protocol"
)

// Facts are what one launch site says about the kernel it launches, in
// terms of the kernel's parameters by index (ParamVar).
type Facts struct {
	// Block and Grid are the sizes known to be constants; 0 for a size
	// that is any (not known, or related to the parameters by Pre).
	Block, Grid [3]int64
	// Pre are conditions that hold when the kernel starts: a size related
	// to the arguments (blockDim.x == n, each guarded by the conditions
	// under which the host computed what the expression says), an argument
	// computed from another.
	Pre []protocol.Cond
	// Values are the parameters passed constants.
	Values map[int]int64
	// Aliases are the pointer parameters passed pointers into the memory
	// of an earlier one.
	Aliases []Alias
	// Notes say what could not be evaluated, and why.
	Notes []string
}

// Alias says that pointer parameter Param points Off bytes past parameter
// To (To < Param); Known is false when the offset is not known.
type Alias struct {
	Param, To int
	Off       int64
	Known     bool
}

// ParamVar names the kernel's i-th parameter in Facts.Pre.
func ParamVar(i int) string { return fmt.Sprintf("$%d", i) }

// maximum launch sizes (CUDA's limits for compute capability 3.0 and
// later): a launch beyond them fails and runs nothing.
var (
	maxBlock = [3]int64{1024, 1024, 64}
	maxGrid  = [3]int64{1<<31 - 1, 65535, 65535}
)

// Facts turns the site into facts about the kernel's parameters. params
// is the number of parameters of the kernel.
func (s *Site) Facts(params int) Facts {
	f := Facts{Values: map[int]int64{}}
	sub := protocol.Subst{}
	guards := map[string][]protocol.Cond{} // what must hold for a symbol to equal its parameter
	if len(s.Args) != params {
		if s.Why != "" {
			f.Notes = append(f.Notes, "the arguments are not known: "+s.Why)
		} else if s.Args != nil {
			f.Notes = append(f.Notes, fmt.Sprintf("%d arguments for %d parameters: the arguments are not used", len(s.Args), params))
		}
	} else {
		for i, a := range s.Args {
			if a.k != kInt {
				continue
			}
			if v, ok := a.e.(*protocol.Var); ok {
				if _, seen := sub[v.Name]; !seen {
					sub[v.Name] = &protocol.Var{Name: ParamVar(i)}
					guards[v.Name] = a.guard
				}
			}
		}
	}
	// relate an expression over symbols to the parameters, or say why not
	relate := func(x protocol.Expr, v *val) (protocol.Cond, bool) {
		e := sub.Expr(v.e)
		var gs []protocol.Cond
		for _, g := range v.guard {
			gs = append(gs, sub.Cond(g))
		}
		for name := range protocol.FreeVars(v.e) {
			for _, g := range guards[name] {
				gs = append(gs, sub.Cond(g))
			}
		}
		for name := range protocol.FreeVars(&protocol.Assume{Cond: and(append(gs, &protocol.Cmp{Op: protocol.Eq, X: x, Y: e})...)}) {
			if !strings.HasPrefix(name, "$") {
				return nil, false
			}
		}
		c := protocol.Cond(&protocol.Cmp{Op: protocol.Eq, X: x, Y: e})
		if len(gs) > 0 {
			c = &protocol.Logic{Op: protocol.Or, X: &protocol.Not{X: and(gs...)}, Y: c}
		}
		return c, true
	}
	for i, a := range s.Args {
		if len(s.Args) != params {
			break
		}
		if a.k != kInt {
			continue
		}
		if c, ok := a.isConst(); ok {
			f.Values[i] = c
			continue
		}
		if v, ok := a.e.(*protocol.Var); ok {
			if r, _ := sub[v.Name].(*protocol.Var); r != nil && r.Name == ParamVar(i) {
				continue // the parameter is this symbol
			}
		}
		if c, ok := relate(&protocol.Var{Name: ParamVar(i)}, a); ok {
			f.Pre = append(f.Pre, c)
		}
	}
	for _, dim := range []struct {
		name string
		v    *val
		out  *[3]int64
		max  [3]int64
		kind protocol.BuiltinKind
	}{{"block", s.Block, &f.Block, maxBlock, protocol.BlockDim}, {"grid", s.Grid, &f.Grid, maxGrid, protocol.GridDim}} {
		if dim.v == nil || dim.v.k != kDim3 {
			why := "not known"
			if dim.v != nil && dim.v.why != "" {
				why = dim.v.why
			}
			f.Notes = append(f.Notes, fmt.Sprintf("the %s size is not known (%s): any", dim.name, why))
			continue
		}
		for d, v := range dim.v.dims {
			b := protocol.BuiltinName(dim.kind, d)
			if c, ok := v.isConst(); ok {
				if c >= 1 && c <= dim.max[d] {
					dim.out[d] = c
				} else {
					f.Notes = append(f.Notes, fmt.Sprintf("%s = %d: a launch of this size fails and runs nothing; checked for any", b, c))
				}
				continue
			}
			if v.k != kInt {
				f.Notes = append(f.Notes, fmt.Sprintf("%s is not known (%s): any", b, v.why))
				continue
			}
			if c, ok := relate(&protocol.Builtin{Kind: dim.kind, Dim: d}, v); ok {
				f.Pre = append(f.Pre, c)
			} else {
				f.Notes = append(f.Notes, fmt.Sprintf("%s is %s, not a function of the arguments: any", b, exprText(v.e)))
			}
		}
	}
	if len(s.Args) == params {
		f.Aliases = aliases(s.Args)
	}
	return f
}

// aliases groups the pointer arguments by the memory they point into.
func aliases(args []*val) []Alias {
	first := map[string]int{}
	var out []Alias
	for i, a := range args {
		if a.k != kPtr || a.base == "" {
			continue
		}
		j, ok := first[a.base]
		if !ok {
			first[a.base] = i
			continue
		}
		al := Alias{Param: i, To: j}
		x, xok := a.off.(*protocol.IntLit)
		y, yok := args[j].off.(*protocol.IntLit)
		if xok && yok {
			al.Off, al.Known = x.Value-y.Value, true
		}
		out = append(out, al)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Param < out[j].Param })
	return out
}

func and(cs ...protocol.Cond) protocol.Cond {
	if len(cs) == 0 {
		return &protocol.BoolLit{Value: true}
	}
	c := cs[0]
	for _, d := range cs[1:] {
		c = &protocol.Logic{Op: protocol.And, X: c, Y: d}
	}
	return c
}

package launch

import (
	"fmt"
	"sort"
	"strings"

	"github.com/drfcheck/drfcheck/protocol"
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
	// FieldValues are the integer fields of struct arguments passed
	// constants, by slot ("1.base", "0.in.n").
	FieldValues map[string]int64
	// Slots are the pointers the arguments carry, in order: each pointer
	// argument, each pointer in a field or element of a struct argument,
	// with where its memory comes from; a pointer into the memory of an
	// earlier one is in its alias class. Nil when the arguments are not
	// known.
	Slots []Slot
	// Aliases are the slots passed pointers into the memory of an
	// earlier one (the first of their class).
	Aliases []Alias
	// Notes say what could not be evaluated, and why.
	Notes []string
}

// Slot is a pointer an argument of a launch carries.
type Slot struct {
	// Path names it: the parameter's index, then the fields and elements
	// of a struct argument that hold it ("1", "0.x", "0.c[2]", "0.in.y");
	// "0.*" stands for every pointer a struct argument whose value is not
	// known carries.
	Path string
	// Class is the index in Facts.Slots of the first slot of its alias
	// class: slots that may point into the same memory are one class.
	Class int
	// Known is true when the host code shows all the memory it may point
	// into (allocations, variables): then it overlaps no slot of another
	// class. Otherwise that it does not is the assumption of GPU
	// verifiers, which the report states.
	Known bool
	// What says where its memory comes from (or, when not Known, why
	// drfcheck does not know): "cudaMalloc at main.cu:10:3".
	What string
	// Null is a null pointer: no memory.
	Null bool
}

// Alias says that the pointer at slot Slot points Off bytes past the one
// at slot To (To earlier); Known is false when the offset is not known.
type Alias struct {
	Slot, To string
	Off      int64
	Known    bool
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
	if len(s.Args) != params {
		if s.Why != "" {
			f.Notes = append(f.Notes, "the arguments are not known: "+s.Why)
		} else if s.Args != nil {
			f.Notes = append(f.Notes, fmt.Sprintf("%d arguments for %d parameters: the arguments are not used", len(s.Args), params))
		}
	} else {
		// A symbol is the value of a parameter passed exactly it: the
		// argument is the symbol, converted without a guard (a
		// conversion that may change the value, as int to unsigned char
		// does, makes the parameter another value, related to the
		// symbol only under the conversion's guard).
		for i, a := range s.Args {
			if v, ok := bare(a); ok {
				if _, seen := sub[v]; !seen {
					sub[v] = &protocol.Var{Name: ParamVar(i)}
				}
			}
		}
	}
	// and a symbol passed as a launch size is that size (a size that is
	// not in range fails the launch, which runs nothing)
	for _, dim := range []struct {
		v    *val
		kind protocol.BuiltinKind
	}{{s.Block, protocol.BlockDim}, {s.Grid, protocol.GridDim}} {
		if dim.v == nil || dim.v.k != kDim3 {
			continue
		}
		for d, v := range dim.v.dims {
			if name, ok := bare(v); ok {
				if _, seen := sub[name]; !seen {
					sub[name] = &protocol.Builtin{Kind: dim.kind, Dim: d}
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
		if v, ok := bare(a); ok {
			if r, _ := sub[v].(*protocol.Var); r != nil && r.Name == ParamVar(i) {
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
			if name, ok := bare(v); ok {
				if r, _ := sub[name].(*protocol.Builtin); r != nil && r.Kind == dim.kind && r.Dim == d {
					continue // the size is this symbol
				}
			}
			if c, ok := relate(&protocol.Builtin{Kind: dim.kind, Dim: d}, v); ok {
				f.Pre = append(f.Pre, c)
			} else {
				f.Notes = append(f.Notes, fmt.Sprintf("%s is %s, not a function of the arguments: any", b, exprText(v.e)))
			}
		}
	}
	if len(s.Args) == params {
		f.Slots, f.Aliases = slots(s.Args, s.Types)
		f.FieldValues = map[string]int64{}
		for i, a := range s.Args {
			fieldValues(fmt.Sprint(i), a, f.FieldValues)
		}
	}
	return f
}

// fieldValues records the integer fields of a struct value that are
// constants, by slot.
func fieldValues(path string, v *val, out map[string]int64) {
	if v == nil || v.k != kStruct {
		return
	}
	for _, f := range v.fields {
		if c, ok := f.v.isConst(); ok {
			out[path+"."+f.name] = c
		}
		fieldValues(path+"."+f.name, f.v, out)
	}
}

// bare returns the symbol a value is exactly, with no guard.
func bare(v *val) (string, bool) {
	if v == nil || v.k != kInt || len(v.guard) > 0 {
		return "", false
	}
	if x, ok := v.e.(*protocol.Var); ok {
		return x.Name, true
	}
	return "", false
}

// slots lists the pointers the arguments carry and groups them by the
// memory they may point into (classes of a union-find over origins).
func slots(args []*val, types []string) ([]Slot, []Alias) {
	var out []Slot
	var alts [][]alt
	var add func(path string, v *val, t string)
	add = func(path string, v *val, t string) {
		switch {
		case v == nil:
		case v.k == kPtr:
			out = append(out, Slot{Path: path})
			alts = append(alts, v.ptr)
		case v.k == kStruct:
			for _, f := range v.fields {
				add(path+"."+f.name, f.v, "")
			}
		case v.k == kArray:
			for i, e := range v.elems {
				add(fmt.Sprintf("%s[%d]", path, i), e, "")
			}
		case isPointer(t):
			why := v.why
			if why == "" {
				why = "a value drfcheck does not follow"
			}
			out = append(out, Slot{Path: path})
			alts = append(alts, []alt{{o: notShown(why)}})
		case v.k == kUnknown && t != "" && hasPtrType(t):
			why := v.why
			if why == "" {
				why = "a value drfcheck does not follow"
			}
			out = append(out, Slot{Path: path + ".*"})
			alts = append(alts, []alt{{o: notShown(why)}})
		}
	}
	for i, a := range args {
		t := ""
		if i < len(types) {
			t = types[i]
		}
		add(fmt.Sprint(i), a, t)
	}
	// union-find over slots sharing an origin
	parent := make([]int, len(out))
	for i := range parent {
		parent[i] = i
	}
	find := func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	first := map[*origin]int{}
	for i, as := range alts {
		out[i].Known = true
		out[i].Null = true
		var whats []string
		for _, a := range as {
			if a.o.null {
				continue
			}
			out[i].Null = false
			if !a.o.known {
				out[i].Known = false
			}
			whats = append(whats, a.o.what)
			if j, ok := first[a.o]; ok {
				x, y := find(i), find(j)
				if x < y {
					x, y = y, x
				}
				parent[x] = y
			} else {
				first[a.o] = i
			}
		}
		out[i].What = strings.Join(dedup(whats), " or ")
		if out[i].Null {
			out[i].What = "the null pointer"
		}
	}
	var als []Alias
	for i := range out {
		out[i].Class = find(i)
		c := out[i].Class
		if c == i {
			continue
		}
		al := Alias{Slot: out[i].Path, To: out[c].Path}
		if x, y := alts[i], alts[c]; len(x) == 1 && len(y) == 1 && x[0].o == y[0].o && x[0].known && y[0].known && !x[0].o.summary {
			al.Off, al.Known = x[0].off-y[0].off, true
		}
		als = append(als, al)
	}
	return out, als
}

func dedup(xs []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, x := range xs {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	sort.Strings(out)
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

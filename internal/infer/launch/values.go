package launch

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/drfcheck/drfcheck/internal/infer/clang"
	"github.com/drfcheck/drfcheck/internal/infer/ir"
)

// This file gives host values their shape: structs by their fields,
// arrays by their elements, so that a pointer stored in a field
// (p.x = a) or in an argument array (args[1] = &b) is followed to the
// launch that passes it.

// maxElems bounds the elements of an array the walk tracks one by one.
const maxElems = 64

// fieldsOf lists the fields of a struct type, as the lowering resolves
// them (ir.Fields); false when the struct is not known.
func (f *finder) fieldsOf(t string) ([]ir.StructField, bool) {
	if f.structFields == nil {
		f.structFields = ir.Fields(f.tu)
	}
	return f.structFields(t)
}

// arrayType splits an array type "T [n]" (the first dimension) into its
// element type and length.
func arrayType(t string) (string, int, bool) {
	t = strings.TrimSpace(t)
	i := strings.Index(t, "[")
	if i <= 0 || !strings.HasSuffix(t, "]") {
		return "", 0, false
	}
	j := strings.Index(t[i:], "]") + i
	n, err := strconv.Atoi(strings.TrimSpace(t[i+1 : j]))
	if err != nil || n < 0 {
		return "", 0, false
	}
	elem := strings.TrimSpace(t[:i] + t[j+1:])
	return elem, n, true
}

// shaped makes a value of a struct or array type whose leaves (scalars,
// pointers, dim3s) mk makes; nil when the type has no shape the walk
// knows (a struct it cannot resolve, an array too long).
func (f *finder) shaped(t string, mk func(name, t string) *val, depth int) *val {
	if depth > 4 {
		return nil
	}
	leaf := func(name, ft string) *val {
		if _, _, ok := arrayType(ft); ok || !isPointer(ft) && !isDim3(ft) && hasPtrType(ft) {
			if v := f.shaped(ft, mk, depth+1); v != nil {
				return v
			}
			return unknown("%s, of a type drfcheck does not follow", name)
		}
		return mk(name, ft)
	}
	if elem, n, ok := arrayType(t); ok {
		if n > maxElems {
			return nil
		}
		out := &val{k: kArray, typ: t}
		for i := 0; i < n; i++ {
			out.elems = append(out.elems, leaf(fmt.Sprintf("[%d]", i), elem))
		}
		return out
	}
	fs, ok := f.fieldsOf(t)
	if !ok {
		return nil
	}
	out := &val{k: kStruct, typ: normType(t)}
	for _, fd := range fs {
		out.fields = append(out.fields, field{fd.Name, leaf(fd.Name, fd.Type)})
	}
	return out
}

// zero is the value of a value-initialized object of type t: null
// pointers, zeros.
func (f *finder) zero(t string) *val {
	mk := func(name, t string) *val {
		switch {
		case isPointer(t):
			return ptrTo(nullOrigin)
		case isDim3(t):
			return (&evaluator{f: f}).dim3(nil)
		}
		if it, ok := parseInt(t); ok {
			return constant(it, big.NewInt(0))
		}
		return unknown("%s", name)
	}
	if isPointer(t) || isDim3(t) {
		return mk("", t)
	}
	if _, ok := parseInt(t); ok {
		return mk("", t)
	}
	if v := f.shaped(t, mk, 0); v != nil {
		return v
	}
	return unknown("a value of type %s", t)
}

// unset is the value of an object of type t made by its default
// constructor: its fields hold values not known (a pointer field that is
// never set points to memory the host code does not show).
func (f *finder) unset(t string) *val {
	mk := func(name, t string) *val { return f.freshNot(name, t, "field "+name+", which is not set") }
	if v := f.shaped(t, mk, 0); v != nil {
		return v
	}
	return f.freshNot("", t, "a value of type "+t+" drfcheck does not follow")
}

// initList evaluates a braced initializer of a struct or an array.
func (ev *evaluator) initList(n *clang.Node) *val {
	t := n.TypeString()
	if elem, len_, ok := arrayType(t); ok && len_ <= maxElems {
		out := &val{k: kArray, typ: t}
		for i := 0; i < len_; i++ {
			if i < len(n.Inner) && n.Inner[i] != nil && n.Inner[i].Kind != "" {
				out.elems = append(out.elems, ev.convertTo(ev.eval(n.Inner[i]), elem))
			} else {
				out.elems = append(out.elems, ev.f.zero(elem))
			}
		}
		return out
	}
	fs, ok := ev.f.fieldsOf(t)
	if !ok {
		if hasPtrType(t) {
			return ev.f.freshNot("", t, "an initializer of "+t+", a type drfcheck does not follow")
		}
		return unknown("an initializer list")
	}
	out := &val{k: kStruct, typ: normType(t)}
	for i, fd := range fs {
		var v *val
		if i < len(n.Inner) && n.Inner[i] != nil && n.Inner[i].Kind != "" {
			v = ev.convertTo(ev.eval(n.Inner[i]), fd.Type)
		} else {
			v = ev.f.zero(fd.Type)
		}
		out.fields = append(out.fields, field{fd.Name, v})
	}
	return out
}

// convertTo converts a value to the type it is stored as: an integer as C
// converts it.
func (ev *evaluator) convertTo(v *val, t string) *val {
	if it, ok := parseInt(t); ok && v.k == kInt {
		return convert(v, it)
	}
	return v
}

// subscript evaluates a[i]: an element of an array the walk tracks (any
// of them at an index not known); a load from memory otherwise.
func (ev *evaluator) subscript(n *clang.Node) *val {
	base := n.Child(0)
	for base != nil && (base.Kind == "ImplicitCastExpr" && base.CastKind == "ArrayToPointerDecay" || base.Kind == "ParenExpr") {
		base = base.Child(0)
	}
	if b := ev.eval(base); b.k == kArray {
		i := ev.eval(n.Child(1))
		if c, ok := i.isConst(); ok {
			if c >= 0 && int(c) < len(b.elems) {
				return b.elems[c]
			}
			return unknown("an element out of the array")
		}
		var out *val
		for _, e := range b.elems {
			if out == nil {
				out = e
				continue
			}
			out = joinVals(out, e, func() *val { return unknown("an element at an index not known") })
		}
		if out != nil {
			return out
		}
	}
	if hasPtrType(n.TypeString()) {
		return ev.f.freshNot("", n.TypeString(), fmt.Sprintf("a pointer read from memory at %s", ev.f.pos(n)))
	}
	return unknown("a value read from memory")
}

// alloc is the memory allocated by the call n (cudaMalloc, malloc, new)
// in the walk w: one origin per call site and chain of calls, so that a
// loop's fixpoint meets the same one; in a loop, one origin stands for
// the allocations of every iteration (summary).
func (f *finder) alloc(n *clang.Node, what string, w *walker) *origin {
	key := n.ID
	chain := ""
	if w != nil {
		chain = w.chainKey()
		key += "@" + chain
	}
	if o, ok := f.origins[key]; ok {
		return o
	}
	o := &origin{id: fmt.Sprintf("%s#%d", what, len(f.origins)+1), known: true, what: fmt.Sprintf("%s at %s", what, f.pos(n))}
	if w != nil && w.loopDepth > 0 {
		o.summary = true
		o.what += " (in a loop)"
	}
	if w != nil && len(w.chain) > 0 {
		o.what += ", " + chainText(w.chain)
	}
	f.origins[key] = o
	return o
}

// varOrigin is the memory of a host variable: what its address points
// to.
func (f *finder) varOrigin(id, name string) *origin {
	key := "&" + id
	if o, ok := f.origins[key]; ok {
		return o
	}
	o := &origin{id: key, known: true, varID: id, what: "the host variable " + name}
	f.origins[key] = o
	return o
}

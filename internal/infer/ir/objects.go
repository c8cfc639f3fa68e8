package ir

import (
	"github.com/drfcheck/drfcheck/internal/infer/clang"
	"github.com/drfcheck/drfcheck/protocol"
)

// object is a C variable of the kernel (or of an inlined function) split
// into IR pieces: a scalar is a Var, a pointer or reference a ptrObj, an
// array private memory, a struct one object per field.
type object struct {
	name   string
	t      ctype
	v      *Var
	ptr    *ptrObj
	base   *Base
	fields []*object // parallel to t.rec.fields; nil for a struct of unknown layout
}

// ptrObj is a pointer variable. A pointer never modified after its
// initialization, to a value over stable variables, is that value
// (fixed); any other has an offset Var and, when it may point to several
// objects, a selector Var over the targets recorded for its name.
type ptrObj struct {
	fixed    *ptrv
	off, sel *Var
}

// pkind is what a place designates.
type pkind int

const (
	pMem     pkind = iota // bytes of a base
	pVar                  // (part of) an object: its bytes from off
	pNull                 // the null pointer
	pUnknown              // a pointer the lowering cannot follow
	pBuiltin              // threadIdx, blockIdx, blockDim, gridDim, or a dimension of one
	pTemp                 // an rvalue used as an object
	pFunc                 // a function (fn): what a function pointer points to
)

// place is one object an lvalue or a pointer may designate, when guard
// holds (nil: always). The guards of a list of places are exclusive, and
// the last place is taken when no other guard holds.
type place struct {
	guard Expr
	kind  pkind
	base  *Base
	obj   *object
	off   Expr // byte offset in base or obj
	why   string
	bi    BuiltinKind
	dim   int // -1 for the whole uint3
	val   *val
	fn    *clang.Node // pFunc: the function (see funcPlace)
}

// ptrv is a pointer value: the places it may point to.
type ptrv struct{ alts []place }

// lval is an lvalue: the object an expression designates, of type t.
type lval struct {
	alts []place
	t    ctype
	n    *clang.Node
	// parts are the lvalues of the components of an OpenCL vector that
	// several components of one vector make (v.xz, v.hi): alts is then
	// empty, and a load or store goes component by component
	parts []lval
}

// val is an rvalue: a scalar expression, a pointer, or a struct's fields.
type val struct {
	t      ctype
	e      Expr
	p      *ptrv
	fields []val  // a struct with a layout; nil otherwise
	arr    *place // an array: the memory it is in, copied element by element
}

// target is what a pointer variable may point to, by name, for the
// candidates recorded across passes.
type target struct {
	kind pkind
	name string // a base's or an object's name
}

func unknownPtr(why string) *ptrv { return &ptrv{alts: []place{{kind: pUnknown, why: why}}} }

func i64(at protocol.Pos, v int64) *Const { return &Const{At: at, T: I64, Int: v} }

// newObject makes the IR pieces of a C variable. Param makes the scalars
// inputs (Param vars) and the arrays private copies.
func (l *lowerer) newObject(at protocol.Pos, name string, t ctype, kind VarKind) *object {
	o := &object{name: name, t: t}
	l.objects[name] = o
	switch t.kind {
	case cScalar:
		o.v = l.newVar(at, name, t.ir, kind)
	case cPtr, cRef:
		o.ptr = &ptrObj{}
	case cArray:
		o.base = l.newBase(at, name, Private, t)
		l.used[name] = true
	case cStruct:
		if t.rec != nil && t.rec.union {
			// one storage whose members are views of its bytes: private
			// memory, so that a read of any member after a write of
			// another reads those bytes (a value the lowering does not
			// track: unknown, one per thread), never a stale copy
			o.base = l.newBase(at, name, Private, t)
			l.used[name] = true
			break
		}
		if t.rec != nil {
			for _, f := range t.rec.fields {
				fn := name + "." + f.name
				l.used[fn] = true
				o.fields = append(o.fields, l.newObject(at, fn, f.t, kind))
			}
		}
	default:
		o.v = l.newVar(at, name, I64, kind)
	}
	return o
}

// ptrVars gives a pointer object its offset and selector variables.
func (l *lowerer) ptrVars(o *object, at protocol.Pos) {
	if o.ptr.off == nil {
		o.ptr.off = l.newVar(at, l.name(o.name+".off"), I64, PtrOff)
		o.ptr.sel = &Var{At: at, Name: l.name(o.name + ".sel"), T: I32, Kind: PtrSel}
	}
}

// readPtr returns the value of a pointer object.
func (l *lowerer) readPtr(o *object, at protocol.Pos) *ptrv {
	if o.ptr.fixed != nil {
		return o.ptr.fixed
	}
	cs := l.cands[o.name]
	if len(cs) == 0 || o.ptr.off == nil {
		return unknownPtr("pointer " + o.name + " is read before it is set")
	}
	p := &ptrv{}
	for i, c := range cs {
		pl := place{kind: c.kind, off: &Ref{At: at, Var: o.ptr.off}}
		switch c.kind {
		case pMem:
			pl.base = l.byName[c.name]
			if pl.base == nil {
				pl = place{kind: pUnknown, why: "a pointer to " + c.name + " before its declaration"}
			}
		case pVar:
			pl.obj = l.objects[c.name]
			if pl.obj == nil {
				pl = place{kind: pUnknown, why: "a pointer to " + c.name + " out of its scope"}
			}
			if !l.moved[o.name+"\x00"+c.name] {
				// every assignment points it at the variable itself
				pl.off = nil
			}
		case pUnknown:
			pl.why = c.name
		case pFunc:
			pl.off, pl.fn = nil, l.funcs[c.name]
		}
		if len(cs) > 1 {
			pl.guard = &Binary{At: at, Op: "==", X: &Ref{At: at, Var: o.ptr.sel}, Y: &Const{At: at, T: I32, Int: int64(i)}, T: BoolT}
		}
		p.alts = append(p.alts, pl)
	}
	return p
}

// candIndex returns the index of a target among a pointer variable's
// candidates, adding it (and asking for another pass) when new.
func (l *lowerer) candIndex(name string, t target) int {
	for i, c := range l.cands[name] {
		if c == t {
			return i
		}
	}
	l.cands[name] = append(l.cands[name], t)
	l.changed = true
	return len(l.cands[name]) - 1
}

func targetOf(pl place) target {
	switch pl.kind {
	case pMem:
		return target{kind: pMem, name: pl.base.Name}
	case pVar:
		return target{kind: pVar, name: pl.obj.name}
	case pNull:
		return target{kind: pNull}
	case pFunc:
		return target{kind: pFunc, name: pl.fn.ID}
	}
	why := pl.why
	if pl.kind != pUnknown {
		why = "the address of a temporary"
	}
	return target{kind: pUnknown, name: why}
}

// writePtr assigns a pointer value to a pointer object.
func (l *lowerer) writePtr(o *object, p *ptrv, at protocol.Pos) {
	if o.ptr.fixed != nil {
		l.emit(&Unknown{At: at, Reason: "internal: assignment to a fixed pointer " + o.name})
		return
	}
	l.ptrVars(o, at)
	var sel, off Expr
	for i := len(p.alts) - 1; i >= 0; i-- {
		a := p.alts[i]
		idx := &Const{At: at, T: I32, Int: int64(l.candIndex(o.name, targetOf(a)))}
		if a.kind == pVar {
			if c, ok := a.off.(*Const); a.off != nil && (!ok || c.Int != 0) && !l.moved[o.name+"\x00"+a.obj.name] {
				l.moved[o.name+"\x00"+a.obj.name] = true
				l.changed = true
			}
		}
		var ao Expr = i64(at, 0)
		if a.off != nil && (a.kind == pMem || a.kind == pVar) {
			ao = a.off
		}
		if sel == nil || a.guard == nil {
			sel, off = idx, ao
			continue
		}
		sel, off = mkSelect(at, a.guard, idx, sel), mkSelect(at, a.guard, ao, off)
	}
	l.emit(&Assign{At: at, Dst: o.ptr.off, X: off})
	if len(l.cands[o.name]) > 1 {
		l.sels(o)
		l.emit(&Assign{At: at, Dst: o.ptr.sel, X: sel})
	}
}

// sels registers a selector variable in the function once it is needed.
func (l *lowerer) sels(o *object) {
	for _, v := range l.f.Vars {
		if v == o.ptr.sel {
			return
		}
	}
	for _, c := range l.cands[o.name] {
		name := c.name
		switch c.kind {
		case pNull:
			name = "null"
		case pUnknown:
			name = "?"
		case pFunc:
			name = l.funcs[c.name].Name
		}
		o.ptr.sel.Targets = append(o.ptr.sel.Targets, name)
	}
	l.f.Vars = append(l.f.Vars, o.ptr.sel)
}

// bindPtr initializes a pointer object: it is fixed to the value when the
// variable is never modified and the value is stable, else assigned.
func (l *lowerer) bindPtr(o *object, p *ptrv, modified bool, at protocol.Pos) {
	if !modified && l.stablePtr(p) {
		o.ptr.fixed = p
		return
	}
	l.writePtr(o, p, at)
}

func (l *lowerer) stablePtr(p *ptrv) bool {
	for _, a := range p.alts {
		if !l.isStable(a.guard) || !l.isStable(a.off) || a.kind == pTemp {
			return false
		}
	}
	return true
}

// ---- reading and writing objects ----

// at finds the part of an object at a byte offset that has type t: a
// field, the object itself, or the array holding it (the caller turns
// that into memory).
func (o *object) at(off int64, t ctype) *object {
	if off == 0 && o.fields == nil {
		return o
	}
	if off == 0 && t.kind == cStruct && o.t.kind == cStruct && o.t.name == t.name {
		return o
	}
	if o.base != nil {
		return o
	}
	if o.t.rec == nil || len(o.fields) != len(o.t.rec.fields) {
		return nil // past a scalar: outside the object
	}
	for i, f := range o.t.rec.fields {
		if off >= f.off && off < f.off+max(f.t.size, 1) {
			return o.fields[i].at(off-f.off, t)
		}
	}
	return nil
}

// varPart resolves a place in an object to the part it designates, or to
// the private memory of an array. ok is false when the offset is not
// known.
func (l *lowerer) varPart(pl place, t ctype) (*object, place, bool) {
	off := int64(0)
	if pl.off != nil {
		c, isConst := pl.off.(*Const)
		if !isConst {
			if pl.obj.base != nil {
				return nil, place{kind: pMem, base: pl.obj.base, off: pl.off}, true
			}
			return nil, place{}, false
		}
		off = c.Int
	}
	o := pl.obj.at(off, t)
	if o == nil {
		return nil, place{}, false
	}
	if o.base != nil {
		// inside an array member: memory, from the array's start
		in, _ := offsetIn(pl.obj, o)
		return nil, place{kind: pMem, base: o.base, off: i64(protocol.Pos{}, off-in)}, true
	}
	return o, place{}, true
}

// offsetIn returns the byte offset of a part inside an object.
func offsetIn(root, part *object) (int64, bool) {
	if root == part {
		return 0, true
	}
	for i, f := range root.fields {
		if d, ok := offsetIn(f, part); ok {
			return root.t.rec.fields[i].off + d, true
		}
	}
	return 0, false
}

// readObject returns the value of an object.
func (l *lowerer) readObject(o *object, at protocol.Pos) val {
	switch {
	case o.v != nil:
		return val{t: o.t, e: &Ref{At: at, Var: o.v}}
	case o.ptr != nil:
		return val{t: o.t, p: l.readPtr(o, at)}
	case o.base != nil:
		return val{t: o.t, arr: &place{kind: pMem, base: o.base, off: i64(at, 0)}}
	}
	v := val{t: o.t}
	for _, f := range o.fields {
		v.fields = append(v.fields, l.readObject(f, at))
	}
	return v
}

// writeObject assigns a value to an object.
func (l *lowerer) writeObject(o *object, v val, at protocol.Pos) {
	switch {
	case o.v != nil:
		l.emit(&Assign{At: at, Dst: o.v, X: l.scalar(v, o.v.T, at)})
	case o.ptr != nil:
		l.writePtr(o, l.pointer(v), at)
	case o.base != nil:
		l.copyArray(place{kind: pMem, base: o.base, off: i64(at, 0)}, v, o.t, at, nil)
	default:
		if v.fields == nil && o.fields != nil {
			// a struct of unknown value (a call's, a constructor's)
			for _, f := range o.fields {
				l.writeObject(f, val{t: f.t, e: &Opaque{At: at, Reason: "a field of a struct value the lowering does not know", T: f.t.scalarLeaf()}}, at)
			}
			return
		}
		for i, f := range o.fields {
			if i < len(v.fields) {
				l.writeObject(f, v.fields[i], at)
			}
		}
	}
}

// scalar returns a value as an expression of type t.
func (l *lowerer) scalar(v val, t Type, at protocol.Pos) Expr {
	switch {
	case v.e != nil:
		return convert(at, v.e, t)
	case v.p != nil:
		return &Opaque{At: at, Reason: "a pointer converted to an integer", T: t}
	}
	return &Opaque{At: at, Reason: "a value the lowering does not know", T: t}
}

// pointer returns a value as a pointer.
func (l *lowerer) pointer(v val) *ptrv {
	if v.p != nil {
		return v.p
	}
	if c, ok := v.e.(*Const); ok && c.Int == 0 && c.T.Kind != Float {
		return &ptrv{alts: []place{{kind: pNull}}}
	}
	return unknownPtr("a pointer made from an integer")
}

// maxCopy bounds the elements of an array copied one by one.
const maxCopy = 64

// copyArray copies an array value (an array member of a struct being
// copied) to memory, one scalar at a time.
func (l *lowerer) copyArray(dst place, v val, t ctype, at protocol.Pos, n *clang.Node) {
	if v.arr == nil {
		// an unknown value (written by a library function): every
		// element of the array gets an unknown value
		var offs []int64
		var leafs []ctype
		leaves(t, 0, func(off int64, lt ctype) {
			offs = append(offs, off)
			leafs = append(leafs, lt)
		})
		if len(offs) == 0 || len(offs) > maxCopy {
			l.emit(&Unknown{At: at, Reason: "a write of an unknown value to an array of more than 64 scalars, or of unknown size"})
			return
		}
		for i, off := range offs {
			d := dst
			d.off = add(at, d.off, i64(at, off))
			e := val{t: leafs[i], e: &Opaque{At: at, Reason: "an element written with an unknown value", T: leafs[i].scalarLeaf()}}
			if leafs[i].kind == cPtr {
				e = val{t: leafs[i], p: unknownPtr("a pointer written with an unknown value")}
			}
			l.storePlace(d, leafs[i], e, n, at)
		}
		return
	}
	if n == nil {
		// the element accesses are placed at the copy
		saved := l.here
		l.here = at
		defer func() { l.here = saved }()
	}
	var offs []int64
	var leafs []ctype
	leaves(t, 0, func(off int64, lt ctype) {
		offs = append(offs, off)
		leafs = append(leafs, lt)
	})
	if len(offs) > maxCopy || len(offs) == 0 {
		l.emit(&Unknown{At: at, Reason: "a copy of an array of more than 64 scalars, or of unknown size"})
		return
	}
	for i, off := range offs {
		src, d := *v.arr, dst
		src.off = add(at, src.off, i64(at, off))
		d.off = add(at, d.off, i64(at, off))
		e := l.loadPlace(src, leafs[i], n)
		l.storePlace(d, leafs[i], e, n, at)
	}
}

// leaves calls f with the offset and type of each scalar or pointer in a
// type, in order.
func leaves(t ctype, off int64, f func(int64, ctype)) {
	switch t.kind {
	case cArray:
		e := t.pointee()
		if t.n <= 0 || e.size <= 0 || t.n > maxCopy {
			f(off, ctype{kind: cUnknown})
			return
		}
		for i := int64(0); i < t.n; i++ {
			leaves(e, off+i*e.size, f)
		}
	case cStruct:
		if t.rec == nil {
			f(off, ctype{kind: cUnknown})
			return
		}
		for _, fl := range t.rec.fields {
			leaves(fl.t, off+fl.off, f)
		}
	default:
		f(off, t)
	}
}

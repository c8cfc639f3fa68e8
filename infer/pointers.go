package infer

import (
	"drfcheck/infer/clang"
	"drfcheck/protocol"
)

// Pointers are followed to the array they point into, with the offset
// added to the index (seed 004, Section 5: accesses to shared arrays,
// whatever way the kernel reaches them). A pointer that may point into
// several arrays carries one guarded alternative per array; one whose
// target cannot be known makes every access through it unknown.

// asPtr returns a value used as a pointer.
func (x *exec) asPtr(v value, n *clang.Node) ptrVal {
	switch v := v.(type) {
	case ptrVal:
		return v
	case intVal:
		if isLit(v.e, 0) {
			return ptrVal{alts: []ptrAlt{{kind: tgNull}}}
		}
	}
	return unknownPtr("a value that is not a known pointer")
}

// deref designates the object a pointer points to.
func (x *exec) deref(p ptrVal, typ ctype, n *clang.Node) lvalue {
	if len(p.alts) == 1 {
		if a := p.alts[0]; a.kind == tgVar && a.guard == nil && !a.flat {
			return lvalue{kind: lvVar, key: a.key, path: a.path, typ: typ, n: n}
		}
	}
	interior := len(p.alts) > 0
	for _, a := range p.alts {
		interior = interior && a.inElem
	}
	return lvalue{kind: lvMem, ptr: p, typ: typ, n: n, interior: interior}
}

// decay turns an array object into a pointer to its first element.
func (x *exec) decay(lv lvalue) value {
	switch lv.kind {
	case lvMem:
		alts := make([]ptrAlt, len(lv.ptr.alts))
		for i, a := range lv.ptr.alts {
			if a.kind == tgArray && a.bytes == nil && !lv.interior && a.depth < len(a.idx)-1 {
				a.depth++
			}
			if lv.interior && a.kind == tgArray && a.bytes == nil {
				a.inElem = true // an array member of an element
			}
			if a.bytes != nil && lv.typ.elem != nil && lv.typ.elem.size > 0 {
				a.elem = lv.typ.elem.size
			}
			alts[i] = a
		}
		return ptrVal{alts: alts}
	case lvVar:
		if v, ok := x.env.vars[lv.key]; ok && len(lv.path) == 0 {
			if p, ok := v.(ptrVal); ok {
				return p
			}
		}
	}
	return ptrVal{alts: []ptrAlt{{kind: tgLocal}}}
}

// addressOf returns the address of an object.
func (x *exec) addressOf(lv lvalue) value {
	switch lv.kind {
	case lvMem:
		if lv.interior {
			alts := make([]ptrAlt, len(lv.ptr.alts))
			for i, a := range lv.ptr.alts {
				a.flat = a.flat || a.kind == tgArray // a field inside an element
				a.inElem = a.inElem || a.kind == tgArray && a.bytes == nil
				alts[i] = a
			}
			return ptrVal{alts: alts}
		}
		return lv.ptr
	case lvVar:
		return ptrVal{alts: []ptrAlt{{kind: tgVar, key: lv.key, path: lv.path}}}
	}
	return ptrVal{alts: []ptrAlt{{kind: tgLocal}}}
}

// ptrAdd moves a pointer by off elements of its pointee type. subscript
// says the move comes from p[i] rather than p + i: indexing a row that a
// multi-dimensional array decayed to keeps one index per dimension, while
// other arithmetic inside a row makes the array linearized.
func (x *exec) ptrAdd(p ptrVal, off protocol.Expr, pointee ctype, at protocol.Pos, subscript bool) ptrVal {
	if isLit(off, 0) {
		return p
	}
	alts := make([]ptrAlt, 0, len(p.alts))
	for _, a := range p.alts {
		switch a.kind {
		case tgArray:
			a = x.moveArrayAlt(a, off, pointee, at, subscript)
		case tgVar:
			a = ptrAlt{guard: a.guard, kind: tgLocal}
		case tgNull:
			a = ptrAlt{guard: a.guard, kind: tgUnknown, why: "arithmetic on a null pointer"}
		}
		alts = append(alts, a)
	}
	return ptrVal{alts: alts}
}

func (x *exec) moveArrayAlt(a ptrAlt, off protocol.Expr, pointee ctype, at protocol.Pos, subscript bool) ptrAlt {
	if a.bytes != nil {
		size := a.elem
		if size == 0 {
			size = pointee.size
		}
		if size == 0 {
			return ptrAlt{guard: a.guard, kind: tgUnknown, why: "arithmetic on a pointer to a type of unknown size"}
		}
		a.bytes = add(at, a.bytes, mul(at, off, lit(at, size)))
		return a
	}
	if a.inElem {
		return a // within the element: its index does not change
	}
	if a.flat && a.depth < 0 || a.depth < 0 {
		return ptrAlt{guard: a.guard, kind: tgUnknown, why: "arithmetic on a pointer to a whole array"}
	}
	if a.flat && a.idx == nil {
		return ptrAlt{guard: a.guard, kind: tgUnknown, why: "arithmetic on a pointer inside an array element"}
	}
	idx := append([]protocol.Expr(nil), a.idx...)
	if a.depth > 0 && !(subscript && isLit(idx[a.depth], 0)) {
		a.flat = true
	}
	idx[a.depth] = add(at, idx[a.depth], off)
	a.idx = idx
	return a
}

// ptrCast converts a pointer to point to another type. A conversion between
// types of the same size, or to the array's element type, keeps the
// address; one to another size switches to byte addressing, and the
// accesses through it cover the elements the bytes fall in.
func (x *exec) ptrCast(p ptrVal, to ctype, at protocol.Pos) ptrVal {
	if to.kind == tVoid || to.size == 0 && to.kind != tStruct {
		return p
	}
	alts := make([]ptrAlt, 0, len(p.alts))
	for _, a := range p.alts {
		switch a.kind {
		case tgArray:
			a = x.castArrayAlt(a, to, at)
		case tgVar:
			a.flat = true // type punning: reads and writes through it are not followed
		}
		alts = append(alts, a)
	}
	return ptrVal{alts: alts}
}

func (x *exec) castArrayAlt(a ptrAlt, to ctype, at protocol.Pos) ptrAlt {
	arr := a.arr
	if a.bytes != nil {
		a.elem = to.size
		return a
	}
	if a.depth < 0 {
		a.depth = 0
	}
	cur := arr.elem
	if s, ok := arr.stride(a.depth); ok {
		cur *= s
	} else {
		cur = 0
	}
	switch {
	case to.size == cur && cur > 0:
		return a
	case to.size == arr.elem && arr.elem > 0:
		a.depth = len(a.idx) - 1
		a.flat = a.flat || len(a.idx) > 1
		return a
	}
	b, ok := x.byteOffset(a, at)
	if !ok || to.size == 0 {
		return ptrAlt{guard: a.guard, kind: tgUnknown, why: "a pointer cast between types of unknown size"}
	}
	return ptrAlt{guard: a.guard, kind: tgArray, arr: arr, bytes: b, elem: to.size}
}

// byteOffset returns a structured address as a byte offset.
func (x *exec) byteOffset(a ptrAlt, at protocol.Pos) (protocol.Expr, bool) {
	if a.arr.elem == 0 {
		return nil, false
	}
	var sum protocol.Expr = lit(at, 0)
	for d, e := range a.idx {
		s, ok := a.arr.stride(d)
		if !ok {
			return nil, false
		}
		sum = add(at, sum, mul(at, e, lit(at, s*a.arr.elem)))
	}
	return sum, true
}

// ptrBinary applies an operator to two pointers: a difference or a
// comparison of two addresses in the same array is exact; others are
// unknown values.
func (x *exec) ptrBinary(at protocol.Pos, op string, a, b ptrVal, ta ctype) value {
	if len(a.alts) == 1 && len(b.alts) == 1 {
		pa, pb := a.alts[0], b.alts[0]
		if pa.kind == tgArray && pb.kind == tgArray && pa.arr == pb.arr && pa.guard == nil && pb.guard == nil {
			oa, okA := x.linearOffset(pa, at)
			ob, okB := x.linearOffset(pb, at)
			if okA && okB {
				if op == "-" {
					size := ta.pointee().size
					if size == 0 {
						size = 1
					}
					return intVal{div(at, sub(at, oa, ob), lit(at, size))}
				}
				if c, ok := cmpOps[op]; ok {
					return boolVal(at, cmp(at, c, oa, ob))
				}
			}
		}
	}
	if c, ok := cmpOps[op]; ok && (c == protocol.Eq || c == protocol.Ne) && len(a.alts) == 1 && len(b.alts) == 1 {
		// pointers into different arrays or variables are never equal
		pa, pb := a.alts[0], b.alts[0]
		known := func(k targetKind) bool { return k == tgArray || k == tgVar }
		if known(pa.kind) && known(pb.kind) && (pa.arr != pb.arr || pa.key != pb.key) && pa.guard == nil && pb.guard == nil {
			return boolVal(at, boolLit(at, c == protocol.Ne))
		}
	}
	l, bl := x.taintOf(a)
	l2, b2 := x.taintOf(b)
	return intVal{x.freshInt(at, "", l || l2, bl || b2)}
}

// linearOffset returns the byte offset of an address in its array.
func (x *exec) linearOffset(a ptrAlt, at protocol.Pos) (protocol.Expr, bool) {
	if a.bytes != nil {
		return a.bytes, true
	}
	return x.byteOffset(a, at)
}

// ---- memory ----

// loadMem reads the object an lvalue designates in memory: in an array it
// is a read access and a fresh thread-local value (values in memory are not
// modelled); in a variable it is the variable's value.
func (x *exec) loadMem(lv lvalue) value {
	at := x.pos(lv.n)
	var vals []value
	var guards []protocol.Cond
	for _, a := range lv.ptr.alts {
		var v value
		sts := x.into(func() { v = x.loadAlt(a, lv) })
		x.guarded(at, a.guard, sts)
		vals = append(vals, v)
		guards = append(guards, a.guard)
	}
	return x.mergeGuarded(at, guards, vals)
}

func (x *exec) loadAlt(a ptrAlt, lv lvalue) value {
	at := x.pos(lv.n)
	switch a.kind {
	case tgArray:
		x.emitAccess(protocol.Read, a, lv)
		return x.memoryValue(at, lv.typ)
	case tgVar:
		if a.flat {
			return x.memoryValue(at, lv.typ)
		}
		return x.load(lvalue{kind: lvVar, key: a.key, path: a.path, typ: lv.typ, n: lv.n})
	case tgUnknown:
		x.unknown(lv.n, "", "read through a pointer whose target is unknown (%s): %s", a.why, x.text(lv.n))
	case tgNull:
		x.unknown(lv.n, "", "read through a null pointer: %s", x.text(lv.n))
	}
	return x.memoryValue(at, lv.typ)
}

// memoryValue is a value read from memory: unknown and thread-local.
func (x *exec) memoryValue(at protocol.Pos, t ctype) value {
	switch t.kind {
	case tInt:
		return intVal{x.freshLocal(at, "")}
	case tPtr:
		return unknownPtr("a pointer loaded from memory")
	case tStruct:
		return structVal{fields: map[string]value{}, local: true}
	}
	return x.k.opaque(true, false)
}

// storeMem writes the object an lvalue designates in memory.
func (x *exec) storeMem(lv lvalue, v value) {
	at := x.pos(lv.n)
	for _, a := range lv.ptr.alts {
		sts := x.into(func() { x.storeAlt(a, lv, v) })
		x.guarded(at, a.guard, sts)
	}
}

func (x *exec) storeAlt(a ptrAlt, lv lvalue, v value) {
	at := x.pos(lv.n)
	switch a.kind {
	case tgArray:
		x.emitAccess(protocol.Write, a, lv)
	case tgVar:
		target := lvalue{kind: lvVar, key: a.key, path: a.path, typ: lv.typ, n: lv.n}
		if a.flat {
			v = x.memoryValue(at, lv.typ)
		}
		if a.guard != nil {
			v = x.merge(at, a.guard, v, x.load(target))
		}
		x.store(target, v)
	case tgUnknown:
		x.unknown(lv.n, "", "write through a pointer whose target is unknown (%s): %s", a.why, x.text(lv.n))
	case tgNull:
		x.unknown(lv.n, "", "write through a null pointer: %s", x.text(lv.n))
	}
}

// atomic makes an atomic update of the object a pointer points to.
func (x *exec) atomic(p ptrVal, typ ctype, n *clang.Node) {
	lv := lvalue{kind: lvMem, ptr: p, typ: typ, n: n}
	at := x.pos(n)
	for _, a := range p.alts {
		sts := x.into(func() {
			switch a.kind {
			case tgArray:
				x.emitAccess(protocol.Atomic, a, lv)
			case tgVar:
				x.store(lvalue{kind: lvVar, key: a.key, path: a.path, typ: typ, n: n}, x.memoryValue(at, typ))
			case tgUnknown:
				x.unknown(n, "", "atomic update through a pointer whose target is unknown (%s): %s", a.why, x.text(n))
			case tgNull:
				x.unknown(n, "", "atomic update through a null pointer: %s", x.text(n))
			}
		})
		x.guarded(at, a.guard, sts)
	}
}

// emitAccess emits the access of an object in an array.
func (x *exec) emitAccess(mode protocol.Mode, a ptrAlt, lv lvalue) {
	at := x.pos(lv.n)
	arr := a.arr
	acc := func(idx []protocol.Expr) *protocol.Access {
		return &protocol.Access{At: at, Mode: mode, Array: arr.name, Index: idx, Source: x.text(lv.n)}
	}
	if a.bytes == nil {
		idx := append([]protocol.Expr(nil), a.idx...)
		if a.depth < len(idx)-1 && !lv.interior && !a.inElem {
			// a whole row at once (a struct holding it): linearize and
			// cover it
			x.accessRow(mode, a, lv)
			return
		}
		if a.flat {
			arr.flat = true
		}
		x.emit(acc(idx))
		return
	}
	size := lv.typ.size
	if size == 0 || lv.interior && a.elem > 0 {
		// a field of the object the pointer points to, at an offset
		// that is not known: cover the whole object
		size = a.elem
	}
	e := arr.elem
	if e == 0 || size == 0 {
		x.unknown(lv.n, arr.name, "access through a pointer cast between types of unknown size: %s", x.text(lv.n))
		return
	}
	if len(arr.dims) > 1 {
		arr.flat = true
	}
	first := div(at, a.bytes, lit(at, e))
	switch {
	case size <= e && e%size == 0:
		x.emit(acc([]protocol.Expr{first}))
	case size%e == 0:
		x.emitRange(acc, first, size/e, at)
	default:
		x.unknown(lv.n, arr.name, "access of %d bytes in an array of %d-byte elements: %s", size, e, x.text(lv.n))
	}
}

// emitRange emits the accesses of n consecutive elements from first, as an
// unsynchronized loop.
func (x *exec) emitRange(acc func([]protocol.Expr) *protocol.Access, first protocol.Expr, n int64, at protocol.Pos) {
	v := x.k.names.fresh("elem")
	body := acc([]protocol.Expr{add(at, first, &protocol.Var{At: at, Name: v})})
	x.emit(&protocol.Loop{At: at, Var: v, Lo: lit(at, 0), Hi: lit(at, n), Body: &protocol.Block{At: at, Stmts: []protocol.Stmt{body}}})
}

// accessRow accesses every element of a sub-array.
func (x *exec) accessRow(mode protocol.Mode, a ptrAlt, lv lvalue) {
	at := x.pos(lv.n)
	arr := a.arr
	b, ok := x.byteOffset(a, at)
	n, known := arr.stride(a.depth)
	if !ok || !known || a.depth < 0 {
		x.unknown(lv.n, arr.name, "access of a whole array: %s", x.text(lv.n))
		return
	}
	arr.flat = true
	first := div(at, b, lit(at, arr.elem))
	x.emitRange(func(idx []protocol.Expr) *protocol.Access {
		return &protocol.Access{At: at, Mode: mode, Array: arr.name, Index: idx, Source: x.text(lv.n)}
	}, first, n, at)
}

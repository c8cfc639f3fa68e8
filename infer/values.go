package infer

import (
	"drfcheck/protocol"
)

// value is what a C expression evaluates to in the symbolic execution
// (seed 004, Section 5: "a standard single static assignment (SSA)
// transformation to simplify the analysis of indices"): an integer is a
// protocol expression over thread ids, parameters, loop variables and
// fresh unknowns; a pointer is the arrays it may point into with the
// offset; what the protocol does not model (floating point, values whose
// computation the encoding lacks) is opaque and becomes a fresh variable of
// the right locality only when an integer is needed.
type value interface{ isValue() }

// intVal is an integer, boolean, enumerator or character.
type intVal struct{ e protocol.Expr }

// opaqueVal is a value that is not modelled. local says whether it may
// differ between two threads of a block, block whether it may differ
// between blocks. id tells one unknown from another: two opaque values are
// the same value only when they have the same id, never because they have
// the same locality (a float 1 and a float 2 are both uniform, and a merge
// of them under a thread-dependent condition is thread-local).
type opaqueVal struct {
	local, block bool
	id           int
}

// structVal is a struct or class object held in a variable: its fields by
// name. A field that was never set reads as a fresh value of the given
// locality (fromMemory: a struct loaded from an array), or, for a struct
// kernel parameter, as a parameter of its own (lazy).
type structVal struct {
	fields map[string]value
	local  bool
	lazy   *lazyStruct
}

// lazyStruct makes the fields of a struct parameter on first use: integer
// fields become params, pointer fields global arrays, named param_field.
// It is shared by every copy of the value.
type lazyStruct struct {
	name   string
	fields map[string]value
}

// ptrVal is a pointer: the alternatives for what it points to, each under
// a guard. Accesses through it happen in each alternative, guarded, which is
// exact for a pointer chosen by a conditional.
type ptrVal struct{ alts []ptrAlt }

// voidVal is the value of an expression of type void.
type voidVal struct{}

func (intVal) isValue()    {}
func (opaqueVal) isValue() {}
func (structVal) isValue() {}
func (ptrVal) isValue()    {}
func (voidVal) isValue()   {}

// targetKind says what a pointer points into.
type targetKind int

const (
	tgArray   targetKind = iota // an array of the protocol
	tgVar                       // a C variable of the kernel (a scalar or struct)
	tgLocal                     // per-thread memory: a local array, a string literal
	tgUnknown                   // cannot be known
	tgNull                      // the null pointer
)

// ptrAlt is one thing a pointer may point to.
type ptrAlt struct {
	guard protocol.Cond // nil for always
	kind  targetKind
	arr   *array

	// Structured address in arr: one index per dimension, and the
	// dimension that pointer arithmetic moves. When bytes is set, the
	// address is instead a byte offset from the start of arr (after a cast
	// to another element size), and elem is the size of the pointee.
	idx   []protocol.Expr
	depth int
	flat  bool // arithmetic moved inside a row: the array must be linearized
	// inElem: the pointer points inside one element (to a field or into an
	// array member of a struct element): arithmetic on it stays in that
	// element, whose index it keeps.
	inElem bool
	bytes  protocol.Expr
	elem   int64

	// tgVar: the variable (its declaration id) and the field path.
	key  string
	path []string

	why string // tgUnknown: the reason
}

func unknownPtr(why string) ptrVal { return ptrVal{alts: []ptrAlt{{kind: tgUnknown, why: why}}} }

// env maps the declaration id of each C variable in scope to its value.
type env struct{ vars map[string]value }

func newEnv() *env { return &env{vars: map[string]value{}} }

func (e *env) clone() *env {
	c := &env{vars: make(map[string]value, len(e.vars))}
	for k, v := range e.vars {
		c.vars[k] = v
	}
	return c
}

// equalValues reports whether two values are the same symbolic value.
func equalValues(a, b value) bool {
	switch a := a.(type) {
	case intVal:
		b, ok := b.(intVal)
		return ok && protocol.Equal(a.e, b.e)
	case opaqueVal:
		b, ok := b.(opaqueVal)
		return ok && a.id == b.id
	case voidVal:
		_, ok := b.(voidVal)
		return ok
	case ptrVal:
		b, ok := b.(ptrVal)
		if !ok || len(a.alts) != len(b.alts) {
			return false
		}
		for i := range a.alts {
			if !equalAlts(a.alts[i], b.alts[i]) {
				return false
			}
		}
		return true
	case structVal:
		b, ok := b.(structVal)
		if !ok || len(a.fields) != len(b.fields) || a.local != b.local || a.lazy != b.lazy {
			return false
		}
		for k, v := range a.fields {
			w, ok := b.fields[k]
			if !ok || !equalValues(v, w) {
				return false
			}
		}
		return true
	}
	return false
}

func equalAlts(a, b ptrAlt) bool {
	if a.kind != b.kind || a.arr != b.arr || a.depth != b.depth || a.flat != b.flat || a.inElem != b.inElem || a.elem != b.elem ||
		a.key != b.key || a.why != b.why || len(a.idx) != len(b.idx) || len(a.path) != len(b.path) {
		return false
	}
	if (a.guard == nil) != (b.guard == nil) || a.guard != nil && !protocol.Equal(a.guard, b.guard) {
		return false
	}
	if (a.bytes == nil) != (b.bytes == nil) || a.bytes != nil && !protocol.Equal(a.bytes, b.bytes) {
		return false
	}
	for i := range a.idx {
		if !protocol.Equal(a.idx[i], b.idx[i]) {
			return false
		}
	}
	for i := range a.path {
		if a.path[i] != b.path[i] {
			return false
		}
	}
	return true
}

// sameAddress reports whether two alternatives point to the same place,
// whatever their guards.
func sameAddress(a, b ptrAlt) bool {
	a.guard, b.guard = nil, nil
	return equalAlts(a, b)
}

package symexec

import (
	"sort"

	"github.com/drfcheck/drfcheck/internal/infer/ir"
	"github.com/drfcheck/drfcheck/protocol"
)

// value is what an IR variable holds in the symbolic run: an integer is a
// protocol expression; what the protocol does not model (floating point)
// is opaque, and becomes a fresh variable of the right locality only when
// an integer is needed. Pointers and structs do not exist here: the IR has
// split them into integer variables.
type value interface{ isValue() }

// intVal is an integer or boolean.
type intVal struct{ e protocol.Expr }

// opaqueVal is a value that is not modelled. local says whether it may
// differ between two threads of a block, block whether it may differ
// between blocks. Two opaque values are the same value only when they have
// the same id, never because they have the same locality (a float 1 and a
// float 2 are both uniform, and a merge of them under a thread-dependent
// condition is thread-local).
type opaqueVal struct {
	local, block bool
	id           int
}

func (intVal) isValue()    {}
func (opaqueVal) isValue() {}

// env maps each IR variable to its value. A variable not in it has not
// been assigned: it reads as a fresh thread-local value.
type env map[*ir.Var]value

func (e env) clone() env {
	c := make(env, len(e))
	for k, v := range e {
		c[k] = v
	}
	return c
}

// sortedVars returns the variables of an environment by name, for a
// deterministic run.
func sortedVars[V any](m map[*ir.Var]V) []*ir.Var {
	vs := make([]*ir.Var, 0, len(m))
	for v := range m {
		vs = append(vs, v)
	}
	sort.Slice(vs, func(i, j int) bool { return vs[i].Name < vs[j].Name })
	return vs
}

// equalValues reports whether two values are the same symbolic value.
func equalValues(a, b value) bool {
	switch a := a.(type) {
	case intVal:
		b, ok := b.(intVal)
		// values are shared, not copied: the same node is the same value
		return ok && (equal(a.e, b.e))
	case opaqueVal:
		b, ok := b.(opaqueVal)
		return ok && a.id == b.id
	case memVal:
		b, ok := b.(memVal)
		return ok && sameMem(a, b)
	}
	return false
}

func sameEnv(a, b env) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		w, ok := b[k]
		if !ok || !equalValues(v, w) {
			return false
		}
	}
	return true
}

// Where control flow joins, a variable's value is the conditional
// expression of the values on each path (the phi function of SSA, with
// the branch condition made explicit): exact, and local exactly when a
// path's value or the condition is.

// merge returns the value that is a when c holds and b otherwise.
func (x *exec) merge(at protocol.Pos, c protocol.Cond, a, b value) value {
	if isTrue(c) {
		return a
	}
	if isFalse(c) {
		return b
	}
	if equalValues(a, b) {
		return a
	}
	if a, ok := a.(memVal); ok {
		b, _ := b.(memVal)
		return x.mergeMem(at, c, a, b)
	}
	if a, ok := a.(intVal); ok {
		if b, ok := b.(intVal); ok {
			return intVal{ite(at, c, a.e, b.e)}
		}
	}
	l, bl := x.taint(c)
	o := x.opaque(a, b)
	return x.k.opaque(o.local || l, o.block || bl)
}

// mergeEnv returns the environment that is a when c holds and b otherwise.
// A variable assigned on one side only reads, on the other, as a fresh
// value: it is given one there first.
func (x *exec) mergeEnv(at protocol.Pos, c protocol.Cond, a, b env) env {
	if isTrue(c) {
		return a
	}
	if isFalse(c) {
		return b
	}
	out := make(env, len(a))
	for _, k := range sortedVars(a) {
		vb, ok := b[k]
		if !ok {
			vb = x.freshOf(at, k)
		}
		out[k] = x.merge(at, c, a[k], vb)
	}
	for _, k := range sortedVars(b) {
		if _, ok := a[k]; !ok {
			out[k] = x.merge(at, c, x.freshOf(at, k), b[k])
		}
	}
	return out
}

// isConst reports whether v is the integer c.
func isConst(v value, c int64) bool {
	iv, ok := v.(intVal)
	return ok && isLit(iv.e, c)
}

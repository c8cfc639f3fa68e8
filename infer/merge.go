package infer

import (
	"drfcheck/protocol"
)

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
	switch a := a.(type) {
	case intVal:
		if b, ok := b.(intVal); ok {
			return intVal{ite(at, c, a.e, b.e)}
		}
	case ptrVal:
		if b, ok := b.(ptrVal); ok {
			return mergePtr(at, c, a, b)
		}
		if bi, ok := b.(intVal); ok && isLit(bi.e, 0) {
			return mergePtr(at, c, a, ptrVal{alts: []ptrAlt{{kind: tgNull}}})
		}
	case structVal:
		if b, ok := b.(structVal); ok && a.lazy == b.lazy {
			fields := map[string]value{}
			for k, fa := range a.fields {
				if fb, ok := b.fields[k]; ok {
					fields[k] = x.merge(at, c, fa, fb)
				} else {
					// set on one path only: the other path has the field
					// as it was (a parameter's field, for a lazy struct)
					fields[k] = x.merge(at, c, fa, x.field(at, b, k, typeOfValue(fa)))
				}
			}
			for k, fb := range b.fields {
				if _, ok := a.fields[k]; !ok {
					fields[k] = x.merge(at, c, x.field(at, a, k, typeOfValue(fb)), fb)
				}
			}
			return structVal{fields: fields, local: a.local || b.local, lazy: a.lazy}
		}
	case voidVal:
		return b
	}
	if _, ok := b.(voidVal); ok {
		return a
	}
	if pa, ok := a.(ptrVal); ok {
		_ = pa
		return unknownPtr("a pointer that may also be a value of another type")
	}
	if _, ok := b.(ptrVal); ok {
		return unknownPtr("a pointer that may also be a value of another type")
	}
	l, bl := x.taint(c)
	o := x.opaque(a, b)
	o = x.k.opaque(o.local || l, o.block || bl)
	if _, ok := a.(intVal); ok {
		return intVal{x.freshInt(at, "", o.local, o.block)}
	}
	return o
}

// typeOfValue is the C type class of a value, for making a missing field.
func typeOfValue(v value) ctype {
	switch v.(type) {
	case intVal:
		return ctype{kind: tInt}
	case ptrVal:
		return ctype{kind: tPtr}
	case structVal:
		return ctype{kind: tStruct}
	}
	return ctype{kind: tFloat}
}

// mergePtr guards the alternatives of each pointer by the condition.
func mergePtr(at protocol.Pos, c protocol.Cond, a, b ptrVal) ptrVal {
	var alts []ptrAlt
	nc := not(at, c)
	for _, p := range a.alts {
		p.guard = and(at, c, p.guard)
		if !isFalse(p.guard) {
			alts = append(alts, p)
		}
	}
	for _, p := range b.alts {
		p.guard = and(at, nc, p.guard)
		if !isFalse(p.guard) {
			alts = append(alts, p)
		}
	}
	return ptrVal{alts: simplifyAlts(at, alts)}
}

// simplifyAlts joins alternatives that point to the same place.
func simplifyAlts(at protocol.Pos, alts []ptrAlt) []ptrAlt {
	var out []ptrAlt
	for _, a := range alts {
		joined := false
		for i := range out {
			if sameAddress(out[i], a) {
				out[i].guard = or(at, out[i].guard, a.guard)
				joined = true
				break
			}
		}
		if !joined {
			out = append(out, a)
		}
	}
	if len(out) == 1 && isTrue(out[0].guard) {
		out[0].guard = nil
	}
	for i := range out {
		if isTrue(out[i].guard) {
			out[i].guard = nil
		}
	}
	return out
}

// mergeGuarded merges values under mutually exclusive guards that cover
// every case (the alternatives of a pointer).
func (x *exec) mergeGuarded(at protocol.Pos, guards []protocol.Cond, vals []value) value {
	if len(vals) == 0 {
		return voidVal{}
	}
	v := vals[len(vals)-1]
	for i := len(vals) - 2; i >= 0; i-- {
		v = x.merge(at, guards[i], vals[i], v)
	}
	return v
}

// mergeEnv returns the environment that is a when c holds and b otherwise.
// Variables missing on one side went out of scope there and are dropped.
func (x *exec) mergeEnv(at protocol.Pos, c protocol.Cond, a, b *env) *env {
	if isTrue(c) {
		return a
	}
	if isFalse(c) {
		return b
	}
	out := &env{vars: make(map[string]value, len(a.vars))}
	for k, va := range a.vars {
		vb, ok := b.vars[k]
		if !ok {
			continue
		}
		out.vars[k] = x.merge(at, c, va, vb)
	}
	return out
}

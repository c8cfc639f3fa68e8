package ir

import (
	"drfcheck/infer/clang"
)

// StructField is a field of a struct: its name and C type as clang spells
// it (with a class template's arguments substituted).
type StructField struct {
	Name, Type string
}

// Fields returns a function that lists the fields of the struct a type
// spells ("Bufs", "struct Bufs", "ns::Bufs", "Bufs<float, 3>", a
// typedef's name), resolved as the lowering resolves them; false when
// it does not know the struct, or the struct has a base class (whose
// fields it would leave out). Package infer/launch reads the host's
// struct values with it, so that a field a kernel's parameter carries is
// named as the lowering names it.
func Fields(tu *clang.TU) func(t string) ([]StructField, bool) {
	ts := newTypes(tu)
	return func(t string) ([]StructField, bool) {
		ct := ts.parse(t)
		if ct.kind != cStruct {
			return nil, false
		}
		d := ts.record(ct.name)
		if d == nil || len(d.Bases) > 0 {
			return nil, false
		}
		var out []StructField
		for _, c := range d.Inner {
			if c != nil && c.Kind == "FieldDecl" {
				out = append(out, StructField{Name: c.Name, Type: c.TypeString()})
			}
		}
		return out, len(out) > 0
	}
}

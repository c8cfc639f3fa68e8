package ir

import (
	"github.com/drfcheck/drfcheck/internal/infer/clang"
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
// fields it would leave out). Package internal/infer/launch reads the host's
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

// markSlots records which slots' memory the kernel reads and writes: a
// pair of pointers neither of which is written cannot race, whatever
// they point to.
func markSlots(f *Func) {
	read, written := map[*Base]bool{}, map[*Base]bool{}
	Inspect(f, func(n Node) bool {
		switch n := n.(type) {
		case *Load:
			read[n.Addr.Base] = true
		case *Store:
			written[n.Addr.Base] = true
		case *Atomic:
			written[n.Addr.Base] = true
		}
		return true
	})
	for i, s := range f.Slots {
		for b := range read {
			if b != nil && b.Name == s.Base {
				f.Slots[i].Read = true
			}
		}
		for b := range written {
			if b != nil && b.Name == s.Base {
				f.Slots[i].Written = true
			}
		}
	}
}

// paramVars records the scalar variables a parameter's object carries, by
// slot (Func.ParamVars).
func (l *lowerer) paramVars(o *object, slot string) {
	switch {
	case o.v != nil:
		l.f.ParamVars = append(l.f.ParamVars, SlotVar{Slot: slot, Var: o.v.Name})
	case o.fields != nil && o.t.rec != nil:
		for i, f := range o.fields {
			if i < len(o.t.rec.fields) {
				l.paramVars(f, slot+"."+o.t.rec.fields[i].name)
			}
		}
	}
}

package ir

import "fmt"

// TypeKind classifies the scalar types of the IR.
type TypeKind uint8

const (
	Void TypeKind = iota
	Int
	Bool
	Float
)

// Type is a scalar type: an integer of a width and signedness, bool, or a
// floating-point type of a width. Pointers are not IR types: a pointer
// variable is split into integer variables (Var kinds PtrOff and PtrSel).
type Type struct {
	Kind   TypeKind
	Size   int64 // in bytes
	Signed bool
}

// The types the lowering uses most.
var (
	VoidT = Type{Kind: Void}
	BoolT = Type{Kind: Bool, Size: 1}
	I32   = Type{Kind: Int, Size: 4, Signed: true}
	U32   = Type{Kind: Int, Size: 4}
	I64   = Type{Kind: Int, Size: 8, Signed: true}
	U64   = Type{Kind: Int, Size: 8}
	F32   = Type{Kind: Float, Size: 4}
)

func (t Type) String() string {
	switch t.Kind {
	case Void:
		return "void"
	case Bool:
		return "bool"
	case Float:
		return fmt.Sprintf("f%d", t.Size*8)
	}
	if t.Signed {
		return fmt.Sprintf("i%d", t.Size*8)
	}
	return fmt.Sprintf("u%d", t.Size*8)
}

// IsInt reports whether t is an integer or bool type.
func (t Type) IsInt() bool { return t.Kind == Int || t.Kind == Bool }

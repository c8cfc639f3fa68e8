package protocol

import "reflect"

// Equal reports whether a and b are the same tree, ignoring what does not
// change the meaning of a protocol as written: positions (At fields and the
// File name), and the annotations that analyses add (Access.ID,
// Access.Source, Access.Loops and Loop.Sync). Unknowns are compared by
// reason and array. A nil node equals only a nil node (a nil Loop.Step is not
// the literal 1, a nil If.Else is not an empty block), and a typed nil
// pointer counts as nil.
//
// Printing and re-parsing a file keeps it Equal; that is what the function
// is for.
func Equal(a, b Node) bool {
	if isNil(a) || isNil(b) {
		return isNil(a) && isNil(b)
	}
	switch a := a.(type) {
	case *File:
		b, ok := b.(*File)
		return ok && equalFile(a, b)
	case *Decl:
		b, ok := b.(*Decl)
		return ok && equalDecl(a, b)
	case Stmt:
		b, ok := b.(Stmt)
		return ok && equalStmt(a, b)
	case Expr:
		b, ok := b.(Expr)
		return ok && equalExpr(a, b)
	case Cond:
		b, ok := b.(Cond)
		return ok && equalCond(a, b)
	}
	return false
}

// isNil reports whether n is nil or a nil pointer of any node type: a nil
// *Block stored in a Node is not == nil.
func isNil(n Node) bool {
	if n == nil {
		return true
	}
	v := reflect.ValueOf(n)
	return v.Kind() == reflect.Pointer && v.IsNil()
}

func equalFile(a, b *File) bool {
	if len(a.Decls) != len(b.Decls) || len(a.Unknowns) != len(b.Unknowns) {
		return false
	}
	for i := range a.Decls {
		if !Equal(a.Decls[i], b.Decls[i]) {
			return false
		}
	}
	for i, u := range a.Unknowns {
		if v := b.Unknowns[i]; u.Reason != v.Reason || u.Array != v.Array {
			return false
		}
	}
	return Equal(a.Body, b.Body)
}

func equalDecl(a, b *Decl) bool {
	if a.Kind != b.Kind || a.Block != b.Block || len(a.Names) != len(b.Names) {
		return false
	}
	for i := range a.Names {
		if a.Names[i].Name != b.Names[i].Name {
			return false
		}
	}
	return true
}

func equalStmt(a, b Stmt) bool {
	switch a := a.(type) {
	case *Access:
		b, ok := b.(*Access)
		return ok && a.Mode == b.Mode && a.Array == b.Array && equalAll(a.Index, b.Index) && Equal(a.Value, b.Value) && a.As == b.As
	case *Sync:
		b, ok := b.(*Sync)
		return ok && a.Scope == b.Scope && a.Fence == b.Fence && equalInvariant(a.Invariant, b.Invariant)
	case *Loop:
		b, ok := b.(*Loop)
		return ok && a.Var == b.Var && Equal(a.Lo, b.Lo) && Equal(a.Hi, b.Hi) &&
			Equal(a.Step, b.Step) && Equal(a.Body, b.Body)
	case *If:
		b, ok := b.(*If)
		return ok && Equal(a.Cond, b.Cond) && Equal(a.Then, b.Then) && Equal(a.Else, b.Else)
	case *Assume:
		b, ok := b.(*Assume)
		return ok && Equal(a.Cond, b.Cond)
	case *Block:
		b, ok := b.(*Block)
		return ok && equalAll(a.Stmts, b.Stmts)
	}
	return false
}

func equalExpr(a, b Expr) bool {
	switch a := a.(type) {
	case *IntLit:
		b, ok := b.(*IntLit)
		return ok && a.Value == b.Value
	case *Var:
		b, ok := b.(*Var)
		return ok && a.Name == b.Name
	case *Builtin:
		b, ok := b.(*Builtin)
		return ok && a.Kind == b.Kind && a.Dim == b.Dim
	case *Neg:
		b, ok := b.(*Neg)
		return ok && Equal(a.X, b.X)
	case *Binary:
		b, ok := b.(*Binary)
		return ok && a.Op == b.Op && Equal(a.X, b.X) && Equal(a.Y, b.Y)
	case *Ite:
		b, ok := b.(*Ite)
		return ok && Equal(a.Cond, b.Cond) && Equal(a.Then, b.Then) && Equal(a.Else, b.Else)
	case *Call:
		b, ok := b.(*Call)
		return ok && a.Func == b.Func && equalAll(a.Args, b.Args)
	case *Other:
		b, ok := b.(*Other)
		return ok && Equal(a.X, b.X)
	case *Content:
		b, ok := b.(*Content)
		return ok && a.Array == b.Array && equalAll(a.Index, b.Index)
	}
	return false
}

func equalCond(a, b Cond) bool {
	switch a := a.(type) {
	case *BoolLit:
		b, ok := b.(*BoolLit)
		return ok && a.Value == b.Value
	case *Cmp:
		b, ok := b.(*Cmp)
		return ok && a.Op == b.Op && Equal(a.X, b.X) && Equal(a.Y, b.Y)
	case *Not:
		b, ok := b.(*Not)
		return ok && Equal(a.X, b.X)
	case *Logic:
		b, ok := b.(*Logic)
		return ok && a.Op == b.Op && Equal(a.X, b.X) && Equal(a.Y, b.Y)
	}
	return false
}

func equalInvariant(a, b *Invariant) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	if len(a.Pairs) != len(b.Pairs) {
		return false
	}
	for i := range a.Pairs {
		if !Equal(a.Pairs[i][0], b.Pairs[i][0]) || !Equal(a.Pairs[i][1], b.Pairs[i][1]) {
			return false
		}
	}
	return Equal(a.Cond, b.Cond) && equalAll(a.For, b.For)
}

// equalAll compares two lists of nodes element by element.
func equalAll[N Node](a, b []N) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !Equal(a[i], b[i]) {
			return false
		}
	}
	return true
}

package protocol

// Sum returns x + y, folding literals and zeros, so that transformations do
// not leave "0 + 1" behind for people to read.
func Sum(at Pos, x, y Expr) Expr {
	a, aok := x.(*IntLit)
	b, bok := y.(*IntLit)
	switch {
	case aok && bok:
		return &IntLit{At: at, Value: a.Value + b.Value}
	case bok && b.Value == 0:
		return x
	case aok && a.Value == 0:
		return y
	}
	return &Binary{At: at, Op: Add, X: x, Y: y}
}

// Diff returns x - y, folding literals and zeros.
func Diff(at Pos, x, y Expr) Expr {
	a, aok := x.(*IntLit)
	b, bok := y.(*IntLit)
	switch {
	case aok && bok:
		return &IntLit{At: at, Value: a.Value - b.Value}
	case bok && b.Value == 0:
		return x
	}
	return &Binary{At: at, Op: Sub, X: x, Y: y}
}

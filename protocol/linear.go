package protocol

import (
	"cmp"
	"math/bits"
	"slices"
)

// term is a constant multiple of an expression that is not a sum.
type term struct {
	coeff int64
	atom  Expr // nil for the constant term
}

// LinearDiff returns x - y with the terms x and y share cancelled: both are
// read as sums of constant multiples of other expressions (structurally
// equal ones are one term), so that (n*v + n) - (n*v + i) is n - i. The
// identities used hold in the integers and in machine arithmetic alike. When
// a coefficient would overflow, it is the plain difference.
func LinearDiff(at Pos, x, y Expr) Expr {
	var ts []term
	if !addTerms(&ts, x, 1) || !addTerms(&ts, y, -1) {
		return Diff(at, x, y)
	}
	return sumOf(at, ts)
}

// sumOf is the sum of the terms, the constant last.
func sumOf(at Pos, ts []term) Expr {
	var out Expr
	var c int64
	for _, t := range ts {
		switch {
		case t.coeff == 0:
		case t.atom == nil:
			c = t.coeff
		case out == nil:
			out = scaled(at, t)
		case t.coeff < 0 && t.coeff != -t.coeff:
			out = Diff(at, out, scaled(at, term{coeff: -t.coeff, atom: t.atom}))
		default:
			out = Sum(at, out, scaled(at, t))
		}
	}
	if out == nil {
		return &IntLit{At: at, Value: c}
	}
	if c < 0 && c != -c {
		return Diff(at, out, &IntLit{At: at, Value: -c})
	}
	return Sum(at, out, &IntLit{At: at, Value: c})
}

func scaled(at Pos, t term) Expr {
	if t.coeff == 1 {
		return t.atom
	}
	if t.coeff == -1 {
		return &Neg{At: at, X: t.atom}
	}
	return &Binary{At: at, Op: Mul, X: &IntLit{At: at, Value: t.coeff}, Y: t.atom}
}

// addTerms adds k times e to ts; false when a coefficient overflows.
func addTerms(ts *[]term, e Expr, k int64) bool {
	switch e := e.(type) {
	case *IntLit:
		return addTerm(ts, term{coeff: e.Value}, k)
	case *Neg:
		if k == -k && k != 0 {
			return false
		}
		return addTerms(ts, e.X, -k)
	case *Binary:
		switch e.Op {
		case Add:
			return addTerms(ts, e.X, k) && addTerms(ts, e.Y, k)
		case Sub:
			if k == -k && k != 0 {
				return false
			}
			return addTerms(ts, e.X, k) && addTerms(ts, e.Y, -k)
		case Mul:
			if l, ok := e.X.(*IntLit); ok {
				m, ok := mul(k, l.Value)
				return ok && addTerms(ts, e.Y, m)
			}
			if l, ok := e.Y.(*IntLit); ok {
				m, ok := mul(k, l.Value)
				return ok && addTerms(ts, e.X, m)
			}
		}
	}
	return addTerm(ts, term{coeff: 1, atom: e}, k)
}

// addTerm adds k times t to the term of ts with the same atom.
func addTerm(ts *[]term, t term, k int64) bool {
	c, ok := mul(t.coeff, k)
	if !ok {
		return false
	}
	for i, u := range *ts {
		if (u.atom == nil) == (t.atom == nil) && (u.atom == nil || Equal(u.atom, t.atom)) {
			s, ok := add(u.coeff, c)
			(*ts)[i].coeff = s
			return ok
		}
	}
	*ts = append(*ts, term{coeff: c, atom: t.atom})
	return true
}

func mul(a, b int64) (int64, bool) {
	hi, lo := bits.Mul64(uint64(abs(a)), uint64(abs(b)))
	if hi != 0 || lo > 1<<62 || a == -a && a != 0 || b == -b && b != 0 {
		return 0, false
	}
	p := int64(lo)
	if (a < 0) != (b < 0) {
		p = -p
	}
	return p, true
}

func add(a, b int64) (int64, bool) {
	s := a + b
	return s, (a >= 0) != (b >= 0) || (s >= 0) == (a >= 0)
}

func abs(a int64) int64 {
	if a < 0 {
		return -a
	}
	return a
}

// Radices returns the radices of x read as a sum of constant multiples of
// other expressions (as LinearDiff reads it), largest first: the
// magnitudes m >= 2 of its coefficients for which every term whose
// coefficient m does not divide has a positive coefficient below m, as the
// lower digits of a flattened index such as y*64 + x*4 + c do.
func Radices(x Expr) []int64 {
	var ts []term
	if !addTerms(&ts, x, 1) {
		return nil
	}
	var out []int64
	for _, t := range ts {
		if m := abs(t.coeff); t.atom != nil && m >= 2 && !slices.Contains(out, m) && digits(ts, m) {
			out = append(out, m)
		}
	}
	slices.SortFunc(out, func(a, b int64) int { return cmp.Compare(b, a) })
	return out
}

// digits reports whether the terms that m does not divide have positive
// coefficients below m.
func digits(ts []term, m int64) bool {
	for _, t := range ts {
		if t.atom != nil && t.coeff%m != 0 && (t.coeff < 0 || t.coeff >= m) {
			return false
		}
	}
	return true
}

// Radix splits x, read as a sum as LinearDiff reads it, into low + m*high
// for m >= 2: high gathers the terms whose coefficient m divides and the
// constant's floored multiple of m, low the other terms and the constant's
// remainder (in 0..m-1). The identity holds in the integers whatever the
// terms' values; ok is false where a coefficient would overflow.
func Radix(at Pos, x Expr, m int64) (low, high Expr, ok bool) {
	var ts []term
	if m < 2 || !addTerms(&ts, x, 1) {
		return nil, nil, false
	}
	var lo, hi []term
	for _, t := range ts {
		switch {
		case t.atom == nil:
			r := t.coeff % m
			if r < 0 {
				r += m
			}
			lo = append(lo, term{coeff: r})
			hi = append(hi, term{coeff: (t.coeff - r) / m})
		case t.coeff%m == 0:
			hi = append(hi, term{coeff: t.coeff / m, atom: t.atom})
		default:
			lo = append(lo, t)
		}
	}
	return sumOf(at, lo), sumOf(at, hi), true
}

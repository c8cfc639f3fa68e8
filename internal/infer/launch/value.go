package launch

import (
	"fmt"
	"math/big"
	"strings"

	"github.com/drfcheck/drfcheck/protocol"
)

// intType is a C integer type: its width in bits and signedness.
type intType struct {
	bits   int
	signed bool
}

var (
	tInt  = intType{32, true}
	tUint = intType{32, false}
	tLong = intType{64, true}
)

// parseInt recognizes a C integer type by its (desugared) spelling.
func parseInt(s string) (intType, bool) {
	s = strings.TrimSpace(s)
	for _, q := range []string{"const ", "volatile "} {
		s = strings.TrimPrefix(s, q)
	}
	s = strings.TrimSuffix(strings.TrimSuffix(s, " const"), " volatile")
	if strings.ContainsAny(s, "*&[(") {
		return intType{}, false
	}
	unsigned := strings.Contains(s, "unsigned")
	words := strings.Fields(strings.NewReplacer("unsigned", "", "signed", "", "int", "").Replace(s))
	rest := strings.Join(words, " ")
	t := intType{signed: !unsigned}
	switch rest {
	case "":
		if !strings.Contains(s, "int") && !strings.Contains(s, "signed") {
			return intType{}, false
		}
		t.bits = 32
	case "long", "long long":
		t.bits = 64
	case "short":
		t.bits = 16
	case "char":
		t.bits = 8
	case "bool", "_Bool":
		return intType{1, false}, true
	default:
		return intType{}, false
	}
	return t, true
}

func (t intType) min() *big.Int {
	if !t.signed {
		return big.NewInt(0)
	}
	return new(big.Int).Neg(new(big.Int).Lsh(big.NewInt(1), uint(t.bits-1)))
}

func (t intType) max() *big.Int {
	if !t.signed {
		return new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(t.bits)), big.NewInt(1))
	}
	return new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(t.bits-1)), big.NewInt(1))
}

// wrap converts a mathematical integer to the type as C does (modulo 2^bits;
// for signed types the implementation-defined conversion every compiler
// makes). The bool type keeps whether it is zero.
func (t intType) wrap(v *big.Int) *big.Int {
	if t.bits == 1 {
		if v.Sign() != 0 {
			return big.NewInt(1)
		}
		return big.NewInt(0)
	}
	m := new(big.Int).Lsh(big.NewInt(1), uint(t.bits))
	r := new(big.Int).Mod(v, m)
	if t.signed && r.Cmp(t.max()) > 0 {
		r.Sub(r, m)
	}
	return r
}

func (t intType) fits(v *big.Int) bool { return v.Cmp(t.min()) >= 0 && v.Cmp(t.max()) <= 0 }

// kind is what a host value is.
type kind int

const (
	kUnknown kind = iota
	kInt
	kPtr
	kDim3
	kFunc
	kStruct
	kArray
)

// val is the value of a host expression at a launch site. An integer is a
// protocol expression over symbols (the values of host variables that are
// not known, each a Var named by sym) and literals; guard lists the
// conditions under which that mathematical expression is the value C
// computes (no intermediate overflows, no division by zero). A pointer is
// the memory it may point into: one alternative when it is known, several
// when it was assigned differently on two paths (ptr.go). A struct holds
// its fields, an array its elements, each a value.
type val struct {
	k     kind
	e     protocol.Expr
	t     intType
	guard []protocol.Cond
	ptr   []alt // kPtr
	dims  [3]*val
	fn    string // kFunc: the id of the function declaration
	why   string // kUnknown: why
	// lo and hi bound e (kInt) where the guards hold, so that a guard
	// they imply is left out
	lo, hi *big.Int
	// fields (kStruct, in declaration order) and elems (kArray)
	fields []field
	elems  []*val
	typ    string // kStruct, kArray: the C type
}

// field is a field of a struct value.
type field struct {
	name string
	v    *val
}

func unknown(format string, args ...any) *val {
	return &val{k: kUnknown, why: fmt.Sprintf(format, args...)}
}

func constant(t intType, v *big.Int) *val {
	w := t.wrap(v)
	if !w.IsInt64() {
		return unknown("the constant %v does not fit in 64 bits", w)
	}
	return &val{k: kInt, t: t, e: &protocol.IntLit{Value: w.Int64()}, lo: w, hi: w}
}

// symbol is a value of type t not known.
func symbol(name string, t intType) *val {
	return &val{k: kInt, t: t, e: &protocol.Var{Name: name}, lo: t.min(), hi: t.max()}
}

// within returns the guards that e (bounded by lo and hi) is a value of t,
// leaving out those the bounds imply, and the bounds where they hold.
func within(e protocol.Expr, lo, hi *big.Int, t intType) ([]protocol.Cond, *big.Int, *big.Int) {
	var out []protocol.Cond
	if lo == nil || lo.Cmp(t.min()) < 0 {
		out = append(out, &protocol.Cmp{Op: protocol.Ge, X: e, Y: &protocol.IntLit{Value: t.min().Int64()}})
		lo = t.min()
	}
	if hi == nil || hi.Cmp(t.max()) > 0 {
		if !t.max().IsInt64() {
			return nil, nil, nil // no guard can say it (unsigned long): not known
		}
		out = append(out, &protocol.Cmp{Op: protocol.Le, X: e, Y: &protocol.IntLit{Value: t.max().Int64()}})
		hi = t.max()
	}
	return out, lo, hi
}

func constInt(v int64) *val { return constant(tInt, big.NewInt(v)) }

// isConst returns the value of a constant integer.
func (v *val) isConst() (int64, bool) {
	if v == nil || v.k != kInt || len(v.guard) > 0 {
		return 0, false
	}
	if l, ok := v.e.(*protocol.IntLit); ok {
		return l.Value, true
	}
	return 0, false
}

func joinGuards(gs ...[]protocol.Cond) []protocol.Cond {
	var out []protocol.Cond
	for _, g := range gs {
		out = append(out, g...)
	}
	return out
}

// convert converts an integer value to type t: exactly for a constant; for
// a symbolic value, the same expression under the guard that it fits.
func convert(v *val, t intType) *val {
	if v.k != kInt {
		return v
	}
	if c, ok := v.isConst(); ok {
		return constant(t, big.NewInt(c))
	}
	if t.bits == 1 {
		return unknown("a conversion to bool")
	}
	g, lo, hi := within(v.e, v.lo, v.hi, t)
	if lo == nil {
		return unknown("a value that may not fit in %d bits", t.bits)
	}
	return &val{k: kInt, t: t, e: v.e, guard: joinGuards(v.guard, g), lo: lo, hi: hi}
}

// arith applies + - * / % to two integers of the operation's type t.
func arith(op string, x, y *val, t intType) *val {
	if x.k != kInt || y.k != kInt {
		return unknown("%s of values that are not known integers", op)
	}
	x, y = convert(x, t), convert(y, t)
	if x.k != kInt || y.k != kInt {
		return unknown("%s of values that are not known integers", op)
	}
	a, aok := x.isConst()
	b, bok := y.isConst()
	if aok && bok {
		A, B := big.NewInt(a), big.NewInt(b)
		r := new(big.Int)
		switch op {
		case "+":
			r.Add(A, B)
		case "-":
			r.Sub(A, B)
		case "*":
			r.Mul(A, B)
		case "/", "%":
			if b == 0 {
				return unknown("a division by zero")
			}
			q, m := new(big.Int).QuoRem(A, B, new(big.Int)) // truncates, as C
			r = q
			if op == "%" {
				r = m
			}
		case "<<":
			if b < 0 || b >= int64(t.bits) {
				return unknown("a shift by %d", b)
			}
			r.Lsh(A, uint(b))
		case ">>":
			if b < 0 || b >= int64(t.bits) {
				return unknown("a shift by %d", b)
			}
			r.Rsh(A, uint(b))
		case "&":
			r.And(A, B)
		case "|":
			r.Or(A, B)
		case "^":
			r.Xor(A, B)
		default:
			return unknown("operator %s", op)
		}
		if t.signed && !t.fits(r) && op != "&" && op != "|" && op != "^" && op != ">>" {
			return unknown("%d %s %d overflows", a, op, b)
		}
		return constant(t, r)
	}
	var bop protocol.BinOp
	switch op {
	case "+":
		bop = protocol.Add
	case "-":
		bop = protocol.Sub
	case "*":
		bop = protocol.Mul
	case "/":
		bop = protocol.Div
	case "%":
		bop = protocol.Mod
	default:
		return unknown("operator %s on a value that is not a constant", op)
	}
	e := &protocol.Binary{Op: bop, X: x.e, Y: y.e}
	guard := joinGuards(x.guard, y.guard)
	if bop == protocol.Div || bop == protocol.Mod {
		if bok && b == 0 {
			return unknown("a division by zero")
		}
		if !bok {
			guard = append(guard, &protocol.Cmp{Op: protocol.Ne, X: y.e, Y: &protocol.IntLit{Value: 0}})
		}
	}
	lo, hi := bounds(bop, x, y)
	g, lo, hi := within(e, lo, hi, t)
	if lo == nil {
		return unknown("a value that may not fit in %d bits", t.bits)
	}
	return &val{k: kInt, t: t, e: e, guard: append(guard, g...), lo: lo, hi: hi}
}

// bounds bounds x op y with interval arithmetic; nil when it cannot.
func bounds(op protocol.BinOp, x, y *val) (*big.Int, *big.Int) {
	if x.lo == nil || x.hi == nil || y.lo == nil || y.hi == nil {
		return nil, nil
	}
	switch op {
	case protocol.Add:
		return new(big.Int).Add(x.lo, y.lo), new(big.Int).Add(x.hi, y.hi)
	case protocol.Sub:
		return new(big.Int).Sub(x.lo, y.hi), new(big.Int).Sub(x.hi, y.lo)
	case protocol.Mul:
		ps := []*big.Int{new(big.Int).Mul(x.lo, y.lo), new(big.Int).Mul(x.lo, y.hi), new(big.Int).Mul(x.hi, y.lo), new(big.Int).Mul(x.hi, y.hi)}
		lo, hi := ps[0], ps[0]
		for _, p := range ps[1:] {
			if p.Cmp(lo) < 0 {
				lo = p
			}
			if p.Cmp(hi) > 0 {
				hi = p
			}
		}
		return lo, hi
	case protocol.Div:
		if y.lo.Cmp(y.hi) == 0 && y.lo.Sign() > 0 {
			// truncating division by a positive constant is monotone
			return new(big.Int).Quo(x.lo, y.lo), new(big.Int).Quo(x.hi, y.lo)
		}
	}
	return nil, nil
}

// String prints a value for notes and tests.
func (v *val) String() string {
	if v == nil {
		return "<nil>"
	}
	switch v.k {
	case kInt:
		s := exprText(v.e)
		if len(v.guard) > 0 {
			s += fmt.Sprintf(" (if %d guards)", len(v.guard))
		}
		return s
	case kPtr:
		var alts []string
		for _, a := range v.ptr {
			off := "?"
			if a.known {
				off = fmt.Sprint(a.off)
			}
			alts = append(alts, fmt.Sprintf("&%s+%s", a.o.id, off))
		}
		return strings.Join(alts, "|")
	case kStruct:
		var fs []string
		for _, f := range v.fields {
			fs = append(fs, f.name+": "+f.v.String())
		}
		return "{" + strings.Join(fs, ", ") + "}"
	case kArray:
		var es []string
		for _, e := range v.elems {
			es = append(es, e.String())
		}
		return "[" + strings.Join(es, ", ") + "]"
	case kDim3:
		return fmt.Sprintf("dim3(%v, %v, %v)", v.dims[0], v.dims[1], v.dims[2])
	case kFunc:
		return "function " + v.fn
	}
	return "unknown (" + v.why + ")"
}

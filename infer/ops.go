package infer

import (
	"math"
	"math/bits"
	"strings"

	"drfcheck/infer/clang"
	"drfcheck/protocol"
)

// boolVal is the C integer of a condition.
func boolVal(at protocol.Pos, c protocol.Cond) value { return intVal{condExpr(at, c)} }

// cond evaluates an expression in a boolean context.
func (x *exec) cond(n *clang.Node) protocol.Cond {
	return x.asCond(x.pos(n), x.rvalue(n))
}

func (x *exec) unary(n *clang.Node) value {
	at := x.pos(n)
	switch n.Opcode {
	case "-", "+", "~":
		v := x.rvalue(n.Child(0))
		iv, ok := v.(intVal)
		if !ok {
			return x.opaque(v)
		}
		switch n.Opcode {
		case "-":
			return intVal{neg(at, iv.e)}
		case "~":
			// two's complement: ~e is -e - 1, exactly
			return intVal{sub(at, neg(at, iv.e), lit(at, 1))}
		}
		return iv
	case "!":
		return boolVal(at, not(at, x.cond(n.Child(0))))
	case "*":
		return x.loadOrDecay(n)
	case "&":
		c := n.Child(0)
		if s := strip(c); s != nil && s.Kind == "DeclRefExpr" && s.Referenced != nil &&
			(s.Referenced.Kind == "FunctionDecl" || s.Referenced.Kind == "CXXMethodDecl") {
			return unknownPtr("a pointer to a function")
		}
		return x.addressOf(x.lvalue(c))
	case "++", "--":
		_, v := x.incDec(n)
		return v
	case "__extension__":
		return x.rvalue(n.Child(0))
	}
	v := x.rvalue(n.Child(0))
	return x.opaque(v)
}

// incDec evaluates ++ and --, returning the lvalue and the expression's
// value (the old value when postfix).
func (x *exec) incDec(n *clang.Node) (lvalue, value) {
	at := x.pos(n)
	lv := x.lvalue(n.Child(0))
	old := x.load(lv)
	delta := int64(1)
	if n.Opcode == "--" {
		delta = -1
	}
	var nv value
	switch v := old.(type) {
	case intVal:
		nv = intVal{add(at, v.e, lit(at, delta))}
	case ptrVal:
		nv = x.ptrAdd(v, lit(at, delta), lv.typ.pointee(), at, false)
	default:
		nv = x.opaque(old)
	}
	x.store(lv, nv)
	if n.IsPostfix {
		return lv, old
	}
	return lv, nv
}

func (x *exec) binary(n *clang.Node) value {
	at := x.pos(n)
	switch n.Opcode {
	case "=":
		_, v := x.assign(n)
		return v
	case ",":
		x.rvalueDiscard(n.Child(0))
		return x.rvalue(n.Child(1))
	case "&&", "||":
		return boolVal(at, x.shortCircuit(n))
	}
	a := x.rvalue(n.Child(0))
	b := x.rvalue(n.Child(1))
	return x.arith(n, n.Opcode, a, b, x.typeOf(n.Child(0)), x.typeOf(n.Child(1)))
}

// shortCircuit evaluates && and ||: the right operand's accesses happen
// only when the left one does not decide.
func (x *exec) shortCircuit(n *clang.Node) protocol.Cond {
	at := x.pos(n)
	c1 := x.cond(n.Child(0))
	when := c1
	if n.Opcode == "||" {
		when = not(at, c1)
	}
	if isFalse(when) {
		return c1
	}
	base := x.env
	x.env = base.clone()
	var c2 protocol.Cond
	sts := x.into(func() { c2 = x.cond(n.Child(1)) })
	x.guarded(at, when, sts)
	x.env = x.mergeEnv(at, when, x.env, base)
	if n.Opcode == "&&" {
		return and(at, c1, c2)
	}
	return or(at, c1, c2)
}

// assign evaluates lhs = rhs.
func (x *exec) assign(n *clang.Node) (lvalue, value) {
	lv := x.lvalue(n.Child(0))
	hint := ""
	if lv.kind == lvVar && lv.n != nil {
		hint = varName(lv.n)
	}
	v := x.withHint(hint, func() value { return x.rvalue(n.Child(1)) })
	v = x.convert(x.pos(n), v, lv.typ)
	x.store(lv, v)
	return lv, v
}

// varName returns the C name a DeclRefExpr or MemberExpr designates.
func varName(n *clang.Node) string {
	switch n.Kind {
	case "DeclRefExpr":
		if n.Referenced != nil {
			return n.Referenced.Name
		}
	case "MemberExpr":
		return n.Name
	}
	return ""
}

// compoundAssign evaluates lhs op= rhs.
func (x *exec) compoundAssign(n *clang.Node) (lvalue, value) {
	lv := x.lvalue(n.Child(0))
	b := x.rvalue(n.Child(1))
	a := x.load(lv)
	op := strings.TrimSuffix(n.Opcode, "=")
	lt := lv.typ
	if n.ComputeLHS != nil {
		lt = x.k.types.parse(n.ComputeLHS.String())
	}
	r := x.arith(n, op, a, b, lt, x.typeOf(n.Child(1)))
	r = x.convert(x.pos(n), r, lv.typ)
	x.store(lv, r)
	return lv, r
}

var cmpOps = map[string]protocol.CmpOp{
	"==": protocol.Eq, "!=": protocol.Ne, "<": protocol.Lt, "<=": protocol.Le, ">": protocol.Gt, ">=": protocol.Ge,
}

// arith applies a binary C operator.
func (x *exec) arith(n *clang.Node, op string, a, b value, ta, tb ctype) value {
	at := x.pos(n)
	pa, aPtr := a.(ptrVal)
	pb, bPtr := b.(ptrVal)
	switch {
	case aPtr && bPtr:
		return x.ptrBinary(at, op, pa, pb, ta)
	case aPtr || bPtr:
		if aPtr && (op == "+" || op == "-") {
			off := x.asInt(at, b)
			if op == "-" {
				off = neg(at, off)
			}
			return x.ptrAdd(pa, off, ta.pointee(), at, false)
		}
		if bPtr && op == "+" {
			return x.ptrAdd(pb, x.asInt(at, a), tb.pointee(), at, false)
		}
		if _, ok := cmpOps[op]; ok {
			// a pointer compared with an integer (null): known for pointers
			// into arrays, else unknown
			p := pa
			if bPtr {
				p = pb
			}
			if c := x.asCond(at, p); isTrue(c) && (op == "!=" || op == "==") {
				return boolVal(at, boolLit(at, op == "!="))
			}
		}
		l, bl := x.taintOf(a)
		l2, b2 := x.taintOf(b)
		return intVal{x.freshInt(at, "", l || l2, bl || b2)}
	}
	ia, aInt := a.(intVal)
	ib, bInt := b.(intVal)
	if !aInt || !bInt {
		if _, ok := cmpOps[op]; ok {
			o := x.opaque(a, b)
			return intVal{x.freshInt(at, "", o.local, o.block)}
		}
		return x.opaque(a, b)
	}
	ea, eb := ia.e, ib.e
	if wrapsUnsigned(op) && ta.unsigned {
		// integers are unbounded, and +, - and * agree with C's unsigned
		// arithmetic modulo 2^32; the other operations see the value C
		// has, the residue in [0, 2^32): lane - 1u is 4294967295 for lane 0
		ea = x.wrapUnsigned(at, ea, ta)
		if op != ">>" {
			eb = x.wrapUnsigned(at, eb, ta)
		}
	}
	if c, ok := cmpOps[op]; ok {
		return boolVal(at, cmp(at, c, ea, eb))
	}
	return intVal{x.intOp(at, op, ea, eb, ta)}
}

// wrapsUnsigned reports whether an operator on unsigned operands depends on
// more than their residues modulo 2^32 in a way that matters below 2^32:
// equality does not (two values equal modulo 2^32 differ by at least 2^32,
// which is the known limitation of unbounded integers).
func wrapsUnsigned(op string) bool {
	switch op {
	case "/", "%", ">>", "&", "|", "^", "<", "<=", ">", ">=":
		return true
	}
	return false
}

// wrapUnsigned is the value of e as a C unsigned integer of type t: its
// residue modulo 2^width when e may be negative. 64-bit types are left
// unbounded.
func (x *exec) wrapUnsigned(at protocol.Pos, e protocol.Expr, t ctype) protocol.Expr {
	width := t.size * 8
	if width == 0 {
		width = 32
	}
	if width > 32 || !x.mayBeNegative(e) {
		return e
	}
	// e + 2^width when negative: C's value for any e in [-2^width,
	// 2^width), the range where unbounded integers agree with C (see the
	// known limitations), and linear, where a remainder by 2^width is a
	// hard query for the solver
	return ite(at, cmp(at, protocol.Ge, e, lit(at, 0)), e, add(at, e, lit(at, 1<<width)))
}

// mayBeNegative reports whether an integer expression may be negative where
// C's value is not: a difference or a negative constant. Variables,
// unknowns and calls are left alone: integers are unbounded, so wrapping a
// parameter would let it stand for values C's types exclude (a signed
// parameter converted to unsigned is a known limitation).
func (x *exec) mayBeNegative(e protocol.Expr) bool {
	switch e := e.(type) {
	case *protocol.IntLit:
		return e.Value < 0
	case *protocol.Binary:
		switch e.Op {
		case protocol.Sub:
			return true
		case protocol.Div, protocol.Mod:
			return x.mayBeNegative(e.X)
		}
		return x.mayBeNegative(e.X) || x.mayBeNegative(e.Y)
	case *protocol.Ite:
		return x.mayBeNegative(e.Then) || x.mayBeNegative(e.Else)
	case *protocol.Neg:
		return true
	}
	return false
}

// emod is the Euclidean residue of e modulo a positive p, in [0, p).
func emod(at protocol.Pos, e, p protocol.Expr) protocol.Expr {
	if nonNegative(e) {
		return mod(at, e, p)
	}
	return mod(at, add(at, mod(at, e, p), p), p)
}

// narrow is the value of e converted to an integer type narrower than 32
// bits: its residue modulo 2^width, shifted to the signed range for a
// signed type ((unsigned char)256 is 0, (signed char)200 is -56).
func (x *exec) narrow(at protocol.Pos, e protocol.Expr, t ctype) protocol.Expr {
	width := t.size * 8
	if width == 32 && t.unsigned {
		return x.wrapUnsigned(at, e, t)
	}
	if width == 0 || width >= 32 {
		return e
	}
	if k, ok := litValue(e); ok {
		if t.unsigned && k >= 0 && k < 1<<width || !t.unsigned && k >= -(1<<(width-1)) && k < 1<<(width-1) {
			return e
		}
	}
	if t.unsigned {
		return emod(at, e, lit(at, 1<<width))
	}
	half := lit(at, 1<<(width-1))
	return sub(at, emod(at, add(at, e, half), lit(at, 1<<width)), half)
}

// intOp applies an integer operator. Shifts and masks by constants are
// exact (seed 004's protocols have no bitwise operators): x << k is
// x * 2^k, x >> k is the floor of x / 2^k, x & (2^k - 1) is x mod 2^k.
// Other bitwise operations are uninterpreted functions of their operands:
// equal operands give equal results, which is all that is known.
func (x *exec) intOp(at protocol.Pos, op string, a, b protocol.Expr, ta ctype) protocol.Expr {
	nonneg := ta.unsigned || nonNegative(a)
	ka, aLit := litValue(a)
	kb, bLit := litValue(b)
	switch op {
	case "+":
		return add(at, a, b)
	case "-":
		return sub(at, a, b)
	case "*":
		return mul(at, a, b)
	case "/":
		return div(at, a, b)
	case "%":
		return mod(at, a, b)
	case "<<":
		if bLit && kb >= 0 && kb < 62 {
			return mul(at, a, lit(at, 1<<kb))
		}
	case ">>":
		if bLit && kb >= 0 && kb < 62 {
			if kb == 0 {
				return a
			}
			p := lit(at, 1<<kb)
			if nonneg {
				return div(at, a, p)
			}
			return ite(at, cmp(at, protocol.Ge, a, lit(at, 0)), div(at, a, p),
				div(at, sub(at, a, lit(at, 1<<kb-1)), p))
		}
	case "&":
		if aLit && bLit {
			return lit(at, ka&kb)
		}
		if aLit && !bLit {
			a, b, ka, kb, bLit = b, a, kb, ka, true
			nonneg = nonNegative(a)
		}
		if bLit {
			if kb == 0 {
				return lit(at, 0)
			}
			if k, ok := lowMask(kb); ok {
				return x.modPow2(at, a, k, nonneg)
			}
			if k, ok := highMask(kb, ta); ok && nonneg {
				// clears the k low bits: a - a mod 2^k
				return sub(at, a, mod(at, a, lit(at, 1<<k)))
			}
			if m, ok := maskBits(at, a, kb, nonneg); ok {
				return m
			}
		}
	case "|", "^":
		if aLit && bLit {
			if op == "|" {
				return lit(at, ka|kb)
			}
			return lit(at, ka^kb)
		}
		if aLit && !bLit {
			a, b, ka, kb, bLit = b, a, kb, ka, true
			nonneg = nonNegative(a)
		}
		if bLit && kb == 0 {
			return a
		}
		// with a constant: a | c is a + c - (a & c), a ^ c is
		// a + c - 2 (a & c)
		if m, ok := maskBits(at, a, kb, nonneg); bLit && ok {
			sum := add(at, a, lit(at, kb))
			if op == "|" {
				return sub(at, sum, m)
			}
			return sub(at, sum, mul(at, m, lit(at, 2)))
		}
	}
	name := map[string]string{"<<": "shl", ">>": "shr", "&": "bitand", "|": "bitor", "^": "bitxor"}[op]
	if name == "" {
		return x.freshInt(at, "", x.k.isLocal(a) || x.k.isLocal(b), x.k.isBlock(a) || x.k.isBlock(b))
	}
	return x.uninterpreted(at, name, a, b)
}

// uninterpreted applies a pure function the protocol does not model.
func (x *exec) uninterpreted(at protocol.Pos, name string, args ...protocol.Expr) protocol.Expr {
	fn := x.k.function(name, at)
	return &protocol.Call{At: at, Func: fn, Args: args}
}

// maskBits is a & c for a non-negative a and a constant c with few bits
// set: the sum over the bits b of c of 2^b * ((a / 2^b) mod 2).
func maskBits(at protocol.Pos, a protocol.Expr, c int64, nonneg bool) (protocol.Expr, bool) {
	if !nonneg || c <= 0 || c >= 1<<31 || bits.OnesCount64(uint64(c)) > 4 {
		return nil, false
	}
	var sum protocol.Expr = lit(at, 0)
	for b := 0; b < 31; b++ {
		if c&(1<<b) == 0 {
			continue
		}
		bit := mod(at, div(at, a, lit(at, 1<<b)), lit(at, 2))
		sum = add(at, sum, mul(at, bit, lit(at, 1<<b)))
	}
	return sum, true
}

// modPow2 is a & (2^k - 1).
func (x *exec) modPow2(at protocol.Pos, a protocol.Expr, k int, nonneg bool) protocol.Expr {
	p := lit(at, 1<<k)
	if nonneg {
		return mod(at, a, p)
	}
	return ite(at, cmp(at, protocol.Ge, a, lit(at, 0)), mod(at, a, p), mod(at, add(at, mod(at, a, p), p), p))
}

// lowMask reports whether c is 2^k - 1 for 0 < k < 62.
func lowMask(c int64) (int, bool) {
	for k := 1; k < 62; k++ {
		if c == 1<<k-1 {
			return k, true
		}
	}
	return 0, false
}

// highMask reports whether c clears exactly the k low bits: ~(2^k - 1) as a
// signed value, or as an unsigned value of the type's width.
func highMask(c int64, t ctype) (int, bool) {
	width := t.size * 8
	if width == 0 || width > 64 {
		width = 32
	}
	for k := 1; k < 62 && int64(k) < width; k++ {
		if c == -(1 << k) {
			return k, true
		}
		if width < 64 && c == int64(uint64(math.MaxUint64>>(64-width))&^uint64(1<<k-1)) {
			return k, true
		}
	}
	return 0, false
}

// conditional evaluates c ? a : b; each side's accesses happen under its
// condition.
func (x *exec) conditional(n *clang.Node) value {
	at := x.pos(n)
	c := x.cond(n.Child(0))
	if isTrue(c) {
		return x.rvalue(n.Child(1))
	}
	if isFalse(c) {
		return x.rvalue(n.Child(2))
	}
	var va, vb value
	x.arms(at, c, func() { va = x.rvalue(n.Child(1)) }, func() { vb = x.rvalue(n.Child(2)) })
	return x.merge(at, c, va, vb)
}

// arms runs the two arms of a conditional, each from the current
// environment: their accesses happen under their conditions, and the
// environments join after them.
func (x *exec) arms(at protocol.Pos, c protocol.Cond, a, b func()) {
	base := x.env
	x.env = base.clone()
	stsA := x.into(a)
	envA := x.env
	x.env = base.clone()
	stsB := x.into(b)
	envB := x.env
	x.emitIf(at, c, stsA, stsB)
	x.env = x.mergeEnv(at, c, envA, envB)
}

// emitIf emits if c { then } else { els }, leaving out empty branches.
func (x *exec) emitIf(at protocol.Pos, c protocol.Cond, then, els []protocol.Stmt) {
	switch {
	case len(then) == 0 && len(els) == 0:
	case len(els) == 0:
		x.guarded(at, c, then)
	case len(then) == 0:
		x.guarded(at, not(at, c), els)
	default:
		x.emit(&protocol.If{At: at, Cond: c, Then: &protocol.Block{At: at, Stmts: then}, Else: &protocol.Block{At: at, Stmts: els}})
	}
}

// cast evaluates a conversion.
func (x *exec) cast(n *clang.Node) value {
	at := x.pos(n)
	child := n.Child(0)
	to := x.typeOf(n)
	switch n.CastKind {
	case "LValueToRValue":
		return x.load(x.lvalue(child))
	case "ArrayToPointerDecay":
		return x.decay(x.lvalue(child))
	case "FunctionToPointerDecay", "BuiltinFnToFnPtr":
		return unknownPtr("a pointer to a function")
	case "NullToPointer":
		x.rvalueDiscard(child)
		return ptrVal{alts: []ptrAlt{{kind: tgNull}}}
	case "ToVoid":
		x.rvalueDiscard(child)
		return voidVal{}
	case "IntegralToBoolean", "FloatingToBoolean", "PointerToBoolean", "MemberPointerToBoolean":
		return boolVal(at, x.cond(child))
	case "IntegralToFloating", "FloatingCast", "FloatingRealToComplex", "FloatingComplexCast", "IntegralComplexToFloatingComplex":
		return x.opaque(x.rvalue(child))
	case "FloatingToIntegral":
		v := x.rvalue(child)
		return intVal{x.asInt(at, v)}
	case "IntegralToPointer":
		v := x.rvalue(child)
		if iv, ok := v.(intVal); ok && isLit(iv.e, 0) {
			return ptrVal{alts: []ptrAlt{{kind: tgNull}}}
		}
		return unknownPtr("a pointer made from an integer")
	case "PointerToIntegral":
		v := x.rvalue(child)
		l, b := x.taintOf(v)
		return intVal{x.freshInt(at, "", l, b)}
	case "UserDefinedConversion", "ConstructorConversion":
		return x.rvalue(child)
	case "LValueBitCast", "LValueToRValueBitCast":
		return x.load(x.lvalue(child))
	}
	v := x.rvalue(child)
	switch to.kind {
	case tInt:
		switch v := v.(type) {
		case intVal:
			if from := x.typeOf(child); from.kind == tInt && from.size > to.size || from.kind == tInt && from.unsigned != to.unsigned {
				return intVal{x.narrow(at, v.e, to)}
			}
			return v
		case ptrVal:
			l, b := x.taintOf(v)
			return intVal{x.freshInt(at, "", l, b)}
		}
		return intVal{x.asInt(at, v)}
	case tFloat:
		return x.opaque(v)
	case tPtr:
		if p, ok := v.(ptrVal); ok {
			return x.ptrCast(p, to.pointee(), at)
		}
		return unknownPtr("a pointer made from a value that is not a pointer")
	case tVoid:
		return voidVal{}
	}
	return v
}

// sizeOf evaluates sizeof and alignof.
func (x *exec) sizeOf(n *clang.Node) value {
	at := x.pos(n)
	var t ctype
	if n.ArgType != nil {
		t = x.k.types.parse(n.ArgType.String())
	} else if c := n.Child(0); c != nil {
		t = x.typeOf(c) // the operand is not evaluated
	}
	if n.Name == "sizeof" && t.size > 0 {
		return intVal{lit(at, t.size)}
	}
	return intVal{x.freshInt(at, "size", false, false)}
}

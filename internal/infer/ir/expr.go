package ir

import (
	"strings"

	"github.com/drfcheck/drfcheck/internal/infer/clang"
	"github.com/drfcheck/drfcheck/protocol"
)

func (l *lowerer) typeOf(n *clang.Node) ctype { return l.types.of(n) }

// last returns the child that carries a wrapper's value.
func last(n *clang.Node) *clang.Node {
	if n == nil || len(n.Inner) == 0 {
		return nil
	}
	return n.Inner[len(n.Inner)-1]
}

// wrappers are the nodes that only wrap their last child.
var wrappers = map[string]bool{
	"ParenExpr": true, "ExprWithCleanups": true, "CXXBindTemporaryExpr": true, "FullExpr": true,
	"SubstNonTypeTemplateParmExpr": true, "CXXDefaultArgExpr": true, "CXXDefaultInitExpr": true,
}

// rv lowers an expression for its value, emitting its accesses.
func (l *lowerer) rv(n *clang.Node) val {
	t := l.typeOf(n)
	if n.Empty() {
		return val{t: ctype{kind: cVoid}}
	}
	at := l.pos(n)
	if wrappers[n.Kind] || n.Kind == "MaterializeTemporaryExpr" {
		if c := last(n); c != nil {
			v := l.rv(c)
			if n.Kind == "MaterializeTemporaryExpr" && c.ValueCategory != "prvalue" {
				return l.load(l.lv(c))
			}
			return v
		}
	}
	switch n.Kind {
	case "IntegerLiteral", "CharacterLiteral", "CXXBoolLiteralExpr":
		if v, ok := n.IntValue(); ok && t.kind == cScalar {
			return val{t: t, e: &Const{At: at, T: t.ir, Int: wrap(v, t.ir)}}
		}
	case "FloatingLiteral":
		spelling := strings.Trim(string(n.Value), `"`)
		if s := l.tu.Text(n); s != "" {
			spelling = s
		}
		return val{t: t, e: &Const{At: at, T: t.ir, Float: spelling}}
	case "ConstantExpr":
		if v, ok := n.IntValue(); ok && t.kind == cScalar && t.ir.IsInt() {
			return val{t: t, e: &Const{At: at, T: t.ir, Int: wrap(v, t.ir)}}
		}
		return l.rv(last(n))
	case "ImplicitCastExpr", "CStyleCastExpr", "CXXStaticCastExpr", "CXXReinterpretCastExpr", "CXXConstCastExpr",
		"CXXFunctionalCastExpr", "BuiltinBitCastExpr", "CXXAddrspaceCastExpr":
		return l.cast(n)
	case "DeclRefExpr":
		if ref := n.Referenced; ref != nil && ref.Kind == "EnumConstantDecl" {
			return val{t: t, e: l.enumConst(n)}
		}
		return l.loadOrDecay(n)
	case "ArraySubscriptExpr", "MemberExpr":
		return l.loadOrDecay(n)
	case "ExtVectorElementExpr":
		return l.load(l.swizzle(n))
	case "CompoundLiteralExpr":
		if t.rec != nil && t.rec.vector {
			return l.vectorLiteral(n, t)
		}
		return l.rv(last(n))
	case "UnaryOperator":
		return l.unary(n)
	case "BinaryOperator":
		return l.binary(n)
	case "CompoundAssignOperator":
		_, v := l.compound(n)
		return v
	case "ConditionalOperator", "BinaryConditionalOperator":
		return l.conditional(n)
	case "CallExpr", "CXXMemberCallExpr", "CXXOperatorCallExpr":
		v, ref := l.call(n)
		if ref != nil {
			return l.load(*ref)
		}
		return v
	case "StmtExpr":
		return l.stmtExpr(n)
	case "CXXConstructExpr", "CXXTemporaryObjectExpr":
		return l.construct(n)
	case "InitListExpr":
		return l.initList(n)
	case "ImplicitValueInitExpr", "CXXScalarValueInitExpr":
		return l.zero(t, at)
	case "UnaryExprOrTypeTraitExpr":
		arg := t
		if n.ArgType != nil {
			arg = l.types.parse(n.ArgType.String())
		} else if c := n.Child(0); c != nil {
			arg = l.typeOf(c)
		}
		if n.Name == "sizeof" && arg.size > 0 {
			return val{t: t, e: &Const{At: at, T: t.ir, Int: arg.size}}
		}
		if n.Name == "alignof" || n.Name == "__alignof" && arg.align > 0 {
			return val{t: t, e: &Const{At: at, T: t.ir, Int: arg.align}}
		}
		return val{t: t, e: l.opaque(n, t.ir, "the size of a type of unknown layout")}
	case "CXXThisExpr":
		if l.this != nil {
			return val{t: t, p: l.this}
		}
		return val{t: t, p: unknownPtr("this outside a method")}
	case "CXXNullPtrLiteralExpr", "GNUNullExpr":
		return val{t: t, p: &ptrv{alts: []place{{kind: pNull}}}}
	case "StringLiteral", "PredefinedExpr":
		return val{t: t, p: unknownPtr("a string literal")}
	case "TypeTraitExpr", "CXXNoexceptExpr":
		if v, ok := n.IntValue(); ok {
			return val{t: t, e: &Const{At: at, T: t.ir, Int: v}}
		}
	case "CUDAKernelCallExpr":
		l.unknown(n, "kernel launch from device code (dynamic parallelism)")
		return val{t: ctype{kind: cVoid}}
	case "CXXDefaultArgExpr":
		// an argument left to its default in a call that is not inlined
		// (an inlined call binds the default itself: inline): an unknown
		// value of its type, which the callee that drfcheck does not
		// follow may use as it likes
		return l.opaqueVal(n, l.typeOf(n), "a default argument")
	}
	return l.unsupported(n)
}

// vectorLiteral lowers an OpenCL vector literal, (float4)(a, b, c, d),
// whose elements are scalars and vectors, their components in order
// (float4)(v2, 0, 1); (float4)(x) gives every component x.
func (l *lowerer) vectorLiteral(n *clang.Node, t ctype) val {
	init := last(n)
	if init == nil || init.Kind != "InitListExpr" {
		return l.rv(init)
	}
	var comps []val
	for _, c := range init.Inner {
		v := l.rv(c)
		if v.fields != nil {
			comps = append(comps, v.fields...)
		} else {
			comps = append(comps, v)
		}
	}
	fields := t.rec.fields
	if len(comps) == 1 && len(fields) > 1 {
		for len(comps) < len(fields) {
			comps = append(comps, comps[0])
		}
	}
	out := val{t: t}
	at := l.pos(n)
	for i, f := range fields {
		c := l.opaqueVal(n, f.t, "a component of a vector literal")
		if i < len(comps) && comps[i].e != nil {
			c = val{t: f.t, e: l.scalar(comps[i], f.t.ir, at)}
		}
		out.fields = append(out.fields, c)
	}
	return out
}

// unsupported records an expression the lowering does not know: an
// Unknown statement (its accesses are not known either) and an Opaque
// value.
func (l *lowerer) unsupported(n *clang.Node) val {
	l.unknown(n, "unsupported expression: %s", n.Kind)
	return l.opaqueVal(n, l.typeOf(n), "unsupported expression: "+n.Kind)
}

// opaqueVal is an unknown value of a C type.
func (l *lowerer) opaqueVal(n *clang.Node, t ctype, why string) val {
	switch t.kind {
	case cPtr, cRef:
		return val{t: t, p: unknownPtr(why)}
	case cStruct:
		return val{t: t}
	case cVoid:
		return val{t: t}
	}
	ty := t.ir
	if t.kind != cScalar {
		ty = I64
	}
	return val{t: t, e: l.opaque(n, ty, "%s", why)}
}

func (l *lowerer) zero(t ctype, at protocol.Pos) val {
	switch t.kind {
	case cScalar:
		if t.ir.Kind == Float {
			return val{t: t, e: &Const{At: at, T: t.ir, Float: "0"}}
		}
		return val{t: t, e: &Const{At: at, T: t.ir}}
	case cPtr:
		return val{t: t, p: &ptrv{alts: []place{{kind: pNull}}}}
	case cStruct:
		v := val{t: t}
		if t.rec != nil {
			for _, f := range t.rec.fields {
				v.fields = append(v.fields, l.zero(f.t, at))
			}
		}
		return v
	}
	return val{t: t}
}

// enumConst returns the value of an enumerator.
func (l *lowerer) enumConst(n *clang.Node) Expr {
	at := l.pos(n)
	d := l.tu.Decl(n.Referenced.ID)
	if d != nil {
		for _, c := range d.Inner {
			if c != nil && c.Kind == "ConstantExpr" {
				if v, ok := c.IntValue(); ok {
					return &Const{At: at, T: I32, Int: v}
				}
			}
		}
		// an enumerator without an initializer: the previous one plus one
		if v, ok := l.enumValue(n.Referenced.ID); ok {
			return &Const{At: at, T: I32, Int: v}
		}
	}
	return l.opaque(n, I32, "the value of enumerator %s", n.Referenced.Name)
}

// enumValue computes an enumerator's value from its enumeration.
func (l *lowerer) enumValue(id string) (int64, bool) {
	var found *clang.Node
	var walk func(n *clang.Node)
	walk = func(n *clang.Node) {
		if n == nil || found != nil {
			return
		}
		if n.Kind == "EnumDecl" {
			for _, c := range n.Inner {
				if c != nil && c.ID == id {
					found = n
				}
			}
			return
		}
		for _, c := range n.Inner {
			walk(c)
		}
	}
	for _, d := range l.tu.MainDecls() {
		walk(d)
	}
	if found == nil {
		return 0, false
	}
	val, ok := int64(0), false
	eachEnumerator(found, func(c *clang.Node, v int64) {
		if c.ID == id {
			val, ok = v, true
		}
	})
	return val, ok
}

// loadOrDecay reads an lvalue, or decays an array to a pointer.
func (l *lowerer) loadOrDecay(n *clang.Node) val {
	lv := l.lv(n)
	if lv.t.kind == cArray {
		return val{t: lv.t, p: l.decay(lv)}
	}
	return l.load(lv)
}

// cond lowers an expression as a condition.
func (l *lowerer) cond(n *clang.Node) Expr {
	v := l.rv(n)
	if v.p != nil {
		return l.nonNull(v.p, l.pos(n))
	}
	return convert(l.pos(n), l.scalar(v, BoolT, l.pos(n)), BoolT)
}

// nonNull is the condition that a pointer is not null.
func (l *lowerer) nonNull(p *ptrv, at protocol.Pos) Expr {
	var e Expr
	for i := len(p.alts) - 1; i >= 0; i-- {
		a := p.alts[i]
		var c Expr
		switch a.kind {
		case pNull:
			c = &Const{At: at, T: BoolT, Int: 0}
		case pUnknown:
			c = &Opaque{At: at, Reason: "whether a pointer the lowering cannot follow is null", T: BoolT}
		default:
			c = &Const{At: at, T: BoolT, Int: 1}
		}
		if e == nil || a.guard == nil {
			e = c
			continue
		}
		e = mkSelect(at, a.guard, c, e)
	}
	if e == nil {
		return &Const{At: at, T: BoolT, Int: 1}
	}
	return e
}

// ---- casts ----

func (l *lowerer) cast(n *clang.Node) val {
	at := l.pos(n)
	child := n.Child(0)
	to := l.typeOf(n)
	switch n.CastKind {
	case "LValueToRValue", "LValueToRValueBitCast":
		return l.load(l.lv(child))
	case "ArrayToPointerDecay":
		return val{t: to, p: l.decay(l.lv(child))}
	case "FunctionToPointerDecay", "BuiltinFnToFnPtr":
		// the function a designator names (f, *p, c ? f : g)
		return val{t: to, p: l.addressOf(l.lv(child))}
	case "NullToPointer":
		l.discard(child)
		return val{t: to, p: &ptrv{alts: []place{{kind: pNull}}}}
	case "ToVoid":
		l.discard(child)
		return val{t: to}
	case "NoOp", "UserDefinedConversion", "ConstructorConversion", "DerivedToBase", "UncheckedDerivedToBase", "AddressSpaceConversion":
		v := l.rv(child)
		v.t = to
		return v
	case "PointerToBoolean":
		return val{t: to, e: l.nonNull(l.pointer(l.rv(child)), at)}
	case "IntegralToPointer":
		v := l.rv(child)
		if c, ok := v.e.(*Const); ok && c.Int == 0 {
			return val{t: to, p: &ptrv{alts: []place{{kind: pNull}}}}
		}
		return val{t: to, p: unknownPtr("a pointer made from an integer")}
	case "PointerToIntegral":
		l.rv(child)
		return val{t: to, e: l.opaque(n, to.ir, "a pointer converted to an integer")}
	}
	v := l.rv(child)
	switch to.kind {
	case cScalar:
		if v.p != nil {
			return val{t: to, e: l.opaque(n, to.ir, "a pointer converted to %s", to.ir)}
		}
		return val{t: to, e: convert(at, l.scalar(v, to.ir, at), to.ir)}
	case cPtr:
		// a pointer cast keeps the address: what changes is the type the
		// accesses through it read and write
		return val{t: to, p: l.pointer(v)}
	case cVoid:
		return val{t: to}
	}
	v.t = to
	return v
}

// discard lowers an expression for its effects: x++ whose value is not
// used is x = x + 1, without keeping the old value.
func (l *lowerer) discard(n *clang.Node) {
	if n.Empty() {
		return
	}
	if s := strip(n); s != nil && s.Kind == "UnaryOperator" && (s.Opcode == "++" || s.Opcode == "--") {
		l.incDec(s, false)
		return
	}
	if n.ValueCategory == "lvalue" && l.typeOf(n).kind == cStruct {
		// a discarded lvalue is not read (C++ [expr.context]): the
		// result of a struct assignment, say
		l.lv(n)
		return
	}
	l.rv(n)
}

// ---- operators ----

func (l *lowerer) unary(n *clang.Node) val {
	at := l.pos(n)
	t := l.typeOf(n)
	switch n.Opcode {
	case "-", "~":
		x := l.rv(n.Child(0))
		e := l.scalar(x, t.ir, at)
		if c, ok := e.(*Const); ok && t.ir.Kind == Int {
			if n.Opcode == "-" {
				return val{t: t, e: &Const{At: at, T: t.ir, Int: wrap(-c.Int, t.ir)}}
			}
			return val{t: t, e: &Const{At: at, T: t.ir, Int: wrap(^c.Int, t.ir)}}
		}
		return val{t: t, e: &Unary{At: at, Op: n.Opcode, X: e, T: t.ir}}
	case "+", "__extension__":
		return l.rv(n.Child(0))
	case "!":
		return val{t: t, e: convert(at, not(at, l.cond(n.Child(0))), t.ir)}
	case "*":
		return l.loadOrDecay(n)
	case "&":
		c := n.Child(0)
		return val{t: t, p: l.addressOf(l.lv(c))}
	case "++", "--":
		_, v := l.incDec(n, true)
		return v
	}
	l.discard(n.Child(0))
	return l.unsupported(n)
}

// strip skips the nodes that do not change a value.
func strip(n *clang.Node) *clang.Node {
	for n != nil {
		switch {
		case wrappers[n.Kind] || n.Kind == "ConstantExpr" || n.Kind == "MaterializeTemporaryExpr":
			if len(n.Inner) == 0 {
				return n
			}
			n = last(n)
		case n.Kind == "ImplicitCastExpr" && (n.CastKind == "NoOp" || n.CastKind == "FunctionToPointerDecay" || n.CastKind == "BuiltinFnToFnPtr"):
			n = n.Child(0)
		default:
			return n
		}
	}
	return n
}

func (l *lowerer) binary(n *clang.Node) val {
	at := l.pos(n)
	t := l.typeOf(n)
	switch n.Opcode {
	case "=":
		_, v := l.assign(n)
		return v
	case ",":
		l.discard(n.Child(0))
		return l.rv(n.Child(1))
	case "&&", "||":
		return val{t: t, e: convert(at, l.logical(n), t.ir)}
	}
	a := l.rv(n.Child(0))
	b := l.rv(n.Child(1))
	return l.arith(n, n.Opcode, a, b, t)
}

// arith applies a binary operator to lowered operands; clang has made the
// usual arithmetic conversions explicit, so both have the operator's type
// (comparisons: the operands' type).
func (l *lowerer) arith(n *clang.Node, op string, a, b val, t ctype) val {
	at := l.pos(n)
	switch {
	case a.p != nil && b.p != nil:
		return val{t: t, e: l.ptrBinary(n, op, a.p, b.p, a.t)}
	case a.p != nil && (op == "+" || op == "-"):
		off := l.offset(b, at)
		if op == "-" {
			off = neg(at, off)
		}
		return val{t: t, p: l.ptrAdd(a.p, off, a.t.pointee(), at)}
	case b.p != nil && op == "+":
		return val{t: t, p: l.ptrAdd(b.p, l.offset(a, at), b.t.pointee(), at)}
	case a.p != nil || b.p != nil:
		p := a.p
		other := b
		if p == nil {
			p, other = b.p, a
		}
		if c, ok := other.e.(*Const); ok && c.Int == 0 && (op == "==" || op == "!=") {
			e := l.nonNull(p, at)
			if op == "==" {
				e = not(at, e)
			}
			return val{t: t, e: e}
		}
		return val{t: t, e: l.opaque(n, t.ir, "a pointer compared with an integer")}
	}
	opT := t.ir
	if _, isCmp := negated[op]; isCmp {
		opT = a.t.ir
		if a.e != nil {
			opT = a.e.Type()
		}
	}
	x, y := l.scalar(a, opT, at), l.scalar(b, opT, at)
	if op == "<<" || op == ">>" {
		x, y = l.scalar(a, t.ir, at), l.scalar(b, b.t.ir, at)
		if b.e != nil {
			y = b.e
		}
	}
	if c, ok := fold(at, op, x, y, t.ir); ok {
		return val{t: t, e: c}
	}
	if b, ok := boolTest(at, op, x, y); ok {
		// (s > 0) != 0 is s > 0, which the loop analyses know
		return val{t: t, e: convert(at, b, t.ir)}
	}
	if _, isCmp := negated[op]; isCmp && t.ir.Kind != Bool {
		// C's comparisons are ints (OpenCL C's too): a condition made an
		// int, which a test makes a condition again (convert)
		return val{t: t, e: convert(at, &Binary{At: at, Op: op, X: x, Y: y, T: BoolT}, t.ir)}
	}
	return val{t: t, e: &Binary{At: at, Op: op, X: x, Y: y, T: t.ir}}
}

// boolTest simplifies the test of a condition made an integer against 0:
// c != 0 is c, c == 0 is !c.
func boolTest(at protocol.Pos, op string, x, y Expr) (Expr, bool) {
	if op != "==" && op != "!=" {
		return nil, false
	}
	c, isConv := x.(*Convert)
	if z, ok := y.(*Const); !ok || z.Int != 0 || z.Float != "" || !isConv || c.X.Type().Kind != Bool || c.To.Kind != Int {
		return nil, false
	}
	if op == "==" {
		return not(at, c.X), true
	}
	return c.X, true
}

// fold computes an integer operation on constants, as C does in the
// result's type (the operands have been converted to it).
func fold(at protocol.Pos, op string, x, y Expr, t Type) (Expr, bool) {
	a, ok1 := x.(*Const)
	b, ok2 := y.(*Const)
	if !ok1 || !ok2 || !t.IsInt() || a.T.Kind == Float || b.T.Kind == Float {
		return nil, false
	}
	u := !a.T.Signed && a.T.Kind == Int
	var r int64
	switch op {
	case "+":
		r = a.Int + b.Int
	case "-":
		r = a.Int - b.Int
	case "*":
		r = a.Int * b.Int
	case "/", "%":
		if b.Int == 0 {
			return nil, false
		}
		if u {
			ua, ub := uint64(wrapU(a.Int, a.T)), uint64(wrapU(b.Int, b.T))
			if op == "/" {
				r = int64(ua / ub)
			} else {
				r = int64(ua % ub)
			}
		} else if op == "/" {
			r = a.Int / b.Int
		} else {
			r = a.Int % b.Int
		}
	case "<<":
		if b.Int < 0 || b.Int > 63 {
			return nil, false
		}
		r = a.Int << b.Int
	case ">>":
		if b.Int < 0 || b.Int > 63 {
			return nil, false
		}
		if u {
			r = int64(uint64(wrapU(a.Int, a.T)) >> b.Int)
		} else {
			r = a.Int >> b.Int
		}
	case "&":
		r = a.Int & b.Int
	case "|":
		r = a.Int | b.Int
	case "^":
		r = a.Int ^ b.Int
	case "==", "!=", "<", "<=", ">", ">=":
		var c bool
		if u {
			ua, ub := uint64(wrapU(a.Int, a.T)), uint64(wrapU(b.Int, b.T))
			c = map[string]bool{"==": ua == ub, "!=": ua != ub, "<": ua < ub, "<=": ua <= ub, ">": ua > ub, ">=": ua >= ub}[op]
		} else {
			c = map[string]bool{"==": a.Int == b.Int, "!=": a.Int != b.Int, "<": a.Int < b.Int, "<=": a.Int <= b.Int, ">": a.Int > b.Int, ">=": a.Int >= b.Int}[op]
		}
		return &Const{At: at, T: t, Int: b2i(c)}, true
	default:
		return nil, false
	}
	return &Const{At: at, T: t, Int: wrap(r, t)}, true
}

// wrapU is the value of an unsigned constant as the bits of its type.
func wrapU(v int64, t Type) int64 {
	bits := uint(t.Size * 8)
	if bits >= 64 || bits == 0 {
		return v
	}
	return v & (1<<bits - 1)
}

// offset returns an integer used in an address as it is: offsets are
// computed over mathematical integers, each operand extended as C does.
func (l *lowerer) offset(v val, at protocol.Pos) Expr {
	if v.e != nil && v.e.Type().IsInt() {
		return v.e
	}
	return l.scalar(v, I64, at)
}

func neg(at protocol.Pos, x Expr) Expr {
	if c, ok := x.(*Const); ok {
		return i64(at, -c.Int)
	}
	return &Unary{At: at, Op: "-", X: x, T: x.Type()}
}

// ptrBinary applies an operator to two pointers: the difference or the
// comparison of two addresses in the same object is exact; other
// combinations are opaque.
func (l *lowerer) ptrBinary(n *clang.Node, op string, a, b *ptrv, ta ctype) Expr {
	at := l.pos(n)
	t := l.typeOf(n)
	if hasFunc(a) || hasFunc(b) {
		if e := funcCompare(at, op, a, b); e != nil {
			return e
		}
		return l.opaque(n, t.ir, "a comparison of function addresses the lowering cannot decide")
	}
	if len(a.alts) == 1 && len(b.alts) == 1 {
		pa, pb := a.alts[0], b.alts[0]
		same := pa.kind == pb.kind && (pa.kind == pMem && pa.base == pb.base || pa.kind == pVar && pa.obj == pb.obj)
		oa, ob := pa.off, pb.off
		if oa == nil {
			oa = i64(at, 0)
		}
		if ob == nil {
			ob = i64(at, 0)
		}
		if same && op == "-" {
			size := ta.pointee().size
			if size <= 0 {
				size = 1
			}
			d := &Binary{At: at, Op: "-", X: oa, Y: ob, T: I64}
			if size == 1 {
				return convert(at, d, t.ir)
			}
			return convert(at, &Binary{At: at, Op: "/", X: d, Y: i64(at, size), T: I64}, t.ir)
		}
		if _, isCmp := negated[op]; same && isCmp {
			return &Binary{At: at, Op: op, X: oa, Y: ob, T: BoolT}
		}
		if (op == "==" || op == "!=") && !same && pa.kind != pUnknown && pb.kind != pUnknown && pa.kind != pNull {
			// distinct objects never have equal addresses
			return &Const{At: at, T: BoolT, Int: b2i(op == "!=")}
		}
	}
	return l.opaque(n, t.ir, "an operation on two pointers the lowering cannot relate")
}

// logical lowers && and ||: when the right operand has accesses, they run
// only when the left one does not decide.
func (l *lowerer) logical(n *clang.Node) Expr {
	return l.shortCircuit(l.pos(n), n.Opcode, l.cond(n.Child(0)), n.Child(1))
}

// shortCircuit lowers x op y for op && or ||, x lowered already.
func (l *lowerer) shortCircuit(at protocol.Pos, op string, x Expr, yn *clang.Node) Expr {
	var y Expr
	sts := l.into(func() { y = l.cond(yn) })
	if len(sts) == 0 {
		return &Binary{At: at, Op: op, X: x, Y: y, T: BoolT}
	}
	r := l.temp(at, BoolT)
	delete(l.stable, r) // assigned twice
	l.emit(&Assign{At: at, Dst: r, X: x})
	c := Expr(&Ref{At: at, Var: r})
	if op == "||" {
		c = not(at, c)
	}
	sts = append(sts, &Assign{At: at, Dst: r, X: y})
	l.emit(&If{At: at, Cond: c, Then: &Block{At: at, Stmts: sts}, Else: &Block{At: at}})
	return &Ref{At: at, Var: r}
}

// conditional lowers c ? x : y: a Select when neither arm has accesses,
// else an If assigning a temporary.
func (l *lowerer) conditional(n *clang.Node) val {
	at := l.pos(n)
	t := l.typeOf(n)
	if n.ValueCategory != "prvalue" && n.Kind == "ConditionalOperator" {
		return l.load(l.lv(n))
	}
	if n.Kind == "BinaryConditionalOperator" {
		// a ?: b
		l.unknown(n, "unsupported expression: %s", n.Kind)
		return l.opaqueVal(n, t, "unsupported expression: "+n.Kind)
	}
	c := l.cond(n.Child(0))
	var a, b val
	sa := l.into(func() { a = l.rv(n.Child(1)) })
	sb := l.into(func() { b = l.rv(n.Child(2)) })
	switch {
	case a.p != nil || b.p != nil:
		l.emitIf(at, c, sa, sb)
		return val{t: t, p: mergePtr(at, c, l.pointer(a), l.pointer(b))}
	case t.kind == cStruct:
		l.emitIf(at, c, sa, sb)
		return mergeStruct(at, c, a, b, t)
	case t.kind != cScalar:
		l.emitIf(at, c, sa, sb)
		return val{t: t}
	}
	x, y := l.scalar(a, t.ir, at), l.scalar(b, t.ir, at)
	if len(sa) == 0 && len(sb) == 0 {
		return val{t: t, e: mkSelect(at, c, x, y)}
	}
	r := l.temp(at, t.ir)
	delete(l.stable, r)
	sa = append(sa, &Assign{At: at, Dst: r, X: x})
	sb = append(sb, &Assign{At: at, Dst: r, X: y})
	l.emit(&If{At: at, Cond: c, Then: &Block{At: at, Stmts: sa}, Else: &Block{At: at, Stmts: sb}})
	return val{t: t, e: &Ref{At: at, Var: r}}
}

func mergeStruct(at protocol.Pos, c Expr, a, b val, t ctype) val {
	if a.fields == nil || b.fields == nil || len(a.fields) != len(b.fields) {
		return val{t: t}
	}
	v := val{t: t}
	for i := range a.fields {
		fa, fb := a.fields[i], b.fields[i]
		switch {
		case fa.e != nil && fb.e != nil:
			v.fields = append(v.fields, val{t: fa.t, e: mkSelect(at, c, fa.e, fb.e)})
		case fa.p != nil && fb.p != nil:
			v.fields = append(v.fields, val{t: fa.t, p: mergePtr(at, c, fa.p, fb.p)})
		default:
			v.fields = append(v.fields, mergeStruct(at, c, fa, fb, fa.t))
		}
	}
	return v
}

// mergePtr is c ? a : b of pointers: the places of each under its
// condition.
func mergePtr(at protocol.Pos, c Expr, a, b *ptrv) *ptrv {
	out := &ptrv{}
	for _, p := range a.alts {
		p.guard = and(at, c, p.guard)
		out.alts = append(out.alts, p)
	}
	nc := not(at, c)
	for _, p := range b.alts {
		p.guard = and(at, nc, p.guard)
		out.alts = append(out.alts, p)
	}
	return out
}

// emitIf emits if c { then } else { els }, leaving out empty branches.
func (l *lowerer) emitIf(at protocol.Pos, c Expr, then, els []Stmt) {
	switch {
	case len(then) == 0 && len(els) == 0:
	case len(els) == 0:
		l.emit(&If{At: at, Cond: c, Then: &Block{At: at, Stmts: then}, Else: &Block{At: at}})
	case len(then) == 0:
		l.emit(&If{At: at, Cond: not(at, c), Then: &Block{At: at, Stmts: els}, Else: &Block{At: at}})
	default:
		l.emit(&If{At: at, Cond: c, Then: &Block{At: at, Stmts: then}, Else: &Block{At: at, Stmts: els}})
	}
}

// ---- assignments ----

// assign lowers lhs = rhs: the right operand first (C++17 sequences it
// before the left one).
func (l *lowerer) assign(n *clang.Node) (lval, val) {
	v := l.rv(n.Child(1))
	lv := l.lv(n.Child(0))
	l.store(lv, v, l.pos(n))
	return lv, v
}

// compound lowers lhs op= rhs as t = load lhs; store lhs, t op rhs.
func (l *lowerer) compound(n *clang.Node) (lval, val) {
	at := l.pos(n)
	b := l.rv(n.Child(1))
	lv := l.lv(n.Child(0))
	old := l.load(lv)
	op := strings.TrimSuffix(n.Opcode, "=")
	ct := lv.t
	if n.ComputeLHS != nil {
		ct = l.types.parse(n.ComputeLHS.String())
	}
	rt := ct
	if n.ComputeResult != nil {
		rt = l.types.parse(n.ComputeResult.String())
	}
	if old.e != nil && ct.kind == cScalar {
		old.e = convert(at, old.e, ct.ir)
		old.t = ct
	}
	r := l.arith(n, op, old, b, rt)
	if r.e != nil && lv.t.kind == cScalar {
		r.e = convert(at, r.e, lv.t.ir)
	}
	r.t = lv.t
	l.store(lv, r, at)
	return lv, r
}

// incDec lowers ++ and --; the value is the old one when postfix.
func (l *lowerer) incDec(n *clang.Node, used bool) (lval, val) {
	at := l.pos(n)
	lv := l.lv(n.Child(0))
	old := l.load(lv)
	var nv val
	switch {
	case old.p != nil && lv.t.pointee().size <= 0:
		nv = val{t: lv.t, p: unknownPtr("arithmetic on a pointer to a type of unknown size")}
	case old.p != nil:
		d := lv.t.pointee().size
		if n.Opcode == "--" {
			d = -d
		}
		nv = val{t: lv.t, p: l.ptrAdd(old.p, i64(at, 1), ctype{kind: cScalar, size: d}, at)}
	case old.e != nil:
		one := &Const{At: at, T: old.e.Type(), Int: 1}
		if one.T.Kind == Float {
			one.Float, one.Int = "1", 0
		}
		op := "+"
		if n.Opcode == "--" {
			op = "-"
		}
		if one.T.Kind == Bool {
			one.T = I32
		}
		nv = val{t: lv.t, e: &Binary{At: at, Op: op, X: old.e, Y: one, T: old.e.Type()}}
	default:
		nv = l.opaqueVal(n, lv.t, "an increment of a value the lowering does not know")
	}
	if n.IsPostfix && used && old.e != nil {
		if r, ok := old.e.(*Ref); !ok || r.Var.Kind != Temp {
			// keep the old value: the store changes the variable
			t := l.temp(at, old.e.Type())
			l.emit(&Assign{At: at, Dst: t, X: old.e})
			old.e = &Ref{At: at, Var: t}
			nv.e.(*Binary).X = old.e
		}
	}
	l.store(lv, nv, at)
	if n.IsPostfix {
		return lv, old
	}
	return lv, nv
}

// stmtExpr lowers a GNU statement expression ({ s1; ...; e; }): its
// statements, then the value of the last one when it is an expression.
func (l *lowerer) stmtExpr(n *clang.Node) val {
	body := last(n)
	if body == nil || body.Kind != "CompoundStmt" || len(body.Inner) == 0 {
		return val{t: ctype{kind: cVoid}}
	}
	for _, s := range body.Inner[:len(body.Inner)-1] {
		l.stmt(s)
	}
	end := body.Inner[len(body.Inner)-1]
	if end == nil || strings.HasSuffix(end.Kind, "Stmt") {
		l.stmt(end)
		return val{t: ctype{kind: cVoid}}
	}
	return l.rv(end)
}

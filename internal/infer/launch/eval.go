package launch

import (
	"fmt"
	"math/big"
	"strings"

	"github.com/drfcheck/drfcheck/internal/infer/clang"
	"github.com/drfcheck/drfcheck/protocol"
	"github.com/drfcheck/drfcheck/protocol/printer"
)

func exprText(e protocol.Expr) string { return printer.Node(e) }

// env is what the host code is known to hold at a point of a function:
// the values of the local variables it tracks, by declaration id. A local
// variable not in env (its address taken, captured by a lambda, static) is
// read as a symbol of its value at the launch.
type env map[string]*val

func (e env) copy() env {
	c := make(env, len(e))
	for k, v := range e {
		c[k] = v
	}
	return c
}

// evaluator evaluates host expressions at one launch site.
type evaluator struct {
	f     *finder
	env   env
	fn    *fnInfo
	at    map[string]*val // symbols of the variables read at this launch, by declaration id
	pure  bool            // the launch calls no function the evaluator does not model
	depth int
	// w is the walk evaluating (nil in a helper inlined by call): the
	// values of untracked pointers and of the calls it followed
	w *walker
}

// read returns the value of a variable at the launch.
func (ev *evaluator) read(id string, ref *clang.DeclRef) *val {
	if v, ok := ev.env[id]; ok {
		return v
	}
	decl := ev.f.tu.Decl(id)
	t := ""
	if ref.Type != nil {
		t = ref.Type.String()
	}
	global := decl != nil && (ev.fn == nil || !ev.fn.locals[id])
	if global {
		// a global (or a variable of an enclosing function): a constant
		// when it is declared const with a known initializer
		if v := ev.global(decl); v != nil {
			return v
		}
	}
	if hasPtrType(t) {
		// memory the host code does not show: the same for every read
		// in one walk of the function, so that a copy made before the
		// launch (float *b = a) is known to alias it
		why := ref.Name + ", a global variable"
		if !global && ev.fn != nil {
			why = ev.fn.escaped[id]
			if why == "" {
				why = ref.Name + ", not tracked"
			}
		}
		if ev.w != nil {
			if v, ok := ev.w.untracked[id]; ok {
				return v
			}
			v := ev.f.freshNot(ref.Name, t, why)
			ev.w.untracked[id] = v
			return v
		}
		return ev.f.freshNot(ref.Name, t, why)
	}
	if global && !ev.pure {
		return unknown("%s may be changed by a call in the launch", ref.Name)
	}
	if !global && !ev.pure && ev.fn != nil && ev.fn.escaped[id] != "" {
		return unknown("%s may be changed by a call in the launch", ref.Name)
	}
	if v, ok := ev.at[id]; ok {
		return v
	}
	v := ev.f.fresh(ref.Name, t)
	ev.at[id] = v
	return v
}

// hasPtrType reports whether a type is, or holds, a pointer (a pointer, an
// array of pointers, a struct: whose fields may be).
func hasPtrType(t string) bool {
	t = strings.TrimSpace(t)
	if isPointer(t) || isPtrArray(t) {
		return true
	}
	if _, ok := parseInt(t); ok || isDim3(t) {
		return false
	}
	switch normType(t) {
	case "float", "double", "bool", "void", "":
		return false
	}
	return !strings.ContainsAny(t, "(&")
}

func isPointer(t string) bool {
	return strings.HasSuffix(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(t), "const")), "*")
}

// global returns the value of a const global with an initializer, or nil.
func (ev *evaluator) global(d *clang.Node) *val {
	if d.Kind == "EnumConstantDecl" {
		for _, c := range d.Inner {
			if v, ok := c.IntValue(); ok && c != nil {
				return constant(tInt, big.NewInt(v))
			}
		}
		return unknown("enumerator %s", d.Name)
	}
	if d.Kind != "VarDecl" || d.Type == nil || len(d.Inner) == 0 || ev.depth > 8 {
		return nil
	}
	qt := d.Type.QualType
	if !(d.Constexpr || strings.HasPrefix(qt, "const ") || strings.Contains(qt, " const")) || strings.Contains(qt, "*") {
		return nil
	}
	init := d.Inner[len(d.Inner)-1]
	if init == nil || clang.IsDecl(init.Kind) {
		return nil
	}
	sub := &evaluator{f: ev.f, env: env{}, at: map[string]*val{}, pure: true, depth: ev.depth + 1}
	v := sub.eval(init)
	if _, ok := v.isConst(); ok {
		return v
	}
	return nil
}

// eval evaluates an expression at the launch.
func (ev *evaluator) eval(n *clang.Node) *val {
	if n == nil || n.Empty() {
		return unknown("an empty expression")
	}
	ev.depth++
	defer func() { ev.depth-- }()
	if ev.depth > 200 {
		return unknown("an expression nested too deeply")
	}
	switch n.Kind {
	case "IntegerLiteral", "CharacterLiteral", "CXXBoolLiteralExpr":
		t, ok := parseInt(n.TypeString())
		v, vok := n.IntValue()
		if !ok || !vok {
			return unknown("literal %s", string(n.Value))
		}
		return constant(t, big.NewInt(v))
	case "ConstantExpr":
		if v, ok := n.IntValue(); ok {
			if t, tok := parseInt(n.TypeString()); tok {
				return constant(t, big.NewInt(v))
			}
		}
		return ev.eval(n.Child(0))
	case "ParenExpr", "ExprWithCleanups", "MaterializeTemporaryExpr", "CXXBindTemporaryExpr", "CXXFunctionalCastExpr":
		return ev.eval(n.Child(0))
	case "ImplicitCastExpr", "CStyleCastExpr", "CXXStaticCastExpr", "CXXReinterpretCastExpr", "CXXConstCastExpr":
		return ev.cast(n)
	case "DeclRefExpr":
		if n.Referenced == nil {
			return unknown("a reference to nothing")
		}
		switch n.Referenced.Kind {
		case "VarDecl", "ParmVarDecl":
			return ev.read(n.Referenced.ID, n.Referenced)
		case "EnumConstantDecl":
			if d := ev.f.tu.Decl(n.Referenced.ID); d != nil {
				return ev.global(d)
			}
		case "FunctionDecl":
			return &val{k: kFunc, fn: n.Referenced.ID}
		}
		return unknown("%s", n.Referenced.Name)
	case "UnaryOperator":
		x := n.Child(0)
		switch n.Opcode {
		case "-":
			return arith("-", constInt(0), ev.eval(x), typeOf(n))
		case "+":
			return ev.eval(x)
		case "&":
			return ev.addressOf(x)
		case "*":
			if hasPtrType(n.TypeString()) {
				return ev.f.freshNot("", n.TypeString(), fmt.Sprintf("%s, a pointer read from memory at %s", ev.f.tu.Text(n), ev.f.pos(n)))
			}
			return unknown("a value read from memory")
		case "~", "!":
			v := ev.eval(x)
			if c, ok := v.isConst(); ok {
				if n.Opcode == "~" {
					return constant(typeOf(n), big.NewInt(^c))
				}
				if c == 0 {
					return constInt(1)
				}
				return constInt(0)
			}
			return unknown("%s of a value that is not a constant", n.Opcode)
		}
		return unknown("operator %s", n.Opcode)
	case "BinaryOperator":
		return ev.binary(n)
	case "ConditionalOperator":
		c := ev.eval(n.Child(0))
		if b, ok := c.isConst(); ok {
			if b != 0 {
				return ev.eval(n.Child(1))
			}
			return ev.eval(n.Child(2))
		}
		a, b := ev.eval(n.Child(1)), ev.eval(n.Child(2))
		if a.k == kPtr || b.k == kPtr {
			// either: a pointer may point where either does
			return joinVals(a, b, func() *val { return unknown("a conditional whose condition is not known") })
		}
		return unknown("a conditional whose condition is not known")
	case "MemberExpr":
		if n.IsArrow {
			if hasPtrType(n.TypeString()) {
				// the same value for every read of it in one expression
				key := "->" + ev.f.tu.Text(n)
				if v, ok := ev.at[key]; ok {
					return v
				}
				v := ev.f.freshNot(n.Name, n.TypeString(), fmt.Sprintf("%s, a member read through a pointer at %s", ev.f.tu.Text(n), ev.f.pos(n)))
				ev.at[key] = v
				return v
			}
			return unknown("a member read through a pointer")
		}
		base := ev.eval(n.Child(0))
		if base.k == kStruct {
			for _, f := range base.fields {
				if f.name == n.Name {
					return f.v
				}
			}
		}
		if base.k == kDim3 {
			switch n.Name {
			case "x":
				return base.dims[0]
			case "y":
				return base.dims[1]
			case "z":
				return base.dims[2]
			}
		}
		if hasPtrType(n.TypeString()) {
			why := "member " + n.Name + " of a value that is not known"
			if base.k == kUnknown && base.why != "" {
				why = base.why
			}
			return ev.f.freshNot(n.Name, n.TypeString(), why)
		}
		return unknown("member %s", n.Name)
	case "CXXConstructExpr", "CXXTemporaryObjectExpr":
		return ev.construct(n)
	case "InitListExpr":
		if isDim3(n.TypeString()) {
			return ev.dim3(n.Inner)
		}
		return ev.initList(n)
	case "CallExpr":
		return ev.call(n)
	case "UnaryExprOrTypeTraitExpr":
		return unknown("sizeof")
	case "CXXNullPtrLiteralExpr", "GNUNullExpr":
		return ptrTo(nullOrigin)
	case "ArraySubscriptExpr":
		return ev.subscript(n)
	case "CXXNewExpr":
		return ptrTo(ev.f.alloc(n, "new", ev.w))
	case "CXXDefaultInitExpr", "CXXDefaultArgExpr":
		if len(n.Inner) > 0 {
			return ev.eval(n.Child(0))
		}
		return unknown("a default argument")
	case "ImplicitValueInitExpr":
		return ev.f.zero(n.TypeString())
	}
	return unknown("%s", strings.TrimSuffix(n.Kind, "Expr"))
}

func typeOf(n *clang.Node) intType {
	if t, ok := parseInt(n.TypeString()); ok {
		return t
	}
	return tLong
}

func isDim3(t string) bool {
	t = strings.TrimPrefix(strings.TrimPrefix(strings.TrimSpace(t), "const "), "struct ")
	return t == "dim3" || t == "uint3"
}

func (ev *evaluator) cast(n *clang.Node) *val {
	v := ev.eval(n.Child(0))
	to := n.TypeString()
	if t, ok := parseInt(to); ok {
		if v.k == kInt {
			return convert(v, t)
		}
		if v.k == kPtr {
			return unknown("a pointer converted to an integer")
		}
		return v
	}
	if strings.HasSuffix(strings.TrimSpace(strings.TrimSuffix(to, "const")), "*") && v.k == kInt {
		if c, ok := v.isConst(); ok && c == 0 {
			return ptrTo(nullOrigin)
		}
		return unknown("an integer converted to a pointer")
	}
	if v.k == kPtr && n.CastKind == "BitCast" {
		return v // the same address, another pointee type
	}
	return v
}

// addressOf evaluates &x: the address of a variable is memory of its
// own (which an argument array's element names), &p[i] is p + i.
func (ev *evaluator) addressOf(x *clang.Node) *val {
	for x != nil && (x.Kind == "ParenExpr") {
		x = x.Child(0)
	}
	if x != nil && x.Kind == "DeclRefExpr" && x.Referenced != nil {
		return ptrTo(ev.f.varOrigin(x.Referenced.ID, x.Referenced.Name))
	}
	if x != nil && x.Kind == "ArraySubscriptExpr" {
		base := ev.eval(x.Child(0))
		if base.k == kPtr {
			return ev.ptrAdd(base, ev.eval(x.Child(1)), elemSize(x.TypeString()), false)
		}
	}
	return ev.f.opaque("an address drfcheck does not follow")
}

func (ev *evaluator) binary(n *clang.Node) *val {
	op := n.Opcode
	switch op {
	case ",":
		return ev.eval(n.Child(1))
	case "=", "+=", "-=", "*=", "/=", "%=", "<<=", ">>=", "&=", "|=", "^=":
		return unknown("an assignment in the launch")
	}
	x, y := ev.eval(n.Child(0)), ev.eval(n.Child(1))
	switch op {
	case "+", "-":
		if x.k == kPtr && y.k == kInt {
			return ev.ptrAdd(x, y, pointee(n.TypeString()), op == "-")
		}
		if x.k == kInt && y.k == kPtr && op == "+" {
			return ev.ptrAdd(y, x, pointee(n.TypeString()), false)
		}
		if x.k == kPtr || y.k == kPtr {
			return unknown("pointer arithmetic")
		}
	case "==", "!=", "<", "<=", ">", ">=", "&&", "||":
		a, aok := x.isConst()
		b, bok := y.isConst()
		if !aok || !bok {
			return unknown("a comparison of values that are not constants")
		}
		r := map[string]bool{"==": a == b, "!=": a != b, "<": a < b, "<=": a <= b, ">": a > b, ">=": a >= b,
			"&&": a != 0 && b != 0, "||": a != 0 || b != 0}[op]
		if r {
			return constInt(1)
		}
		return constInt(0)
	}
	t := typeOf(n)
	if op == "<<" || op == ">>" {
		// the shift's type is its promoted left operand's
		return arith(op, x, convert(y, t), t)
	}
	return arith(op, x, y, t)
}

// ptrAdd is p + i (p - i) for a pointer to elements of elem bytes: the
// same memory, at an offset known when i and elem are.
func (ev *evaluator) ptrAdd(p, i *val, elem int64, minus bool) *val {
	if p.k != kPtr {
		return ev.f.opaque("pointer arithmetic on a value that is not known")
	}
	var by int64
	known := false
	if i.k == kInt && elem > 0 {
		bytes := arith("*", convert(i, tLong), constant(tLong, big.NewInt(elem)), tLong)
		if minus {
			bytes = arith("-", constInt(0), bytes, tLong)
		}
		by, known = bytes.isConst()
	}
	out := &val{k: kPtr}
	for _, a := range p.ptr {
		b := a
		if a.o.null {
			b = alt{o: notShown("an offset from the null pointer")}
		} else if !known {
			b.known = false
		} else {
			b.off += by
		}
		out.ptr = append(out.ptr, b)
	}
	return out
}

// construct evaluates a constructor call: dim3's, a copy of a struct,
// or a struct's default constructor (its fields not set, or their default
// initializers).
func (ev *evaluator) construct(n *clang.Node) *val {
	if !isDim3(n.TypeString()) {
		if len(n.Inner) == 1 && copyCtor(n) {
			return ev.eval(n.Inner[0])
		}
		if len(n.Inner) == 0 {
			return ev.f.unset(n.TypeString())
		}
		if hasPtrType(n.TypeString()) {
			return ev.f.freshNot("", n.TypeString(), "a value made by a constructor of "+n.TypeString())
		}
		return unknown("a %s", n.TypeString())
	}
	if len(n.Inner) == 1 && n.Inner[0] != nil && isDim3(n.Inner[0].TypeString()) {
		v := ev.eval(n.Inner[0]) // a copy (or a conversion from uint3)
		if v.k == kDim3 {
			return v
		}
		return unknown("a dim3 that is not known")
	}
	return ev.dim3(n.Inner)
}

// dim3 evaluates the arguments of dim3(x, y, z); missing ones are 1.
func (ev *evaluator) dim3(args []*clang.Node) *val {
	out := &val{k: kDim3}
	for i := 0; i < 3; i++ {
		if i >= len(args) || args[i] == nil || args[i].Kind == "CXXDefaultArgExpr" {
			out.dims[i] = constant(tUint, big.NewInt(1))
			continue
		}
		out.dims[i] = ev.sizeArg(args[i])
	}
	return out
}

// sizeArg evaluates one launch size, converted to unsigned int. A value of
// a signed type of 32 bits or fewer that is negative converts to 2^31 or
// more, a size no launch accepts: since such a launch runs nothing, the
// conversion needs no guard (a guard n >= 0 would leave the size free
// where n < 0, and a check of blockDim.x == n with any n).
func (ev *evaluator) sizeArg(n *clang.Node) *val {
	if n != nil && n.Kind == "ImplicitCastExpr" && n.CastKind == "IntegralCast" {
		if from, ok := parseInt(n.Child(0).TypeString()); ok && from.signed && from.bits <= 32 {
			v := ev.eval(n.Child(0))
			if _, isConst := v.isConst(); v.k == kInt && !isConst {
				return &val{k: kInt, t: tUint, e: v.e, guard: v.guard, lo: big.NewInt(1), hi: tUint.max()}
			}
		}
	}
	return convert(ev.eval(n), tUint)
}

// size evaluates a grid or block argument: a dim3, or an integer (the x
// size, 1 in y and z).
func (ev *evaluator) size(n *clang.Node) *val {
	v := ev.eval(n)
	if v.k == kInt {
		d := ev.dim3(nil)
		d.dims[0] = convert(v, tUint)
		for n != nil && (n.Kind == "ImplicitCastExpr" && n.CastKind != "IntegralCast" || n.Kind == "ParenExpr" || n.Kind == "MaterializeTemporaryExpr" || n.Kind == "CXXConstructExpr" && len(n.Inner) == 1) {
			n = n.Child(0)
		}
		if n != nil && n.Kind == "ImplicitCastExpr" {
			d.dims[0] = ev.sizeArg(n)
		}
		return d
	}
	if v.k != kDim3 {
		return unknown("%s", v.why)
	}
	return v
}

// call evaluates a call: min and max, and a function whose body is one
// return of an expression of its parameters (a divUp helper); any other
// call is not known.
func (ev *evaluator) call(n *clang.Node) *val {
	callee := n.Child(0)
	for callee != nil && (callee.Kind == "ImplicitCastExpr" || callee.Kind == "ParenExpr") {
		callee = callee.Child(0)
	}
	if callee == nil || callee.Kind != "DeclRefExpr" || callee.Referenced == nil {
		return unknown("a call")
	}
	name := callee.Referenced.Name
	args := n.Inner[1:]
	if ev.w != nil {
		if v, ok := ev.w.results[n]; ok {
			return v
		}
	}
	switch name {
	case "malloc", "calloc", "aligned_alloc", "realloc":
		if name != "realloc" {
			return ptrTo(ev.f.alloc(n, name, ev.w))
		}
	}
	def := ev.f.defs[callee.Referenced.ID]
	if def == nil || ev.depth > 50 {
		if hasPtrType(n.TypeString()) {
			return ev.f.freshNot(name, n.TypeString(), fmt.Sprintf("the result of %s() at %s, a call drfcheck does not follow", name, ev.f.pos(n)))
		}
		return unknown("a call of %s", name)
	}
	body := def.Body()
	params := def.Params()
	if body == nil || len(body.Inner) != 1 || body.Inner[0] == nil || body.Inner[0].Kind != "ReturnStmt" || len(params) != len(args) {
		if hasPtrType(n.TypeString()) {
			return ev.f.freshNot(name, n.TypeString(), fmt.Sprintf("the result of %s() at %s, a call drfcheck does not follow", name, ev.f.pos(n)))
		}
		return unknown("a call of %s", name)
	}
	inner := &evaluator{f: ev.f, env: env{}, at: map[string]*val{}, pure: true, depth: ev.depth, w: ev.w}
	for i, p := range params {
		v := ev.eval(args[i])
		if t, ok := parseInt(p.TypeString()); ok {
			v = convert(v, t)
		}
		inner.env[p.ID] = v
	}
	inner.fn = &fnInfo{locals: map[string]bool{}, escaped: map[string]string{}}
	for _, p := range params {
		inner.fn.locals[p.ID] = true
	}
	v := inner.eval(body.Inner[0].Child(0))
	if t, ok := parseInt(returnType(def)); ok && v.k == kInt {
		v = convert(v, t)
	}
	if v.k == kUnknown {
		return unknown("a call of %s (%s)", name, v.why)
	}
	return v
}

// returnType is the result type of a function: "int (int, int)" gives int.
func returnType(fn *clang.Node) string {
	t := fn.Type.String()
	if i := strings.Index(t, "("); i > 0 {
		return strings.TrimSpace(t[:i])
	}
	return ""
}

// pointee returns the element size of a pointer type's pointee.
func pointee(t string) int64 {
	t = strings.TrimSpace(t)
	if !strings.HasSuffix(t, "*") {
		return 0
	}
	return elemSize(strings.TrimSuffix(t, "*"))
}

// elemSize is the size of a scalar type, 0 when not known.
func elemSize(t string) int64 {
	t = strings.TrimSpace(strings.NewReplacer("const", "", "volatile", "").Replace(t))
	if strings.HasSuffix(t, "*") {
		return 8
	}
	if it, ok := parseInt(t); ok {
		if it.bits == 1 {
			return 1
		}
		return int64(it.bits / 8)
	}
	switch strings.Join(strings.Fields(t), " ") {
	case "float":
		return 4
	case "double":
		return 8
	case "__half", "half", "__nv_bfloat16":
		return 2
	case "float2", "int2", "uint2":
		return 8
	case "float4", "int4", "uint4", "double2":
		return 16
	}
	return 0
}

// fresh makes a symbol for a value of the given C type: for a pointer,
// memory the host code does not show.
func (f *finder) fresh(name, t string) *val {
	return f.freshNot(name, t, name+", whose value is not known")
}

// freshNot is fresh with why the value is not known, which a pointer's
// memory carries to the report.
func (f *finder) freshNot(name, t, why string) *val {
	f.syms++
	sym := fmt.Sprintf("%s#%d", name, f.syms)
	switch {
	case isDim3(t):
		return &val{k: kDim3, dims: [3]*val{f.fresh(name+".x", "unsigned int"), f.fresh(name+".y", "unsigned int"), f.fresh(name+".z", "unsigned int")}}
	case isPointer(t):
		return f.opaque(why)
	}
	if it, ok := parseInt(t); ok {
		return symbol(sym, it)
	}
	if hasPtrType(t) {
		if v := f.shaped(t, func(fname, ft string) *val { return f.freshNot(fname, ft, why) }, 0); v != nil {
			return v
		}
	}
	return unknown("%s", why)
}

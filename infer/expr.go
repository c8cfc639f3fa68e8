package infer

import (
	"strings"

	"drfcheck/infer/clang"
	"drfcheck/protocol"
)

// lvKind says what an lvalue designates.
type lvKind int

const (
	lvVar     lvKind = iota // a C variable (or a field of one)
	lvMem                   // memory reached through a pointer or an array
	lvBuiltin               // threadIdx, blockIdx, blockDim, gridDim or one of their fields
	lvTemp                  // a temporary: the value of an rvalue used as an object
)

// lvalue is an object that can be read or written.
type lvalue struct {
	kind lvKind
	key  string   // lvVar: declaration id
	path []string // lvVar: field path
	// lvMem: where the object is. A structured alternative designates the
	// object at dimension depth of its array (depth -1 for the whole
	// array); interior means the object is a field inside an element.
	ptr      ptrVal
	interior bool
	builtin  protocol.BuiltinKind
	dim      int // lvBuiltin: the field (0, 1, 2), or -1 for the whole struct
	val      value
	typ      ctype
	n        *clang.Node
}

func (x *exec) typeOf(n *clang.Node) ctype {
	if n == nil || n.Type == nil {
		return ctype{}
	}
	return x.k.types.parse(n.Type.String())
}

// strip skips the nodes that do not change a value.
func strip(n *clang.Node) *clang.Node {
	for n != nil {
		switch n.Kind {
		case "ParenExpr", "ExprWithCleanups", "MaterializeTemporaryExpr", "CXXBindTemporaryExpr", "ConstantExpr",
			"SubstNonTypeTemplateParmExpr", "CXXDefaultArgExpr", "FullExpr":
			if len(n.Inner) == 0 {
				return n
			}
			n = n.Inner[len(n.Inner)-1]
		case "ImplicitCastExpr":
			switch n.CastKind {
			case "NoOp", "FunctionToPointerDecay", "BuiltinFnToFnPtr", "UncheckedDerivedToBase", "DerivedToBase":
				n = n.Child(0)
			default:
				return n
			}
		default:
			return n
		}
	}
	return n
}

// rvalue evaluates an expression, emitting the accesses it makes.
func (x *exec) rvalue(n *clang.Node) value {
	if n.Empty() {
		return voidVal{}
	}
	at := x.pos(n)
	switch n.Kind {
	case "IntegerLiteral", "CharacterLiteral", "CXXBoolLiteralExpr":
		if v, ok := n.IntValue(); ok {
			return intVal{lit(at, v)}
		}
		return x.opaque()
	case "FloatingLiteral", "ImaginaryLiteral", "FixedPointLiteral":
		return x.k.opaque(false, false)
	case "StringLiteral", "PredefinedExpr":
		return ptrVal{alts: []ptrAlt{{kind: tgLocal}}}
	case "CXXNullPtrLiteralExpr", "GNUNullExpr":
		return ptrVal{alts: []ptrAlt{{kind: tgNull}}}
	case "ConstantExpr":
		if v, ok := n.IntValue(); ok && x.typeOf(n).isInt() {
			x.rvalueDiscard(n.Child(0))
			return intVal{lit(at, v)}
		}
		return x.rvalue(n.Inner[len(n.Inner)-1])
	case "ParenExpr", "ExprWithCleanups", "MaterializeTemporaryExpr", "CXXBindTemporaryExpr", "FullExpr",
		"SubstNonTypeTemplateParmExpr", "CXXDefaultInitExpr":
		if len(n.Inner) == 0 {
			return x.unsupported(n)
		}
		return x.rvalue(n.Inner[len(n.Inner)-1])
	case "ImplicitCastExpr", "CStyleCastExpr", "CXXStaticCastExpr", "CXXReinterpretCastExpr", "CXXConstCastExpr",
		"CXXFunctionalCastExpr", "CXXDynamicCastExpr", "BuiltinBitCastExpr", "CXXAddrspaceCastExpr":
		return x.cast(n)
	case "DeclRefExpr":
		if ref := n.Referenced; ref != nil && ref.Kind == "EnumConstantDecl" {
			return x.enumValue(n, ref.ID)
		}
		return x.loadOrDecay(n)
	case "ArraySubscriptExpr", "MemberExpr":
		return x.loadOrDecay(n)
	case "UnaryOperator":
		return x.unary(n)
	case "BinaryOperator":
		return x.binary(n)
	case "CompoundAssignOperator":
		_, v := x.compoundAssign(n)
		return v
	case "ConditionalOperator":
		return x.conditional(n)
	case "CallExpr", "CXXMemberCallExpr", "CXXOperatorCallExpr", "UserDefinedLiteral":
		v := x.call(n)
		if n.ValueCategory == "lvalue" || x.typeOf(n).kind == tRef {
			// a function returning a reference returns the object's address
			if p, ok := v.(ptrVal); ok {
				return x.load(x.deref(p, x.typeOf(n), n))
			}
		}
		return v
	case "CXXConstructExpr", "CXXTemporaryObjectExpr":
		return x.construct(n)
	case "InitListExpr":
		return x.initList(n)
	case "ImplicitValueInitExpr", "CXXScalarValueInitExpr":
		return x.zero(x.typeOf(n), at)
	case "UnaryExprOrTypeTraitExpr":
		return x.sizeOf(n)
	case "CXXThisExpr":
		if v, ok := x.env.vars["this"]; ok {
			return v
		}
		return unknownPtr("this outside a method")
	case "LambdaExpr":
		return x.lambda(n)
	case "TypeTraitExpr", "CXXNoexceptExpr", "ArrayTypeTraitExpr", "ExpressionTraitExpr":
		if v, ok := n.IntValue(); ok {
			return intVal{lit(at, v)}
		}
		return intVal{x.freshInt(at, "", false, false)}
	case "CXXDefaultArgExpr":
		// the default argument of a function that is not inlined (inlining
		// evaluates the parameter's default itself)
		return x.freshOfType(at, x.typeOf(n), false, false)
	case "CUDAKernelCallExpr":
		x.unknown(n, "", "kernel launch from device code (dynamic parallelism) is not supported")
		return voidVal{}
	}
	return x.unsupported(n)
}

// unsupported records an expression the inference does not know and
// returns a fresh value: the verdict cannot be DRF.
func (x *exec) unsupported(n *clang.Node) value {
	x.unknown(n, "", "unsupported expression (%s)", n.Kind)
	return x.freshOfType(x.pos(n), x.typeOf(n), true, false)
}

// rvalueDiscard evaluates an expression for its effects.
func (x *exec) rvalueDiscard(n *clang.Node) {
	if !n.Empty() {
		x.rvalue(n)
	}
}

// freshOfType returns a fresh value of a C type.
func (x *exec) freshOfType(at protocol.Pos, t ctype, local, block bool) value {
	switch t.kind {
	case tInt:
		return intVal{x.freshInt(at, "", local, block)}
	case tPtr:
		return unknownPtr("a pointer the inference cannot follow")
	case tStruct:
		return structVal{fields: map[string]value{}, local: true}
	case tVoid:
		return voidVal{}
	}
	return x.k.opaque(local, block)
}

func (x *exec) zero(t ctype, at protocol.Pos) value {
	switch t.kind {
	case tInt:
		return intVal{lit(at, 0)}
	case tPtr:
		return ptrVal{alts: []ptrAlt{{kind: tgNull}}}
	case tStruct:
		return structVal{fields: map[string]value{}}
	}
	return x.k.opaque(false, false)
}

// loadOrDecay reads an lvalue expression, or decays it to a pointer when it
// is an array.
func (x *exec) loadOrDecay(n *clang.Node) value {
	lv := x.lvalue(n)
	if lv.typ.kind == tArray && lv.kind != lvBuiltin {
		return x.decay(lv)
	}
	return x.load(lv)
}

func (x *exec) enumValue(n *clang.Node, id string) value {
	at := x.pos(n)
	if v, ok := x.k.enumValues()[id]; ok {
		return intVal{lit(at, v)}
	}
	return intVal{x.freshInt(at, n.Referenced.Name, false, false)}
}

// withHint evaluates f with the name of the C variable the value goes to.
func (x *exec) withHint(name string, f func() value) value {
	saved := x.hint
	x.hint = name
	defer func() { x.hint = saved }()
	return f()
}

// ---- lvalues ----

// lvalue evaluates an expression that designates an object.
func (x *exec) lvalue(n *clang.Node) lvalue {
	switch n.Kind {
	case "DeclRefExpr":
		return x.declRef(n)
	case "ParenExpr", "ExprWithCleanups", "CXXBindTemporaryExpr", "ConstantExpr", "FullExpr", "SubstNonTypeTemplateParmExpr":
		if len(n.Inner) > 0 {
			return x.lvalue(n.Inner[len(n.Inner)-1])
		}
	case "MaterializeTemporaryExpr":
		if c := n.Child(0); c != nil && c.ValueCategory != "prvalue" {
			return x.lvalue(c)
		}
	case "ImplicitCastExpr", "CStyleCastExpr", "CXXStaticCastExpr", "CXXConstCastExpr", "CXXReinterpretCastExpr", "CXXFunctionalCastExpr":
		if n.ValueCategory != "prvalue" {
			lv := x.lvalue(n.Child(0))
			lv.typ = x.typeOf(n)
			return lv
		}
	case "ArraySubscriptExpr":
		return x.subscript(n)
	case "UnaryOperator":
		switch n.Opcode {
		case "*":
			p := x.rvalue(n.Child(0))
			return x.deref(x.asPtr(p, n), x.typeOf(n), n)
		case "++", "--":
			if !n.IsPostfix {
				lv, _ := x.incDec(n)
				return lv
			}
		case "__extension__":
			return x.lvalue(n.Child(0))
		}
	case "MemberExpr":
		return x.member(n)
	case "BinaryOperator":
		if n.Opcode == "=" {
			lv, _ := x.assign(n)
			return lv
		}
		if n.Opcode == "," {
			x.rvalueDiscard(n.Child(0))
			return x.lvalue(n.Child(1))
		}
	case "CompoundAssignOperator":
		lv, _ := x.compoundAssign(n)
		return lv
	case "ConditionalOperator":
		if n.ValueCategory != "prvalue" {
			return x.conditionalLvalue(n)
		}
	case "CallExpr", "CXXMemberCallExpr", "CXXOperatorCallExpr":
		v := x.call(n)
		if p, ok := v.(ptrVal); ok && n.ValueCategory == "lvalue" {
			return x.deref(p, x.typeOf(n), n)
		}
		return lvalue{kind: lvTemp, val: v, typ: x.typeOf(n), n: n}
	case "StringLiteral", "PredefinedExpr":
		return lvalue{kind: lvMem, ptr: ptrVal{alts: []ptrAlt{{kind: tgLocal}}}, typ: x.typeOf(n), n: n}
	case "CXXThisExpr":
		// *this
	}
	// an rvalue used as an object: a temporary
	return lvalue{kind: lvTemp, val: x.rvalue(n), typ: x.typeOf(n), n: n}
}

// conditionalLvalue evaluates c ? a : b used as an object ((c ? x : y) = v,
// int &r = c ? x : y): the object is a when c holds and b otherwise, that
// is, the address of each under its condition. Each side's accesses happen
// under its condition, as for the value of a conditional.
func (x *exec) conditionalLvalue(n *clang.Node) lvalue {
	at := x.pos(n)
	c := x.cond(n.Child(0))
	if isTrue(c) {
		return x.lvalue(n.Child(1))
	}
	if isFalse(c) {
		return x.lvalue(n.Child(2))
	}
	var la, lb lvalue
	x.arms(at, c, func() { la = x.lvalue(n.Child(1)) }, func() { lb = x.lvalue(n.Child(2)) })
	p := mergePtr(at, c, x.asPtr(x.addressOf(la), n), x.asPtr(x.addressOf(lb), n))
	return lvalue{kind: lvMem, ptr: p, typ: x.typeOf(n), n: n}
}

var builtinKinds = map[string]protocol.BuiltinKind{
	"threadIdx": protocol.ThreadIdx, "blockIdx": protocol.BlockIdx, "blockDim": protocol.BlockDim, "gridDim": protocol.GridDim,
}

// declRef resolves a name: a local variable or parameter, an array, a
// built-in index variable, or a constant.
func (x *exec) declRef(n *clang.Node) lvalue {
	ref := n.Referenced
	typ := x.typeOf(n)
	if ref == nil {
		x.unknown(n, "", "unresolved name")
		return lvalue{kind: lvTemp, val: x.freshOfType(x.pos(n), typ, true, false), typ: typ, n: n}
	}
	if _, ok := x.env.vars[ref.ID]; ok {
		lv := lvalue{kind: lvVar, key: ref.ID, typ: typ, n: n}
		if rt := x.k.types.parse(ref.Type.String()); rt.kind == tRef {
			// a reference: the variable holds the address of the object
			return x.deref(x.asPtr(x.env.vars[ref.ID], n), typ, n)
		}
		return lv
	}
	if a := x.k.arrays[ref.ID]; a != nil {
		return x.arrayLvalue(a, ref.ID, typ, n)
	}
	decl := x.k.tu.Decl(ref.ID)
	if k, ok := builtinKinds[ref.Name]; ok && (decl == nil || x.k.tu.InPrelude(clang.DeclFile(decl))) {
		return lvalue{kind: lvBuiltin, builtin: k, dim: -1, typ: typ, n: n}
	}
	if ref.Name == "warpSize" && (decl == nil || x.k.tu.InPrelude(clang.DeclFile(decl))) {
		return lvalue{kind: lvTemp, val: intVal{lit(x.pos(n), 32)}, typ: typ, n: n}
	}
	if decl != nil && decl.Kind == "VarDecl" {
		if a := x.k.globalArray(x, decl); a != nil {
			return x.arrayLvalue(a, decl.ID, typ, n)
		}
		if v, ok := x.constant(decl); ok {
			return lvalue{kind: lvTemp, val: v, typ: typ, n: n}
		}
	}
	// A variable the kernel does not define: a host global (which device
	// code cannot use) or one whose definition was not seen.
	return lvalue{kind: lvTemp, val: x.freshOfType(x.pos(n), typ, true, false), typ: typ, n: n}
}

// constant evaluates the initializer of a file-scope constant.
func (x *exec) constant(decl *clang.Node) (value, bool) {
	t := x.k.types.parse(decl.TypeString())
	if decl.Init == "" || len(decl.Inner) == 0 || !strings.HasPrefix(strings.TrimSpace(decl.TypeString()), "const") && !decl.Constexpr {
		return nil, false
	}
	if t.kind != tInt && t.kind != tFloat {
		return nil, false
	}
	init := decl.Inner[len(decl.Inner)-1]
	var v value
	x.into(func() { v = x.rvalue(init) })
	if iv, ok := v.(intVal); ok {
		if _, lit := litValue(iv.e); lit {
			return iv, true
		}
	}
	if t.kind == tFloat {
		return x.k.opaque(false, false), true
	}
	return nil, false
}

// arrayLvalue designates a whole array, or the single element of a scalar.
func (x *exec) arrayLvalue(a *array, declID string, typ ctype, n *clang.Node) lvalue {
	alt := ptrAlt{kind: tgArray, arr: a, idx: zeros(x.pos(n), len(a.dims)), depth: -1}
	if a.scalar {
		alt.depth = 0
	}
	if size := x.k.declElemSize(declID); size != a.elem {
		// an extern __shared__ array of another element type sharing the
		// dynamic shared memory: byte addressing
		alt.bytes, alt.elem, alt.depth, alt.idx = lit(x.pos(n), 0), size, 0, nil
		if typ.kind != tArray {
			alt.elem = typ.size
		}
	}
	return lvalue{kind: lvMem, ptr: ptrVal{alts: []ptrAlt{alt}}, typ: typ, n: n}
}

func zeros(at protocol.Pos, n int) []protocol.Expr {
	z := make([]protocol.Expr, n)
	for i := range z {
		z[i] = lit(at, 0)
	}
	return z
}

// subscript evaluates base[index] (or index[base]).
func (x *exec) subscript(n *clang.Node) lvalue {
	b, i := n.Child(0), n.Child(1)
	if !x.typeOf(b).isPtr() && x.typeOf(i).isPtr() {
		b, i = i, b
	}
	p := x.asPtr(x.rvalue(b), n)
	idx := x.asInt(x.pos(i), x.rvalue(i))
	// t[i][j] keeps one index per dimension: the row t[i] decays to the
	// pointer being indexed. Indexing any other pointer into a row may
	// cross rows, and linearizes the array.
	direct := false
	if s := strip(b); s != nil && s.Kind == "ImplicitCastExpr" && s.CastKind == "ArrayToPointerDecay" {
		if c := strip(s.Child(0)); c != nil && (c.Kind == "ArraySubscriptExpr" || c.Kind == "DeclRefExpr") {
			direct = true
		}
	}
	return x.deref(x.ptrAdd(p, idx, x.typeOf(n), x.pos(n), direct), x.typeOf(n), n)
}

// member evaluates base.field or base->field.
func (x *exec) member(n *clang.Node) lvalue {
	base := n.Child(0)
	field := n.Name
	typ := x.typeOf(n)
	var lv lvalue
	if n.IsArrow {
		p := x.asPtr(x.rvalue(base), n)
		lv = x.deref(p, x.typeOf(base).pointee(), n)
	} else {
		lv = x.lvalue(base)
	}
	switch lv.kind {
	case lvBuiltin:
		if lv.dim < 0 {
			if d := strings.Index("xyz", field); d >= 0 && len(field) == 1 {
				return lvalue{kind: lvBuiltin, builtin: lv.builtin, dim: d, typ: typ, n: n}
			}
		}
		return lvalue{kind: lvTemp, val: x.freshOfType(x.pos(n), typ, true, false), typ: typ, n: n}
	case lvVar:
		return lvalue{kind: lvVar, key: lv.key, path: append(append([]string(nil), lv.path...), field), typ: typ, n: n}
	case lvMem:
		if p, ok := x.vectorField(lv, field, typ); ok {
			// a component of a vector type reached by bytes: exact
			return lvalue{kind: lvMem, ptr: p, typ: typ, n: n}
		}
		// a field of an element: accesses are at the element's index
		lv.interior, lv.typ, lv.n = true, typ, n
		if typ.kind == tArray {
			lv.typ = typ
		}
		return lv
	}
	return lvalue{kind: lvTemp, val: x.field(x.pos(n), lv.val, field, typ), typ: typ, n: n}
}

// vectorField moves a byte-addressed pointer to a vector type (float4,
// int2, ...) to one of its components x, y, z, w, whose offsets are known.
func (x *exec) vectorField(lv lvalue, field string, typ ctype) (ptrVal, bool) {
	n := lv.typ.name
	if lv.typ.kind != tStruct || len(n) < 2 || n[len(n)-1] < '1' || n[len(n)-1] > '4' || typ.size == 0 {
		return ptrVal{}, false
	}
	total, known := structSizes[n]
	comps := int64(n[len(n)-1] - '0')
	i := strings.Index("xyzw", field)
	if !known || len(field) != 1 || i < 0 || int64(i) >= comps || total != comps*typ.size {
		return ptrVal{}, false
	}
	at := x.pos(lv.n)
	alts := make([]ptrAlt, len(lv.ptr.alts))
	for j, a := range lv.ptr.alts {
		if a.kind != tgArray || a.bytes == nil {
			return ptrVal{}, false
		}
		a.bytes = add(at, a.bytes, lit(at, int64(i)*typ.size))
		a.elem = typ.size
		alts[j] = a
	}
	return ptrVal{alts: alts}, true
}

// field reads a field of a struct value.
func (x *exec) field(at protocol.Pos, v value, name string, typ ctype) value {
	s, ok := v.(structVal)
	if !ok {
		l, b := x.taintOf(v)
		return x.freshOfType(at, typ, l, b)
	}
	if f, ok := s.fields[name]; ok {
		return f
	}
	if s.lazy != nil {
		return x.k.lazyField(s.lazy, name, typ, at)
	}
	return x.freshOfType(at, typ, s.local, false)
}

// ---- reading and writing objects ----

// load reads an object.
func (x *exec) load(lv lvalue) value {
	at := x.pos(lv.n)
	switch lv.kind {
	case lvVar:
		v, ok := x.env.vars[lv.key]
		if !ok {
			return x.freshOfType(at, lv.typ, true, false)
		}
		for i, f := range lv.path {
			ft := ctype{kind: tStruct}
			if i == len(lv.path)-1 {
				ft = lv.typ
			}
			v = x.field(at, v, f, ft)
		}
		if _, isOpaque := v.(opaqueVal); isOpaque && lv.typ.isInt() {
			// an uninitialized or unmodelled integer read as one
			o := v.(opaqueVal)
			return intVal{x.freshInt(at, "", o.local, o.block)}
		}
		return x.convert(at, v, lv.typ)
	case lvBuiltin:
		for d := range 3 {
			x.k.uses[lv.builtin][d] = x.k.uses[lv.builtin][d] || lv.dim < 0 || lv.dim == d
		}
		if lv.dim < 0 {
			fs := map[string]value{}
			for d, f := range []string{"x", "y", "z"} {
				fs[f] = intVal{&protocol.Builtin{At: at, Kind: lv.builtin, Dim: d}}
			}
			return structVal{fields: fs}
		}
		return intVal{&protocol.Builtin{At: at, Kind: lv.builtin, Dim: lv.dim}}
	case lvTemp:
		return lv.val
	}
	return x.loadMem(lv)
}

// convert adapts a value read from a variable to the type it is read as.
func (x *exec) convert(at protocol.Pos, v value, t ctype) value {
	switch t.kind {
	case tInt:
		if _, ok := v.(intVal); !ok {
			return intVal{x.asInt(at, v)}
		}
	case tFloat:
		if _, ok := v.(intVal); ok {
			return x.opaque(v)
		}
	}
	return v
}

// store writes an object.
func (x *exec) store(lv lvalue, v value) {
	switch lv.kind {
	case lvVar:
		x.env.vars[lv.key] = setPath(x.env.vars[lv.key], lv.path, v)
	case lvMem:
		x.storeMem(lv, v)
	}
}

// setPath returns base with the field at path replaced by v.
func setPath(base value, path []string, v value) value {
	if len(path) == 0 {
		return v
	}
	s, ok := base.(structVal)
	if !ok {
		s = structVal{local: true}
		if o, isOpaque := base.(opaqueVal); isOpaque {
			s.local = o.local
		}
	}
	fields := make(map[string]value, len(s.fields)+1)
	for k, f := range s.fields {
		fields[k] = f
	}
	inner, ok := fields[path[0]]
	if !ok && s.lazy != nil {
		inner = s.lazy.fields[path[0]]
	}
	fields[path[0]] = setPath(inner, path[1:], v)
	return structVal{fields: fields, local: s.local, lazy: s.lazy}
}

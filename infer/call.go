package infer

import (
	"fmt"
	"strings"

	"drfcheck/infer/clang"
	"drfcheck/protocol"
)

// Calls (seed 004, Section 5: "auxiliary functions that manipulate shared
// memory [...] we can inline such calls easily. Faial cannot handle
// recursive functions"). A function with a body is inlined with its
// arguments bound to its parameters, whatever file it is in (device
// functions, templates, methods, lambdas, and the prelude's min, max and
// cooperative groups). The prelude's functions without a body are CUDA's
// built-ins: barriers, atomics, warp functions and math. A call to any
// other function without a body gives a fresh thread-local value, and is
// unknown when it receives a pointer into an array, which it could access.

// call evaluates a call expression.
func (x *exec) call(n *clang.Node) value {
	callee := strip(n.Child(0))
	args := n.Inner[1:]
	switch n.Kind {
	case "CXXMemberCallExpr":
		if callee == nil || callee.Kind != "MemberExpr" {
			x.unknown(n, "", "a method called through a pointer")
			return x.evalArgsFresh(n, args)
		}
		fn := x.k.tu.Decl(callee.MemberDecl)
		if fn == nil && strings.HasPrefix(callee.Name, "operator ") && !callee.IsArrow {
			// a conversion of the prelude's (dim3 to uint3): same fields
			return x.load(x.lvalue(callee.Child(0)))
		}
		if x.dynamicDispatch(callee, fn) {
			x.unknown(n, "", "a call of virtual method %s that may dispatch to an override: %s", callee.Name, x.text(n))
			x.rvalueDiscard(callee.Child(0))
			return x.evalArgsFresh(n, args)
		}
		var this value
		if callee.IsArrow {
			this = x.rvalue(callee.Child(0))
		} else {
			this = x.addressOf(x.lvalue(callee.Child(0)))
		}
		return x.callFunction(n, fn, callee.Name, this, args)
	case "CXXOperatorCallExpr":
		if callee == nil || callee.Kind != "DeclRefExpr" || callee.Referenced == nil {
			x.unknown(n, "", "an operator the inference cannot resolve")
			return x.evalArgsFresh(n, args)
		}
		fn := x.k.tu.Decl(callee.Referenced.ID)
		if callee.Referenced.Name == "operator=" && len(args) == 2 && x.k.definition(fn) == nil {
			// an implicit (memberwise) assignment of a struct
			lv := x.lvalue(args[0])
			v := x.rvalue(args[1])
			if args[1].ValueCategory != "prvalue" {
				v = x.load(x.lvalue(args[1]))
			}
			x.store(lv, v)
			return v
		}
		if callee.Referenced.Kind == "CXXMethodDecl" && len(args) > 0 {
			this := x.addressOf(x.lvalue(args[0]))
			return x.callFunction(n, fn, callee.Referenced.Name, this, args[1:])
		}
		return x.callFunction(n, fn, callee.Referenced.Name, nil, args)
	}
	switch {
	case callee != nil && callee.Kind == "DeclRefExpr" && callee.Referenced != nil:
		return x.callFunction(n, x.k.tu.Decl(callee.Referenced.ID), callee.Referenced.Name, nil, args)
	case callee != nil && callee.Kind == "MemberExpr":
		return x.callFunction(n, x.k.tu.Decl(callee.MemberDecl), callee.Name, nil, args)
	}
	x.unknown(n, "", "a call through a function pointer")
	return x.evalArgsFresh(n, args)
}

// dynamicDispatch reports whether a method call may run another body than
// the one named: the method is virtual (in its class, or by a virtual
// method of the same name in any class of the file, since clang does not
// mark an override written without the keyword), the call is not
// qualified (obj.Base::f()), and the object is reached through a pointer or
// a reference, whose dynamic type may be a derived class.
func (x *exec) dynamicDispatch(callee, fn *clang.Node) bool {
	if fn == nil || !fn.Virtual && !x.k.virtualName(callee.Name) {
		return false
	}
	if strings.Contains(x.k.tu.Text(callee), "::") {
		return false // a qualified call names its body
	}
	if callee.IsArrow {
		return true
	}
	base := strip(callee.Child(0))
	if base == nil || base.Kind == "CXXThisExpr" {
		return true
	}
	if base.Kind == "DeclRefExpr" && base.Referenced != nil && base.Referenced.Type != nil {
		return x.k.types.parse(base.Referenced.Type.String()).kind == tRef
	}
	if base.Kind == "MemberExpr" {
		return false // a member object has its declared type
	}
	return true
}

// callFunction calls fn (which may be nil when the dump lacks it).
func (x *exec) callFunction(n *clang.Node, fn *clang.Node, name string, this value, args []*clang.Node) value {
	def := x.k.definition(fn)
	if def != nil && !x.k.systemHeader(def) {
		return x.inline(n, def, this, args)
	}
	if v, ok := x.library(n, name, args); ok {
		return v
	}
	if fn == nil || x.k.tu.InPrelude(clang.DeclFile(fn)) {
		if v, ok := x.builtin(n, name, this, args); ok {
			return v
		}
	}
	why := fmt.Sprintf("a call to %s, whose body is not available", name)
	if fn != nil && !x.k.systemHeader(fn) && !x.k.tu.InPrelude(clang.DeclFile(fn)) {
		// A device function defined elsewhere (separate compilation) may
		// access any __device__ or __shared__ array it can name; a
		// library function from a system header only what it is given.
		x.unknown(n, "", "%s: it may access arrays", why)
		return x.evalArgsFresh(n, args)
	}
	return x.unknownCall(n, why, this, args)
}

// evalArgsFresh evaluates the arguments of a call already reported unknown
// and returns a fresh value.
func (x *exec) evalArgsFresh(n *clang.Node, args []*clang.Node) value {
	_, objs := x.passArgs(nil, args)
	for _, o := range objs {
		for _, alt := range o.p.alts {
			if alt.kind == tgVar && !o.readOnly {
				x.havoc(alt, n)
			}
		}
	}
	return x.freshOfType(x.pos(n), x.typeOf(n), true, false)
}

// library handles the functions of CUDA and of the C++ library whose value
// the inference models: min and max (conditional expressions), __mul24
// (a product), make_int2 and the other vector constructors (structs).
func (x *exec) library(n *clang.Node, name string, args []*clang.Node) (value, bool) {
	at := x.pos(n)
	switch name {
	case "min", "max", "umin", "umax", "fminf", "fmaxf", "fmin", "fmax":
		if len(args) != 2 {
			return nil, false
		}
		a, b := x.rvalue(args[0]), x.rvalue(args[1])
		ia, aok := a.(intVal)
		ib, bok := b.(intVal)
		if !aok || !bok || !x.typeOf(n).isInt() {
			return x.opaque(a, b), true
		}
		if strings.Contains(name, "min") {
			return intVal{minExpr(at, ia.e, ib.e)}, true
		}
		return intVal{maxExpr(at, ia.e, ib.e)}, true
	case "__mul24", "__umul24":
		if len(args) != 2 {
			return nil, false
		}
		a, b := x.rvalue(args[0]), x.rvalue(args[1])
		return x.arith(n, "*", a, b, x.typeOf(args[0]), x.typeOf(args[1])), true
	}
	if t := x.typeOf(n); strings.HasPrefix(name, "make_") && t.isStruct() {
		names := x.k.fieldNames(t)
		if len(names) != len(args) {
			return nil, false
		}
		fs := map[string]value{}
		for i, a := range args {
			fs[names[i]] = x.rvalue(a)
		}
		return structVal{fields: fs}, true
	}
	return nil, false
}

// unknownCall evaluates the arguments of a call the inference cannot look
// into.
func (x *exec) unknownCall(n *clang.Node, why string, this value, args []*clang.Node) value {
	_, objs := x.passArgs(this, args)
	for _, o := range objs {
		for _, alt := range o.p.alts {
			switch alt.kind {
			case tgArray:
				x.unknown(n, alt.arr.name, "%s, with access to %s", why, alt.arr.name)
			case tgUnknown:
				x.unknown(n, "", "%s, with access to memory the inference cannot follow", why)
			case tgVar:
				if !o.readOnly {
					x.havoc(alt, n)
				}
			}
		}
	}
	return x.freshOfType(x.pos(n), x.typeOf(n), true, false)
}

// havoc gives a variable that a call may have written through a pointer a
// fresh value.
func (x *exec) havoc(a ptrAlt, n *clang.Node) {
	lv := lvalue{kind: lvVar, key: a.key, path: a.path, n: n}
	old := x.load(lv)
	x.store(lv, x.freshLike(x.pos(n), old, true, false, ""))
}

// definition returns the definition (with a body) of a function from any
// of its declarations.
func (k *kernel) definition(fn *clang.Node) *clang.Node {
	if fn == nil {
		return nil
	}
	if fn.Body() != nil {
		return fn
	}
	if d := k.defs[fn.ID]; d != nil {
		return d
	}
	return nil
}

// systemHeader reports whether a declaration comes from a system header,
// whose functions are library code the inference does not inline.
func (k *kernel) systemHeader(d *clang.Node) bool {
	f := clang.DeclFile(d)
	return strings.HasPrefix(f, "/usr/") || strings.HasPrefix(f, "/lib/") || strings.HasPrefix(f, "/opt/")
}

// inline runs the body of a function with its parameters bound.
func (x *exec) inline(n *clang.Node, def *clang.Node, this value, args []*clang.Node) value {
	at := x.pos(n)
	for _, f := range x.stack {
		if f.ID == def.ID {
			x.unknown(n, "", "recursive call to %s", def.Name)
			for _, a := range args {
				x.rvalueDiscard(a)
			}
			return x.freshOfType(at, x.typeOf(n), true, false)
		}
	}
	if len(x.stack) > 50 {
		x.unknown(n, "", "calls nested too deeply")
		for _, a := range args {
			x.rvalueDiscard(a)
		}
		return x.freshOfType(at, x.typeOf(n), true, false)
	}
	params := def.Params()
	vals := make([]value, len(params))
	for i, p := range params {
		var a *clang.Node
		if i < len(args) {
			a = args[i]
		}
		if a == nil || a.Kind == "CXXDefaultArgExpr" {
			a = defaultArg(p)
		}
		vals[i] = x.argument(p, a)
	}
	for i := len(params); i < len(args); i++ {
		x.rvalueDiscard(args[i])
	}

	savedSite, savedRet, savedStack := x.site, x.ret, x.stack
	savedThis, hadThis := x.env.vars["this"]
	if x.site == nil && !x.k.tu.InMain(def.Loc.At()) {
		x.site = n
	}
	x.ret = &returnContext{byRef: x.k.types.returnType(def.TypeString()).kind == tRef}
	x.stack = append(x.stack, def)
	before := make(map[string]bool, len(x.env.vars))
	for k := range x.env.vars {
		before[k] = true
	}
	// a closure's copies of the variables it captured
	type saved struct {
		v  value
		ok bool
	}
	shadowed := map[string]saved{}
	for k, v := range x.captures(this) {
		old, ok := x.env.vars[k]
		shadowed[k] = saved{old, ok}
		x.env.vars[k] = v
	}
	for i, p := range params {
		x.env.vars[p.ID] = vals[i]
	}
	if this != nil {
		x.env.vars["this"] = this
	}
	if def.Kind == "CXXConstructorDecl" {
		x.initializers(def)
	}
	e := x.stmt(def.Body())
	var result value = voidVal{}
	if len(e.ret) > 0 {
		_, renv, rv := x.joinJumps(at, e.ret)
		if isFalse(e.fall) {
			x.env = renv
		} else {
			x.env = x.mergeEnv(at, e.fall, x.env, renv)
		}
		if rv != nil {
			result = rv
		}
	}
	for k := range x.env.vars {
		if !before[k] {
			delete(x.env.vars, k)
		}
	}
	for k, s := range shadowed {
		if s.ok {
			x.env.vars[k] = s.v
		} else {
			delete(x.env.vars, k)
		}
	}
	if hadThis {
		x.env.vars["this"] = savedThis
	} else {
		delete(x.env.vars, "this")
	}
	x.site, x.ret, x.stack = savedSite, savedRet, savedStack
	if _, isPtr := result.(ptrVal); !isPtr {
		// the value as the caller's expression types it
		result = x.convert(at, result, x.typeOf(n))
	}
	return result
}

// defaultArg returns a parameter's default argument, or nil.
func defaultArg(p *clang.Node) *clang.Node {
	if p.Init == "" || len(p.Inner) == 0 {
		return nil
	}
	last := p.Inner[len(p.Inner)-1]
	if clang.IsDecl(last.Kind) || isAttr(last.Kind) {
		return nil
	}
	return last
}

// argument evaluates an argument for a parameter: the object's address for
// a reference parameter, its value otherwise.
func (x *exec) argument(p *clang.Node, a *clang.Node) value {
	pt := x.k.types.parse(p.TypeString())
	if a == nil {
		return x.freshOfType(x.pos(p), pt, true, false)
	}
	if pt.kind == tRef {
		return x.addressOf(x.lvalue(a))
	}
	v := x.withHint(p.Name, func() value { return x.rvalue(a) })
	return x.convert(x.pos(a), v, pt)
}

// initializers runs the member initializers of a constructor.
func (x *exec) initializers(ctor *clang.Node) {
	this, _ := x.env.vars["this"].(ptrVal)
	for _, c := range ctor.Inner {
		if c == nil || c.Kind != "CXXCtorInitializer" || len(c.Inner) == 0 {
			continue
		}
		v := x.rvalue(c.Inner[0])
		if c.AnyInit == nil || len(this.alts) != 1 || this.alts[0].kind != tgVar {
			continue
		}
		a := this.alts[0]
		x.store(lvalue{kind: lvVar, key: a.key, path: append(append([]string(nil), a.path...), c.AnyInit.Name), n: c.Inner[0]}, v)
	}
}

// returnType returns the return type of a function type such as
// "float &(int, int)".
func (te *typeEnv) returnType(fnType string) ctype {
	depth := 0
	for i := len(fnType) - 1; i >= 0; i-- {
		switch fnType[i] {
		case ')':
			depth++
		case '(':
			depth--
			if depth == 0 {
				return te.parse(fnType[:i])
			}
		}
	}
	return ctype{}
}

// ---- built-ins ----

var ignoredAnnotations = map[string]bool{
	"__ensures": true, "__assert": true, "__global_assert": true, "__invariant": true, "__global_invariant": true,
	"__function_wide_invariant": true, "__global_requires": true, "__global_ensures": true,
	"__non_temporal_loads_begin": true, "__non_temporal_loads_end": true, "__barrier_invariant": true,
	"__barrier_invariant_binary": true, "__array_snapshot": true,
}

var gpuverifyPredicates = map[string]bool{
	"__implies": true, "__enabled": true, "__uniform_bool": true, "__uniform_int": true, "__distinct_int": true,
	"__at_most_one": true, "__same_group": true, "__is_pow2": true, "__return_val_int": true,
	"__return_val_bool": true, "__old_int": true, "__other_int": true, "__other_bool": true, "__add_noovfl": true,
	"__add_noovfl_unsigned": true, "__ptr_equal": true, "__read": true, "__write": true, "__no_read": true,
	"__no_write": true, "__read_implies": true, "__write_implies": true, "__atomic_implies": true,
	"__read_offset_bytes": true, "__write_offset_bytes": true, "__ptr_base": true, "__ptr_offset_bytes": true,
}

// impure lists the built-ins whose result is not a function of their
// arguments: it depends on other threads or on time.
var impure = map[string]bool{
	"__shfl_sync": true, "__shfl_up_sync": true, "__shfl_down_sync": true, "__shfl_xor_sync": true, "__shfl": true,
	"__shfl_up": true, "__shfl_down": true, "__shfl_xor": true, "__all_sync": true, "__any_sync": true,
	"__ballot_sync": true, "__activemask": true, "__all": true, "__any": true, "__ballot": true,
	"__match_any_sync": true, "clock": true, "clock64": true,
}

// builtin handles a function the prelude declares without a body.
func (x *exec) builtin(n *clang.Node, name string, this value, args []*clang.Node) (value, bool) {
	at := x.pos(n)
	switch {
	case name == "__syncthreads":
		x.emit(&protocol.Sync{At: at})
		return voidVal{}, true
	case name == "__syncthreads_count" || name == "__syncthreads_and" || name == "__syncthreads_or":
		for _, a := range args {
			x.rvalueDiscard(a)
		}
		x.emit(&protocol.Sync{At: at})
		// the same for every thread of the block
		return intVal{x.freshInt(at, strings.TrimPrefix(name, "__"), false, true)}, true
	case name == "__syncwarp" || strings.HasPrefix(name, "__threadfence") || name == "__nanosleep":
		// not block barriers: they order nothing drfcheck checks
		for _, a := range args {
			x.rvalueDiscard(a)
		}
		return voidVal{}, true
	case strings.HasPrefix(name, "atomic") && len(args) > 0:
		p := x.asPtr(x.rvalue(args[0]), n)
		for _, a := range args[1:] {
			x.rvalueDiscard(a)
		}
		x.atomic(p, x.typeOf(args[0]).pointee(), args[0])
		return x.memoryValue(at, x.typeOf(n)), true
	case name == "__assume" || name == "__requires":
		if len(args) > 0 {
			// a specification, not code: its reads are not accesses
			var c protocol.Cond
			x.into(func() { c = x.cond(args[0]) })
			x.assume(n, name, c)
		}
		return voidVal{}, true
	case ignoredAnnotations[name]:
		return voidVal{}, true
	case gpuverifyPredicates[name]:
		return x.freshOfType(at, x.typeOf(n), true, false), true
	}
	// The prelude's other functions (math, conversions, warp functions,
	// the operators of __half): values, and the objects they are given by
	// pointer or reference are read, or written unless const.
	vals, objs := x.passArgs(this, args)
	for _, o := range objs {
		x.touch(n, o)
	}
	rt := x.typeOf(n)
	if (name == "abs" || name == "llabs") && len(vals) == 1 {
		if iv, ok := vals[0].(intVal); ok {
			return intVal{ite(at, cmp(at, protocol.Ge, iv.e, lit(at, 0)), iv.e, neg(at, iv.e))}, true
		}
	}
	if impure[name] {
		return x.freshOfType(at, rt, true, false), true
	}
	if rt.isInt() && len(objs) == 0 {
		var ints []protocol.Expr
		for _, v := range vals {
			iv, ok := v.(intVal)
			if !ok {
				o := x.opaque(vals...)
				return intVal{x.freshInt(at, "", o.local, o.block)}, true
			}
			ints = append(ints, iv.e)
		}
		if len(ints) > 0 && !strings.HasPrefix(name, "operator") {
			// a pure integer function: equal arguments, equal results
			return intVal{x.uninterpreted(at, strings.TrimLeft(name, "_"), ints...)}, true
		}
	}
	if rt.kind == tVoid {
		return voidVal{}, true
	}
	o := x.opaque(vals...)
	return x.freshOfType(at, rt, o.local || len(objs) > 0, o.block), true
}

// object is an object a function without a body is given access to.
type object struct {
	p        ptrVal
	typ      ctype
	readOnly bool
	n        *clang.Node
}

// passArgs evaluates the arguments of a call whose body the inference does
// not run. An argument bound to a reference (an lvalue in clang's AST), a
// pointer, and the object of a method give the callee an object.
func (x *exec) passArgs(this value, args []*clang.Node) ([]value, []object) {
	var vals []value
	var objs []object
	if p, ok := this.(ptrVal); ok {
		objs = append(objs, object{p: p})
	}
	for _, a := range args {
		t := x.typeOf(a)
		if a.ValueCategory == "lvalue" || a.ValueCategory == "xvalue" {
			lv := x.lvalue(a)
			objs = append(objs, object{p: x.asPtr(x.addressOf(lv), a), typ: lv.typ, readOnly: isConst(a.TypeString()), n: a})
			continue
		}
		v := x.rvalue(a)
		if p, ok := v.(ptrVal); ok {
			objs = append(objs, object{p: p, typ: t.pointee(), readOnly: isConst(a.TypeString()), n: a})
			continue
		}
		vals = append(vals, v)
	}
	return vals, objs
}

func isConst(t string) bool { return strings.HasPrefix(strings.TrimSpace(t), "const ") }

// touch makes the accesses a built-in of the prelude makes to an object it
// is given (they access only the object itself): a read of a constant one,
// a write of another. call is the call, for positions.
func (x *exec) touch(call *clang.Node, o object) {
	lv := lvalue{kind: lvMem, ptr: o.p, typ: o.typ, n: o.n}
	if lv.n == nil {
		lv.n = call
	}
	if o.readOnly {
		x.load(lv)
		return
	}
	x.storeMem(lv, x.memoryValue(x.pos(lv.n), o.typ))
}

// assume emits an assumption: a __requires, or an __assume before anything
// else at the top of the kernel, is a precondition of the whole run;
// another __assume guards what follows it. A __requires of a device
// function is its precondition, which its callers may break: assuming it
// would hide the races they cause, so it is ignored.
func (x *exec) assume(n *clang.Node, name string, c protocol.Cond) {
	at := x.pos(n)
	if isTrue(c) || name == "__requires" && len(x.stack) > 1 {
		return
	}
	if x.top && (x.pre || name == "__requires") {
		x.k.pre = append(x.k.pre, &protocol.Assume{At: at, Cond: c})
		return
	}
	x.emitAssume(&protocol.Assume{At: at, Cond: c})
}

package infer

import (
	"drfcheck/infer/clang"
	"drfcheck/protocol"
)

// jump is a way out of a statement other than falling through: a break, a
// continue or a return, taken when cond holds (relative to the statement's
// start), with the environment at that point and the returned value.
type jump struct {
	cond protocol.Cond
	env  *env
	val  value
}

// exits describes how control leaves a statement. Falling through happens
// when fall holds (nil for always); the environment after falling through
// is the executor's current one.
type exits struct {
	fall           protocol.Cond
	brk, cont, ret []jump
}

func fallThrough() exits { return exits{} }

func never(at protocol.Pos) protocol.Cond { return boolLit(at, false) }

// under conjoins the conditions of the jumps with c: the jumps of a
// statement that runs only when c holds.
func under(at protocol.Pos, c protocol.Cond, js []jump) []jump {
	if isTrue(c) {
		return js
	}
	out := make([]jump, 0, len(js))
	for _, j := range js {
		if jc := and(at, c, j.cond); !isFalse(jc) {
			out = append(out, jump{cond: jc, env: j.env, val: j.val})
		}
	}
	return out
}

// then sequences e with rest, which runs when e falls through.
func (e exits) then(at protocol.Pos, rest exits) exits {
	return exits{
		fall: and(at, e.fall, rest.fall),
		brk:  append(e.brk, under(at, e.fall, rest.brk)...),
		cont: append(e.cont, under(at, e.fall, rest.cont)...),
		ret:  append(e.ret, under(at, e.fall, rest.ret)...),
	}
}

// joinJumps merges jumps into one condition and environment (and value).
func (x *exec) joinJumps(at protocol.Pos, js []jump) (protocol.Cond, *env, value) {
	if len(js) == 0 {
		return never(at), nil, nil
	}
	c, e, v := js[len(js)-1].cond, js[len(js)-1].env, js[len(js)-1].val
	for i := len(js) - 2; i >= 0; i-- {
		j := js[i]
		e = x.mergeEnv(at, j.cond, j.env, e)
		if j.val != nil && v != nil {
			v = x.merge(at, j.cond, j.val, v)
		} else if j.val != nil {
			v = j.val
		}
		c = or(at, j.cond, c)
	}
	return c, e, v
}

// stmt runs a statement.
func (x *exec) stmt(n *clang.Node) exits {
	if n.Empty() {
		return fallThrough()
	}
	at := x.pos(n)
	switch n.Kind {
	case "NullStmt":
		return fallThrough()
	case "CompoundStmt":
		return x.compound(n.Inner)
	case "DeclStmt":
		for _, d := range n.Inner {
			x.declare(d)
		}
		return fallThrough()
	case "IfStmt":
		return x.ifStmt(n)
	case "ForStmt", "WhileStmt", "DoStmt":
		return x.loopStmt(n)
	case "BreakStmt":
		return exits{fall: never(at), brk: []jump{{cond: boolLit(at, true), env: x.env.clone()}}}
	case "ContinueStmt":
		return exits{fall: never(at), cont: []jump{{cond: boolLit(at, true), env: x.env.clone()}}}
	case "ReturnStmt":
		var v value = voidVal{}
		if c := n.Child(0); c != nil {
			v = x.returnValue(c)
		}
		return exits{fall: never(at), ret: []jump{{cond: boolLit(at, true), env: x.env.clone(), val: v}}}
	case "SwitchStmt":
		return x.switchStmt(n)
	case "AttributedStmt", "LabelStmt":
		if len(n.Inner) == 0 {
			return fallThrough()
		}
		// a label is harmless; the goto that jumps to it is not supported
		return x.stmt(n.Inner[len(n.Inner)-1])
	case "CaseStmt", "DefaultStmt":
		x.unknown(n, "", "a case label outside the statements of its switch is not supported")
		return x.stmt(n.Inner[len(n.Inner)-1])
	case "GotoStmt", "IndirectGotoStmt":
		x.unknown(n, "", "goto is not supported")
		return fallThrough()
	case "GCCAsmStmt", "MSAsmStmt":
		x.unknown(n, "", "inline assembly is not supported")
		return fallThrough()
	case "CXXTryStmt", "CXXForRangeStmt", "CoroutineBodyStmt", "SEHTryStmt", "ObjCAtTryStmt":
		x.unknown(n, "", "unsupported statement (%s)", n.Kind)
		return fallThrough()
	}
	x.rvalueDiscard(n)
	return fallThrough()
}

// returnValue evaluates what a return statement returns: the object's
// address when the function returns a reference.
func (x *exec) returnValue(n *clang.Node) value {
	if x.ret != nil && x.ret.byRef && n.ValueCategory == "lvalue" {
		return x.addressOf(x.lvalue(n))
	}
	return x.rvalue(n)
}

// compound runs a block: its variables go out of scope at its end.
func (x *exec) compound(stmts []*clang.Node) exits {
	before := make(map[string]bool, len(x.env.vars))
	for k := range x.env.vars {
		before[k] = true
	}
	e := x.seq(stmts)
	for k := range x.env.vars {
		if !before[k] {
			delete(x.env.vars, k)
		}
	}
	return e
}

// seq runs statements in order. When one may not fall through (a return
// or break under a condition), the statements after it run under the
// condition that it did.
func (x *exec) seq(stmts []*clang.Node) exits {
	if len(stmts) == 0 {
		return fallThrough()
	}
	e := x.stmt(stmts[0])
	if len(stmts) == 1 || isFalse(e.fall) {
		return e
	}
	// the guard is placed at the statement that may not fall through: a
	// barrier divergence it causes is reported there
	at := x.pos(stmts[0])
	if isTrue(e.fall) {
		return e.then(at, x.seq(stmts[1:]))
	}
	var rest exits
	sts := x.into(func() { rest = x.seq(stmts[1:]) })
	x.guarded(at, e.fall, sts)
	return e.then(at, rest)
}

// ifStmt runs if (c) then else els.
func (x *exec) ifStmt(n *clang.Node) exits {
	i := 0
	var pre exits
	if n.HasInit {
		pre = x.stmt(n.Child(i))
		i++
	}
	if n.HasVar {
		x.stmt(n.Child(i))
		i++
	}
	c := x.cond(n.Child(i))
	then := n.Child(i + 1)
	var els *clang.Node
	if n.HasElse {
		els = n.Child(i + 2)
	}
	e := x.branch(x.pos(n), c, func() exits { return x.stmt(then) }, func() exits { return x.stmt(els) })
	return pre.then(x.pos(n), e)
}

// branch runs one of two continuations depending on c and joins them.
func (x *exec) branch(at protocol.Pos, c protocol.Cond, then, els func() exits) exits {
	if isTrue(c) {
		return then()
	}
	if isFalse(c) {
		return els()
	}
	base := x.env
	x.env = base.clone()
	var et, ee exits
	thenSts := x.into(func() { et = then() })
	envT := x.env
	x.env = base.clone()
	elseSts := x.into(func() { ee = els() })
	envE := x.env
	x.emitIf(at, c, thenSts, elseSts)
	nc := not(at, c)
	ft, fe := and(at, c, et.fall), and(at, nc, ee.fall)
	switch {
	case isFalse(et.fall):
		x.env = envE
	case isFalse(ee.fall):
		x.env = envT
	default:
		x.env = x.mergeEnv(at, c, envT, envE)
	}
	return exits{
		fall: or(at, ft, fe),
		brk:  append(under(at, c, et.brk), under(at, nc, ee.brk)...),
		cont: append(under(at, c, et.cont), under(at, nc, ee.cont)...),
		ret:  append(under(at, c, et.ret), under(at, nc, ee.ret)...),
	}
}

// declare runs a declaration.
func (x *exec) declare(d *clang.Node) {
	switch d.Kind {
	case "VarDecl":
		x.declareVar(d)
	case "TypedefDecl", "TypeAliasDecl", "EnumDecl", "CXXRecordDecl", "RecordDecl", "StaticAssertDecl", "UsingDecl",
		"UsingDirectiveDecl", "NamespaceAliasDecl", "FunctionDecl", "UsingShadowDecl", "EmptyDecl", "TypeAliasTemplateDecl":
	default:
		x.unknown(d, "", "unsupported declaration (%s)", d.Kind)
	}
}

func (x *exec) declareVar(d *clang.Node) {
	at := x.pos(d)
	t := x.k.types.parse(d.TypeString())
	if d.HasAttr("CUDASharedAttr") || d.HasAttr("CUDADeviceAttr") || d.HasAttr("CUDAConstantAttr") ||
		d.StorageClass == "static" || d.StorageClass == "extern" {
		// static storage: one object for all threads of a block (shared)
		// or of the grid
		x.k.staticArray(x, d)
		return
	}
	if t.kind == tStruct && x.k.hasDestructor(t) {
		x.unknown(d, "", "a local object with a destructor: destructors are not run by the inference")
	}
	var init *clang.Node
	if d.Init != "" && len(d.Inner) > 0 {
		init = d.Inner[len(d.Inner)-1]
		if init.Kind != "" && (clang.IsDecl(init.Kind) || isAttr(init.Kind)) {
			init = nil
		}
	}
	var v value
	switch {
	case t.kind == tRef:
		if init == nil {
			v = unknownPtr("an uninitialized reference")
		} else {
			v = x.addressOf(x.lvalue(init))
		}
	case t.kind == tArray:
		if init != nil {
			x.rvalueDiscard(init) // the initializers' accesses
		}
		v = ptrVal{alts: []ptrAlt{{kind: tgLocal}}}
	case init != nil:
		v = x.withHint(d.Name, func() value { return x.rvalue(init) })
		v = x.convert(at, v, t)
	case t.kind == tStruct:
		v = structVal{fields: map[string]value{}, local: true}
	case t.kind == tPtr:
		v = unknownPtr("an uninitialized pointer")
	default:
		// an uninitialized variable: any value, per thread
		v = x.k.opaque(true, false)
	}
	x.env.vars[d.ID] = v
}

func isAttr(kind string) bool {
	return len(kind) > 4 && kind[len(kind)-4:] == "Attr"
}

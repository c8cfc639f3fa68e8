package ir

import (
	"fmt"
	"strings"

	"github.com/drfcheck/drfcheck/internal/infer/clang"
	"github.com/drfcheck/drfcheck/protocol"
)

// param lowers a parameter of the kernel: a scalar is a Param variable, a
// pointer the memory it points to (a Global base), a struct one of each
// per field.
func (l *lowerer) param(p *clang.Node, modified bool, slot string) {
	at := l.pos(p)
	t := l.typeOf(p)
	name := p.Name
	if name == "" {
		name = "arg"
	}
	name = l.name(name)
	o := l.newObject(at, name, t, Param)
	l.env[p.ID] = o
	if k, ok := addressSpace(p.TypeString()); ok && l.tu.OpenCL {
		if l.spaces == nil {
			l.spaces = map[string]BaseKind{}
		}
		l.spaces[slot] = k
	}
	if isFuncPtr(t) {
		l.bindPtr(o, l.paramFuncs(p, name, modified, at), modified, at)
	} else {
		l.inputPointers(o, modified, at, slot)
		l.paramVars(o, slot)
	}
	if !modified {
		l.markStable(o)
	}
}

// addressSpace returns the memory an OpenCL pointer type (clang's
// spelling, "__local float *__private") points to when it is not global
// memory: __local is Shared, __constant Constant.
func addressSpace(t string) (BaseKind, bool) {
	i := strings.LastIndex(t, "*")
	if i < 0 {
		return 0, false
	}
	for _, w := range strings.Fields(t[:i]) {
		switch w {
		case "__local":
			return Shared, true
		case "__constant":
			return Constant, true
		}
	}
	return 0, false
}

// lazySlot is an element of an array of pointers of a parameter, whose
// memory is made when first read: its name and pointee.
type lazySlot struct {
	name    string
	pointee ctype
}

// slotPlace is the memory the pointer at a slot points to: its own, new
// global memory (named name, of elements of type pointee), or, when the
// launch passes it a pointer into an earlier slot's memory
// (Options.Aliases), that memory at the launch's offset (a parameter of
// its own when not known). An alias whose target cannot be named is an
// unknown pointer: never memory of its own, which would hide the races
// across the two.
func (l *lowerer) slotPlace(slot, name string, pointee ctype, at protocol.Pos) (place, bool) {
	if p, ok := l.slots[slot]; ok {
		return p, true
	}
	if l.slots == nil {
		l.slots = map[string]place{}
	}
	if a, ok := l.opts.Aliases[slot]; ok {
		to, ok := l.slots[a.To]
		if !ok {
			if lz, lok := l.lazySlots[a.To]; lok {
				to, ok = l.slotPlace(a.To, lz.name, lz.pointee, at)
			}
		}
		if !ok || to.kind != pMem {
			return place{}, false
		}
		var off Expr = i64(at, a.Off)
		if !a.Known {
			v := l.newVar(at, l.name(strings.ReplaceAll(strings.ReplaceAll(name, "[", "_"), "]", "")+"_off"), I64, Param)
			l.stable[v] = true
			off = &Ref{At: at, Var: v}
		}
		p := place{kind: pMem, base: to.base, off: add(at, to.off, off)}
		l.slots[slot] = p
		l.f.Slots = append(l.f.Slots, SlotBase{Slot: slot, Base: to.base.Name})
		return p, true
	}
	kind := Global
	if k, ok := l.spaces[slot]; ok {
		kind = k
	}
	b := l.newBase(at, name, kind, pointee)
	b.Dims = append([]int64{0}, b.Dims...)
	p := place{kind: pMem, base: b, off: i64(at, 0)}
	l.slots[slot] = p
	l.f.Slots = append(l.f.Slots, SlotBase{Slot: slot, Base: b.Name})
	return p, true
}

// markStable records that the scalars of an object are never assigned
// after their initialization.
func (l *lowerer) markStable(o *object) {
	if o.v != nil {
		l.stable[o.v] = true
	}
	for _, f := range o.fields {
		l.markStable(f)
	}
}

// initObject initializes a new object: as writeObject, except that the
// pointers of an object never modified are fixed to their values.
func (l *lowerer) initObject(o *object, v val, modified bool, at protocol.Pos) {
	if o.ptr != nil && v.p != nil {
		l.bindPtr(o, v.p, modified, at)
		return
	}
	if o.fields != nil && v.fields != nil && len(v.fields) == len(o.fields) {
		for i, f := range o.fields {
			l.initObject(f, v.fields[i], modified, at)
		}
		return
	}
	l.writeObject(o, v, at)
}

// inputPointers makes the memory that the pointers of a kernel parameter
// point to; slot names the object among the pointers the parameters carry
// (Options.Aliases).
func (l *lowerer) inputPointers(o *object, modified bool, at protocol.Pos, slot string) {
	switch {
	case o.ptr != nil && isFuncPtr(o.t):
		l.bindPtr(o, unknownPtr("a function pointer in a parameter of the kernel"), modified, at)
	case o.ptr != nil:
		if o.t.kind == cRef {
			o.ptr.fixed = unknownPtr("a reference parameter of a kernel")
			return
		}
		p, ok := l.slotPlace(slot, o.name, o.t.pointee(), at)
		if !ok {
			l.bindPtr(o, unknownPtr("a pointer the launch passes into the memory of another argument, which drfcheck cannot name"), modified, at)
			return
		}
		l.bindPtr(o, &ptrv{alts: []place{p}}, modified, at)
	case o.fields != nil:
		for i, f := range o.fields {
			name := fmt.Sprint(i)
			if o.t.rec != nil && i < len(o.t.rec.fields) {
				name = o.t.rec.fields[i].name
			}
			l.inputPointers(f, modified, at, slot+"."+name)
		}
	case o.base != nil && o.t.kind == cArray && o.t.n > 0 && o.t.pointee().kind == cPtr && !modified:
		if l.ptrArrays == nil {
			l.ptrArrays = map[*Base]ctype{}
			l.arraySlot = map[*Base]string{}
			l.lazySlots = map[string]lazySlot{}
		}
		l.ptrArrays[o.base] = o.t
		l.arraySlot[o.base] = slot
		for k := int64(0); k < o.t.n; k++ {
			l.lazySlots[fmt.Sprintf("%s[%d]", slot, k)] = lazySlot{name: fmt.Sprintf("%s[%d]", o.base.Name, k), pointee: o.t.pointee().pointee()}
		}
	}
}

// paramElement returns the memory an element of an array of pointers of a
// kernel parameter points to, when the array is never modified and the
// element is read at a constant index: global memory of its own, as each
// pointer parameter has (and with the same assumption that the host passes
// distinct buffers, which GPUVerify's __requires_fresh_array states), or
// the memory of an earlier slot that the launch passes it
// (Options.Aliases). It returns nil for any other load, and an unknown
// place for an alias it cannot name.
func (l *lowerer) paramElement(a place, at protocol.Pos) *place {
	t, ok := l.ptrArrays[a.base]
	off, isConst := a.off.(*Const)
	size := t.pointee().size
	if !ok || !isConst || size <= 0 || off.Int%size != 0 || off.Int < 0 || off.Int/size >= t.n {
		return nil
	}
	slot := fmt.Sprintf("%s[%d]", l.arraySlot[a.base], off.Int/size)
	lz := l.lazySlots[slot]
	p, ok := l.slotPlace(slot, lz.name, lz.pointee, at)
	if !ok {
		return &place{kind: pUnknown, why: "a pointer the launch passes into the memory of another argument, which drfcheck cannot name"}
	}
	return &p
}

// block lowers a compound statement.
func (l *lowerer) block(n *clang.Node) {
	for _, c := range n.Inner {
		l.stmt(c)
	}
}

// stmt lowers a statement.
func (l *lowerer) stmt(n *clang.Node) {
	if n.Empty() {
		return
	}
	at := l.pos(n)
	switch n.Kind {
	case "NullStmt":
	case "CompoundStmt":
		l.block(n)
	case "DeclStmt":
		for _, d := range n.Inner {
			l.declare(d)
		}
	case "IfStmt":
		l.ifStmt(n)
	case "ForStmt", "WhileStmt", "DoStmt":
		l.loop(n)
	case "SwitchStmt":
		l.switchStmt(n)
	case "BreakStmt":
		if len(l.jumps) > 0 && l.jumps[len(l.jumps)-1].region != nil {
			l.emit(&Exit{At: at, To: l.jumps[len(l.jumps)-1].region})
			return
		}
		l.emit(&Break{At: at})
	case "ContinueStmt":
		l.emit(&Continue{At: at})
	case "ReturnStmt":
		l.returnStmt(n)
	case "AttributedStmt", "LabelStmt":
		// a label alone is harmless; a goto to it is unknown
		l.stmt(last(n))
	case "CaseStmt", "DefaultStmt":
		l.unknown(n, "a case label outside the statements of its switch")
		l.stmt(last(n))
	case "GotoStmt", "IndirectGotoStmt":
		l.unknown(n, "goto")
	case "GCCAsmStmt", "MSAsmStmt":
		l.asmStmt(n)
	case "CXXTryStmt", "CXXForRangeStmt", "CoroutineBodyStmt", "SEHTryStmt":
		l.unknown(n, "unsupported statement: %s", n.Kind)
	default:
		l.discard(n)
	}
}

// decompose lowers a structured binding (auto [x, y] = v;): a variable
// of its own, initialized as declared (a copy of v, or a reference to it
// for auto &), whose parts the names x and y designate, each by the
// expression clang gives it (a member or an element of the variable).
func (l *lowerer) decompose(d *clang.Node) {
	v := *d
	v.Kind, v.Name, v.Inner = "VarDecl", "binding", nil
	for _, c := range d.Inner {
		if c == nil {
			continue
		}
		if c.Kind == "BindingDecl" {
			if e := last(c); e != nil {
				l.bindings[c.ID] = e
			}
			continue
		}
		v.Inner = append(v.Inner, c)
	}
	l.declare(&v)
}

// declare lowers a declaration in a function body.
func (l *lowerer) declare(d *clang.Node) {
	if d.Kind == "DecompositionDecl" {
		l.decompose(d)
		return
	}
	if d.Kind != "VarDecl" {
		switch d.Kind {
		case "TypedefDecl", "TypeAliasDecl", "EnumDecl", "CXXRecordDecl", "RecordDecl", "StaticAssertDecl", "UsingDecl",
			"UsingDirectiveDecl", "NamespaceAliasDecl", "FunctionDecl", "UsingShadowDecl", "EmptyDecl", "TypeAliasTemplateDecl":
		default:
			l.unknown(d, "unsupported declaration: %s", d.Kind)
		}
		return
	}
	at := l.pos(d)
	if l.staticVar(d) != nil {
		return // memory of the block or of the grid, not of the thread
	}
	t := l.typeOf(d)
	modified := l.modifiedIn(l.stack[len(l.stack)-1])[d.ID]
	var init *clang.Node
	if d.Init != "" {
		if c := last(d); c != nil && !clang.IsDecl(c.Kind) && !isAttr(c.Kind) {
			init = c
		}
	}
	if lam := lambdaOf(init); lam != nil {
		l.closures[d.ID] = l.makeClosure(lam, d.Name)
		return
	}
	o := l.newObject(at, l.name(d.Name), t, Local)
	switch t.kind {
	case cRef:
		if init == nil {
			o.ptr.fixed = unknownPtr("an uninitialized reference")
			break
		}
		l.bindPtr(o, l.addressOf(l.lv(init)), false, at)
	case cPtr:
		if init != nil {
			l.bindPtr(o, l.pointer(l.rv(init)), modified, at)
		}
	case cArray:
		if init != nil {
			l.initArray(o.base, 0, t, init, at)
		}
	case cScalar:
		if init != nil {
			l.emit(&Assign{At: at, Dst: o.v, X: l.scalar(l.rv(init), o.v.T, at)})
		}
		if !modified {
			l.stable[o.v] = true
		}
	case cStruct:
		if init != nil && !l.trivialInit(init, t) {
			l.initObject(o, l.rv(init), modified, at)
		}
		if !modified {
			l.markStable(o)
		}
	default:
		if init != nil {
			l.discard(init)
		}
	}
	l.env[d.ID] = o
}

// trivialInit reports whether an initializer leaves a struct of type t
// uninitialized: a call of a default constructor that runs no code. A
// constructor of the user's (S() { g[0] = 1; }), or an implicit one that
// runs a member's or a base's, or initializes a member, is not.
func (l *lowerer) trivialInit(n *clang.Node, t ctype) bool {
	if n.Kind != "CXXConstructExpr" || len(n.Inner) > 0 || n.CtorType == nil || !strings.HasPrefix(n.CtorType.QualType, "void ()") {
		return false
	}
	return t.kind == cStruct && l.trivialStruct(t)
}

func isAttr(kind string) bool { return len(kind) > 4 && kind[len(kind)-4:] == "Attr" }

// initArray stores the elements of an initializer list into a local
// array.
func (l *lowerer) initArray(b *Base, off int64, t ctype, init *clang.Node, at protocol.Pos) {
	elem := t.pointee()
	leaf := elem
	for leaf.kind == cArray {
		leaf = leaf.pointee()
	}
	if init.Kind == "CXXConstructExpr" && len(init.Inner) == 0 && leaf.kind == cStruct && l.quietCtor(leaf, 0) {
		// elements default-constructed without effect: left indeterminate
		// (their default member initializers, if any, forgotten)
		return
	}
	if init.Kind != "InitListExpr" {
		l.unknown(init, "an array initialized otherwise than by a list: %s", init.Kind)
		return
	}
	for i, e := range init.Inner {
		eo := off + int64(i)*elem.size
		if elem.kind == cArray {
			l.initArray(b, eo, elem, e, at)
			continue
		}
		if e == nil || e.Kind == "ImplicitValueInitExpr" && elem.kind != cScalar {
			continue
		}
		l.storePlace(place{kind: pMem, base: b, off: i64(at, eo)}, elem, l.rv(e), e, l.pos(e))
	}
}

func (l *lowerer) ifStmt(n *clang.Node) {
	i := 0
	if n.HasInit {
		l.stmt(n.Child(i))
		i++
	}
	if n.HasVar {
		l.stmt(&clang.Node{Kind: "DeclStmt", Inner: []*clang.Node{n.Child(i)}, Range: n.Range})
		i++
	}
	at := l.pos(n)
	c := l.cond(n.Child(i))
	then := l.into(func() { l.stmt(n.Child(i + 1)) })
	var els []Stmt
	if n.HasElse {
		els = l.into(func() { l.stmt(n.Child(i + 2)) })
	}
	l.emit(&If{At: at, Cond: c, Then: &Block{At: l.pos(n.Child(i + 1)), Stmts: then}, Else: &Block{At: at, Stmts: els}})
}

// loop lowers for, while and do loops, keeping their parts apart.
func (l *lowerer) loop(n *clang.Node) {
	if u, ok := unrollable(n); ok {
		l.unroll(n, u)
		return
	}
	l.loopFrom(n, true)
}

// loopFrom lowers a loop, with its init or without (the rest of a loop
// whose first iterations were lowered one by one).
func (l *lowerer) loopFrom(n *clang.Node, withInit bool) {
	at := l.pos(n)
	lp := &Loop{At: at, Init: &Block{At: at}, Test: &Block{At: at}, Post: &Block{At: at}, Body: &Block{At: at}}
	var init, condVar, cond, inc, body *clang.Node
	switch n.Kind {
	case "ForStmt":
		lp.Kind = For
		init, condVar, cond, inc, body = n.Child(0), n.Child(1), n.Child(2), n.Child(3), n.Child(4)
	case "WhileStmt":
		lp.Kind = While
		if n.HasVar {
			condVar, cond, body = n.Child(0), n.Child(1), n.Child(2)
		} else {
			cond, body = n.Child(0), n.Child(1)
		}
	case "DoStmt":
		lp.Kind = DoWhile
		body, cond = n.Child(0), n.Child(1)
	}
	if withInit {
		lp.Init.Stmts = l.into(func() { l.stmt(init) })
	}
	lp.Test.Stmts = l.into(func() {
		if !condVar.Empty() {
			l.declare(condVar)
		}
		if !cond.Empty() {
			lp.Cond = l.cond(cond)
		}
	})
	l.jumps = append(l.jumps, jumpTarget{})
	lp.Body.Stmts = l.into(func() { l.stmt(body) })
	l.jumps = l.jumps[:len(l.jumps)-1]
	lp.Post.Stmts = l.into(func() { l.discard(inc) })
	if !body.Empty() {
		lp.Body.At = l.pos(body)
	}
	l.emit(lp)
}

// unroll lowers a for loop as the sequence of its iterations
// (unroll.go): each iteration's body and increment lowered anew, marked
// with the counter's value.
func (l *lowerer) unroll(n *clang.Node, u unrolling) {
	at := l.pos(n)
	l.stmt(n.Child(0))
	for i := 0; i < u.n; i++ {
		l.iteration(n, u)
	}
	l.emit(&Iteration{At: at, Var: u.name, End: true})
}

// iteration lowers one iteration of a loop lowered as its iterations.
func (l *lowerer) iteration(n *clang.Node, u unrolling) {
	at := l.pos(n)
	l.emit(&Iteration{At: at, Var: u.name, Value: l.scalar(l.rv(u.counter), l.typeOf(u.counter).ir, at)})
	l.stmt(n.Child(4))
	l.discard(n.Child(3))
}

// returnStmt lowers return: the end of the thread at the kernel's level;
// in an inlined function, the result's assignment and an exit from its
// region (none for the function's last statement).
func (l *lowerer) returnStmt(n *clang.Node) {
	at := l.pos(n)
	e := n.Child(0)
	if l.ret == nil {
		l.discard(e)
		l.emit(&Return{At: at})
		return
	}
	switch {
	case e.Empty():
	case l.ret.result == nil:
		l.discard(e)
	case l.ret.byRef:
		l.writePtr(l.ret.result, l.addressOf(l.lv(e)), at)
	default:
		l.writeObject(l.ret.result, l.rv(e), at)
	}
	if n != l.ret.last {
		l.emit(&Exit{At: at, To: l.ret.region})
	}
}

// ---- switch ----

// segment is the statements of a switch from one group of labels to the
// next.
type segment struct {
	at      protocol.Pos
	values  []Expr    // case values; none for default alone
	ranges  [][2]Expr // GNU case ranges (case lo ... hi:), bounds included
	isDef   bool
	stmts   []*clang.Node
	label   *clang.Node
	fallsIn bool // the previous segment may fall through into this one
}

// match is the condition that one of a segment's cases matches the value
// s switched on, or nil for default alone.
func (seg *segment) match(s Expr) Expr {
	var c Expr
	for _, v := range seg.values {
		c = or(seg.at, c, &Binary{At: seg.at, Op: "==", X: s, Y: v, T: BoolT})
	}
	for _, r := range seg.ranges {
		in := and(seg.at, &Binary{At: seg.at, Op: "<=", X: r[0], Y: s, T: BoolT}, &Binary{At: seg.at, Op: "<=", X: s, Y: r[1], T: BoolT})
		c = or(seg.at, c, in)
	}
	return c
}

// noMatch is the condition that none of a segment's cases matches the
// value s switched on, or nil for default alone.
func (seg *segment) noMatch(s Expr) Expr {
	var c Expr
	for _, v := range seg.values {
		c = and(seg.at, c, &Binary{At: seg.at, Op: "!=", X: s, Y: v, T: BoolT})
	}
	for _, r := range seg.ranges {
		out := or(seg.at, &Binary{At: seg.at, Op: "<", X: s, Y: r[0], T: BoolT}, &Binary{At: seg.at, Op: "<", X: r[1], Y: s, T: BoolT})
		c = and(seg.at, c, out)
	}
	return c
}

// switchStmt lowers a switch to a region of ifs: each group of statements
// runs when its case matches, or when the previous group fell through
// (the variable m, present only when some group does). break leaves the
// region.
func (l *lowerer) switchStmt(n *clang.Node) {
	at := l.pos(n)
	i := 0
	if n.HasInit {
		l.stmt(n.Child(i))
		i++
	}
	if n.HasVar {
		l.stmt(&clang.Node{Kind: "DeclStmt", Inner: []*clang.Node{n.Child(i)}, Range: n.Range})
		i++
	}
	s := l.scalar(l.rv(n.Child(i)), l.typeOf(n.Child(i)).ir, at)
	if !l.isStable(s) {
		v := l.temp(at, s.Type())
		l.emit(&Assign{At: at, Dst: v, X: s})
		s = &Ref{At: at, Var: v}
	}
	body := n.Child(i + 1)
	var segs []*segment
	var stray []*clang.Node
	var items []*clang.Node
	if body != nil && body.Kind == "CompoundStmt" {
		items = body.Inner
	} else if body != nil {
		items = []*clang.Node{body}
	}
	for _, it := range items {
		if it == nil {
			continue
		}
		if it.Kind == "CaseStmt" || it.Kind == "DefaultStmt" {
			seg := &segment{at: l.pos(it), label: it}
			cur := it
			for cur != nil && (cur.Kind == "CaseStmt" || cur.Kind == "DefaultStmt") {
				if cur.Kind == "DefaultStmt" {
					seg.isDef = true
				} else {
					lo := l.scalar(l.rv(cur.Child(0)), s.Type(), l.pos(cur))
					if len(cur.Inner) > 2 {
						hi := l.scalar(l.rv(cur.Child(1)), s.Type(), l.pos(cur))
						seg.ranges = append(seg.ranges, [2]Expr{lo, hi})
					} else {
						seg.values = append(seg.values, lo)
					}
				}
				cur = last(cur)
			}
			if cur != nil {
				seg.stmts = append(seg.stmts, cur)
			}
			segs = append(segs, seg)
			continue
		}
		if len(segs) == 0 {
			stray = append(stray, it)
			continue
		}
		segs[len(segs)-1].stmts = append(segs[len(segs)-1].stmts, it)
	}
	for _, st := range stray {
		if hasLabel(st) {
			l.unknown(st, "a case label nested in a statement of its switch")
		}
	}
	for _, seg := range segs {
		for _, st := range seg.stmts {
			if hasLabel(st) {
				l.unknown(st, "a case label nested in a statement of its switch")
			}
		}
	}
	var noCase Expr // no case matches
	for _, seg := range segs {
		noCase = and(at, noCase, seg.noMatch(s))
	}
	region := &Region{At: at, Name: l.name("switch"), Body: &Block{At: at}}
	var matched *Var // a case has matched and its statements fell through
	for k := 1; k < len(segs); k++ {
		segs[k].fallsIn = mayFallThrough(segs[k-1].stmts)
		if segs[k].fallsIn && matched == nil {
			matched = l.newVar(at, l.name("fall"), BoolT, Temp)
		}
	}
	l.jumps = append(l.jumps, jumpTarget{region: region})
	region.Body.Stmts = l.into(func() {
		if matched != nil {
			l.emit(&Assign{At: at, Dst: matched, X: &Const{At: at, T: BoolT}})
		}
		for k, seg := range segs {
			c := seg.match(s)
			if seg.isDef {
				// default: no case matches
				none := noCase
				if none == nil {
					none = &Const{At: seg.at, T: BoolT, Int: 1}
				}
				c = or(seg.at, c, none)
			}
			if seg.fallsIn {
				c = or(seg.at, &Ref{At: seg.at, Var: matched}, c)
			}
			sts := l.into(func() {
				if matched != nil && k+1 < len(segs) && segs[k+1].fallsIn {
					l.emit(&Assign{At: seg.at, Dst: matched, X: &Const{At: seg.at, T: BoolT, Int: 1}})
				}
				for _, st := range seg.stmts {
					l.stmt(st)
				}
			})
			l.emit(&If{At: seg.at, Cond: c, Then: &Block{At: seg.at, Stmts: sts}, Else: &Block{At: seg.at}})
		}
	})
	l.jumps = l.jumps[:len(l.jumps)-1]
	l.emit(region)
}

func or(at protocol.Pos, x, y Expr) Expr {
	switch {
	case x == nil:
		return y
	case y == nil:
		return x
	}
	return &Binary{At: at, Op: "||", X: x, Y: y, T: BoolT}
}

// mayFallThrough reports whether control may reach the end of a list of
// statements: it does unless the last one is a jump.
func mayFallThrough(sts []*clang.Node) bool {
	if len(sts) == 0 {
		return true
	}
	lastSt := sts[len(sts)-1]
	for lastSt != nil && (lastSt.Kind == "CompoundStmt" || lastSt.Kind == "AttributedStmt") && len(lastSt.Inner) > 0 {
		lastSt = last(lastSt)
	}
	if lastSt == nil {
		return true
	}
	switch lastSt.Kind {
	case "BreakStmt", "ContinueStmt", "ReturnStmt", "GotoStmt":
		return false
	}
	return true
}

// hasLabel reports whether a statement holds a case label of the switch
// around it (not of a switch inside it).
func hasLabel(n *clang.Node) bool {
	if n == nil {
		return false
	}
	switch n.Kind {
	case "CaseStmt", "DefaultStmt":
		return true
	case "SwitchStmt":
		return false
	}
	for _, c := range n.Inner {
		if hasLabel(c) {
			return true
		}
	}
	return false
}

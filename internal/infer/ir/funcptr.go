package ir

import (
	"fmt"
	"strings"

	"github.com/drfcheck/drfcheck/internal/infer/clang"
	"github.com/drfcheck/drfcheck/protocol"
)

// Calls through function pointers. A pointer to a function is a place of
// kind pFunc that names the function, so a function pointer variable is
// tracked as a data pointer is: its candidate targets are the union of
// what the assignments of the kernel (after inlining) give it, casts to
// void * and back keep them, a conditional gives both arms under their
// conditions, and null gives none. Which one a run holds is the pointer's
// selector, or the guards of a pointer that is never modified, so the
// choice is as precise as the pointer's flow. A call through a pointer
// that may only hold known functions is a direct call of each under its
// guard; a pointer the lowering cannot follow (loaded from memory, made
// from an integer, a parameter of the kernel that no __requires
// restricts) may hold any function, and the call stays unknown.

// isFuncPtr reports whether a type is a pointer to a function.
func isFuncPtr(t ctype) bool { return t.kind == cPtr && t.pointee().kind == cFunc }

// funcPlace is a pointer to fn, recorded by id for the pointer variables
// that hold it.
func (l *lowerer) funcPlace(fn *clang.Node) place {
	l.funcs[fn.ID] = fn
	return place{kind: pFunc, fn: fn}
}

// namedFunc returns the function an expression names (f, &f, (f)), or
// nil: its definition when there is one, so that every declaration of a
// function is one target, else its declaration, else (a library function
// clang declares implicitly, such as cos) what the reference says of it.
func (l *lowerer) namedFunc(n *clang.Node) *clang.Node {
	s := stripCasts(n)
	if s != nil && s.Kind == "UnaryOperator" && s.Opcode == "&" {
		s = stripCasts(s.Child(0))
	}
	if s == nil || s.Kind != "DeclRefExpr" || s.Referenced == nil || s.Referenced.Kind != "FunctionDecl" {
		return nil
	}
	ref := s.Referenced
	decl := l.tu.Decl(ref.ID)
	if def := l.definition(decl); def != nil {
		return def
	}
	if decl != nil {
		return decl
	}
	return &clang.Node{ID: ref.ID, Kind: ref.Kind, Name: ref.Name, Type: ref.Type}
}

// stripCasts skips parentheses and every cast: what a pointer points to
// does not change through them.
func stripCasts(n *clang.Node) *clang.Node {
	for n != nil {
		switch {
		case wrappers[n.Kind] || n.Kind == "ConstantExpr" || n.Kind == "MaterializeTemporaryExpr":
		case strings.HasSuffix(n.Kind, "CastExpr"):
		default:
			return n
		}
		if len(n.Inner) == 0 {
			return n
		}
		n = last(n)
	}
	return n
}

// asData is a place used to read or write data: a function is not data,
// so a pointer to one the lowering cannot follow there.
func (a place) asData() place {
	if a.kind != pFunc {
		return a
	}
	return place{guard: a.guard, kind: pUnknown, why: "a pointer to function " + a.fn.Name + " used as a pointer to data"}
}

// callThrough lowers a call through a function pointer (the callee
// expression is evaluated first, as C++17 sequences it): the direct call
// of the one function the pointer may hold, or one direct call per
// function under its guard, the result of the one that ran kept in a
// temporary. A null target is left out: calling it is undefined. A pointer
// that may hold any function is an unknown call.
func (l *lowerer) callThrough(n *clang.Node, args []*clang.Node) (val, *lval) {
	at := l.pos(n)
	fns, why := callTargets(l.pointer(l.rv(n.Child(0))))
	if why != "" {
		return l.unknownCall(n, "a call through a function pointer ("+why+")", args), nil
	}
	if len(fns) == 1 {
		return l.callVia(n, fns[0].fn, args)
	}
	t := l.typeOf(n)
	byRef := n.ValueCategory != "prvalue" && n.ValueCategory != ""
	var res *object
	switch {
	case byRef:
		res = l.newObject(at, l.name("call_ret"), ctype{kind: cRef, elem: &t, size: 8, align: 8}, Temp)
	case t.kind != cVoid:
		res = l.newObject(at, l.name("call_ret"), t, Temp)
	}
	l.eachAlt(fns, at, func(a place) {
		v, ref := l.callVia(n, a.fn, args)
		switch {
		case res == nil:
		case byRef && ref != nil:
			l.writePtr(res, &ptrv{alts: ref.alts}, at)
		case byRef:
			l.writePtr(res, unknownPtr("a reference returned through a function pointer"), at)
		default:
			l.writeObject(res, v, at)
		}
	})
	switch {
	case res == nil:
		return val{t: ctype{kind: cVoid}}, nil
	case byRef:
		p := l.readPtr(res, at)
		return val{}, &lval{alts: p.alts, t: t, n: n}
	}
	return l.readObject(res, at), nil
}

// callTargets returns the functions a call through p may run, each under
// its guard (exclusive, the last taken when no other guard holds), or why
// it may run any. Null targets are dropped: the last function left then
// also stands for them, which only adds behaviours.
func callTargets(p *ptrv) ([]place, string) {
	var fns []place
	for _, a := range p.alts {
		switch a.kind {
		case pFunc:
			fns = append(fns, a)
		case pNull:
		case pUnknown:
			return nil, a.why
		default:
			return nil, "a pointer to data"
		}
	}
	if len(fns) == 0 {
		return nil, "a null pointer"
	}
	return fns, ""
}

// callVia calls fn through a pointer: as a direct call when fn has the
// pointer's signature, else unknown (the call is undefined, and its
// arguments do not bind to fn's parameters).
func (l *lowerer) callVia(n, fn *clang.Node, args []*clang.Node) (val, *lval) {
	ptrType := n.Child(0).TypeString()
	if !l.sameSignature(fn.TypeString(), ptrType) {
		return l.unknownCall(n, fmt.Sprintf("a call through a function pointer of type %s to %s, of type %s", ptrType, fn.Name, fn.TypeString()), args), nil
	}
	return l.callFunction(n, l.tu.Decl(fn.ID), fn.Name, nil, args)
}

// signature splits the spelling of a function type, "float (float *, int)",
// or of a pointer to one, "float (*)(float *, int)", into its return type
// and parameter types. Qualifiers after the parameters (const, noexcept)
// are left out.
func signature(s string) (ret string, params []string, ok bool) {
	end := strings.LastIndexByte(s, ')')
	depth := 0
	for i := end; i >= 0; i-- {
		switch s[i] {
		case ')':
			depth++
		case '(':
			if depth--; depth == 0 {
				ret = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(s[:i]), "(*)"))
				return ret, splitParams(s[i+1 : end]), true
			}
		}
	}
	return "", nil, false
}

// splitParams splits a parameter list at its top-level commas; "void" and
// "" are no parameters.
func splitParams(s string) []string {
	s = strings.TrimSpace(s)
	if s == "" || s == "void" {
		return nil
	}
	return splitArgs(s)
}

// sameSignature reports whether two function types (either spelled as a
// pointer) have the same return and parameter types as the lowering sees
// them: typedefs resolved, qualifiers ignored.
func (l *lowerer) sameSignature(a, b string) bool {
	ra, pa, okA := signature(a)
	rb, pb, okB := signature(b)
	if !okA || !okB || len(pa) != len(pb) || !l.sameType(ra, rb) {
		return false
	}
	for i := range pa {
		if !l.sameType(pa[i], pb[i]) {
			return false
		}
	}
	return true
}

func (l *lowerer) sameType(a, b string) bool {
	ka, kb := typeKey(l.types.parse(a)), typeKey(l.types.parse(b))
	return ka != "" && ka == kb
}

// typeKey spells a type by what the lowering sees of it; "" when it does
// not know the type.
func typeKey(t ctype) string {
	sub := func(prefix string) string {
		if k := typeKey(t.pointee()); k != "" {
			return prefix + k
		}
		return ""
	}
	switch t.kind {
	case cScalar:
		return t.ir.String()
	case cVoid:
		return "void"
	case cFunc:
		return "func"
	case cStruct:
		return "struct " + t.name
	case cPtr:
		return sub("*")
	case cRef:
		return sub("&")
	case cArray:
		return sub(fmt.Sprintf("[%d]", t.n))
	}
	return ""
}

// ---- comparisons ----

// hasFunc reports whether a pointer may point to a function.
func hasFunc(p *ptrv) bool {
	for _, a := range p.alts {
		if a.kind == pFunc {
			return true
		}
	}
	return false
}

// funcCompare compares two pointers, one of which may point to a
// function, for equality: a function's address is its own, distinct from
// every other function's, from null and from data. Other operators, and
// pointers the lowering cannot follow, give nil.
func funcCompare(at protocol.Pos, op string, a, b *ptrv) Expr {
	if op != "==" && op != "!=" {
		return nil
	}
	e := selectAlts(at, a.alts, func(pa place) Expr {
		return selectAlts(at, b.alts, func(pb place) Expr { return sameAddr(at, pa, pb) })
	})
	if e == nil || op == "==" {
		return e
	}
	return not(at, e)
}

// sameAddr is whether two places, one a function, have the same address;
// nil when it is not known.
func sameAddr(at protocol.Pos, a, b place) Expr {
	if a.kind != pFunc {
		a, b = b, a
	}
	switch {
	case a.kind != pFunc:
		return nil
	case b.kind == pFunc:
		return &Const{At: at, T: BoolT, Int: b2i(a.fn.ID == b.fn.ID)}
	case b.kind == pNull || b.kind == pMem || b.kind == pVar:
		return &Const{At: at, T: BoolT}
	}
	return nil
}

// selectAlts is the value f gives the place a pointer holds: a select
// over the places' guards (exclusive; the last place when none holds).
// It is nil when f is nil for some place.
func selectAlts(at protocol.Pos, alts []place, f func(place) Expr) Expr {
	var e Expr
	for i := len(alts) - 1; i >= 0; i-- {
		x := f(alts[i])
		if x == nil {
			return nil
		}
		if e == nil || alts[i].guard == nil {
			e = x
			continue
		}
		e = mkSelect(at, alts[i].guard, x, e)
	}
	return e
}

// ---- parameters ----

// funcSet is a set of functions, or any function.
type funcSet struct {
	any bool
	fns []*clang.Node
}

var anyFunc = funcSet{any: true}

func (s funcSet) has(fn *clang.Node) bool {
	for _, g := range s.fns {
		if g.ID == fn.ID {
			return true
		}
	}
	return false
}

func (s funcSet) union(t funcSet) funcSet {
	if s.any || t.any {
		return anyFunc
	}
	out := funcSet{fns: append([]*clang.Node(nil), s.fns...)}
	for _, fn := range t.fns {
		if !out.has(fn) {
			out.fns = append(out.fns, fn)
		}
	}
	return out
}

func (s funcSet) meet(t funcSet) funcSet {
	switch {
	case s.any:
		return t
	case t.any:
		return s
	}
	var out funcSet
	for _, fn := range s.fns {
		if t.has(fn) {
			out.fns = append(out.fns, fn)
		}
	}
	return out
}

// restriction returns the functions that parameter param may be when
// condition e is nonzero: e == f (either way round) allows f alone, | and
// || the union of their operands', & and && the intersection, and any
// other condition any function.
func (l *lowerer) restriction(e *clang.Node, param string) funcSet {
	e = stripCasts(e)
	if e == nil || e.Kind != "BinaryOperator" {
		return anyFunc
	}
	switch e.Opcode {
	case "|", "||":
		return l.restriction(e.Child(0), param).union(l.restriction(e.Child(1), param))
	case "&", "&&":
		return l.restriction(e.Child(0), param).meet(l.restriction(e.Child(1), param))
	case "==":
		x, y := e.Child(0), e.Child(1)
		if !refersTo(x, param) {
			x, y = y, x
		}
		if fn := l.namedFunc(y); fn != nil && refersTo(x, param) {
			return funcSet{fns: []*clang.Node{fn}}
		}
	}
	return anyFunc
}

// refersTo reports whether an expression is the declaration id, read.
func refersTo(n *clang.Node, id string) bool {
	s := stripCasts(n)
	return s != nil && s.Kind == "DeclRefExpr" && s.Referenced != nil && s.Referenced.ID == id
}

// preconditions returns the conditions of the __requires statements at
// the top of the kernel's body, which hold when the kernel starts.
func (l *lowerer) preconditions() []*clang.Node {
	var out []*clang.Node
	for _, s := range l.fn.Body().Inner {
		s = strip(s)
		if s == nil || s.Kind != "CallExpr" || len(s.Inner) != 2 {
			continue
		}
		if c := strip(s.Child(0)); c != nil && c.Kind == "DeclRefExpr" && c.Referenced != nil && c.Referenced.Name == "__requires" {
			if d := l.tu.Decl(c.Referenced.ID); d == nil || l.tu.InPrelude(clang.DeclFile(d)) {
				out = append(out, s.Child(1))
			}
		}
	}
	return out
}

// paramFuncs returns what a function pointer parameter of the kernel
// points to: one of the functions the kernel's __requires allow it, which
// one a uniform parameter of its own (name.fn), or any function when they
// do not restrict it or it is assigned in the kernel (they then speak of
// its new value).
func (l *lowerer) paramFuncs(p *clang.Node, name string, modified bool, at protocol.Pos) *ptrv {
	s := anyFunc
	if !modified {
		for _, c := range l.preconditions() {
			s = s.meet(l.restriction(c, p.ID))
		}
	}
	if s.any || len(s.fns) == 0 {
		return unknownPtr("a function pointer parameter of the kernel, which no __requires restricts to known functions")
	}
	out := &ptrv{}
	var sel *Var
	if len(s.fns) > 1 {
		sel = l.newVar(at, l.name(name+".fn"), I32, Param)
		l.stable[sel] = true
	}
	for i, fn := range s.fns {
		pl := l.funcPlace(fn)
		if i < len(s.fns)-1 {
			pl.guard = &Binary{At: at, Op: "==", X: &Ref{At: at, Var: sel}, Y: &Const{At: at, T: I32, Int: int64(i)}, T: BoolT}
		}
		out.alts = append(out.alts, pl)
	}
	return out
}

package cudagen

import "fmt"

// typecheck checks that a program is C++ that clang accepts, as far as the
// AST can say: every variable is declared before its use in an enclosing
// scope, names are unique, types match (exactly where a strict template
// such as min or atomicAdd needs it), assignments have lvalues, break and
// continue are inside loops (break also in switches), __shared__
// declarations are at the top level of the kernel, non-void functions end
// with a return, and callees precede their callers. Lambdas are only held
// in locals and called; their bodies read only their parameters, the
// locals they capture and launch builtins. Statement expressions declare
// and update their own scalars. Byte pointers are only arguments of
// memcpy and memset, which stand alone as statements. Structs with default
// member initializers are neither __shared__ nor kernel parameters.
func typecheck(p *Program) (ti *typeInfo, err error) {
	c := &checker{prog: p, names: map[string]bool{}, decl: map[*Var]bool{}, lamRet: map[*Var]*Type{}, lamParams: map[*Var][]*Var{},
		info: &typeInfo{types: map[Expr]*Type{}, lvals: map[Expr]bool{}}}
	defer func() {
		if r := recover(); r != nil {
			e, ok := r.(typeError)
			if !ok {
				panic(r)
			}
			ti, err = nil, e
		}
	}()
	tmpls := map[*Template]bool{}
	for _, s := range p.Structs {
		if s.Tmpl == nil || !tmpls[s.Tmpl] {
			c.name(s.Name) // the instances of a template share its name
		}
		if s.Tmpl != nil {
			tmpls[s.Tmpl] = true
			if s.Tmpl.T != (s.TArg != nil) {
				c.fail("template %s without its type argument", s.Name)
			}
		}
		fields := map[string]bool{}
		for _, f := range s.Fields {
			if fields[f.Name] || f.T.wide() || !f.T.arith() && !ptrArrayField(f) && !memberField(s, f) || (f.Arr && f.Len < 1) || f.Def && (f.Arr || f.T.K != KInt && f.T.K != KUint) {
				c.fail("bad field %s.%s", s.Name, f.Name)
			}
			fields[f.Name] = true
		}
	}
	c.globals()
	for _, s := range p.Structs {
		c.ctors(s)
	}
	for i, f := range p.Funcs {
		c.name(f.Name)
		c.function(f, i)
	}
	c.name(p.Kernel.Name)
	if p.Kernel.Ret.K != KVoid || p.Kernel.RetRef {
		c.fail("kernel returns a value")
	}
	c.function(p.Kernel, len(p.Funcs))
	return c.info, c.err
}

// typeInfo holds the static type of every expression and whether it is
// an lvalue.
type typeInfo struct {
	types map[Expr]*Type
	lvals map[Expr]bool
}

type typeError string

func (e typeError) Error() string { return string(e) }

type checker struct {
	prog      *Program
	names     map[string]bool // struct and function names
	locals    map[string]bool // names of the current function
	decl      map[*Var]bool   // variables declared anywhere so far
	scopes    []map[*Var]bool
	ctx       []byte // enclosing 'l'oops and 's'witches
	fn        *Func
	fnIdx     int
	err       error
	info      *typeInfo
	lamRet    map[*Var]*Type // the return type of each lambda local
	lamParams map[*Var][]*Var
	// globalScope holds the variables of namespace scope
	globalScope map[*Var]bool
}

// hasDefaults says whether a struct has default member initializers.
func hasDefaults(t *Type) bool {
	if t.K != KStruct {
		return false
	}
	for _, f := range t.S.Fields {
		if f.Def {
			return true
		}
	}
	return false
}

func (c *checker) fail(format string, args ...any) {
	panic(typeError(fmt.Sprintf(format, args...)))
}

func (c *checker) name(n string) {
	if n == "" || c.names[n] {
		c.fail("duplicate name %q", n)
	}
	c.names[n] = true
}

func (c *checker) declare(v *Var) {
	if c.decl[v] {
		c.fail("variable %s declared twice", v.Name)
	}
	if c.locals[v.Name] || c.names[v.Name] {
		c.fail("duplicate name %q", v.Name)
	}
	c.decl[v] = true
	c.locals[v.Name] = true
	c.scopes[len(c.scopes)-1][v] = true
}

func (c *checker) visible(v *Var) bool {
	for _, s := range c.scopes {
		if s[v] {
			return true
		}
	}
	return false
}

func (c *checker) push() { c.scopes = append(c.scopes, map[*Var]bool{}) }
func (c *checker) pop()  { c.scopes = c.scopes[:len(c.scopes)-1] }

func (c *checker) function(f *Func, idx int) {
	c.fn, c.fnIdx = f, idx
	c.locals = map[string]bool{}
	c.scopes = []map[*Var]bool{c.globalScope}
	c.ctx = nil
	c.push()
	kernel := f == c.prog.Kernel
	for _, v := range f.Params {
		if v.T.wide() || v.T.K == KPtr && v.T.Elem.wide() {
			c.fail("parameter %s of a 64-bit type", v.Name)
		}
		switch {
		case v.Kind == VRef && !kernel && v.T.arith():
		case v.Kind == VLocal && (v.T.arith() || v.T.K == KPtr || v.T.K == KStruct) && !(kernel && (hasDefaults(v.T) || specialType(v.T))):
		default:
			c.fail("bad parameter %s", v.Name)
		}
		if kernel {
			if !v.Param {
				c.fail("kernel parameter %s not marked", v.Name)
			}
			if v.T.K == KPtr && (v.Len < 1 || v.T.Elem.K == KPtr) {
				c.fail("bad pointer parameter %s", v.Name)
			}
			if v.T.K != KPtr && len(v.Vals) != valueCount(v) {
				c.fail("parameter %s has no value", v.Name)
			}
		}
		c.declare(v)
	}
	c.push()
	for i, s := range f.Body.Stmts {
		if d, ok := s.(*Decl); ok && (d.V.Kind == VShared || d.V.Kind == VDyn) {
			if !kernel {
				c.fail("__shared__ outside the kernel")
			}
			c.declare(d.V)
			c.sharedDecl(d.V)
			continue
		}
		c.stmt(s)
		_ = i
	}
	c.pop()
	c.pop()
	if f.Ret.K != KVoid {
		n := len(f.Body.Stmts)
		if n == 0 {
			c.fail("%s does not return", f.Name)
		}
		if _, ok := f.Body.Stmts[n-1].(*Return); !ok {
			c.fail("%s does not end with a return", f.Name)
		}
	}
}

func (c *checker) sharedDecl(v *Var) {
	if v.Kind == VDyn {
		if v.T.K != KInt {
			c.fail("dynamic shared array of %s", v.T)
		}
		return
	}
	if !(v.T.arith() && v.T.K != KBool) && v.T.K != KStruct && !v.T.halfish() || hasDefaults(v.T) || specialType(v.T) {
		c.fail("shared of %s", v.T)
	}
	if len(v.Dims) > 2 {
		c.fail("shared array of %d dimensions", len(v.Dims))
	}
	for _, n := range v.Dims {
		if n < 1 {
			c.fail("empty shared array %s", v.Name)
		}
	}
}

func (c *checker) block(b *Block) {
	c.push()
	for _, s := range b.Stmts {
		c.stmt(s)
	}
	c.pop()
}

func (c *checker) inLoop() bool {
	for _, k := range c.ctx {
		if k == 'l' {
			return true
		}
	}
	return false
}

func (c *checker) stmt(s Stmt) {
	switch s := s.(type) {
	case *Decl:
		v := s.V
		if v.T.wide() || v.T.K == KPtr && v.T.Elem.wide() {
			c.fail("%s of a 64-bit type (only casts have one)", v.Name)
		}
		switch v.Kind {
		case VLocal:
			if v.T.K == KStruct {
				// "S v;" or "S v = w;", or "S v(a, b);" (genctor.go)
				c.structLocal(v, s.Init)
				break
			}
			if s.Init == nil || !(v.T.arith() || v.T.K == KPtr || v.T.halfish()) || v.T.K == KBool {
				c.fail("bad local %s", v.Name)
			}
			c.assignable(v.T, s.Init)
		case VAtomRef:
			t, lv := c.expr(s.Init)
			if v.T.K != KAtomRef || !lv || !sameType(t, v.T.Elem) || t.K != KInt && t.K != KUint {
				c.fail("atomic_ref %s bound to %s", v.Name, t)
			}
		case VLambda:
			l, ok := s.Init.(*Lambda)
			if !ok {
				c.fail("lambda %s without a lambda", v.Name)
			}
			c.lambda(v, l)
		case VFnPtr:
			if v.T.K != KFnPtr {
				c.fail("function pointer %s of type %s", v.Name, v.T)
			}
			c.fnValue(v.T, s.Init)
		case VRef:
			t, lv := c.expr(s.Init)
			if !lv || !sameType(t, v.T) || !v.T.arith() {
				c.fail("reference %s bound to a non-lvalue or another type", v.Name)
			}
		case VLocalArr:
			if s.Init != nil || len(v.Dims) != 1 || v.Dims[0] < 1 || !v.T.arith() && !(specialType(v.T) && defaultConstructible(v.T.S)) {
				c.fail("bad local array %s", v.Name)
			}
		default:
			c.fail("__shared__ %s not at the top of the kernel", v.Name)
		}
		c.declare(v)
	case *Assign:
		if r, ok := s.L.(*VarRef); ok && r.V.Kind == VFnPtr {
			if !c.visible(r.V) || s.Op != "=" {
				c.fail("bad assignment to function pointer %s", r.V.Name)
			}
			c.fnValue(r.V.T, s.R)
			break
		}
		t, lv := c.expr(s.L)
		if !lv || !(t.arith() || t.K == KPtr || t.K == KStruct && s.Op == "=" || t.halfish()) {
			c.fail("assignment to a non-lvalue")
		}
		if t.halfish() {
			// __half's operators: =, +=, -=, *=, /= of one half type
			switch s.Op {
			case "=", "+=", "-=", "*=", "/=":
			default:
				c.fail("%s on %s", s.Op, t)
			}
			c.assignable(t, s.R)
			break
		}
		switch s.Op {
		case "=":
			c.assignable(t, s.R)
		case "+=", "-=":
			r, _ := c.expr(s.R)
			if t.K == KPtr {
				if !r.integral() {
					c.fail("pointer += non-integer")
				}
			} else if !r.arith() {
				c.fail("bad compound assignment")
			}
		case "*=", "/=":
			r, _ := c.expr(s.R)
			if !t.arith() || !r.arith() {
				c.fail("bad compound assignment")
			}
		case "%=", "&=", "|=", "^=", "<<=", ">>=":
			r, _ := c.expr(s.R)
			if !t.integral() || !r.integral() {
				c.fail("bad compound assignment")
			}
		default:
			c.fail("operator %s", s.Op)
		}
	case *IncDec:
		t, lv := c.expr(s.L)
		if !lv || !(t.integral() || t.K == KPtr) || t.K == KBool {
			c.fail("%s of a non-lvalue", s.Op)
		}
	case *ExprStmt:
		if m, ok := s.X.(*MemOp); ok {
			c.memOp(m)
			break
		}
		if m, ok := s.X.(*LayoutOp); ok {
			c.layoutOp(m)
			break
		}
		c.expr(s.X)
	case *If:
		c.cond(s.C)
		c.block(s.Then)
		if s.Else != nil {
			c.block(s.Else)
		}
	case *For:
		c.push()
		if s.Init != nil {
			switch s.Init.(type) {
			case *Decl, *Assign:
			default:
				c.fail("bad for init")
			}
			c.stmt(s.Init)
		}
		c.cond(s.C)
		if s.Post != nil {
			switch s.Post.(type) {
			case *Assign, *IncDec:
			default:
				c.fail("bad for post")
			}
			c.stmt(s.Post)
		}
		c.ctx = append(c.ctx, 'l')
		c.block(s.Body)
		c.ctx = c.ctx[:len(c.ctx)-1]
		c.pop()
	case *While:
		c.cond(s.C)
		c.ctx = append(c.ctx, 'l')
		c.block(s.Body)
		c.ctx = c.ctx[:len(c.ctx)-1]
	case *DoWhile:
		c.ctx = append(c.ctx, 'l')
		c.block(s.Body)
		c.ctx = c.ctx[:len(c.ctx)-1]
		c.cond(s.C)
	case *Switch:
		t, _ := c.expr(s.X)
		if !t.integral() {
			c.fail("switch on %s", t)
		}
		seen := map[int64]bool{}
		def := false
		for _, k := range s.Cases {
			if k.Default {
				if def {
					c.fail("two defaults")
				}
				def = true
			}
			if len(k.Vals) == 0 && !k.Default {
				c.fail("case without label")
			}
			for _, v := range k.Vals {
				if seen[v] {
					c.fail("duplicate case %d", v)
				}
				seen[v] = true
			}
			c.ctx = append(c.ctx, 's')
			c.block(&Block{Stmts: k.Body})
			c.ctx = c.ctx[:len(c.ctx)-1]
		}
	case *Break:
		if len(c.ctx) == 0 {
			c.fail("break outside a loop or switch")
		}
	case *Continue:
		if !c.inLoop() {
			c.fail("continue outside a loop")
		}
	case *Return:
		f := c.fn
		switch {
		case f.Ret.K == KVoid:
			if s.X != nil {
				c.fail("return with a value in a void function")
			}
		case s.X == nil:
			c.fail("return without a value")
		case f.RetRef:
			t, lv := c.expr(s.X)
			if !lv || !sameType(t, f.Ret) {
				c.fail("reference return of a non-lvalue")
			}
			if isLocalLvalue(s.X) {
				c.fail("reference to a local returned")
			}
		default:
			c.assignable(f.Ret, s.X)
		}
	case *Sync:
		if s.Op == pairRequires && (len(s.Invs) != 1 || !s.Invs[0].Binary || len(s.Invs[0].Insts) != 0) {
			c.fail("a precondition about pairs is one binary condition")
		}
		if s.Op != "__syncthreads" && s.Op != "__syncwarp" && s.Op != gridSync && s.Op != pairRequires || s.Mask != 0 && s.Op != "__syncwarp" {
			c.fail("sync %s", s.Op)
		}
		if len(s.Invs) > 0 && s.Op != "__syncthreads" && s.Op != pairRequires {
			c.fail("a barrier invariant before %s", s.Op)
		}
		for _, inv := range s.Invs {
			c.cond(inv.C)
			for _, e := range inv.Insts {
				c.expr(e)
			}
		}
	case *Block:
		c.block(s)
	default:
		c.fail("statement %T", s)
	}
}

// isLocalLvalue: an lvalue naming a local variable of the function (a
// reference to it must not be returned).
func isLocalLvalue(e Expr) bool {
	switch e := e.(type) {
	case *VarRef:
		return e.V.Kind == VLocal
	case *Cond:
		return isLocalLvalue(e.X) || isLocalLvalue(e.Y)
	case *Member:
		return isLocalLvalue(e.X)
	}
	return false
}

func (c *checker) cond(e Expr) {
	t, _ := c.expr(e)
	if !t.integral() {
		c.fail("condition of type %s", t)
	}
}

func (c *checker) assignable(to *Type, e Expr) {
	t, lv := c.expr(e)
	switch {
	case to.arith() && t.arith():
	case to.K == KPtr && sameType(to, t):
	case to.K == KStruct && sameType(to, t) && lv:
	case to.halfish() && sameType(to, t):
	default:
		c.fail("cannot convert %s to %s", t, to)
	}
}

// promote is the integral promotion.
func promote(t *Type) *Type {
	switch t.K {
	case KBool, KUChar, KShort:
		return tInt
	}
	return t
}

// usual is the usual arithmetic conversion of two arithmetic types.
func usual(a, b *Type) *Type {
	if a.halfish() && sameType(a, b) {
		return a // __half's operators: no conversion
	}
	a, b = promote(a), promote(b)
	switch {
	case a.K == KFloat || b.K == KFloat:
		return tFloat
	case a.K == KULong || b.K == KULong:
		return tULong
	case a.K == KLong || b.K == KLong:
		// long long holds every unsigned value
		return tLong
	case a.K == KUint || b.K == KUint:
		return tUint
	}
	return tInt
}

// expr returns the type of an expression and whether it is an lvalue.
// Arrays decay to pointers (and are not lvalues).
func (c *checker) expr(e Expr) (*Type, bool) {
	if _, ok := c.info.types[e]; ok {
		c.fail("expression node shared between two places")
	}
	t, lv := c.expr0(e)
	c.info.types[e] = t
	c.info.lvals[e] = lv
	return t, lv
}

func (c *checker) expr0(e Expr) (*Type, bool) {
	switch e := e.(type) {
	case *Lit:
		if !e.T.arith() || e.T.K == KUChar || e.T.K == KShort || e.T.wide() {
			c.fail("literal of %s", e.T)
		}
		if e.T.K == KInt && (e.I < -1<<31 || e.I >= 1<<31) || e.T.K == KUint && (e.I < 0 || e.I >= 1<<32) {
			c.fail("literal out of range")
		}
		return e.T, false
	case *Builtin:
		if e.Dim < 0 || e.Dim > 2 {
			c.fail("builtin dimension")
		}
		switch e.Name {
		case "threadIdx", "blockIdx", "blockDim", "gridDim":
		case "warpSize", otherTid:
			return tInt, false
		default:
			c.fail("builtin %s", e.Name)
		}
		return tUint, false
	case *VarRef:
		v := e.V
		if !c.visible(v) {
			c.fail("%s used out of scope", v.Name)
		}
		if v.isArray() {
			if len(v.Dims) == 2 {
				c.fail("two-dimensional %s used whole", v.Name)
			}
			return ptrTo(v.T), false
		}
		if v.Kind == VLambda || v.Kind == VFnPtr {
			c.fail("%s used but not called", v.Name)
		}
		return v.T, true
	case *Index:
		t, _ := c.expr(e.X)
		if t.K != KPtr {
			c.fail("index of a non-pointer")
		}
		c.integral(e.I)
		return t.Elem, true
	case *Index2:
		if !c.visible(e.V) || len(e.V.Dims) != 2 {
			c.fail("bad two-dimensional index")
		}
		c.integral(e.I)
		c.integral(e.J)
		return e.V.T, true
	case *Row:
		if !c.visible(e.V) || len(e.V.Dims) != 2 {
			c.fail("bad row of a two-dimensional array")
		}
		c.integral(e.I)
		return ptrTo(e.V.T), false
	case *Member:
		t, lv := c.expr(e.X)
		if t.K != KStruct || !lv {
			c.fail("member of a non-struct")
		}
		found := false
		for _, f := range t.S.Fields {
			found = found || f == e.F
		}
		if !found {
			c.fail("no field %s", e.F.Name)
		}
		if e.F.Arr {
			return ptrTo(e.F.T), false
		}
		return e.F.T, true
	case *Deref:
		t, _ := c.expr(e.X)
		if t.K != KPtr {
			c.fail("dereference of a non-pointer")
		}
		return t.Elem, true
	case *AddrOf:
		t, lv := c.expr(e.X)
		if !lv {
			c.fail("address of a non-lvalue")
		}
		return ptrTo(t), false
	case *Unary:
		t, _ := c.expr(e.X)
		switch e.Op {
		case "-":
			if !t.arith() {
				c.fail("negation of %s", t)
			}
			return promote(t), false
		case "~":
			if !t.integral() {
				c.fail("~ of %s", t)
			}
			return promote(t), false
		case "!":
			if !t.arith() {
				c.fail("! of %s", t)
			}
			return tBool, false
		}
		c.fail("unary %s", e.Op)
	case *Binary:
		x, _ := c.expr(e.X)
		y, _ := c.expr(e.Y)
		if t, ok := halfBinary(e.Op, x, y); ok {
			return t, false
		}
		switch e.Op {
		case "+", "-":
			if x.K == KPtr && y.integral() {
				return x, false
			}
			if !x.arith() || !y.arith() {
				c.fail("%s of %s and %s", e.Op, x, y)
			}
			return usual(x, y), false
		case "*", "/":
			if !x.arith() || !y.arith() {
				c.fail("%s of %s and %s", e.Op, x, y)
			}
			return usual(x, y), false
		case "%", "&", "|", "^":
			if !x.integral() || !y.integral() {
				c.fail("%s of %s and %s", e.Op, x, y)
			}
			return usual(x, y), false
		case "<<", ">>":
			if !x.integral() || !y.integral() {
				c.fail("%s of %s and %s", e.Op, x, y)
			}
			return promote(x), false
		case "<", "<=", ">", ">=", "==", "!=", "&&", "||":
			if !x.arith() || !y.arith() {
				c.fail("%s of %s and %s", e.Op, x, y)
			}
			return tBool, false
		}
		c.fail("binary %s", e.Op)
	case *Cond:
		c.cond(e.C)
		x, lx := c.expr(e.X)
		y, ly := c.expr(e.Y)
		switch {
		case lx && ly && sameType(x, y) && x.arith():
			return x, true
		case x.arith() && y.arith():
			return usual(x, y), false
		case (x.K == KPtr || x.K == KFnPtr) && sameType(x, y):
			return x, false
		}
		c.fail("?: of %s and %s", x, y)
	case *Cast:
		t, _ := c.expr(e.X)
		if !t.arith() || !e.T.arith() || e.T.K == KBool {
			c.fail("cast of %s to %s", t, e.T)
		}
		if (t.wide() || e.T.wide()) && (t.K == KFloat || e.T.K == KFloat) {
			c.fail("cast of %s to %s (64-bit types stay integral)", t, e.T)
		}
		return e.T, false
	case *VecLane:
		t, _ := c.expr(e.X)
		if t.K != KPtr || (t.Elem.K != KInt && t.Elem.K != KFloat) || e.Lane < 0 || e.Lane > 3 {
			c.fail("reinterpret_cast of %s", t)
		}
		c.integral(e.I)
		return t.Elem, true
	case *FnRef:
		c.defined(e.F)
		return &Type{K: KFnPtr, Fn: e.F}, false
	case *Call:
		c.defined(e.F)
		if v := e.Via; v != nil && (!c.visible(v) || v.Kind != VFnPtr || !sameSig(v.T.Fn, e.F)) {
			c.fail("call through %s, not a function pointer in scope of %s's signature", v.Name, e.F.Name)
		}
		if len(e.Args) != len(e.F.Params) {
			c.fail("call of %s with %d arguments", e.F.Name, len(e.Args))
		}
		for i, a := range e.Args {
			p := e.F.Params[i]
			if p.Kind == VRef {
				t, lv := c.expr(a)
				if !lv || !sameType(t, p.T) {
					c.fail("reference argument of another type or not an lvalue")
				}
			} else {
				c.assignable(p.T, a)
			}
		}
		return e.F.Ret, e.F.RetRef
	case *MinMax:
		x, _ := c.expr(e.X)
		y, _ := c.expr(e.Y)
		if !sameType(x, y) || (x.K != KInt && x.K != KUint && x.K != KFloat) {
			c.fail("min/max of %s and %s", x, y)
		}
		return x, false
	case *Atomic:
		t, _ := c.expr(e.P)
		if t.K != KPtr {
			c.fail("atomic on a non-pointer")
		}
		el := t.Elem
		switch el.K {
		case KInt, KUint:
		case KFloat:
			if e.Op != "Add" && e.Op != "Exch" {
				c.fail("atomic%s on float", e.Op)
			}
		default:
			c.fail("atomic on %s", el)
		}
		if (e.Op == "Inc" || e.Op == "Dec") && el.K != KUint {
			c.fail("atomic%s on %s", e.Op, el)
		}
		v, _ := c.expr(e.V)
		if !sameType(v, el) {
			c.fail("atomic%s value of type %s on %s", e.Op, v, el)
		}
		if (e.Op == "CAS") != (e.W != nil) {
			c.fail("atomic arity")
		}
		if e.W != nil {
			w, _ := c.expr(e.W)
			if !sameType(w, el) {
				c.fail("atomicCAS value of type %s", w)
			}
		}
		switch e.Op {
		case "Add", "Sub", "Exch", "Min", "Max", "And", "Or", "Xor", "Inc", "Dec", "CAS":
		default:
			c.fail("atomic%s", e.Op)
		}
		return el, false
	case *SyncPred:
		c.cond(e.X)
		switch e.Op {
		case "count", "and", "or":
		default:
			c.fail("__syncthreads_%s", e.Op)
		}
		return tInt, false
	case *StmtExpr:
		c.push()
		for _, s := range e.Stmts {
			switch s := s.(type) {
			case *Decl:
				if s.V.Kind != VLocal || !s.V.T.arith() {
					c.fail("declaration of %s in a statement expression", s.V.Name)
				}
			case *Assign, *IncDec:
			default:
				c.fail("%T in a statement expression", s)
			}
			c.stmt(s)
		}
		t, _ := c.expr(e.X)
		c.pop()
		if !t.arith() {
			c.fail("statement expression of type %s", t)
		}
		return t, false
	case *LambdaCall:
		if !c.visible(e.F) || e.F.Kind != VLambda || c.lamRet[e.F] == nil {
			c.fail("call of %s, not a lambda in scope", e.F.Name)
		}
		ps := c.lamParams[e.F]
		if len(e.Args) != len(ps) {
			c.fail("call of %s with %d arguments", e.F.Name, len(e.Args))
		}
		for i, a := range e.Args {
			c.assignable(ps[i].T, a)
		}
		return c.lamRet[e.F], false
	case *HCall, *AtomOp:
		return c.hexpr(e)
	case *MemOp:
		c.fail("memcpy or memset inside an expression")
	case *LayoutOp:
		c.fail("layout access inside an expression")
	case *ByteAddr:
		c.fail("byte pointer outside memcpy or memset")
	case *Lambda:
		c.fail("lambda outside a declaration")
	}
	c.fail("expression %T", e)
	return nil, false
}

// defined checks that a device function is defined before the function
// being checked uses it.
func (c *checker) defined(f *Func) {
	for i, g := range c.prog.Funcs {
		if g == f && i < c.fnIdx {
			return
		}
	}
	c.fail("use of %s before its definition", f.Name)
}

// fnValue checks a value given to a function pointer of type t: a
// function's address, or a ?: of such values, of t's signature.
func (c *checker) fnValue(t *Type, e Expr) {
	var shape func(e Expr) bool
	shape = func(e Expr) bool {
		switch e := e.(type) {
		case *FnRef:
			return true
		case *Cond:
			return shape(e.X) && shape(e.Y)
		}
		return false
	}
	if e == nil || !shape(e) {
		c.fail("function pointer given %T", e)
	}
	if et, _ := c.expr(e); !sameType(et, t) {
		c.fail("function pointer of type %s given %s", t, et)
	}
}

func (c *checker) integral(e Expr) {
	t, _ := c.expr(e)
	if !t.integral() {
		c.fail("index of type %s", t)
	}
}

// lambda checks a lambda held by v: its body reads its parameters, locals
// it captures (scalars and structs) and launch builtins, through
// arithmetic only.
func (c *checker) lambda(v *Var, l *Lambda) {
	if _, ok := c.info.types[l]; ok {
		c.fail("expression node shared between two places")
	}
	c.info.types[l] = tVoid
	c.push()
	params := map[*Var]bool{}
	for _, p := range l.Params {
		if p.Kind != VLocal || !p.T.arith() {
			c.fail("lambda parameter %s", p.Name)
		}
		c.declare(p)
		params[p] = true
	}
	t, _ := c.expr(l.Body)
	c.pop()
	if !t.arith() {
		c.fail("lambda returning %s", t)
	}
	walkExpr(l.Body, func(e Expr) {
		switch e := e.(type) {
		case *VarRef:
			w := e.V
			if !params[w] && !((w.Kind == VLocal || w.Kind == VRef) && (w.T.arith() || w.T.K == KStruct)) {
				c.fail("lambda %s reads %s", v.Name, w.Name)
			}
		case *Lit, *Builtin, *Member, *Unary, *Binary, *Cast, *MinMax:
		case *Cond:
			if c.info.lvals[e] {
				c.fail("lvalue ?: in lambda %s", v.Name)
			}
		default:
			c.fail("%T in lambda %s", e, v.Name)
		}
	})
	// the return type is deduced from "return Body;"
	c.lamRet[v] = t
	c.lamParams[v] = l.Params
}

// memOp checks memcpy or memset: pointers (or byte pointers) and an
// integral size and byte.
func (c *checker) memOp(m *MemOp) {
	if _, ok := c.info.types[m]; ok {
		c.fail("expression node shared between two places")
	}
	c.info.types[m] = tVoid
	if m.Ghost {
		d, ok1 := m.Dst.(*VarRef)
		s, ok2 := m.Src.(*VarRef)
		if !ok1 || !ok2 || d.V.Kind != VLocalArr || !s.V.Elect || len(d.V.Dims) != 1 || len(s.V.Dims) != 1 || d.V.Dims[0] != s.V.Dims[0] || *d.V.T != *s.V.T {
			c.fail("__array_snapshot of other than an array of election cells into a local array like it")
		}
		c.expr(m.Dst)
		c.expr(m.Src)
		c.integral(m.N)
		return
	}
	c.ptrArg(m.Dst)
	if m.Set {
		c.integral(m.Src)
	} else {
		c.ptrArg(m.Src)
	}
	c.integral(m.N)
}

func (c *checker) ptrArg(e Expr) {
	if b, ok := e.(*ByteAddr); ok {
		if _, ok := c.info.types[b]; ok {
			c.fail("expression node shared between two places")
		}
		t, _ := c.expr(b.X)
		if t.K != KPtr || !(t.Elem.arith() || t.Elem.K == KStruct) {
			c.fail("(char *) of %s", t)
		}
		if b.Off != nil {
			c.integral(b.Off)
		}
		c.info.types[b] = ptrTo(&Type{K: KChar})
		return
	}
	t, _ := c.expr(e)
	if t.K != KPtr || !(t.Elem.arith() || t.Elem.K == KStruct) {
		c.fail("memcpy or memset of %s", t)
	}
}

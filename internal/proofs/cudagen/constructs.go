package cudagen

import "sort"

// Constructs lists the constructs a case's kernel uses, by name (see
// ConstructNames). It is computed from the kernel itself, so shrunk cases
// report what they still contain.
func Constructs(c *Case) []string {
	if c == nil || c.prog == nil {
		return nil
	}
	set := constructs(c.prog)
	var out []string
	for k := range set {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// ConstructNames are the constructs the generator aims to cover; the
// coverage test checks that each appears in a fair share of kernels.
var ConstructNames = []string{
	// index arithmetic and parameters
	"threadIdx.x", "threadIdx.y", "blockIdx.x", "blockDim.x", "gridDim.x",
	"param int", "param unsigned", "param struct",
	"grid > 1", "block 2D",
	// loops
	"for ++", "for --", "for += k", "for -= k", "for *= 2", "for >>= 1", "for /= 2",
	"loop <", "loop <=", "loop >", "loop >=", "loop !=", "loop &&",
	"while", "do-while", "persistent loop with barrier", "loop var after loop", "block-stride loop", "grid-stride loop", "halving loop with barrier",
	"sticky guard",
	"induction variable",
	// control flow
	"if", "else", "else if", "switch", "switch fallthrough", "switch default", "early return",
	"break", "continue",
	// functions, references, pointers
	"fn by value", "fn struct by value", "fn by reference", "fn by pointer", "fn returns value", "fn returns reference",
	"reference", "reference to ?:", "pointer local", "pointer reassigned", "pointer + int", "pointer += / ++", "*(p + i)", "&a[i]",
	// structs
	"struct field assign", "struct param field index", "struct array shared", "struct array global", "array member",
	"atomic on a field", "row pointer", "nested call",
	// casts
	"(unsigned char)", "(short)", "(int)", "(unsigned)", "(float)", "float -> int", "reinterpret int4", "reinterpret float4",
	// conditional operator
	"?: value", "?: lvalue", "?: pointer",
	// assignments
	"+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>=", "++/--",
	// arithmetic
	"unsigned arith", "unsigned wrap", "wrap then modulo", "&", "|", "^", "<<", ">>", "%", "/", "min", "max", "!", "&&", "||",
	// atomics
	"atomicAdd", "atomicSub", "atomicExch", "atomicMin", "atomicMax", "atomicAnd", "atomicOr", "atomicXor",
	"atomicInc", "atomicDec", "atomicCAS", "atomic shared", "atomic global", "atomic old value",
	// memory
	"shared 1D", "shared 2D", "shared scalar", "extern shared", "global int", "global unsigned", "global float",
	"local array", "float local", "data-dependent index", "input array",
	// barriers
	"__syncthreads", "barrier in loop", "barrier in if", "barrier in fn", "__syncwarp", "__syncthreads_count",
	"__syncthreads_or/and", "read of own write", "own value as index", "barrier invariant", "array snapshot", "precondition about pairs", "precondition fixing a parameter", "precondition on the block size", "precondition on the grid size", "namespace constant", "int counter, unsigned bound",
	// warps
	"warps of 2-8", "several warps", "warpSize", "__syncwarp(0xffffffff)", "__syncwarp in loop", "__syncwarp in if",
	"warp barrier, several warps", "grid.sync()",
	// bytes
	"memcpy", "memset", "memcpy/memset (char *) + k", "memcpy/memset partial word", "memcpy/memset local",
	// C++ and GNU extensions
	"statement expression", "default member initializer", "lambda [=]", "lambda [&]", "lambda capture changed",
	"struct assign local", "struct assign to array",
	// function pointers (genfnptr.go)
	"fn pointer call", "fn pointer (*fp)()", "fn pointer ?:", "fn pointer reassigned", "fn pointer &f",
	// atomic counters (gencounter.go)
	"atomic counter", "counter in if", "counter in loop", "work queue", "counter by k > 1",
	"counter % m", "counter reset", "counter atomicSub", "counter per block", "two counters",
	"shared counter", "shared counter, global slots", "shared counter reset",
	// namespace scope and arrays of pointers (genglobal.go, genptrarr.go)
	"host variable", "device variable", "struct param pointer array", "pointer array, variable element",
	// leader elections (genelect.go)
	"uniform read after barrier", "election in a branch", "election in a loop", "count in memory", "double buffer",
	// sorting networks (genpow2.go)
	"power-of-two loop", "bitonic network", "xor partner",
	// layouts (genlayout.go)
	"layout __align__", "layout alignas field", "layout enum field", "layout #pragma pack", "union other member", "sub-word store",
	"memset vs typed store",
	// wrap-around indices (genwrap.go)
	"wrap-around index", "wrap guard", "negative to unsigned", "large unsigned param", "64-bit cast", "symbolic param",
	// class templates (gentmpl.go)
	"struct template", "struct template param", "template int parameter", "two template instances",
	// constructors (genctor.go)
	"ctor default", "ctor args", "ctor args {}", "ctor copy", "ctor copy template", "ctor member", "ctor base",
	"ctor array", "ctor memory", "ctor init order",
	// host programs (genhost.go)
	"host program", "host cudaLaunchKernel", "host wrapper", "host wrapper called twice", "host alias",
	"host alias at an offset", "host alias reassigned after cudaMalloc", "host alias on a branch",
	"host argument array changed", "host struct of pointers", "host struct alias", "host narrowing argument",
	"host hidden value", "host size from a variable",
}

func constructs(p *Program) map[string]bool {
	set := map[string]bool{}
	add := func(k string) { set[k] = true }
	ti, _ := typecheck(p)
	scopeConstructs(p, add)
	ctorConstructs(p, add)
	hostConstructs(p, add)
	if p.blocks() > 1 {
		add("grid > 1")
	}
	if p.namedConsts() {
		add("namespace constant")
	}
	if p.warp() < 32 {
		add("warps of 2-8")
	}
	if p.threads() > p.warp() {
		add("several warps")
	}
	if p.Block[1] > 1 || p.Block[2] > 1 {
		add("block 2D")
	}
	for _, v := range p.Kernel.Params {
		switch v.T.K {
		case KInt:
			add("param int")
		case KUint:
			add("param unsigned")
		case KStruct:
			add("param struct")
		case KPtr:
			if v.Name == "sink" {
				break
			}
			switch v.T.Elem.K {
			case KInt:
				add("global int")
			case KUint:
				add("global unsigned")
			case KFloat:
				add("global float")
			case KStruct:
				add("struct array global")
			}
			if v.Input {
				add("input array")
			}
		}
	}
	inputs := map[*Var]bool{}
	for _, v := range p.Kernel.Params {
		if v.Input {
			inputs[v] = true
		}
	}
	for _, f := range p.Funcs {
		for _, v := range f.Params {
			switch {
			case v.Kind == VRef:
				add("fn by reference")
			case v.T.K == KPtr:
				add("fn by pointer")
			case v.T.K == KStruct:
				add("fn struct by value")
			default:
				add("fn by value")
			}
		}
		switch {
		case f.RetRef:
			add("fn returns reference")
		case f.Ret.K != KVoid:
			add("fn returns value")
		}
		hasSync := false
		walkBlock(f.Body, func(s Stmt) {
			if x, ok := s.(*Sync); ok && x.Op == "__syncthreads" {
				hasSync = true
			}
		}, nil)
		if hasSync {
			add("barrier in fn")
		}
	}
	// statements, with their nesting
	var stmts func(ss []Stmt, inLoop, inIf bool)
	var stmt func(s Stmt, inLoop, inIf bool)
	loopCond := func(c Expr) {
		walkExpr(c, func(e Expr) {
			if b, ok := e.(*Binary); ok {
				switch b.Op {
				case "<", "<=", ">", ">=", "!=":
					add("loop " + b.Op)
					if intCounterUnsignedBound(b) {
						add("int counter, unsigned bound")
					}
				case "&&":
					add("loop &&")
				}
			}
		})
	}
	declared := map[*Var]bool{}
	loopVars := map[*Var]bool{} // variables of loops declared outside them
	// condLoop counts a while or do loop: its condition, the variables the
	// condition reads, its body
	condLoop := func(c Expr, body *Block, inIf bool) {
		loopCond(c)
		walkExpr(c, func(e Expr) {
			if r, ok := e.(*VarRef); ok && declared[r.V] {
				loopVars[r.V] = true
			}
		})
		stmts(body.Stmts, true, inIf)
	}
	post := func(s Stmt) {
		switch s := s.(type) {
		case *IncDec:
			add("for " + s.Op)
		case *Assign:
			switch s.Op {
			case "+=":
				add("for += k")
			case "-=":
				add("for -= k")
			case "*=":
				add("for *= 2")
			case ">>=":
				add("for >>= 1")
			case "/=":
				add("for /= 2")
			}
		}
	}
	stmt = func(s Stmt, inLoop, inIf bool) {
		switch s := s.(type) {
		case *Decl:
			declared[s.V] = true
			switch s.V.Kind {
			case VRef:
				add("reference")
				if _, ok := s.Init.(*Cond); ok {
					add("reference to ?:")
				}
			case VLocalArr:
				add("local array")
			case VShared:
				switch {
				case s.V.T.K == KStruct:
					add("struct array shared")
				case len(s.V.Dims) == 0:
					add("shared scalar")
				case len(s.V.Dims) == 2:
					add("shared 2D")
				default:
					add("shared 1D")
				}
			case VDyn:
				add("extern shared")
			case VLocal:
				if s.V.T.K == KPtr {
					add("pointer local")
				}
				if s.V.T.K == KFloat {
					add("float local")
				}
			}
		case *Assign:
			if s.Op != "=" {
				add(s.Op)
			}
			if m, ok := s.L.(*Member); ok {
				if r, ok := m.X.(*VarRef); ok && r.V.Param {
					add("struct field assign")
				}
			}
			if ti != nil && ti.types[s.L] != nil && ti.types[s.L].K == KPtr {
				if s.Op == "=" {
					add("pointer reassigned")
				} else {
					add("pointer += / ++")
				}
			}
		case *IncDec:
			add("++/--")
			if ti != nil && ti.types[s.L] != nil && ti.types[s.L].K == KPtr {
				add("pointer += / ++")
			}
		case *If:
			add("if")
			if s.Else != nil {
				add("else")
				if len(s.Else.Stmts) == 1 {
					if _, ok := s.Else.Stmts[0].(*If); ok {
						add("else if")
					}
				}
			}
			stmts(s.Then.Stmts, inLoop, true)
			if s.Else != nil {
				stmts(s.Else.Stmts, inLoop, true)
			}
			if len(s.Then.Stmts) == 1 {
				if _, ok := s.Then.Stmts[0].(*Return); ok {
					add("early return")
				}
			}
			return
		case *For:
			if s.Init == nil || func() bool { _, ok := s.Init.(*Assign); return ok }() {
				walkExpr(s.C, func(e Expr) {
					if r, ok := e.(*VarRef); ok && declared[r.V] {
						loopVars[r.V] = true
					}
				})
			}
			if s.Init != nil {
				stmt(s.Init, inLoop, inIf)
			}
			loopCond(s.C)
			post(s.Post)
			if a, ok := s.Post.(*Assign); ok {
				walkExpr(a.R, func(e Expr) {
					if b, ok := e.(*Builtin); ok && a.Op == "+=" {
						switch b.Name {
						case "blockDim":
							add("block-stride loop")
						case "gridDim":
							add("grid-stride loop")
						}
					}
				})
				if a.Op == ">>=" || a.Op == "/=" {
					walkBlock(s.Body, func(t Stmt) {
						if x, ok := t.(*Sync); ok && x.Op == "__syncthreads" {
							add("halving loop with barrier")
						}
					}, nil)
				}
			}
			if stickyGuard(s.Body) {
				add("sticky guard")
			}
			// a variable declared before the loop, moved in its body
			for _, t := range s.Body.Stmts {
				if a, ok := t.(*Assign); ok && a.Op == "+=" {
					if r, ok := a.L.(*VarRef); ok && declared[r.V] && r.V.T.K == KInt {
						add("induction variable")
					}
				}
			}
			stmts(s.Body.Stmts, true, inIf)
			return
		case *While:
			add("while")
			c := s.C
			for {
				x, ok := c.(*Cast)
				if !ok {
					break
				}
				c = x.X
			}
			if l, ok := c.(*Lit); ok && l.I == 1 && hasSyncThreads(s.Body) {
				add("persistent loop with barrier")
			}
			condLoop(s.C, s.Body, inIf)
			return
		case *DoWhile:
			add("do-while")
			condLoop(s.C, s.Body, inIf)
			return
		case *Switch:
			add("switch")
			for i, c := range s.Cases {
				if c.Default {
					add("switch default")
				}
				ends := false
				if n := len(c.Body); n > 0 {
					switch c.Body[n-1].(type) {
					case *Break, *Return, *Continue:
						ends = true
					}
				}
				if !ends && i < len(s.Cases)-1 {
					add("switch fallthrough")
				}
				stmts(c.Body, inLoop, true)
			}
			return
		case *Break:
			if inLoop {
				add("break")
			}
		case *Continue:
			add("continue")
		case *Sync:
			if s.Op == pairRequires {
				if aboutPairs(s) {
					add("precondition about pairs")
				} else {
					add("precondition fixing a parameter")
				}
				walkExpr(s.Invs[0].C, func(e Expr) {
					if isBuiltin(e, "blockDim", 0) {
						add("precondition on the block size")
					}
					if isBuiltin(e, "gridDim", 0) {
						add("precondition on the grid size")
					}
				})
				return
			}
			if len(s.Invs) > 0 {
				add("barrier invariant")
			}
			if s.Op == gridSync {
				add("grid.sync()")
				return
			}
			if s.Op == "__syncwarp" {
				add("__syncwarp")
				if s.Mask == 0xffffffff {
					add("__syncwarp(0xffffffff)")
				}
				if warpBarrier(s) && p.threads() > p.warp() {
					add("warp barrier, several warps")
				}
				if inLoop {
					add("__syncwarp in loop")
				}
				if inIf {
					add("__syncwarp in if")
				}
				return
			}
			add("__syncthreads")
			if inLoop {
				add("barrier in loop")
			}
			if inIf {
				add("barrier in if")
			}
		case *Block:
			stmts(s.Stmts, inLoop, inIf)
			return
		}
	}
	stmts = func(ss []Stmt, inLoop, inIf bool) {
		for _, s := range ss {
			stmt(s, inLoop, inIf)
		}
	}
	stmts(p.Kernel.Body.Stmts, false, false)
	// loop variables used after their loop
	if len(loopVars) > 0 {
		after := false
		scan := func(ss []Stmt, seen map[*Var]bool) {
			for _, s := range ss {
				walkStmt(s, nil, func(e Expr) {
					if r, ok := e.(*VarRef); ok && seen[r.V] {
						after = true
					}
				})
				switch s := s.(type) {
				case *For, *While, *DoWhile:
					var c Expr
					switch s := s.(type) {
					case *For:
						c = s.C
					case *While:
						c = s.C
					case *DoWhile:
						c = s.C
					}
					walkExpr(c, func(e Expr) {
						if r, ok := e.(*VarRef); ok && loopVars[r.V] {
							seen[r.V] = true
						}
					})
				}
			}
		}
		blocks := func(b *Block) {
			scan(b.Stmts, map[*Var]bool{})
			for _, s := range b.Stmts {
				walkStmt(s, func(t Stmt) {
					switch t := t.(type) {
					case *If:
						scan(t.Then.Stmts, map[*Var]bool{})
						if t.Else != nil {
							scan(t.Else.Stmts, map[*Var]bool{})
						}
					case *For:
						scan(t.Body.Stmts, map[*Var]bool{})
					case *While:
						scan(t.Body.Stmts, map[*Var]bool{})
					case *DoWhile:
						scan(t.Body.Stmts, map[*Var]bool{})
					}
				}, nil)
			}
		}
		blocks(p.Kernel.Body)
		if after {
			add("loop var after loop")
		}
	}
	// expressions
	walkProgram(p, nil, func(e Expr) {
		switch e := e.(type) {
		case *Builtin:
			if e.Name == "warpSize" {
				add("warpSize")
				break
			}
			if e.Name == otherTid {
				break
			}
			if e.Dim <= 1 && e.Name == "threadIdx" || e.Dim == 0 {
				add(e.Name + "." + dimNames[e.Dim])
			}
		case *Cast:
			switch e.T.K {
			case KUChar:
				add("(unsigned char)")
			case KShort:
				add("(short)")
			case KInt:
				add("(int)")
			case KUint:
				add("(unsigned)")
			case KFloat:
				add("(float)")
			}
			if ti != nil && e.T.integral() && ti.types[e.X] != nil && ti.types[e.X].K == KFloat {
				add("float -> int")
			}
		case *VecLane:
			if staticPointee(e.X) != nil && staticPointee(e.X).K == KFloat {
				add("reinterpret float4")
			} else {
				add("reinterpret int4")
			}
		case *Cond:
			switch {
			case ti != nil && ti.lvals[e]:
				add("?: lvalue")
			case ti != nil && ti.types[e] != nil && ti.types[e].K == KPtr:
				add("?: pointer")
			default:
				add("?: value")
			}
		case *MinMax:
			if e.Max {
				add("max")
			} else {
				add("min")
			}
		case *Unary:
			if e.Op == "!" {
				add("!")
			}
		case *Binary:
			switch e.Op {
			case "&", "|", "^", "<<", ">>", "%", "/", "&&", "||":
				add(e.Op)
			}
			if b, ok := e.X.(*Binary); ok && e.Op == "%" && b.Op == "-" && ti != nil && ti.types[b] != nil && ti.types[b].K == KUint {
				if k, ok := constInt(e.Y); ok && k&(k-1) != 0 {
					add("wrap then modulo")
				}
			}
			if c, ok := e.X.(*Cast); ok && e.Op == "%" && c.T.K == KUint {
				if b, ok := c.X.(*Binary); ok && b.Op == "-" {
					add("wrap then modulo")
				}
			}
			if ti != nil {
				if t := ti.types[e]; t != nil && t.K == KUint {
					add("unsigned arith")
					if e.Op == "-" {
						add("unsigned wrap")
					}
				}
				if tx := ti.types[e.X]; tx != nil && tx.K == KPtr {
					add("pointer + int")
				}
			}
		case *Deref:
			if _, ok := e.X.(*Binary); ok {
				add("*(p + i)")
			}
		case *Row:
			add("row pointer")
		case *Call:
			for _, f := range p.Funcs {
				walkBlock(f.Body, nil, func(x Expr) {
					if c, ok := x.(*Call); ok && c.F != nil && f == e.F {
						add("nested call")
					}
				})
			}
		case *AddrOf:
			switch x := e.X.(type) {
			case *Index:
				add("&a[i]")
			case *Index2:
				add("row pointer")
			default:
				_ = x
			}
		case *Index:
			if m, ok := e.X.(*Member); ok && m.F.Arr {
				add("array member")
			}
			walkExpr(e.I, func(x Expr) {
				switch x := x.(type) {
				case *Index:
					if r, ok := x.X.(*VarRef); ok && (inputs[r.V] || r.V.Kind == VLocalArr) {
						add("data-dependent index")
					}
				case *Member:
					if r, ok := x.X.(*VarRef); ok && r.V.Param {
						add("struct param field index")
					}
				}
			})
		case *Atomic:
			add("atomic" + e.Op)
			if a, ok := e.P.(*AddrOf); ok {
				if _, ok := a.X.(*Member); ok {
					add("atomic on a field")
				}
			}
			if ti != nil {
				if sp := atomicSpace(e.P); sp == spShared {
					add("atomic shared")
				} else if sp == spGlobal {
					add("atomic global")
				}
			}
		case *SyncPred:
			if e.Op == "count" {
				add("__syncthreads_count")
			} else {
				add("__syncthreads_or/and")
			}
		}
	})
	walkProgram(p, func(s Stmt) {
		if d, ok := s.(*Decl); ok && d.Init != nil {
			if _, ok := d.Init.(*Atomic); ok {
				add("atomic old value")
			}
		}
	}, nil)
	var prev Stmt
	walkProgram(p, func(s Stmt) {
		if d, ok := s.(*Decl); ok && d.Init != nil {
			if a, ok := prev.(*Assign); ok && a.Op == "=" && exprString(a.L) == exprString(d.Init) {
				add("read of own write")
			}
		}
		prev = s
	}, nil)
	moreConstructs(p, ti, add)
	counterConstructs(p, add)
	electConstructs(p, add)
	dbufConstructs(p, add)
	netConstructs(p, add)
	wrapConstructs(p, add)
	tmplConstructs(p, add)
	headerConstructs(p, ti, add)
	return set
}

// counterOf is the counter array (Var.Counter) an atomic's pointer or a
// store's lvalue names, nil for none.
func counterOf(e Expr) *Var {
	var c *Var
	walkExpr(e, func(x Expr) {
		if r, ok := x.(*VarRef); ok && r.V.Counter && c == nil {
			c = r.V
		}
	})
	return c
}

// counterConstructs adds the constructs of gencounter.go.
func counterConstructs(p *Program, add func(string)) {
	isCounter := func(e Expr) bool {
		a, ok := e.(*Atomic)
		return ok && counterOf(a.P) != nil
	}
	isShared := func(e Expr) bool {
		found := false
		walkExpr(e, func(x Expr) {
			if a, ok := x.(*Atomic); ok {
				if c := counterOf(a.P); c != nil && c.Kind == VShared {
					found = true
				}
			}
		})
		return found
	}
	slots := map[*Var]bool{}       // locals holding a counter's value
	sharedSlots := map[*Var]bool{} // those of a shared counter
	walkProgram(p, func(s Stmt) {
		if d, ok := s.(*Decl); ok && (isCounter(d.Init) || isShared(d.Init)) {
			slots[d.V] = true
			sharedSlots[d.V] = isShared(d.Init)
		}
		// a plain store to a shared counter (a reset)
		if a, ok := s.(*Assign); ok {
			if c := counterOf(a.L); c != nil && c.Kind == VShared {
				add("shared counter reset")
			}
		}
	}, nil)
	// a global array indexed by a shared counter's value
	walkProgram(p, nil, func(e Expr) {
		ix, ok := e.(*Index)
		if !ok {
			return
		}
		if r, ok := ix.X.(*VarRef); !ok || !r.V.Param {
			return
		}
		if isShared(ix.I) {
			add("shared counter, global slots")
		}
		walkExpr(ix.I, func(x Expr) {
			if r, ok := x.(*VarRef); ok && sharedSlots[r.V] {
				add("shared counter, global slots")
			}
		})
	})
	readsSlot := func(e Expr) bool {
		found := false
		walkExpr(e, func(x Expr) {
			if r, ok := x.(*VarRef); ok && slots[r.V] {
				found = true
			}
		})
		return found
	}
	var stmts func(ss []Stmt, inIf, inLoop bool)
	exprs := func(e Expr, inIf, inLoop bool) {
		walkExpr(e, func(x Expr) {
			switch x := x.(type) {
			case *Atomic:
				if counterOf(x.P) == nil {
					return
				}
				if counterOf(x.P).Kind == VShared {
					add("shared counter")
				}
				switch x.Op {
				case "Add":
					add("atomic counter")
					if k, ok := constInt(x.V); ok && k > 1 {
						add("counter by k > 1")
					}
				case "Sub":
					add("counter atomicSub")
				}
				walkExpr(x.P, func(y Expr) {
					if b, ok := y.(*Builtin); ok && b.Name == "blockIdx" {
						add("counter per block")
					}
				})
				if inIf {
					add("counter in if")
				}
				if inLoop {
					add("counter in loop")
				}
			case *Cond:
				if isCounter(x.X) && isCounter(x.Y) {
					add("two counters")
				}
			case *Binary:
				if x.Op == "%" && readsSlot(x.X) {
					add("counter % m")
				}
			}
		})
	}
	stmts = func(ss []Stmt, inIf, inLoop bool) {
		for _, s := range ss {
			switch s := s.(type) {
			case *If:
				exprs(s.C, inIf, inLoop)
				stmts(s.Then.Stmts, true, inLoop)
				if s.Else != nil {
					stmts(s.Else.Stmts, true, inLoop)
				}
			case *For:
				stmts([]Stmt{s.Init}, inIf, inLoop)
				if readsSlot(s.C) {
					add("work queue")
				}
				stmts([]Stmt{s.Post}, inIf, true)
				stmts(s.Body.Stmts, inIf, true)
			case *While:
				if readsSlot(s.C) {
					add("work queue")
				}
				stmts(s.Body.Stmts, inIf, true)
			case *DoWhile:
				stmts(s.Body.Stmts, inIf, true)
			case *Switch:
				exprs(s.X, inIf, inLoop)
				for _, c := range s.Cases {
					stmts(c.Body, true, inLoop)
				}
			case *Block:
				stmts(s.Stmts, inIf, inLoop)
			case nil:
			default:
				if a, ok := s.(*Assign); ok && a.Op == "=" && resets(a.L) {
					add("counter reset")
				}
				exprsOf(s, func(e Expr) { exprs(e, inIf, inLoop) })
			}
		}
	}
	for _, f := range p.Funcs {
		stmts(f.Body.Stmts, false, false)
	}
	stmts(p.Kernel.Body.Stmts, false, false)
}

// resets says whether an lvalue is a counter or a cell of a counter array
// (c, c[j] or *c), not merely indexed by a counter's value.
func resets(l Expr) bool {
	var x Expr
	switch l := l.(type) {
	case *VarRef:
		return l.V.Counter
	case *Index:
		x = l.X
	case *Deref:
		x = l.X
	}
	r, ok := x.(*VarRef)
	return ok && r.V.Counter
}

// exprsOf calls f on the expressions of a simple statement.
func exprsOf(s Stmt, f func(Expr)) {
	switch s := s.(type) {
	case *Decl:
		if s.Init != nil {
			f(s.Init)
		}
	case *Assign:
		f(s.L)
		f(s.R)
	case *IncDec:
		f(s.L)
	case *ExprStmt:
		f(s.X)
	case *Return:
		if s.X != nil {
			f(s.X)
		}
	}
}

// moreConstructs adds the constructs of genmore.go: memcpy and memset,
// statement expressions, lambdas, default member initializers and
// whole-struct assignment.
func moreConstructs(p *Program, ti *typeInfo, add func(string)) {
	// a local array, or a struct local (not a parameter)
	local := func(e Expr) bool {
		found := false
		walkExpr(e, func(x Expr) {
			if r, ok := x.(*VarRef); ok && (r.V.Kind == VLocalArr || r.V.Kind == VLocal && r.V.T.K == KStruct && !r.V.Param) {
				found = true
			}
		})
		return found
	}
	// partial: a constant byte count or byte offset that is not a
	// multiple of 4
	partial := func(e Expr) bool {
		if b, ok := e.(*Binary); ok && (b.Op == "+" || b.Op == "-") {
			e = b.Y
		}
		k, ok := constInt(e)
		return ok && k%4 != 0
	}
	walkProgram(p, func(s Stmt) {
		switch s := s.(type) {
		case *Decl:
			if l, ok := s.Init.(*Lambda); ok {
				if l.ByRef {
					add("lambda [&]")
				} else {
					add("lambda [=]")
				}
			}
			if s.V.Kind == VLocal && s.V.T.K == KStruct && hasDefaults(s.V.T) {
				add("default member initializer")
			}
			if _, ok := s.Init.(*Cond); ok && s.V.Kind == VFnPtr {
				add("fn pointer ?:")
			}
		case *Assign:
			if r, ok := s.L.(*VarRef); ok && r.V.Kind == VFnPtr {
				add("fn pointer reassigned")
			}
			if ti != nil && s.Op == "=" && ti.types[s.L] != nil && ti.types[s.L].K == KStruct {
				if _, ok := s.L.(*VarRef); ok {
					add("struct assign local")
				} else {
					add("struct assign to array")
				}
			}
		}
	}, func(e Expr) {
		switch e := e.(type) {
		case *Call:
			if e.Via != nil {
				add("fn pointer call")
			}
			if e.Via != nil && e.Star {
				add("fn pointer (*fp)()")
			}
		case *FnRef:
			if e.Amp {
				add("fn pointer &f")
			}
		case *LayoutOp:
			layoutConstructs(e, add)
		case *MemOp:
			if e.Ghost {
				add("array snapshot")
				break
			}
			if e.Set {
				add("memset")
			} else {
				add("memcpy")
			}
			if partial(e.N) {
				add("memcpy/memset partial word")
			}
			if local(e.Dst) || !e.Set && local(e.Src) {
				add("memcpy/memset local")
			}
		case *ByteAddr:
			if e.Off != nil {
				add("memcpy/memset (char *) + k")
				if partial(e.Off) {
					add("memcpy/memset partial word")
				}
			}
		case *StmtExpr:
			add("statement expression")
		}
	})
	// a variable a lambda reads, changed after the lambda is made
	lists, _ := slots(p)
	for _, l := range lists {
		for k, s := range *l {
			d, ok := s.(*Decl)
			if !ok || d.V.Kind != VLambda {
				continue
			}
			lam, ok := d.Init.(*Lambda)
			if !ok {
				continue
			}
			read := map[*Var]bool{}
			walkExpr(lam.Body, func(x Expr) {
				if r, ok := x.(*VarRef); ok {
					read[r.V] = true
				}
			})
			for _, t := range (*l)[k+1:] {
				walkStmt(t, func(u Stmt) {
					var lhs Expr
					switch u := u.(type) {
					case *Assign:
						lhs = u.L
					case *IncDec:
						lhs = u.L
					}
					for {
						m, ok := lhs.(*Member)
						if !ok {
							break
						}
						lhs = m.X
					}
					if r, ok := lhs.(*VarRef); ok && read[r.V] {
						add("lambda capture changed")
					}
				}, nil)
			}
		}
	}
}

// atomicSpace is the memory an atomic's pointer points to (as far as its
// text says).
func atomicSpace(e Expr) space {
	var sp space = -1
	walkExpr(e, func(x Expr) {
		if r, ok := x.(*VarRef); ok && sp < 0 {
			switch {
			case r.V.Kind == VShared || r.V.Kind == VDyn:
				sp = spShared
			case r.V.Param && r.V.T.K == KPtr:
				sp = spGlobal
			}
		}
	})
	return sp
}

// hasSyncThreads reports whether a __syncthreads() is in b.
func hasSyncThreads(b *Block) bool {
	found := false
	walkBlock(b, func(s Stmt) {
		if x, ok := s.(*Sync); ok && x.Op == "__syncthreads" {
			found = true
		}
	}, nil)
	return found
}

// intCounterUnsignedBound says whether a loop's comparison is of an int
// variable with an unsigned literal or an uncast unsigned built-in (as C
// converts the int: i < 8u, s < 2 * blockDim.x).
func intCounterUnsignedBound(b *Binary) bool {
	r, ok := b.X.(*VarRef)
	if !ok || r.V.T.K != KInt {
		return false
	}
	switch y := b.Y.(type) {
	case *Lit:
		return y.T.K == KUint
	case *Builtin:
		return true
	case *Binary:
		_, l := y.X.(*Builtin)
		_, r := y.Y.(*Builtin)
		return y.Op == "*" && (l || r)
	}
	return false
}

// stickyGuard reports whether a loop body holds an if whose branch halves
// (>>=) a variable its condition reads: the levels of genstmt.go.
func stickyGuard(body *Block) bool {
	for _, t := range body.Stmts {
		f, ok := t.(*If)
		if !ok {
			continue
		}
		read := map[*Var]bool{}
		walkExpr(f.C, func(e Expr) {
			if r, ok := e.(*VarRef); ok {
				read[r.V] = true
			}
		})
		for _, u := range f.Then.Stmts {
			if a, ok := u.(*Assign); ok && a.Op == ">>=" {
				if r, ok := a.L.(*VarRef); ok && read[r.V] {
					return true
				}
			}
		}
	}
	return false
}

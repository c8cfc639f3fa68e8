package cudagen

// HeaderConstructNames are the constructs of genheader.go (ConstructNames
// lists them with the others).
var HeaderConstructNames = []string{
	"half array", "bfloat16 array", "half2 array", "half shared", "half global", "half arithmetic",
	"half accumulate", "half index",
	"warp reduce", "warp vote", "warp match", "warp shuffle", "__activemask", "collective, partial warp",
	"collective, several warps", "collective, group mask", "collective result decides",
	"atomic _block", "atomic _system", "atomic_ref", "atomic_ref local", "cuda::atomic", "atomic load",
	"memory_order_relaxed", "block scope, several blocks", "scoped counter", "integer intrinsic",
	"bit fields",
}

func init() { ConstructNames = append(ConstructNames, HeaderConstructNames...) }

// headerConstructs adds the constructs of genheader.go that p uses.
func headerConstructs(p *Program, ti *typeInfo, add func(string)) {
	if ti == nil {
		return
	}
	halfArr := func(t *Type, global bool) {
		switch t.K {
		case KHalf:
			add("half array")
		case KBF16:
			add("bfloat16 array")
		case KHalf2:
			add("half2 array")
		default:
			return
		}
		if global {
			add("half global")
		} else {
			add("half shared")
		}
	}
	globalAtomics := map[*Var]bool{} // global arrays
	for _, v := range p.Kernel.Params {
		if v.T.K == KPtr {
			halfArr(v.T.Elem, true)
			globalAtomics[v] = true
			if v.T.Elem.K == KAtomic {
				add("cuda::atomic")
				if v.T.Elem.Scope == "block" && p.blocks() > 1 {
					add("block scope, several blocks")
				}
			}
		}
	}
	collVars := map[*Var]bool{} // locals holding a collective's result
	anyColl := false
	walkProgram(p, func(s Stmt) {
		switch s := s.(type) {
		case *Decl:
			switch s.V.Kind {
			case VShared:
				halfArr(s.V.T, false)
			case VAtomRef:
				add("atomic_ref local")
				add("atomic_ref")
				if s.V.T.Scope == "block" && p.blocks() > 1 && onGlobal(s.Init, globalAtomics) {
					add("block scope, several blocks")
				}
			case VLocal:
				if h, ok := s.Init.(*HCall); ok && collectives[h.Fn] {
					collVars[s.V] = true
				}
			}
		case *Assign:
			if t := ti.types[s.L]; t != nil && t.halfish() {
				if _, mem := s.L.(*Index); mem && (s.Op != "=" || mentionsLval(s.R, s.L)) {
					add("half accumulate")
				}
			}
		}
	}, func(e Expr) {
		switch e := e.(type) {
		case *HCall:
			switch e.Fn {
			case "__hadd", "__hsub", "__hmul", "__hdiv", "__hfma", "__hmax", "__hmin", "__hadd2", "__hsub2", "__hmul2", "__hfma2":
				add("half arithmetic")
			case "__half2int_rz", "__half2int_rn", "__bfloat162int_rz", "__bfloat162int_rn":
				add("half index")
			case "__reduce_add_sync", "__reduce_min_sync", "__reduce_max_sync", "__reduce_and_sync", "__reduce_or_sync", "__reduce_xor_sync":
				add("warp reduce")
			case "__all_sync", "__any_sync", "__ballot_sync":
				add("warp vote")
			case "__match_any_sync", "__match_all_sync":
				add("warp match")
			case "__shfl_sync", "__shfl_up_sync", "__shfl_down_sync", "__shfl_xor_sync":
				add("warp shuffle")
			case "__activemask":
				add("__activemask")
			case "__ffs", "__clz", "__popc", "__brev":
				add("integer intrinsic")
			}
			anyColl = anyColl || collectives[e.Fn]
		case *Binary:
			if bitFieldsJoin(e) {
				add("bit fields")
			}
			if t := ti.types[e.X]; t != nil && t.halfish() {
				if _, ok := halfBinary(e.Op, t, t); ok && (e.Op == "+" || e.Op == "-" || e.Op == "*" || e.Op == "/") {
					add("half arithmetic")
				}
			}
		case *Cond:
			if l, ok := e.X.(*Lit); ok && l.Hex {
				add("collective, group mask")
			}
			if c, ok := e.Y.(*Cond); ok {
				if l, ok := c.X.(*Lit); ok && l.Hex {
					add("collective, group mask")
				}
			}
		case *Index:
			if mentionsAny(e.I, collVars) {
				add("collective result decides")
			}
		case *Atomic:
			switch e.Scope {
			case "block":
				add("atomic _block")
				if p.blocks() > 1 && onGlobal(e.P, globalAtomics) {
					add("block scope, several blocks")
				}
				if counterOf(e) != nil {
					add("scoped counter")
				}
			case "system":
				add("atomic _system")
			}
		case *AtomOp:
			if e.Scope != "" {
				add("atomic_ref")
				if e.Scope == "block" && p.blocks() > 1 && onGlobal(e.X, globalAtomics) {
					add("block scope, several blocks")
				}
				if v := arrayOf(e.X); v != nil && v.Counter {
					add("scoped counter")
				}
			}
			if e.Method == "load" {
				add("atomic load")
			}
			if e.Relaxed {
				add("memory_order_relaxed")
			}
		}
	})
	walkProgram(p, func(s Stmt) {
		if i, ok := s.(*If); ok && mentionsAny(i.C, collVars) {
			add("collective result decides")
		}
	}, nil)
	if anyColl {
		if p.threads()%p.warp() != 0 {
			add("collective, partial warp")
		}
		if p.threads() > p.warp() {
			add("collective, several warps")
		}
	}
}

// onGlobal says whether an lvalue or a pointer names an element of one of
// the global arrays.
func onGlobal(e Expr, globals map[*Var]bool) bool {
	v := arrayOf(e)
	return v != nil && globals[v]
}

// arrayOf is the array an lvalue a[i] or a pointer &a[i] names.
func arrayOf(e Expr) *Var {
	switch e := e.(type) {
	case *AddrOf:
		return arrayOf(e.X)
	case *Index:
		if r, ok := e.X.(*VarRef); ok {
			return r.V
		}
	}
	return nil
}

// mentionsLval says whether e reads the lvalue l (the same array at an
// index of the same text).
func mentionsLval(e, l Expr) bool {
	s := exprString(l)
	found := false
	walkExpr(e, func(x Expr) {
		if _, ok := x.(*Index); ok && exprString(x) == s {
			found = true
		}
	})
	return found
}

func mentionsAny(e Expr, vs map[*Var]bool) bool {
	found := false
	walkExpr(e, func(x Expr) {
		if r, ok := x.(*VarRef); ok && vs[r.V] {
			found = true
		}
	})
	return found
}

// bitFieldsJoin reports whether e is the join of bitFields: a high field
// (a shift or a mask) | or ^ a low one (a mask).
func bitFieldsJoin(e *Binary) bool {
	hi, ok1 := e.X.(*Binary)
	lo, ok2 := e.Y.(*Binary)
	return (e.Op == "|" || e.Op == "^") && ok1 && ok2 && (hi.Op == "<<" || hi.Op == "&") && lo.Op == "&"
}

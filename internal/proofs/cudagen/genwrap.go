package cudagen

import (
	"math"
	"math/rand"
	"strings"
)

// This file generates wrap-around indices: an array of its own (a
// __shared__ array "wrapN", or a global one "wrapgN" indexed over the
// grid) written by every thread at an index in which C's 32-bit
// arithmetic wraps, brought back into the array by an operation that
// observes the wrapped value:
//
//	wrap7[(threadIdx.x * 1073741824u) >> 28] = tid;       // 0, 4, 8, 12, 0, ...
//	wrap7[((unsigned)tid + wp3) % 48u] = tid;             // wp3 = 4294967295u
//	wrap7[((unsigned)tid + wn3) % 40u] = tid;             // int wn3 = -3: converted
//	unsigned w4 = wn3; wrap7[((unsigned)tid * w4) & 63u] = tid;
//	wrap7[(unsigned long long)((unsigned)tid * wp3) % 48u] = tid;
//	wrap7[(unsigned long long)((int)tid + wn3) % 40u] = tid; // sign-extended
//	wrap7[(unsigned char)((unsigned)tid * wp3 >> 20)] = tid;
//	wrap7[((int)((unsigned)tid * wp3) >> 26) & 31] = tid;
//	if ((unsigned)tid + wp3 < wp3) wrap7[(unsigned)tid / 4u] = tid; // an overflow test
//	if ((unsigned)tid * 2147483648u == 0u) wrap7[0] = tid;
//
// The operand is a large constant or a kernel parameter of a large
// unsigned value (0x80000000u, 0xFFFFFFFFu, 0x40000000u, 2^32 - k, 2^31 +
// k, ...) or an int parameter of a negative value (-1, -3, ...) converted
// to unsigned, implicitly in arithmetic with an unsigned or by "unsigned
// w = n;". A parameter is fixed for drfcheck (-p) or, sometimes, left
// symbolic (Var.Free: drfcheck then checks every value). The thread's
// subject is (unsigned)tid (threadIdx.x), (unsigned)gid for a global
// array, or tid * K + i and i * T + tid in a loop of K passes of its own.
// Products and sums are unsigned (they wrap modulo 2^32, which C defines);
// int arithmetic only adds a negative parameter to a small tid, and a
// value of 2^31 or more reaches int only through a conversion, which is
// two's complement in clang and nvcc: no kernel has a signed overflow.
// Conversions to long long and unsigned long long widen the wrapped
// 32-bit value (or sign-extend a negative int), the only 64-bit values
// of the package (KLong, KULong).
//
// Each candidate is evaluated here, for every thread, twice: with C's
// semantics and with unbounded integers (no wrap-around at all, the model
// drfcheck used to have). A racy kernel prefers a pattern whose threads
// collide only modulo 2^32 (threads 0 and 4 of the first example), a
// race-free one a pattern that wraps and stays injective (((unsigned)tid +
// 0xFFFFFFFFu) & 63u). Candidates whose index could leave the array's
// size limit are dropped. The interpreter then computes the kernel's real
// verdict, as for every other construct.
//
// The choices of this file are drawn from a source of their own (gen.wr),
// so that the kernel a seed gives without a wrap-around index is the one
// it gave before.

// wrapProb is the probability of a wrap-around index at each statement
// (about 8% of kernels get one); a variable, so that a test may ask for
// more.
var wrapProb = 0.009

// wrapMax bounds the wrap-around statements of a kernel.
const wrapMax = 2

func (g *gen) wchance(p float64) bool { return g.wr != nil && g.wr.Float64() < p }

func (g *gen) wintn(n int) int {
	if g.wr == nil {
		return 0
	}
	return g.wr.Intn(n)
}

func (g *gen) wpick(ws ...int) int {
	t := 0
	for _, w := range ws {
		t += w
	}
	x := g.wintn(t)
	for i, w := range ws {
		if x < w {
			return i
		}
		x -= w
	}
	return len(ws) - 1
}

// wrapHere says whether to place a wrap-around index at this statement.
func (g *gen) wrapHere() bool {
	return g.wrapN < wrapMax && g.wchance(wrapProb)
}

// m32 reduces a value modulo 2^32 when wrap (C's unsigned arithmetic),
// and leaves it alone otherwise (unbounded integers).
func m32(v int64, wrap bool) int64 {
	if wrap {
		return int64(uint32(v))
	}
	return v
}

// s32 is the int a 32-bit pattern converts to when wrap.
func s32(v int64, wrap bool) int64 {
	if wrap {
		return int64(int32(uint32(v)))
	}
	return v
}

// wrapCand is a candidate index: build makes the guard (nil for none)
// and the index from the subject (a fresh expression at each call); ev
// computes the index of subject x and whether the guard holds, with C's
// semantics (wrap) or unbounded integers.
type wrapCand struct {
	build func(x func() Expr) (guard, idx Expr)
	ev    func(x int64, wrap bool) (int64, bool)
	what  string
}

// wrapBig draws a 32-bit value of the family: mostly large, some small.
func (g *gen) wrapBig() uint32 {
	switch g.wintn(12) {
	case 0:
		return 0x80000000
	case 1:
		return 0xFFFFFFFF
	case 2:
		return 0x40000000
	case 3:
		return 0xC0000000
	case 4, 5:
		return uint32(1<<32 - int64(1+g.wintn(70)))
	case 6:
		return uint32(1<<31 + int64(1+g.wintn(9)))
	case 7:
		return uint32(int64(1+g.wintn(15)) << 28)
	case 8:
		return []uint32{0x7FFFFFFF, 0x55555556, 0x9E3779B9, 0x01000000, 0x20000001}[g.wintn(5)]
	case 9:
		return uint32(int64(1+g.wintn(3)) << uint(24+g.wintn(8)))
	case 10:
		return uint32(1<<32 - int64(1+g.wintn(8))<<uint(4+g.wintn(20)))
	}
	return uint32(2 + g.wintn(15))
}

// wrapParam adds a kernel parameter of type t and value v, fixed for
// drfcheck or, sometimes, left symbolic.
func (g *gen) wrapParam(t *Type, v int64) *Var {
	prefix := "wp"
	if t.K == KInt {
		prefix = "wn"
	}
	p := &Var{Name: g.name(prefix), Kind: VLocal, T: t, Param: true, Vals: []int64{v}, Free: g.wchance(0.4)}
	g.k.Params = append(g.k.Params, p)
	return p
}

// wrapOperand returns an unsigned operand of value v: a literal, an
// unsigned parameter, or (for v >= 2^31) an int parameter of the
// negative value int32(v), converted to unsigned implicitly where it meets
// an unsigned operand (implicit), or explicitly, or through a local
// "unsigned w = n;" declared into out. A fresh expression at each call
// (the operand may be used twice).
func (g *gen) wrapOperand(out *[]Stmt, v uint32, implicit bool) func() Expr {
	switch x := g.wpick(3, 5, 4); {
	case x == 0:
		return func() Expr { return uintLit(int64(v)) }
	case x == 2 && v >= 1<<31:
		n := g.wrapParam(tInt, int64(int32(v)))
		switch {
		case g.wchance(0.35):
			w := &Var{Name: g.name("w"), Kind: VLocal, T: tUint}
			*out = append(*out, &Decl{V: w, Init: ref(n)})
			return func() Expr { return ref(w) }
		case implicit && g.wchance(0.7):
			return func() Expr { return ref(n) }
		}
		return func() Expr { return &Cast{T: tUint, X: ref(n)} }
	}
	p := g.wrapParam(tUint, int64(v))
	return func() Expr { return ref(p) }
}

// wrapNeg returns an int operand of a small negative value: a literal or
// an int parameter.
func (g *gen) wrapNeg() (func() Expr, int64) {
	k := -int64(1 + g.wintn(9))
	if g.wchance(0.3) {
		return func() Expr { return intLit(k) }, k
	}
	n := g.wrapParam(tInt, k)
	return func() Expr { return ref(n) }, k
}

// wrapCandidate draws one candidate index whose values stay below limit
// (a power of two) for subjects below X.
func (g *gen) wrapCandidate(out *[]Stmt, X, limit int64) wrapCand {
	bits := 0
	for int64(1)<<(bits+1) <= limit {
		bits++
	}
	// a modulus around X, not a power of two most often
	modulus := func() int64 {
		n := X + int64(g.wintn(int(X)+8))
		if g.wchance(0.3) {
			n = int64(3 + g.wintn(60))
		}
		if g.wchance(0.2) {
			n = pow2ceil(n)
		}
		return min(max(n, 2), limit)
	}
	P := g.wrapBig()
	switch g.wpick(3, 4, 4, 2, 2, 2, 3, 8, 7, 2, 2) {
	case 0: // (x * P) >> s
		b := 2 + g.wintn(bits-1)
		s := int64(32 - b)
		pe := g.wrapOperand(out, P, true)
		return wrapCand{what: "mul shift",
			build: func(x func() Expr) (Expr, Expr) { return nil, bin(">>", bin("*", x(), pe()), intLit(s)) },
			ev:    func(x int64, w bool) (int64, bool) { return m32(x*int64(P), w) >> s, true }}
	case 1: // (x * P) % N
		N := modulus()
		pe := g.wrapOperand(out, P, true)
		return wrapCand{what: "mul mod",
			build: func(x func() Expr) (Expr, Expr) { return nil, bin("%", bin("*", x(), pe()), uintLit(N)) },
			ev:    func(x int64, w bool) (int64, bool) { return m32(x*int64(P), w) % N, true }}
	case 2: // (x + P) % N
		N := modulus()
		pe := g.wrapOperand(out, P, true)
		return wrapCand{what: "add mod",
			build: func(x func() Expr) (Expr, Expr) { return nil, bin("%", bin("+", x(), pe()), uintLit(N)) },
			ev:    func(x int64, w bool) (int64, bool) { return m32(x+int64(P), w) % N, true }}
	case 3: // (x * P) & (M - 1), (x + P) & (M - 1)
		M := pow2ceil(X) << uint(g.wintn(2))
		M = min(M, limit)
		pe := g.wrapOperand(out, P, true)
		op := []string{"*", "+"}[g.wintn(2)]
		return wrapCand{what: "mask",
			build: func(x func() Expr) (Expr, Expr) { return nil, bin("&", bin(op, x(), pe()), uintLit(M-1)) },
			ev: func(x int64, w bool) (int64, bool) {
				if op == "*" {
					return m32(x*int64(P), w) & (M - 1), true
				}
				return m32(x+int64(P), w) & (M - 1), true
			}}
	case 4: // (x op P) / Q, Q large
		Q := int64(1)<<uint(32-bits) + int64(g.wintn(1<<uint(32-bits)))
		pe := g.wrapOperand(out, P, true)
		op := []string{"*", "+"}[g.wintn(2)]
		return wrapCand{what: "div",
			build: func(x func() Expr) (Expr, Expr) { return nil, bin("/", bin(op, x(), pe()), uintLit(Q)) },
			ev: func(x int64, w bool) (int64, bool) {
				if op == "*" {
					return m32(x*int64(P), w) / Q, true
				}
				return m32(x+int64(P), w) / Q, true
			}}
	case 5: // (unsigned char)(x * P) and (unsigned char)((x * P) >> s)
		s := int64(0)
		if g.wchance(0.7) {
			s = int64(8 + g.wintn(17))
		}
		pe := g.wrapOperand(out, P, true)
		return wrapCand{what: "unsigned char",
			build: func(x func() Expr) (Expr, Expr) {
				var e Expr = bin("*", x(), pe())
				if s > 0 {
					e = bin(">>", e, intLit(s))
				}
				return nil, &Cast{T: tUChar, X: e}
			},
			ev: func(x int64, w bool) (int64, bool) { return (m32(x*int64(P), w) >> s) & 255, true }}
	case 6: // (x + n) % N, (unsigned)((int)x + n) % N, ((int)x + n) & (M - 1): a negative int
		ne, k := g.wrapNeg()
		N := modulus()
		switch g.wintn(3) {
		case 0:
			return wrapCand{what: "negative int, implicit",
				build: func(x func() Expr) (Expr, Expr) { return nil, bin("%", bin("+", x(), ne()), uintLit(N)) },
				ev:    func(x int64, w bool) (int64, bool) { return m32(x+k, w) % N, true }}
		case 1:
			return wrapCand{what: "negative int, cast",
				build: func(x func() Expr) (Expr, Expr) {
					return nil, bin("%", &Cast{T: tUint, X: bin("+", &Cast{T: tInt, X: x()}, ne())}, uintLit(N))
				},
				ev: func(x int64, w bool) (int64, bool) { return m32(x+k, w) % N, true }}
		}
		M := min(pow2ceil(X), limit)
		return wrapCand{what: "negative int, mask",
			build: func(x func() Expr) (Expr, Expr) {
				return nil, bin("&", bin("+", &Cast{T: tInt, X: x()}, ne()), intLit(M-1))
			},
			// two's complement: the same with or without wrap
			ev: func(x int64, w bool) (int64, bool) { return (x + k) & (M - 1), true }}
	case 7: // 64-bit: widen the wrapped value, or compute in 64 bits
		N := modulus()
		switch g.wintn(4) {
		case 0:
			pe := g.wrapOperand(out, P, true)
			return wrapCand{what: "widen wrapped",
				build: func(x func() Expr) (Expr, Expr) {
					return nil, bin("%", &Cast{T: tULong, X: bin("*", x(), pe())}, uintLit(N))
				},
				ev: func(x int64, w bool) (int64, bool) { return m32(x*int64(P), w) % N, true }}
		case 1:
			pe := g.wrapOperand(out, P, false)
			return wrapCand{what: "64-bit product",
				build: func(x func() Expr) (Expr, Expr) {
					return nil, bin("%", bin("*", &Cast{T: tULong, X: x()}, pe()), uintLit(N))
				},
				ev: func(x int64, w bool) (int64, bool) { return int64(uint64(x) * uint64(P) % uint64(N)), true }}
		case 2:
			pe := g.wrapOperand(out, P, true)
			return wrapCand{what: "long long of wrapped",
				build: func(x func() Expr) (Expr, Expr) {
					return nil, bin("%", &Cast{T: tLong, X: bin("+", x(), pe())}, intLit(N))
				},
				ev: func(x int64, w bool) (int64, bool) { return m32(x+int64(P), w) % N, true }}
		}
		ne, k := g.wrapNeg()
		return wrapCand{what: "sign-extended",
			build: func(x func() Expr) (Expr, Expr) {
				return nil, bin("%", &Cast{T: tULong, X: bin("+", &Cast{T: tInt, X: x()}, ne())}, uintLit(N))
			},
			ev: func(x int64, w bool) (int64, bool) {
				if !w {
					return (x + k) % N, true
				}
				return int64(uint64(x+k) % uint64(N)), true
			}}
	case 8: // a guard that observes the wrap, over a cell shared by G threads
		G := []int64{2, 3, 4, 8, 1 << 20}[g.wintn(5)]
		cell := func(x func() Expr) Expr {
			if G >= X {
				return uintLit(0)
			}
			return bin("/", x(), uintLit(G))
		}
		pe := g.wrapOperand(out, P, true)
		var cond func(x func() Expr) Expr
		var holds func(x int64, w bool) bool
		switch g.wintn(5) {
		case 0: // x * P == 0
			cond = func(x func() Expr) Expr { return bin("==", bin("*", x(), pe()), uintLit(0)) }
			holds = func(x int64, w bool) bool { return m32(x*int64(P), w) == 0 }
		case 1: // x * P < Q
			Q := int64(1+g.wintn(1<<16)) << uint(g.wintn(17))
			cond = func(x func() Expr) Expr { return bin("<", bin("*", x(), pe()), uintLit(Q)) }
			holds = func(x int64, w bool) bool { return m32(x*int64(P), w) < Q }
		case 2: // x + P < P: an overflow test
			cond = func(x func() Expr) Expr { return bin("<", bin("+", x(), pe()), pe()) }
			holds = func(x int64, w bool) bool { return m32(x+int64(P), w) < int64(P) }
		case 3: // x + P >= x
			cond = func(x func() Expr) Expr { return bin(">=", bin("+", x(), pe()), x()) }
			holds = func(x int64, w bool) bool { return m32(x+int64(P), w) >= x }
		default: // (int)(x * P) < 0
			cond = func(x func() Expr) Expr { return bin("<", &Cast{T: tInt, X: bin("*", x(), pe())}, intLit(0)) }
			holds = func(x int64, w bool) bool { return s32(x*int64(P), w) < 0 }
		}
		return wrapCand{what: "guard",
			build: func(x func() Expr) (Expr, Expr) { return cond(x), cell(x) },
			ev: func(x int64, w bool) (int64, bool) {
				c := int64(0)
				if G < X {
					c = x / G
				}
				return c, holds(x, w)
			}}
	case 9: // ((int)(x * P) >> s) & (M - 1)
		M := min(pow2ceil(X)<<uint(g.wintn(2)), limit)
		s := int64(20 + g.wintn(11))
		pe := g.wrapOperand(out, P, true)
		return wrapCand{what: "int of wrapped",
			build: func(x func() Expr) (Expr, Expr) {
				return nil, bin("&", bin(">>", &Cast{T: tInt, X: bin("*", x(), pe())}, intLit(s)), intLit(M-1))
			},
			ev: func(x int64, w bool) (int64, bool) { return (s32(x*int64(P), w) >> s) & (M - 1), true }}
	}
	// (x * P) >> s with a constant P = 2^j: threads collide modulo 2^(32 - j)
	j := int64(32 - bits + g.wintn(bits))
	s := int64(32 - bits)
	c := uint32(1) << uint(j%32)
	return wrapCand{what: "power of two",
		build: func(x func() Expr) (Expr, Expr) { return nil, bin(">>", bin("*", x(), uintLit(int64(c))), intLit(s)) },
		ev:    func(x int64, w bool) (int64, bool) { return m32(x*int64(c), w) >> s, true }}
}

// wrapStmt places one wrap-around index.
func (g *gen) wrapStmt(out *[]Stmt) {
	p := g.p
	g.wrapN++
	T := int64(p.threads())
	oneD := p.Block[1] == 1 && p.Block[2] == 1
	global := g.wchance(0.3)
	limit := int64(maxShared)
	if global {
		limit = maxGlobal
	}
	// the subject: its expression, and the thread and value of each
	// (thread, pass)
	type subj struct{ thread, x int64 }
	var subjects []subj
	var xe func() Expr
	X := T
	var loopVar *Var
	K := int64(1)
	switch {
	case global && p.blocks() > 1:
		X = T * int64(p.blocks())
		xe = func() Expr { return &Cast{T: tUint, X: g.gidE()} }
	case oneD && g.wchance(0.4):
		xe = func() Expr { return tidx(0) }
	default:
		xe = func() Expr { return &Cast{T: tUint, X: ref(g.tid)} }
	}
	for t := range X {
		subjects = append(subjects, subj{t, t})
	}
	if g.wchance(0.25) && X*4 <= limit {
		K = int64(2 + g.wintn(3))
		loopVar = &Var{Name: g.name("i"), Kind: VLocal, T: tUint}
		base := xe
		subjects = subjects[:0]
		if g.wchance(0.5) {
			xe = func() Expr { return bin("+", bin("*", base(), uintLit(K)), ref(loopVar)) }
			for t := range X {
				for i := range K {
					subjects = append(subjects, subj{t, t*K + i})
				}
			}
		} else {
			X0 := X
			xe = func() Expr { return bin("+", bin("*", ref(loopVar), uintLit(X0)), base()) }
			for t := range X {
				for i := range K {
					subjects = append(subjects, subj{t, i*X + t})
				}
			}
		}
		X *= K
	}
	// the blocks' threads race on a shared array only within a block
	sameBlock := func(a, b int64) bool { return global || a/T == b/T }

	// draw candidates until one fits and suits the mood
	var pre []Stmt
	var cand wrapCand
	for attempt := 0; ; attempt++ {
		pre = pre[:0]
		c := g.wrapCandidate(&pre, X, limit)
		fits, racyC, racyU, wraps := true, false, false, false
		ownC, ownU := map[int64]int64{}, map[int64]int64{}
		for _, s := range subjects {
			ic, onC := c.ev(s.x, true)
			iu, onU := c.ev(s.x, false)
			if ic != iu || onC != onU {
				wraps = true
			}
			if onC {
				if ic < 0 || ic >= limit {
					fits = false
					break
				}
				if t, ok := ownC[ic]; ok && t != s.thread && sameBlock(t, s.thread) {
					racyC = true
				}
				ownC[ic] = s.thread
			}
			if onU {
				if t, ok := ownU[iu]; ok && t != s.thread && sameBlock(t, s.thread) {
					racyU = true
				}
				ownU[iu] = s.thread
			}
		}
		if !fits {
			if attempt < 40 {
				continue
			}
			// the safe fallback: the thread's own cell through a mask
			c = wrapCand{what: "fallback",
				build: func(x func() Expr) (Expr, Expr) {
					return nil, bin("&", bin("+", x(), uintLit(0xFFFFFFFF)), uintLit(pow2ceil(X)-1))
				}}
			pre = pre[:0]
		} else if attempt < 40 {
			switch g.mood {
			case Racy:
				// a race that only the wrap makes, most often
				if !racyC || racyU && g.wchance(0.6) {
					continue
				}
			default:
				if racyC || !wraps && g.wchance(0.7) {
					continue
				}
			}
		}
		cand = c
		break
	}
	*out = append(*out, pre...)

	// the array
	var arrV *Var
	if global {
		arrV = &Var{Name: g.name("wrapg"), Kind: VLocal, T: ptrTo(tInt), Param: true, Len: 1}
		g.k.Params = append(g.k.Params, arrV)
	} else {
		arrV = &Var{Name: g.name("wrap"), Kind: VShared, T: tInt, Dims: []int{1}}
		g.ownShared = append(g.ownShared, arrV)
	}
	guard, idx := cand.build(xe)
	var val Expr = ref(g.tid)
	if g.wchance(0.3) {
		val = intLit(int64(1 + g.wintn(9)))
	}
	var s Stmt = &Assign{L: &Index{X: ref(arrV), I: idx}, Op: "=", R: val}
	if guard != nil {
		s = &If{C: guard, Then: block(s)}
	}
	if loopVar != nil {
		s = &For{Init: &Decl{V: loopVar, Init: uintLit(0)}, C: bin("<", ref(loopVar), uintLit(K)),
			Post: &IncDec{L: ref(loopVar), Op: "++"}, Body: block(s)}
	}
	*out = append(*out, s)
}

// isWrapArray says whether a variable is a wrap-around array of this file.
func isWrapArray(v *Var) bool {
	return strings.HasPrefix(v.Name, "wrap") && len(v.Name) > 4 && (v.Name[4] >= '0' && v.Name[4] <= '9' || v.Name[4] == 'g')
}

// wrapConstructs adds the constructs of this file.
func wrapConstructs(p *Program, add func(string)) {
	for _, v := range p.Kernel.Params {
		switch {
		case v.Free:
			add("symbolic param")
		}
		if v.T.K == KInt && len(v.Vals) == 1 && v.Vals[0] < 0 {
			add("negative to unsigned")
		}
		if v.T.K == KUint && len(v.Vals) == 1 && v.Vals[0] > math.MaxInt32 {
			add("large unsigned param")
		}
	}
	walkProgram(p, func(s Stmt) {
		if f, ok := s.(*If); ok {
			found := false
			for _, st := range f.Then.Stmts {
				if a, ok := st.(*Assign); ok {
					if ix, ok := a.L.(*Index); ok {
						if r, ok := ix.X.(*VarRef); ok && isWrapArray(r.V) {
							found = true
						}
					}
				}
			}
			if found {
				add("wrap guard")
			}
		}
		if a, ok := s.(*Assign); ok {
			if ix, ok := a.L.(*Index); ok {
				if r, ok := ix.X.(*VarRef); ok && isWrapArray(r.V) {
					add("wrap-around index")
				}
			}
		}
	}, func(e Expr) {
		if c, ok := e.(*Cast); ok && c.T.wide() {
			add("64-bit cast")
		}
	})
}

// newWrapRand is the source of this file's choices for a seed.
func newWrapRand(seed int64) *rand.Rand { return rand.New(rand.NewSource(seed ^ 0x3a9f1e55)) }

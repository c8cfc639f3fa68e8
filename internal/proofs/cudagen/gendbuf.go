package cudagen

import (
	"math/rand"
	"strings"
)

// This file generates double buffering with one barrier per iteration:
// each iteration writes a thread's own cell of one of two buffers, waits,
// and reads its neighbour's cell of the same buffer; which buffer is a
// small state machine over locals that start from constants:
//
//	int p = 0;
//	for (int i = 0; i < n % 2 + c; i++) {
//	  db[p * T + tid] = tid + i;
//	  __syncthreads();
//	  own[blockIdx.x * T + tid] = db[p * T + (tid + 1) % T];
//	  p = 1 - p;
//	}
//
// Consecutive iterations use different buffers, so an iteration's writes
// cannot meet the previous one's reads, which no barrier separates from
// them. drfcheck knows the buffer of every iteration by running the state
// machine from its first state (internal/infer/symexec, cycle.go), and by
// nothing weaker. Racy kernels use one buffer in two consecutive
// iterations: a three-state machine whose buffers are 0, 1, 1 (q = (q + 1)
// % 3, p = q == 2 ? 1 : q), or a toggle every other iteration; they run at
// least three iterations, so that the repeat happens.

// dbProb is the probability of a double buffer, placed at the start of
// the kernel, after its prologue.
var dbProb = 0.08

func newDbufRand(seed int64) *rand.Rand { return rand.New(rand.NewSource(seed ^ 0x0db1bf0f)) }

// dbufHere says whether to place a double buffer in this kernel.
func (g *gen) dbufHere() bool {
	return g.dbr != nil && g.dbr.Float64() < dbProb
}

// dbufStmt places one double buffer (the kernel's top level). Its
// statements do not count against maxStmts.
func (g *gen) dbufStmt(out *[]Stmt) {
	defer func(n int) {
		for _, s := range (*out)[n:] {
			walkStmt(s, func(Stmt) { g.netStmts++ }, nil)
		}
	}(len(*out))
	p := g.p
	T := int64(p.threads())
	racy := g.mood == Racy && T >= 2
	db := &Var{Name: g.name("db"), Kind: VShared, T: tInt, Dims: []int{int(2 * T)}}
	g.ownShared = append(g.ownShared, db)
	tgt := &Var{Name: g.name("own"), Kind: VLocal, T: ptrTo(tInt), Param: true, Len: 1, MinLen: int(int64(p.blocks()) * T)}
	g.k.Params = append(g.k.Params, tgt)
	tid := func() Expr { return ref(g.tid) }
	iv := &Var{Name: g.name("i"), Kind: VLocal, T: tInt}
	sel := &Var{Name: g.name("p"), Kind: VLocal, T: tInt}
	var body []Stmt
	var step []Stmt // the state machine's move, at the end of an iteration
	c := int64(1 + g.dbr.Intn(2))
	kind := g.dbr.Intn(4)
	if racy {
		c = 3
		kind = g.dbr.Intn(2)
	}
	switch {
	case racy && kind == 0:
		// buffers 0, 1, 1, 0, 1, 1, ...
		q := &Var{Name: g.name("q"), Kind: VLocal, T: tInt}
		*out = append(*out, &Decl{V: q, Init: intLit(0)})
		body = append(body, &Decl{V: sel, Init: &Cond{C: bin("==", ref(q), intLit(2)), X: intLit(1), Y: ref(q)}})
		step = append(step, &Assign{L: ref(q), Op: "=", R: bin("%", bin("+", ref(q), intLit(1)), intLit(3))})
	case racy:
		// buffers 0, 1, 1, 0, 0, 1, ...: a toggle in even iterations only
		*out = append(*out, &Decl{V: sel, Init: intLit(0)})
		step = append(step, &If{C: bin("==", bin("%", ref(iv), intLit(2)), intLit(0)), Then: block(&Assign{L: ref(sel), Op: "^=", R: intLit(1)})})
	default:
		*out = append(*out, &Decl{V: sel, Init: intLit(0)})
		toggle := []Stmt{
			&Assign{L: ref(sel), Op: "=", R: bin("-", intLit(1), ref(sel))},
			&Assign{L: ref(sel), Op: "^=", R: intLit(1)},
			&Assign{L: ref(sel), Op: "=", R: bin("%", bin("+", ref(sel), intLit(1)), intLit(2))},
			&Assign{L: ref(sel), Op: "=", R: &Cond{C: bin("==", ref(sel), intLit(0)), X: intLit(1), Y: intLit(0)}},
		}[kind]
		step = append(step, toggle)
	}
	at := func(i Expr) Expr { return &Index{X: ref(db), I: bin("+", bin("*", ref(sel), intLit(T)), i)} }
	body = append(body, &Assign{L: at(tid()), Op: "=", R: bin("+", tid(), ref(iv))})
	g.sync(&body)
	own := &Index{X: ref(tgt), I: bin("+", bin("*", g.blin(), uintLit(T)), tid())}
	body = append(body, &Assign{L: own, Op: "=", R: at(bin("%", bin("+", tid(), intLit(1)), intLit(T)))})
	body = append(body, step...)
	*out = append(*out, &For{Init: &Decl{V: iv, Init: intLit(0)}, C: bin("<", ref(iv), bin("+", bin("%", ref(g.nPar), intLit(2)), intLit(c))),
		Post: &IncDec{L: ref(iv), Op: "++"}, Body: block(body...)})
}

// dbufConstructs reports a double buffer: a loop with a barrier that
// stores into a double buffer's array (named by dbufStmt).
func dbufConstructs(p *Program, add func(string)) {
	walkProgram(p, func(s Stmt) {
		f, ok := s.(*For)
		if !ok {
			return
		}
		synced, stores := false, false
		for _, b := range f.Body.Stmts {
			switch b := b.(type) {
			case *Sync:
				synced = true
			case *Assign:
				if ix, ok := b.L.(*Index); ok {
					if v, ok := ix.X.(*VarRef); ok && v.V.Kind == VShared && strings.HasPrefix(v.V.Name, "db") {
						stores = true
					}
				}
			}
		}
		if synced && stores {
			add("double buffer")
		}
	}, nil)
}

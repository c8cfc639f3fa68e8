package proofs

import (
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"math/rand"
	"slices"
	"strings"

	"github.com/drfcheck/drfcheck/protocol"
	"github.com/drfcheck/drfcheck/protocol/eval"
)

// ValueCase is a case whose protocol computes with the values it reads
// (.prot: rd a[i] as x;), run by eval over a memory whose contents before
// any write are Memory's.
type ValueCase struct {
	*Case
	// Seed picks the initial contents of memory: values in [0, 3), so
	// that the values read collide with indices and with each other.
	Seed int64
}

// WithValues makes a value case of c: about half of its reads bind the
// value they read (v1, v2, ...), about half of its writes without a value
// get one (a literal, threadIdx.x, or a value read in scope), and about a
// third of the accesses in the scope of a value read index their array's
// first dimension with it. Every other part of c is kept, so the
// fragment's barriers, loops, warps and assumptions about pairs meet the
// values.
func WithValues(r *rand.Rand, c *Case) *ValueCase {
	v := &valuer{r: r}
	out := *c
	out.Body = v.stmts(c.Body, nil)
	return &ValueCase{Case: &out, Seed: r.Int63()}
}

// NewValues makes a value case from scratch: a block of 2 to 4 threads
// writing values to two shared arrays at indices made of threadIdx.x and
// of values read, with barriers between, in loops and in conditionals,
// the patterns by which a thread reads back what it or another thread
// wrote.
func NewValues(r *rand.Rand) *ValueCase {
	c := &Case{Fragment: Full, Threads: 2 + r.Intn(3), Params: map[string]int64{"N": r.Int63n(3), "M": r.Int63n(3)},
		Arrays: []Array{{Name: "A", Dims: 1}, {Name: "B", Dims: 1}}}
	v := &valuer{r: r, budget: 8}
	// phases: the barriers between them are where a thread's recall of
	// its own accesses ends
	var scope []string
	for p := 3 + r.Intn(2); p > 0; p-- {
		if len(c.Body) > 0 {
			c.Body = append(c.Body, v.sync())
		}
		v.last = nil
		// one index for the phase, so that A does not race by itself;
		// a thread's cell and its neighbour's in turn, so that one
		// thread writes where another wrote and then reads
		switch r.Intn(4) {
		case 0:
			v.phase = nil
		case 1:
			v.phase = v.index(nil)
		case 2:
			v.phase = tid()
		case 3:
			v.phase = bin(protocol.Mod, bin(protocol.Add, tid(), lit(1)), blockDimX())
		}
		c.Body = append(c.Body, v.seq(1, true, &scope)...)
	}
	return &ValueCase{Case: c, Seed: r.Int63()}
}

type valuer struct {
	r      *rand.Rand
	n      int // values bound so far
	loops  int // loop variables made so far
	budget int // statements left to make (NewValues)
	// phase, when set, is the index of A in the current phase
	phase protocol.Expr
	// last is the last write of A made of the thread's index alone, which
	// an invariant may say holds
	last *protocol.Access
}

// mentions reports whether n uses a value read.
func mentions(n protocol.Node, scope []string) bool {
	vars := protocol.FreeVars(n)
	for _, s := range scope {
		if vars[s] {
			return true
		}
	}
	return false
}

// seq is a statement list of NewValues; syncOK when every thread runs it.
// The values read are added to *outer, for the statements after seq.
func (v *valuer) seq(depth int, syncOK bool, outer *[]string) []protocol.Stmt {
	var out []protocol.Stmt
	scope := *outer
	defer func() { *outer = scope }()
	for n := 1 + v.r.Intn(2); n > 0 && v.budget > 0; n-- {
		v.budget--
		// A holds values; B is mostly indexed by them, where reads
		// that see another value than the thread thinks collide
		switch k := v.r.Intn(20); {
		case k < 8:
			w := &protocol.Access{Mode: protocol.Write, Array: "A", Index: []protocol.Expr{v.indexA(scope)}, Value: v.value(scope)}
			if !mentions(w, scope) {
				v.last = w
			}
			out = append(out, w)
		case k < 13:
			a := &protocol.Access{Mode: protocol.Read, Array: "A", Index: []protocol.Expr{v.indexA(scope)}}
			if v.r.Intn(5) > 0 {
				v.n++
				a.As = fmt.Sprintf("v%d", v.n)
				scope = append(slices.Clip(scope), a.As)
			}
			out = append(out, a)
			if a.As != "" && v.r.Intn(2) == 0 {
				// used at once: threads that read one value collide
				out = append(out, &protocol.Access{Mode: protocol.Write, Array: "B", Index: []protocol.Expr{variable(a.As)}})
			}
		case k < 16 && len(scope) > 0:
			mode := []protocol.Mode{protocol.Write, protocol.Read}[v.r.Intn(2)]
			out = append(out, &protocol.Access{Mode: mode, Array: "B", Index: []protocol.Expr{v.use(scope)}})
		case k == 16 && syncOK:
			out = append(out, v.sync())
		case k == 17 && depth > 0:
			// a thread-dependent condition: no barrier inside
			c := cmp(protocol.Lt, tid(), lit(1+v.r.Int63n(3)))
			if len(scope) > 0 && v.r.Intn(2) == 0 {
				c = cmp(protocol.Eq, variable(scope[v.r.Intn(len(scope))]), lit(v.r.Int63n(3)))
			}
			inner := scope
			out = append(out, &protocol.If{Cond: c, Then: block(v.seq(depth-1, false, &inner))})
		case k == 18 && depth > 0:
			v.loops++
			name := fmt.Sprintf("i%d", v.loops)
			inner := scope
			out = append(out, &protocol.Loop{Var: name, Lo: lit(0), Hi: lit(1 + v.r.Int63n(2)), Body: block(v.seq(depth-1, syncOK, &inner))})
		default:
			array := []string{"A", "B"}[v.r.Intn(2)]
			mode := []protocol.Mode{protocol.Write, protocol.Atomic}[v.r.Intn(2)]
			out = append(out, &protocol.Access{Mode: mode, Array: array, Index: []protocol.Expr{v.index(scope)}})
		}
	}
	return out
}

// sync is a barrier, half of the time with a barrier invariant about A:
// a cell (the thread's, its neighbour's) holds a value (the thread's
// index, half of it, a constant) or differs from another cell, assumed
// for the thread itself, its neighbour or both.
func (v *valuer) sync() *protocol.Sync {
	s := &protocol.Sync{}
	if v.r.Intn(2) == 0 {
		return s
	}
	cell := func() protocol.Expr {
		return &protocol.Content{Array: "A", Index: []protocol.Expr{[]protocol.Expr{tid(), v.neighbour()}[v.r.Intn(2)]}}
	}
	var c protocol.Cond
	if w := v.last; w != nil && v.r.Intn(2) == 0 {
		// what the thread wrote last: holds unless another thread
		// wrote the cell after it
		v.last = nil
		c = cmp(protocol.Eq, &protocol.Content{Array: "A", Index: w.Index}, w.Value)
	} else {
		switch v.r.Intn(4) {
		case 0:
			c = cmp(protocol.Ne, cell(), cell())
		case 1:
			c = cmp(protocol.Eq, cell(), bin(protocol.Div, tid(), lit(2)))
		case 2:
			c = cmp(protocol.Eq, cell(), lit(v.r.Int63n(3)))
		default:
			c = cmp(protocol.Eq, cell(), tid())
		}
	}
	if v.r.Intn(3) == 0 {
		return v.pairSync(s)
	}
	inv := &protocol.Invariant{Cond: c}
	switch v.r.Intn(3) {
	case 1:
		inv.For = []protocol.Expr{v.neighbour()}
	case 2:
		inv.For = []protocol.Expr{tid(), v.neighbour()}
	}
	s.Invariant = inv
	return s
}

// pairSync gives s a binary barrier invariant about A: two threads'
// cells differ, or hold values that differ as the threads' indices do,
// or the other thread's cell holds its index; assumed for the pair a
// race query compares, a pair of neighbours, or a thread and its
// neighbour.
func (v *valuer) pairSync(s *protocol.Sync) *protocol.Sync {
	other := func() protocol.Expr { return &protocol.Other{X: tid()} }
	cellOf := func(e protocol.Expr) protocol.Expr { return &protocol.Content{Array: "A", Index: []protocol.Expr{e}} }
	var c protocol.Cond
	theirs := protocol.Subst{"threadIdx.x": other()}
	if w := v.last; w != nil && v.r.Intn(2) == 0 {
		// what each thread wrote last, compared between the two: holds
		// unless another thread wrote one of the cells after it
		v.last = nil
		mine := &protocol.Content{Array: "A", Index: w.Index}
		c = cmp(protocol.Eq, bin(protocol.Sub, mine, theirs.Expr(mine)), bin(protocol.Sub, w.Value, theirs.Expr(w.Value)))
	}
	switch k := v.r.Intn(4); {
	case c != nil:
	case k == 0:
		c = cmp(protocol.Ne, cellOf(tid()), cellOf(other()))
	case k == 1:
		c = cmp(protocol.Eq, bin(protocol.Sub, cellOf(tid()), cellOf(other())), bin(protocol.Sub, tid(), other()))
	case k == 2:
		c = cmp(protocol.Eq, cellOf(other()), other())
	default:
		next := func(e protocol.Expr) protocol.Expr {
			return bin(protocol.Mod, bin(protocol.Add, e, lit(1)), blockDimX())
		}
		c = cmp(protocol.Ne, cellOf(next(tid())), cellOf(next(other())))
	}
	inv := &protocol.Invariant{Cond: c}
	switch v.r.Intn(4) {
	case 1:
		inv.Pairs = [][2]protocol.Expr{{tid(), other()}}
	case 2:
		inv.Pairs = [][2]protocol.Expr{{v.neighbour(), bin(protocol.Mod, bin(protocol.Add, other(), lit(1)), blockDimX())}}
	case 3:
		inv.Pairs = [][2]protocol.Expr{{tid(), v.neighbour()}}
	}
	s.Invariant = inv
	return s
}

func (v *valuer) neighbour() protocol.Expr {
	return bin(protocol.Mod, bin(protocol.Add, tid(), lit(1)), blockDimX())
}

// indexA is an index of A: mostly the phase's.
func (v *valuer) indexA(scope []string) protocol.Expr {
	if v.phase != nil && v.r.Intn(5) > 0 {
		return v.phase
	}
	return v.index(scope)
}

// index is an index of NewValues: threadIdx.x and its neighbours, a
// constant, or a value read.
func (v *valuer) index(scope []string) protocol.Expr {
	switch k := v.r.Intn(7); {
	case k == 0:
		return bin(protocol.Add, tid(), lit(1))
	case k == 1, k == 4:
		return bin(protocol.Mod, bin(protocol.Add, tid(), lit(1)), blockDimX())
	case k == 2:
		return lit(v.r.Int63n(3))
	case k == 3 && len(scope) > 0:
		return v.use(scope)
	}
	return tid()
}

func (v *valuer) stmts(sts []protocol.Stmt, scope []string) []protocol.Stmt {
	var out []protocol.Stmt
	for _, s := range sts {
		switch s := s.(type) {
		case *protocol.Access:
			a := *s
			if len(scope) > 0 && v.r.Intn(3) == 0 {
				a.Index = slices.Clone(s.Index)
				a.Index[0] = v.use(scope)
			}
			if a.Mode == protocol.Write && a.Value == nil && v.r.Intn(2) == 0 {
				a.Value = v.value(scope)
			}
			if a.Mode == protocol.Read && v.r.Intn(2) == 0 {
				v.n++
				a.As = fmt.Sprintf("v%d", v.n)
				scope = append(slices.Clip(scope), a.As)
			}
			out = append(out, &a)
		case *protocol.Loop:
			l := *s
			l.Body = v.block(s.Body, scope)
			out = append(out, &l)
		case *protocol.If:
			i := *s
			i.Then, i.Else = v.block(s.Then, scope), v.block(s.Else, scope)
			out = append(out, &i)
		case *protocol.Block:
			out = append(out, v.block(s, scope))
		default:
			out = append(out, s)
		}
	}
	return out
}

func (v *valuer) block(b *protocol.Block, scope []string) *protocol.Block {
	if b == nil {
		return nil
	}
	return &protocol.Block{At: b.At, Stmts: v.stmts(b.Stmts, scope)}
}

// use is an index made of a value read in scope.
func (v *valuer) use(scope []string) protocol.Expr {
	x := variable(scope[v.r.Intn(len(scope))])
	switch v.r.Intn(4) {
	case 0:
		return bin(protocol.Add, x, tid())
	case 1:
		return bin(protocol.Add, x, lit(1))
	}
	return x
}

// value is a value to write.
func (v *valuer) value(scope []string) protocol.Expr {
	switch k := v.r.Intn(4); {
	case k == 0 && len(scope) > 0:
		return variable(scope[v.r.Intn(len(scope))])
	case k == 1:
		return tid()
	case k == 2:
		return bin(protocol.Div, tid(), lit(2))
	}
	return lit(v.r.Int63n(3))
}

// Config is the case's configuration with its memory.
func (c *ValueCase) Config() eval.Config {
	cfg := c.Case.Config()
	seed := c.Seed
	cfg.Memory = func(array string, idx []int64) int64 {
		h := fnv.New64a()
		h.Write(binary.LittleEndian.AppendUint64(nil, uint64(seed)))
		h.Write([]byte(array))
		for _, i := range idx {
			h.Write(binary.LittleEndian.AppendUint64(nil, uint64(i)))
		}
		return int64(h.Sum64() % 3)
	}
	return cfg
}

// String prints the case, with the memory it runs with.
func (c *ValueCase) String() string {
	cfg := c.Config()
	var cells []string
	for _, a := range c.Arrays {
		for i := int64(0); i < 6; i++ {
			idx := make([]int64, a.Dims)
			idx[0] = i
			cells = append(cells, fmt.Sprintf("%s%v=%d", a.Name, idx, cfg.Memory(a.Name, idx)))
		}
	}
	return fmt.Sprintf("%s// memory before any write (seed %d): %s\n", c.Case.String(), c.Seed, strings.Join(cells, " "))
}

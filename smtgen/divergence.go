package smtgen

import (
	"github.com/aclements/go-z3/z3"

	"github.com/drfcheck/drfcheck/protocol"
	"github.com/drfcheck/drfcheck/protocol/wellformed"
)

// DivergenceWitness is two threads of one block that disagree at a
// synchronized conditional or loop: one reaches a barrier the other does not
// (Sarkar et al.).
type DivergenceWitness struct {
	Check             *wellformed.Divergence
	BlockDim, GridDim [3]int64
	WarpSize          int64
	Params            []Value
	Binders           []Value
	Threads           [2]DivergentThread
}

// DivergentThread is one thread of a divergence witness with what it
// computes at the conditional (Cond) or loop (Bounds: lo, hi and step;
// Trips where the check compares the number of iterations).
type DivergentThread struct {
	ThreadIdx, BlockIdx [3]int64
	Locals              []Value
	Cond                bool
	Bounds              []int64
	Trips               int64 // the loop's number of iterations, when the check compares it
}

// DivergenceResult is the answer to a divergence check.
type DivergenceResult struct {
	Status  Status
	Witness *DivergenceWitness
	Reason  string
}

// divergence is Divergence in the solver's own encoding.
func (s *Solver) divergence(env Env, d *wellformed.Divergence) (*DivergenceResult, error) {
	env.Pre = d.Pre
	res := &DivergenceResult{Status: Holds}
	var vars map[string]num
	build := func(e *encoder) {
		vars = e.context(d.Pre, d.Agree, d.Binders)
		one, two := scope{thread: 1, vars: vars}, scope{thread: 2, vars: vars}
		if !d.Loop {
			e.assert(e.cond(d.Cond, one).And(e.cond(d.Cond, two).Not()))
			return
		}
		if d.Trips != nil {
			e.assert(e.ne(e.expr(d.Trips, one), e.expr(d.Trips, two)))
			return
		}
		var differ []z3.Bool
		for _, b := range d.Bounds {
			differ = append(differ, e.ne(e.expr(b, one), e.expr(b, two)))
		}
		e.assert(or(e.ctx, differ...))
	}
	err := s.run(env, build, func(e *encoder, st Status) error {
		res.Status = st
		switch st {
		case Unknown:
			res.Reason = s.undecided("the solver could not decide in time whether threads disagree here")
		case Fails:
			w, err := e.divergenceWitness(s.smallModel(e), d, vars)
			res.Witness = w
			return err
		}
		return nil
	})
	return res, err
}

func (e *encoder) divergenceWitness(m *z3.Model, d *wellformed.Divergence, vars map[string]num) (*DivergenceWitness, error) {
	r := &modelReader{e: e, m: m}
	w := &DivergenceWitness{Check: d, WarpSize: e.env.Launch.Warp()}
	for i := 0; i < 3; i++ {
		w.BlockDim[i] = r.int(e.int(protocol.BuiltinName(protocol.BlockDim, i)))
		w.GridDim[i] = r.int(e.int(protocol.BuiltinName(protocol.GridDim, i)))
	}
	w.Params = r.named(e.env.Info.Params(), func(n string) string { return n })
	for _, b := range d.Binders {
		w.Binders = append(w.Binders, Value{Name: b.Var, Value: r.int(vars[b.Var])})
	}
	for t := 0; t < 2; t++ {
		th := t + 1
		sc := scope{thread: th, vars: vars}
		var dt DivergentThread
		for i := 0; i < 3; i++ {
			dt.ThreadIdx[i] = r.int(e.builtin(&protocol.Builtin{Kind: protocol.ThreadIdx, Dim: i}, th))
			dt.BlockIdx[i] = r.int(e.builtin(&protocol.Builtin{Kind: protocol.BlockIdx, Dim: i}, th))
		}
		dt.Locals = r.named(e.env.Info.Locals(), func(n string) string { return threadName(n, th) })
		if d.Loop {
			for _, b := range d.Bounds {
				dt.Bounds = append(dt.Bounds, r.expr(b, sc))
			}
			if d.Trips != nil {
				dt.Trips = r.expr(d.Trips, sc)
			}
		} else {
			dt.Cond, _ = m.Eval(e.cond(d.Cond, sc), true).(z3.Bool).AsBool()
		}
		w.Threads[t] = dt
	}
	return w, r.err
}

package check

import (
	"fmt"
	"slices"

	"github.com/drfcheck/drfcheck/protocol"
	"github.com/drfcheck/drfcheck/protocol/eval"
	"github.com/drfcheck/drfcheck/smtgen"
)

// ReplayRace runs the protocol f with the witness's values for its two
// threads through the reference semantics and confirms that the two accesses
// collide there: same phase (or different blocks on a global array), same
// index, the same source loop iterations. A model of the formula that does
// not replay is never shown as a race. benign says whether writes of equal
// values count as races (Options.BenignRaces).
func ReplayRace(f *protocol.File, w *smtgen.Witness, benign bool) error {
	cfg := raceConfig(w, benign)
	if cfg.Threads[0].Idx == cfg.Threads[1].Idx && cfg.Threads[0].Block == cfg.Threads[1].Block {
		return fmt.Errorf("the two threads of the witness are the same thread")
	}
	res, err := eval.Run(f, cfg)
	if err != nil {
		return err
	}
	first := func(a eval.AccessValue) bool { return a.Thread == 0 && same(a, w.Threads[0]) }
	second := func(a eval.AccessValue) bool { return a.Thread == 1 && same(a, w.Threads[1]) }
	if _, ok := eval.RaceBetween(res, first, second); ok {
		return nil
	}
	return fmt.Errorf("the accesses at %s and %s do not collide when run with these values",
		w.Threads[0].Access.At, w.Threads[1].Access.At)
}

// raceConfig is the configuration of the reference semantics that runs a
// race's witness.
func raceConfig(w *smtgen.Witness, benign bool) eval.Config {
	cfg := eval.Config{
		BenignRaces: benign,
		Params:      values(w.Params),
		Funcs:       funcs(w.Funcs),
		BlockDim:    w.BlockDim,
		GridDim:     w.GridDim,
		WarpSize:    w.WarpSize,
		LockStep:    w.LockStep,
		BitOps:      bitOps(w.Funcs),
	}
	for _, t := range w.Threads {
		cfg.Threads = append(cfg.Threads, eval.Thread{Idx: t.ThreadIdx, Block: t.BlockIdx, Locals: values(t.Locals)})
	}
	return cfg
}

func same(a eval.AccessValue, t smtgen.ThreadWitness) bool {
	if a.Access.ID != t.Access.ID || !slices.Equal(a.Index, t.Index) || len(a.Loops) != len(t.Loops) {
		return false
	}
	for i, l := range a.Loops {
		if l.Name != t.Loops[i].Name || l.Value != t.Loops[i].Value {
			return false
		}
	}
	return true
}

// ReplayDivergence confirms that the two threads of a divergence witness
// disagree on the barriers they reach when they run f.
func ReplayDivergence(f *protocol.File, w *smtgen.DivergenceWitness) error {
	cfg := eval.Config{Params: values(w.Params), BlockDim: w.BlockDim, GridDim: w.GridDim, WarpSize: w.WarpSize}
	for _, t := range w.Threads {
		cfg.Threads = append(cfg.Threads, eval.Thread{Idx: t.ThreadIdx, Block: t.BlockIdx, Locals: values(t.Locals)})
	}
	res, err := eval.Run(f, cfg)
	if err != nil {
		return err
	}
	if res.Divergence == nil {
		return fmt.Errorf("the threads reach the same barriers when run with these values")
	}
	return nil
}

// bitOps gives the bitwise operators the witness's values where it has
// them: smtgen encodes them as functions with some of their laws, and a
// witness is replayed in that abstraction, as a protocol function is.
func bitOps(at map[string]int64) func(protocol.BinOp, int64, int64) (int64, bool) {
	return func(op protocol.BinOp, x, y int64) (int64, bool) {
		v, ok := at[smtgen.CallKey(smtgen.BitFunc(op), []int64{x, y})]
		return v, ok
	}
}

func values(vs []smtgen.Value) map[string]int64 {
	m := make(map[string]int64, len(vs))
	for _, v := range vs {
		m[v.Name] = v.Value
	}
	return m
}

// funcs gives the uninterpreted functions the witness's values at the points
// it used, and 0 elsewhere.
func funcs(at map[string]int64) func(string, []int64) int64 {
	return func(name string, args []int64) int64 { return at[smtgen.CallKey(name, args)] }
}

// Package interval cuts a well-formed protocol into the symbolic traces of
// its barrier intervals directly, without barrier aligning: an alternative
// to align (Figure 3) followed by split (Figure 4) of Cogumbreiro, Lange,
// Liew and Zicarelli, "Checking Data-Race Freedom of GPU Kernels,
// Compositionally" (CAV 2021, Section 4), whose output grows polynomially with the nesting
// of synchronized loops where theirs grows exponentially.
//
// Why: Fig. 3 aligns a synchronized loop by copying its body's aligned code
// three times (the peeled first iteration, the rotated body, the last
// tail), so n nested synchronized loops give about 3^n statements, and
// Fig. 4 turns every copy into traces. Yet a data race needs two accesses of
// one phase, and a phase of the semantics of Fig. 2 is the code run between
// two consecutive barrier executions. In a well-formed protocol (Definition
// 1, package wellformed: barriers only at the synchronized level, thread-
// uniform synchronized loops with unit step that run at least once whenever
// they are reached) the barrier executed after a given one is fixed by the
// program's structure and by which enclosing loops are at their last
// iteration. From a barrier b nested in synchronized loops x1 .. xk:
//
//   - if the rest of b's sequence holds a barrier, the next barrier is the
//     first one there, in the same iterations (a synchronized loop met on the
//     way is entered at its first iteration, xi = lo);
//   - else, for each level j from k down to 1: either loop xj goes on to its
//     next iteration (the loops inside it at their last iteration, the code
//     after them, then the start of xj's body up to its first barrier, with
//     xj one more), or xj ends (xj = hi - 1) and the search goes on after it
//     in the enclosing sequence;
//   - after the outermost loop, the end of the kernel is the last barrier.
//
// Adding the start of the kernel as a barrier, there are at most depth+1
// intervals per barrier, each made of pieces of the protocol's own code: a
// polynomial number of traces of polynomial size.
//
// Each interval is one split.Trace. Its binders are the loop variables at
// both ends, related by their ranges alone: a loop at its last iteration is
// bound to [hi-1, hi), one entered at its first to [lo, lo+1), and when
// the interval crosses from iteration x-1 of a loop to iteration x, x is
// bound to [lo+1, hi) (as in Fig. 3's aligned loop) and the earlier
// iteration's copy of the variable, primed (x'), to [x-1, x). The code
// before the crossing speaks of the primed variables, so each thread's
// accesses carry their own iteration (protocol.Access.Loops is substituted
// too), which is what a witness reports. Both threads share every binder:
// between two barriers all threads are in the same iterations.
//
// The claim of Theorems 1 and 3 carries over: a well-formed protocol is data
// race free iff every trace of Traces is (checked against the reference
// semantics by the properties of package proofs).
package interval

import (
	"fmt"

	"github.com/drfcheck/drfcheck/internal/split"
	"github.com/drfcheck/drfcheck/protocol"
)

// Prime is the name given to the copy of a loop variable that stands for
// the earlier of the two iterations an interval spans. Source names cannot
// contain a quote, so it clashes with none.
func Prime(name string) string { return name + "'" }

// level is one enclosing synchronized loop of a barrier: the loop, and where
// it stands in its enclosing sequence.
type level struct {
	loop *protocol.Loop
	seq  []protocol.Stmt
	at   int
}

// Traces returns the traces of the barrier intervals of a well-formed
// sequence (a wellformed.Variant body, possibly sliced to one array): one
// for the start of the kernel to its first barrier, one for each barrier
// and each barrier that can come next, and the last barrier to the end of
// the kernel. Traces whose phase makes no access are left out, as split
// does. A sequence that is not well-formed (a barrier under a conditional,
// a synchronized loop with a step) is an error with the position.
func Traces(sts []protocol.Stmt) ([]split.Trace, error) {
	var b builder
	if err := b.from(nil, sts, 0); err != nil {
		return nil, err
	}
	if err := b.barriers(sts, nil); err != nil {
		return nil, err
	}
	return b.traces, nil
}

type builder struct {
	traces []split.Trace
}

func (b *builder) emit(binders []protocol.Binder, phase []protocol.Stmt) {
	if len(protocol.Accesses(&protocol.Block{Stmts: phase})) == 0 {
		return
	}
	b.traces = append(b.traces, split.Trace{Binders: binders, Phase: phase})
}

// barriers visits every barrier of sts, in program order, and emits the
// intervals that start there.
func (b *builder) barriers(sts []protocol.Stmt, levels []level) error {
	for i, s := range sts {
		switch s := s.(type) {
		case *protocol.Sync:
			if err := b.from(levels, sts, i+1); err != nil {
				return err
			}
		case *protocol.Loop:
			if !s.Sync || s.Body == nil {
				continue // scan reports a synchronized loop without a body
			}
			inner := append(levels[:len(levels):len(levels)], level{loop: s, seq: sts, at: i})
			if err := b.barriers(s.Body.Stmts, inner); err != nil {
				return err
			}
		}
	}
	return nil
}

// scan returns the barrier-free statements of sts from index from up to the
// first barrier or synchronized loop, and that one's index (len(sts) if
// none).
func scan(sts []protocol.Stmt, from int) ([]protocol.Stmt, int, error) {
	for i := from; i < len(sts); i++ {
		switch s := sts[i].(type) {
		case *protocol.Sync:
			return sts[from:i], i, nil
		case *protocol.Loop:
			if s.Sync {
				if s.Step != nil {
					return nil, 0, protocol.Errorf(s.At, "interval: synchronized loop with a step; the protocol is not well-formed")
				}
				return sts[from:i], i, nil
			}
		}
		if protocol.HasSync(sts[i]) {
			return nil, 0, protocol.Errorf(sts[i].Pos(), "interval: barrier inside a %s; the protocol is not well-formed", kind(sts[i]))
		}
	}
	return sts[from:], len(sts), nil
}

func kind(s protocol.Stmt) string {
	switch s.(type) {
	case *protocol.If:
		return "conditional"
	case *protocol.Loop:
		return "loop not marked synchronized"
	case *protocol.Block:
		return "block"
	}
	return fmt.Sprintf("%T", s)
}

// enter follows sts from index at, a barrier or a synchronized loop, to the
// first barrier: a loop met there is entered at its first iteration. It
// returns the barrier-free code on the way and the binders of the loops
// entered.
func enter(sts []protocol.Stmt, at int) ([]protocol.Stmt, []protocol.Binder, error) {
	l, ok := sts[at].(*protocol.Loop)
	if !ok {
		return nil, nil, nil // the barrier
	}
	code, binders, err := body(l)
	return code, append([]protocol.Binder{first(l)}, binders...), err
}

// body follows the body of a synchronized loop from its start to its first
// barrier, as enter does.
func body(l *protocol.Loop) ([]protocol.Stmt, []protocol.Binder, error) {
	if l.Body == nil {
		return nil, nil, protocol.Errorf(l.At, "interval: synchronized loop without a body")
	}
	run, at, err := scan(l.Body.Stmts, 0)
	if err != nil {
		return nil, nil, err
	}
	if at == len(l.Body.Stmts) {
		return nil, nil, protocol.Errorf(l.At, "interval: synchronized loop without a barrier in its body")
	}
	code, binders, err := enter(l.Body.Stmts, at)
	return piece(piece(nil, run), code), binders, err
}

// piece appends the statements of one stretch of code to a phase. A
// stretch that ends a block may hold an assumption guarding the rest of
// that block only: it is kept in a block of its own so that it does not
// guard what follows in the phase.
func piece(phase, run []protocol.Stmt) []protocol.Stmt {
	for _, s := range run {
		if _, ok := s.(*protocol.Assume); ok {
			return append(phase[:len(phase):len(phase)], &protocol.Block{At: run[0].Pos(), Stmts: run})
		}
	}
	return append(phase[:len(phase):len(phase)], run...)
}

func full(l *protocol.Loop) protocol.Binder {
	return protocol.Binder{Var: l.Var, Lo: l.Lo, Hi: l.Hi}
}

func first(l *protocol.Loop) protocol.Binder {
	return protocol.Binder{Var: l.Var, Lo: l.Lo, Hi: protocol.Sum(l.At, l.Lo, one(l.At))}
}

func last(l *protocol.Loop, ren protocol.Subst) protocol.Binder {
	hi := ren.Expr(l.Hi)
	return protocol.Binder{Var: renamed(ren, l.Var), Lo: protocol.Diff(l.At, hi, one(l.At)), Hi: hi}
}

// renamed is the name ren gives to variable name.
func renamed(ren protocol.Subst, name string) string {
	if v, ok := ren[name].(*protocol.Var); ok {
		return v.Name
	}
	return name
}

func one(at protocol.Pos) protocol.Expr { return &protocol.IntLit{At: at, Value: 1} }

// from emits the intervals that start at index start of sts (right after a
// barrier, or at the start of the kernel), under the enclosing loops levels.
func (b *builder) from(levels []level, sts []protocol.Stmt, start int) error {
	run, at, err := scan(sts, start)
	if err != nil {
		return err
	}
	if at < len(sts) {
		// The next barrier is in this sequence, in the same iterations.
		code, entered, err := enter(sts, at)
		if err != nil {
			return err
		}
		var binders []protocol.Binder
		for _, lv := range levels {
			binders = append(binders, full(lv.loop))
		}
		b.emit(append(binders, entered...), piece(piece(nil, run), code))
		return nil
	}
	// The rest of the sequence is barrier-free: the next barrier comes
	// after the end of the innermost loop's body. tails[i] is the code run
	// at level i, after the loop of level i+1 (or after the barrier, at
	// level k), to the end of level i's sequence.
	k := len(levels)
	tails := make([][]protocol.Stmt, k+1)
	tails[k] = run
	for j := k; j >= 1; j-- {
		if err := b.iterate(levels, j, tails); err != nil {
			return err
		}
		// Loop j ends: go on after it in the enclosing sequence.
		lv := levels[j-1]
		run, at, err := scan(lv.seq, lv.at+1)
		if err != nil {
			return err
		}
		tails[j-1] = run
		if at < len(lv.seq) {
			code, entered, err := enter(lv.seq, at)
			if err != nil {
				return err
			}
			b.emit(append(exited(levels, j-1), entered...), piece(before(tails, j-1, nil), code))
			return nil
		}
	}
	// Every loop ends: the interval runs to the end of the kernel.
	b.emit(exited(levels, 0), before(tails, 0, nil))
	return nil
}

// exited returns the binders of levels when the loops deeper than level i
// (1-based: levels[i:]) are at their last iteration.
func exited(levels []level, i int) []protocol.Binder {
	var binders []protocol.Binder
	for n, lv := range levels {
		if n < i {
			binders = append(binders, full(lv.loop))
		} else {
			binders = append(binders, last(lv.loop, nil))
		}
	}
	return binders
}

// before concatenates the tails from the deepest level up to level i, with
// the renaming ren applied.
func before(tails [][]protocol.Stmt, i int, ren protocol.Subst) []protocol.Stmt {
	var phase []protocol.Stmt
	for n := len(tails) - 1; n >= i; n-- {
		run, _ := ren.Stmts(tails[n])
		phase = piece(phase, run)
	}
	return phase
}

// iterate emits the interval in which loop j (1-based) goes from iteration
// x-1 to x: the loops deeper than j end their last iteration, run inside
// iteration x-1, and then iteration x of loop j runs to its first barrier.
// The variables of levels j and deeper are primed in the code of iteration
// x-1.
func (b *builder) iterate(levels []level, j int, tails [][]protocol.Stmt) error {
	l := levels[j-1].loop
	ren := protocol.Subst{}
	for _, lv := range levels[j-1:] {
		ren[lv.loop.Var] = &protocol.Var{At: lv.loop.At, Name: Prime(lv.loop.Var)}
	}
	var binders []protocol.Binder
	for _, lv := range levels[:j-1] {
		binders = append(binders, full(lv.loop))
	}
	x := &protocol.Var{At: l.At, Name: l.Var}
	binders = append(binders,
		protocol.Binder{Var: l.Var, Lo: protocol.Sum(l.At, l.Lo, one(l.At)), Hi: l.Hi},
		protocol.Binder{Var: Prime(l.Var), Lo: protocol.Diff(l.At, x, one(l.At)), Hi: x})
	for _, lv := range levels[j:] {
		binders = append(binders, last(lv.loop, ren))
	}
	code, entered, err := body(l)
	if err != nil {
		return err
	}
	b.emit(append(binders, entered...), piece(before(tails, j, ren), code))
	return nil
}

package symexec

import (
	"fmt"

	"github.com/drfcheck/drfcheck/internal/infer/ir"
	"github.com/drfcheck/drfcheck/protocol"
	"github.com/drfcheck/drfcheck/protocol/eval"
)

// maxStates bounds the iterations cyclesOf runs before giving up: the
// states a cycle may hold, its prefix included.
const maxStates = 16

// states is the sequence of values a variable takes at the heads of a
// loop's iterations: prefix, then cycle over and over.
type states struct{ prefix, cycle []int64 }

// cyclesOf finds the carried variables that start from constants and
// whose values at the end of an iteration are a function of their values
// at its head alone, such as the selectors of a double buffer swapped by
// pointer (for src = a, dst = b, the IR's src.sel = dst.sel == 0 ? 1 : 0
// and dst.sel = src.sel == 0 ? 1 : 0, whose numberings differ, so that
// perms, which wants the values themselves exchanged, does not see it).
// Run from the entry's constants, such a group of variables goes through
// a finite sequence of states that comes back to one it has been in: its
// values at every iteration are known, a prefix then a cycle. A variable
// whose end value reads anything else (a value loaded, the loop's
// counter) leaves the group, and so do those that read it.
func cyclesOf(keys map[*ir.Var]bool, entry, head, end env) map[*ir.Var]states {
	var group []*ir.Var
	for _, k := range sortedVars(keys) {
		_, lit := entryLit(entry, k)
		_, h := head[k].(intVal)
		e, ok := end[k].(intVal)
		if lit && h && ok && small(e.e, maxStateExpr) {
			group = append(group, k)
		}
	}
	for len(group) > 0 {
		heads := headExprs(head, group)
		probe := make([]int64, len(group))
		kept := group[:0:0]
		for _, k := range group {
			if _, ok := evalIn(end[k].(intVal).e, heads, probe); ok {
				kept = append(kept, k)
			}
		}
		if len(kept) == len(group) {
			break
		}
		group = kept
	}
	// each variable with those its end value reads, and theirs: run
	// apart, so that a counter (i + 1, which never comes back) does not
	// keep a swap beside it from being found
	out := map[*ir.Var]states{}
	for _, k := range group {
		if _, done := out[k]; done {
			continue
		}
		closure := readsOf(k, group, head, end)
		for v, st := range run(closure, entry, head, end) {
			out[v] = st
		}
	}
	return out
}

// readsOf is k and the variables of group its end value reads, and
// theirs, in group's order.
func readsOf(k *ir.Var, group []*ir.Var, head, end env) []*ir.Var {
	in := map[*ir.Var]bool{k: true}
	for todo := []*ir.Var{k}; len(todo) > 0; {
		v := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		for _, w := range group {
			if !in[w] && mentions(end[v].(intVal).e, head[w].(intVal).e) {
				in[w] = true
				todo = append(todo, w)
			}
		}
	}
	var out []*ir.Var
	for _, v := range group {
		if in[v] {
			out = append(out, v)
		}
	}
	return out
}

// run runs a group of variables from their entry values until their
// state comes back to one it has been in (nil past maxStates).
func run(group []*ir.Var, entry, head, end env) map[*ir.Var]states {
	heads := headExprs(head, group)
	state := make([]int64, len(group))
	for i, k := range group {
		state[i], _ = entryLit(entry, k)
	}
	seen := map[string]int{}
	var seq [][]int64
	for {
		key := fmt.Sprint(state)
		if first, ok := seen[key]; ok {
			out := map[*ir.Var]states{}
			for i, k := range group {
				var s states
				for t, st := range seq {
					if t < first {
						s.prefix = append(s.prefix, st[i])
					} else {
						s.cycle = append(s.cycle, st[i])
					}
				}
				out[k] = s
			}
			return out
		}
		if len(seq) == maxStates {
			return nil
		}
		seen[key] = len(seq)
		seq = append(seq, state)
		next := make([]int64, len(group))
		for i, k := range group {
			v, ok := evalIn(end[k].(intVal).e, heads, state)
			if !ok {
				return nil // overflow, division by zero
			}
			next[i] = v
		}
		state = next
	}
}

// maxStateExpr bounds the size of the end values cyclesOf reads: a state
// machine's moves are small, and the end values of a hash's rounds (md5,
// sha1: shared subterms, which a walk of the tree visits again and again)
// took minutes to evaluate.
const maxStateExpr = 64

func entryLit(entry env, k *ir.Var) (int64, bool) {
	iv, ok := entry[k].(intVal)
	if !ok {
		return 0, false
	}
	return litValue(iv.e)
}

func headExprs(head env, group []*ir.Var) []protocol.Expr {
	hs := make([]protocol.Expr, len(group))
	for i, k := range group {
		hs[i] = head[k].(intVal).e
	}
	return hs
}

// at is the value of s at the head of the iteration after count others.
func (s states) at(at protocol.Pos, count protocol.Expr) protocol.Expr {
	lits := func(vs []int64) []protocol.Expr {
		es := make([]protocol.Expr, len(vs))
		for i, v := range vs {
			es[i] = lit(at, v)
		}
		return es
	}
	p := int64(len(s.prefix))
	inCycle := tableAt(at, mod(at, sub(at, count, lit(at, p)), lit(at, int64(len(s.cycle)))), lits(s.cycle))
	if p == 0 {
		return inCycle
	}
	return ite(at, cmp(at, protocol.Lt, count, lit(at, p)), tableAt(at, count, lits(s.prefix)), inCycle)
}

// evalIn evaluates e where the expressions of heads have the values of
// vals, with the reference semantics' arithmetic; false where e reads
// anything else.
func evalIn(e protocol.Expr, heads []protocol.Expr, vals []int64) (int64, bool) {
	for i, h := range heads {
		if equal(e, h) {
			return vals[i], true
		}
	}
	switch e := e.(type) {
	case *protocol.IntLit:
		return e.Value, true
	case *protocol.Neg:
		x, ok := evalIn(e.X, heads, vals)
		if !ok {
			return 0, false
		}
		return eval.Fold(protocol.Sub, 0, x)
	case *protocol.Binary:
		x, ok1 := evalIn(e.X, heads, vals)
		y, ok2 := evalIn(e.Y, heads, vals)
		if !ok1 || !ok2 {
			return 0, false
		}
		return eval.Fold(e.Op, x, y)
	case *protocol.Ite:
		c, ok := condIn(e.Cond, heads, vals)
		if !ok {
			return 0, false
		}
		if c {
			return evalIn(e.Then, heads, vals)
		}
		return evalIn(e.Else, heads, vals)
	}
	return 0, false
}

func condIn(c protocol.Cond, heads []protocol.Expr, vals []int64) (bool, bool) {
	switch c := c.(type) {
	case *protocol.BoolLit:
		return c.Value, true
	case *protocol.Cmp:
		x, ok1 := evalIn(c.X, heads, vals)
		y, ok2 := evalIn(c.Y, heads, vals)
		if !ok1 || !ok2 {
			return false, false
		}
		return eval.Compare(c.Op, x, y)
	case *protocol.Not:
		v, ok := condIn(c.X, heads, vals)
		return !v, ok
	case *protocol.Logic:
		x, ok1 := condIn(c.X, heads, vals)
		y, ok2 := condIn(c.Y, heads, vals)
		if !ok1 || !ok2 {
			return false, false
		}
		if c.Op == protocol.And {
			return x && y, true
		}
		return x || y, true
	}
	return false, false
}

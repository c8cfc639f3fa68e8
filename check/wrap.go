package check

import (
	"fmt"

	"github.com/drfcheck/drfcheck/protocol"
	"github.com/drfcheck/drfcheck/protocol/eval"
	"github.com/drfcheck/drfcheck/protocol/printer"
	"github.com/drfcheck/drfcheck/smtgen"
)

// The front end takes C's residue of an unsigned 32-bit value where it may
// leave [0, 2^32) (package internal/infer/symexec, ranges.go) in three shapes: e
// itself or e + 2^32 below zero, e or e - 2^32 above 2^32 (an Ite whose
// branches differ by 2^32), and (e + s) % 2^32, less 2^31 for a signed
// result. wrapNote finds them in a race's accesses and says where the
// witness's value did wrap, so that a race that needs indices of 2^32 or
// more is told apart from one at small sizes.

const two32 = int64(1) << 32

// wrapNote returns a note on the first part of the witness's indices that
// wraps around 2^32 in it, "" if none does.
func wrapNote(f *protocol.File, w *smtgen.Witness, benign bool) string {
	cfg := raceConfig(w, benign)
	for i, t := range w.Threads {
		a := accessByID(f, t.Access.ID)
		if a == nil {
			continue
		}
		loops := values(t.Loops)
		value := func(e protocol.Expr) (int64, bool) {
			v, err := eval.Expr(f, cfg, i, loops, e)
			return v, err == nil
		}
		for _, idx := range a.Index {
			if raw, c, ok := wrapped(idx, value); ok {
				return fmt.Sprintf("the index of thread %s wraps around 2^32: %s is %d in integers, %d in C's 32-bit arithmetic; if it is not meant to reach 2^32, a 64-bit index or a __requires that bounds the sizes rules this race out",
					fmtIdx(t.ThreadIdx), printer.Node(raw), mustValue(value, raw), c)
			}
		}
	}
	return ""
}

// wrapped finds in e a residue whose operand is outside the range of C's
// value in the witness: that operand, and C's value.
func wrapped(e protocol.Expr, value func(protocol.Expr) (int64, bool)) (raw protocol.Expr, c int64, found bool) {
	signed := map[protocol.Node]bool{}
	protocol.Inspect(e, func(n protocol.Node) bool {
		if found {
			return false
		}
		lo := int64(0)
		if s, ok := n.(*protocol.Binary); ok && s.Op == protocol.Sub && isLit(s.Y, two32/2) {
			// a signed residue: (e + s) % 2^32 - 2^31
			lo, n = -two32/2, s.X
			signed[n] = true
		} else if signed[n] {
			return true
		}
		switch n := n.(type) {
		case *protocol.Binary:
			if n.Op != protocol.Mod || !isLit(n.Y, two32) {
				return true
			}
			r := n.X
			if s, ok := r.(*protocol.Binary); ok && s.Op == protocol.Add {
				if _, ok := s.Y.(*protocol.IntLit); ok {
					r = s.X
				}
			}
			v, ok1 := value(r)
			m, ok2 := value(n)
			if ok1 && ok2 && (v < lo || v >= lo+two32) {
				raw, c, found = r, m+lo, true
			}
		case *protocol.Ite:
			cmp, ok := n.Cond.(*protocol.Cmp)
			t, ok1 := value(n.Then)
			el, ok2 := value(n.Else)
			if ok && ok1 && ok2 && (t-el == two32 || el-t == two32) {
				if v, ok := value(cmp.X); ok && v == t && !condHolds(n, value) {
					raw, c, found = cmp.X, el, true
				}
			}
		}
		return !found
	})
	return raw, c, found
}

// condHolds reports whether the witness takes an Ite's then branch.
func condHolds(n *protocol.Ite, value func(protocol.Expr) (int64, bool)) bool {
	v, ok := value(n)
	t, ok1 := value(n.Then)
	el, ok2 := value(n.Else)
	return ok && ok1 && ok2 && v == t && v != el
}

func mustValue(value func(protocol.Expr) (int64, bool), e protocol.Expr) int64 {
	v, _ := value(e)
	return v
}

func isLit(e protocol.Expr, v int64) bool {
	l, ok := e.(*protocol.IntLit)
	return ok && l.Value == v
}

// accessByID finds the access of f with an ID.
func accessByID(f *protocol.File, id int) *protocol.Access {
	var found *protocol.Access
	protocol.Inspect(f.Body, func(n protocol.Node) bool {
		if a, ok := n.(*protocol.Access); ok && a.ID == id {
			found = a
		}
		return found == nil
	})
	return found
}

func fmtIdx(t [3]int64) string { return fmt.Sprintf("(%d,%d,%d)", t[0], t[1], t[2]) }

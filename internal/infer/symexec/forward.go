package symexec

import (
	"github.com/drfcheck/drfcheck/internal/infer/ir"
	"github.com/drfcheck/drfcheck/protocol"
)

// A read of what the thread itself wrote, at the same address, earlier in
// the same barrier interval on every path, reads the thread's own value
// (a compiler forwards the store and reads no memory): it is not an access
// of the protocol. Dropping it loses no race. Another thread's write W2
// that the read R would race with is in R's barrier interval, hence in the
// interval of the thread's own earlier write W1 to the same address, so the
// pair (W1, W2) conflicts too: a race unless both write one value, and then
// R reads that value whichever write comes last, as the thread's own.
// This is what takes `s = x; use(s)` by every thread of a block (all
// writing one value) from a false alarm to race free. Under lock-step
// warps (Bardsley and Donaldson) W1 and W2 may be ordered while R and W2 are not, so
// the reads are kept there (Options.LockStep).
//
// covered holds the writes that cover reads at the current point: set by a
// plain store, emptied by any barrier, and scoped like the paths: a branch
// or a loop body starts from what was covered before it and does not
// leave what it wrote (it may not run). The body's run stands for every
// iteration, so what an iteration writes covers nothing in the next, and
// in a loop with a barrier what the loop's entry had covers nothing
// either (the second iteration comes after a barrier).

// cover is a write that covers later reads of the same bytes.
type cover struct {
	base *ir.Base
	off  protocol.Expr
	size int64
}

// maxCovers bounds the writes remembered at a point: each read compares
// its address with each.
const maxCovers = 16

// covers records a plain store to shared or global memory at off.
func (x *exec) covers(b *ir.Base, off value, t ir.Type) {
	o, ok := off.(intVal)
	if x.lockStep || !ok || b.Kind == ir.Private || b.Kind == ir.Constant || t.Size <= 0 {
		return
	}
	cs := x.covered
	if len(cs) >= maxCovers {
		cs = cs[1:]
	}
	// a new slice: the scopes that saved the old one keep it
	x.covered = append(append([]cover(nil), cs...), cover{base: b, off: o.e, size: t.Size})
}

// isCovered reports whether a read of t at off is covered by a write.
func (x *exec) isCovered(b *ir.Base, off value, t ir.Type) bool {
	o, ok := off.(intVal)
	if !ok {
		return false
	}
	for _, c := range x.covered {
		if c.base == b && c.size == t.Size && sameOffset(c.off, o.e) {
			return true
		}
	}
	return false
}

// scoped runs f, which may not run at all (a branch, a loop), and puts
// back what was covered before it, unless f may have run a barrier.
func (x *exec) scoped(f func()) {
	saved, syncs := x.covered, x.syncs
	f()
	x.covered = saved
	if x.syncs != syncs {
		x.covered = nil
	}
}

// hasBarrier reports whether a barrier may run in n.
func hasBarrier(n ir.Node) bool {
	return barrierIn(n, func(*ir.Barrier) bool { return true })
}

// barrierIn reports whether a barrier that keep accepts may run in n.
func barrierIn(n ir.Node, keep func(*ir.Barrier) bool) bool {
	if b, ok := n.(*ir.Block); ok && b == nil {
		return false
	}
	found := false
	ir.Inspect(n, func(m ir.Node) bool {
		if b, ok := m.(*ir.Barrier); ok && keep(b) {
			found = true
		}
		return !found
	})
	return found
}

// Package align implements barrier aligning, Figure 3 of Cogumbreiro,
// Lange, Liew and Zicarelli, "Checking Data-Race Freedom of GPU Kernels,
// Compositionally" (CAV 2021, Section 4.1).
//
// A synchronized loop may leak accesses from one iteration into the next:
// the code after the last barrier of iteration x runs concurrently with the
// code before the first barrier of iteration x+1. Aligning rotates every
// synchronized loop so that it starts right after a barrier and its body ends
// with one: the first iteration's synchronized part is peeled in front of the
// loop, the body becomes "tail of the previous iteration; head of this one",
// and the tail of the last iteration follows the loop. Theorem 1: a
// well-formed protocol is data-race free if and only if its aligned form is.
package align

import "github.com/drfcheck/drfcheck/protocol"

// Align aligns a well-formed sequence (package wellformed: barrier-free
// statements, barriers, and synchronized loops with unit step that run at
// least once). It returns the pair of Fig. 3: an aligned synchronized part,
// which ends with a barrier or an aligned loop, and the barrier-free code
// that follows it. The protocol "aligned; rest; sync" is DRF exactly when
// the input is.
func Align(sts []protocol.Stmt) (aligned, rest []protocol.Stmt) {
	for _, s := range sts {
		switch s := s.(type) {
		case *protocol.Sync:
			aligned = append(append(aligned, rest...), s)
			rest = nil
		case *protocol.Loop:
			if !s.Sync {
				rest = append(rest, s)
				continue
			}
			aligned, rest = alignLoop(s, aligned, rest)
		default:
			rest = append(rest, s)
		}
	}
	return aligned, rest
}

// alignLoop is the loop rule of Fig. 3:
//
//	align(u1; for x in n..m {p; u2}) =
//	  (u1 ⨾ q[x:=n]; for x in n+1..m {u[x:=x-1] ⨾ q}, u[x:=m-1])
//
// where align(p; u2) = (q, u).
func alignLoop(l *protocol.Loop, aligned, u1 []protocol.Stmt) ([]protocol.Stmt, []protocol.Stmt) {
	q, u := Align(l.Body.Stmts)
	x := &protocol.Var{At: l.At, Name: l.Var}
	one := &protocol.IntLit{At: l.At, Value: 1}
	first, _ := protocol.Subst{l.Var: l.Lo}.Stmts(q)
	prev, _ := protocol.Subst{l.Var: protocol.Diff(l.At, x, one)}.Stmts(u)
	last, _ := protocol.Subst{l.Var: protocol.Diff(l.At, l.Hi, one)}.Stmts(u)

	aligned = append(append(aligned, u1...), first...)
	body := &protocol.Block{At: l.Body.At, Stmts: append(prev, q...)}
	aligned = append(aligned, &protocol.Loop{
		At:   l.At,
		Var:  l.Var,
		Lo:   protocol.Sum(l.At, l.Lo, one),
		Hi:   l.Hi,
		Body: body,
		Sync: true,
	})
	return aligned, last
}

// Protocol returns the aligned protocol "aligned; rest; sync" as one
// statement list, the form Theorem 1 compares with the input.
func Protocol(aligned, rest []protocol.Stmt) []protocol.Stmt {
	out := append(append([]protocol.Stmt(nil), aligned...), rest...)
	return append(out, &protocol.Sync{})
}

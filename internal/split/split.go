// Package split implements barrier splitting, Figure 4 of Cogumbreiro,
// Lange, Liew and Zicarelli, "Checking Data-Race Freedom of GPU Kernels,
// Compositionally" (CAV 2021, Section 4.2).
//
// An aligned protocol is cut at its barriers into symbolic traces: the
// barrier-free code of one barrier interval, under the variables of the
// enclosing aligned synchronized loops. Both threads of a trace share those
// variables, since aligned loops keep all threads in the same iteration
// between two barriers. Theorem 3: the aligned protocol is DRF if and only if
// every trace is, so each trace can be checked by its own SMT query.
package split

import (
	"fmt"

	"github.com/drfcheck/drfcheck/protocol"
)

// Trace is one barrier interval: Phase runs concurrently in every thread,
// for each value of the binders. The two symbolic threads of Fig. 4 (the
// fresh t1 and t2) are introduced when the trace becomes a formula
// (package smtgen), since their number of dimensions and their range belong
// to the launch configuration.
type Trace struct {
	Binders []protocol.Binder
	Phase   []protocol.Stmt
}

// Split returns the traces of the aligned protocol "aligned; rest; sync"
// (package align), in program order. Traces whose phase makes no access are
// left out: they cannot race.
func Split(aligned, rest []protocol.Stmt) ([]Trace, error) {
	var s splitter
	if err := s.seq(append(append([]protocol.Stmt(nil), aligned...), rest...), nil, true); err != nil {
		return nil, err
	}
	return s.traces, nil
}

type splitter struct {
	traces []Trace
}

func (s *splitter) emit(binders []protocol.Binder, phase []protocol.Stmt) {
	if len(protocol.Accesses(&protocol.Block{Stmts: phase})) == 0 {
		return
	}
	s.traces = append(s.traces, Trace{Binders: binders, Phase: phase})
}

// seq splits an aligned sequence. At the top level the final barrier-free
// code is the last phase (the implicit barrier at the end of the kernel);
// inside an aligned loop there must be none.
func (s *splitter) seq(sts []protocol.Stmt, binders []protocol.Binder, top bool) error {
	var run []protocol.Stmt
	for _, st := range sts {
		switch st := st.(type) {
		case *protocol.Sync:
			s.emit(binders, run)
			run = nil
		case *protocol.Loop:
			if !st.Sync {
				run = append(run, st)
				continue
			}
			if len(run) > 0 {
				return fmt.Errorf("split: %s: synchronized loop not preceded by a barrier; the protocol is not aligned", st.At)
			}
			inner := append(binders[:len(binders):len(binders)], protocol.Binder{Var: st.Var, Lo: st.Lo, Hi: st.Hi})
			if err := s.seq(st.Body.Stmts, inner, false); err != nil {
				return err
			}
		default:
			run = append(run, st)
		}
	}
	if len(run) > 0 && !top {
		return fmt.Errorf("split: %s: aligned loop body does not end with a barrier", run[0].Pos())
	}
	s.emit(binders, run)
	return nil
}

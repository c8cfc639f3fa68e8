package smtgen

import (
	"testing"
	"time"

	"github.com/drfcheck/drfcheck/protocol"
	"github.com/drfcheck/drfcheck/protocol/parser"
	"github.com/drfcheck/drfcheck/protocol/wellformed"
)

// An interrupt that reaches the context when no check runs (the timer of a
// check firing just as Z3 finished) stays pending and makes the next Z3 call
// fail. The solver must survive it: the query it spoils is an error, never
// a crash, and the next one is answered.
func TestStrayInterrupt(t *testing.T) {
	s := NewSolver(10 * time.Second)
	f, _ := parser.ParseFile("in.prot", []byte(`param N; shared A;`))
	info, _ := protocol.Check(f)
	o := s.Oracle(Env{Info: info, Launch: Launch{BlockDim: [3]int64{0, 1, 1}, GridDim: [3]int64{1, 1, 1}}})
	neg := &protocol.Cmp{Op: protocol.Le, X: &protocol.Var{Name: "N"}, Y: &protocol.IntLit{}}
	s.renew() // the context is made by the first query: made here for the interrupt to reach
	s.ctx.Interrupt()
	if _, err := o.Satisfiable(wellformed.Query{Goal: neg}); err == nil {
		t.Log("the stray interrupt did not spoil the query") // Z3 may have cleared it: fine too
	}
	if ok, err := o.Satisfiable(wellformed.Query{Goal: neg}); !ok || err != nil {
		t.Errorf("after a stray interrupt, N <= 0: %v, %v", ok, err)
	}
}

// A check interrupted by its own time limit leaves nothing pending.
func TestInterruptedCheckLeavesNothing(t *testing.T) {
	s := NewSolver(0)
	f, _ := parser.ParseFile("in.prot", []byte(`param N; shared A;`))
	info, _ := protocol.Check(f)
	o := s.Oracle(Env{Info: info, Launch: Launch{BlockDim: [3]int64{0, 1, 1}, GridDim: [3]int64{1, 1, 1}}})
	neg := &protocol.Cmp{Op: protocol.Le, X: &protocol.Var{Name: "N"}, Y: &protocol.IntLit{}}
	for range 200 {
		// a limit short enough to fire sometimes during, sometimes just
		// after, the check
		s.SetDeadline(time.Now().Add(50 * time.Microsecond))
		o.Satisfiable(wellformed.Query{Goal: neg})
	}
	s.SetDeadline(time.Time{})
	if ok, err := o.Satisfiable(wellformed.Query{Goal: neg}); !ok || err != nil {
		t.Errorf("after interrupted checks, N <= 0: %v, %v", ok, err)
	}
}

package symexec

import (
	"fmt"
	"time"

	"github.com/drfcheck/drfcheck/protocol"
)

// Budget bounds the analysis of one kernel, so that one pathological
// kernel (loops nested deeper than the analysis is fast for, a generated
// kernel of thousands of statements) cannot hold a batch of files
// hostage. A cut analysis makes the kernel unknown, with the position of
// the statement it was at and the reason; the other kernels keep their
// results.
type Budget struct {
	Timeout time.Duration // wall time for the analysis; 0 for none
	// Steps bounds the statements run, trial runs of loop bodies
	// included; 0 for no bound. Tests use it: unlike a time limit, it
	// cuts at the same place on every machine.
	Steps int
	// Clock is the time; nil for time.Now.
	Clock func() time.Time
	// Done, when closed, cuts the run as a spent budget does (the
	// caller's context was cancelled); nil for never.
	Done <-chan struct{}
}

// clockEvery is how many statements run between two looks at the clock.
const clockEvery = 64

// meter counts what a run spends against its budget.
type meter struct {
	Budget
	start time.Time
	steps int
}

func newMeter(b Budget) *meter {
	if b.Clock == nil {
		b.Clock = time.Now
	}
	m := &meter{Budget: b}
	if b.Timeout > 0 {
		m.start = b.Clock()
	}
	return m
}

// cut is the panic that stops a run over budget; Protocol recovers it.
type cut struct {
	at     protocol.Pos
	reason string
}

// tick counts one statement, at at, and stops the run when the budget is
// spent.
func (x *exec) tick(at protocol.Pos) {
	m := x.meter
	m.steps++
	if m.Steps > 0 && m.steps > m.Steps {
		panic(cut{at, fmt.Sprintf("the analysis of this kernel was cut here after %d statements (its step budget)%s: nothing of the kernel is checked", m.Steps, x.where())})
	}
	if m.Done != nil && m.steps%clockEvery == 1 {
		select {
		case <-m.Done:
			panic(cut{at, fmt.Sprintf("the analysis of this kernel was cancelled here, after %d statements%s: nothing of the kernel is checked", m.steps, x.where())})
		default:
		}
	}
	if m.Timeout > 0 && m.steps%clockEvery == 0 {
		if spent := m.Clock().Sub(m.start); spent > m.Timeout {
			panic(cut{at, fmt.Sprintf("the analysis of this kernel was cut here after %v, its time budget (--kernel-timeout), and %d statements%s: nothing of the kernel is checked", m.Timeout, m.steps, x.where())})
		}
	}
}

// where says, for a cut, which loop analyses were under way.
func (x *exec) where() string {
	if x.trials == 0 {
		return ""
	}
	return fmt.Sprintf(", in the trial runs of %d nested loops", x.trials)
}

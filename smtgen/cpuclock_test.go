package smtgen

import (
	"runtime"
	"sync/atomic"
	"testing"
	"time"
)

// onCPU waits for the clock, not for the wall time: a clock that has not
// advanced by the limit when the timer is due makes it wait again, and f
// is called once, after the clock has reached the limit.
func TestOnCPU(t *testing.T) {
	tests := []struct {
		name      string
		readings  []time.Duration // what the clock says, read by read; the last repeats
		ok        bool
		wantReads int // reads before f is called
	}{
		{"advanced at the first tick", []time.Duration{0, time.Millisecond}, true, 2},
		{"a thread that ran less", []time.Duration{0, 10 * time.Microsecond, 500 * time.Microsecond, time.Millisecond}, true, 4},
		{"no clock: wall time", []time.Duration{0}, false, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var reads atomic.Int32
			clock := func() (time.Duration, bool) {
				i := int(reads.Add(1)) - 1
				if i >= len(tt.readings) {
					i = len(tt.readings) - 1
				}
				return tt.readings[i], tt.ok
			}
			called := make(chan int32, 2)
			stop := onCPU(time.Millisecond, clock, func() { called <- reads.Load() })
			defer stop()
			select {
			case n := <-called:
				if int(n) != tt.wantReads {
					t.Errorf("f called after %d reads of the clock, want %d", n, tt.wantReads)
				}
			case <-time.After(10 * time.Second):
				t.Fatal("f never called")
			}
		})
	}
}

// A stopped onCPU never calls f.
func TestOnCPUStopped(t *testing.T) {
	clock := func() (time.Duration, bool) { return 0, true }
	stop := onCPU(time.Millisecond, clock, func() { t.Error("f called after stop") })
	stop()
	time.Sleep(5 * time.Millisecond)
}

// The thread clock reads, and advances while its thread computes.
func TestThreadClock(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("a per-thread CPU clock only on Linux")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	clock := threadClock()
	before, ok := clock()
	if !ok {
		t.Fatal("the thread's CPU clock cannot be read")
	}
	x := 0
	for i := 0; i < 50_000_000; i++ {
		x += i & 3
	}
	after, ok := clock()
	if !ok || after <= before {
		t.Errorf("the clock went from %v to %v (ok %v) over a loop (%d)", before, after, ok, x)
	}
}

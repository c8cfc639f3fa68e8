//go:build linux

package smtgen

import (
	"syscall"
	"time"
	"unsafe"
)

// threadClock returns a clock of the CPU time used by the calling OS
// thread, which any goroutine may read; the caller keeps its goroutine on
// that thread (runtime.LockOSThread) while the clock is read. It is
// Linux's per-thread CPU clock (MAKE_THREAD_CPUCLOCK(tid, CPUCLOCK_SCHED)
// in the kernel's posix-timers.h).
func threadClock() func() (time.Duration, bool) {
	id := uintptr(int32(^syscall.Gettid())<<3 | 6)
	return func() (time.Duration, bool) {
		var ts syscall.Timespec
		if _, _, errno := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, id, uintptr(unsafe.Pointer(&ts)), 0); errno != 0 {
			return 0, false
		}
		return time.Duration(ts.Nano()), true
	}
}

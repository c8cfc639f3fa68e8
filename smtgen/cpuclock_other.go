//go:build !linux

package smtgen

import "time"

// threadClock has no per-thread CPU clock to offer outside Linux: a CPU
// limit is then measured in wall time (onCPU).
func threadClock() func() (time.Duration, bool) {
	return func() (time.Duration, bool) { return 0, false }
}

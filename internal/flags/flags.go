// Package flags declares the flags that the command line and the header
// comments of a checked file share (GPUVerify's spelling: a file's leading
// comment lines carry flags such as --blockDim and --warp-sync), so that
// both read them one way. It is not part of the library's API: the library
// takes their values as options.
package flags

import (
	"fmt"
	"strconv"

	"github.com/spf13/pflag"
)

// AddWarp declares --warp-size and --warp-sync[=N] on fs, as the command
// line and the header of a file write them.
func AddWarp(fs *pflag.FlagSet) (size, sync *string) {
	size = fs.String("warp-size", "", "threads per warp (default 32)")
	sync = fs.String("warp-sync", "", "assume the threads of a warp run in lock-step, as on GPUs before Volta; =N also sets the warp size (GPUVerify's flag). The default is independent thread scheduling, where such code is racy")
	fs.Lookup("warp-sync").NoOptDefVal = "0"
	return size, sync
}

// ParseWarp reads the values of the warp flags (sizeSet and syncSet say
// whether each was given) into the warp size (0 when not set) and whether
// warps run in lock-step (Bardsley and Donaldson, "Warps and Atomics:
// Beyond Barrier Synchronization in the Verification of GPU Kernels").
func ParseWarp(size, sync string, sizeSet, syncSet bool) (n int64, lockStep bool, err error) {
	if sizeSet {
		v, err := strconv.ParseInt(size, 10, 64)
		if err != nil || v < 1 {
			return 0, false, fmt.Errorf("--warp-size=%s: want a positive integer", size)
		}
		n = v
	}
	if syncSet {
		lockStep = true
		v, err := strconv.ParseInt(sync, 10, 64)
		if err != nil || v < 0 {
			return 0, false, fmt.Errorf("--warp-sync=%s: want a positive warp size, or nothing", sync)
		}
		if v > 0 {
			n = v
		}
	}
	return n, lockStep, nil
}

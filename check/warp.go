package check

import (
	"fmt"
	"strconv"

	"github.com/spf13/pflag"
)

// warpOpts are the warp settings of a file (Bardsley and Donaldson): the warp size, and
// whether the threads of a warp run in lock-step (GPUVerify's --warp-sync,
// hardware before Volta) rather than independently.
type warpOpts struct {
	size     int64 // 0 when not set
	lockStep bool
}

// AddWarpFlags declares --warp-size and --warp-sync[=N] on fs, as the
// command line and the header of a file write them.
func AddWarpFlags(fs *pflag.FlagSet) (size, sync *string) {
	size = fs.String("warp-size", "", "threads per warp (default 32)")
	sync = fs.String("warp-sync", "", "assume the threads of a warp run in lock-step, as on GPUs before Volta; =N also sets the warp size (GPUVerify's flag). The default is independent thread scheduling, where such code is racy")
	fs.Lookup("warp-sync").NoOptDefVal = "0"
	return size, sync
}

// ParseWarp reads the values of the warp flags (sizeSet and syncSet say
// whether each was given) into the warp size (0 when not set) and whether
// warps run in lock-step.
func ParseWarp(size, sync string, sizeSet, syncSet bool) (int64, bool, error) {
	w, err := parseWarp(size, sync, sizeSet, syncSet)
	return w.size, w.lockStep, err
}

func parseWarp(size, sync string, sizeSet, syncSet bool) (warpOpts, error) {
	var w warpOpts
	if sizeSet {
		n, err := strconv.ParseInt(size, 10, 64)
		if err != nil || n < 1 {
			return w, fmt.Errorf("--warp-size=%s: want a positive integer", size)
		}
		w.size = n
	}
	if syncSet {
		w.lockStep = true
		n, err := strconv.ParseInt(sync, 10, 64)
		if err != nil || n < 0 {
			return w, fmt.Errorf("--warp-sync=%s: want a positive warp size, or nothing", sync)
		}
		if n > 0 {
			w.size = n
		}
	}
	return w, nil
}

// headerWarp reads --warp-size and --warp-sync from the flag lines of a
// file's leading comments, as headerLaunch does for the sizes.
func headerWarp(src []byte) (warpOpts, error) {
	var w warpOpts
	err := headerFlags(src, func(fs *pflag.FlagSet) func() error {
		size, sync := AddWarpFlags(fs)
		return func() error {
			h, err := parseWarp(*size, *sync, fs.Changed("warp-size"), fs.Changed("warp-sync"))
			if err != nil {
				return err
			}
			if h.size > 0 {
				w.size = h.size
			}
			w.lockStep = w.lockStep || h.lockStep
			return nil
		}
	})
	return w, err
}

// warpFor decides the warp settings of a file: flags win over the header.
func warpFor(opts *LoadOptions, path string, src []byte) (warpOpts, error) {
	w, err := headerWarp(src)
	if err != nil {
		return w, fmt.Errorf("%s:%v", path, err)
	}
	if opts.WarpSize > 0 {
		w.size = opts.WarpSize
	}
	w.lockStep = w.lockStep || opts.LockStep
	return w, nil
}

// applyWarp sets the warp settings of a file's inputs.
func applyWarp(opts *LoadOptions, path string, src []byte, ins []Input) error {
	w, err := warpFor(opts, path, src)
	if err != nil {
		return err
	}
	for i := range ins {
		ins[i].Launch.WarpSize = w.size
		ins[i].LockStep = w.lockStep
	}
	return nil
}

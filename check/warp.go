package check

import (
	"fmt"

	"github.com/drfcheck/drfcheck/internal/flags"
	"github.com/spf13/pflag"
)

// warpOpts are the warp settings of a file (Bardsley and Donaldson): the warp size, and
// whether the threads of a warp run in lock-step (GPUVerify's --warp-sync,
// hardware before Volta) rather than independently.
type warpOpts struct {
	size     int64 // 0 when not set
	lockStep bool
}

// headerWarp reads --warp-size and --warp-sync from the flag lines of a
// file's leading comments, as headerLaunch does for the sizes.
func headerWarp(src []byte) (warpOpts, error) {
	var w warpOpts
	err := headerFlags(src, func(fs *pflag.FlagSet) func() error {
		size, sync := flags.AddWarp(fs)
		return func() error {
			n, lockStep, err := flags.ParseWarp(*size, *sync, fs.Changed("warp-size"), fs.Changed("warp-sync"))
			if err != nil {
				return err
			}
			if n > 0 {
				w.size = n
			}
			w.lockStep = w.lockStep || lockStep
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

package main

import (
	"fmt"
	"strings"

	"drfcheck/cmd/drfcheck/check"
	"drfcheck/infer"
	"drfcheck/protocol"
	"drfcheck/smtgen"
)

// cudaDefault is the launch assumed for a kernel when neither a flag nor the
// file's header says anything: any size in x, and any size in y and z for
// the dimensions the kernel reads (of threadIdx or blockDim for the block,
// of blockIdx or gridDim for the grid), 1 in the others. A kernel that
// never reads threadIdx.y is written for one-dimensional blocks, and
// checking it against two-dimensional ones would flag races its author
// never meant to allow. The grid is never assumed to be one block: a
// kernel that ignores blockIdx (out[threadIdx.x] = v) races between blocks
// as soon as it is launched with two, the classic forgotten block offset,
// and a race that needs two blocks says how to rule them out. The
// configuration is printed with every result.
func cudaDefault(uses [4][3]bool) smtgen.Launch {
	l := smtgen.Launch{BlockDim: [3]int64{0, 1, 1}, GridDim: [3]int64{0, 1, 1}}
	for d := 1; d < 3; d++ {
		if uses[protocol.ThreadIdx][d] || uses[protocol.BlockDim][d] {
			l.BlockDim[d] = 0
		}
		if uses[protocol.BlockIdx][d] || uses[protocol.GridDim][d] {
			l.GridDim[d] = 0
		}
	}
	return l
}

// loadCUDA infers the protocols of the kernels of a CUDA file: one input
// per kernel (per instantiation of a template kernel), or only the one
// --kernel names.
func loadCUDA(cfg *config, path string, src []byte) ([]check.Input, error) {
	if _, _, err := headerLaunch(src); err != nil {
		return nil, fmt.Errorf("%s:%v", path, err)
	}
	warp, err := warpFor(cfg, path, src)
	if err != nil {
		return nil, err
	}
	kernels, _, err := infer.File(path, src, infer.Options{Defines: cfg.defines, Includes: cfg.includes, WarpSize: warp.size})
	if err != nil {
		return nil, err
	}
	var inputs []check.Input
	var names []string
	var lacking error
	for _, k := range kernels {
		names = append(names, k.Name)
		if cfg.kernel != "" && k.Name != cfg.kernel {
			continue
		}
		launch, _ := launchFor(cfg.block, cfg.grid, src, cudaDefault(k.Uses))
		in, err := newInput(cfg, k.Name, k.File, launch)
		_, hg, _ := headerLaunch(src)
		in.GridDefault = cfg.grid == nil && hg == nil
		if _, ok := err.(*noArrayError); ok {
			lacking = err
			continue
		}
		if err != nil {
			return nil, err
		}
		inputs = append(inputs, in)
	}
	switch {
	case len(inputs) > 0:
		return inputs, nil
	case lacking != nil:
		return nil, fmt.Errorf("%s: %v", path, lacking)
	case len(kernels) == 0:
		return nil, fmt.Errorf("%s: no __global__ function: nothing to check", path)
	}
	return nil, fmt.Errorf("%s: --kernel=%s: no such kernel (the file has %v)", path, cfg.kernel, strings.Join(names, ", "))
}

package main

import (
	"fmt"
	"strings"

	"drfcheck/cmd/drfcheck/check"
	"drfcheck/infer"
	"drfcheck/smtgen"
)

// cudaDefault is the launch of a CUDA file that says nothing: any block
// and any grid, which is sound for every launch.
var cudaDefault = smtgen.Launch{BlockDim: [3]int64{0, 0, 0}, GridDim: [3]int64{0, 0, 0}}

// loadCUDA infers the protocols of the kernels of a CUDA file: one input
// per kernel (per instantiation of a template kernel), or only the one
// --kernel names.
func loadCUDA(cfg *config, path string, src []byte) ([]check.Input, error) {
	launch, err := launchFor(cfg.block, cfg.grid, src, cudaDefault)
	if err != nil {
		return nil, fmt.Errorf("%s:%v", path, err)
	}
	kernels, _, err := infer.File(path, src, infer.Options{Defines: cfg.defines, Includes: cfg.includes})
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
		in, err := newInput(cfg, k.Name, k.File, launch)
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

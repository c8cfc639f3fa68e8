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
// file's header says anything: any size in the dimensions the kernel looks
// at, 1 in the others. A kernel that never mentions threadIdx.y is written
// for one-dimensional blocks, and checking it against two-dimensional ones
// would flag races its author never meant to allow; a block always may have
// many threads in x. A kernel that never looks at blockIdx or gridDim is
// written for one block. The configuration is printed with every result.
func cudaDefault(f *protocol.File) smtgen.Launch {
	l := smtgen.Launch{BlockDim: [3]int64{0, 1, 1}, GridDim: [3]int64{1, 1, 1}}
	protocol.Inspect(f, func(n protocol.Node) bool {
		if b, ok := n.(*protocol.Builtin); ok {
			switch b.Kind {
			case protocol.ThreadIdx, protocol.BlockDim:
				l.BlockDim[b.Dim] = 0
			default:
				l.GridDim[b.Dim] = 0
			}
		}
		return true
	})
	return l
}

// loadCUDA infers the protocols of the kernels of a CUDA file: one input
// per kernel (per instantiation of a template kernel), or only the one
// --kernel names.
func loadCUDA(cfg *config, path string, src []byte) ([]check.Input, error) {
	if _, _, err := headerLaunch(src); err != nil {
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
		launch, _ := launchFor(cfg.block, cfg.grid, src, cudaDefault(k.File))
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

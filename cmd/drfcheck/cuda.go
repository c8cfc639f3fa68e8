package main

import (
	"fmt"

	"drfcheck/cmd/drfcheck/check"
)

// loadCUDA infers the protocols of the kernels of a CUDA file.
func loadCUDA(cfg *config, path string, src []byte) ([]check.Input, error) {
	return nil, fmt.Errorf("%s: the CUDA front end is not available in this build", path)
}

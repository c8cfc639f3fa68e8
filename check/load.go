package check

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/drfcheck/drfcheck/protocol"
	"github.com/drfcheck/drfcheck/protocol/parser"
	"github.com/drfcheck/drfcheck/protocol/reads"
	"github.com/drfcheck/drfcheck/smtgen"
)

// LoadOptions say how a file becomes the inputs of a check: what the
// command line's flags give. The zero value takes everything from the
// file: its header comment, its launch sites, the default launch rule.
type LoadOptions struct {
	Block, Grid *[3]int64        // block and grid sizes (0 for any), nil when not given
	Params      map[string]int64 // parameters fixed to values
	Arrays      []string         // check only these arrays; nil for all
	Kernel      string           // check only this kernel; "" for all
	// Defines, Includes and Flags are passed to clang for a CUDA file
	// (-D, -I, and flags such as -isystem or -std=).
	Defines, Includes, Flags []string
	WarpSize                 int64 // threads per warp; 0 for the header's, or 32
	LockStep                 bool  // warps run in lock-step (--warp-sync)
	// GlobalOffset is the global offset of an OpenCL launch (see
	// ParseOffset; -1 for any); nil for the header's, or 0, what a host
	// that passes no offset to clEnqueueNDRangeKernel gets.
	GlobalOffset *[3]int64
	// KernelTimeout bounds the inference of each kernel (the check's own
	// budget is Options.KernelTimeout); 0 for none.
	KernelTimeout time.Duration
}

// LoadProtocol makes the input of a .prot file (whose content is src).
func LoadProtocol(path string, src []byte, opts LoadOptions) ([]Input, error) {
	ins, err := loadProt(&opts, path, src)
	if err != nil {
		return ins, err
	}
	if err := applyWarp(&opts, path, src, ins); err != nil {
		return ins, err
	}
	return ins, lowerValues(ins)
}

// lowerValues lowers the reads that bind their values (package reads),
// which only .prot files have, once the warp semantics is known.
func lowerValues(ins []Input) error {
	for i := range ins {
		f, err := reads.Lower(ins[i].File, reads.Options{LockStep: ins[i].LockStep})
		if err != nil {
			return err
		}
		if f == ins[i].File {
			continue
		}
		info, err := protocol.Check(f)
		if err != nil {
			return err
		}
		protocol.Inspect(ins[i].File.Body, func(n protocol.Node) bool {
			if a, ok := n.(*protocol.Access); ok && a.As != "" {
				ins[i].Values = append(ins[i].Values, a.As)
			}
			return true
		})
		ins[i].File, ins[i].Info = f, info
	}
	return nil
}

// valuesRead adds to each thread of w the values its reads bound (Values)
// that the witness gives: a value read at one point of the thread (one
// iteration of the loops around the read), as a local of the thread.
func valuesRead(in Input, w *smtgen.Witness) {
	for _, name := range in.Values {
		for i := range w.Threads {
			t := &w.Threads[i]
			var found []int64
			point := smtgen.CallKey(name, append(t.ThreadIdx[:], t.BlockIdx[:]...))
			for _, key := range slices.Sorted(maps.Keys(w.Funcs)) {
				if key == point || strings.HasPrefix(key, strings.TrimSuffix(point, ")")+",") {
					found = append(found, w.Funcs[key])
				}
			}
			if len(found) == 1 {
				t.Locals = append(t.Locals, smtgen.Value{Name: name, Value: found[0]})
			}
		}
	}
}

// LoadCUDA makes the inputs of a CUDA file (whose content is src): one per
// kernel and distinct launch configuration (see the README on launch
// configurations).
func LoadCUDA(path string, src []byte, opts LoadOptions) ([]Input, error) {
	return LoadCUDAContext(context.Background(), path, src, opts)
}

// LoadCUDAContext is LoadCUDA, given up when ctx is done: clang is
// stopped (an error), and a kernel whose analysis was under way is
// unknown, with the cancellation as its reason.
func LoadCUDAContext(ctx context.Context, path string, src []byte, opts LoadOptions) ([]Input, error) {
	ins, err := loadCUDA(ctx, &opts, path, src)
	if err != nil {
		return ins, err
	}
	return ins, applyWarp(&opts, path, src, ins)
}

// DefaultInput is the input of a kernel's protocol f under the launch of
// the header of its file (src) or else the default rule for a kernel that
// reads the dimensions uses (infer.Kernel.Uses), with no launch site or
// flag: what a benchmark of the front end checks.
func DefaultInput(name string, f *protocol.File, uses [4][3]bool, src []byte) (Input, error) {
	launch, err := launchFor(nil, nil, src, cudaDefault(uses))
	if err != nil {
		return Input{}, err
	}
	return newInput(&LoadOptions{}, name, f, launch)
}

// protDefault is the launch of a .prot file that says nothing: one
// dimension of any size, one block.
var protDefault = smtgen.Launch{BlockDim: [3]int64{0, 1, 1}, GridDim: [3]int64{1, 1, 1}}

func loadProt(opts *LoadOptions, path string, src []byte) ([]Input, error) {
	launch, err := launchFor(opts.Block, opts.Grid, src, protDefault)
	if err != nil {
		return nil, fmt.Errorf("%s:%v", path, err)
	}
	f, err := parser.ParseFile(path, src)
	if err != nil {
		return nil, err
	}
	in, err := newInput(opts, path, f, launch)
	if err != nil {
		return nil, err
	}
	in.Source.From = "default"
	if hb, hg, _ := headerLaunch(src); hb != nil || hg != nil {
		in.Source.From = "header"
	}
	if opts.Block != nil || opts.Grid != nil {
		in.Source.From = "flags"
	}
	return []Input{in}, nil
}

// newInput checks the names of a protocol and applies Params and Arrays.
func newInput(opts *LoadOptions, name string, f *protocol.File, launch smtgen.Launch) (Input, error) {
	if err := fixParams(f, opts.Params); err != nil {
		return Input{}, err
	}
	info, err := protocol.Check(f)
	if err != nil {
		return Input{}, err
	}
	in := Input{Name: name, File: f, Info: info, Launch: launch}
	if len(opts.Arrays) > 0 {
		for _, a := range opts.Arrays {
			if k, ok := info.Kinds[a]; !ok || !k.IsArray() {
				return in, &noArrayError{name, a}
			}
		}
		in.Arrays = opts.Arrays
	}
	return in, nil
}

// noArrayError says that Arrays names an array a protocol lacks. In a file
// of several kernels, the kernels without it are skipped.
type noArrayError struct{ kernel, array string }

func (e *noArrayError) Error() string {
	return fmt.Sprintf("%s: --array=%s: no such array", e.kernel, e.array)
}

// fixParams turns Params into top-level assumptions (FixParams); naming a
// parameter the kernel does not have is an error.
func fixParams(f *protocol.File, params map[string]int64) error {
	if missing := FixParams(f, params); len(missing) > 0 {
		name := missing[0]
		return fmt.Errorf("%s: --param=%s=%d: there is no parameter %s", f.Name, name, params[name], name)
	}
	return nil
}

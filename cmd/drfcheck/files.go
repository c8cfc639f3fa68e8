package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/drfcheck/drfcheck/check"
	projectconfig "github.com/drfcheck/drfcheck/internal/config"
	"github.com/drfcheck/drfcheck/internal/infer"
	"github.com/drfcheck/drfcheck/internal/infer/ir"
	"github.com/drfcheck/drfcheck/internal/report"
)

// kinds of input by extension.
var (
	protExts = []string{".prot"}
	cudaExts = []string{".cu", ".cuh", ".cl"} // .cl: OpenCL C, through the same front end
	// headerExts are C++ headers: checked as CUDA when named on the
	// command line (a project's kernels.h), not found in directories,
	// where they are host headers as often as not
	headerExts = []string{".h", ".hpp", ".hh", ".hxx", ".inl"}
)

func hasExt(path string, exts []string) bool {
	ext := strings.ToLower(filepath.Ext(path))
	for _, e := range exts {
		if ext == e {
			return true
		}
	}
	return false
}

// expand replaces each directory by the .prot and CUDA files under it, in
// lexical order, and says which files came from a directory. Files named
// explicitly are kept whatever their extension, so that a wrong one gets a
// clear error of its own.
func expand(args []string) ([]string, map[string]bool, error) {
	var files []string
	fromDir := map[string]bool{}
	for _, a := range args {
		st, err := os.Stat(a)
		if err != nil {
			files = append(files, a) // reported as that file's error
			continue
		}
		if !st.IsDir() {
			files = append(files, a)
			continue
		}
		var found []string
		err = filepath.WalkDir(a, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			// .drfcheck-*: the stand-in files that versions before 0.1
			// wrote next to the sources while a run was in progress
			if !d.IsDir() && !strings.HasPrefix(d.Name(), ".drfcheck-") && (hasExt(p, protExts) || hasExt(p, cudaExts)) {
				found = append(found, p)
			}
			return nil
		})
		if err != nil {
			return nil, nil, err
		}
		sort.Strings(found)
		for _, f := range found {
			fromDir[f] = true
		}
		files = append(files, found...)
	}
	return files, fromDir, nil
}

// checkFiles checks the files in parallel and returns their outcomes in
// input order, calling done as each file finishes.
//
// Once ctx is done (Ctrl-C), the files under way are given up (what was
// undecided in them is unknown) and the others are not checked: each is an
// error saying so.
func checkFiles(ctx context.Context, c *check.Checker, cfg *config, files []string, dumpTo io.Writer, done func(i int, f *report.File)) []*report.File {
	results := make([]*report.File, len(files))
	sem := make(chan struct{}, c.Jobs())
	var wg sync.WaitGroup
	var dumpMu sync.Mutex
	for i, path := range files {
		wg.Add(1)
		sem <- struct{}{}
		go func(i int, path string) {
			defer wg.Done()
			defer func() { <-sem }()
			if ctx.Err() != nil {
				results[i] = &report.File{Path: path, Err: fmt.Errorf("%s: not checked: interrupted", path)}
				done(i, results[i])
				return
			}
			results[i] = checkFile(ctx, c, cfg, path, func(s string) {
				dumpMu.Lock()
				defer dumpMu.Unlock()
				io.WriteString(dumpTo, s)
			})
			done(i, results[i])
		}(i, path)
	}
	wg.Wait()
	return results
}

// checkFile loads one file and checks each of its kernels. A panic is a
// defect of this tool, but it must not lose the results of other files: it
// becomes this file's error.
func checkFile(ctx context.Context, c *check.Checker, cfg *config, path string, dump func(string)) (res *report.File) {
	res = &report.File{Path: path}
	defer func() {
		if r := recover(); r != nil {
			res.Kernels = nil
			res.Err = fmt.Errorf("%s: internal error (please report): %v", path, r)
		}
	}()
	if cfg.dump == "ir" {
		dumpIR(cfg, path, dump)
	}
	if cfg.kernel != "" && cfg.fromDir[path] && hasExt(path, protExts) {
		res.NoKernel = true // a protocol has no kernels to pick from
		return res
	}
	inputs, err := load(ctx, cfg, path)
	if err != nil && cfg.kernel != "" && cfg.fromDir[path] && (errors.Is(err, check.ErrNoSuchKernel) || infer.NoKernels(err)) {
		// --kernel picks kernels among the files of a directory
		res.NoKernel = true
		return res
	}
	if err != nil && cfg.fromDir[path] && infer.NoKernels(err) {
		// host code of a project: a note, not an error
		res.HostOnly = true
		return res
	}
	if err != nil {
		res.Err = err
		return res
	}
	for _, in := range inputs {
		if cfg.dump != "" && cfg.dump != "ir" {
			dump(check.Dump(c, in, cfg.dump))
		}
		res.Kernels = append(res.Kernels, c.CheckContext(ctx, in))
	}
	return res
}

// dumpIR prints the kernel IR of each kernel of a CUDA file (--dump=ir),
// the first stage of the inference. Errors are left to the check that
// follows, which reports them.
func dumpIR(cfg *config, path string, dump func(string)) {
	if !hasExt(path, cudaExts) && !hasExt(path, headerExts) {
		dump(fmt.Sprintf("// ==== %s: no IR (only CUDA files have one)\n", path))
		return
	}
	src, err := os.ReadFile(path)
	if err != nil {
		return
	}
	ks, err := infer.IR(path, src, infer.Options{Defines: cfg.defines, Includes: cfg.includes, Flags: cfg.compDB.flagsFor(path)})
	if err != nil {
		return
	}
	var b strings.Builder
	for _, k := range ks {
		if cfg.kernel != "" && k.Name != cfg.kernel {
			continue
		}
		fmt.Fprintf(&b, "// ==== %s: ir\n", k.Name)
		if k.Err != nil {
			fmt.Fprintf(&b, "// %v\n", k.Err)
			continue
		}
		b.WriteString(ir.Print(k.Func))
	}
	dump(b.String())
}

// load reads a file and makes the protocols to check, with the launches
// the project's configuration file gives it where the command line gives
// none.
func load(ctx context.Context, cfg *config, path string) ([]check.Input, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	opts := check.LoadOptions{Block: cfg.block, Grid: cfg.grid, Params: cfg.params, Arrays: cfg.arrays, Kernel: cfg.kernel,
		Defines: cfg.defines, Includes: cfg.includes, Flags: cfg.compDB.flagsFor(path), WarpSize: cfg.warpSize, LockStep: cfg.lockStep,
		KernelTimeout: cfg.kernelTimeout, GlobalOffset: cfg.globalOffset}
	var perKernel []projectconfig.Launch
	if cfg.project != nil {
		for _, l := range cfg.project.LaunchesFor(path) {
			if l.Kernel != "" {
				perKernel = append(perKernel, l)
				continue
			}
			configLaunch(cfg, &opts, l)
		}
	}
	switch {
	case hasExt(path, protExts):
		ins, err := check.LoadProtocol(path, src, opts)
		fromConfig(cfg, opts, ins)
		return ins, err
	case hasExt(path, cudaExts), hasExt(path, headerExts) && !cfg.fromDir[path]:
		ins, err := check.LoadCUDAContext(ctx, path, src, opts)
		fromConfig(cfg, opts, ins)
		if err != nil {
			return ins, err
		}
		// a kernel's own launch: that kernel loaded again with it
		for _, l := range perKernel {
			if cfg.kernel != "" && cfg.kernel != l.Kernel {
				continue
			}
			o := opts
			o.Kernel = l.Kernel
			configLaunch(cfg, &o, l)
			kins, err := check.LoadCUDAContext(ctx, path, src, o)
			fromConfig(cfg, o, kins)
			if errors.Is(err, check.ErrNoSuchKernel) {
				continue
			}
			if err != nil {
				return nil, err
			}
			ins = slices.DeleteFunc(ins, func(in check.Input) bool {
				return in.Name == l.Kernel || strings.HasPrefix(in.Name, l.Kernel+"<")
			})
			ins = append(ins, kins...)
		}
		return ins, nil
	}
	return nil, fmt.Errorf("%s: unknown kind of file: want .prot, .cu, .cuh, .cl or a header (.h, .hpp) with CUDA code", path)
}

// configLaunch sets the sizes and parameters a configuration entry gives,
// where the command line gives none (Load has checked the sizes).
func configLaunch(cfg *config, opts *check.LoadOptions, l projectconfig.Launch) {
	if cfg.block == nil && cfg.grid == nil {
		if d, err := check.ParseDim(l.BlockDim); l.BlockDim != "" && err == nil {
			opts.Block = &d
		}
		if d, err := check.ParseDim(l.GridDim); l.GridDim != "" && err == nil {
			opts.Grid = &d
		}
	}
	if len(l.Params) > 0 {
		params := maps.Clone(l.Params)
		maps.Copy(params, cfg.params) // the command line's win
		opts.Params = params
	}
}

// fromConfig says that the launch of inputs loaded with sizes from the
// configuration file came from it.
func fromConfig(cfg *config, opts check.LoadOptions, ins []check.Input) {
	if cfg.block == nil && cfg.grid == nil && (opts.Block != nil || opts.Grid != nil) {
		for i := range ins {
			if ins[i].Source.From == "flags" {
				ins[i].Source.From = "config"
			}
		}
	}
}

// Package infer turns a CUDA file into one access memory protocol per
// kernel: the inference step of Cogumbreiro, Lange, Liew and Zicarelli,
// "Checking Data-Race Freedom of GPU Kernels, Compositionally" (CAV 2021,
// Section 5, "Inference"), which the rest of drfcheck checks for data races
// with the method of Sections 3 and 4. It runs in stages, each a package
// with its own tests and each printable (--dump):
//
//   - internal/infer/clang parses the file with clang and decodes the declarations
//     of the main file from clang's JSON AST;
//   - internal/infer/ir lowers each __global__ function, and each instantiation of
//     a template one, to a small kernel IR in which C and C++ are
//     desugared: every load and store explicit with its byte address,
//     device functions and lambdas inlined, structs split into fields,
//     pointers into offsets, casts resolved (--dump=ir);
//   - internal/infer/symexec runs the IR symbolically (the paper's SSA step): values
//     are protocol expressions over the thread and block indices, the
//     parameters, loop variables and fresh unknowns; loops are normalized;
//     every access, barrier and assumption is emitted in program order
//     under the conditions that guard it (--dump=protocol).
//
// The protocol keeps what decides races (where each access lands, which
// barriers separate them) and abstracts the rest: values read from memory,
// floating point and unmodelled operations become fresh variables,
// thread-local unless they are provably the same for every thread. What
// cannot be modelled soundly becomes an Unknown with its reason and
// position, so that the verdict is never "data-race free" by default.
package infer

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/drfcheck/drfcheck/internal/infer/clang"
	"github.com/drfcheck/drfcheck/internal/infer/ir"
	"github.com/drfcheck/drfcheck/internal/infer/symexec"
	"github.com/drfcheck/drfcheck/protocol"
)

// Options configure the inference.
type Options struct {
	Clang    string   // the clang executable; "" for "clang"
	Defines  []string // -D
	Includes []string // -I
	Flags    []string // more flags for clang (clang.Options.Flags)
	WarpSize int64    // the value of warpSize; 0 means 32
	// Budget bounds the analysis of each kernel (package symexec): a kernel
	// whose analysis it cuts is unknown, the others keep their results.
	Budget symexec.Budget
	// LockStep says that the threads of a warp run in lock-step (Bardsley and Donaldson,
	// --warp-sync): see symexec.Options.
	LockStep bool
	// MaxBlock, MaxGrid, MinBlock and MinGrid bound the launch sizes
	// given (flags, a header): see symexec.Options.
	MaxBlock, MaxGrid, MinBlock, MinGrid [3]int64
	// Context, when done, stops clang and cuts the analysis of each
	// kernel (unknown, as a spent budget does); nil for none.
	Context context.Context
	// OpenCL parses the file as OpenCL C; a .cl file is one anyway.
	OpenCL bool
	// Defect is a deliberately unsound rule, for the property tests that
	// show the oracles catch it (symexec.Defect); never set otherwise.
	Defect symexec.Defect
}

func (o Options) symexec() symexec.Options {
	b := o.Budget
	if o.Context != nil {
		b.Done = o.Context.Done()
	}
	return symexec.Options{WarpSize: o.WarpSize, Budget: b, LockStep: o.LockStep, MaxBlock: o.MaxBlock, MaxGrid: o.MaxGrid, MinBlock: o.MinBlock, MinGrid: o.MinGrid, Defect: o.Defect}
}

// Kernel is the protocol of one kernel.
type Kernel struct {
	Name string // the kernel's name, with template arguments: scale<float>
	// At is the kernel's name in its definition (in the template's, for
	// an instantiation): where suppression comments before it are read.
	At   protocol.Pos
	File *protocol.File
	// Uses says which dimensions of threadIdx, blockIdx, blockDim and
	// gridDim (indexed by protocol.BuiltinKind) the kernel reads anywhere,
	// in the code it runs, whether or not they reach the protocol.
	Uses [4][3]bool
	// ID is the clang id of the kernel's definition (of the
	// instantiation, for a template): what package internal/infer/launch names as a
	// launch site's kernel.
	ID string
	// Params are the kernel's C parameters in order.
	Params []Param
	// Slots are the pointers its parameters carry that it accesses
	// memory through ("1", "0.x", "0.c[2]"), each with the array of the
	// protocol that memory is (ir.Func.Slots).
	Slots []ir.SlotBase
	// ParamVars are the scalars its parameters carry, each with its IR
	// variable (ir.Func.ParamVars).
	ParamVars []ir.SlotVar

	found found
	sym   symexec.Options // what it was inferred with
	// Elapsed is the time its inference took (lowering and analysis).
	Elapsed time.Duration
	// Notes say how the file was parsed, when clang had errors elsewhere
	// or headers were missing.
	Notes []Note
}

// Param is a C parameter of a kernel.
type Param struct {
	Name string
	At   protocol.Pos // where it is declared: the position of its protocol param
	Int  bool         // of an integer type (a protocol param when used)
}

// Timing is where the time of an inference went.
type Timing struct {
	Clang    time.Duration // running clang
	Decode   time.Duration // decoding its output
	Analysis time.Duration // the symbolic execution
}

// File infers the protocols of the kernels of a CUDA file. The error is a
// protocol.ErrorList for clang's errors and for a file without kernels.
func File(path string, src []byte, opts Options) ([]Kernel, Timing, error) {
	tu, timing, err := Parse(path, src, opts)
	if err != nil {
		return nil, timing, err
	}
	start := time.Now()
	ks, err := FromTU(tu, path, opts)
	timing.Analysis = time.Since(start)
	return ks, timing, err
}

// Parse runs clang on a CUDA file: the tree that FromTU infers the kernels
// of and package internal/infer/launch reads the launches of.
func Parse(path string, src []byte, opts Options) (*clang.TU, Timing, error) {
	tu, t, err := clang.Parse(path, src, clang.Options{Clang: opts.Clang, Defines: opts.Defines, Includes: opts.Includes, Flags: opts.Flags, Context: opts.Context, OpenCL: opts.OpenCL})
	return tu, Timing{Clang: t.Clang, Decode: t.Decode}, err
}

// FromTU infers the protocols of the kernels of a translation unit.
// Positions name the file path; of opts, only WarpSize and Budget are
// used.
func FromTU(tu *clang.TU, path string, opts Options) ([]Kernel, error) {
	fns := kernels(tu)
	if len(fns) == 0 {
		// placed at the file's first declaration, or its start
		at := protocol.Pos{File: path, Line: 1, Col: 1}
		for _, d := range tu.MainDecls() {
			if l := d.Loc.At(); tu.InMain(l) && l.File == tu.MainFile {
				at.Line, at.Col = l.Line, l.Col
				break
			}
		}
		return nil, protocol.ErrorList{protocol.Errorf(at, noKernels)}
	}
	var out []Kernel
	for _, k := range fns {
		out = append(out, kernel(tu, path, k, opts))
	}
	return out, nil
}

const noKernels = "no __global__ function: nothing to check"

// NoKernels reports whether err says that a file has no kernel: host code
// only.
func NoKernels(err error) bool {
	list, ok := err.(protocol.ErrorList)
	return ok && len(list) == 1 && list[0].Msg == noKernels
}

// found is a kernel found in the file: a function with a body, or a
// template never instantiated.
type found struct {
	fn       *clang.Node
	name     string
	template bool        // an uninstantiated template
	tmpl     *clang.Node // its FunctionTemplateDecl
}

// kernels lists the __global__ functions of the main file, each template
// instantiation as its own kernel.
func kernels(tu *clang.TU) []found {
	var out []found
	seen := map[string]bool{}
	// a template may be declared several times (an explicit instantiation
	// before the definition): it is never instantiated only if none of its
	// declarations has an instance, and is reported once, where first seen
	templates := map[string]int{} // name -> index of its placeholder in out
	instanced := map[string]bool{}
	tu.WalkDecls(func(n *clang.Node, prefix string) bool {
		switch n.Kind {
		case "FunctionDecl":
			if n.IsKernel() && n.Body() != nil && !seen[n.ID] {
				seen[n.ID] = true
				out = append(out, found{fn: n, name: prefix + n.Name})
			}
		case "FunctionTemplateDecl":
			name := prefix + n.Name
			var pattern *clang.Node
			for _, c := range n.Inner {
				if c == nil || c.Kind != "FunctionDecl" || !c.IsKernel() {
					continue
				}
				if pattern == nil {
					pattern = c
					continue
				}
				if c.Body() != nil && !seen[c.ID] {
					seen[c.ID] = true
					instanced[name] = true
					out = append(out, found{fn: c, name: name + c.TemplateArgs()})
				}
			}
			if pattern == nil {
				break
			}
			i, ok := templates[name]
			if !ok {
				templates[name] = len(out)
				out = append(out, found{fn: pattern, name: name, template: true, tmpl: n})
			} else if out[i].fn.Body() == nil && pattern.Body() != nil {
				out[i].fn = pattern // point at the definition
			}
		}
		return false // __global__ functions are never members
	})
	kept := out[:0]
	for _, k := range out {
		if !k.template || !instanced[k.name] {
			kept = append(kept, k)
		}
	}
	return kept
}

// kernel infers the protocol of one kernel: its IR (package internal/infer/ir),
// then the protocol built from it (package internal/infer/symexec).
func kernel(tu *clang.TU, path string, k found, opts Options) Kernel {
	return kernelWith(tu, path, k, ir.Options{}, opts.symexec())
}

// With infers the protocol of the kernel again, with launch facts that
// change the lowering (pointer parameters that alias). tu and path are
// those the kernel was inferred from.
func (k Kernel) With(tu *clang.TU, path string, opts ir.Options) Kernel {
	if k.found.fn == nil {
		return k
	}
	return kernelWith(tu, path, k.found, opts, k.sym)
}

func kernelWith(tu *clang.TU, path string, k found, opts ir.Options, sym symexec.Options) (out Kernel) {
	start := time.Now()
	out = Kernel{Name: k.name, ID: k.fn.ID, found: k, sym: sym}
	if l := k.fn.Loc.At(); l.Line > 0 {
		out.At = protocol.Pos{File: l.File, Line: l.Line, Col: l.Col}
	}
	defer func() { out.Elapsed = time.Since(start) }()
	for _, p := range k.fn.Params() {
		kp := Param{Name: p.Name}
		if l := p.Range.Begin.At(); tu.InMain(l) {
			kp.At = protocol.Pos{File: l.File, Line: l.Line, Col: l.Col}
		} else if l := p.Loc.At(); tu.InMain(l) {
			kp.At = protocol.Pos{File: l.File, Line: l.Line, Col: l.Col}
		}
		kp.Int = isInt(p.TypeString())
		out.Params = append(out.Params, kp)
	}
	at := protocol.Pos{File: path, Line: 1, Col: 1}
	if l := k.fn.Loc.At(); tu.InMain(l) {
		at = protocol.Pos{File: l.File, Line: l.Line, Col: l.Col}
	}
	if err := reachingError(tu, k.fn); err != nil {
		out.File = unknownFile(path, err.At, compileError(tu, err))
		return out
	}
	out.Notes = parseNotes(tu, at)
	if k.template {
		out.File = unknownFile(path, at, fmt.Sprintf("template kernel %s is never instantiated in this file: instantiate it (template __global__ void %s<...>(...);) to check it", k.name, k.name))
		return out
	}
	fn, err := lower(tu, k.fn, opts)
	if err != nil {
		out.File = unknownFile(path, at, err.Error())
		return out
	}
	r := symexec.Protocol(fn, path, sym)
	out.File, out.Uses = r.File, r.Uses
	out.Slots, out.ParamVars = fn.Slots, fn.ParamVars
	for _, n := range fn.Notes {
		out.Notes = append(out.Notes, Note{At: n.At, Message: n.Message})
	}
	return out
}

// lower lowers a kernel to the IR. A defect of the lowering must not lose
// the other kernels: the kernel's verdict becomes unknown.
func lower(tu *clang.TU, fn *clang.Node, opts ir.Options) (f *ir.Func, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("internal error in the CUDA front end (please report): %v", r)
		}
	}()
	return ir.LowerWith(tu, fn, opts)
}

// isInt reports whether a C type is an integer type (a protocol param).
func isInt(t string) bool {
	t = strings.TrimSpace(strings.NewReplacer("const", "", "volatile", "").Replace(t))
	if strings.ContainsAny(t, "*&[(") {
		return false
	}
	for _, w := range []string{"int", "long", "short", "char", "unsigned", "signed", "bool", "size_t"} {
		if strings.Contains(t, w) {
			return true
		}
	}
	return false
}

// unknownFile is the protocol of a kernel that cannot be checked at all.
func unknownFile(path string, at protocol.Pos, reason string) *protocol.File {
	return &protocol.File{Name: path, Body: &protocol.Block{At: protocol.Pos{File: path, Line: 1, Col: 1}},
		Unknowns: []protocol.Unknown{{At: at, Reason: reason}}}
}

// IRKernel is the kernel IR of one kernel (package internal/infer/ir): the first
// stage of the inference, C desugared, printed by --dump=ir.
type IRKernel struct {
	Name string
	Func *ir.Func
	Err  error // the kernel could not be lowered
}

// IR lowers the kernels of a CUDA file to the kernel IR. The error is a
// protocol.ErrorList for clang's errors.
func IR(path string, src []byte, opts Options) ([]IRKernel, error) {
	tu, _, err := clang.Parse(path, src, clang.Options{Clang: opts.Clang, Defines: opts.Defines, Includes: opts.Includes, Flags: opts.Flags})
	if err != nil {
		return nil, err
	}
	names := map[string]string{}
	for _, k := range kernels(tu) {
		names[k.fn.ID] = k.name
	}
	var out []IRKernel
	for _, fn := range ir.Kernels(tu) {
		name := names[fn.ID]
		if name == "" {
			name = fn.Name
		}
		f, err := lower(tu, fn, ir.Options{})
		out = append(out, IRKernel{Name: name, Func: f, Err: err})
	}
	return out, nil
}

package cudagen

import (
	"fmt"
	"regexp"
	"strings"
)

// This file holds the AST of the CUDA header API the generator covers
// (genheader.go): calls of the functions of cuda_fp16.h and cuda_bf16.h
// and of the warp's collective functions (HCall), and the operations of
// libcu++'s scoped atomics (AtomOp). Scoped atomic built-ins
// (atomicAdd_block) are Atomics with a Scope.

// HCall calls a function of the CUDA headers: Fn(Args...).
type HCall struct {
	Fn   string
	Args []Expr
}

// AtomOp is an operation of a libcu++ atomic:
//
//	cuda::atomic_ref<T, cuda::thread_scope_S>(X).Method(Args)  (Ref nil, X an lvalue of T)
//	R.Method(Args)                                             (Ref a VAtomRef local, X nil)
//	X.Method(Args)                                             (X an lvalue of cuda::atomic<T, S>)
//
// with ", cuda::std::memory_order_relaxed" after the arguments when
// Relaxed. Methods: fetch_add, fetch_sub, fetch_and, fetch_or, fetch_xor,
// fetch_min, fetch_max, exchange, store (v), load (), and
// compare_exchange_strong (expected, desired), expected an int local.
type AtomOp struct {
	X       Expr
	Ref     *Var
	Scope   string // the temporary's scope: "block", "device", "system"
	Method  string
	Args    []Expr
	Relaxed bool
}

func (*HCall) isExpr()  {}
func (*AtomOp) isExpr() {}

var (
	tHalf  = &Type{K: KHalf}
	tBF16  = &Type{K: KBF16}
	tHalf2 = &Type{K: KHalf2}
)

// halfish: __half, __nv_bfloat16 or __half2.
func (t *Type) halfish() bool { return t.K == KHalf || t.K == KBF16 || t.K == KHalf2 }

// bytes is the size of a scalar of the type in memory: 2 for __half and
// __nv_bfloat16, 4 for the others.
func (t *Type) bytes() int {
	if t.K == KHalf || t.K == KBF16 {
		return 2
	}
	return 4
}

func scopeName(s string) string { return "cuda::thread_scope_" + s }

func headerTypeString(t *Type) string {
	switch t.K {
	case KHalf:
		return "__half"
	case KBF16:
		return "__nv_bfloat16"
	case KHalf2:
		return "__half2"
	case KAtomic:
		return "cuda::atomic<" + t.Elem.String() + ", " + scopeName(t.Scope) + ">"
	case KAtomRef:
		return "cuda::atomic_ref<" + t.Elem.String() + ", " + scopeName(t.Scope) + ">"
	}
	return "?"
}

// atomOpScope is the scope of an AtomOp: of its temporary, its local, or
// its atomic object.
func atomOpScope(e *AtomOp, xt *Type) string {
	switch {
	case e.Ref != nil:
		return e.Ref.T.Scope
	case xt != nil && xt.K == KAtomic:
		return xt.Scope
	}
	return e.Scope
}

func headerText(e Expr) string {
	switch e := e.(type) {
	case *HCall:
		var args []string
		for _, a := range e.Args {
			args = append(args, exprString(a))
		}
		return e.Fn + "(" + strings.Join(args, ", ") + ")"
	case *AtomOp:
		var args []string
		for _, a := range e.Args {
			args = append(args, exprString(a))
		}
		if e.Relaxed {
			args = append(args, "cuda::std::memory_order_relaxed")
		}
		call := "." + e.Method + "(" + strings.Join(args, ", ") + ")"
		switch {
		case e.Ref != nil:
			return e.Ref.Name + call
		case e.Scope != "":
			t := lvalType(e.X)
			ts := "int"
			if t != nil {
				ts = t.String()
			}
			return "cuda::atomic_ref<" + ts + ", " + scopeName(e.Scope) + ">(" + exprString(e.X) + ")" + call
		}
		return exprPrec(e.X, precPostfix) + call
	}
	return "?"
}

// collectives are the warp functions that meet the other lanes of the
// warp (not __activemask, which does not wait for them).
var collectives = map[string]bool{
	"__shfl_sync": true, "__shfl_up_sync": true, "__shfl_down_sync": true, "__shfl_xor_sync": true,
	"__all_sync": true, "__any_sync": true, "__ballot_sync": true,
	"__reduce_add_sync": true, "__reduce_min_sync": true, "__reduce_max_sync": true,
	"__reduce_and_sync": true, "__reduce_or_sync": true, "__reduce_xor_sync": true,
	"__match_any_sync": true, "__match_all_sync": true,
}

// hasCollectives says whether a program calls a warp collective.
func hasCollectives(p *Program) bool {
	found := false
	walkProgram(p, nil, func(e Expr) {
		if h, ok := e.(*HCall); ok && collectives[h.Fn] {
			found = true
		}
	})
	return found
}

// Includes are the headers a file of concatenated cases needs for
// drfcheck, whose front end (unlike the oracle's runtime) declares the
// header API only where it is included.
const Includes = "#include <cooperative_groups.h>\n#include <cuda_fp16.h>\n#include <cuda_bf16.h>\n#include <cuda/atomic>\n"

// BatchSource is the file drfcheck reads for a batch of cases: Includes,
// then extra (more headers), then each case in a namespace of its name.
func BatchSource(cases []*Case, extra string) string {
	var b strings.Builder
	b.WriteString(Includes)
	b.WriteString(extra)
	for _, c := range cases {
		fmt.Fprintf(&b, "namespace %s {\n%s\n}\n", c.Name, c.Source)
	}
	return b.String()
}

// FileTypedefs declares size_t and clock_t as code written for a 32-bit
// host or for GPUVerify's headers does, with types the C library of
// drfcheck's environment declares otherwise: drfcheck parses such a file
// with the file's own types (internal/infer/clang, redefine.go). It goes
// at the top of a file (BatchSource's extra), before the cases'
// namespaces, where it conflicts with the C library's declarations.
const FileTypedefs = "typedef unsigned int size_t;\ntypedef unsigned int clock_t;\n"

// CUDAPrototypes declares CUDA's integer min and max as old code does:
// __device__ prototypes of functions that CUDA's headers define __host__
// __device__, which clang refuses beside drfcheck's declarations; drfcheck
// blanks them (internal/infer/clang, repair.go) and the calls are CUDA's,
// as the oracles run them. It goes at the top of a file (BatchSource's
// extra).
const CUDAPrototypes = "__device__ int min(int, int);\n__device__ int max(int, int);\n__device__ unsigned int min(unsigned int, unsigned int);\n__device__ unsigned int max(unsigned int, unsigned int);\n"

var unsignedRE = regexp.MustCompile(`\bunsigned\b(\s+(int|char|short|long)\b)?`)

// WithFileTypedefs returns a case's source with its unsigned int spelled
// size_t, FileTypedefs' name for it: the same program, for drfcheck to
// read under those declarations (the oracles run the source as it was,
// which nvcc on a 64-bit host compiles).
func WithFileTypedefs(src string) string {
	return unsignedRE.ReplaceAllStringFunc(src, func(m string) string {
		if f := strings.Fields(m); len(f) == 1 || f[1] == "int" {
			return "size_t"
		}
		return m
	})
}

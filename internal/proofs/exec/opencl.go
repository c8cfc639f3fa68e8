package exec

import "regexp"

// The OpenCL shim: a case whose Source is OpenCL C (Case.OpenCL) runs on
// the same runtime as CUDA's, work-items for threads and work-groups for
// blocks, through the definitions below, which the case's namespace gets
// before its text:
//
//   - get_local_id, get_group_id, get_local_size, get_num_groups,
//     get_global_id and get_global_size (size_t) are threadIdx, blockIdx,
//     blockDim and gridDim, the global offset 0 (a host that passes none);
//   - GPUVerify's numbered barrier invariants (__barrier_invariant_N,
//     __barrier_invariant_binary_N) are the runtime's __barrier_invariant
//     and __barrier_invariant_binary;
//   - barrier(flags) is __syncthreads(), a barrier of the block with its
//     own call site (so that divergence is told per site) that orders
//     every memory whatever the flags: the oracle runs full barriers
//     (weaker fences are the generator's interpreter's to tell);
//   - __kernel, __global, __local and __private are nothing, except that
//     a declaration "__local T x[N];" that begins a line (OpenCL's
//     variables in local memory, at the kernel's outermost scope) becomes
//     "__shared__ T x[N];", which the runner makes the block's memory as
//     CUDA's;
//   - uchar, ushort, uint and ulong are C's unsigned types;
//   - OpenCL 1.2's atomics (atomic_add, atomic_sub, atomic_xchg,
//     atomic_inc, atomic_dec, atomic_cmpxchg, atomic_min, atomic_max,
//     atomic_and, atomic_or, atomic_xor) are CUDA's (atomic_inc and
//     atomic_dec as atomicInc and atomicDec with the bound 0xffffffff,
//     which wrap as OpenCL's do).
//
// The text is still compiled as C++: C's meaning where C++ differs (the
// type of a comparison, int rather than bool) is C++'s, the same values in
// every expression the generator makes. OpenCL's vector types are CUDA's
// int4 and float4 (the same layout); min and max are CUDA's.

// openCLPrologue holds the shim's declarations, in the case's namespace.
const openCLPrologue = `typedef unsigned char uchar;
typedef unsigned short ushort;
typedef unsigned int uint;
typedef unsigned long ulong;
constexpr unsigned CLK_LOCAL_MEM_FENCE = 1, CLK_GLOBAL_MEM_FENCE = 2;
DRF_INL size_t get_local_id(unsigned d) { return d == 0 ? threadIdx.x : d == 1 ? threadIdx.y : d == 2 ? threadIdx.z : 0; }
DRF_INL size_t get_group_id(unsigned d) { return d == 0 ? blockIdx.x : d == 1 ? blockIdx.y : d == 2 ? blockIdx.z : 0; }
DRF_INL size_t get_local_size(unsigned d) { return d == 0 ? blockDim.x : d == 1 ? blockDim.y : d == 2 ? blockDim.z : 1; }
DRF_INL size_t get_num_groups(unsigned d) { return d == 0 ? gridDim.x : d == 1 ? gridDim.y : d == 2 ? gridDim.z : 1; }
DRF_INL size_t get_global_id(unsigned d) { return get_group_id(d) * get_local_size(d) + get_local_id(d); }
DRF_INL size_t get_global_size(unsigned d) { return get_num_groups(d) * get_local_size(d); }
template <class T, class V> DRF_INL T atomic_add(T *p, V v) { return atomicAdd(p, (T)v); }
template <class T, class V> DRF_INL T atomic_sub(T *p, V v) { return atomicSub(p, (T)v); }
template <class T, class V> DRF_INL T atomic_xchg(T *p, V v) { return atomicExch(p, (T)v); }
template <class T, class V> DRF_INL T atomic_min(T *p, V v) { return atomicMin(p, (T)v); }
template <class T, class V> DRF_INL T atomic_max(T *p, V v) { return atomicMax(p, (T)v); }
template <class T, class V> DRF_INL T atomic_and(T *p, V v) { return atomicAnd(p, (T)v); }
template <class T, class V> DRF_INL T atomic_or(T *p, V v) { return atomicOr(p, (T)v); }
template <class T, class V> DRF_INL T atomic_xor(T *p, V v) { return atomicXor(p, (T)v); }
template <class T, class V, class W> DRF_INL T atomic_cmpxchg(T *p, V cmp, W v) { return atomicCAS(p, (T)cmp, (T)v); }
template <class T> DRF_INL T atomic_inc(T *p) { return (T)atomicInc((unsigned *)p, 0xffffffffu); }
template <class T> DRF_INL T atomic_dec(T *p) { return (T)atomicDec((unsigned *)p, 0xffffffffu); }
#define __kernel
#define __global
#define __local
#define __private
#define barrier(flags) __syncthreads()
#define __barrier_invariant_1(...) __barrier_invariant(__VA_ARGS__)
#define __barrier_invariant_2(...) __barrier_invariant(__VA_ARGS__)
#define __barrier_invariant_3(...) __barrier_invariant(__VA_ARGS__)
#define __barrier_invariant_4(...) __barrier_invariant(__VA_ARGS__)
#define __barrier_invariant_5(...) __barrier_invariant(__VA_ARGS__)
#define __barrier_invariant_6(...) __barrier_invariant(__VA_ARGS__)
#define __barrier_invariant_7(...) __barrier_invariant(__VA_ARGS__)
#define __barrier_invariant_8(...) __barrier_invariant(__VA_ARGS__)
#define __barrier_invariant_binary_1(...) __barrier_invariant_binary(__VA_ARGS__)
#define __barrier_invariant_binary_2(...) __barrier_invariant_binary(__VA_ARGS__)
#define __barrier_invariant_binary_3(...) __barrier_invariant_binary(__VA_ARGS__)
#define __barrier_invariant_binary_4(...) __barrier_invariant_binary(__VA_ARGS__)
`

// openCLMacros are the shim's macros, undefined after the case.
var openCLMacros = []string{"__kernel", "__global", "__local", "__private", "barrier",
	"__barrier_invariant_1", "__barrier_invariant_2", "__barrier_invariant_3", "__barrier_invariant_4", "__barrier_invariant_5", "__barrier_invariant_6", "__barrier_invariant_7", "__barrier_invariant_8", "__barrier_invariant_binary_1", "__barrier_invariant_binary_2", "__barrier_invariant_binary_3", "__barrier_invariant_binary_4"}

// localDeclRE matches a declaration of a variable in local memory that
// begins a line: "__local int s1[9];", "__local Pair ps[4][2];".
var localDeclRE = regexp.MustCompile(`(?m)^([ \t]*)__local([ \t]+[A-Za-z_][A-Za-z0-9_]*[ \t]+[A-Za-z_][A-Za-z0-9_]*(?:[ \t]*\[[^\]\n]*\])*[ \t]*;)`)

// openCLSource rewrites the declarations of local memory of an OpenCL
// text into __shared__ ones (the same length of lines).
func openCLSource(src string) string {
	return localDeclRE.ReplaceAllString(src, "${1}__shared__${2}")
}

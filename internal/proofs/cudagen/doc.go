// Package cudagen generates small random CUDA kernels, each with one
// concrete launch and concrete parameter values, for the differential
// property of package proofs: whenever the execution oracle (package
// internal/proofs/exec: the kernel compiled for the CPU, one thread per CUDA thread,
// under ThreadSanitizer) observes a data race or a barrier divergence,
// drfcheck, run with that launch (-b, -g) and those values (-p), must not
// call the kernel race-free.
//
// # What a case is
//
// A Case holds the kernel's source (struct definitions, __device__
// functions and one __global__ function named after the case, with no
// #include, macro or main, so that many cases can be concatenated, each in
// a namespace of its name), the launch (1 to 64 threads per block, one to
// three dimensions; 1 to 4 blocks; a warp size: 32, or 2, 4 or 8 so that
// small blocks have several warps), and the parameters in signature order:
// pointers to global memory with the number of elements the kernel needs
// (and initial contents for read-only inputs), int, unsigned and struct
// values with the -p flags that fix them for the checker; a struct that
// carries an array of pointers comes with one buffer per element
// (Param.Buffers), distinct as pointer parameters are. Gen is the gopter
// generator (deterministic for a seed) and Shrink its shrinker; New draws
// from a *rand.Rand; Valid checks a case's consistency; Constructs lists
// what a kernel uses.
//
// # How kernels are made
//
// The generator builds an AST (ast.go) that a printer turns into CUDA/C++
// (print.go), a checker keeps within what clang accepts (typecheck.go), and
// an interpreter runs (interp.go). The interpreter runs every thread of the
// launch with C++'s exact semantics (32-bit wrap-around of unsigned
// arithmetic, promotions and the usual arithmetic conversions, narrowing
// casts, float to int truncation) and so:
//
//   - sizes every array to the indices it is really accessed at (shared
//     arrays, global arrays, local arrays, struct array members), so that
//     kernels are in bounds by construction, wrap-around included:
//     (unsigned char)(tid * 8) and (lane - 1u) & 31u index exactly where C++
//     says;
//   - rejects kernels with undefined behaviour (signed overflow, division by
//     zero, shifts out of range, float to int out of range, uninitialized
//     reads, negative indices), loops that run too long, and kernels whose
//     control flow or indices would depend on the schedule (values read from
//     memory that the kernel writes, atomics' results), except for atomic
//     counters, whose values it tracks (see Constructs);
//   - gives the verdict the oracle should observe: a race (two threads of a
//     block in one barrier interval, and if of one warp in one warp
//     interval too, or of different blocks on global memory in one grid
//     interval, on one byte, one writing, not both atomic: a scalar access
//     covers its 4 bytes, memcpy and memset the bytes they touch, as
//     ThreadSanitizer sees them), a barrier divergence (the threads of a
//     block pass different sequences of block barriers, the threads of a
//     warp different sequences of barriers, or the blocks different
//     sequences of grid barriers), or race-free. Case.Expect holds it.
//
// Kernels are made in three moods, chosen first: race-free (a discipline
// of thread-owned cells, barriers between conflicting accesses, guards and
// atomics, over every construct), racy (the same discipline broken at a few
// random decision points: a neighbour's cell, a missing barrier, a
// block-local index into global memory, a plain access next to atomics, a
// stride one short, a shifted struct field, a memcpy or memset spilling
// into the next thread's element, a lambda's argument computed as if its
// capture were of the other kind, a warp exchange without its __syncwarp()
// or crossing into the next warp, a grid exchange without its grid barrier
// or with __syncthreads() instead, an atomic counter's slot taken modulo m,
// the counter reset by a plain store or given back by atomicSub, a counter
// per block, two counters filling one array, a __shared__ counter's slots
// in global memory with several blocks) and divergent (a barrier under a
// thread-dependent condition or loop, after a thread-dependent return or
// continue, a __syncwarp() under a condition that splits a warp, a grid
// barrier some blocks skip). Generation retries until the interpreter's verdict matches the
// mood, so that about 45% of kernels are race-free, 45% racy and 10%
// divergent whatever the discipline misses.
//
// # Constructs
//
// Index arithmetic with threadIdx.x/y/z, blockIdx.x/y, blockDim and
// gridDim; int, unsigned and struct (Cfg) parameters; loops of every shape
// (++, --, += k, -= k, *= 2, >>= 1, /= 2; <, <=, >, >=, !=; while and
// do-while; the loop variable used after the loop, also with a condition
// "i < 64 && i < t"; block- and grid-stride loops; tree reductions);
// if/else and else-if chains, switch with fallthrough and default, early
// return, break, continue; __device__ functions taking values, references,
// pointers and structs by value, returning values and references, one with
// a barrier inside; references to memory, to locals and to a ?: of locals;
// pointers with arithmetic (a + k, p[i - k], *(p + i), p += k, p++, &a[i]),
// chosen by ?: or reassigned on a branch, walking a loop; struct
// parameters with a field changed on one branch or in a loop and then used
// in an index; arrays of structs in shared and global memory, a struct
// with an array member (a[i].val[k]); casts ((unsigned char), (short),
// (int), (unsigned), (float), float to int, reinterpret_cast<int4 *> and
// <float4 *>); the conditional operator as a value, as an lvalue (also of
// compound assignments) and choosing a pointer; every compound assignment;
// unsigned arithmetic and masks, min and max; every atomic, on shared and
// global memory, mixed with plain accesses, keeping its old value;
// shared (1D, 2D, scalar, extern), global (int, unsigned, float, struct)
// and local arrays; float values used in indices through casts;
// data-dependent indices read from initialized inputs; __syncthreads,
// __syncthreads_count/_or/_and and __syncwarp, in loops, branches and
// device functions. Warps and grids (genwarp.go): warp exchanges (a thread
// writes its cell of an array of its own, __syncwarp() or
// __syncwarp(0xffffffff), then reads the cell of another lane of its warp:
// warp base + (lane + k) % warpSize, lane ^ k, warpSize - 1 - lane, lane
// computed with % warpSize, % W or & (W - 1)), alone, in loops (a second
// __syncwarp() closing the interval) or under a condition that is the same
// for the threads of a warp (tid / warpSize % 2 == 0, tid < k * W, a warp
// base other than 0), in shared or global memory; warpSize in indices;
// grid exchanges (cooperative_groups::this_grid().sync() between a write
// of a thread's cell and a read of the cell k further in the grid, often
// in another block). Beyond plain scalars (genmore.go): __builtin_memcpy
// and __builtin_memset (the builtins: memcpy needs a declaration that the
// oracle's header does not give, and a case has no #include) on shared and
// global arrays of scalars and of Pair, from and to local arrays and
// struct locals, through &a[i], a + i and (char *)p + k, over an own
// element or all of a thread's cells, part of a word or spilling into the
// next thread's element, with byte counts that are literals or small
// expressions (n - (tid & 1)); GNU statement expressions ({ int q = e * 2;
// q++; q >> 1; }) in indices; a struct with default member initializers
// (struct Opts { int stride = 2; int n; int off = 1; }) whose fields index
// arrays; lambdas held in locals and called, capturing by copy ([=]) and
// by reference ([&]) a local, a struct local or the struct parameter that
// changes after the lambda is made; whole-struct assignment between
// locals (the copy keeps its value when the source changes) and into and
// out of arrays of structs. Atomic counters (gencounter.go): a counter (a
// cell of a global array, or a __shared__ scalar or cell, zeroed before
// the launch and never reset) only incremented by atomicAdd(&c, k) with a
// small positive constant k, whose returned values index an array of
// slots written nowhere else: stream compaction (slots[atomicAdd(&c, k)],
// alone, under a condition, several calls per thread in a loop, a thread
// filling the k slots it reserved) and work queues (i = atomicAdd(&c, k);
// while (i < N) { slots[i] = v; i = atomicAdd(&c, k); }, and the same as
// a for loop). The interpreter returns the values the thread-by-thread run
// gives; the patterns are chosen so that its verdict is that of every
// schedule (the argument is in gencounter.go). Variables of namespace
// scope (genglobal.go): "__device__ int v;" and, more often, a host
// variable "int v;" without __device__ (one object for the grid, as
// drfcheck takes it), scalars and arrays in the discipline of global
// memory. Arrays of pointers (genptrarr.go): a struct parameter "struct
// Bufs { float *c[3]; int n; }" whose elements at constant indices (b.c[1])
// are global arrays of the discipline, reached by every pattern above,
// and whose last elements are reached at a variable index (b.c[2 + tid %
// 2][tid / 2], b.c[2 + blockIdx.x % 2][tid], b.c[2 + b.n % 2][tid]), which
// drfcheck cannot resolve to one buffer. Leader elections (genelect.go):
// a __shared__ or global election cell written by one thread (or, one cell
// each, by a few), a top-level __syncthreads(), then a read at a
// thread-uniform index whose value chooses the thread that writes an array
// of its own (if (tid == (int)(v % 8u)) won[blockIdx.x] = ...) or rotates
// the cells the threads write (won[b * 8u + (v + tid) % 8u]); racy kernels
// leave the barrier out or put it in a branch or loop, write the cell
// again after the read, read it at a thread-dependent index, share a
// global cell between blocks or give it several writers. The interpreter
// answers a read of an election cell with the last write that happens
// before it. Struct templates (gentmpl.go): Pair, Rec, Cfg, Opts and
// Bufs are sometimes instances of class templates (template <class T, int
// W> struct Rec { T key; T val[W]; }; used as Rec<int, 4>), a type
// parameter in field types, an int parameter in an array bound or a
// default member initializer, and a kernel may use two instances of Rec
// of different bounds; every other part of the package sees an instance
// as a struct of the substituted types. Sorting networks (genpow2.go): a
// __shared__ array of 2T elements that every thread fills, then loops whose
// variable steps through powers of two (halving from a power of two,
// doubling from 1, or nested as in a bitonic sort) with a barrier in the
// inner loop and a compare-exchange of (pos, pos + s), pos = 2 * tid - (tid
// & (s - 1)), or of (i, i ^ s) when i ^ s > i; the exchange swaps under a
// comparison of the values (the interpreter then answers the array's
// reads as an election cell's) or writes min and max. Racy kernels drop
// the barrier or move it to the outer loop, use tid & s, start from a value
// that is not a power of two, exchange with pos + s + 1, let both threads
// of an xor pair exchange, or read the result without a barrier.
// Wrap-around indices (genwrap.go): an array of its own written at an
// index in which 32-bit arithmetic wraps, brought back into the array by
// % N, >> k, & (N - 1), / q, (unsigned char), a widening to long long or
// unsigned long long, or a comparison guarding the write
// (wrap[((unsigned)tid + wp) % 48u] with wp = 4294967295u;
// wrap[(threadIdx.x * 1073741824u) >> 28]; if ((unsigned)tid + wp < wp)
// ...); operands are large constants, unsigned parameters of 2^31 or
// more, and int parameters of negative values converted to unsigned, some
// left symbolic for drfcheck (Param.Symbolic). Racy kernels prefer
// threads that collide only modulo 2^32, race-free ones indices that wrap
// and stay distinct. The 64-bit types (KLong, KULong) appear only in
// these casts and the arithmetic on their values.
// The CUDA header API (genheader.go, interp_header.go, halfmath.go):
// __half, __nv_bfloat16 and __half2 arrays in shared and global memory
// (2-byte elements side by side in a word, values from __float2half,
// __int2half_rn, __floats2half2_rn, __hadd, __hmul, __hfma, __hmax and
// operators, read back after a barrier or without one, fp16 accumulation
// acc[i] += h, and indices computed from rounded halves, whose threads
// collide exactly where rounding to nearest even merges them); warp
// collectives (__reduce_*_sync, __all_sync, __any_sync, __ballot_sync,
// __match_any_sync, __match_all_sync, __shfl*_sync, __activemask) over the
// full mask, half a warp, or masks that differ between warps, in partial
// warps too, whose results are written to own cells, by each warp's (or
// group's) leader, or choose the writer or the cell; and scoped atomics:
// atomicOp_block and atomicOp_system, cuda::atomic_ref<T, S> temporaries
// and locals, cuda::atomic<T, S> objects, block-scoped counters indexing
// slots, on a cell per block, on shared memory, or (racy) on one global
// cell of every block, mixed with device-scoped atomics or atomic loads of
// other blocks. The interpreter rounds halves exactly (math/big), runs the
// threads of a block with collectives as coroutines that meet at each
// call (a collective some lanes of a warp skip is rejected, as the
// oracle's runtime reports it as a divergence), and applies the scope
// rule: two atomics of different blocks race when one is block-scoped
// and one writes. Constructors (genctor.go, interp_ctor.go): structs with
// user-provided __device__ constructors whose member initializer lists
// (in the fields' order or not, reading earlier fields) and bodies set
// the fields from thread ids, parameters and constants and write and read
// a cell of an array of the group's own (a __device__ array of namespace
// scope, or a __shared__ array or global parameter passed by pointer),
// reached by a local "S s;" (the default constructor), "S s(buf, i, v);"
// and "S s{buf, i, v};", a struct passed by value to a __device__
// function or copy-initialized (the copy constructor, also of a class
// template C<int, 2>), a struct with a member or a base of such a struct
// (whose constructors run first), and "S a[3];" (once per element); after
// a barrier each thread reads its neighbour's cell. Racy kernels write or
// read another thread's cell in a constructor, or leave the barrier out.
// The interpreter runs constructors with C++'s semantics: the base, then
// the fields in declaration order (initializer, member's constructor or
// default member initializer), then the body.
// TestCoverage prints how often each construct appears.
//
// Every load whose value would otherwise be unused feeds a per-thread sink
// (the compiler would delete it, and the oracle would not see the access),
// and no assignment is a no-op (x |= 0, x = x) for the same reason.
//
// # Shrinking
//
// Shrink proposes, in order: a statement removed (compound ones first), a
// compound statement replaced by its body (an if by a branch, a loop by one
// pass, a switch by a case), an else dropped; a smaller launch; smaller
// parameter values and simpler inputs; an expression replaced by an operand
// or by 0 or 1; smaller literals. Unused parameters, shared arrays,
// functions and structs are pruned, and every candidate is checked, run
// and sized again by the interpreter, so every shrink is Valid. A racy
// kernel typically shrinks to two or three statements.
//
// # Tests
//
// The tests check determinism, validity, validity of every shrink, the
// quality of shrinking, construct coverage over 2,000 kernels (each
// construct in at least 1% of them) and the balance of verdicts, that 100
// kernels compile as C++20 with clang++ against testdata/cuda_cpu.h (a
// strict stand-in for the oracle's header), that random expressions
// evaluate in the interpreter exactly as in a program compiled by clang++,
// that random memcpy and memset over local words, whole-struct copies,
// lambdas and statement expressions leave every value as clang++ does, and
// the interpreter's verdicts on hand-written kernels. The header API's
// values are checked against the oracle's own implementation: random half
// expressions against drf_half.h compiled with clang++ (and conversions
// against compiler-rt's __fp16), and random warp collectives against the
// oracle's runtime, which asserts the interpreter's results in the
// kernels (valuecheck.go draws both; internal/proofs/gpucheck asserts them on a
// GPU too).
package cudagen

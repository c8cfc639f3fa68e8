// drfcheck's prelude for OpenCL C files, force-included before the file.
//
// clang declares OpenCL's own built-ins (work-item functions, barriers,
// atomics, vector loads and stores, math) as the kernel uses them; this
// header adds GPUVerify's annotations, so that kernels written for
// GPUVerify compile unchanged. __requires and __assume are assumptions;
// barrier invariants are checked and assumed; the others are accepted and
// ignored (loop invariants: drfcheck needs none), and those that say
// something about other threads or about memory give a fresh value, which
// assumes nothing. OpenCL C has no variadic functions:
// the annotations with several forms are macros.
#ifndef DRFCHECK_OPENCL_H
#define DRFCHECK_OPENCL_H

#pragma OPENCL EXTENSION cl_khr_global_int32_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_global_int32_extended_atomics : enable
#pragma OPENCL EXTENSION cl_khr_local_int32_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_local_int32_extended_atomics : enable
#pragma OPENCL EXTENSION cl_khr_byte_addressable_store : enable

void __requires(bool);
void __assume(bool);
void __ensures(bool);
void __assert(bool);
void __global_assert(bool);
void __invariant(bool);
void __global_invariant(bool);
void __function_wide_invariant(bool);
void __function_wide_candidate_invariant(bool);
void __candidate_invariant(bool);
void __candidate_global_invariant(bool);
void __global_requires(bool);
void __global_ensures(bool);
void __non_temporal_loads_begin(void);
void __non_temporal_loads_end(void);
bool __implies(bool, bool);

// the result of each of these is a fresh value of its type
bool __drfcheck_fresh_bool(void);
int __drfcheck_fresh_int(void);

#define __enabled() __drfcheck_fresh_bool()
#define __uniform_bool(...) __drfcheck_fresh_bool()
#define __uniform_int(...) __drfcheck_fresh_bool()
#define __distinct_bool(...) __drfcheck_fresh_bool()
#define __distinct_int(...) __drfcheck_fresh_bool()
#define __all(...) __drfcheck_fresh_bool()
#define __exclusive(...) __drfcheck_fresh_bool()
#define __at_most_one(...) __drfcheck_fresh_bool()
#define __same_group __drfcheck_fresh_bool()
#define __is_pow2(...) __drfcheck_fresh_bool()
#define __return_val_int(...) __drfcheck_fresh_int()
#define __return_val_bool(...) __drfcheck_fresh_bool()
#define __old_int(...) __drfcheck_fresh_int()
#define __old_bool(...) __drfcheck_fresh_bool()
// the other thread's value in a binary barrier invariant (elsewhere: any)
int __drfcheck_other_int(int);
bool __drfcheck_other_bool(bool);
#define __other_int(x) __drfcheck_other_int(x)
#define __other_bool(x) __drfcheck_other_bool(x)
#define __add_noovfl(...) __drfcheck_fresh_bool()
#define __add_noovfl_unsigned(...) __drfcheck_fresh_bool()
#define __add_noovfl_signed(...) __drfcheck_fresh_bool()
#define __ptr_equal(...) __drfcheck_fresh_bool()
#define __read(...) __drfcheck_fresh_bool()
#define __write(...) __drfcheck_fresh_bool()
#define __atomic(...) __drfcheck_fresh_bool()
#define __no_read(...) __drfcheck_fresh_bool()
#define __no_write(...) __drfcheck_fresh_bool()
#define __read_implies(...) __drfcheck_fresh_bool()
#define __write_implies(...) __drfcheck_fresh_bool()
#define __atomic_implies(...) __drfcheck_fresh_bool()
#define __read_offset_bytes(...) __drfcheck_fresh_bool()
#define __write_offset_bytes(...) __drfcheck_fresh_bool()
#define __read_offset(...) __drfcheck_fresh_int()
#define __write_offset(...) __drfcheck_fresh_int()
#define __ptr_base(...) __drfcheck_fresh_int()
#define __ptr_offset_bytes(...) __drfcheck_fresh_int()
#define __ptr_offset(...) __drfcheck_fresh_int()
#define __mod_pow2(x, y) ((x) & ((y)-1))
#define __ite(c, x, y) ((c) ? (x) : (y))
#define __add_noovfl_int(...) __drfcheck_fresh_bool()
#define __add_noovfl_unsigned_int(...) __drfcheck_fresh_bool()
#define __add_noovfl_char(...) __drfcheck_fresh_bool()
#define __add_noovfl_short(...) __drfcheck_fresh_bool()
#define __add_noovfl_long(...) __drfcheck_fresh_bool()
#define __dominator_enabled() __drfcheck_fresh_bool()
#define __writes_to(...) __drfcheck_fresh_bool()
#define __reads_from(...) __drfcheck_fresh_bool()
#define __return_val_int4(...) ((int4)(__drfcheck_fresh_int()))
#define __requires_fresh_array(...) ((void)0)

// barrier invariants, unary and binary: checked at the barrier that
// follows, assumed after it (drfcheck's lowering knows
// __drfcheck_barrier_invariant and __drfcheck_barrier_invariant_binary);
// array snapshots are ignored, which assumes nothing after the barrier
#pragma OPENCL EXTENSION __cl_clang_variadic_functions : enable
void __drfcheck_barrier_invariant(bool, ...);
#pragma OPENCL EXTENSION __cl_clang_variadic_functions : disable
#define __barrier_invariant(...) __drfcheck_barrier_invariant(__VA_ARGS__)
#define __barrier_invariant_1(...) __drfcheck_barrier_invariant(__VA_ARGS__)
#define __barrier_invariant_2(...) __drfcheck_barrier_invariant(__VA_ARGS__)
#define __barrier_invariant_3(...) __drfcheck_barrier_invariant(__VA_ARGS__)
#define __barrier_invariant_4(...) __drfcheck_barrier_invariant(__VA_ARGS__)
#define __barrier_invariant_5(...) __drfcheck_barrier_invariant(__VA_ARGS__)
#define __barrier_invariant_6(...) __drfcheck_barrier_invariant(__VA_ARGS__)
#define __barrier_invariant_7(...) __drfcheck_barrier_invariant(__VA_ARGS__)
#define __barrier_invariant_8(...) __drfcheck_barrier_invariant(__VA_ARGS__)
#define __barrier_invariant_9(...) __drfcheck_barrier_invariant(__VA_ARGS__)
#define __barrier_invariant_10(...) __drfcheck_barrier_invariant(__VA_ARGS__)
#define __barrier_invariant_11(...) __drfcheck_barrier_invariant(__VA_ARGS__)
#define __barrier_invariant_12(...) __drfcheck_barrier_invariant(__VA_ARGS__)
#define __barrier_invariant_13(...) __drfcheck_barrier_invariant(__VA_ARGS__)
#define __barrier_invariant_14(...) __drfcheck_barrier_invariant(__VA_ARGS__)
#define __barrier_invariant_15(...) __drfcheck_barrier_invariant(__VA_ARGS__)
#define __barrier_invariant_16(...) __drfcheck_barrier_invariant(__VA_ARGS__)
#define __barrier_invariant_17(...) __drfcheck_barrier_invariant(__VA_ARGS__)
#define __barrier_invariant_18(...) __drfcheck_barrier_invariant(__VA_ARGS__)
#define __barrier_invariant_19(...) __drfcheck_barrier_invariant(__VA_ARGS__)
#define __barrier_invariant_20(...) __drfcheck_barrier_invariant(__VA_ARGS__)
#define __barrier_invariant_21(...) __drfcheck_barrier_invariant(__VA_ARGS__)
#define __barrier_invariant_22(...) __drfcheck_barrier_invariant(__VA_ARGS__)
#define __barrier_invariant_23(...) __drfcheck_barrier_invariant(__VA_ARGS__)
#define __barrier_invariant_24(...) __drfcheck_barrier_invariant(__VA_ARGS__)
#define __barrier_invariant_25(...) __drfcheck_barrier_invariant(__VA_ARGS__)
#define __barrier_invariant_26(...) __drfcheck_barrier_invariant(__VA_ARGS__)
#define __barrier_invariant_27(...) __drfcheck_barrier_invariant(__VA_ARGS__)
#define __barrier_invariant_28(...) __drfcheck_barrier_invariant(__VA_ARGS__)
#define __barrier_invariant_29(...) __drfcheck_barrier_invariant(__VA_ARGS__)
#define __barrier_invariant_30(...) __drfcheck_barrier_invariant(__VA_ARGS__)
#define __barrier_invariant_31(...) __drfcheck_barrier_invariant(__VA_ARGS__)
#define __barrier_invariant_32(...) __drfcheck_barrier_invariant(__VA_ARGS__)
#pragma OPENCL EXTENSION __cl_clang_variadic_functions : enable
void __drfcheck_barrier_invariant_binary(bool, ...);
#pragma OPENCL EXTENSION __cl_clang_variadic_functions : disable
#define __barrier_invariant_binary(...) __drfcheck_barrier_invariant_binary(__VA_ARGS__)
#define __barrier_invariant_binary_1(...) __drfcheck_barrier_invariant_binary(__VA_ARGS__)
#define __barrier_invariant_binary_2(...) __drfcheck_barrier_invariant_binary(__VA_ARGS__)
#define __barrier_invariant_binary_3(...) __drfcheck_barrier_invariant_binary(__VA_ARGS__)
#define __barrier_invariant_binary_4(...) __drfcheck_barrier_invariant_binary(__VA_ARGS__)
#define __barrier_invariant_binary_5(...) __drfcheck_barrier_invariant_binary(__VA_ARGS__)
#define __barrier_invariant_binary_6(...) __drfcheck_barrier_invariant_binary(__VA_ARGS__)
#define __barrier_invariant_binary_7(...) __drfcheck_barrier_invariant_binary(__VA_ARGS__)
#define __barrier_invariant_binary_8(...) __drfcheck_barrier_invariant_binary(__VA_ARGS__)
#define __barrier_invariant_binary_9(...) __drfcheck_barrier_invariant_binary(__VA_ARGS__)
#define __barrier_invariant_binary_10(...) __drfcheck_barrier_invariant_binary(__VA_ARGS__)
#define __barrier_invariant_binary_11(...) __drfcheck_barrier_invariant_binary(__VA_ARGS__)
#define __barrier_invariant_binary_12(...) __drfcheck_barrier_invariant_binary(__VA_ARGS__)
#define __barrier_invariant_binary_13(...) __drfcheck_barrier_invariant_binary(__VA_ARGS__)
#define __barrier_invariant_binary_14(...) __drfcheck_barrier_invariant_binary(__VA_ARGS__)
#define __barrier_invariant_binary_15(...) __drfcheck_barrier_invariant_binary(__VA_ARGS__)
#define __barrier_invariant_binary_16(...) __drfcheck_barrier_invariant_binary(__VA_ARGS__)
void __drfcheck_array_snapshot(int, ...);
#define __array_snapshot(dst, src) __drfcheck_array_snapshot(0, dst, src)
// a read permission is a read: the thread then knows the location's value
// at the next barrier (and the read is checked for races, as GPUVerify does)
#define __read_permission(T, x) ((void)(T)(x))
#define __write_permission(...) ((void)0)
#define __axiom(e)

#endif

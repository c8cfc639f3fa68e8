// drfcheck stub of curand_kernel.h: cuRAND's device API. Drawing a number
// writes the generator's state: the functions without a body take the state
// by pointer to non-const, which the front end takes for a write of it
// (curand(&state[i]) writes state[i]). MTGP32 is the exception: the threads
// of a block (at most 256) draw from one state together, so curand on an
// MTGP32 state has a body that does to the state what cuRAND's does: the
// thread of rank t in the block reads words t, t + 1 and t + pos of the
// state and writes word t + N, then, between two barriers, thread 0
// advances the offset. These are the words relative to the offset, which is
// the same for every thread and left out here: with more than 256 threads,
// a thread writes a word that another reads, and two blocks drawing from one
// state write the same words.
#ifndef DRFCHECK_CURAND_KERNEL_H
#define DRFCHECK_CURAND_KERNEL_H

#include "drfcheck_prelude.h"
#include "curand.h"

struct curandStateXORWOW {
  unsigned int d, v[5];
  int boxmuller_flag, boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
typedef struct curandStateXORWOW curandStateXORWOW_t;
typedef struct curandStateXORWOW curandState_t;
typedef struct curandStateXORWOW curandState;
struct curandStateMRG32k3a {
  unsigned int s1[3], s2[3];
  int boxmuller_flag, boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
typedef struct curandStateMRG32k3a curandStateMRG32k3a_t;
struct curandStatePhilox4_32_10 {
  uint4 ctr, output;
  uint2 key;
  unsigned int STATE;
  int boxmuller_flag, boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
typedef struct curandStatePhilox4_32_10 curandStatePhilox4_32_10_t;
struct curandStateSobol32 { unsigned int i, x, c, direction_vectors[32]; };
typedef struct curandStateSobol32 curandStateSobol32_t;
struct curandStateScrambledSobol32 { unsigned int i, x, c, direction_vectors[32]; };
typedef struct curandStateScrambledSobol32 curandStateScrambledSobol32_t;
struct curandStateSobol64 { unsigned long long i, x, c, direction_vectors[64]; };
typedef struct curandStateSobol64 curandStateSobol64_t;
struct curandStateScrambledSobol64 { unsigned long long i, x, c, direction_vectors[64]; };
typedef struct curandStateScrambledSobol64 curandStateScrambledSobol64_t;

// MTGP32 (curand_mtgp32.h, curand_mtgp32_kernel.h)
#define MTGP32_MEXP 11213
#define MTGP32_N 351
#define MTGP32_FLOOR_2P 256
#define MTGP32_CEIL_2P 512
#define MTGP32_TN MTGP32_FLOOR_2P
#define MTGP32_LS (MTGP32_TN * 3)
#define MTGP32_TS 16
#define MTGP32_STATE_SIZE 1024
#define MTGP32_STATE_MASK 1023
#define CURAND_NUM_MTGP32_PARAMS 200
#define MTGP32_MAX_NUM_BLOCKS 200
struct mtgp32_kernel_params {
  unsigned int pos_tbl[MTGP32_MAX_NUM_BLOCKS];
  unsigned int param_tbl[MTGP32_MAX_NUM_BLOCKS][MTGP32_TS];
  unsigned int temper_tbl[MTGP32_MAX_NUM_BLOCKS][MTGP32_TS];
  unsigned int single_temper_tbl[MTGP32_MAX_NUM_BLOCKS][MTGP32_TS];
  unsigned int sh1_tbl[MTGP32_MAX_NUM_BLOCKS];
  unsigned int sh2_tbl[MTGP32_MAX_NUM_BLOCKS];
  unsigned int mask[1];
};
typedef struct mtgp32_kernel_params mtgp32_kernel_params_t;
struct curandStateMtgp32 {
  unsigned int s[MTGP32_STATE_SIZE];
  int offset;
  int pIdx;
  mtgp32_kernel_params_t *k;
  int precise_double_flag;
};
typedef struct curandStateMtgp32 curandStateMtgp32_t;
struct mtgp32_params_fast {
  int mexp, pos, sh1, sh2;
  unsigned int tbl[16], tmp_tbl[16], flt_tmp_tbl[16], mask;
  unsigned char poly_sha1[21];
};
typedef struct mtgp32_params_fast mtgp32_params_fast_t;
extern mtgp32_params_fast_t mtgp32dc_params_fast_11213[];
extern "C" {
curandStatus_t curandMakeMTGP32Constants(const mtgp32_params_fast_t params[], mtgp32_kernel_params_t *p);
curandStatus_t curandMakeMTGP32KernelState(curandStateMtgp32_t *s, mtgp32_params_fast_t params[], mtgp32_kernel_params_t *k, int n, unsigned long long seed);
}

// values: pure functions of what was drawn
__device__ float __drf_curand_float(unsigned int x);
__device__ double __drf_curand_double(unsigned int x);
__device__ float2 __drf_curand_float2(unsigned int x);
__device__ float4 __drf_curand_float4(unsigned int x);
__device__ double2 __drf_curand_double2(unsigned int x);
__device__ unsigned int __drf_curand_uint(unsigned int x, double p);
__device__ uint4 __drf_curand_uint4(unsigned int x, double p);
__device__ unsigned int __drf_mtgp32_draw(unsigned int a, unsigned int b, unsigned int c);

// initialization: writes *state
template <class S> __device__ void curand_init(unsigned long long seed, unsigned long long subsequence, unsigned long long offset, S *state);
__device__ void curand_init(const unsigned int *direction_vectors, unsigned int offset, curandStateSobol32_t *state);
__device__ void curand_init(const unsigned int *direction_vectors, unsigned int scramble_c, unsigned int offset, curandStateScrambledSobol32_t *state);
__device__ void curand_init(const unsigned long long *direction_vectors, unsigned long long offset, curandStateSobol64_t *state);
__device__ void curand_init(const unsigned long long *direction_vectors, unsigned long long scramble_c, unsigned long long offset, curandStateScrambledSobol64_t *state);
template <class S> __device__ void skipahead(unsigned long long n, S *state);
template <class S> __device__ void skipahead_sequence(unsigned long long n, S *state);
template <class S> __device__ void skipahead_subsequence(unsigned long long n, S *state);

// 32 random bits: writes *state
template <class S> __device__ unsigned int curand(S *state);
__device__ unsigned long long curand(curandStateSobol64_t *state);
__device__ unsigned long long curand(curandStateScrambledSobol64_t *state);
__device__ uint4 curand4(curandStatePhilox4_32_10_t *state);
__device__ uint4 curand_Philox4x32_10(uint4 c, uint2 k);

// MTGP32: see above (pos is a parameter set's, below N - 256 as the limit of
// 256 threads requires)
#define __DRF_MTGP32_POS 84
__device__ inline unsigned int __drf_mtgp32(curandStateMtgp32_t *state, unsigned int t) {
  unsigned int r = __drf_mtgp32_draw(state->s[t & MTGP32_STATE_MASK], state->s[(t + 1) & MTGP32_STATE_MASK],
                                     state->s[(t + __DRF_MTGP32_POS) & MTGP32_STATE_MASK]);
  state->s[(t + MTGP32_N) & MTGP32_STATE_MASK] = r;
  return r;
}
__device__ inline unsigned int curand(curandStateMtgp32_t *state) {
  unsigned int r = __drf_mtgp32(state, threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z));
  __syncthreads();
  if (threadIdx.x + threadIdx.y + threadIdx.z == 0)
    state->offset = (state->offset + blockDim.x * blockDim.y * blockDim.z) & MTGP32_STATE_MASK;
  __syncthreads();
  return r;
}
__device__ inline unsigned int curand_mtgp32_specific(curandStateMtgp32_t *state, unsigned char index, unsigned char n) {
  return __drf_mtgp32(state, index);
}
__device__ inline float curand_mtgp32_single(curandStateMtgp32_t *state) { return __drf_curand_float(curand(state)); }
__device__ inline float curand_mtgp32_single_specific(curandStateMtgp32_t *state, unsigned char index, unsigned char n) {
  return __drf_curand_float(curand_mtgp32_specific(state, index, n));
}

// distributions: one draw each (as far as the state is concerned)
template <class S> __device__ inline float curand_uniform(S *state) { return __drf_curand_float(curand(state)); }
template <class S> __device__ inline float curand_normal(S *state) { return __drf_curand_float(curand(state)); }
template <class S> __device__ inline double curand_uniform_double(S *state) { return __drf_curand_double(curand(state)); }
template <class S> __device__ inline double curand_normal_double(S *state) { return __drf_curand_double(curand(state)); }
template <class S> __device__ inline float curand_log_normal(S *state, float mean, float stddev) { return __drf_curand_float(curand(state)); }
template <class S> __device__ inline double curand_log_normal_double(S *state, double mean, double stddev) { return __drf_curand_double(curand(state)); }
template <class S> __device__ inline unsigned int curand_poisson(S *state, double lambda) { return __drf_curand_uint(curand(state), lambda); }
template <class S> __device__ inline float2 curand_normal2(S *state) { return __drf_curand_float2(curand(state)); }
template <class S> __device__ inline float2 curand_log_normal2(S *state, float mean, float stddev) { return __drf_curand_float2(curand(state)); }
template <class S> __device__ inline double2 curand_normal2_double(S *state) { return __drf_curand_double2(curand(state)); }
template <class S> __device__ inline double2 curand_uniform2_double(S *state) { return __drf_curand_double2(curand(state)); }
template <class S> __device__ inline float4 curand_uniform4(S *state) { return __drf_curand_float4(curand(state)); }
template <class S> __device__ inline float4 curand_normal4(S *state) { return __drf_curand_float4(curand(state)); }
template <class S> __device__ inline uint4 curand_poisson4(S *state, double lambda) { return __drf_curand_uint4(curand(state), lambda); }
template <class S> __device__ inline unsigned int curand_discrete(S *state, curandDiscreteDistribution_t d) { return __drf_curand_uint(curand(state), 0.0); }

#endif

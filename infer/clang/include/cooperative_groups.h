// drfcheck stub of cooperative_groups.h. The member functions have bodies so
// that the front end inlines them: thread_block::sync() is __syncthreads();
// the ranks and sizes are written with threadIdx and blockDim. A tile's
// sync() synchronizes a warp, which is not a block barrier: like __syncwarp()
// it orders nothing that drfcheck checks.
#ifndef DRFCHECK_COOPERATIVE_GROUPS_H
#define DRFCHECK_COOPERATIVE_GROUPS_H
#include "drfcheck_prelude.h"

namespace cooperative_groups {

class thread_group {
 public:
  __device__ void sync() const { __syncthreads(); }
  __device__ unsigned long long size() const { return blockDim.x * blockDim.y * blockDim.z; }
  __device__ unsigned long long num_threads() const { return blockDim.x * blockDim.y * blockDim.z; }
  __device__ unsigned long long thread_rank() const {
    return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  }
};

class thread_block : public thread_group {
 public:
  __device__ void sync() const { __syncthreads(); }
  __device__ unsigned long long size() const { return blockDim.x * blockDim.y * blockDim.z; }
  __device__ unsigned long long num_threads() const { return blockDim.x * blockDim.y * blockDim.z; }
  __device__ unsigned long long thread_rank() const {
    return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  }
  __device__ dim3 group_index() const { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
  __device__ dim3 thread_index() const { return dim3(threadIdx.x, threadIdx.y, threadIdx.z); }
  __device__ dim3 group_dim() const { return dim3(blockDim.x, blockDim.y, blockDim.z); }
  __device__ dim3 dim_threads() const { return dim3(blockDim.x, blockDim.y, blockDim.z); }
};

// A grid-wide barrier also synchronizes the block; at grid level drfcheck
// ignores every barrier, which only adds behaviours.
class grid_group {
 public:
  __device__ void sync() const { __syncthreads(); }
  __device__ bool is_valid() const { return true; }
  __device__ unsigned long long size() const { return blockDim.x * blockDim.y * blockDim.z * gridDim.x * gridDim.y * gridDim.z; }
  __device__ unsigned long long thread_rank() const;
};

template <unsigned int Size>
class thread_block_tile {
 public:
  __device__ void sync() const { __syncwarp(); }
  __device__ unsigned int size() const { return Size; }
  __device__ unsigned int num_threads() const { return Size; }
  __device__ unsigned int thread_rank() const { return (threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z)) % Size; }
  __device__ unsigned int meta_group_rank() const { return (threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z)) / Size; }
  template <class T> __device__ T shfl(T var, int srcRank) const;
  template <class T> __device__ T shfl_down(T var, unsigned int delta) const;
  template <class T> __device__ T shfl_up(T var, unsigned int delta) const;
  template <class T> __device__ T shfl_xor(T var, unsigned int mask) const;
  __device__ int any(int predicate) const;
  __device__ int all(int predicate) const;
  __device__ unsigned int ballot(int predicate) const;
};

class coalesced_group {
 public:
  __device__ void sync() const { __syncwarp(); }
  __device__ unsigned int size() const;
  __device__ unsigned int thread_rank() const;
};

__device__ inline thread_block this_thread_block() { return thread_block(); }
__device__ inline grid_group this_grid() { return grid_group(); }
__device__ coalesced_group coalesced_threads();
__device__ inline void sync(const thread_group &g) { g.sync(); }
__device__ inline void sync(const thread_block &g) { g.sync(); }
__device__ inline void sync(const grid_group &g) { g.sync(); }
template <unsigned int Size> __device__ inline void sync(const thread_block_tile<Size> &g) { g.sync(); }
template <unsigned int Size, class Parent> __device__ inline thread_block_tile<Size> tiled_partition(const Parent &g) { return thread_block_tile<Size>(); }
template <class T, class Op> __device__ T reduce(const thread_block_tile<32> &g, T value, Op op);

template <class T> struct plus { __device__ T operator()(const T &a, const T &b) const { return a + b; } };
template <class T> struct less { __device__ T operator()(const T &a, const T &b) const { return a < b ? a : b; } };
template <class T> struct greater { __device__ T operator()(const T &a, const T &b) const { return a > b ? a : b; } };

}  // namespace cooperative_groups

#endif

// drfcheck stub of cooperative_groups.h. The member functions have bodies so
// that the front end inlines them: thread_block::sync() is __syncthreads();
// the ranks and sizes are written with threadIdx and blockDim. The sync()
// of a tile of 32 threads is __syncwarp(), a warp barrier; a smaller tile
// orders a part of a warp, and a group of unknown kind (or a coalesced
// group) some unknown set of threads, so their sync() orders nothing, which
// only adds behaviours. The warp-level operations of tiles are the
// __shfl_*_sync and vote built-ins. GPUVerify's synchronize(g) is sync(g).
#ifndef DRFCHECK_COOPERATIVE_GROUPS_H
#define DRFCHECK_COOPERATIVE_GROUPS_H
#include "drfcheck_prelude.h"

namespace cooperative_groups {

__device__ inline unsigned int __drf_block_rank() { return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z); }
__device__ inline unsigned int __drf_block_size() { return blockDim.x * blockDim.y * blockDim.z; }

// A group whose kind is not known (what tiled_partition(g, n) returns, or
// a copy of another group): its ranks and size are unknown, and its sync()
// orders threads drfcheck cannot name.
class thread_group {
 public:
  __device__ void sync() const {}
  __device__ unsigned long long size() const;
  __device__ unsigned long long num_threads() const;
  __device__ unsigned long long thread_rank() const;
  __device__ bool is_valid() const { return true; }
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

// A grid-wide barrier orders every thread of the grid: the front end makes
// __drfcheck_grid_sync a barrier of grid scope, which also orders the
// threads of a block, and checks that every block reaches it.
__device__ void __drfcheck_grid_sync(void);
class grid_group {
 public:
  __device__ void sync() const { __drfcheck_grid_sync(); }
  __device__ bool is_valid() const { return true; }
  __device__ unsigned long long num_blocks() const { return gridDim.x * gridDim.y * gridDim.z; }
  __device__ unsigned long long block_rank() const { return blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z); }
  __device__ dim3 block_index() const { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
  __device__ dim3 group_dim() const { return dim3(gridDim.x, gridDim.y, gridDim.z); }
  __device__ dim3 dim_blocks() const { return dim3(gridDim.x, gridDim.y, gridDim.z); }
  __device__ unsigned long long size() const { return num_blocks() * __drf_block_size(); }
  __device__ unsigned long long num_threads() const { return num_blocks() * __drf_block_size(); }
  __device__ unsigned long long thread_rank() const { return block_rank() * __drf_block_size() + __drf_block_rank(); }
  __device__ dim3 thread_index() const { return dim3(threadIdx.x, threadIdx.y, threadIdx.z); }
  __device__ dim3 dim_threads() const { return dim3(blockDim.x, blockDim.y, blockDim.z); }
};

// Tiles of Size threads: thread_block_tile<Size> (and <Size, thread_block>)
// partitions the block, thread_block_tile<Size, thread_block_tile<M>> a tile
// of M threads. The groups hold no data: what they are is in their type.
template <unsigned int Size>
class __drf_tile : public thread_group {
 public:
  __device__ void sync() const {
    if (Size == 32) __syncwarp();
  }
  __device__ unsigned int size() const { return Size; }
  __device__ unsigned int num_threads() const { return Size; }
  __device__ unsigned int thread_rank() const { return __drf_block_rank() % Size; }
  template <class T> __device__ T shfl(T var, int srcRank) const { return __shfl_sync(0xffffffff, var, srcRank, Size); }
  template <class T> __device__ T shfl_down(T var, unsigned int delta) const { return __shfl_down_sync(0xffffffff, var, delta, Size); }
  template <class T> __device__ T shfl_up(T var, unsigned int delta) const { return __shfl_up_sync(0xffffffff, var, delta, Size); }
  template <class T> __device__ T shfl_xor(T var, unsigned int mask) const { return __shfl_xor_sync(0xffffffff, var, mask, Size); }
  __device__ int any(int predicate) const { return __any_sync(0xffffffff, predicate); }
  __device__ int all(int predicate) const { return __all_sync(0xffffffff, predicate); }
  __device__ unsigned int ballot(int predicate) const { return __ballot_sync(0xffffffff, predicate); }
  template <class T> __device__ unsigned int match_any(T value) const { return __match_any_sync(0xffffffff, value); }
  template <class T> __device__ unsigned int match_all(T value, int &pred) const { return __match_all_sync(0xffffffff, value, &pred); }
};
template <unsigned int Size, class ParentT = void>
class thread_block_tile;
template <unsigned int Size>
class thread_block_tile<Size, void> : public __drf_tile<Size> {
 public:
  __device__ unsigned int meta_group_rank() const { return __drf_block_rank() / Size; }
  __device__ unsigned int meta_group_size() const { return (__drf_block_size() + Size - 1) / Size; }
};
template <unsigned int Size>
class thread_block_tile<Size, thread_block> : public thread_block_tile<Size, void> {
 public:
  __device__ thread_block_tile() {}
  __device__ thread_block_tile(const thread_block_tile<Size, void> &) {}
};
template <unsigned int Size, unsigned int M, class P>
class thread_block_tile<Size, thread_block_tile<M, P> > : public __drf_tile<Size> {
 public:
  __device__ unsigned int meta_group_rank() const { return __drf_block_rank() % M / Size; }
  __device__ unsigned int meta_group_size() const { return M / Size; }
};

// the threads of a warp that are active: which they are is not known
class coalesced_group : public thread_group {
 public:
  __device__ void sync() const {}
  __device__ unsigned int meta_group_rank() const;
  __device__ unsigned int meta_group_size() const;
  template <class T> __device__ T shfl(T var, int srcRank) const { return __shfl_sync(0xffffffff, var, srcRank); }
  template <class T> __device__ T shfl_down(T var, unsigned int delta) const { return __shfl_down_sync(0xffffffff, var, delta); }
  template <class T> __device__ T shfl_up(T var, unsigned int delta) const { return __shfl_up_sync(0xffffffff, var, delta); }
  __device__ int any(int predicate) const { return __any_sync(0xffffffff, predicate); }
  __device__ int all(int predicate) const { return __all_sync(0xffffffff, predicate); }
  __device__ unsigned int ballot(int predicate) const { return __ballot_sync(0xffffffff, predicate); }
};

__device__ inline thread_block this_thread_block() { return thread_block(); }
__device__ inline grid_group this_grid() { return grid_group(); }
__device__ inline thread_block_tile<1> this_thread() { return thread_block_tile<1>(); }
__device__ inline coalesced_group coalesced_threads() { return coalesced_group(); }
template <unsigned int Size> __device__ inline thread_block_tile<Size> tiled_partition(const thread_block &) { return thread_block_tile<Size>(); }
template <unsigned int Size, unsigned int M, class P>
__device__ inline thread_block_tile<Size, thread_block_tile<M> > tiled_partition(const thread_block_tile<M, P> &) {
  return thread_block_tile<Size, thread_block_tile<M> >();
}
__device__ inline thread_group tiled_partition(const thread_group &, unsigned int tileSize) { return thread_group(); }
__device__ inline void sync(const thread_group &g) { g.sync(); }
__device__ inline void sync(const thread_block &g) { g.sync(); }
__device__ inline void sync(const grid_group &g) { g.sync(); }
__device__ inline void sync(const coalesced_group &g) { g.sync(); }
template <unsigned int Size, class P> __device__ inline void sync(const thread_block_tile<Size, P> &g) { g.sync(); }
__device__ inline void synchronize(const thread_group &g) { g.sync(); }
__device__ inline void synchronize(const thread_block &g) { g.sync(); }
__device__ inline void synchronize(const grid_group &g) { g.sync(); }
template <unsigned int Size, class P> __device__ inline void synchronize(const thread_block_tile<Size, P> &g) { g.sync(); }
template <class G> __device__ inline unsigned long long thread_rank(const G &g) { return g.thread_rank(); }
template <class G> __device__ inline unsigned long long group_size(const G &g) { return g.size(); }

// the operators of reduce and scan (less and greater give the minimum and
// the maximum, as CUDA's do; by value, which callers cannot tell from const
// T &, and which the front end follows when the operand is a temporary)
template <class T> struct plus { __device__ T operator()(T a, T b) const { return a + b; } };
template <class T> struct less { __device__ T operator()(T a, T b) const { return a < b ? a : b; } };
template <class T> struct greater { __device__ T operator()(T a, T b) const { return a > b ? a : b; } };
template <class T> struct bit_and { __device__ T operator()(T a, T b) const { return a & b; } };
template <class T> struct bit_or { __device__ T operator()(T a, T b) const { return a | b; } };
template <class T> struct bit_xor { __device__ T operator()(T a, T b) const { return a ^ b; } };

}  // namespace cooperative_groups

#endif

// drfcheck stub of cuda_runtime.h: the runtime API (cuda_runtime_api.h),
// its C++ templates, and textures and surfaces, which nvcc makes visible
// without an include. It is part of the precompiled prelude.
//
// A texture fetch is a value of its coordinates: it reads no array of the
// kernel. A surface read writes only the
// thread's own result; a surface write is not modelled (drfcheck does not
// see races on surface memory).
#ifndef DRFCHECK_CUDA_RUNTIME_H
#define DRFCHECK_CUDA_RUNTIME_H

#include "drfcheck_prelude.h"
#include "cuda_runtime_api.h"

// ---- C++ forms of the runtime API ----

template <class T> __host__ __device__ cudaError_t cudaMalloc(T **devPtr, size_t size);
template <class T> cudaError_t cudaMallocHost(T **ptr, size_t size, unsigned int flags = 0);
cudaError_t cudaMallocHost(void **ptr, size_t size, unsigned int flags);
template <class T> cudaError_t cudaHostAlloc(T **ptr, size_t size, unsigned int flags);
template <class T> cudaError_t cudaMallocManaged(T **devPtr, size_t size, unsigned int flags = cudaMemAttachGlobal);
template <class T> cudaError_t cudaMallocPitch(T **devPtr, size_t *pitch, size_t width, size_t height);
template <class T> cudaError_t cudaMallocAsync(T **devPtr, size_t size, cudaStream_t stream);
template <class T> cudaError_t cudaHostGetDevicePointer(T **pDevice, void *pHost, unsigned int flags);
cudaError_t cudaEventCreate(cudaEvent_t *event, unsigned int flags);
template <class T> cudaError_t cudaMemcpyToSymbol(const T &symbol, const void *src, size_t count = sizeof(T), size_t offset = 0, enum cudaMemcpyKind kind = cudaMemcpyHostToDevice);
template <class T> cudaError_t cudaMemcpyFromSymbol(void *dst, const T &symbol, size_t count = sizeof(T), size_t offset = 0, enum cudaMemcpyKind kind = cudaMemcpyDeviceToHost);
template <class T> cudaError_t cudaMemcpyToSymbolAsync(const T &symbol, const void *src, size_t count = sizeof(T), size_t offset = 0, enum cudaMemcpyKind kind = cudaMemcpyHostToDevice, cudaStream_t stream = 0);
template <class T> cudaError_t cudaMemcpyFromSymbolAsync(void *dst, const T &symbol, size_t count = sizeof(T), size_t offset = 0, enum cudaMemcpyKind kind = cudaMemcpyDeviceToHost, cudaStream_t stream = 0);
template <class T> cudaError_t cudaGetSymbolAddress(void **devPtr, const T &symbol);
template <class T> cudaError_t cudaGetSymbolSize(size_t *size, const T &symbol);
template <class T> cudaError_t cudaFuncSetCacheConfig(T *func, enum cudaFuncCache cacheConfig);
template <class T> cudaError_t cudaFuncSetSharedMemConfig(T *func, enum cudaSharedMemConfig config);
template <class T> cudaError_t cudaFuncSetAttribute(T *func, enum cudaFuncAttribute attr, int value);
template <class T> cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *attr, T *func);
template <class T> cudaError_t cudaLaunchKernel(T *func, dim3 gridDim, dim3 blockDim, void **args, size_t sharedMem = 0, cudaStream_t stream = 0);
template <class T> cudaError_t cudaLaunchCooperativeKernel(T *func, dim3 gridDim, dim3 blockDim, void **args, size_t sharedMem = 0, cudaStream_t stream = 0);
template <class T> cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, T func, int blockSize, size_t dynamicSMemSize);
template <class T> cudaError_t cudaOccupancyMaxPotentialBlockSize(int *minGridSize, int *blockSize, T func, size_t dynamicSMemSize = 0, int blockSizeLimit = 0);
template <class T> cudaError_t cudaStreamAttachMemAsync(cudaStream_t stream, T *devPtr, size_t length = 0, unsigned int flags = cudaMemAttachSingle);
template <class T> struct cudaChannelFormatDesc cudaCreateChannelDesc(void);

// ---- textures ----

template <class T, int texType = cudaTextureType1D, enum cudaTextureReadMode mode = cudaReadModeElementType>
struct __attribute__((device_builtin_texture_type)) texture : public textureReference {
  texture(int norm = 0, enum cudaTextureFilterMode fMode = cudaFilterModePoint, enum cudaTextureAddressMode aMode = cudaAddressModeClamp);
  texture(int norm, enum cudaTextureFilterMode fMode, enum cudaTextureAddressMode aMode, struct cudaChannelFormatDesc desc);
};
template <class T, int dim, enum cudaTextureReadMode mode> cudaError_t cudaBindTexture(size_t *offset, const struct texture<T, dim, mode> &tex, const void *devPtr, size_t size = ~(size_t)0);
template <class T, int dim, enum cudaTextureReadMode mode> cudaError_t cudaBindTexture(size_t *offset, const struct texture<T, dim, mode> &tex, const void *devPtr, const struct cudaChannelFormatDesc &desc, size_t size = ~(size_t)0);
template <class T, int dim, enum cudaTextureReadMode mode> cudaError_t cudaBindTexture2D(size_t *offset, const struct texture<T, dim, mode> &tex, const void *devPtr, size_t width, size_t height, size_t pitch);
template <class T, int dim, enum cudaTextureReadMode mode> cudaError_t cudaBindTexture2D(size_t *offset, const struct texture<T, dim, mode> &tex, const void *devPtr, const struct cudaChannelFormatDesc &desc, size_t width, size_t height, size_t pitch);
template <class T, int dim, enum cudaTextureReadMode mode> cudaError_t cudaBindTextureToArray(const struct texture<T, dim, mode> &tex, cudaArray_const_t array);
template <class T, int dim, enum cudaTextureReadMode mode> cudaError_t cudaBindTextureToArray(const struct texture<T, dim, mode> &tex, cudaArray_const_t array, const struct cudaChannelFormatDesc &desc);
template <class T, int dim, enum cudaTextureReadMode mode> cudaError_t cudaUnbindTexture(const struct texture<T, dim, mode> &tex);

// the type of a fetch: T, or floats for 8- and 16-bit integers read as
// normalized floats
template <class T> struct __drf_texnorm { typedef float type; };
#define __DRF_TEXNORM(n) \
  template <> struct __drf_texnorm<n##1> { typedef float1 type; }; \
  template <> struct __drf_texnorm<n##2> { typedef float2 type; }; \
  template <> struct __drf_texnorm<n##4> { typedef float4 type; };
__DRF_TEXNORM(char) __DRF_TEXNORM(uchar) __DRF_TEXNORM(short) __DRF_TEXNORM(ushort)
template <class T, enum cudaTextureReadMode M> struct __drf_texval { typedef T type; };
template <class T> struct __drf_texval<T, cudaReadModeNormalizedFloat> { typedef typename __drf_texnorm<T>::type type; };

// texture references: f(tex, coordinates); texture objects: f<T>(obj,
// coordinates) or f(&result, obj, coordinates). (No default arguments: the
// front end evaluates the arguments of a built-in as written.)
#define __DRF_TEX(n, ...) \
  template <class T, int D, enum cudaTextureReadMode M> __device__ typename __drf_texval<T, M>::type n(const texture<T, D, M> &t, __VA_ARGS__); \
  template <class T> __device__ T n(cudaTextureObject_t obj, __VA_ARGS__); \
  template <class T> __device__ void n(T *ret, cudaTextureObject_t obj, __VA_ARGS__);
__DRF_TEX(tex1Dfetch, int x)
__DRF_TEX(tex1D, float x)
__DRF_TEX(tex2D, float x, float y)
__DRF_TEX(tex3D, float x, float y, float z)
__DRF_TEX(tex1DLayered, float x, int layer)
__DRF_TEX(tex2DLayered, float x, float y, int layer)
__DRF_TEX(texCubemap, float x, float y, float z)
__DRF_TEX(texCubemapLayered, float x, float y, float z, int layer)
__DRF_TEX(tex1DLod, float x, float level)
__DRF_TEX(tex2DLod, float x, float y, float level)
__DRF_TEX(tex3DLod, float x, float y, float z, float level)
__DRF_TEX(tex1DLayeredLod, float x, int layer, float level)
__DRF_TEX(tex2DLayeredLod, float x, float y, int layer, float level)
__DRF_TEX(tex1DGrad, float x, float dPdx, float dPdy)
__DRF_TEX(tex2DGrad, float x, float y, float2 dPdx, float2 dPdy)
__DRF_TEX(tex3DGrad, float x, float y, float z, float4 dPdx, float4 dPdy)
__DRF_TEX(tex2Dgather, float x, float y)
__DRF_TEX(tex2Dgather, float x, float y, int comp)

// ---- surfaces ----

template <class T, int dim = 1>
struct __attribute__((device_builtin_surface_type)) surface : public surfaceReference {
  surface();
  surface(struct cudaChannelFormatDesc desc);
};
template <class T, int dim> cudaError_t cudaBindSurfaceToArray(const struct surface<T, dim> &surf, cudaArray_const_t array);
template <class T, int dim> cudaError_t cudaBindSurfaceToArray(const struct surface<T, dim> &surf, cudaArray_const_t array, const struct cudaChannelFormatDesc &desc);

// S is a surface reference or a cudaSurfaceObject_t; the boundary mode is
// optional
#define __DRF_SURF1(n, ...) \
  template <class T, class S> __device__ void n##read(T *ret, const S &surf, __VA_ARGS__); \
  template <class T, class S> __device__ T n##read(const S &surf, __VA_ARGS__); \
  template <class T, class S> __device__ void n##write(T data, const S &surf, __VA_ARGS__);
#define __DRF_SURF(n, ...) __DRF_SURF1(n, __VA_ARGS__) __DRF_SURF1(n, __VA_ARGS__, enum cudaSurfaceBoundaryMode mode)
__DRF_SURF(surf1D, int x)
__DRF_SURF(surf2D, int x, int y)
__DRF_SURF(surf3D, int x, int y, int z)
__DRF_SURF(surf1DLayered, int x, int layer)
__DRF_SURF(surf2DLayered, int x, int y, int layer)
__DRF_SURF(surfCubemap, int x, int y, int face)
__DRF_SURF(surfCubemapLayered, int x, int y, int layerFace)

#endif

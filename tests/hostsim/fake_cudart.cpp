//===- fake_cudart.cpp - The CUDA runtime's host side, without a GPU ------===//
//
// A stand-in for libcudart that lets a program nvcc built run its host code
// on a machine with no GPU: device memory is host memory (malloc), copies
// are memcpy, events and streams do nothing, and a kernel launch stops the
// program with exit code 86 (no device code runs here). Linked in place of
// the real runtime (nvcc -cudart=none), it runs the host paths of the
// loop2cuda runtime (the present table, holds, copies that leave out a box,
// loops that run on the host: apartOrHost, enoughWorkOrHost, recordedOrHost)
// so that their data movement is tested on every machine, GPU or not
// (tests/hostsim/run.sh).
//
// Device pointers are real host addresses, distinct from the program's
// arrays: a copy that goes the wrong way, or a copy that is missing, shows
// in the program's output as it would on a GPU.
//
//===----------------------------------------------------------------------===//
#include <cuda_runtime_api.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <malloc.h>

namespace {

/// A launch cannot run here: the program stops, and the test that ran it
/// knows the path it took needed the GPU.
[[noreturn]] void noKernels(const char *What) {
  std::fprintf(stderr, "hostsim: %s: kernels need a GPU\n", What);
  std::exit(86);
}

cudaError_t copy2D(void *Dst, size_t DPitch, const void *Src, size_t SPitch,
                   size_t Width, size_t Height) {
  for (size_t R = 0; R < Height; ++R)
    std::memmove(static_cast<char *>(Dst) + R * DPitch,
                 static_cast<const char *>(Src) + R * SPitch, Width);
  return cudaSuccess;
}

cudaError_t LastError = cudaSuccess;

} // namespace

// The emulated device (tests/emulate/emulation.cpp) keeps the blocks a
// kernel may address, to refuse a host address among a launch's
// arguments; hostsim links no emulation, and then this is null.
extern "C" void l2c_emu_device_block(const void *P, size_t Bytes, int Add)
    __attribute__((weak));
static void noteBlock(const void *P, size_t Bytes, bool Add) {
  if (l2c_emu_device_block && P)
    l2c_emu_device_block(P, Bytes, Add);
}

extern "C" {

cudaError_t cudaMalloc(void **P, size_t Bytes) {
  // Filled with a pattern, as device memory is not zeroed: a read of bytes
  // that no copy brought shows in the output.
  *P = std::malloc(Bytes ? Bytes : 1);
  if (!*P)
    return LastError = cudaErrorMemoryAllocation;
  std::memset(*P, 0x7f, Bytes);
  noteBlock(*P, Bytes, true);
  return cudaSuccess;
}
cudaError_t cudaMallocHost(void **P, size_t Bytes) {
  return cudaMalloc(P, Bytes);
}
cudaError_t cudaFree(void *P) {
  // Freed memory gets the pattern too: malloc hands a freed block of the
  // same size out again at once, and a program that reads a released copy
  // through a new one would otherwise find its old data there.
  if (P)
    std::memset(P, 0x7f, malloc_usable_size(P));
  noteBlock(P, 0, false);
  std::free(P);
  return cudaSuccess;
}
cudaError_t cudaFreeHost(void *P) { return cudaFree(P); }
cudaError_t cudaMemcpy(void *Dst, const void *Src, size_t Bytes,
                       cudaMemcpyKind) {
  std::memmove(Dst, Src, Bytes);
  return cudaSuccess;
}
cudaError_t cudaMemcpyAsync(void *Dst, const void *Src, size_t Bytes,
                            cudaMemcpyKind K, cudaStream_t) {
  return cudaMemcpy(Dst, Src, Bytes, K);
}
cudaError_t cudaMemcpy2D(void *Dst, size_t DPitch, const void *Src,
                         size_t SPitch, size_t Width, size_t Height,
                         cudaMemcpyKind) {
  return copy2D(Dst, DPitch, Src, SPitch, Width, Height);
}
cudaError_t cudaMemcpy2DAsync(void *Dst, size_t DPitch, const void *Src,
                              size_t SPitch, size_t Width, size_t Height,
                              cudaMemcpyKind, cudaStream_t) {
  return copy2D(Dst, DPitch, Src, SPitch, Width, Height);
}
cudaError_t cudaMemset(void *P, int V, size_t Bytes) {
  std::memset(P, V, Bytes);
  return cudaSuccess;
}
cudaError_t cudaMemsetAsync(void *P, int V, size_t Bytes, cudaStream_t) {
  return cudaMemset(P, V, Bytes);
}
cudaError_t cudaGetLastError(void) {
  cudaError_t E = LastError;
  LastError = cudaSuccess;
  return E;
}
const char *cudaGetErrorString(cudaError_t E) {
  return E == cudaSuccess ? "no error" : "error (hostsim)";
}
cudaError_t cudaDeviceSynchronize(void) { return cudaSuccess; }
cudaError_t cudaGetDeviceCount(int *N) {
  *N = 1;
  return cudaSuccess;
}
cudaError_t cudaSetDevice(int) { return cudaSuccess; }
cudaError_t cudaGetDevice(int *D) {
  *D = 0;
  return cudaSuccess;
}
cudaError_t cudaDeviceGetAttribute(int *V, cudaDeviceAttr A, int) {
  *V = A == cudaDevAttrMultiProcessorCount ? 132 : 0;
  return cudaSuccess;
}
cudaError_t cudaPointerGetAttributes(cudaPointerAttributes *A, const void *) {
  std::memset(A, 0, sizeof *A);
  A->type = cudaMemoryTypeUnregistered;
  return cudaSuccess;
}
cudaError_t cudaHostRegister(void *P, size_t Bytes, unsigned) {
  noteBlock(P, Bytes, true);
  return cudaSuccess;
}
cudaError_t cudaHostUnregister(void *P) {
  noteBlock(P, 0, false);
  return cudaSuccess;
}
cudaError_t cudaHostAlloc(void **P, size_t Bytes, unsigned) {
  return cudaMalloc(P, Bytes);
}
cudaError_t cudaHostGetDevicePointer(void **D, void *H, unsigned) {
  *D = H;
  return cudaSuccess;
}
cudaError_t cudaStreamCreate(cudaStream_t *S) {
  *S = nullptr;
  return cudaSuccess;
}
cudaError_t cudaStreamCreateWithFlags(cudaStream_t *S, unsigned) {
  *S = nullptr;
  return cudaSuccess;
}
cudaError_t cudaStreamSynchronize(cudaStream_t) { return cudaSuccess; }
cudaError_t cudaStreamWaitEvent(cudaStream_t, cudaEvent_t, unsigned) {
  return cudaSuccess;
}
cudaError_t cudaEventCreate(cudaEvent_t *E) {
  *E = nullptr;
  return cudaSuccess;
}
cudaError_t cudaEventCreateWithFlags(cudaEvent_t *E, unsigned) {
  *E = nullptr;
  return cudaSuccess;
}
cudaError_t cudaEventDestroy(cudaEvent_t) { return cudaSuccess; }
cudaError_t cudaEventRecord(cudaEvent_t, cudaStream_t) { return cudaSuccess; }
cudaError_t cudaEventQuery(cudaEvent_t) { return cudaSuccess; }
cudaError_t cudaEventSynchronize(cudaEvent_t) { return cudaSuccess; }
cudaError_t cudaEventElapsedTime(float *Ms, cudaEvent_t, cudaEvent_t) {
  *Ms = 0;
  return cudaSuccess;
}
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *N, const void *,
                                                          int, size_t) {
  *N = 8;
  return cudaSuccess;
}

cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *N,
                                                                   const void *,
                                                                   int, size_t,
                                                                   unsigned) {
  *N = 8;
  return cudaSuccess;
}
cudaError_t cudaFuncGetAttributes(cudaFuncAttributes *A, const void *) {
  std::memset(A, 0, sizeof *A);
  A->maxThreadsPerBlock = 1024;
  return cudaSuccess;
}
cudaError_t cudaFuncSetAttribute(const void *, cudaFuncAttribute, int) {
  return cudaSuccess;
}
cudaError_t cudaMallocAsync(void **P, size_t Bytes, cudaStream_t) {
  return cudaMalloc(P, Bytes);
}
cudaError_t cudaFreeAsync(void *P, cudaStream_t) { return cudaFree(P); }

// What nvcc's generated host code calls to register and launch kernels.
void **__cudaRegisterFatBinary(void *) {
  static void *Handle = nullptr;
  return &Handle;
}
void __cudaRegisterFatBinaryEnd(void **) {}
char __cudaInitModule(void **) { return 0; }
void __cudaUnregisterFatBinary(void **) {}
void __cudaRegisterFunction(void **, const char *, char *, const char *, int,
                            uint3 *, uint3 *, dim3 *, dim3 *, int *) {}
void __cudaRegisterVar(void **, char *, char *, const char *, int, size_t, int,
                       int) {}
unsigned __cudaPushCallConfiguration(dim3, dim3, size_t, struct CUstream_st *) {
  return 0;
}
cudaError_t __cudaPopCallConfiguration(dim3 *, dim3 *, size_t *, void *) {
  noKernels("a kernel launch");
}
cudaError_t __cudaGetKernel(cudaKernel_t *K, const void *) {
  *K = nullptr;
  return cudaSuccess;
}
cudaError_t __cudaLaunchKernel(cudaKernel_t, dim3, dim3, void **, size_t,
                               cudaStream_t) {
  noKernels("a kernel launch");
}
cudaError_t cudaLaunchKernel(const void *, dim3, dim3, void **, size_t,
                             cudaStream_t) {
  noKernels("a kernel launch");
}

} // extern "C"

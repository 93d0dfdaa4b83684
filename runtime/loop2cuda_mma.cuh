//===- loop2cuda_mma.cuh - Tensor-core helpers for generated kernels -*- CUDA
//-*-//
//
// The matrix multiply-accumulate steps that rule set tile-matmul-dmma
// (docs/rules/tile-matmul-dmma.md) calls: products of doubles on the FP64
// tensor cores, PTX mma.sync.aligned ... .row.col.f64. Its kernels call
// mmaF64m16n8k8 (Hopper's shape, sm_90), which falls back to two
// mmaF64m16n8k4, each two mmaF64m8n8k4 before sm_90 (Ampere's shape,
// sm_80), and that to warp shuffles and fmas before sm_80. The fallbacks
// are correct, not fast, and round differently (the tensor cores add the
// products of one step in an order of their own). loop2cuda_runtime.cuh
// includes this file.
//
// Fragments (PTX ISA, "Matrix Fragments for mma.m8n8k4 / m16n8k4 /
// m16n8k8", .f64), with g = lane / 4 and t = lane % 4:
//   A (row-major):  m8n8k4: a = A[g][t]; m16n8k4 adds a1 = A[g + 8][t];
//                   m16n8k8: a0, a1 as m16n8k4, a2 = A[g][t + 4],
//                   a3 = A[g + 8][t + 4];
//   B (column):     b = B[t][g]; m16n8k8 adds b1 = B[t + 4][g];
//   C, D:           d0 = D[g][2t], d1 = D[g][2t + 1]; m16n8k4/k8 add
//                   d2 = D[g + 8][2t], d3 = D[g + 8][2t + 1].
// D = A * B + C for the warp; every lane of the warp must call a step
// together (.sync.aligned), with the same shape.
//
//===----------------------------------------------------------------------===//
#ifndef LOOP2CUDA_MMA_CUH
#define LOOP2CUDA_MMA_CUH

#include <cuda_runtime.h>

namespace l2c {

#if defined(__CUDACC__) || defined(L2C_EMULATE)
/// d0, d1 += the lane's two entries of A * B (one m8n8k4 step of the warp).
__device__ __forceinline__ void mmaF64m8n8k4(double &d0, double &d1, double a,
                                             double b) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  asm("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%0, %1}, {%2}, "
      "{%3}, {%0, %1};"
      : "+d"(d0), "+d"(d1)
      : "d"(a), "d"(b));
#elif defined(__CUDA_ARCH__) || defined(L2C_EMULATE)
  // The lane: the linear thread index modulo 32.
  int g = (threadIdx.x +
           blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z)) & 31;
  int row = g >> 2, t = g & 3;
#pragma unroll
  for (int k = 0; k < 4; ++k) {
    double ak = __shfl_sync(0xffffffffu, a, row * 4 + k);
    double b0 = __shfl_sync(0xffffffffu, b, (2 * t) * 4 + k);
    double b1 = __shfl_sync(0xffffffffu, b, (2 * t + 1) * 4 + k);
    d0 = fma(ak, b0, d0);
    d1 = fma(ak, b1, d1);
  }
#endif
}

/// The m16n8k4 step (two m8n8k4 tiles stacked): a0 = A[g][t],
/// a1 = A[g + 8][t], b = B[t][g]; d0, d1 = D[g][2t], D[g][2t + 1],
/// d2, d3 = D[g + 8][2t], D[g + 8][2t + 1]. One instruction on sm_90
/// (mma.sync.aligned.m16n8k4.row.col.f64), two m8n8k4 before.
__device__ __forceinline__ void mmaF64m16n8k4(double &d0, double &d1,
                                              double &d2, double &d3,
                                              double a0, double a1,
                                              double b) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm("mma.sync.aligned.m16n8k4.row.col.f64.f64.f64.f64 {%0, %1, %2, %3}, "
      "{%4, %5}, {%6}, {%0, %1, %2, %3};"
      : "+d"(d0), "+d"(d1), "+d"(d2), "+d"(d3)
      : "d"(a0), "d"(a1), "d"(b));
#else
  mmaF64m8n8k4(d0, d1, a0, b);
  mmaF64m8n8k4(d2, d3, a1, b);
#endif
}

/// The m16n8k8 step: the m16n8k4 steps of k 0..3 (a0, a1, b0) and of
/// k 4..7 (a2, a3, b1) in one instruction on sm_90
/// (mma.sync.aligned.m16n8k8.row.col.f64: a0 = A[g][t], a1 = A[g + 8][t],
/// a2 = A[g][t + 4], a3 = A[g + 8][t + 4], b0 = B[t][g], b1 = B[t + 4][g]).
__device__ __forceinline__ void mmaF64m16n8k8(double &d0, double &d1,
                                              double &d2, double &d3,
                                              double a0, double a1,
                                              double a2, double a3,
                                              double b0, double b1) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm("mma.sync.aligned.m16n8k8.row.col.f64.f64.f64.f64 {%0, %1, %2, %3}, "
      "{%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};"
      : "+d"(d0), "+d"(d1), "+d"(d2), "+d"(d3)
      : "d"(a0), "d"(a1), "d"(a2), "d"(a3), "d"(b0), "d"(b1));
#else
  mmaF64m16n8k4(d0, d1, d2, d3, a0, a1, b0);
  mmaF64m16n8k4(d0, d1, d2, d3, a2, a3, b1);
#endif
}

/// v, through an empty asm that the compiler cannot see into: what is
/// computed from the result after a loop is computed again rather than
/// kept in registers across the loop (tile-matmul-dmma recomputes the
/// output addresses of its epilogue this way: 2 registers an output
/// otherwise stay live through the k loop beside the sums).
__device__ __forceinline__ int opaque(int v) {
  asm volatile("" : "+r"(v));
  return v;
}
#endif

} // namespace l2c

#endif // LOOP2CUDA_MMA_CUH

//===- loop2cuda_math.cuh - Library functions for generated kernels -*- CUDA
//-*-//
//
// The functions of the C++ standard library that kernels call where the
// source calls std::min, std::max, std::clamp or std::abs. The host
// versions are constexpr host functions, which device code may not call
// (nvcc wants --expt-relaxed-constexpr); these give the same results on
// both sides. loop2cuda_runtime.cuh includes this file.
//
//===----------------------------------------------------------------------===//
#ifndef LOOP2CUDA_MATH_CUH
#define LOOP2CUDA_MATH_CUH

#include <cuda_runtime.h>

namespace l2c {

/// std::min: b when b < a, else a (so the first of two equal values).
template <class T> __host__ __device__ constexpr T min(T a, T b) {
  return b < a ? b : a;
}

/// std::max: b when a < b, else a.
template <class T> __host__ __device__ constexpr T max(T a, T b) {
  return a < b ? b : a;
}

/// std::clamp: lo when v < lo, hi when hi < v, else v.
template <class T> __host__ __device__ constexpr T clamp(T v, T lo, T hi) {
  return v < lo ? lo : hi < v ? hi : v;
}

/// std::abs: the overloads of <cstdlib> and <cmath>. The floating ones
/// clear the sign bit, as fabs does (abs(-0.0) is 0.0).
__host__ __device__ inline int abs(int v) { return v < 0 ? -v : v; }
__host__ __device__ inline long abs(long v) { return v < 0 ? -v : v; }
__host__ __device__ inline long long abs(long long v) {
  return v < 0 ? -v : v;
}
__host__ __device__ inline float abs(float v) { return fabsf(v); }
__host__ __device__ inline double abs(double v) { return fabs(v); }

} // namespace l2c

#endif

// RUN: rm -rf %t && %loop2cuda --disable-rule vectorize-map %s -o %t -- -std=c++17 -fopenmp 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: %nochecks %t/device-stdlib.cu | FileCheck %s
// RUN: %nochecks %t/device-stdlib.cu | FileCheck %s --check-prefix=HOST
// RUN: FileCheck %s --check-prefix=PRELUDE < %t/device-stdlib.cu
// PRELUDE: #include <cuda/std/limits>
// PRELUDE-NEXT: #include "loop2cuda_runtime.cuh"
// (vectorize-map off: this test checks the scalar kernels; vectorize-map.cpp
// checks that rule set.)

// The standard library in kernels: std::array travels as a flat array of
// its N elements (a.data() on the host) and its size() is N;
// std::min/max/clamp become the runtime's l2c:: templates with the type
// explicit, std::abs l2c::abs, and the <cmath> functions keep their names
// (CUDA has the float and double overloads); the integer overloads of
// <cmath> compute in double, as on the host.
#include <algorithm>
#include <functional>
#include <array>
#include <cmath>
#include <complex>
#include <cstdlib>
#include <limits>
#include <utility>
#include <vector>

constexpr int N = 64;

// CHECK: namespace l2c_device {
// CHECK:      __global__ void arrays_L{{[0-9]+}}(long long l2c_begin, long long l2c_count, float *a, const float *b, int N) {
// CHECK:        a[i] = b[N - 1 - i] + 64ul;
void arrays(std::array<float, N> &a, const std::array<float, N> &b) {
#pragma omp parallel for
  for (int i = 0; i < N; ++i)
    a[i] = b[N - 1 - i] + a.size();
}

// A local std::array is a C array; its size() is a constant.
// CHECK:      __global__ void localArray_L{{[0-9]+}}(
// CHECK:        float t[3];
// CHECK-NEXT:   for (int j = 0; j < (int)3ul; ++j) {
// CHECK-NEXT:     t[j] = x[i] * j;
void localArray(float *x, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i) {
    std::array<float, 3> t;
    for (int j = 0; j < (int)t.size(); ++j)
      t[j] = x[i] * j;
    x[i] = t[0] + t[1] + t[2];
  }
}

// CHECK:      __global__ void minMax_L{{[0-9]+}}(
// CHECK:        x[i] = l2c::min<float>(x[i], 2.0f) + l2c::max<float>(x[i], 1.0f) + l2c::clamp<float>(x[i], 0.0f, 1.0f) + l2c::abs(x[i]);
// CHECK-NEXT:   z[i] = l2c::abs(z[i]) + l2c::min<int>(z[i], 3) + l2c::abs(-2);
// CHECK-NEXT:   y[i] = l2c::max<double>(y[i], z[i]);
void minMax(float *x, double *y, int *z, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i) {
    x[i] = std::min(x[i], 2.0f) + std::max(x[i], 1.0f) +
           std::clamp(x[i], 0.0f, 1.0f) + std::abs(x[i]);
    z[i] = std::abs(z[i]) + std::min(z[i], 3) + abs(-2);
    y[i] = std::max<double>(y[i], z[i]);
  }
}

// CHECK:      __global__ void cmath_L{{[0-9]+}}(
// CHECK:        x[i] = sqrt(x[i]) + floor(x[i]) + pow(x[i], 2.0f);
// CHECK-NEXT:   y[i] = sqrt(y[i]) + sqrt((double)z[i]) + (double)x[i] * (double)x[i];
void cmath(float *x, double *y, const int *z, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i) {
    x[i] = std::sqrt(x[i]) + std::floor(x[i]) + std::pow(x[i], 2.0f);
    y[i] = std::sqrt(y[i]) + std::sqrt(z[i]) + std::pow(x[i], 2);
  }
}

// The host passes std::array's data and its N elements.
// HOST: void arrays(
// HOST: L2C_LAUNCH_DISTINCT(l2c_device::arrays_L{{[0-9]+}}, l2c_device::arrays_L{{[0-9]+}}_restrict, {{.*}}, l2c::devFresh(a.data(), 64, 0, N, {{.*}}), l2c::devReads(b.data(), 64, {{.*}}), N);

// Any other function of the standard library is rejected by name (the C
// library's, such as std::rand, by their C name).
void rejected(std::vector<float> &v, std::vector<float> &w, float *x, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    v[i] = std::exchange(w[i], 0.0f);
// DIAG: device-stdlib.cpp:[[@LINE-2]]:3: warning: loop not parallelized: call to 'std::exchange' cannot run on the device: of the standard library, kernels call std::min, std::max, std::clamp, std::abs, std::swap, std::numeric_limits and the <cmath> functions [device-call]
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    w.push_back(v[i]);
// DIAG: device-stdlib.cpp:[[@LINE-2]]:3: warning: loop not parallelized: call to 'std::vector<float>::push_back' cannot run on the device: of the standard library's classes, kernels use the elements of std::vector and std::array and std::array's size() [device-call]
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    x[i] = std::min({x[i], 1.0f, 2.0f}, std::greater<float>());
// DIAG: device-stdlib.cpp:[[@LINE-2]]:3: warning: loop not parallelized: call to 'std::min' with a comparison function cannot run on the device [device-call]
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    x[i] = (float)std::rand();
// DIAG: device-stdlib.cpp:[[@LINE-2]]:3: warning: loop not parallelized: call to 'rand' cannot run on the device [device-call]
}

// std::complex runs as l2c::complex (device-complex.cpp); the functions of
// <complex> it does not repeat are named.
void complexes(std::complex<float> *a, float *r, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    a[i] = std::sqrt(std::complex<float>(r[i], 1.0f));
// DIAG: device-stdlib.cpp:[[@LINE-2]]:3: warning: loop not parallelized: call to 'std::sqrt' on std::complex cannot run on the device: of std::complex, kernels have + - * /, real, imag, abs, arg, norm, conj, polar and exp [device-call]
}

// std::swap of two numbers is the runtime's device swap; the limits of
// std::numeric_limits are libcu++'s, which the device may call.
// CHECK-LABEL: __global__ void swapsAndLimits_L{{[0-9]+}}(
// CHECK: l2c::swap(v[i], w[i]);
// CHECK: float lo = cuda::std::numeric_limits<float>::max();
void swapsAndLimits(std::vector<float> &v, std::vector<float> &w, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i) {
    std::swap(v[i], w[i]);
    float lo = std::numeric_limits<float>::max();
    if (v[i] < lo)
      w[i] += 1.0f;
  }
}

// std::max and std::min of an initializer list: the runtime's maxOf and
// minOf with the list's type; the list's elements are the loop's accesses.
// CHECK-LABEL: __global__ void listMinMax_L{{[0-9]+}}(
// CHECK: w[i] = l2c::maxOf<float>(v[i], w[i], 0.0f) + l2c::minOf<int>(i, 7, n);
void listMinMax(std::vector<float> &v, std::vector<float> &w, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    w[i] = std::max({v[i], w[i], 0.0f}) + std::min({i, 7, n});
}

// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c++17 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: %nochecks %t/device-function-templates.cu | FileCheck %s

// A kernel that calls an instantiation of a function template of the file
// (LULESH's helpers): its device copy is a plain function of the
// template's name and the instantiation's types. Two instantiations are
// two overloads, which the arguments' types tell apart; where they cannot
// (the same parameter types), or where a template argument is a value,
// the loop stays on the CPU.
#include <vector>

template <typename T> static inline T quadArea(const T x[4], const T y[4]) {
  return T(0.5) * ((x[0] - x[2]) * (y[1] - y[3]) - (x[1] - x[3]) * (y[0] - y[2]));
}

// CHECK-DAG:   __device__ double quadArea(const double *x, const double *y) {
// CHECK-DAG:   __device__ float quadArea(const float *x, const float *y) {
// CHECK-LABEL: __global__ void areas_L{{[0-9]+}}(
// CHECK:         a[k] = quadArea(xl, yl) + quadArea(xf, yf);
void areas(int n, const double *__restrict__ x, double *__restrict__ a) {
#pragma loop2cuda parallel copyin(x[0:n * 4]) copyout(a[0:n])
  for (int k = 0; k < n; ++k) {
    double xl[4], yl[4];
    float xf[4], yf[4];
    for (int l = 0; l < 4; ++l) {
      xl[l] = x[4 * k + l];
      yl[l] = x[4 * k + (l + 1) % 4];
      xf[l] = (float)xl[l];
      yf[l] = (float)yl[l];
    }
    a[k] = quadArea<double>(xl, yl) + quadArea(xf, yf);
  }
}

// The same parameter types: the overloads could not be told apart.
template <typename T> static T halfOf(double v) { return T(v / 2); }
// DIAG: device-function-templates.cpp:[[#@LINE+3]]:3: warning: loop not parallelized: call to function template 'halfOf' cannot run on the device [extract-kernel]
void halves(int n, double *__restrict__ a) {
#pragma loop2cuda parallel copy(a[0:n])
  for (int k = 0; k < n; ++k)
    a[k] = halfOf<double>(a[k]) + halfOf<float>(a[k]);
}

// A template argument that is a value.
template <int N> static double scaled(double v) { return v * N; }
// DIAG: device-function-templates.cpp:[[#@LINE+3]]:3: warning: loop not parallelized: call to function template 'scaled' cannot run on the device [extract-kernel]
void scale(int n, double *__restrict__ a) {
#pragma loop2cuda parallel copy(a[0:n])
  for (int k = 0; k < n; ++k)
    a[k] = scaled<3>(a[k]);
}

// RUN: rm -rf %t && %loop2cuda --min-launch-work=0 %s -o %t -- -std=c++17 2>&1 \
// RUN:   | FileCheck %s --allow-empty --implicit-check-not=warning:
// RUN: %nochecks %t/template-reduction.cu | FileCheck %s --check-prefix=CU

// A reduction in a template instantiated for float and double: the host
// code around the launch (buffers, finish) holds the reduction's type, so
// each instantiation gets its own, behind `if constexpr` on the type of the
// reduction variable (they stayed on the CPU before, and before that the
// generated file did not compile).
#include <vector>

// CHECK-NOT: warning:
// CU: __global__ void dot_L[[#@LINE+9]](long long l2c_begin, long long l2c_count, const float *x, const float *y, float *l2c_partial_s,
// CU: __global__ void dot_L[[#@LINE+8]](long long l2c_begin, long long l2c_count, const double *x, const double *y, double *l2c_partial_s,
// CU: if constexpr (std::is_same_v<std::remove_cv_t<std::remove_reference_t<decltype(s)>>, float>) {
// CU: float *l2c_partial_s = l2c_buffers.get<float>(
// CU: } else if constexpr (std::is_same_v<std::remove_cv_t<std::remove_reference_t<decltype(s)>>, double>) {
// CU: double *l2c_partial_s = l2c_buffers.get<double>(
template <typename T> T dot(const std::vector<T> &x, const std::vector<T> &y) {
  T s = 0;
#pragma omp parallel for reduction(+ : s)
  for (std::size_t i = 0; i < x.size(); ++i)
    s += x[i] * y[i];
  return s;
}

// An int count over float and double arrays: one host code serves both.
// The occupancy query takes a pointer to one kernel, so it names one of the
// overloaded kernels by its parameter types (the bare name was ambiguous).
// CU: __global__ void positives_L[[#LINE:]](long long l2c_begin, long long l2c_count, const float *a,
// CU: __global__ void positives_L[[#LINE]](long long l2c_begin, long long l2c_count, const double *a,
// CU: l2c::residentBlocks((void (*)(long long, long long, const float *, int *, unsigned *, int *))l2c_device::positives_L[[#LINE]], 256);
template <typename T> int positives(const T *a, int n) {
  int c = 0;
#pragma omp parallel for reduction(+ : c)
  for (int i = 0; i < n; ++i)
    if (a[i] > 0)
      c++;
  return c;
}

double both(const std::vector<float> &a, const std::vector<double> &b) {
  return dot(a, a) + dot(b, b) + positives(a.data(), (int)a.size()) +
         positives(b.data(), (int)b.size());
}

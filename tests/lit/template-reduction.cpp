// RUN: rm -rf %t && %loop2cuda --min-launch-work=0 %s -o %t -- -std=c++17 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning: --allow-empty
// RUN: %nochecks %t/template-reduction.cu | FileCheck %s --check-prefix=CU

// A reduction in a template instantiated for float and double: two
// overloaded kernels behind one launch. The occupancy query takes a pointer
// to a kernel, so it names one by its parameter types (`residentBlocks(
// l2c_device::dot_L..., 256)` was ambiguous and nvcc rejected it).
#include <vector>

// CU: __global__ void dot_L[[#LINE:]](long long l2c_begin, long long l2c_count, const float *x, const float *y,
// CU: __global__ void dot_L[[#LINE]](long long l2c_begin, long long l2c_count, const double *x, const double *y,
// CU: l2c::residentBlocks((void (*)(long long, long long, const float *, const float *, float *, unsigned *, float *))l2c_device::dot_L[[#LINE]], 256);
template <typename T> T dot(const std::vector<T> &x, const std::vector<T> &y) {
  T s = 0;
#pragma omp parallel for reduction(+ : s)
  for (std::size_t i = 0; i < x.size(); ++i)
    s += x[i] * y[i];
  return s;
}

double both(const std::vector<float> &a, const std::vector<double> &b) {
  return dot(a, a) + dot(b, b);
}

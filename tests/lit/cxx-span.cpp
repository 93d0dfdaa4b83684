// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c++20 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %nochecks %t/cxx-span.cu | FileCheck %s --check-prefix=CU

// A std::span (C++20) is an array: its data() and size() travel as a
// vector's do, and v[i] is a subscript (issue 36 item 4). Two spans may view
// overlapping memory, as two pointers may: unless the file shows them
// apart, the launch checks their ranges at run time (rule set
// host-fallback).
#include <span>
#include <vector>

// CU-LABEL: __global__ void scale_L{{[0-9]+}}(long long l2c_begin, long long l2c_count, double *v, double a)
// CU: v[i] *= a;
void scale(std::span<double> v, double a) {
#pragma omp parallel for
  for (size_t i = 0; i < v.size(); i++)
    v[i] *= a;
}

// CHECK: cxx-span.cpp:[[@LINE+3]]:3: remark: assuming iterations are independent: 'y' and 'x' may point into the same memory [dependence]
void add(std::span<const double> x, std::span<double> y) {
#pragma omp parallel for
  for (size_t i = 0; i < y.size(); i++)
    y[i] += x[i];
}

// CU-LABEL: void scale(std::span<double> v, double a) {
// CU: l2c::toDevice(v.data(), v.size(),
// CU: L2C_LAUNCH(l2c_device::scale_L{{[0-9]+}}, {{.*}} l2c::devWrites(v.data(), v.size(), 0, v.size(),
// CU: l2c::toHost(v.data(), v.size(),
// CU-LABEL: void add(std::span<const double> x, std::span<double> y) {
// CU: if (l2c::apartOrHost("cxx-span.cpp:{{[0-9]+}}", {l2c::range(y.data(), (long long)(y.size()), true), l2c::range(x.data(), (long long)(x.size()), false)})) {
int main() {
  std::vector<double> a(1000, 1.0), b(1000, 2.0);
  scale(a, 2);
  add(a, b);
  return (int)b[3];
}

// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c++17 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: %nochecks %t/inner-sizes.cu | FileCheck %s

// Inside a kernel, v.size() of a std::vector is the kernel parameter
// l2c_size_v, which the launch fills with v.size(); m[i].size() of a vector
// of vectors reads l2c_rowsizes_m, the device array of its row sizes; a
// range-based for over a vector, a C array of constant size or a
// std::array is a counted loop over its elements.
#include <array>
#include <vector>

// CHECK-LABEL: __global__ void dots_L{{[0-9]+}}(
// CHECK-SAME: unsigned long l2c_size_w)
// CHECK: for (unsigned long k = 0; k < l2c_size_w; ++k) {
// CHECK-LABEL: void dots(
// CHECK: L2C_LAUNCH{{.*}}, w.size());
void dots(std::vector<double> &out, const std::vector<double> &x,
          const std::vector<double> &w) {
#pragma omp parallel for
  for (std::size_t i = 0; i < out.size(); ++i) {
    double s = 0;
    for (std::size_t k = 0; k < w.size(); ++k)
      s += w[k] * x[i];
    out[i] = s;
  }
}

// CHECK-LABEL: __global__ void walk_L{{[0-9]+}}(
// CHECK: for (unsigned long l2c_r[[A:[0-9]+]] = 0; l2c_r[[A]] < l2c_size_w; ++l2c_r[[A]]) {
// CHECK-NEXT: const double &v = w[l2c_r[[A]]];
// CHECK: for (unsigned long l2c_r[[B:[0-9]+]] = 0; l2c_r[[B]] < 3ul; ++l2c_r[[B]]) {
// CHECK-NEXT: int o = offs[l2c_r[[B]]];
void walk(std::vector<double> &out, const std::vector<double> &w) {
  std::array<int, 3> offs = {3, 1, 2};
#pragma omp parallel for
  for (int i = 0; i < (int)out.size(); ++i) {
    double s = 0;
    for (auto &v : w)
      s += v;
    for (int o : offs)
      s += o * i;
    out[i] = s;
  }
}

// CHECK-LABEL: __global__ void rows_L{{[0-9]+}}(
// CHECK-SAME: const unsigned long *l2c_rowsizes_m)
// CHECK: for (unsigned long j = 0; j < l2c_rowsizes_m[i]; ++j) {
// CHECK-LABEL: void rows(
// CHECK: l2c::devRowSizes(l2c::rowsOf(m), "inner-sizes.cpp:{{[0-9]+}}"));
void rows(std::vector<std::vector<double>> &m) {
#pragma omp parallel for
  for (std::size_t i = 0; i < m.size(); ++i)
    for (std::size_t j = 0; j < m[i].size(); ++j)
      m[i][j] = m[i][j] * 2;
}

// Every element is read at no subscript the dependence test sees: a loop
// that also writes the vector stays on the CPU.
// DIAG: inner-sizes.cpp:[[@LINE+3]]:3: warning: loop not parallelized: the loop writes 'w', which a range-based 'for' in it reads whole; iterations may not be independent [dependence]
void selfSum(std::vector<double> &w, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i) {
    double s = 0;
    for (double v : w)
      s += v;
    w[i] = s;
  }
}

// Writes through the loop's reference count as writes of the vector.
// DIAG: inner-sizes.cpp:[[@LINE+3]]:3: warning: loop not parallelized: the loop writes 'w', which a range-based 'for' in it reads whole
void fill(std::vector<double> &w, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    for (double &e : w)
      e = i;
}

// A vector of a struct member (s.v): the kernel's stand-in b_v and its
// size l2c_size_b_v, which the launch fills with b.v.size().
struct Bag {
  std::vector<double> v;
};
// CHECK-LABEL: __global__ void member_L{{[0-9]+}}(long long l2c_begin, long long l2c_count, const double *b_v, double *out, unsigned long l2c_size_b_v)
// CHECK: for (unsigned long l2c_r1 = 0; l2c_r1 < l2c_size_b_v; ++l2c_r1) {
// CHECK-NEXT: double v = b_v[l2c_r1];
// CHECK-LABEL: void member(Bag &b, std::vector<double> &out, int n) {
// CHECK: L2C_LAUNCH{{.*}}l2c::devReads(b.v.data(), b.v.size(), {{.*}}, b.v.size());
void member(Bag &b, std::vector<double> &out, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    for (double v : b.v)
      out[i] += v;
}

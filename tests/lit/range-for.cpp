// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c++17 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark:
// RUN: %nochecks %t/range-for.cu | FileCheck %s --check-prefix=CU

// A range-based for over a std::vector, a std::array or an array runs over
// the index it hides, l2c_i from 0 to the element count; the loop variable
// is the element (a copy, or a reference through which the loop writes).
#include <array>
#include <vector>

// CU: __global__ void rangeSum_L[[#@LINE+6]](long long l2c_begin, long long l2c_count, const float *v,
// CU: long long l2c_i = l2c_begin + l2c_k;
// CU-NEXT: float e = v[l2c_i];
float rangeSum(const std::vector<float> &v) {
  float s = 0;
#pragma omp parallel for reduction(+ : s)
  for (float e : v)
    s += e;
  return s;
}

// CU: __global__ void doubleAll_L[[#@LINE+8]](long long l2c_begin, long long l2c_count, float *v) {
// CU: float &e = v[l2c_i];
// CU-NEXT: e *= 2;
// CU-LABEL: void doubleAll(
// CU: L2C_LAUNCH(l2c_device::doubleAll_L{{[0-9]+}}, {{.*}}, l2c::gridFor(v.size(), 256), 256, 0, v.size(), l2c::dev(v.data(), v.size(),
// CU-NEXT: l2c::toHost(v.data(), v.size(),
void doubleAll(std::vector<float> &v) {
#pragma omp parallel for
  for (auto &e : v)
    e *= 2;
}

// CU: __global__ void countPos_L[[#@LINE+5]](
// CU: const int &x = a[l2c_i];
int countPos(const std::array<int, 64> &a) {
  int c = 0;
#pragma omp parallel for reduction(+ : c)
  for (const auto &x : a)
    c += x > 0;
  return c;
}

// CU: __global__ void fill_L[[#@LINE+4]](long long l2c_begin, long long l2c_count, float k, float *out) {
// CU: L2C_LAUNCH(l2c_device::fill_L{{[0-9]+}}, {{.*}}, 0, 16, k, l2c::dev(out, 16,
void fill(float (&out)[16], float k) {
#pragma omp parallel for
  for (float &o : out)
    o = k;
}

std::vector<float> make(int n);
void rejected(float *out, int n) {
#pragma omp parallel for
  for (float x : make(n))
    out[0] = x;
// CHECK: range-for.cpp:[[@LINE-2]]:3: warning: loop not parallelized: loop is not in canonical form: a range-based for runs on the GPU over a std::vector, a std::array or an array named by a variable, not over 'make(n)' [loop-shape]
}

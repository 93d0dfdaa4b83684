// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c++17 -fopenmp 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: %nochecks %t/std-array-refs.cu | FileCheck %s

// std::array's operator[] is a constexpr host function. A std::array that
// the device code names through its own reference, parameter or struct
// reads its elements through l2c::elemsOf; a free one is a pointer
// parameter (or a member's stand-in) and is indexed as it is.
#include <array>
#include <vector>

using Vec3 = std::array<double, 3>;
struct Coef {
  std::array<double, 3> c;
  double s;
};

// CHECK: static __device__ double norm2(const std::array<double, 3> &v) {
// CHECK-NEXT: return l2c::elemsOf(v)[0] * l2c::elemsOf(v)[0] + l2c::elemsOf(v)[1] * l2c::elemsOf(v)[1];
static double norm2(const Vec3 &v) { return v[0] * v[0] + v[1] * v[1]; }
// CHECK: static __device__ double sumOf(std::array<double, 3> v) {
// CHECK-NEXT: return l2c::elemsOf(v)[0] + l2c::elemsOf(v)[2];
static double sumOf(Vec3 v) { return v[0] + v[2]; }
// CHECK: static __device__ double poly(const Coef &k, double x) {
// CHECK-NEXT: return l2c::elemsOf(k.c)[0] + l2c::elemsOf(k.c)[1] * x;
static double poly(const Coef &k, double x) { return k.c[0] + k.c[1] * x; }
// CHECK: static __device__ double polyAt(const Coef *k, double x) {
// CHECK-NEXT: return l2c::elemsOf(k->c)[1] * x;
static double polyAt(const Coef *k, double x) { return k->c[1] * x; }

// CHECK-LABEL: __global__ void refs_L{{[0-9]+}}(
// CHECK: const std::array<double, 3> &v = p[i];
// CHECK-NEXT: a[i] = l2c::elemsOf(v)[0] * l2c::elemsOf(v)[1] + w[i % 3];
// CHECK-LABEL: __global__ void refs_L{{[0-9]+}}(
// CHECK: std::array<double, 3> &q = p[i];
// CHECK-NEXT: l2c::elemsOf(q)[1] = l2c::elemsOf(q)[0] - 2.0 * l2c::elemsOf(q)[2];
// CHECK-LABEL: __global__ void refs_L{{[0-9]+}}(
// CHECK: local[1] = 2.0 * i;
// CHECK-NEXT: b[i] = l2c::elemsOf(p[i])[2] + local[1];
void refs(std::vector<Vec3> &p, const Vec3 &w, std::vector<Coef> &ks,
          double *a, double *b, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i) {
    const auto &v = p[i];
    a[i] = v[0] * v[1] + w[i % 3];
  }
#pragma omp parallel for
  for (int i = 0; i < n; ++i) {
    auto &q = p[i];
    q[1] = q[0] - 2.0 * q[2];
  }
#pragma omp parallel for
  for (int i = 0; i < n; ++i) {
    Vec3 local;
    local[1] = 2.0 * i;
    b[i] = p[i][2] + local[1];
  }
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    a[i] = norm2(p[i]) + sumOf(p[i]) + poly(ks[i], 0.5) + polyAt(&ks[i], 2.0);
// A struct reference declared in the loop: its array member has no
// stand-in (a kernel takes members only of structs declared outside it).
#pragma omp parallel for
  for (int i = 0; i < n; ++i) {
    const Coef &k = ks[i];
    b[i] = k.c[0] * k.s;
  }
// DIAG: std-array-refs.cpp:[[@LINE-4]]:3: warning: loop not parallelized: 'k.c' is an array member of 'k', which is declared in the loop; kernels take such members only from structs declared outside it [extract-kernel]
}

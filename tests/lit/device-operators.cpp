// RUN: rm -rf %t && %loop2cuda --min-launch-work=0 %s -o %t -- -std=c++17 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning:
// RUN: %nochecks %t/device-operators.cu | FileCheck %s --check-prefix=CU

// Operators of the file's own types (V3::operator+, operator*, operator+=)
// become device copies, as methods do, named by words since an operator's
// name is no identifier; they were rejected ("call to 'V3::operator+'
// cannot run on the device").
#include <vector>

struct V3 {
  float x, y, z;
  V3 operator+(const V3 &o) const { return {x + o.x, y + o.y, z + o.z}; }
  V3 operator*(float s) const { return {x * s, y * s, z * s}; }
  V3 &operator+=(const V3 &o) {
    x += o.x;
    y += o.y;
    z += o.z;
    return *this;
  }
};

// CU: __device__ V3 V3_op_plus(const V3 &l2c_self, const V3 &o) {
// CU: __device__ V3 V3_op_times(const V3 &l2c_self, float s) {
// CU: __device__ V3 &V3_op_plus_eq(V3 &l2c_self, const V3 &o) {
// CU: p[i] = V3_op_plus(p[i], V3_op_times(v[i], dt));
// CU: V3_op_plus_eq(q[i], v[i]);
void step(std::vector<V3> &p, std::vector<V3> &q, const std::vector<V3> &v,
          float dt) {
#pragma omp parallel for
  for (int i = 0; i < (int)p.size(); ++i) {
    p[i] = p[i] + v[i] * dt;
    q[i] += v[i];
  }
}

// An operator of a type with virtual functions stays on the CPU.
struct Poly {
  virtual ~Poly() = default;
  float v;
  float operator()(float x) const { return v * x; }
};
// CHECK: device-operators.cpp:[[@LINE+3]]:3: warning: loop not parallelized: {{.*}}'Poly' has virtual functions
void apply(int n, const Poly &f, float *a) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    a[i] = f(a[i]);
}

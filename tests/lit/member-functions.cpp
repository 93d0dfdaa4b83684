// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c++17 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning:
// RUN: %nochecks %t/member-functions.cu | FileCheck %s --check-prefix=CU

// A marked loop in a member function: the members it names (v, n,
// this->v) are kernel parameters by their names, a std::vector member
// travels like a local vector, and const methods work too.
#include <vector>

// CU: __global__ void scale_L[[#@LINE+17]](long long l2c_begin, long long l2c_count, float *v, float f) {
// CU: __global__ void fromRaw_L[[#@LINE+21]](long long l2c_begin, long long l2c_count, float *v, const float *raw, float bias) {
// CU: __global__ void sum_L[[#@LINE+26]](
// CU-LABEL: class Grid {
// CU-LABEL: void scale(float f) {
// CU-NEXT: l2c::initDevice();
// CU-NEXT: l2c::toDevice(v.data(), v.size(),
// CU: L2C_LAUNCH(l2c_device::scale_L{{[0-9]+}}, {{.*}}, l2c::gridFor(n, 256), 256, 0, n, l2c::devWrites(v.data(), v.size(), {{.*}}), f);
// CU-NEXT: l2c::toHost(v.data(), v.size(),
class Grid {
public:
  std::vector<float> v;
  int n;
  float *__restrict__ raw;
  float bias;
  void scale(float f) {
#pragma omp parallel for
    for (int i = 0; i < n; ++i)
      v[i] *= f;
  }
  void fromRaw() {
#pragma omp parallel for
    for (int i = 0; i < this->n; ++i)
      this->v[i] = raw[i] + bias;
  }
  float sum() const {
    float s = 0;
#pragma omp parallel for reduction(+ : s)
    for (int i = 0; i < n; ++i)
      s += v[i];
    return s;
  }
  // A local of the member's name would take its place in the launch.
  void hidden() {
    float bias = 2;
#pragma omp parallel for
    for (int i = 0; i < n; ++i)
      v[i] = this->bias + bias;
  }
// CHECK: member-functions.cpp:[[@LINE-3]]:5: warning: loop not parallelized: the member 'bias' has the name of a parameter or local variable of 'hidden'; rename one of them [extract-kernel]
  // A method of the enclosing object runs on the kernel's copy of the
  // object (enclosing-methods.cpp), which a vector member keeps on the
  // host; one that never names the object needs none, and one that reads
  // only numbers of it (bias) takes those (device-methods.cpp).
  float twice(float x) const { return 2 * x + bias; }
  void calls() {
#pragma omp parallel for
    for (int i = 0; i < n; ++i)
      v[i] = twice(v[i]);
  }
// CU: L2C_LAUNCH(l2c_device::calls_L[[#@LINE-3]], {{.*}}, bias);
};

void use(Grid &g) {
  g.scale(2);
  g.fromRaw();
  g.hidden();
  g.calls();
  (void)g.sum();
}

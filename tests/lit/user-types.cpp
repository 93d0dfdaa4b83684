// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c++17 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark:
// RUN: %nochecks %t/user-types.cu | FileCheck %s --check-prefix=OUT

// The device code goes right before the function that holds the loop, so
// kernels see the file's types: arrays of structs travel as their bytes,
// and structs go to kernels by value. A struct that holds a pointer into
// host memory, has virtual functions or owns memory cannot go, and the
// warning names the member.
#include <vector>

struct Particle {
  float x, v;
};
// OUT: __global__ void step_L[[#@LINE+5]](long long l2c_begin, long long l2c_count, Particle *p, float dt) {
// OUT:     p[i].x += p[i].v * dt;
// OUT-LABEL: void step(Particle *__restrict__ p, int n, float dt) {
void step(Particle *__restrict__ p, int n, float dt) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    p[i].x += p[i].v * dt;
}

namespace phys {
struct Box {
  float lo, hi;
  int n;
};
typedef struct {
  float w;
} Weight;
// The block goes inside the namespace; a struct by value gives bounds and
// body their members; a local of a user type lives in the kernel.
// OUT: namespace phys {
// OUT: namespace l2c_device {
// OUT: __global__ void clampAll_L[[#@LINE+6]](long long l2c_begin, long long l2c_count, phys::Box b, float *a, phys::Weight w) {
// OUT:     phys::Box c = b;
// OUT-LABEL: void clampAll(
// OUT: L2C_LAUNCH(l2c_device::clampAll_L{{[0-9]+}}, {{.*}}, 0, b.n, b, l2c::dev(a, b.n,
void clampAll(float *__restrict__ a, Box b, Weight w) {
#pragma omp parallel for
  for (int i = 0; i < b.n; ++i) {
    Box c = b;
    a[i] = (a[i] < c.lo ? c.lo : a[i] > c.hi ? c.hi : a[i]) * w.w;
  }
}
} // namespace phys

// A vector of structs.
// OUT: __global__ void center_L[[#@LINE+3]](long long l2c_begin, long long l2c_count, Particle *ps, float m) {
void center(std::vector<Particle> &ps, float m) {
#pragma omp parallel for
  for (int i = 0; i < (int)ps.size(); ++i)
    ps[i].x -= m;
}

struct Soa {
  float *a;
  int n;
};
struct Shape {
  virtual float area() const { return 0; }
  float s;
};
struct Owner {
  std::vector<float> v;
};
void rejected(Soa s, Shape *shapes, Owner *owners, float *out, int n) {
#pragma omp parallel for
  for (int i = 0; i < s.n; ++i)
    s.a[i] *= 2;
// CHECK: user-types.cpp:[[@LINE-2]]:3: warning: loop not parallelized: 's' cannot be passed to the device: the member 'a' of 'Soa' points into host memory [extract-kernel]
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    out[i] = shapes[i].s;
// CHECK: user-types.cpp:[[@LINE-2]]:3: warning: loop not parallelized: 'shapes' cannot be copied to the device: 'Shape' has virtual functions [extract-kernel]
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    out[i] = owners[i].v.size();
// CHECK: user-types.cpp:[[@LINE-2]]:3: warning: loop not parallelized: call to 'std::vector<float>::size' cannot run on the device: {{.*}} [device-call]
}

// A whole struct assigned: a write of the array (copied back), printed as
// an assignment.
// OUT: __global__ void whole_L[[#@LINE+7]](long long l2c_begin, long long l2c_count, Particle *p) {
// OUT: Particle q = p[i];
// OUT: p[i] = q;
// OUT-LABEL: void whole(
// OUT: l2c::toHost(p, n,
void whole(Particle *p, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i) {
    Particle q = p[i];
    q.x = -q.x;
    p[i] = q;
  }
}

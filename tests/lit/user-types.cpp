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
// OUT: L2C_LAUNCH(l2c_device::clampAll_L{{[0-9]+}}, {{.*}}, 0, b.n, b, l2c::devWrites(a, b.n,
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
// (s.a is an array of its own: this loop is accepted; see members below.)
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

// s.a of a struct of pointers: a's elements travel as an array of their
// own (s_a in the kernel, s.a on the host) and s goes by value for s.n and
// s.k; h.v of a vector member likewise.
struct Arrays {
  float *a, *b;
  int n;
  float k;
};
struct Holder {
  std::vector<float> v;
  int n;
};
// OUT: __global__ void members_L[[#@LINE+8]](long long l2c_begin, long long l2c_count, float *s_a, const float *s_b, Arrays s) {
// OUT: s_a[i] = s_b[i] * s.k;
// OUT-LABEL: void members(
// OUT: l2c::toDevice(s.b, s.n,
// OUT: L2C_LAUNCH_DISTINCT(l2c_device::members_L{{[0-9]+}}, l2c_device::members_L{{[0-9]+}}_restrict, {{.*}}, l2c::devWrites(s.a, s.n, {{.*}}), l2c::devReads(s.b, s.n, {{.*}}), s);
// OUT: l2c::toHost(s.a, s.n,
void members(Arrays s) {
#pragma omp parallel for
  for (int i = 0; i < s.n; ++i)
    s.a[i] = s.b[i] * s.k;
// CHECK: user-types.cpp:[[@LINE-2]]:3: remark: assuming iterations are independent: 's.a' and 's.b' may point into the same memory [dependence]
}
// OUT: __global__ void holder_L[[#@LINE+4]](long long l2c_begin, long long l2c_count, float *h_v) {
// OUT: L2C_LAUNCH(l2c_device::holder_L{{[0-9]+}}, {{.*}}, l2c::devWrites(h.v.data(), h.v.size(), {{.*}}));
void holder(Holder &h) {
#pragma omp parallel for
  for (int i = 0; i < h.n; ++i)
    h.v[i] += 1;
}
void localStruct(Arrays s, float *out) {
#pragma omp parallel for
  for (int i = 0; i < s.n; ++i) {
    Arrays t = s;
    out[i] = t.a[i];
  }
// CHECK: user-types.cpp:[[@LINE-4]]:3: warning: loop not parallelized: 't.a' is a pointer member of 't', which is declared in the loop; kernels take such members only from structs declared outside it [extract-kernel]
}

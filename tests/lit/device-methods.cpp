// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c++17 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark:
// RUN: %nochecks %t/device-methods.cu | FileCheck %s --check-prefix=CU

// A method of the file's own types called in a loop body becomes a
// __device__ copy, Class_method, that takes the object first by reference
// (const for a const method); this->x in it is that object's x. The
// analysis counts a call of a const method as a read of the object, any
// other as a write.
#include <vector>

struct Vec3 {
  float x, y, z;
  float dot(const Vec3 &o) const { return x * o.x + y * o.y + z * o.z; }
  float norm2() const { return dot(*this); }
  void scale(float k) {
    x *= k;
    y *= k;
    z *= k;
  }
};

// CU: __device__ float Vec3_dot(const Vec3 &l2c_self, const Vec3 &o) {
// CU-NEXT: return l2c_self.x * o.x + l2c_self.y * o.y + l2c_self.z * o.z;
// CU: __device__ float Vec3_norm2(const Vec3 &l2c_self) {
// CU-NEXT: return Vec3_dot(l2c_self, l2c_self);
// CU: __device__ void Vec3_scale(Vec3 &l2c_self, float k) {
// CU-NEXT: l2c_self.x *= k;
// CU: __global__ void normalize_L[[#@LINE+7]](long long l2c_begin, long long l2c_count, float *n, Vec3 *vs) {
// CU: n[i] = Vec3_norm2(vs[i]);
// CU-NEXT: Vec3_scale(vs[i], 2);
// CU-LABEL: void normalize(
// CU: l2c::toHost(vs.data(), vs.size(),
void normalize(std::vector<Vec3> &vs, std::vector<float> &n) {
#pragma omp parallel for
  for (int i = 0; i < (int)vs.size(); ++i) {
    n[i] = vs[i].norm2();
    vs[i].scale(2);
  }
}

// A method of the object whose member function holds the loop: one that
// never names its object (twice) has a device copy that takes none, so the
// object, whose vector cannot go, stays on the host; one that reads a
// member (offset) would need the object by value (enclosing-methods.cpp
// has the objects that can go).
struct Grid {
  std::vector<float> v;
  int n;
  float k = 1;
  float twice(float a) const { return 2 * a; }
  float offset(float a) const { return a + k; }
  void run() {
#pragma omp parallel for
    for (int i = 0; i < n; ++i)
      v[i] = twice(v[i]);
  }
// CU: __device__ float Grid_twice(float a) {
// CU: v[i] = Grid_twice(v[i]);
  void runOffset() {
#pragma omp parallel for
    for (int i = 0; i < n; ++i)
      v[i] = offset(v[i]);
// CHECK: device-methods.cpp:[[@LINE-2]]:5: warning: loop not parallelized: call to 'Grid::offset' on the enclosing object cannot run on the device: the kernel would take the object by value, and the member 'v' of 'Grid' owns host memory or is not trivially copyable [device-call]
  }
};
void use(Grid &g) {
  g.run();
  g.runOffset();
}

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
// object, whose vector cannot go, stays on the host; one that reads numbers
// of the object (offset reads k; scaled reads k through offset and its own
// mode, spelled this->mode) takes them as parameters of its copy, and the
// kernel passes its own copies of those members. One that reads the vector
// (at) or changes a member (bump) would need the object itself
// (enclosing-methods.cpp has the objects that can go).
// CU: __device__ float Grid_twice(float a) {
// CU: __device__ float Grid_offset(float a, float l2c_m_k) {
// CU-NEXT: return a + l2c_m_k;
// CU: __device__ float Grid_scaled(float a, float l2c_m_k, Mode l2c_m_mode) {
// CU-NEXT: return l2c_m_mode == Mode::Twice ? Grid_offset(2 * a, l2c_m_k) : Grid_offset(a, l2c_m_k);
enum class Mode { Plain, Twice };
struct Grid {
  std::vector<float> v;
  int n;
  float k = 1;
  Mode mode = Mode::Twice;
  float twice(float a) const { return 2 * a; }
  float offset(float a) const { return a + k; }
  float scaled(float a) const {
    return this->mode == Mode::Twice ? offset(2 * a) : offset(a);
  }
  float at(int i) const { return v[i]; }
  float bump(float a) { k += 1; return a + k; }
  void run() {
#pragma omp parallel for
    for (int i = 0; i < n; ++i)
      v[i] = twice(v[i]);
  }
// CU: v[i] = Grid_twice(v[i]);
  void runOffset() {
#pragma omp parallel for
    for (int i = 0; i < n; ++i)
      v[i] = offset(v[i]);
  }
// CU-LABEL: __global__ void runOffset_L{{[0-9]+}}(
// CU-SAME: float k)
// CU: v[i] = Grid_offset(v[i], k);
  void runScaled() {
#pragma omp parallel for
    for (int i = 0; i < n; ++i)
      v[i] = scaled(v[i]) + k;
  }
// CU-LABEL: __global__ void runScaled_L{{[0-9]+}}(
// CU: v[i] = Grid_scaled(v[i], k, mode) + k;
  void runAt() {
#pragma omp parallel for
    for (int i = 0; i < n; ++i)
      v[i] = at(i) + 1;
// CHECK: device-methods.cpp:[[@LINE-2]]:5: warning: loop not parallelized: 'v' is read by 'Grid::at' at elements the dependence test cannot see, and the loop writes it [dependence]
  }
  void runBump() {
#pragma omp parallel for
    for (int i = 0; i < n; ++i)
      v[i] = bump(v[i]);
// CHECK: device-methods.cpp:[[@LINE-2]]:5: warning: loop not parallelized: call to 'Grid::bump' on the enclosing object cannot run on the device: the kernel would take the object by value, and the member 'v' of 'Grid' owns host memory or is not trivially copyable [device-call]
  }
};
void use(Grid &g) {
  g.run();
  g.runOffset();
  g.runScaled();
  g.runAt();
  g.runBump();
}

// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c++17 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: %nochecks %t/member-scalars.cu | FileCheck %s

// A struct that owns a std::vector cannot go to the kernel as its bytes.
// When a loop names only its members, each travels alone: a vector as an
// array (in_data), a number by value (in_ny), and the launch passes the
// member itself (in.ny). A member assigned in the loop is rejected: its
// object outlives the loop, and a private copy would lose the value.
#include <vector>

struct Grid {
  int nx, ny;
  std::vector<float> data;
};

// CHECK-LABEL: __global__ void smooth_L{{[0-9]+}}(int in_ny, float *out_data, const float *in_data, int in_nx)
// CHECK: out_data[i * in_ny + j] = in_data[(i - 1) * in_ny + j] + in_data[(i + 1) * in_ny + j];
// CHECK-LABEL: void smooth(const Grid &in, Grid &out) {
// CHECK: L2C_LAUNCH{{.*}}"member-scalars.cpp:[[@LINE+3]]", {{.*}}, in.ny, l2c::dev(out.data.data(){{.*}}, in.nx);
void smooth(const Grid &in, Grid &out) {
#pragma omp parallel for
  for (int i = 1; i < in.nx - 1; ++i)
    for (int j = 1; j < in.ny - 1; ++j)
      out.data[i * in.ny + j] =
          in.data[(i - 1) * in.ny + j] + in.data[(i + 1) * in.ny + j];
}

struct Mesh {
  int n;
  double w;
  std::vector<double> x, y;
};

// The reduction's passes take m.w the same way.
// CHECK-LABEL: double weighted(const Mesh &m) {
// CHECK: L2C_LAUNCH(l2c_device::weighted_L{{[0-9]+}}, {{.*}}, m.w, l2c_partial_s
double weighted(const Mesh &m) {
  double s = 0;
#pragma omp parallel for reduction(+ : s)
  for (int i = 0; i < m.n; ++i)
    s += m.x[i] * m.w;
  return s;
}

// A structure of raw arrays through a pointer: p->n in the body.
struct Soa {
  int n;
  double *x, *y;
};
// CHECK-LABEL: void axpy(Soa *p, double a) {
// CHECK: L2C_LAUNCH{{.*}}, a, l2c::devReads(p->x, p->n, {{.*}}), p->n);
void axpy(Soa *p, double a) {
#pragma omp parallel for
  for (int i = 0; i < p->n; i++)
    p->y[i] = a * p->x[i] + p->n;
}

// DIAG: member-scalars.cpp:[[@LINE+4]]:3: warning: loop not parallelized: member 'm.w' is assigned in every iteration and lives on after the loop in its object
// DIAG: member-scalars.cpp:[[@LINE+4]]:7: note: found here
void lastWeight(Mesh &m) {
#pragma omp parallel for
  for (int i = 0; i < m.n; ++i) {
    m.w = 2;
    m.y[i] = m.x[i];
  }
}

// The same for a member of the object whose method holds the loop.
struct Particles {
  std::vector<double> x, v;
  double dt = 0;
  int n = 0;
  // DIAG: member-scalars.cpp:[[@LINE+4]]:5: warning: loop not parallelized: member 'dt' is assigned in every iteration
  // DIAG: member-scalars.cpp:[[@LINE+4]]:7: note: found here
  void step() {
#pragma omp parallel for
    for (int i = 0; i < n; ++i) {
      dt = 0.5;
      x[i] += dt * v[i];
    }
  }
};
void run(Particles &p) { p.step(); }

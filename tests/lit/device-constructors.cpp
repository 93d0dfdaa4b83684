// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c++17 -fopenmp 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning:
// RUN: %nochecks %t/device-constructors.cu | FileCheck %s --check-prefix=CU
// Rule annotate-constructor (rule set device-constructors) writes the
// annotation; disabled, the declarations stay as written:
// RUN: rm -rf %t && %loop2cuda --disable-rule annotate-constructor %s -o %t -- -std=c++17 -fopenmp >/dev/null 2>&1
// RUN: %nochecks %t/device-constructors.cu | FileCheck %s --check-prefix=OFF
// OFF-NOT: __host__ __device__ V3(
// OFF: V3(double a, double b, double c) : x(a), y(b), z(c) {}

// A constructor that only sets scalar members from its parameters and
// constants runs on the device: the output declares it __host__ __device__
// (each declaration), and the kernel constructs with braces, each argument
// in its parameter's type (braces do not narrow). Any other constructor
// keeps the loop on the CPU with the reason.
#include <vector>

// CU: __host__ __device__ V3(double a, double b, double c) : x(a), y(b), z(c) {}
// CU: __host__ __device__ explicit V3(double s);
struct V3 {
  double x, y, z;
  V3() = default;
  V3(double a, double b, double c) : x(a), y(b), z(c) {}
  explicit V3(double s);
};
// CU: __host__ __device__ V3::V3(double s)
V3::V3(double s) : x(s), y(s * 0.5), z(-s) {}

// CU-LABEL: __global__ void build_L{{[0-9]+}}(
// CU: V3 r = V3{(double)i, 0.5, 1.0};
// CU: p[i] = V3{(double)(i % 2)};
void build(std::vector<V3> &p, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    V3 r(i, 0.5, 1.0);
    p[i] = V3(double(i % 2));
    p[i].x += r.x;
  }
}

struct Norm {
  double v;
  Norm(double a) : v(a) { if (v < 0) v = -v; }
};

// CHECK: device-constructors.cpp:[[#@LINE+3]]:3: warning: loop not parallelized: construction of 'Norm' calls its constructor 'Norm::Norm', which has no device version
void norms(std::vector<Norm> &o, const std::vector<double> &a) {
#pragma omp parallel for
  for (int i = 0; i < (int)o.size(); i++)
    o[i] = Norm(a[i]);
}

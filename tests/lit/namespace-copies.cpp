// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c++17 -fopenmp 2>&1 | FileCheck %s --check-prefix=DIAG --allow-empty
// RUN: %nochecks %t/namespace-copies.cu | FileCheck %s
// DIAG-NOT: warning

// Device copies of functions live together in l2c_device: each keeps its
// named namespaces and classes in its name, so that lin::f and trunc_::f
// neither clash nor overload each other (the call of trunc_::f(int) with a
// double once picked lin::f(double)); functions of the global namespace and
// anonymous namespaces keep their names.
#include <vector>

namespace lin {
inline double f(double x) { return 2 * x + 1; }
} // namespace lin
namespace trunc_ {
inline double f(int x) { return x * 10; }
} // namespace trunc_
namespace fluid {
struct Law {
  static double f(double x) { return 2 * x; }
};
} // namespace fluid
namespace {
double g(double x) { return x - 1; }
} // namespace
static double h(double x) { return x / 2; }

// CHECK-DAG: static __device__ double lin_f(double x) {
// CHECK-DAG: static __device__ double trunc__f(int x) {
// CHECK-DAG: static __device__ double fluid_Law_f(double x) {
// CHECK-DAG: static __device__ double g(double x) {
// CHECK-DAG: static __device__ double h(double x) {
// CHECK: b[i] = lin_f(a[i]) + trunc__f(a[i]) + fluid_Law_f(a[i]) + g(a[i]) + h(a[i]);
void run(std::vector<double> &a, std::vector<double> &b, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    b[i] = lin::f(a[i]) + trunc_::f(a[i]) + fluid::Law::f(a[i]) + g(a[i]) + h(a[i]);
}

// RUN: rm -rf %t && %loop2cuda --disable-rule vectorize-map %s -o %t -- -std=c++17 -fopenmp 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning:
// RUN: %nochecks %t/device-methods-vectors.cu | FileCheck %s --check-prefix=CU

// A const method that reads elements of std::vector members of numbers
// (and number members) runs on the device as a copy that takes each such
// vector as a pointer to its elements (issue 36 item 1): the loop copies
// the whole vector, since no subscript of the loop shows which elements
// the method reads. A loop that writes such a vector stays on the CPU:
// the dependence test cannot see the method's reads.
#include <vector>

// CU: __device__ double Solver_flux(int i, const double *l2c_m_u) {
// CU-NEXT: return l2c_m_u[i + 1] - l2c_m_u[i];
class Solver {
  std::vector<double> u, v;
  int n;
  double dt;
  double flux(int i) const { return u[i + 1] - u[i]; }

public:
  explicit Solver(int m) : u(m), v(m), n(m), dt(0.1) {}
// CU-LABEL: __global__ void step_L{{[0-9]+}}(
// CU: v[i] = u[i] + dt * (Solver_flux(i, u) - Solver_flux(i - 1, u));
// CU-LABEL: void step(
// CU: l2c::toDevice(u.data(), u.size(),
  void step() {
#pragma omp parallel for
    for (int i = 1; i < n - 1; i++)
      v[i] = u[i] + dt * (flux(i) - flux(i - 1));
  }
// CHECK: device-methods-vectors.cpp:[[#@LINE+3]]:5: warning: loop not parallelized: 'u' is read by 'Solver::flux' at elements the dependence test cannot see, and the loop writes it [dependence]
  void inPlace() {
#pragma omp parallel for
    for (int i = 1; i < n - 1; i++)
      u[i] = flux(i);
  }
};

// The same through another object: f.w of a const Field &.
struct Field {
  std::vector<double> w;
  int n;
  double avg(int i) const { return 0.5 * (w[i] + w[i + 1]); }
};
// CU-LABEL: __global__ void smooth_L{{[0-9]+}}(
// CU: out[i] = Field_avg(i, f_w);
void smooth(const Field &f, std::vector<double> &out) {
#pragma omp parallel for
  for (int i = 0; i < f.n - 1; i++)
    out[i] = f.avg(i);
}

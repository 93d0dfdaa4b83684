// RUN: rm -rf %t && %loop2cuda --min-launch-work=0 %s -o %t -- -std=c++17 2>&1 | FileCheck %s --allow-empty --check-prefix=DIAG
// RUN: %nochecks %t/cxx-private-members.cu | FileCheck %s

// A method called in a marked loop reads private members of an object
// that could travel as its bytes: its device copy, no member, takes the
// members it reads as parameters (numbers by value, a std::array as a
// pointer to its elements), as for an object that cannot travel.
// DIAG-NOT: warning
#include <array>
#include <vector>

class Scale {
  double g_;
  std::array<double, 4> c_{{1, 2, 3, 4}};
  double twice() const { return 2 * g_; }

public:
  explicit Scale(double g) : g_(g) {}
  double gain() const { return twice() + 1; }
  double coef(int k) const { return c_[k]; }
  void apply(std::vector<double> &v) const;
};

void Scale::apply(std::vector<double> &v) const {
#pragma omp parallel for
  for (int i = 0; i < (int)v.size(); ++i)
    v[i] = v[i] * gain() + coef(i & 3);
}
// CHECK-DAG: __device__ double Scale_twice(double l2c_m_g_) {
// CHECK-DAG: __device__ double Scale_gain(double l2c_m_g_) {
// CHECK-DAG: __device__ double Scale_coef(int k, const double *l2c_m_c_) {
// CHECK-NOT: l2c_self

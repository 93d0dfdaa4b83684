// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c++17 -fopenmp 2>&1 | FileCheck %s --check-prefix=DIAG --allow-empty
// RUN: %nochecks %t/template-dependent-base.cu | FileCheck %s
// DIAG-NOT: warning

// In a class template's method, the host code names the members of *this
// through this->: a member of a dependent base (Base<T>::data) has no
// other name there.
#include <vector>

template <class T> struct Base {
  std::vector<T> data;
  T bias = T(1);
};
template <class T> struct Derived : Base<T> {
  std::vector<T> out;
  void run() {
    int n = (int)this->data.size();
#pragma omp parallel for
    for (int i = 0; i < n; i++)
      out[i] = this->data[i] * 2 + this->bias;
  }
};
// CHECK: l2c::toDevice(this->data.data(), this->data.size(),
// CHECK: L2C_LAUNCH_DISTINCT({{.*}}l2c::devFresh(this->out.data(), this->out.size(), {{.*}}this->bias);
template struct Derived<float>;

// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c++17 -fopenmp 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning: --allow-empty
// RUN: %nochecks %t/cxx-array-elements.cu | FileCheck %s --check-prefix=CU

// A std::array that is the element of a vector, or a member of one, is
// read in a kernel through l2c::elemsOf (std::array's operator[] is a
// constexpr host function); a named one (a local, a captured host array)
// is a plain array there.
#include <array>
#include <vector>

struct Particle {
  std::array<double, 3> x;
  double m;
};

// CU-LABEL: __global__ void drift_L{{[0-9]+}}(
// CU: l2c::elemsOf(p[i].x)[k] += dt * l2c::elemsOf(v[i])[k] * p[i].m;
void drift(std::vector<Particle> &p, const std::vector<std::array<double, 3>> &v,
           double dt) {
#pragma omp parallel for
  for (int i = 0; i < (int)p.size(); i++)
    for (int k = 0; k < 3; k++)
      p[i].x[k] += dt * v[i][k] * p[i].m;
}

// CU-LABEL: __global__ void weights_L{{[0-9]+}}(
// CU: t[0] = w[0] * 2.0f;
void weights(std::vector<float> &out) {
  std::array<float, 3> w = {0.25f, 0.5f, 0.25f};
#pragma omp parallel for
  for (int i = 0; i < (int)out.size(); i++) {
    std::array<float, 2> t;
    t[0] = w[0] * 2.0f;
    t[1] = w[1];
    out[i] = t[0] + t[1];
  }
}

// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c++17 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark:
// RUN: %nochecks %t/iterator-loops.cu | FileCheck %s --check-prefix=CU

// A loop over a vector's random-access iterators (it = v.begin();
// it != v.end() or it < v.end(); ++it or it++) runs over the index it
// stands for, l2c_i: *it is v[l2c_i] and it->m is v[l2c_i].m.
#include <vector>

struct P {
  float x, v;
};

// CU: __global__ void scale_L[[#@LINE+7]](long long l2c_begin, long long l2c_count, float *v, float k) {
// CU: long long l2c_i = l2c_begin + l2c_k;
// CU-NEXT: v[l2c_i] *= k;
// CU-LABEL: void scale(
// CU: L2C_LAUNCH(l2c_device::scale_L{{[0-9]+}}, {{.*}}, l2c::gridFor(v.size(), 256), 256, 0, v.size(), l2c::devWrites(v.data(), v.size(),
void scale(std::vector<float> &v, float k) {
#pragma omp parallel for
  for (auto it = v.begin(); it != v.end(); ++it)
    *it *= k;
}

// CU: __global__ void sum_L[[#@LINE+4]](long long l2c_begin, long long l2c_count, const float *v,
float sum(const std::vector<float> &v) {
  float s = 0;
#pragma omp parallel for reduction(+ : s)
  for (auto it = v.cbegin(); it < v.cend(); it++)
    s += *it;
  return s;
}

// CU: __global__ void move_L[[#@LINE+4]](long long l2c_begin, long long l2c_count, P *ps, float dt) {
// CU: ps[l2c_i].x += ps[l2c_i].v * dt;
void move(std::vector<P> &ps, float dt) {
#pragma omp parallel for
  for (std::vector<P>::iterator it = ps.begin(); it != ps.end(); ++it)
    it->x += it->v * dt;
}

// The iterator used other than as *it or it->m keeps the loop on the CPU.
void shifted(std::vector<float> &v) {
#pragma omp parallel for
  for (auto it = v.begin(); it != v.end(); ++it)
    *it = it[0];
// CHECK: iterator-loops.cpp:[[@LINE-2]]:3: warning: loop not parallelized: {{.*}} [{{.*}}]
}

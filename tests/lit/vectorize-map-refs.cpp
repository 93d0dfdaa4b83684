// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c++17 2>/dev/null
// RUN: %nochecks %t/vectorize-map-refs.cu | FileCheck %s
// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c++17 2>/dev/null
// RUN: %nochecks %t/vectorize-map-refs.cu | FileCheck %s
// RUN: rm -rf %t.off && %loop2cuda --disable-rule vectorize-map %s -o %t.off -- -std=c++17 2>/dev/null
// RUN: %nochecks %t.off/vectorize-map-refs.cu | FileCheck %s --check-prefix=OFF

// vectorize-map writes back an array that the body writes through a
// reference (`auto &e` over a vector): the write to e is a write to v[i].
// The set is on by default; disabled, no vector access is left.
// OFF-NOT: float4
#include <vector>

// CHECK-LABEL: __global__ void square_L{{[0-9]+}}(
// CHECK:         float4 l2c_v_v = *(const float4 *)&v[l2c_i0];
// CHECK:         float &e = l2c_v_v.w;
// CHECK-NEXT:    e = e * e;
// CHECK-NEXT:  }
// CHECK-NEXT:  *(float4 *)&v[l2c_i0] = l2c_v_v;
void square(std::vector<float> &v) {
#pragma omp parallel for
  for (auto &e : v)
    e = e * e;
}

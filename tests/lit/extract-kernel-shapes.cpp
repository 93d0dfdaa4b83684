// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c++17
// RUN: %nochecks %t/extract-kernel-shapes.cu | FileCheck %s

// Loop shapes: <=, a step, an unsigned index, an index declared before the
// loop, a C array, std::vector, a local declaration, ternaries, bit operations,
// math functions and a user function (a __device__ copy in l2c_device).
#include <cmath>
#include <vector>

static float clampf(float v, float lo, float hi) { return v < lo ? lo : v > hi ? hi : v; }

float table[1000];

void shapes(int n, std::vector<float> &v, unsigned *bits) {
// CHECK: __device__ float clampf(float v, float lo, float hi) {
// CHECK-NEXT:   return v < lo ? lo : v > hi ? hi : v;

// CHECK-LABEL: __global__ void le_step
// CHECK: int i = l2c_begin + l2c_k * 2;
// CHECK-NEXT: table[i] = clampf(sqrtf(table[i]), 0.0f, 1.0f);
#pragma loop2cuda parallel name(le_step)
  for (int i = 0; i <= 998; i += 2)
    table[i] = clampf(sqrtf(table[i]), 0.0f, 1.0f);

// CHECK-LABEL: __global__ void vec
// CHECK: unsigned int u = l2c_begin + l2c_k;
// CHECK-NEXT: float t = v[u] * 2;
// CHECK-NEXT: v[u] = t > 1 ? t : -t;
#pragma loop2cuda parallel name(vec)
  for (unsigned u = 0; u < v.size(); u++) {
    float t = v[u] * 2;
    v[u] = t > 1 ? t : -t;
  }

// CHECK-LABEL: __global__ void bitops
// CHECK: bits[j] = ((bits[j] ^ (j << 3)) & ~255u) | (j % 7);
  int j;
#pragma loop2cuda parallel name(bitops)
  for (j = 0; j < n; ++j)
    bits[j] = ((bits[j] ^ (j << 3)) & ~0xffu) | (j % 7);

// The host side passes each loop's bounds and extents.
// CHECK: L2C_LAUNCH(l2c_device::le_step, "extract-kernel-shapes.cpp:{{[0-9]+}}", l2c::gridFor(((long long)999 + 1) / 2, 256), 256, 0, ((long long)999 + 1) / 2, l2c::dev(table, 1000,
// CHECK: L2C_LAUNCH(l2c_device::vec, {{.*}}, 0, v.size(), l2c::devWrites(v.data(), v.size(), 0, v.size(),
// CHECK: L2C_LAUNCH(l2c_device::bitops, {{.*}}, 0, n, l2c::devWrites(bits, n, 0, n,
}

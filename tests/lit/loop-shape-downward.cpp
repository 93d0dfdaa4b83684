// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c++17 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark:
// RUN: %nochecks %t/loop-shape-downward.cu | FileCheck %s --check-prefix=CU
// RUN: %nochecks %t/loop-shape-downward.cu | FileCheck %s --check-prefix=KERN

// Downward loops are canonical in OpenMP: i = hi; i >= lo (or i > lo,
// i != lo); i--, --i, i -= c, i = i - c. The iterations are independent, so
// the kernel runs the same values upward: the launch begins at the lowest.

// CU-LABEL: void down(int n, float *__restrict__ x, const float *__restrict__ y) {
// CU: L2C_LAUNCH_DISTINCT(l2c_device::down_L[[#@LINE+3]], l2c_device::down_L[[#@LINE+3]]_restrict, "loop-shape-downward.cpp:[[#@LINE+3]]", l2c::gridFor(n, 256), 256, 0, n,
void down(int n, float *__restrict__ x, const float *__restrict__ y) {
#pragma omp parallel for
  for (int i = n - 1; i >= 0; i--)
    x[i] = y[i] + 1;
}

// An unsigned index that ends at 0 with '>': the values are 1 .. n.
// CU-LABEL: void unsignedDown(
// CU: L2C_LAUNCH_DISTINCT(l2c_device::unsignedDown_L[[#@LINE+3]], l2c_device::unsignedDown_L[[#@LINE+3]]_restrict, {{.*}}, 256, 1, (long long)(n + 1LL) - (long long)1, l2c::devFresh(x, n, 0, (n + 1LL) - 1,
void unsignedDown(unsigned n, float *__restrict__ x, const float *__restrict__ y) {
#pragma omp parallel for
  for (unsigned i = n; i > 0; --i)
    x[i - 1] = y[i - 1] * 2;
}

// By 3 from n down to 4: the lowest value is n - (n - 4) / 3 * 3, and an
// empty loop (n < 4) begins above its end.
// KERN: __global__ void byThree_L[[#@LINE+6]](
// KERN: int i = l2c_begin + l2c_k * 3;
// CU-LABEL: void byThree(
// CU: L2C_LAUNCH_DISTINCT(l2c_device::byThree_L[[#@LINE+3]], l2c_device::byThree_L[[#@LINE+3]]_restrict, {{.*}}, 256, n - (n >= 4 ? (n - 4) / 3 : -1) * 3, ((long long)(n + 1LL) - (long long)(n - (n >= 4 ? (n - 4) / 3 : -1) * 3) + 2) / 3,
void byThree(int n, float *__restrict__ x, const float *__restrict__ y) {
#pragma omp parallel for
  for (int i = n; i > 3; i -= 3)
    x[i] = y[i] * 2;
}

// i = i - 1 and '!='.
// CU-LABEL: void notEqual(
// CU: L2C_LAUNCH(l2c_device::notEqual_L[[#@LINE+3]], {{.*}}, 256, 1, (long long)n - (long long)1,
void notEqual(int n, float *__restrict__ x) {
#pragma omp parallel for
  for (int i = n - 1; i != 0; i = i - 1)
    x[i] = 2 * i;
}

// Both loops of a nest downward: a 2-D grid over the same values.
// KERN: __global__ void nest_L[[#@LINE+7]](
// KERN: l2c_ky < (long long)(n - 1) + 1;
// KERN: int i = l2c_ky;
// KERN: l2c_kx < (long long)99 + 1;
// KERN: int j = l2c_kx;
void nest(int n, float (*__restrict__ x)[100], const float *__restrict__ y) {
#pragma omp parallel for
  for (int i = n - 1; i >= 0; i--)
    for (int j = 99; j >= 0; j--)
      x[i][j] = y[j] * 2;
}

// A sequential inner loop keeps its direction.
// KERN: __global__ void inner_L[[#@LINE+4]](
// KERN: for (int j = 9; j >= 0; j--)
void inner(int n, float *__restrict__ s, const float *__restrict__ y) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 9; j >= 0; j--)
      s[i] = s[i] * 0.5f + y[j];
}

void rejected(int n, float *__restrict__ x) {
#pragma omp parallel for
  for (int i = n - 1; i > 0; i--)
    x[i] = x[i - 1];
// CHECK: loop-shape-downward.cpp:[[@LINE-2]]:3: warning: loop not parallelized: iterations are not independent: x[i] written at i=1 is read by x[i - 1] at i=2 (n=3) [dependence]
// CHECK: note: found here
#pragma omp parallel for
  for (unsigned i = n; i >= 0; --i)
    x[i] = 2;
// CHECK: loop-shape-downward.cpp:[[@LINE-2]]:3: warning: loop not parallelized: loop is not in canonical form: 'i >= 0' is always true for an unsigned index [loop-shape]
}

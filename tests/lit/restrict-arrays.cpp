// RUN: rm -rf %t && %loop2cuda --disable-rule vectorize-map %s -o %t -- -std=c++17 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: %nochecks %t/restrict-arrays.cu | FileCheck %s
// RUN: rm -rf %t && %loop2cuda --disable-rule vectorize-map --disable-rule restrict-arrays %s -o %t -- -std=c++17 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DIAG
// RUN: %nochecks %t/restrict-arrays.cu | FileCheck %s --check-prefix=OFF
// OFF-NOT: *__restrict__
// OFF-NOT: _restrict(
// DIAG-NOT: warning:

// A loop's kernel with two or more arrays prints twice: as written, then
// with its arrays __restrict__ (rule set restrict-arrays); the launch takes
// the second when no two of its pointer arguments are equal
// (L2C_LAUNCH_DISTINCT, runtime/loop2cuda_runtime.cuh). Called as
// update(v, v, n), both parameters are the device copy of v: the plain
// kernel runs then.
// CHECK: // loop2cuda kernel update_L[[#@LINE+18]]: from the loop at restrict-arrays.cpp:[[#@LINE+18]]
// CHECK-NEXT: // rules: extract-kernel, restrict-arrays, simplify-kernel
// CHECK-NEXT: __global__ void update_L[[#@LINE+16]](long long l2c_begin, long long l2c_count, float *y, const float *x) {
// CHECK: // loop2cuda kernel update_L[[#@LINE+15]]_restrict: the same with its arrays __restrict__, launched when no two of them are the same array
// CHECK-NEXT: __global__ void update_L[[#@LINE+14]]_restrict(long long l2c_begin, long long l2c_count, float *__restrict__ y, const float *__restrict__ x) {
// CHECK-NEXT: for (long long l2c_k
// CHECK-NEXT: int i = l2c_begin + l2c_k;
// CHECK-NEXT: y[i] = y[i] + x[i];
// CHECK-NEXT: y[i] = y[i] * x[i];
// CHECK-LABEL: void update(
// CHECK: L2C_LAUNCH_DISTINCT(l2c_device::update_L[[#@LINE+8]], l2c_device::update_L[[#@LINE+8]]_restrict, "restrict-arrays.cpp:[[#@LINE+8]]",
// One array alone: one kernel.
// CHECK: __global__ void twice_L[[#@LINE+13]](long long l2c_begin, long long l2c_count, float *y) {
// CHECK-NOT: twice_L{{[0-9]+}}_restrict
// CHECK-LABEL: void twice(
// CHECK: L2C_LAUNCH(l2c_device::twice_L[[#@LINE+10]], "restrict-arrays.cpp:[[#@LINE+10]]",
void update(float *y, const float *x, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i) {
    y[i] = y[i] + x[i];
    y[i] = y[i] * x[i];
  }
}
void twice(float *y, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    y[i] = 2 * y[i];
}

// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c99 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning: --allow-empty
// RUN: %nochecks %t/device-assert.cu | FileCheck %s --check-prefix=CU
// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c99 -DNDEBUG 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning: --allow-empty
// RUN: %nochecks %t/device-assert.cu | FileCheck %s --check-prefix=NDEBUG

// assert(c) in a marked loop is CUDA's device assert of the same
// condition (glibc's expansion names __PRETTY_FUNCTION__, which has no
// meaning there); under NDEBUG it is nothing, as on the host. INFINITY
// and NAN are builtins that nvcc knows on the device.
#include <assert.h>
#include <math.h>

// CU-LABEL: __global__ void clampNeg_L{{[0-9]+}}(
// CU: assert(a[i] == a[i]);
// CU: a[i] = a[i] < 0 ? __builtin_inff() : a[i];
// NDEBUG-LABEL: __global__ void clampNeg_L{{[0-9]+}}(
// NDEBUG-NOT: assert
// NDEBUG: a[i] = a[i] < 0 ? __builtin_inff() : a[i];
void clampNeg(float *restrict a, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    assert(a[i] == a[i]);
    a[i] = a[i] < 0 ? INFINITY : a[i];
  }
}

// RUN: rm -rf %t && %loop2cuda --min-launch-work=0 %S/../gpu-compare/private_shadowed.c -o %t -- -fopenmp -std=c99 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DIAG --allow-empty
// RUN: %nochecks %t/private_shadowed.cu | FileCheck %s

// private(i) names the function's i, which the loop's own `for (int i ...)`
// hides: the body never uses it, and the kernel declares no copy that
// would hide the index (Rodinia's srad spells its loops so).
// DIAG-NOT: warning:
// CHECK-LABEL: __global__ void main_L12(
// CHECK:         int i = l2c_ky;
// CHECK-NOT:     int i;
// CHECK:         int j = l2c_kx;
// CHECK-NEXT:    int k;
// CHECK-NEXT:    k = i * cols + j;
// CHECK-LABEL: __global__ void main_L17(
// CHECK:         int i = l2c_begin + l2c_k;
// CHECK-NEXT:    a[i] = i * 0.5f;
// CHECK-LABEL: __global__ void main_L19(
// CHECK:         int j = l2c_kx;
// CHECK-NEXT:    b[i * cols + j] = a[i * cols + j] + j;

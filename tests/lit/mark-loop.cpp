// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c++17
// RUN: %nochecks %t/mark-loop.cu | FileCheck %s

// Only marked loops move to the GPU: `#pragma loop2cuda parallel` and
// OpenMP's `#pragma omp parallel for` mark them; the pragma line goes away
// with the loop. Kernels without a name(...) clause are named after the
// function and the line.

// CHECK: __global__ void twice_L22(
// CHECK: __global__ void twice_L26(
// CHECK-LABEL: void twice(int n, double *a) {
// CHECK: for (int i = 0; i < n; ++i)
// CHECK-NEXT: a[i] = a[i] + 1;
// CHECK-NEXT: l2c::toDevice(a, n,
// CHECK-NEXT: // loop2cuda: the loop at mark-loop.cpp:22 runs on the GPU as twice_L22
// CHECK: // loop2cuda: the loop at mark-loop.cpp:26 runs on the GPU as twice_L26
// CHECK-NOT: #pragma
void twice(int n, double *a) {
  for (int i = 0; i < n; ++i)
    a[i] = a[i] + 1;
#pragma loop2cuda parallel
  for (int i = 0; i < n; ++i)
    a[i] = 2 * a[i];
  int m = n / 2;
#pragma omp parallel for
  for (int i = 0; i < m; ++i)
    a[i] = a[i] - 1;
}

// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c99 2>/dev/null
// RUN: FileCheck %s < %t/no-kernels.cu

// A file whose marked loops all stay on the CPU includes no runtime: the
// program starts no CUDA context and runs where there is no GPU.
// CHECK:     // No loop of this file runs on the GPU (the warnings say why).
// CHECK-NOT: {{^#include "loop2cuda}}
// CHECK:     void prefix(
void prefix(int n, double *a) {
#pragma omp parallel for
  for (int i = 1; i < n; i++)
    a[i] = a[i - 1] * 0.5 + a[i];
}

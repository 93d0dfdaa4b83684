// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c++17 2>&1 | FileCheck %s --allow-empty --check-prefix=DIAG
// RUN: %nochecks %t/openmp-header.cu | FileCheck %s

// omp.h comes from Clang's resource directory (the tool passes
// -resource-dir); the include and the host's omp_ calls stay in the output.
// DIAG-NOT: error
#include <omp.h>
// CHECK: #include <omp.h>
#include <cstdio>

int main() {
  const int n = 1000;
  float *x = new float[n];
  double t0 = omp_get_wtime();
  // CHECK: double t0 = omp_get_wtime();
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    x[i] = 2.0f * i;
  // CHECK: L2C_LAUNCH(l2c_device::main_L{{[0-9]+}}
  // CHECK-NOT: #pragma omp parallel for
  double t1 = omp_get_wtime();
  // CHECK: double t1 = omp_get_wtime();
  std::printf("%f %d %f\n", x[10], omp_get_max_threads() > 0, t1 - t0);
  delete[] x;
  return 0;
}

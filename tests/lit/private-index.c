// RUN: rm -rf %t && %loop2cuda --disable-rule vectorize-map %s -o %t -- -std=c99 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning: --allow-empty
// RUN: %nochecks %t/private-index.cu | FileCheck %s --check-prefix=CU
// (vectorize-map off: this test checks the scalar kernels; vectorize-map.cpp
// checks that rule set.)

// The loop's own index named in private(...), on the loop or on its
// region, is the kernel's index: it is not declared a second time (that
// declaration would shadow the index with an unset variable).
// CU: __global__ void onLoop_L[[#@LINE+7]](
// CU-NEXT: for (long long l2c_k
// CU-NEXT: int i = l2c_begin + l2c_k;
// CU-NEXT: a[i] = 2 * a[i];
void onLoop(int n, double *a) {
  int i;
#pragma omp parallel for private(i)
  for (i = 0; i < n; i++)
    a[i] = 2 * a[i];
}

// CU: __global__ void onRegion_L[[#@LINE+9]](
// CU: int i = l2c_ky;
// CU-NOT: int i;
// CU: int j = l2c_kx;
void onRegion(int n, double b[100][100]) {
  int i, j;
#pragma omp parallel private(i, j)
  {
#pragma omp for
    for (i = 0; i < n; i++)
      for (j = 0; j <= n + -1; j++)
        b[i][j] = i + j;
  }
}
// A bound written 'n + -1' keeps its sign in the host's grid size.
// CU: L2C_LAUNCH(l2c_device::onRegion_L{{[0-9]+}}, {{.*}}, l2c::gridPerPoint(dim3(128, 2), n + -1 + 1LL, n),

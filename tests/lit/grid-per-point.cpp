// RUN: rm -rf %t && %loop2cuda --enable-rule grid-per-point %s -o %t -- -std=c++17 -fopenmp 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DIAG --allow-empty --implicit-check-not=warning:
// RUN: %nochecks %t/grid-per-point.cu | FileCheck %s --check-prefix=CU
// RUN: rm -rf %t.off && %loop2cuda %s -o %t.off \
// RUN:   -- -std=c++17 -fopenmp 2>&1 | FileCheck %s --check-prefix=DIAG --allow-empty --implicit-check-not=warning:
// RUN: %nochecks %t.off/grid-per-point.cu | FileCheck %s --check-prefix=OFF

// grid-per-point (off by default): enabled, a 2-D and a 3-D map nest launch
// a thread per point (l2c::gridPerPoint) and the tiled matrix product keeps
// its own grid; by default, both nests get the capped grid (l2c::gridFor).
// DIAG-NOT: remark
#define N 512

static double A[N][N], B[N][N], C[N][N];
static float V[64][64][64], W[64][64][64];

// CU-LABEL: void sweep(
// CU: L2C_LAUNCH_DISTINCT(l2c_device::sweep_L{{[0-9]+}}, l2c_device::sweep_L{{[0-9]+}}_restrict, "grid-per-point.cpp:{{[0-9]+}}", l2c::gridPerPoint(dim3(128, 2),
// OFF-LABEL: void sweep(
// OFF: L2C_LAUNCH_DISTINCT(l2c_device::sweep_L{{[0-9]+}}, l2c_device::sweep_L{{[0-9]+}}_restrict, "grid-per-point.cpp:{{[0-9]+}}", l2c::gridFor(dim3(128, 2),
void sweep() {
#pragma omp parallel for
  for (int i = 1; i < N - 1; i++)
    for (int j = 1; j < N - 1; j++)
      B[i][j] = 0.25 * (A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1]);
}

// CU-LABEL: void cube(
// CU: l2c::gridPerPoint(dim3(32, 4, 2),
// OFF-LABEL: void cube(
// OFF: l2c::gridFor(dim3(32, 4, 2),
void cube() {
#pragma omp parallel for collapse(3)
  for (int i = 0; i < 64; i++)
    for (int j = 0; j < 64; j++)
      for (int k = 0; k < 64; k++)
        W[i][j][k] = 2.0f * V[i][j][k];
}

// CU-LABEL: void product(
// CU-NOT: gridPerPoint
// CU: l2c::gridFor(dim3(16, 16),
void product() {
#pragma omp parallel for
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      double s = 0;
      for (int k = 0; k < N; k++)
        s += A[i][k] * B[k][j];
      C[i][j] = s;
    }
}

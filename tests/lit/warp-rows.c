// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c99 -fopenmp 2>&1 | FileCheck %s --allow-empty --implicit-check-not=warning:
// RUN: %nochecks %t/warp-rows.cu | FileCheck %s --check-prefix=CU
// RUN: rm -rf %t.off && %loop2cuda %s -o %t.off --disable-rule warp-rows -- -std=c99 -fopenmp > /dev/null 2>&1
// RUN: %nochecks %t.off/warp-rows.cu | FileCheck %s --check-prefix=OFF

// rules/warp-rows.rules: a thread's sum along a row of a matrix becomes a
// warp's (docs/rules/warp-rows.md). The kernel whose arrays are distinct
// (_restrict) takes the warp's code; the plain one keeps the thread's.
#define N 1000

// atax: a store before the loop, lane 0 runs it; the lanes share j.
// CU-LABEL: __global__ void atax_L{{[0-9]+}}(
// CU:       tmp[i] = tmp[i] + A[i][j] * x[j];
// CU-LABEL: __global__ void atax_L{{[0-9]+}}_restrict(
// CU-NEXT:    int l2c_lane = threadIdx.x & 31;
// CU-NEXT:    for (long long l2c_k = ((long long)blockIdx.x * blockDim.x + threadIdx.x) / 32; l2c_k < l2c_count; l2c_k += (long long)gridDim.x * blockDim.x / 32) {
// CU:           if (l2c_lane == 0) {
// CU-NEXT:        tmp[i] = 0;
// CU-NEXT:      }
// CU-NEXT:      double l2c_row_0 = 0;
// CU-NEXT:      for (j = l2c_lane; j < n; j += 32) {
// CU-NEXT:        l2c_row_0 += A[i][j] * x[j];
// CU-NEXT:      }
// CU-NEXT:      l2c_row_0 += l2c::shflDown(l2c_row_0, 16);
// CU:           l2c_row_0 += l2c::shflDown(l2c_row_0, 1);
// CU-NEXT:      if (l2c_lane == 0) {
// CU-NEXT:        tmp[i] = tmp[i] + l2c_row_0;
// CU-NEXT:      }
// A warp an iteration: 32 threads a row.
// CU:       L2C_LAUNCH_DISTINCT(l2c_device::atax_L{{[0-9]+}}, l2c_device::atax_L{{[0-9]+}}_restrict, "warp-rows.c:{{[0-9]+}}", l2c::gridFor(32LL * (m), 256), 256, 0, m,
// OFF-NOT:  l2c_lane
// OFF:      L2C_LAUNCH_DISTINCT(l2c_device::atax_L{{[0-9]+}}, l2c_device::atax_L{{[0-9]+}}_restrict, "warp-rows.c:{{[0-9]+}}", l2c::gridFor(m, l2c::spreadThreads(m, 256)),
void atax(int m, int n, double A[N][N], double x[N], double tmp[N]) {
  int i, j;
#pragma omp parallel for private(j)
  for (i = 0; i < m; i++) {
    tmp[i] = 0;
    for (j = 0; j < n; j++)
      tmp[i] = tmp[i] + A[i][j] * x[j];
  }
}

// A local sum of a flat matrix, the row bounds read from an array that
// the kernel does not write; the statement after the loop is lane 0's.
// CU-LABEL: __global__ void rows_L{{[0-9]+}}_restrict(
// CU:         const int first = start[i];
// CU-NEXT:    double s = 0;
// CU-NEXT:    double l2c_row_0 = 0;
// CU-NEXT:    for (int j = first + l2c_lane; j < start[i + 1]; j += 32) {
// CU-NEXT:      l2c_row_0 += a[i * n + j] * w[j];
// CU:         if (l2c_lane == 0) {
// CU-NEXT:      s = s + l2c_row_0;
// CU-NEXT:      y[i] = 2 * s;
void rows(int m, int n, const int *start, const double *a, const double *w,
          double *y) {
#pragma omp parallel for
  for (int i = 0; i < m; i++) {
    const int first = start[i];
    double s = 0;
    for (int j = first; j < start[i + 1]; j++)
      s += a[i * n + j] * w[j];
    y[i] = 2 * s;
  }
}

// Down a column, the threads of a warp already read neighbours: unchanged.
// CU-LABEL: __global__ void column_L{{[0-9]+}}_restrict(
// CU-NOT:   l2c_lane
// CU-LABEL: }
void column(int m, int n, double A[N][N], double x[N], double y[N]) {
#pragma omp parallel for
  for (int i = 0; i < m; i++) {
    y[i] = 0;
    for (int j = 0; j < n; j++)
      y[i] += A[j][i] * x[j];
  }
}

// The sum reads an array the kernel writes (lane 0 would write c[i] while
// the others read it): unchanged.
// CU-LABEL: __global__ void written_L{{[0-9]+}}_restrict(
// CU-NOT:   l2c_lane
// CU-LABEL: }
void written(int m, int n, double A[N][N], double c[N], double y[N]) {
#pragma omp parallel for
  for (int i = 0; i < m; i++) {
    c[i] = 2;
    double s = 0;
    for (int j = 0; j < n; j++)
      s += A[i][j] * c[i];
    y[i] = s;
  }
}

// Four columns: a warp would idle; a product is no sum: unchanged.
// CU-LABEL: __global__ void short_rows_L{{[0-9]+}}_restrict(
// CU-NOT:   l2c_lane
// CU-LABEL: }
// CU-LABEL: __global__ void product_L{{[0-9]+}}_restrict(
// CU-NOT:   l2c_lane
// CU-LABEL: }
void short_rows(int m, double A[N][4], double y[N]) {
#pragma omp parallel for
  for (int i = 0; i < m; i++) {
    y[i] = 0;
    for (int j = 0; j < 4; j++)
      y[i] += A[i][j];
  }
}
void product(int m, int n, double A[N][N], double y[N]) {
#pragma omp parallel for
  for (int i = 0; i < m; i++) {
    y[i] = 1;
    for (int j = 0; j < n; j++)
      y[i] *= A[i][j];
  }
}

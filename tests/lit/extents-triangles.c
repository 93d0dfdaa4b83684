// RUN: rm -rf %t && %loop2cuda --min-launch-work=0 %s -o %t -- -std=c99 2>&1 \
// RUN:   | FileCheck %s --allow-empty --implicit-check-not=warning:
// RUN: %nochecks %t/extents-triangles.cu | FileCheck %s --check-prefix=CU

// Triangular nests: an inner bound that names an outer index (`j <= i`,
// `j = i`) takes that index's range, so the count is the subscript at the
// largest indices, as for a rectangle (PolyExtents.cpp).

// The rows of A[j][k] for j <= i < n: n rows.
// CU-LABEL: void syrk(
// CU: l2c::toDevice((double *)A, (n) * (sizeof(A[0]) / sizeof(double)),
void syrk(int n, int m, double C[n][n], double A[n][m]) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int k = 0; k < m; k++)
      for (int j = 0; j <= i; j++)
        C[i][j] += A[i][k] * A[j][k];
}

// j < i: at most (n - 1) * n + n - 2.
// CU-LABEL: void lower(
// CU-DAG: l2c::toDevice(L, n * n - 1,
// CU-DAG: l2c::toDevice(x, n - 1,
void lower(int n, double *L, const double *x, double *y) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    double s = 0;
    for (int j = 0; j < i; j++)
      s += L[i * n + j] * x[j];
    y[i] = s;
  }
}

// j from i to n: the lower bound names i.
// CU-LABEL: void upper(
// CU-DAG: l2c::toDevice(U, n * n,
// CU-DAG: l2c::toDevice(x, n,
void upper(int n, double *U, const double *x, double *y) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    double s = 0;
    for (int j = i; j < n; j++)
      s += U[i * n + j] * x[j];
    y[i] = s;
  }
}

// A subscript that falls as the triangle's index grows has its largest
// value where the triangle is narrowest: no count from the box.
// CHECK: extents-triangles.c:[[@LINE+3]]:3: remark: the subscripts give no count of {{.*}}'a'{{.*}} [extract-kernel]
void mirror(int n, const double *a, double *y) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    double s = 0;
    for (int j = 0; j <= i; j++)
      s += a[i * n - j + n];
    y[i] = s;
  }
}

// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c99 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning:
// RUN: %nochecks %t/vla-rows.cu | FileCheck %s --check-prefix=CU

// C99 arrays whose rows have a variable length: the kernel gets a flat
// pointer, `A[i][j]` becomes `A[i * m + j]` with m a kernel parameter, and
// the copies move `sizeof(A[0])` bytes per row, as the type counted them.

// CU: __global__ void scale_L[[#@LINE+8]](int m, double *B, const double *A, int n) {
// CU: B[i * m + j] = A[i * m + j] * 2;
// CU-LABEL: void scale(
// CU: l2c::toDevice((double *)A, (n) * (sizeof(A[0]) / sizeof(double)),
// CU: L2C_LAUNCH_DISTINCT(l2c_device::scale_L{{[0-9]+}}, l2c_device::scale_L{{[0-9]+}}_restrict, {{.*}}, m, l2c::dev((double *)B, (n) * (sizeof(B[0]) / sizeof(double)), {{.*}}), l2c::devReads((double *)A, {{.*}}), n);
// CU: l2c::toHost((double *)B, (n) * (sizeof(B[0]) / sizeof(double)),
void scale(int n, int m, double A[n][m], double B[n][m]) {
#pragma omp parallel for collapse(2)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      B[i][j] = A[i][j] * 2;
}
// CHECK: remark: assuming iterations are independent: 'B' and 'A' may point into the same memory [dependence]

// Three dimensions, a constant last one; a local VLA counts its rows with
// sizeof.
// CU: C[(i * m + j) * 4 + k] = i + j + k;
// CU: a[i * len + j] = j;
// CU-LABEL: void local(
// CU: l2c::toDevice((double *)C, (n) * (sizeof(C[0]) / sizeof(double)),
// CU: l2c::toHost((double *)a, (sizeof(a) / sizeof(a[0])) * (sizeof(a[0]) / sizeof(double)),
void local(int n, int m, double C[n][m][4]) {
#pragma omp parallel for collapse(2)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      for (int k = 0; k < 4; k++)
        C[i][j][k] = i + j + k;
  int len = 2 * n;
  double a[len][len];
#pragma omp parallel for
  for (int i = 0; i < len; i++)
    for (int j = 0; j < len; j++)
      a[i][j] = j;
}

// The size must keep the value it had when the type was made.
void changes(int n, int m, double A[n][m]) {
  m = m - 1;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    A[i][0] = 1;
}
// CHECK: vla-rows.c:[[#@LINE-3]]:3: warning: loop not parallelized: 'A' has rows of type 'double[m]' and 'm', its size, may change after the array's declaration [extract-kernel]

// A whole row is not an element.
void row(int n, int m, double A[n][m], double *restrict *out) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    out[i] = A[i];
}
// CHECK: vla-rows.c:[[#@LINE-3]]:3: warning: loop not parallelized: {{.*}}a row of the variable-length array 'A' is used as a whole; only its elements can be

// A subscript that leaves its row reaches the previous row's last element:
// a dependence between rows, which a test of each subscript alone would
// miss (DataRaceBench DRB014). It counts for constant rows too.
void leaves(int n, int m, double b[n][m], double c[100][100]) {
#pragma omp parallel for
  for (int i = 1; i < n; i++)
    for (int j = 0; j < m; j++)
      b[i][j] = b[i][j - 1];
#pragma omp parallel for
  for (int i = 1; i < 100; i++)
    for (int j = 0; j < 100; j++)
      c[i][j] = c[i][j - 1];
#pragma omp parallel for
  for (int i = 1; i < n; i++)
    for (int j = 1; j < m; j++)
      b[i][j] = b[i][j - 1];
}
// CHECK: vla-rows.c:[[#@LINE-12]]:3: warning: loop not parallelized: iterations are not independent: b[i][j - 1] leaves its row: 'j - 1' is not within 0..m-1 at every iteration, and the access may touch another row's elements [dependence]
// CHECK: vla-rows.c:[[#@LINE-9]]:3: warning: loop not parallelized: iterations are not independent: c[i][j - 1] leaves its row: 'j - 1' is not within 0..99 at every iteration

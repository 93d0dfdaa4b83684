// RUN: rm -rf %t && %loop2cuda --min-launch-work=0 %s -o %t -- -std=c99 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LOG --implicit-check-not=warning:
// RUN: %nochecks %t/peel-statements.cu | FileCheck %s
// RUN: rm -rf %t && %loop2cuda --min-launch-work=0 \
// RUN:   --disable-rule peel-statements %s -o %t -- -std=c99 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OFF-LOG --implicit-check-not="[peel-statements]"
// RUN: %nochecks %t/peel-statements.cu | FileCheck %s --check-prefix=OFF

// Front-end step peel-statements (rewriter/frontend/loops/Distribute.cpp): an
// accepted marked loop whose body is statements and then a parallel loop
// runs as two loops, the statements for every i first, so that the inner
// loop gets a grid axis.
// OFF-NOT: _part1
// OFF-LOG-NOT: error:

#define N 64

// correlation: the diagonal first, then the triangle on a 2-D grid.
// LOG: peel-statements.c:[[#@LINE+7]]:3: remark: runs on the GPU as two loops: the statements before the loop at line [[#@LINE+9]] for every 'i' first, then that loop nested in this one, which gets a grid axis of its own [peel-statements]
// CHECK-LABEL: __global__ void correlation_L{{[0-9]+}}_part1(
// CHECK:       corr[i][i] = 1.0;
// CHECK-LABEL: __global__ void correlation_L{{[0-9]+}}_part2(
// CHECK:       int j = i + 1 + l2c_kx;
void correlation(int m, int n, double corr[N][N], double data[N][N]) {
#pragma omp parallel for
  for (int i = 0; i < m - 1; i++) {
    corr[i][i] = 1.0;
    for (int j = i + 1; j < m; j++) {
      corr[i][j] = 0.0;
      for (int k = 0; k < n; k++)
        corr[i][j] += data[k][i] * data[k][j];
      corr[j][i] = corr[i][j];
    }
  }
}

// A row's first element, which the loop then reads: every first element is
// written before any loop runs, and each row's loop still reads its own.
// LOG: peel-statements.c:[[#@LINE+6]]:3: remark: runs on the GPU as two loops
// CHECK-LABEL: __global__ void rows_L{{[0-9]+}}_part1(
// CHECK-LABEL: __global__ void rows_L{{[0-9]+}}_part2(
// CHECK:       c[i][j] = c[i][0] + a[i][j];
void rows(int n, double c[N][N], double a[N][N]) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    c[i][0] = a[i][0] * 2.0;
    for (int j = 1; j < n; j++)
      c[i][j] = c[i][0] + a[i][j];
  }
}

// A scalar the statements set for the loop: one kernel, as written.
// CHECK-LABEL: __global__ void scaled_L{{[0-9]+}}(
// CHECK:       double s = a[i][0];
// CHECK-NEXT:  for (int j = 1; j < n; j++) {
void scaled(int n, double c[N][N], double a[N][N]) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    double s = a[i][0];
    for (int j = 1; j < n; j++)
      c[i][j] = s * a[i][j];
  }
}

// An inner loop that runs in order (c[i][j] reads c[i][j - 1]) has no axis
// to gain: one kernel, as written.
// CHECK-LABEL: __global__ void prefix_L{{[0-9]+}}(
// CHECK:       c[i][0] = a[i][0];
// CHECK-NEXT:  for (int j = 1; j < n; j++) {
void prefix(int n, double c[N][N], double a[N][N]) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    c[i][0] = a[i][0];
    for (int j = 1; j < n; j++)
      c[i][j] = c[i][j - 1] + a[i][j];
  }
}

// A private array the statements fill for the loop would not outlive the
// first of two kernels: one kernel, as written.
// CHECK-LABEL: __global__ void privateRow_L{{[0-9]+}}(
// CHECK:       tmp[0] = a[i][0];
void privateRow(int n, double c[N][N], double a[N][N]) {
  double tmp[2];
#pragma omp parallel for private(tmp)
  for (int i = 0; i < n; i++) {
    tmp[0] = a[i][0];
    for (int j = 1; j < n; j++)
      c[i][j] = tmp[0] * a[i][j];
  }
}

// Three iterations on the x axis would leave most of a block idle: one
// kernel, each thread running them.
// CHECK-LABEL: __global__ void xyz_L{{[0-9]+}}(
// CHECK:       v[i][3] = 1.0;
// CHECK-NEXT:  for (int d = 0; d < 3; d++) {
void xyz(int n, double v[N][4], double a[N][4]) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    v[i][3] = 1.0;
    for (int d = 0; d < 3; d++)
      v[i][d] = 2.0 * a[i][d];
  }
}

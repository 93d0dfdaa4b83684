// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c99 -fopenmp 2>&1 | FileCheck %s --allow-empty --implicit-check-not=warning:
// RUN: %nochecks %t/spread-blocks.cu | FileCheck %s --check-prefix=CU
// RUN: rm -rf %t.off && %loop2cuda %s -o %t.off --disable-rule spread-blocks -- -std=c99 -fopenmp > /dev/null 2>&1
// RUN: %nochecks %t.off/spread-blocks.cu | FileCheck %s --check-prefix=OFF

// rules/spread-blocks.rules: a one-dimensional kernel whose threads each
// run a loop takes its block size from l2c::spreadThreads (at most 256,
// fewer when the rows would fill only a few SMs); a kernel of plain
// element-wise work keeps blocks of 256.
#define N 64

// A transposed matrix-vector product: each thread runs down a column (a
// row's sum is rule set warp-rows', tests/lit/warp-rows.c).
// CU: L2C_LAUNCH_DISTINCT(l2c_device::mv_L[[#@LINE+4]], l2c_device::mv_L[[#@LINE+4]]_restrict, "spread-blocks.c:[[#@LINE+4]]", l2c::gridFor(n, l2c::spreadThreads(n, 256)), l2c::spreadThreads(n, 256), 0, n,
// OFF: L2C_LAUNCH_DISTINCT(l2c_device::mv_L[[#@LINE+3]], l2c_device::mv_L[[#@LINE+3]]_restrict, "spread-blocks.c:[[#@LINE+3]]", l2c::gridFor(n, 256), 256, 0, n,
void mv(int n, double y[N], double A[N][N], double x[N]) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    y[i] = 0;
    for (int j = 0; j < n; j++)
      y[i] += A[j][i] * x[j];
  }
}

// One element a thread: no loop, blocks of 256.
// CU: L2C_LAUNCH_DISTINCT(l2c_device::axpy_L[[#@LINE+3]], l2c_device::axpy_L[[#@LINE+3]]_restrict, "spread-blocks.c:[[#@LINE+3]]", l2c::gridFor(n, 256), 256, 0, n,
void axpy(int n, double a, double y[N], double x[N]) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    y[i] += a * x[i];
}

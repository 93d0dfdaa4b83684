// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c99 2>&1 | FileCheck %s
// RUN: %nochecks %t/distribute.cu | FileCheck %s --check-prefix=CU
// RUN: rm -rf %t && %loop2cuda --disable-rule distribute-loops %s -o %t -- -std=c99 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OFF
// OFF-NOT: split into

// A rejected marked loop whose body splits into parts that share no data
// but arrays each part uses only at the loop's counter (PolyBench-ACC's
// atax: tmp[i]) runs as one loop per part, one after the other
// (rewriter/frontend/loops/Distribute.cpp); a part that is not parallel as it is
// runs interchanged.

// CHECK: distribute.c:[[#@LINE+16]]:3: warning: loop not parallelized: 'y[j]' is updated at a subscript that other iterations may share
// CHECK: distribute.c:[[#@LINE+15]]:3: remark: runs on the GPU split into 2 loops, one after the other, over parts of its body that share no data but arrays each part uses only at 'i' [mark-loop]
// CHECK: distribute.c:[[#@LINE+15]]:5: remark: part 1 of the loop at line [[#@LINE+14]] [mark-loop]
// CHECK: distribute.c:[[#@LINE+17]]:5: remark: part 2 of the loop at line [[#@LINE+13]], interchanged with the loop in it: one thread for each iteration of that loop runs the loop at line [[#@LINE+13]] in order [mark-loop]
// CU:       __global__ void atax_L[[#@LINE+12]]_part1(
// CU:       __global__ void atax_L[[#@LINE+15]]_part2(
// CU:         int j = l2c_begin + l2c_k;
// CU:         for (i = 0; i < nx; i++) {
// CU-LABEL: void atax(
// CU:       L2C_LAUNCH_DISTINCT(l2c_device::atax_L[[#@LINE+7]]_part1, l2c_device::atax_L[[#@LINE+7]]_part1_restrict, "distribute.c:[[#@LINE+7]]"
// CU:       L2C_LAUNCH_DISTINCT(l2c_device::atax_L[[#@LINE+10]]_part2, l2c_device::atax_L[[#@LINE+10]]_part2_restrict, "distribute.c:[[#@LINE+10]]"
// CU-NOT:   for (i = 0
void atax(int nx, int ny, double A[64][64], double *restrict x,
          double *restrict y, double *restrict tmp) {
  int i, j;
#pragma omp parallel for private(j)
  for (i = 0; i < nx; i++) {
    tmp[i] = 0;
    for (j = 0; j < ny; j++)
      tmp[i] = tmp[i] + A[i][j] * x[j];
    for (j = 0; j < ny; j++)
      y[j] = y[j] + A[i][j] * tmp[i];
  }
}

// The parts share the scalar c: no split.
// CHECK: distribute.c:[[#@LINE+8]]:3: warning: loop not parallelized
// CHECK-NOT: split into
// CU-LABEL: double shared(
// CU:       for (i = 0; i < nx; i++) {
double shared(int nx, int ny, double *restrict z, double *restrict y) {
  int i, j;
  double c = 0;
#pragma omp parallel for private(j)
  for (i = 0; i < nx; i++) {
    c = c + 1;
    z[i] = c;
    for (j = 0; j < ny; j++)
      y[j] = y[j] + z[i];
  }
  return c;
}

// A local declared by one statement and read by the others: they are one
// part (before, the declaration was split from its uses).
// CHECK: distribute.c:[[#@LINE+7]]:3: warning: loop not parallelized
// CHECK-NOT: split into
// CU-LABEL: void declared(
// CU:       for (k = 1; k < n; k++) {
void declared(int n, double A[64][64], double B[64][64]) {
  int j, k;
#pragma omp parallel for private(j)
  for (k = 1; k < n; k++) {
    double d = A[k][k] + 1;
    for (j = 0; j < n; j++)
      B[k][j] = B[k - 1][j] * d;
    A[k][0] = d;
  }
}

// RUN: rm -rf %t && %loop2cuda %s -o %t -- 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: %nochecks %t/private-pointer.cu | FileCheck %s

// private(p) of a pointer gives each OpenMP thread an uninitialised copy.
// A C array parameter is such a pointer: a loop that writes through it
// without assigning it is not run in parallel (its kernel wrote through a
// garbage pointer). Its inner loops still run on the GPU, one launch per
// iteration in order, on the caller's array: the sequential program.

// DIAG: private-pointer.c:[[#@LINE+9]]:3: warning: loop not parallelized: 'sum' is private but a pointer the loop never assigns: each thread's copy is uninitialised in OpenMP (a C array parameter is a pointer); declare the array inside the loop to give each iteration its own [mark-loop]
// DIAG: private-pointer.c:[[#@LINE+9]]:5: remark: runs on the GPU, launched once per iteration of the loop at line [[#@LINE+8]], which is not parallelized and runs in order on the host [mark-loop]
// CHECK-LABEL: void rows(
// CHECK:       for (i = 0; i < n; i++) {
// CHECK:         L2C_LAUNCH_DISTINCT(l2c_device::rows_L[[#@LINE+6]],
// CHECK-SAME:      l2c::devWrites(sum, m, 0, m,
void rows(int n, int m, double A[n][m], double sum[m]) {
  int i, j;
#pragma omp parallel for private(j, sum)
  for (i = 0; i < n; i++) {
    for (j = 0; j < m; j++)
      sum[j] = A[i][j] * 2.0;
    for (j = 0; j < m; j++)
      A[i][j] = sum[j];
  }
}

// A private pointer that each iteration assigns before use is its own;
// the rows it reaches are no subscript of the loop, so the loop stays on
// the CPU.
// DIAG-NOT: is private but a pointer
// DIAG: private-pointer.c:[[#@LINE+4]]:3: warning: loop not parallelized: 'a' is used other than through a subscript{{.*}} [dependence]
void pointAt(int n, double (*a)[4], double *b) {
  double *p;
#pragma omp parallel for private(p)
  for (int i = 0; i < n; i++) {
    p = a[i];
    p[0] = b[i] + 1.0;
  }
}

// Through p, the loop writes a's rows: a is written, not const, and comes
// back to the host (a row taken as a pointer, Accesses.cpp); its count
// needs the clause, since no subscript of a shows which rows p reaches;
// and which rows the iterations write is not known, so the loop stays on
// the CPU.
// DIAG: private-pointer.c:[[#@LINE+4]]:3: warning: loop not parallelized: 'a' is used other than through a subscript{{.*}} [dependence]
void pointAtRows(int n, double (*a)[4], double *b) {
  double *p;
#pragma acc parallel loop private(p) copy(a[0:n]) copyin(b[0:n])
  for (int i = 0; i < n; i++) {
    p = a[i];
    p[0] = b[i] + 1.0;
  }
}
// CHECK-NOT: __global__ void pointAtRows_L

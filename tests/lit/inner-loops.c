// RUN: rm -rf %t && %loop2cuda --disable-rule vectorize-map %s -o %t -- -std=c99 -fopenmp 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark:
// RUN: %nochecks %t/inner-loops.cu | FileCheck %s --check-prefix=CU

// A marked loop whose iterations are not independent stays on the CPU; when
// its body is loops and statements on scalars only, it runs in order on the
// host and the loops of its body whose independence is proven run on the
// GPU, once per iteration (rewriter/frontend/loops/InnerLoops.cpp). The arrays
// stay on the device over the host loop. The diagnostics of all marked
// loops come first, then those of the loops tried in their place: DAG.

// LU decomposition (PolyBench's lu): the k loop carries A from one
// iteration to the next; the j loop and the i-j nest in it are parallel.
// CU: __global__ void lu_L[[#@LINE+24]](long long l2c_begin, long long l2c_count, double (*A)[64], int k) {
// CU: A[k][j] = A[k][j] / A[k][k];
// CU: __global__ void lu_L[[#@LINE+25]](int k, int n, double (*A)[64]) {
// CU: int i = k + 1 + l2c_ky;
// CU: int j = k + 1 + l2c_kx;
// CU: A[i][j] = A[i][j] - A[i][k] * A[k][j];
// CU-LABEL: void lu(
// CU: // loop2cuda: the region runs once, its loops on the GPU: #pragma omp parallel
// CU: l2c::toDevice(A, 64,
// CU-NEXT: // loop2cuda: the loop runs in order on the host, loops in it on the GPU: #pragma omp for private(j, i)
// CU-NEXT: for (k = 0; k < n; k++) {
// CU-NEXT: // loop2cuda: the loop at inner-loops.c:[[#@LINE+13]] runs on the GPU as lu_L[[#@LINE+13]]
// CU-NEXT: L2C_LAUNCH(l2c_device::lu_L[[#@LINE+12]],
// CU-NEXT: // loop2cuda: the loop at inner-loops.c:[[#@LINE+14]] runs on the GPU as lu_L[[#@LINE+14]] (2-D grid)
// CU-NEXT: L2C_LAUNCH(l2c_device::lu_L[[#@LINE+13]],
// CU-NEXT: }
// CU-NEXT: l2c::toHost(A, 64,
void lu(int n, double A[64][64]) {
  int i, j, k;
#pragma omp parallel
  {
#pragma omp for private(j, i)
    for (k = 0; k < n; k++) {
      // CHECK-DAG: inner-loops.c:[[#@LINE-1]]:5: warning: loop not parallelized: iterations are not independent: A[k][j] written at k=1, j=2 is written by A[i][j] at k=0, i=1, j=2 (n=3) [dependence]
      for (j = k + 1; j < n; j++)
        A[k][j] = A[k][j] / A[k][k];
      // CHECK-DAG: inner-loops.c:[[#@LINE-2]]:7: remark: runs on the GPU, launched once per iteration of the loop at line [[#@LINE-4]], which is not parallelized and runs in order on the host [mark-loop]
      for (i = k + 1; i < n; i++)
        for (j = k + 1; j < n; j++)
          A[i][j] = A[i][j] - A[i][k] * A[k][j];
      // CHECK-DAG: inner-loops.c:[[#@LINE-3]]:7: remark: runs on the GPU, launched once per iteration of the loop at line [[#@LINE-8]], which is not parallelized and runs in order on the host [mark-loop]
      // CHECK-DAG: inner-loops.c:[[#@LINE-3]]:14: remark: 'j' is assigned before it is read in every iteration: each iteration gets its own copy [dependence]
    }
  }
}

// PolyBench's symm: the i loop is not parallel (C[k][j] for every i); the
// j loop in it is, with acc and k private to each j, and every i touches
// column j only: the nest is interchanged, one thread for each j running
// the i loop in order (i, like k, is assigned before it is read in every
// iteration of j). A and B, two read-only arrays that may share memory,
// are copied before the one launch.
// CU-LABEL: void symm(
// CU: l2c::toDevice(C, 64,
// CU-NEXT: l2c::toDevice(A, 64,
// CU-NEXT: l2c::toDevice(B, 64,
// CU: // loop2cuda: the loop at inner-loops.c:[[#@LINE+9]] runs on the GPU as symm_L[[#@LINE+9]]
// CU-NEXT: L2C_LAUNCH_DISTINCT(l2c_device::symm_L[[#@LINE+8]], l2c_device::symm_L[[#@LINE+8]]_restrict,
// CU-NEXT: l2c::toHost(C, 64,
void symm(int n, double alpha, double C[64][64], double A[64][64],
          double B[64][64]) {
  int i, j, k;
  double acc;
#pragma omp parallel for private(j, acc, k)
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++) {
      acc = 0;
      for (k = 0; k < j - 1; k++) {
        C[k][j] += alpha * A[k][i] * B[i][j];
        acc += B[k][j] * A[k][i];
      }
      C[i][j] = C[i][j] + alpha * acc;
    }
  // CHECK-DAG: inner-loops.c:[[#@LINE-9]]:3: warning: loop not parallelized: iterations are not independent: C[k][j] written at i=0, j=2, k=0 is read at i=1, j=2, k=0 (n=3) [dependence]
  // CHECK-DAG: inner-loops.c:[[#@LINE-9]]:5: remark: runs on the GPU interchanged with the loop at line [[#@LINE-10]], which is not parallelized: one thread for each iteration of this loop runs that loop in order [mark-loop]
  // CHECK-DAG: inner-loops.c:[[#@LINE-11]]:8: remark: 'i' is assigned before it is read in every iteration: each iteration gets its own copy [dependence]
  // CHECK-DAG: inner-loops.c:[[#@LINE-10]]:7: remark: 'acc' is assigned before it is read in every iteration: each iteration gets its own copy [dependence]
  // CHECK-DAG: inner-loops.c:[[#@LINE-10]]:12: remark: 'k' is assigned before it is read in every iteration: each iteration gets its own copy [dependence]
  // CHECK-DAG: inner-loops.c:[[#@LINE-13]]:5: remark: assuming iterations are independent: 'C' and 'A' may point into the same memory [dependence]
  // CHECK-DAG: inner-loops.c:[[#@LINE-14]]:5: remark: assuming iterations are independent: 'C' and 'B' may point into the same memory [dependence]
}

// PolyBench's trmm: neither the i loop nor the j loop in it is parallel
// (iteration j = i reads B[i][k], which iteration j = k writes). The j loop
// stays in the host loop as written, without a warning of its own.
// CU-LABEL: void trmm(
// CU: #pragma omp parallel for private(j, k)
// CU-NEXT: for (i = 1; i < n; i++)
void trmm(int n, double alpha, double A[32][32], double B[32][32]) {
  int i, j, k;
#pragma omp parallel for private(j, k)
  for (i = 1; i < n; i++)
    for (j = 0; j < n; j++)
      for (k = 0; k < i; k++)
        B[i][j] += alpha * A[i][k] * B[j][k];
  // CHECK-DAG: inner-loops.c:[[#@LINE-4]]:3: warning: loop not parallelized: iterations are not independent: B[i][j] written at i=1, j=0, k=0 is read by B[j][k] at i=2, j=1, k=0 (n=3) [dependence]
}

// Host code in the body that touches an array (cholesky's x = A[i][i],
// here p[i] = A[i][i]) runs on the GPU in one thread, so that the arrays
// stay on the device (SerialKernels.cpp; tests/lit/serial-kernels.c).
// CU-LABEL: void hostArray(
// CU: for (i = 1; i < n; i++) {
// CU-NEXT: // loop2cuda: the statements at inner-loops.c:[[#@LINE+10]] run on the GPU in one thread as hostArray_L[[#@LINE+10]]_serial
// CU-NEXT: L2C_LAUNCH_DISTINCT(l2c_device::hostArray_L[[#@LINE+9]]_serial, l2c_device::hostArray_L[[#@LINE+9]]_serial_restrict,
// CU-NEXT: // loop2cuda: the loop at inner-loops.c:[[#@LINE+9]] runs on the GPU as hostArray_L[[#@LINE+9]]
// CU-NEXT: L2C_LAUNCH_DISTINCT(l2c_device::hostArray_L[[#@LINE+8]], l2c_device::hostArray_L[[#@LINE+8]]_restrict,
// CU-NEXT: }
// CU-NEXT: l2c::toHost(
void hostArray(int n, double A[32][32], double p[32]) {
  int i, j;
#pragma omp parallel for private(j)
  for (i = 1; i < n; i++) {
    p[i] = A[i][i];
    for (j = 0; j < n; j++)
      A[i][j] = A[i - 1][j] * p[i];
  }
  // CHECK-DAG: inner-loops.c:[[#@LINE-5]]:3: warning: loop not parallelized: iterations are not independent: A[i][j] written at i=1, j=0 is read by A[i - 1][j] at i=2, j=0 (n=3) [dependence]
  // CHECK-DAG: inner-loops.c:[[#@LINE-5]]:5: remark: runs on the GPU in one thread, in order, launched once per iteration of the loop at line [[#@LINE-6]]: the arrays stay on the device (statements to line [[#@LINE-5]]) [serial-kernels]
  // CHECK-DAG: inner-loops.c:[[#@LINE-5]]:5: remark: runs on the GPU, launched once per iteration of the loop at line [[#@LINE-7]], which is not parallelized and runs in order on the host [mark-loop]
}

// firstprivate gives each thread a copy that starts from the value before
// the loop; running the loop in order would not: left to the CPU.
void firstPrivate(int n, double A[32][32], int t) {
  int i, j;
#pragma omp parallel for private(j) firstprivate(t)
  for (i = 1; i < n; i++) {
    t = t + 1;
    for (j = 0; j < n; j++)
      A[i][j] = A[i - 1][j] + t;
  }
  // CHECK-DAG: inner-loops.c:[[#@LINE-5]]:3: warning: loop not parallelized: iterations are not independent: A[i][j] written at i=1, j=0 is read by A[i - 1][j] at i=2, j=0 (n=3) [dependence]
}

// One loop of the body cannot be proven (B carries a value along j): none
// of them goes to the GPU, and the marked loop stays on the CPU whole.
void allOrNone(int n, double A[32][32], double B[32][32]) {
  int i, j;
#pragma omp parallel for private(j)
  for (i = 1; i < n; i++) {
    for (j = 0; j < n; j++)
      A[i][j] = A[i - 1][j] + 1;
    for (j = 1; j < n; j++)
      B[i][j] = B[i][j - 1] + A[i][j];
  }
  // CHECK-DAG: inner-loops.c:[[#@LINE-6]]:3: warning: loop not parallelized: iterations are not independent: A[i][j] written at i=1, j=0 is read by A[i - 1][j] at i=2, j=0 (n=3) [dependence]
}

// A recurrence in the body is no scan there: nobody marked that loop, and
// a scan would reassociate its sums. The marked loop stays on the CPU.
void noScan(int n, double A[32][32], double s[32]) {
  int i, j;
#pragma omp parallel for private(j)
  for (i = 1; i < n; i++) {
    for (j = 1; j < n; j++)
      s[j] = s[j - 1] + A[i][j];
  }
  // CHECK-DAG: inner-loops.c:[[#@LINE-4]]:3: warning: loop not parallelized: {{.*}} [dependence]
}
// CU-NOT: loop2cuda: the loop runs in order
// CHECK: 7 warnings generated.

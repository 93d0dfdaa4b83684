// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c99 -fopenmp 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark:
// RUN: %nochecks %t/openmp-barrier-in-for.cu | FileCheck %s --check-prefix=CU

// PolyBench-ACC's ludcmp: a barrier inside an `omp for` loop (not valid
// OpenMP: Clang and GCC reject the file) is read as a comment
// (rewriter/driver/OpenMPRepair.h); the region's `y[0] = b[0];`, which every
// thread would run with the same result, runs once; the i loop is not
// parallel, and its two j loops, which share the private scalars w and k,
// run on the GPU once per iteration.

// CU-LABEL: void lud(
// CU:       b[0] = 1.0;
// CU:       l2c::toDevice(A, 65,
// CU-NEXT:  // loop2cuda: the loop runs in order on the host, loops in it on the GPU: #pragma omp for private(j, k, w)
// CU-NEXT:  for (i = 0; i < n; i++) {
// CU-NEXT:    // loop2cuda: the loop at openmp-barrier-in-for.c:[[#@LINE+19]] runs on the GPU
// CU-NEXT:    L2C_LAUNCH{{(_DISTINCT)?}}(
// CU-NEXT:    // omp barrier
// CU-NEXT:    // loop2cuda: the loop at openmp-barrier-in-for.c:[[#@LINE+27]] runs on the GPU
// CU-NEXT:    L2C_LAUNCH{{(_DISTINCT)?}}(
// CU-NEXT:  }
// CU-NEXT:  y[0] = b[0];
// CU:       l2c::toHost(A, 65,
// CU:       x[n] = y[n] / A[n][n];
void lud(int n, double A[65][65], double b[65], double x[65], double y[65]) {
  int i, j, k;
  double w;
  b[0] = 1.0;
#pragma omp parallel
  {
#pragma omp for private(j, k, w)
    for (i = 0; i < n; i++) {
      // CHECK-DAG: openmp-barrier-in-for.c:[[#@LINE-1]]:5: warning: loop not parallelized: iterations are not independent: A[j][i] written at i=0, j=2 is read by A[j][k] at i=1, j=2, k=0 (n=2) [dependence]
      // CHECK-DAG: note: found here
      for (j = i + 1; j <= n; j++) {
        // CHECK-DAG: openmp-barrier-in-for.c:[[#@LINE-1]]:7: remark: runs on the GPU, launched once per iteration of the loop at line [[#@LINE-4]], which is not parallelized and runs in order on the host [mark-loop]
        w = A[j][i];
        // CHECK-DAG: openmp-barrier-in-for.c:[[#@LINE-1]]:9: remark: 'w' is assigned before it is read in every iteration: each iteration gets its own copy [dependence]
        for (k = 0; k < i; k++)
          // CHECK-DAG: openmp-barrier-in-for.c:[[#@LINE-1]]:14: remark: 'k' is assigned before it is read in every iteration: each iteration gets its own copy [dependence]
          w = w - A[j][k] * A[k][i];
        A[j][i] = w / A[i][i];
      }
#pragma omp barrier
      // CHECK-DAG: openmp-barrier-in-for.c:[[#@LINE-1]]:1: warning: a barrier inside a worksharing loop is not valid OpenMP (compilers reject it): no barrier can order the iterations of one loop; loop2cuda reads the loop without it, as one thread would run it [mark-loop]
      for (j = i + 1; j <= n; j++) {
        // CHECK-DAG: openmp-barrier-in-for.c:[[#@LINE-1]]:7: remark: runs on the GPU, launched once per iteration of the loop at line [[#@LINE-15]], which is not parallelized and runs in order on the host [mark-loop]
        w = A[i + 1][j];
        // CHECK-DAG: openmp-barrier-in-for.c:[[#@LINE-1]]:9: remark: 'w' is assigned before it is read in every iteration: each iteration gets its own copy [dependence]
        for (k = 0; k <= i; k++)
          // CHECK-DAG: openmp-barrier-in-for.c:[[#@LINE-1]]:14: remark: 'k' is assigned before it is read in every iteration: each iteration gets its own copy [dependence]
          w = w - A[i + 1][k] * A[k][j];
        A[i + 1][j] = w;
      }
    }
    y[0] = b[0];
    x[n] = y[n] / A[n][n];
  }
}

// A scalar that the region both reads and writes in one statement does not
// hold one value in every thread: the region stays on the CPU.
void counts(int n, double *a, int *calls) {
#pragma omp parallel
  // CHECK-DAG: openmp-barrier-in-for.c:[[#@LINE-1]]:1: warning: parallel region not translated: every thread of the region runs 'calls[0] = calls[0] + 1' at line [[#@LINE+6]]; only worksharing loops, declarations, barriers, 'single'/'master' blocks and assignments of one value to a shared variable can run once instead [mark-loop]
  // CHECK-DAG: note: found here
  {
#pragma omp for
    for (int i = 0; i < n; i++)
      a[i] = 2.0 * a[i];
    calls[0] = calls[0] + 1;
  }
  // CHECK-DAG: openmp-barrier-in-for.c:[[#@LINE-4]]:5: warning: loop not parallelized: it is in the parallel region at line [[#@LINE-9]], which stays on the CPU [mark-loop]
}

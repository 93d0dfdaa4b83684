// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c99 -fopenmp 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning: --implicit-check-not='[serial-kernels]'
// RUN: %nochecks %t/serial-kernels.cu | FileCheck %s --check-prefix=CU
// RUN: rm -rf %t && %loop2cuda --disable-rule serial-kernels %s -o %t -- -std=c99 -fopenmp 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OFF
// OFF-NOT: [serial-kernels]
// OFF: serial-kernels.c:[[#@LINE+40]]:3: warning: loop not parallelized

// A rejected marked loop runs in order on the host and the parallel loops
// of its body on the GPU (inner-loops.c); the other statements of the body
// run in kernels of one thread between them, so that the arrays stay on
// the device (rewriter/frontend/loops/SerialKernels.cpp, extract-serial-kernel
// in rules/extract-kernel.rules). The diagnostics of the marked loops come
// first, then those of the kernels in their place: DAG.

#include <math.h>

// PolyBench's gramschmidt: the column norm (nrm private to the run, a sum
// in order, no reduction) and R[k][k] in one thread.
// CU: // loop2cuda kernel gramschmidt_L[[#@LINE+28]]_serial: from the statements at serial-kernels.c:[[#@LINE+28]]
// CU-NEXT: // rules: extract-kernel
// CU-NEXT: __global__ void gramschmidt_L[[#@LINE+26]]_serial(long long l2c_begin, long long l2c_count, int ni, const double (*A)[64], int k, double (*R)[64]) {
// CU-NEXT:   double nrm;
// CU-NEXT:   int i;
// CU-NEXT:   nrm = 0;
// CU-NEXT:   for (i = 0; i < ni; i++) {
// CU-NEXT:     nrm += A[i][k] * A[i][k];
// CU-NEXT:   }
// CU-NEXT:   R[k][k] = sqrt(nrm);
// CU-NEXT: }
// CU-LABEL: void gramschmidt(
// CU: l2c::toDevice(A, 64,
// CU: for (k = 0; k < nj; k++) {
// CU-NEXT: // loop2cuda: the statements at serial-kernels.c:[[#@LINE+14]] run on the GPU in one thread as gramschmidt_L[[#@LINE+14]]_serial
// CU-NEXT: L2C_LAUNCH_DISTINCT(l2c_device::gramschmidt_L[[#@LINE+13]]_serial, l2c_device::gramschmidt_L[[#@LINE+13]]_serial_restrict, "serial-kernels.c:[[#@LINE+13]]", l2c::gridFor(1, 1), 1, 0, 1,
// CU-NEXT: // loop2cuda: the loop at serial-kernels.c:[[#@LINE+16]] runs on the GPU as gramschmidt_L[[#@LINE+16]]
// CU-NEXT: L2C_LAUNCH{{(_DISTINCT)?}}(
// CU-NEXT: // loop2cuda: the loop at serial-kernels.c:[[#@LINE+16]] runs on the GPU as gramschmidt_L[[#@LINE+16]]
// CU-NEXT: L2C_LAUNCH{{(_DISTINCT)?}}(
// CU-NEXT: }
// CU-NEXT: l2c::toHost(
void gramschmidt(int ni, int nj, double A[64][64], double R[64][64],
                 double Q[64][64]) {
  int i, j, k;
  double nrm;
#pragma omp parallel for private(i, j)
  for (k = 0; k < nj; k++) {
    nrm = 0;
    for (i = 0; i < ni; i++)
      nrm += A[i][k] * A[i][k];
    R[k][k] = sqrt(nrm);
    for (i = 0; i < ni; i++)
      Q[i][k] = A[i][k] / R[k][k];
    for (j = k + 1; j < nj; j++) {
      R[k][j] = 0;
      for (i = 0; i < ni; i++)
        R[k][j] += Q[i][k] * A[i][j];
      for (i = 0; i < ni; i++)
        A[i][j] = A[i][j] - Q[i][k] * R[k][j];
    }
  }
  // CHECK-DAG: serial-kernels.c:[[#@LINE-15]]:3: warning: loop not parallelized: iterations are not independent: A[i][j] written at k=0, j=1, i=0 is read by A[i][k] at k=1, i=0 (nj=2, ni=1) [dependence]
  // CHECK-DAG: serial-kernels.c:[[#@LINE-15]]:5: remark: runs on the GPU in one thread, in order, launched once per iteration of the loop at line [[#@LINE-16]]: the arrays stay on the device (statements to line [[#@LINE-12]]) [serial-kernels]
  // CHECK-DAG: serial-kernels.c:[[#@LINE-12]]:5: remark: runs on the GPU, launched once per iteration of the loop at line [[#@LINE-17]], which is not parallelized and runs in order on the host [mark-loop]
  // CHECK-DAG: serial-kernels.c:[[#@LINE-11]]:5: remark: runs on the GPU, launched once per iteration of the loop at line [[#@LINE-18]], which is not parallelized and runs in order on the host [mark-loop]
}

// r is read by the next loop: a kernel of one thread cannot hand it over
// (its launch brings no value back), so the loop stays on the CPU whole.
// CU-LABEL: void liveScalar(
// CU-NOT: L2C_LAUNCH
// CU: }
void liveScalar(int n, double A[64][64], double Q[64][64]) {
  int i, k;
  double r;
#pragma omp parallel for private(i)
  for (k = 1; k < n; k++) {
    r = sqrt(A[k][k]);
    for (i = 0; i < n; i++)
      Q[i][k] = A[i][k - 1] / r;
    for (i = 0; i < n; i++)
      A[i][k] = Q[i][k] + A[i][k - 1];
  }
  // CHECK-DAG: serial-kernels.c:[[#@LINE-7]]:3: warning: loop not parallelized: iterations are not independent: A[i][k] written at k=1, i=0 is read by A[i][k - 1] at k=2, i=0 (n=3) [dependence]
}

// durbin: the statements hold a loop as deep as the parallel one; one GPU
// thread would run the recurrence many times slower than the CPU core.
// CU-LABEL: void durbinLike(
// CU-NOT: L2C_LAUNCH
// CU: }
void durbinLike(int n, double y[64][64], double s[64][64], double r[64]) {
  int i, k;
#pragma omp parallel for private(i)
  for (k = 1; k < n; k++) {
    s[0][k] = r[k];
    for (i = 0; i < k; i++)
      s[i + 1][k] = s[i][k] + r[k - i - 1] * y[i][k - 1];
    for (i = 0; i < k; i++)
      y[i][k] = y[i][k - 1] + s[k][k] * y[k - i - 1][k - 1];
  }
  // CHECK-DAG: serial-kernels.c:[[#@LINE-7]]:3: warning: loop not parallelized: iterations are not independent: y[i][k] written at k=1, i=0 is read by y[i][k - 1] at k=2, i=0 (n=3) [dependence]
}

// d is declared by the statements and read by the parallel loop: it would
// leave the host code with them. The loop stays on the CPU.
// CU-LABEL: void declaredHere(
// CU-NOT: L2C_LAUNCH
// CU: }
void declaredHere(int n, double A[64][64], double B[64][64]) {
  int j, k;
#pragma omp parallel for private(j)
  for (k = 1; k < n; k++) {
    double d = A[k][k] + 1;
    for (j = 0; j < n; j++)
      B[k][j] = B[k - 1][j] * d;
    A[k][0] = d;
  }
  // CHECK-DAG: serial-kernels.c:[[#@LINE-6]]:3: warning: loop not parallelized: iterations are not independent: B[k][j] written at k=1, j=0 is read by B[k - 1][j] at k=2, j=0 (n=3) [dependence]
}
// CHECK: 4 warnings generated.

// RUN: rm -rf %t && %loop2cuda %s -o %t -- 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: %nochecks %t/openmp-inner-simd.cu | FileCheck %s
// RUN: rm -rf %t.off && %loop2cuda %s -o %t.off --disable-rule inner-simd -- 2>&1 | FileCheck %s --check-prefix=OFF
// OFF: openmp-inner-simd.c:24:3: warning: loop not parallelized: OpenMP directives inside the loop are not supported

// `#pragma omp simd` (or `omp loop`) on a loop inside a marked loop: each
// GPU thread runs that loop in order, one of the executions OpenMP allows.
// The analyses see its accesses as those of any inner loop; a clause that
// running in order does not satisfy keeps the marked loop on the CPU.
#include <math.h>
#define N 64
double A[N][N], x[N], y[N], B[N][N];
double total;

// A reduction updated only in its operator's form is the running value.
// CHECK-LABEL: __global__ void mv_L
// CHECK:         double s = 0.0;
// CHECK-NEXT:    for (j = 0; j < n; j++) {
// CHECK-NEXT:      s += A[i][j] * x[j];
// CHECK-NEXT:    }
void mv(int n) {
  int i, j;
#pragma omp parallel for private(j)
  for (i = 0; i < n; i++) {
    double s = 0.0;
#pragma omp simd reduction(+ : s)
    for (j = 0; j < n; j++)
      s += A[i][j] * x[j];
    y[i] = s;
  }
}

// The dependence test sees the inner loop's accesses: the loop carries a
// dependence through B. The inner loop, proven independent, runs in
// parallel with the marked loop in order inside it.
// DIAG: openmp-inner-simd.c:[[#@LINE+3]]:3: warning: loop not parallelized: iterations are not independent: B[i][j] written at i=1, j=0 is read by B[i - 1][j] at i=2, j=0 (n=3) [dependence]
void carried(int n) {
#pragma omp parallel for
  for (int i = 1; i < n; i++) {
#pragma omp simd
    for (int j = 0; j < n; j++)
      B[i][j] = B[i - 1][j] + 1.0;
  }
}

// A dependence that no order of the two loops removes: rejected.
// DIAG: openmp-inner-simd.c:[[#@LINE+4]]:3: warning: loop not parallelized: iterations are not independent
// DIAG-NOT: interchanged with the loop at line [[#@LINE+3]]
void skewed(int n) {
#pragma omp parallel for
  for (int i = 1; i < n; i++) {
#pragma omp simd
    for (int j = 0; j < n - 1; j++)
      B[i][j] = B[i - 1][j + 1] + B[i][j + 1];
  }
}

// A shared scalar that the simd loop reduces races between GPU threads
// (and between OpenMP threads): rejected as any other written scalar.
// DIAG: openmp-inner-simd.c:[[#@LINE+3]]:3: warning: loop not parallelized: scalar 'total' is written in the loop and is not a reduction; add reduction(+:total) to the pragma [reduction]
void sharedSum(int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
#pragma omp simd reduction(+ : total)
    for (int j = 0; j < n; j++)
      total += A[i][j];
  }
}

// The same variable reduced by both loops: the marked loop's reduction.
// CHECK-LABEL: __global__ void both_L
// CHECK:         s = s + A[i][j];
double both(int n) {
  double s = 0.0;
#pragma omp parallel for reduction(+ : s)
  for (int i = 0; i < n; i++) {
#pragma omp simd reduction(+ : s)
    for (int j = 0; j < n; j++)
      s += A[i][j];
  }
  return s;
}

// No braces; clauses without effect on a loop run in order.
// CHECK-LABEL: __global__ void noBraces_L
// CHECK:         B[i][j] = A[i][j] + x[j];
void noBraces(int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
#pragma omp simd safelen(8) aligned(x : 64) simdlen(4) nontemporal(B)
    for (int j = 0; j < n; j++)
      B[i][j] = A[i][j] + x[j];
}

// max and min reductions, lastprivate, `omp loop`.
// CHECK-LABEL: __global__ void forms_L
// CHECK:         m2 = fmin(m2, A[i][j]);
void forms(int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    double m = A[i][0], m2 = A[i][0], last = 0.0;
#pragma omp simd reduction(max : m) reduction(min : m2) lastprivate(last)
    for (int j = 0; j < n; j++) {
      if (A[i][j] > m)
        m = A[i][j];
      m2 = fmin(m2, A[i][j]);
      last = A[i][j];
    }
#pragma omp loop bind(thread)
    for (int j = 0; j < n; j++)
      B[i][j] = m - m2 + last;
  }
}

// private(t) where the marked loop also reads t after the inner loop:
// OpenMP leaves t as it was there, the loop in order would not.
// DIAG: openmp-inner-simd.c:[[#@LINE+4]]:3: warning: loop not parallelized: the 'private' clause of the inner '#pragma omp simd' names 't', which the marked loop also uses outside the inner loop; in order, the inner loop would change it there [extract-kernel]
// DIAG: openmp-inner-simd.c:[[#@LINE+5]]:1: note: found here
void privateUsedAfter(int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    double t = 1.0;
#pragma omp simd private(t)
    for (int j = 0; j < n; j++) {
      t = A[i][j] * 2.0;
      B[i][j] = t;
    }
    y[i] = t;
  }
}

// linear(k) of a variable the body steps itself: in OpenMP each iteration
// starts from k + j, in order k would not step.
// DIAG: openmp-inner-simd.c:[[#@LINE+3]]:3: warning: loop not parallelized: the 'linear' clause of the inner '#pragma omp simd' names 'k', which is not the loop's index; running in order would not step it [extract-kernel]
void linearOther(int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    int k = 0;
#pragma omp simd linear(k : 1)
    for (int j = 0; j < n; j++)
      B[i][k] = A[i][j];
  }
}

// A reduction variable read other than in its updates: each SIMD lane
// would read its own partial value.
// DIAG: openmp-inner-simd.c:[[#@LINE+3]]:3: warning: loop not parallelized: the 'reduction' clause of the inner '#pragma omp simd' reduces 's', which the loop uses other than in updates 'x += e'; in order, those uses would see the running value [extract-kernel]
void readsRunning(int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    double s = 1.0;
#pragma omp simd reduction(+ : s)
    for (int j = 0; j < n; j++) {
      s += A[i][j];
      B[i][j] = s;
    }
    y[i] = s;
  }
}

// The if clause is not implemented.
// DIAG: openmp-inner-simd.c:[[#@LINE+3]]:3: warning: loop not parallelized: the 'if' clause of the inner '#pragma omp simd' is not implemented [extract-kernel]
void withIf(int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
#pragma omp simd if (n > 8)
    for (int j = 0; j < n; j++)
      B[i][j] = A[i][j] + 1.0;
  }
}

// A loop that stays on the CPU keeps its simd pragma.
// CHECK-LABEL: void keptOnCpu(
// CHECK:       #pragma omp simd if (n > 8)
void keptOnCpu(int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
#pragma omp simd if (n > 8)
    for (int j = 0; j < n; j++)
      y[i] += A[i][j];
  }
}

// An element of an array as the reduction's list item (OpenMP 5), its
// subscript fixed in the inner loop: PolyBench's atax in OpenMP 5 form.
// CHECK-LABEL: __global__ void elementSum_L
// CHECK:         tmp[i] = tmp[i] + A[i][j] * x[j];
double tmp[N];
void elementSum(int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    tmp[i] = 0.0;
#pragma omp simd reduction(+ : tmp[i])
    for (int j = 0; j < n; j++)
      tmp[i] = tmp[i] + A[i][j] * x[j];
  }
}

// An element whose subscript the inner loop changes is no single item.
// DIAG: openmp-inner-simd.c:[[#@LINE+4]]:3: warning: loop not parallelized: the 'reduction' clause of the inner '#pragma omp simd' reduces 'tmp[k]', which is not a scalar (or an element whose subscript the loop keeps) with a built-in operator [extract-kernel]
void movingElement(int n) {
  int k = 0;
#pragma omp parallel for firstprivate(k)
  for (int i = 0; i < n; i++) {
#pragma omp simd reduction(+ : tmp[k])
    for (int j = 0; j < n; j++) {
      tmp[k] += A[i][j];
      k = j % 4;
    }
  }
}

// The marked loop carries a dependence; its simd loop, proven independent,
// runs on the GPU once per iteration: the launch replaces the loop from
// its pragma on (the pragma before a launch was a compile error under
// -fopenmp).
// DIAG: openmp-inner-simd.c:[[#@LINE+10]]:5: remark: runs on the GPU, launched once per iteration of the loop at line [[#@LINE+8]], which is not parallelized and runs in order on the host [mark-loop]
// CHECK-LABEL: void perRow(
// CHECK:         for (int i = 1; i < n; i++) {
// CHECK-NEXT:      // loop2cuda: the loop at openmp-inner-simd.c:[[#@LINE+7]] runs on the GPU as perRow_L[[#@LINE+7]]
// CHECK-NEXT:      L2C_LAUNCH(
// CHECK-NEXT:      // loop2cuda: the loop at
void perRow(int n) {
#pragma omp parallel for
  for (int i = 1; i < n; i++) {
#pragma omp simd
    for (int j = 0; j < n; j++)
      B[i][j] = B[i - 1][j] + 1.0;
    for (int j = 0; j < n; j++)
      y[j] = B[i][j] * 2.0;
  }
}

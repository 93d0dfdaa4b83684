// RUN: rm -rf %t && %loop2cuda --min-launch-work=0 %s -o %t -- -std=c99 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning: --implicit-check-not="checked at run time"
// RUN: %nochecks %t/dependences-row-offset.cu | FileCheck %s --check-prefix=CU

// A flat array whose rows are m plus a constant long (Rodinia's backprop:
// w[k * (ndelta + 1) + j]) is taken as rows of that length: the subscript
// k*m + k + j is k*(m + 1) + j (ExactDependences.cpp, rowOffset), and isl
// decides the nest without a probe when 0 <= j < m + 1 always holds.

// CU: __global__ void times_L[[#@LINE+4]](
// CHECK: [[#@LINE+3]]:3: remark: assuming iterations are independent: 'w' and 'd' may point
void times(float *w, const float *d, int n, int m) {
#pragma omp parallel for
  for (int j = 1; j <= n; j++)
    for (int k = 0; k <= m; k++)
      w[k * (n + 1) + j] += d[j] * k;
}

// The length first.
// CU: __global__ void lengthFirst_L[[#@LINE+4]](
// CHECK: [[#@LINE+3]]:3: remark: assuming iterations are independent
void lengthFirst(float *w, const float *d, int n, int m) {
#pragma omp parallel for
  for (int j = 1; j <= n; j++)
    for (int k = 0; k <= m; k++)
      w[(n + 1) * k + j] += d[j] * k;
}

// Multiplied out, through a temporary, rows of n + 2.
// CU: __global__ void temporary_L[[#@LINE+4]](
// CHECK: [[#@LINE+3]]:3: remark: assuming iterations are independent
void temporary(float *w, const float *d, int n, int m) {
#pragma omp parallel for
  for (int j = 0; j < n + 2; j++)
    for (int k = 0; k < m; k++) {
      int row = k * n + 2 * k;
      w[row + j] += d[j] * k;
    }
}

// j reaches n + 1, the next row's first element: not provably in a row, so
// the probe decides at run time.
// CU: __global__ void pastTheRow_L[[#@LINE+5]]_writes(
// CHECK: [[#@LINE+4]]:3: remark: assuming iterations are independent
// CHECK: [[#@LINE+5]]:7: remark: iterations are checked at run time: subscript 'w[k * (n + 1) + j]'
void pastTheRow(float *w, const float *d, int n, int m) {
#pragma omp parallel for
  for (int j = 0; j <= n + 1; j++)
    for (int k = 0; k <= m; k++)
      w[k * (n + 1) + j] += d[j] * k;
}

// Each row reads the one before it: a dependence of the marked loop.
// CHECK: [[#@LINE+4]]:3: warning: loop not parallelized: iterations are not independent: w[k * (n + 1) + j] written at k=1, j=0 is read by w[(k - 1) * (n + 1) + j] at k=2, j=0
// CHECK: [[#@LINE+4]]:5: remark: runs on the GPU interchanged
void rowBelow(float *w, int n, int m) {
#pragma omp parallel for
  for (int k = 1; k <= m; k++)
    for (int j = 0; j <= n; j++)
      w[k * (n + 1) + j] += w[(k - 1) * (n + 1) + j];
}

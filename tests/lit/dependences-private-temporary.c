// RUN: rm -rf %t && %loop2cuda --min-launch-work=0 %s -o %t -- -std=gnu89 -fopenmp 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %nochecks %t/dependences-private-temporary.cu | FileCheck %s --check-prefix=CU

// An index temporary declared at the top of the function, as old C writes
// it, named in private(k) and set first in the body of an inner loop
// (Rodinia's srad: k = i * cols + j): k is that value there, so J[k] is
// row i, column j to the dependence test (found by a helper's hunt: the
// loop was called a histogram).

void declaredAtTop(float *J, const float *c, int rows, int cols) {
  int i, j, k;
#pragma omp parallel for private(j, k)
  for (i = 0; i < rows; i++)
    for (j = 0; j < cols; j++) {
      k = i * cols + j;
      J[k] = J[k] + 0.25f * c[k];
    }
}
// CU: __global__ void declaredAtTop_L13(

void inBlock(float *J, const float *c, int rows, int cols) {
  int i, j, k;
#pragma omp parallel for private(j, k)
  for (i = 0; i < rows; i++) {
    for (j = 0; j < cols; j++) {
      k = j + cols * i;
      J[k] += c[k];
    }
  }
}
// CU: __global__ void inBlock_L24(

// k does not move with i: every i updates the same row.
void sameRow(float *J, const float *c, int rows, int cols) {
  int i, j, k;
#pragma omp parallel for private(j, k)
  for (i = 0; i < rows; i++)
    for (j = 0; j < cols; j++) {
      k = j;
      J[k] = J[k] + c[i * cols + j];
    }
}
// CHECK-DAG: dependences-private-temporary.c:[[@LINE-6]]:3: warning: loop not parallelized:

// k is read after the inner loop too (its last value): no proof, and a
// probe decides at run time.
void readAfter(float *J, float *last, int rows, int cols) {
  int i, j, k;
#pragma omp parallel for private(j, k)
  for (i = 0; i < rows; i++) {
    for (j = 0; j < cols; j++) {
      k = i * cols + j;
      J[k] = J[k] * 2;
    }
    last[i] = J[k];
  }
}
// CHECK-DAG: dependences-private-temporary.c:[[@LINE-5]]:7: remark: iterations are checked at run time: subscript 'J[k]' uses 'k'
// CU: __global__ void readAfter_L50(

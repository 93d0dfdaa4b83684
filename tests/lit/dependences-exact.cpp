// RUN: %loop2cuda %s -o %t -- -std=c++17 -fopenmp 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning:
// RUN: %loop2cuda --strict %s -o %t.strict -- -std=c++17 -fopenmp 2>&1 \
// RUN:   | FileCheck %s --check-prefix=STRICT

// The exact dependence test (isl, rewriter/deps): every subscript of the
// nest, symbolic bounds as parameters. A dependence it proves rejects the
// loop, with or without --strict, and the warning names the two accesses
// and the iterations that conflict.

// Different coefficients.
// CHECK: dependences-exact.cpp:[[@LINE+3]]:3: warning: loop not parallelized: iterations are not independent: a[2 * i + 1] written at i=0 is read by a[i] at i=1 (n=2) [dependence]
void strided(int n, float *__restrict__ a) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[2 * i + 1] = a[i] + 1;
}

// A constant subscript.
// CHECK: dependences-exact.cpp:[[@LINE+3]]:3: warning: loop not parallelized: iterations are not independent: a[i] written at i=0 is read by a[0] at i=1 (n=2) [dependence]
void fixed(int n, float *__restrict__ a) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] = a[i] + a[0];
}

// Through an inner loop: row i reads row i + 1 of the same array.
// CHECK: dependences-exact.cpp:[[@LINE+3]]:3: warning: loop not parallelized: iterations are not independent: A[i][j] written at i=1, j=0 is read by A[i + 1][j] at i=0, j=0 (n=3, m=1) [dependence]
void rows(int n, int m, double A[16][16]) {
#pragma omp parallel for
  for (int i = 0; i < n - 1; i++)
    for (int j = 0; j < m; j++)
      A[i][j] = A[i + 1][j];
}

// Proven independent, where the old test would have given up: odd and even
// elements, one column of a fixed row, disjoint halves.
void odd_even(int n, float *__restrict__ a) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[2 * i + 1] = a[2 * i] + 1;
}
void one_row(int n, float A[16][16]) {
#pragma omp parallel for
  for (int i = 0; i < 16; i++)
    A[0][i] = A[1][i] * 2;
}
void halves(float *__restrict__ a) {
#pragma omp parallel for
  for (int i = 0; i < 100; i++)
    a[i] = a[i + 100];
}

// Sibling inner loops: the second reads what the first wrote in the same
// row only.
void siblings(int n, float A[16][16], float B[16][16]) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < 16; j++)
      A[i][j] = j;
    for (int k = 1; k < 16; k++)
      B[i][k] = A[i][k - 1];
  }
}

// Indirect subscripts stay a remark (a rejection under --strict).
// CHECK: dependences-exact.cpp:[[@LINE+5]]:5: remark: iterations are checked at run time: subscript 'a[idx[i]]' reads 'idx[i]' from memory{{.*}} [dependence]
// STRICT: dependences-exact.cpp:[[@LINE+3]]:3: warning: loop not parallelized: subscript 'a[idx[i]]' reads 'idx[i]' from memory [dependence]
void indirect(int n, float *__restrict__ a, const int *__restrict__ idx) {
#pragma loop2cuda parallel copy(a[0:n]) copyin(idx[0:n])
  for (int i = 0; i < n; i++)
    a[idx[i]] = 1;
}

// A bound that is a quotient of the parameters (len / 2) is a floor in isl,
// tied to len, so the dependence is still proven
// (DataRaceBench DRB034) with a witness that holds (len / 2 = 2 for len=4).
void halfBound(int len, int *a) {
#pragma omp parallel for
  for (int i = 0; i < len / 2; i++)
    a[2 * i + 1] = a[i] + 1;
// CHECK: dependences-exact.cpp:[[@LINE-2]]:3: warning: loop not parallelized: iterations are not independent: a[2 * i + 1] written at i=0 is read by a[i] at i=1 (len=4) [dependence]
// CHECK: dependences-exact.cpp:[[@LINE-2]]:20: note: found here
}

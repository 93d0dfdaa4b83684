/* GPU comparison test: OpenACC as C programs write it. Built with gcc
 * (which ignores '#pragma acc' without -fopenacc, so it runs sequentially)
 * and through loop2cuda; the two outputs must be identical. Values stay
 * small integers in doubles, so that every sum is exact on both sides. */
#include <stdio.h>
#include <stdlib.h>

#define N 1000
#define M 70

static double A[N][M], B[N][M];

static double sum1(const double *v, int n) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += v[i] * (i % 7 + 1);
  return s;
}

static double sum2(double (*v)[M]) {
  double s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      s += v[i][j] * ((i + 2 * j) % 5 + 1);
  return s;
}

/* parallel loop with data clauses and tuning clauses. */
static void saxpy(int n, double a, const double *restrict x,
                  double *restrict y) {
#pragma acc parallel loop gang vector vector_length(128) copyin(x[0:n]) \
    copy(y[0:n])
  for (int i = 0; i < n; i++)
    y[i] = a * x[i] + y[i];
}

/* A reduction, sections without a lower bound. */
static double dot(int n, const double *restrict x, const double *restrict y) {
  double s = 0;
#pragma acc parallel loop reduction(+ : s) present(x[:n], y[:n])
  for (int i = 0; i < n; i++)
    s += x[i] * y[i];
  return s;
}

/* collapse(2) with a private inner counter, C arrays. */
static void transpose2(int n, int m) {
  int i, j;
#pragma acc parallel loop collapse(2) private(j)
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      B[i][j] = 2 * A[i][j] + i - j;
}

/* gang/vector nest: an outer parallel loop with an inner acc loop. */
static void rows(int n, int m, double *restrict out) {
#pragma acc parallel loop gang copyout(out[0:n * m])
  for (int i = 0; i < n; i++) {
#pragma acc loop vector
    for (int j = 0; j < m; j++)
      out[i * m + j] = A[i][j] * 3 - j;
  }
}

/* A parallel region of two acc loops, and a kernels region whose loops the
 * tool must prove independent (restrict pointers). */
static void regions(int n, double *restrict a, double *restrict b) {
#pragma acc parallel copy(a[0:n], b[0:n])
  {
#pragma acc loop
    for (int i = 0; i < n; i++)
      a[i] = a[i] + 1;
#pragma acc loop independent
    for (int i = 0; i < n; i++)
      b[i] = b[i] * 2;
  }
#pragma acc kernels copy(a[0:n], b[0:n])
  {
    for (int i = 0; i < n; i++)
      a[i] = a[i] + b[i];
#pragma acc loop
    for (int i = 1; i < n; i++)
      b[i] = a[i] - 1;
  }
}

/* kernels loop with a max reduction and firstprivate. */
static double maxScaled(int n, const double *restrict x, double f) {
  double m = -1;
#pragma acc kernels loop independent reduction(max : m) firstprivate(f)
  for (int i = 0; i < n; i++) {
    double v = x[i] * f;
    m = v > m ? v : m;
  }
  return m;
}

int main(void) {
  int n = N;
  double *x = malloc(n * sizeof(double));
  double *y = malloc(n * sizeof(double));
  for (int i = 0; i < n; i++) {
    x[i] = i % 13;
    y[i] = (i * 7) % 11;
  }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      A[i][j] = (i * 3 + j) % 17;

  saxpy(n, 2, x, y);
  printf("saxpy %.1f\n", sum1(y, n));
  printf("dot %.1f\n", dot(n, x, y));
  transpose2(N, M);
  printf("collapse %.1f\n", sum2(B));
  double *out = malloc(N * M * sizeof(double));
  rows(N, M, out);
  printf("rows %.1f\n", sum1(out, N * M));
  regions(n, x, y);
  printf("regions %.1f %.1f\n", sum1(x, n), sum1(y, n));
  printf("max %.1f\n", maxScaled(n, y, 3));
  free(out);
  free(x);
  free(y);
  return 0;
}

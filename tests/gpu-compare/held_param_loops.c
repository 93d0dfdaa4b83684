/* GPU comparison test: rule set hold-loops. fdtd-2d's form: a time loop in
 * a function whose array parameters may share memory, so move-copies keeps
 * their copies next to the kernels, and hold-loops holds the arrays over
 * the loop (runtime/loop2cuda_present.cuh skips and defers the copies).
 * Called with distinct arrays (the holds keep the data on the device) and
 * with two parameters that point into one array, one row apart (the
 * runtime finds the overlap and breaks the holds). Built with gcc
 * (sequentially) and through loop2cuda; the two outputs must be identical.
 * The values are multiples of 1/4 that stay exact. */
#include <stdio.h>
#include <stdlib.h>

#define N 256

static void sweeps(int steps, int n, double ex[N][N], double ey[N][N],
                   double hz[N][N], double fict[64]) {
  int t, i, j;
  for (t = 0; t < steps; t++) {
#pragma omp parallel for
    for (j = 0; j < n; j++)
      ey[0][j] = fict[t];
#pragma omp parallel for private(j)
    for (i = 1; i < n; i++)
      for (j = 0; j < n; j++)
        ey[i][j] = ey[i][j] - 0.5 * (hz[i][j] - hz[i - 1][j]);
#pragma omp parallel for private(j)
    for (i = 0; i < n; i++)
      for (j = 1; j < n; j++)
        ex[i][j] = ex[i][j] - 0.5 * (hz[i][j] - hz[i][j - 1]);
#pragma omp parallel for private(j)
    for (i = 0; i < n - 1; i++)
      for (j = 0; j < n - 1; j++)
        hz[i][j] = hz[i][j] - 0.25 * (ex[i][j + 1] - ex[i][j] + ey[i + 1][j] -
                                      ey[i][j]);
  }
}

static double A[N][N], B[N][N], C[N][N], F[64];

static void fill(double X[N][N], int k) {
  int i, j;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      X[i][j] = (double)((i * 7 + j * 3 + k) % 11) * 0.25;
}

static double sum(double X[N][N]) {
  double s = 0;
  int i, j;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      s += X[i][j] * (double)((i + j) % 5 + 1);
  return s;
}

int main(void) {
  int t, i, j;
  for (t = 0; t < 64; t++)
    F[t] = (double)(t % 9) * 0.25;
  fill(A, 1);
  fill(B, 2);
  fill(C, 3);
  /* Distinct arrays. Few steps: the values must stay exact in double. */
  sweeps(6, N, A, B, C, F);
  printf("distinct: %.6f %.6f %.6f\n", sum(A), sum(B), sum(C));
  /* ex and ey one row apart in one array: a kernel's writes through one
   * must reach the reads through the other. */
  double *big = (double *)malloc(sizeof(double) * (N + 1) * N);
  for (i = 0; i <= N; i++)
    for (j = 0; j < N; j++)
      big[i * N + j] = (double)((i * 5 + j) % 13) * 0.25;
  fill(C, 4);
  sweeps(5, N - 1, (double(*)[N])(big + N), (double(*)[N])big, C, F);
  double s = 0;
  for (i = 0; i <= N; i++)
    for (j = 0; j < N; j++)
      s += big[i * N + j] * (double)((i * 3 + j) % 7 + 1);
  free(big);
  printf("overlapping: %.6f %.6f\n", s, sum(C));
  return 0;
}

/* GPU comparison test: a marked loop that carries a dependence and whose
 * body is one loop that does not (PolyBench-ACC's adi marks the i1 loop of
 * its column sweeps): the front end interchanges the two, so one thread
 * per i2 runs the i1 loop in order (rewriter/frontend/loops/InnerLoops.cpp).
 * Also a nest where the body's loop carries a dependence across its own
 * iterations too (a diagonal), which must not be interchanged. Built with
 * gcc (sequentially) and through loop2cuda; the outputs must be identical.
 * Values are multiples of 1/8 that stay exact. */
#include <stdio.h>

#define N 300

static double X[N][N], A[N][N], B[N][N], D[N][N];

static void sweeps(int n, int steps) {
  int t, i1, i2;
  for (t = 0; t < steps; t++) {
#pragma omp parallel for private(i2)
    for (i1 = 1; i1 < n; i1++)
      for (i2 = 0; i2 < n; i2++) {
        X[i1][i2] = X[i1][i2] - 0.5 * X[i1 - 1][i2] + A[i1][i2];
        B[i1][i2] = B[i1 - 1][i2] * 0.5 + 0.125 * A[i1][i2];
      }
#pragma omp parallel for private(i2)
    for (i1 = 0; i1 < n - 2; i1++)
      for (i2 = 0; i2 < n; i2++)
        X[n - 2 - i1][i2] = X[n - 2 - i1][i2] * 0.5 - X[n - 3 - i1][i2] * 0.25;
  }
}

/* D[i][j] depends on D[i - 1][j - 1]: the j loop is not parallel over the
 * whole nest, so it stays as it was (its inner loop runs per i on the GPU
 * or the nest on the CPU). */
static void diagonal(int n) {
  int i, j;
#pragma omp parallel for private(j)
  for (i = 1; i < n; i++)
    for (j = 1; j < n; j++)
      D[i][j] = D[i - 1][j - 1] * 0.5 + 0.25;
}

int main(void) {
  int i, j;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++) {
      X[i][j] = (double)((i * 3 + j) % 7) * 0.125;
      A[i][j] = (double)((i + j * 5) % 4) * 0.125;
      B[i][j] = (double)(i % 3) * 0.25;
      D[i][j] = (double)((i + j) % 2) * 0.5;
    }
  sweeps(N, 3);
  diagonal(N);
  double sx = 0, sb = 0, sd = 0;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++) {
      sx += X[i][j] * (double)((i + 2 * j) % 3 + 1);
      sb += B[i][j];
      sd += D[i][j] * (double)(j % 4 + 1);
    }
  printf("%.6f %.6f %.6f\n", sx, sb, sd);
  return 0;
}

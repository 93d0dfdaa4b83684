/* GPU comparison test: marked loops whose body is statements and then a
 * parallel loop, which run as two loops so that the inner one gets a grid
 * axis (front-end step peel-statements, docs/rules/mark-loop.md):
 * PolyBench's correlation triangle after its diagonal, a row whose loop
 * reads the first element the statements wrote, and two statements before
 * a triangular loop. Small integers keep every sum exact, so the GPU build
 * must print exactly what the CPU build prints. Sizes are not multiples of
 * any block.
 */
#include <stdio.h>

#define M 213
#define N 157

static double data[N][M], corr[M][M], c[M][M], a[M][M], d[M][M];
static double diag[M];

static void init(void) {
  for (int k = 0; k < N; k++)
    for (int j = 0; j < M; j++)
      data[k][j] = (double)((k * 5 + j * 3) % 7 - 3);
  for (int i = 0; i < M; i++)
    for (int j = 0; j < M; j++) {
      corr[i][j] = c[i][j] = d[i][j] = -1.0;
      a[i][j] = (double)((i + 2 * j) % 9 - 4);
    }
}

static void correlation(int m, int n) {
  int i, j, k;
#pragma omp parallel for private(j, k)
  for (i = 0; i < m - 1; i++) {
    corr[i][i] = 1.0;
    for (j = i + 1; j < m; j++) {
      corr[i][j] = 0.0;
      for (k = 0; k < n; k++)
        corr[i][j] += data[k][i] * data[k][j];
      corr[j][i] = corr[i][j];
    }
  }
  corr[m - 1][m - 1] = 1.0;
}

static void rows(int m) {
  int i, j;
#pragma omp parallel for private(j)
  for (i = 0; i < m; i++) {
    c[i][0] = a[i][0] * 2.0;
    for (j = 1; j < m; j++)
      c[i][j] = c[i][0] + a[i][j];
  }
}

static void upper(int m) {
  int i, j;
#pragma omp parallel for private(j)
  for (i = 0; i < m; i++) {
    diag[i] = a[i][i];
    d[i][i] = 2.0 * a[i][i];
    for (j = i + 1; j < m; j++)
      d[i][j] = d[i][i] - a[i][j] + diag[i];
  }
}

static double sum(double (*X)[M]) {
  double s = 0;
  for (int i = 0; i < M; i++)
    for (int j = 0; j < M; j++)
      s += X[i][j] * (double)((i + j) % 3 + 1);
  return s;
}

int main(void) {
  init();
  correlation(M, N);
  rows(M);
  upper(M);
  printf("correlation %.1f %.1f %.1f\n", sum(corr), corr[0][M - 1],
         corr[M - 1][0]);
  printf("rows %.1f %.1f %.1f\n", sum(c), c[0][0], c[M - 1][M - 1]);
  printf("upper %.1f %.1f %.1f\n", sum(d), d[M - 1][M - 1], d[3][M - 2]);
  return 0;
}

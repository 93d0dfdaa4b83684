/* GPU comparison test: C99 variable-length arrays in loop nests, as
 * DataRaceBench and numerical C write them. Built with gcc and through
 * loop2cuda; the outputs must be identical (small integers in doubles). */
#include <stdio.h>
#include <stdlib.h>

/* VLA parameters, collapse(2). */
static void scale(int n, int m, double A[n][m], double B[n][m]) {
#pragma omp parallel for collapse(2)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      B[i][j] = A[i][j] * 2 + i - j;
}

/* A pointer to VLA rows, an inner loop in each thread. */
static void rowSums(int n, int m, double (*A)[m], double *out) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    double s = 0;
    for (int j = 0; j < m; j++)
      s += A[i][j];
    out[i] = s;
  }
}

/* Three dimensions, the last one constant. */
static void cube(int n, int m, double C[n][m][4]) {
#pragma omp parallel for collapse(2)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      for (int k = 0; k < 4; k++)
        C[i][j][k] = i * 100 + j * 4 + k;
}

int main(void) {
  int n = 300, m = 70;
  double (*A)[m] = malloc(sizeof(double) * n * m);
  double (*B)[m] = malloc(sizeof(double) * n * m);
  double (*C)[m][4] = malloc(sizeof(double) * n * m * 4);
  double *out = malloc(sizeof(double) * n);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      A[i][j] = (i * 3 + j) % 17;
  scale(n, m, A, B);
  rowSums(n, m, B, out);
  cube(n, m, C);
  /* A local VLA, rows read from B. */
  int len = 100;
  double a[len][len];
  int i, j;
#pragma omp parallel for private(j)
  for (i = 0; i < len; i++)
    for (j = 0; j < len; j++)
      a[i][j] = B[i][j % m] + j;
  double s = 0;
  for (i = 0; i < n; i++)
    s += out[i] * (i % 5 + 1);
  double c = 0;
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      c += C[i][j][i % 4] * ((i + j) % 3);
  double l = 0;
  for (i = 0; i < len; i++)
    for (j = 0; j < len; j++)
      l += a[i][j] * ((i + 2 * j) % 7);
  printf("rows %.1f cube %.1f local %.1f\n", s, c, l);
  free(A);
  free(B);
  free(C);
  free(out);
  return 0;
}

/* GPU comparison test: LU decomposition without pivoting, the way OpenMP
 * versions of it are written: a matrix cast from malloc to double (*)[N],
 * a triangular nest whose outer k loop stays on the host while the column
 * scaling and the trailing update (collapse(2)) run in parallel, and a
 * forward substitution whose inner dot product is a + reduction. */
#include <stdio.h>
#include <stdlib.h>

#define N 64

int main(void) {
  double (*A)[N] = (double (*)[N])malloc(sizeof(double) * N * N);
  double *b = malloc(N * sizeof(double));
  double *y = malloc(N * sizeof(double));
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < N; j++)
      A[i][j] = (i == j) ? N * 2.0 : (double)((i + 2 * j) % 5) / 8.0;
    b[i] = (double)(i % 9);
  }
  for (int k = 0; k < N; k++) {
#pragma omp parallel for
    for (int i = k + 1; i < N; i++)
      A[i][k] = A[i][k] / A[k][k];
#pragma omp parallel for collapse(2)
    for (int i = k + 1; i < N; i++)
      for (int j = k + 1; j < N; j++)
        A[i][j] = A[i][j] - A[i][k] * A[k][j];
  }
  for (int i = 0; i < N; i++) {
    double s = 0.0;
#pragma omp parallel for reduction(+ : s)
    for (int j = 0; j < i; j++)
      s += A[i][j] * y[j];
    y[i] = b[i] - s;
  }
  double tr = 0.0;
  for (int i = 0; i < N; i++)
    tr += A[i][i];
  printf("lud: trace %.6e\n", tr);
  for (int i = 0; i < N; i += 7)
    printf("y[%d] = %.6e A[%d][%d] = %.6e\n", i, y[i], i, N - 1 - i,
           A[i][N - 1 - i]);
  free(A);
  return 0;
}

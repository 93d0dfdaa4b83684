/* polybench_mvt.c - PolyBench-style C99 with OpenMP: mvt and gesummv on
 * arrays from malloc, seen through pointers to rows, a parallel region with
 * two `omp for` loops and counters declared at the top of the function.
 *
 * loop2cuda: each `omp for` loop becomes a kernel, the region runs once on
 * the host; the malloc results get casts so that nvcc accepts the C.
 *
 * Usage: polybench_mvt          (prints checksums) */
#include <stdio.h>
#include <stdlib.h>

#define N 1024

static void kernel_mvt(int n, double x1[N], double x2[N], double y1[N],
                       double y2[N], double A[N][N]) {
  int i, j;
#pragma omp parallel
  {
#pragma omp for private(j)
    for (i = 0; i < n; i++)
      for (j = 0; j < n; j++)
        x1[i] = x1[i] + A[i][j] * y1[j];
#pragma omp for private(j)
    for (i = 0; i < n; i++)
      for (j = 0; j < n; j++)
        x2[i] = x2[i] + A[j][i] * y2[j];
  }
}

static void kernel_gesummv(int n, double alpha, double beta, double A[N][N],
                           double B[N][N], double tmp[N], double x[N],
                           double y[N]) {
  int i, j;
#pragma omp parallel
  {
#pragma omp for private(j)
    for (i = 0; i < n; i++) {
      tmp[i] = 0;
      y[i] = 0;
      for (j = 0; j < n; j++) {
        tmp[i] = A[i][j] * x[j] + tmp[i];
        y[i] = B[i][j] * x[j] + y[i];
      }
      y[i] = alpha * tmp[i] + beta * y[i];
    }
  }
}

int main(void) {
  double(*A)[N] = malloc(N * sizeof(*A));
  double(*B)[N] = malloc(N * sizeof(*B));
  double *x1 = malloc(N * sizeof(double)), *x2 = malloc(N * sizeof(double));
  double *y1 = malloc(N * sizeof(double)), *y2 = malloc(N * sizeof(double));
  double *tmp = malloc(N * sizeof(double)), *y = malloc(N * sizeof(double));
  int i, j;
  for (i = 0; i < N; i++) {
    x1[i] = (double)(i % 7) / N;
    x2[i] = (double)((i + 1) % 5) / N;
    y1[i] = (double)((i + 3) % 11) / N;
    y2[i] = (double)((i + 4) % 13) / N;
    for (j = 0; j < N; j++) {
      A[i][j] = (double)((i * j) % N) / N;
      B[i][j] = (double)((i + j) % N) / N;
    }
  }
  kernel_mvt(N, x1, x2, y1, y2, A);
  kernel_gesummv(N, 1.5, 1.2, A, B, tmp, x1, y);
  double s1 = 0, s2 = 0, s3 = 0;
  for (i = 0; i < N; i++) {
    s1 += x1[i];
    s2 += x2[i];
    s3 += y[i];
  }
  printf("mvt: %.8e %.8e  gesummv: %.8e\n", s1, s2, s3);
  free(A);
  free(B);
  free(x1);
  free(x2);
  free(y1);
  free(y2);
  free(tmp);
  free(y);
  return 0;
}

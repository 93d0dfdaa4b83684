/* GPU comparison test: PolyBench 4.x's default build: arrays of fixed
 * size allocated on the heap as pointers to whole arrays and passed as *A,
 * kernels with n a parameter smaller than the declared size, an OpenMP
 * parallel region with several for loops (atax), covariance's triangle
 * with its mirrored store, and trisolv's and cholesky's dot products as
 * + and - reductions inside sequential loops. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define N 64
#define M 48
#define DATA_TYPE double
#define SCALAR_VAL(x) x
#define SQRT_FUN(x) sqrt(x)
#define _PB_N n
#define _PB_M m

static void init_array(int n, int m, DATA_TYPE A[N][M], DATA_TYPE x[M]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      A[i][j] = (DATA_TYPE)((i + j) % n) / (5 * m);
  for (int j = 0; j < m; j++)
    x[j] = 1 + (j / (DATA_TYPE)m);
}

/* atax: y = A^T (A x) */
static void kernel_atax(int m, int n, DATA_TYPE A[N][M], DATA_TYPE x[M],
                        DATA_TYPE y[M], DATA_TYPE tmp[N]) {
  int i, j;
#pragma omp parallel
  {
#pragma omp for
    for (i = 0; i < _PB_M; i++)
      y[i] = 0;
#pragma omp for private(j)
    for (i = 0; i < _PB_N; i++) {
      tmp[i] = SCALAR_VAL(0.0);
      for (j = 0; j < _PB_M; j++)
        tmp[i] = tmp[i] + A[i][j] * x[j];
    }
#pragma omp for private(i)
    for (j = 0; j < _PB_M; j++)
      for (i = 0; i < _PB_N; i++)
        y[j] = y[j] + A[i][j] * tmp[i];
  }
}

/* covariance with its triangle and the mirrored store */
static void kernel_covariance(int m, int n, DATA_TYPE float_n,
                              DATA_TYPE data[N][M], DATA_TYPE cov[M][M],
                              DATA_TYPE mean[M]) {
  int i, j, k;
#pragma omp parallel for private(i)
  for (j = 0; j < _PB_M; j++) {
    mean[j] = SCALAR_VAL(0.0);
    for (i = 0; i < _PB_N; i++)
      mean[j] += data[i][j];
    mean[j] /= float_n;
  }
#pragma omp parallel for private(j) collapse(2)
  for (i = 0; i < _PB_N; i++)
    for (j = 0; j < _PB_M; j++)
      data[i][j] -= mean[j];
#pragma omp parallel for private(j, k) schedule(dynamic)
  for (i = 0; i < _PB_M; i++)
    for (j = i; j < _PB_M; j++) {
      cov[i][j] = SCALAR_VAL(0.0);
      for (k = 0; k < _PB_N; k++)
        cov[i][j] += data[k][i] * data[k][j];
      cov[i][j] /= (float_n - SCALAR_VAL(1.0));
      cov[j][i] = cov[i][j];
    }
}

/* trisolv: forward substitution, only the dot product is parallel */
static void kernel_trisolv(int n, DATA_TYPE L[N][N], DATA_TYPE x[N],
                           DATA_TYPE b[N]) {
  for (int i = 0; i < _PB_N; i++) {
    DATA_TYPE s = b[i];
#pragma omp parallel for reduction(- : s)
    for (int j = 0; j < i; j++)
      s -= L[i][j] * x[j];
    x[i] = s / L[i][i];
  }
}

/* cholesky, PolyBench's loop order: the j loop is sequential, the
 * reduction over k parallel */
static void kernel_cholesky(int n, DATA_TYPE A[N][N]) {
  for (int i = 0; i < _PB_N; i++) {
    for (int j = 0; j < i; j++) {
      DATA_TYPE s = A[i][j];
#pragma omp parallel for reduction(+ : s)
      for (int k = 0; k < j; k++)
        s += -A[i][k] * A[j][k];
      A[i][j] = s / A[j][j];
    }
    DATA_TYPE d = A[i][i];
#pragma omp parallel for reduction(+ : d)
    for (int k = 0; k < i; k++)
      d += -A[i][k] * A[i][k];
    A[i][i] = SQRT_FUN(d);
  }
}

int main(void) {
  int n = N - 4, m = M - 2;
  DATA_TYPE(*A)[N][M] = (DATA_TYPE(*)[N][M])malloc(sizeof(DATA_TYPE) * N * M);
  DATA_TYPE(*x)[M] = (DATA_TYPE(*)[M])malloc(sizeof(DATA_TYPE) * M);
  DATA_TYPE(*y)[M] = (DATA_TYPE(*)[M])malloc(sizeof(DATA_TYPE) * M);
  DATA_TYPE(*tmp)[N] = (DATA_TYPE(*)[N])malloc(sizeof(DATA_TYPE) * N);
  init_array(n, m, *A, *x);
  kernel_atax(m, n, *A, *x, *y, *tmp);
  printf("atax %.6f %.6f\n", (*y)[0], (*y)[m - 1]);

  DATA_TYPE(*cov)[M][M] = (DATA_TYPE(*)[M][M])malloc(sizeof(DATA_TYPE) * M * M);
  DATA_TYPE(*mean)[M] = (DATA_TYPE(*)[M])malloc(sizeof(DATA_TYPE) * M);
  kernel_covariance(m, n, (DATA_TYPE)n, *A, *cov, *mean);
  printf("covariance %.6f %.6f\n", (*cov)[0][0], (*cov)[m - 1][2]);

  DATA_TYPE(*L)[N][N] = (DATA_TYPE(*)[N][N])malloc(sizeof(DATA_TYPE) * N * N);
  DATA_TYPE(*b)[N] = (DATA_TYPE(*)[N])malloc(sizeof(DATA_TYPE) * N);
  DATA_TYPE(*xs)[N] = (DATA_TYPE(*)[N])malloc(sizeof(DATA_TYPE) * N);
  for (int i = 0; i < n; i++) {
    (*b)[i] = i;
    for (int j = 0; j <= i; j++)
      (*L)[i][j] = (DATA_TYPE)(i + n - j + 1) * 2 / n;
  }
  kernel_trisolv(n, *L, *xs, *b);
  printf("trisolv %.6f %.6f\n", (*xs)[1], (*xs)[n - 1]);

  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      (*L)[i][j] = (i == j) ? n + 1.0 : 1.0 / (1 + i + j);
  kernel_cholesky(n, *L);
  printf("cholesky %.6f %.6f\n", (*L)[n - 1][0], (*L)[n - 1][n - 1]);
  free(A);
  return 0;
}

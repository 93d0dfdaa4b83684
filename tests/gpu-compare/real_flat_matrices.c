/* GPU comparison test: C as people write it, with malloc'd matrices
 * indexed a[i * m + j] (the copies' counts come from the polynomial
 * subscripts), a 2-D axpy updating y[i * m + j] +=, a transpose, a matrix
 * times vector and a Jacobi sweep with a max reduction over pointers that
 * swap. Values stay small integers or dyadic fractions, so that every
 * result is exact on both sides. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define NX 96
#define NY 80
#define IDX(i, j) ((i) * NY + (j))

static void matadd(const double *a, const double *b, double *c, int n, int m) {
  int i, j;
#pragma omp parallel for private(j)
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      c[i * m + j] = a[i * m + j] + 2.0 * b[i * m + j];
}

static void axpy2d(int n, int m, double alpha, const double *x, double *y) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      y[i * m + j] += alpha * x[i * m + j];
}

static void matvec(const double *a, const double *x, double *y, int n, int m) {
#pragma omp parallel for schedule(static)
  for (int i = 0; i < n; i++) {
    double s = 0.0;
    for (int j = 0; j < m; j++)
      s += a[i * m + j] * x[j];
    y[i] = s;
  }
}

static void transpose(const double *a, double *t, int n, int m) {
#pragma omp parallel for collapse(2)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      t[j * n + i] = a[i * m + j];
}

/* Rows through a pointer to their first element: with the clause, the
 * copy's count comes from it; the OpenMP form, without one, reads row[j]
 * as b[i * m + j] (rewriter/frontend/analysis/RowPointers.cpp). */
static void fillRows(int n, int m, double *a, double *b) {
#pragma loop2cuda parallel copy(a[0:n * m])
  for (int i = 0; i < n; i++) {
    double *row = &a[i * m];
    for (int j = 0; j < m; j++)
      row[j] += i - j;
  }
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    double *row = &b[i * m];
    for (int j = 0; j < m; j++)
      row[j] -= i + j;
  }
}

static double jacobi(double *u, double *unew, const double *f, int iters) {
  double err = 0.0;
  for (int it = 0; it < iters; it++) {
    err = 0.0;
#pragma omp parallel for reduction(max : err)
    for (int i = 1; i < NX - 1; i++)
      for (int j = 1; j < NY - 1; j++) {
        unew[IDX(i, j)] = 0.25 * (u[IDX(i - 1, j)] + u[IDX(i + 1, j)] +
                                  u[IDX(i, j - 1)] + u[IDX(i, j + 1)] +
                                  f[IDX(i, j)]);
        double d = fabs(unew[IDX(i, j)] - u[IDX(i, j)]);
        if (d > err)
          err = d;
      }
    double *tmp = u;
    u = unew;
    unew = tmp;
  }
  double s = 0;
  for (int i = 0; i < NX * NY; i++)
    s += u[i];
  printf("jacobi: err=%.9f sum=%.9f\n", err, s);
  return s;
}

int main(void) {
  int n = 300, m = 200;
  double *a = malloc(sizeof(double) * n * m);
  double *b = (double *)malloc(sizeof(double) * n * m);
  double *c = malloc(n * m * sizeof *c);
  double *t = calloc(n * m, sizeof(double));
  double *x = malloc(m * sizeof(double));
  double *y = malloc(n * sizeof(double));
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      a[i * m + j] = (double)((i * 7 + j * 3) % 11);
      b[i * m + j] = (double)((i + j * 5) % 13);
    }
  for (int j = 0; j < m; j++)
    x[j] = j % 4;
  matadd(a, b, c, n, m);
  axpy2d(n, m, 3.0, a, c);
  matvec(c, x, y, n, m);
  transpose(c, t, n, m);
  fillRows(n, m, c, t);
  long check = 0;
  for (int i = 0; i < n * m; i++)
    check += (long)c[i] * (i % 17) + (long)t[i] * (i % 5);
  for (int i = 0; i < n; i++)
    check += (long)y[i] * (i % 3);
  printf("matrices: %ld\n", check);

  double *u = calloc(NX * NY, sizeof(double));
  double *unew = calloc(NX * NY, sizeof(double));
  double *f = malloc(NX * NY * sizeof(double));
  for (int i = 0; i < NX; i++)
    for (int j = 0; j < NY; j++)
      f[IDX(i, j)] = ((i + j) % 4) * 0.125;
  jacobi(u, unew, f, 6);
  free(a); free(b); free(c); free(t); free(x); free(y);
  free(u); free(unew); free(f);
  return 0;
}

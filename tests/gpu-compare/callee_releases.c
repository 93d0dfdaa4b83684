/* GPU comparison test: helpers with marked loops called between the
   caller's own (a CG-shaped solver). Each helper copies its arrays in and
   releases them; the caller's copy of the same array, made before the call
   (copies rise past calls that only read an array), must survive that
   release, and what the caller's launches wrote must come back to the
   host although a helper's release, deferred to the caller's unhold, frees
   the copy first (found by a helper's hunt: garbage, or "copy to the host
   of an array with no device copy"). */
#include <stdio.h>
#include <stdlib.h>

static double dot(const double *a, const double *b, int n) {
  double s = 0;
#pragma omp parallel for reduction(+ : s)
  for (int i = 0; i < n; i++)
    s += a[i] * b[i];
  return s;
}

static void scale(double *y, const double *x, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    y[i] = 2.0 * x[i] + 1.0;
}

static void axpy(double *y, double al, const double *x, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    y[i] += al * x[i];
}

int main(void) {
  int n = 3000, it, i;
  double *x = calloc(n, sizeof(double)), *r = malloc(n * sizeof(double));
  double *p = malloc(n * sizeof(double)), *q = malloc(n * sizeof(double));
  for (i = 0; i < n; i++) {
    r[i] = 1.0 + (i % 9) * 0.1;
    p[i] = r[i];
  }
  for (it = 0; it < 4; it++) {
    scale(q, p, n);
    double al = 0.1 / dot(p, q, n);
    axpy(x, al, p, n);
    axpy(r, -al, q, n);
    double be = dot(r, r, n);
#pragma omp parallel for
    for (i = 0; i < n; i++)
      p[i] = r[i] + 1e-4 * be * p[i];
    printf("it=%d al=%.12e be=%.12e x0=%.12f\n", it, al, be, x[0]);
  }
  for (it = 0; it < 5; it++) {
    scale(q, p, n);
    axpy(x, 0.5, q, n);
#pragma omp parallel for
    for (i = 0; i < n; i++)
      p[i] = p[i] * 0.99 + 0.001 * x[i];
    q[it] = 7.0;
    axpy(x, 0.1, q, n);
    printf("it=%d p0=%.12f x0=%.12f x4=%.12f\n", it, p[0], x[0], x[4]);
  }
  free(x);
  free(r);
  free(p);
  free(q);
  return 0;
}

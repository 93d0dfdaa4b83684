#include <math.h>
#include <stdlib.h>
#include "filter.h"

/* The first index whose CDF value reaches v (the resampling search). */
static int find_index(const double *cdf, int n, double v) {
  int lo = 0, hi = n - 1;
  while (lo < hi) {
    int mid = (lo + hi) / 2;
    if (cdf[mid] >= v)
      hi = mid;
    else
      lo = mid + 1;
  }
  return lo;
}

void filter_step(int n, double *x, double *y, double *weights, double *cdf,
                 double *u, int *ind, double *xj, double *yj, double obs) {
  int i;
  double sum = 0.0;
#pragma omp parallel for
  for (i = 0; i < n; i++) {
    double d = x[i] - obs;
    weights[i] = weights[i] * exp(-d * d / 50.0);
  }
#pragma omp parallel for reduction(+ : sum)
  for (i = 0; i < n; i++)
    sum += weights[i];
#pragma omp parallel for
  for (i = 0; i < n; i++)
    weights[i] = weights[i] / sum;
  cdf[0] = weights[0];
  for (i = 1; i < n; i++)
    cdf[i] = cdf[i - 1] + weights[i];
  double u1 = 0.5 / n;
#pragma omp parallel for
  for (i = 0; i < n; i++) {
    u[i] = u1 + i / (double)n;
    ind[i] = find_index(cdf, n, u[i]);
  }
  /* The gather: each new particle reads the one it resampled. */
#pragma omp parallel for
  for (i = 0; i < n; i++) {
    xj[i] = x[ind[i]];
    yj[i] = y[ind[i]];
  }
#pragma omp parallel for
  for (i = 0; i < n; i++) {
    x[i] = xj[i] + 1.0;
    y[i] = yj[i] - 2.0;
    weights[i] = 1.0 / n;
  }
}

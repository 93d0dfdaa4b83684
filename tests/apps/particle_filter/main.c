#include <stdio.h>
#include <stdlib.h>
#include "filter.h"

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 100000, i, step;
  double *x = malloc(n * sizeof(double)), *y = malloc(n * sizeof(double));
  double *w = malloc(n * sizeof(double)), *cdf = malloc(n * sizeof(double));
  double *u = malloc(n * sizeof(double)), *xj = malloc(n * sizeof(double));
  double *yj = malloc(n * sizeof(double));
  int *ind = malloc(n * sizeof(int));
  double mx = 0, my = 0;
  unsigned s = 1u;
  for (i = 0; i < n; i++) {
    s = s * 1103515245u + 12345u;
    x[i] = (double)((s >> 8) % 1000) / 10.0;
    s = s * 1103515245u + 12345u;
    y[i] = (double)((s >> 8) % 1000) / 10.0;
    w[i] = 1.0 / n;
  }
  for (step = 0; step < 5; step++)
    filter_step(n, x, y, w, cdf, u, ind, xj, yj, 40.0 + step);
  for (i = 0; i < n; i++) {
    mx += x[i];
    my += y[i];
  }
  printf("mean x %.4f mean y %.4f ind[n/2] %d\n", mx / n, my / n, ind[n / 2]);
  return 0;
}

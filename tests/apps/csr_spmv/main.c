#include <stdio.h>
#include <math.h>
#include <stdlib.h>
#include "csr.h"

/* Power iteration: x <- A x / |A x|, a few steps. The matrix comes from
   another file, so spmv cannot see how large its arrays are. */
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 200000, it, i;
  csr_t *m = csr_banded(n, 3);
  double *x = malloc(n * sizeof(double)), *y = malloc(n * sizeof(double));
  double lambda = 0;
  for (i = 0; i < n; i++)
    x[i] = 1.0 + (i % 3);
  for (it = 0; it < 10; it++) {
    double s;
    spmv(m, x, y);
    s = norm2(y, n);
    lambda = sqrt(s);
    for (i = 0; i < n; i++)
      x[i] = y[i] / lambda;
  }
  printf("nnz %d lambda %.6e x[0] %.6e x[n/2] %.6e\n", m->nnz, lambda, x[0], x[n / 2]);
  csr_free(m);
  free(x);
  free(y);
  return 0;
}

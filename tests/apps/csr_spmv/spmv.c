#include "csr.h"

/* y = A x: each row is independent; x is read through the column
   indices (a gather). */
void spmv(const csr_t *m, const double *x, double *y) {
  int i;
  const int *rowptr = m->rowptr, *col = m->col;
  const double *val = m->val;
#pragma omp parallel for
  for (i = 0; i < m->rows; i++) {
    double sum = 0.0;
    int k;
    for (k = rowptr[i]; k < rowptr[i + 1]; k++)
      sum += val[k] * x[col[k]];
    y[i] = sum;
  }
}

double norm2(const double *v, int n) {
  double s = 0.0;
  int i;
#pragma omp parallel for reduction(+ : s)
  for (i = 0; i < n; i++)
    s += v[i] * v[i];
  return s;
}

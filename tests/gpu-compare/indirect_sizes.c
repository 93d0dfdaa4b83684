/* GPU comparison test: a helper reads x[m->col[k]], whose extent no
   subscript gives; its callers pass blocks of 5000 and of 300 elements.
   The extent is each call's own block (the record of heap blocks), not the
   least of them: that once copied 300 elements for the large call (found
   by a helper's hunt). */
#include <stdio.h>
#include <stdlib.h>
typedef struct { int n; int *rowptr, *col; double *val; } CSR;
static CSR build(int n) {
  CSR m; m.n = n; m.rowptr = malloc((n+1)*sizeof(int));
  m.col = malloc(3*n*sizeof(int)); m.val = malloc(3*n*sizeof(double));
  int k = 0; m.rowptr[0] = 0;
  for (int i = 0; i < n; i++) {
    int cs[3] = {i-5, i, i+7};
    for (int q = 0; q < 3; q++) if (cs[q] >= 0 && cs[q] < n) { m.col[k] = cs[q]; m.val[k] = q == 1 ? 2.0 : -0.3; k++; }
    m.rowptr[i+1] = k;
  }
  return m;
}
static void spmv(const CSR *m, const double *x, double *y) {
  #pragma omp parallel for
  for (int i = 0; i < m->n; i++) {
    double s = 0;
    for (int k = m->rowptr[i]; k < m->rowptr[i+1]; k++) s += m->val[k] * x[m->col[k]];
    y[i] = s;
  }
}
int main(void) {
  int nc = 300, nf = 5000;
  CSR A = build(nf), B = build(nc);
  double *xf = malloc(nf*sizeof(double)), *yf = malloc(nf*sizeof(double));
  double *xc = malloc(nc*sizeof(double)), *yc = malloc(nc*sizeof(double));
  for (int i = 0; i < nf; i++) xf[i] = (i%13)*0.1;
  for (int i = 0; i < nc; i++) xc[i] = (i%7)*0.2;
  spmv(&A, xf, yf);
  spmv(&B, xc, yc);
  double s = 0, c = 0;
  for (int i = 0; i < nf; i++) s += yf[i]*(i%5+1);
  for (int i = 0; i < nc; i++) c += yc[i]*(i%5+1);
  printf("s=%.12f c=%.12f\n", s, c);
  return 0;
}

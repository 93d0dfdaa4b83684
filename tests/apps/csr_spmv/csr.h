#ifndef CSR_H
#define CSR_H
/* A sparse matrix in compressed sparse rows. */
typedef struct {
  int rows, cols, nnz;
  int *rowptr; /* rows + 1 */
  int *col;    /* nnz */
  double *val; /* nnz */
} csr_t;

csr_t *csr_banded(int n, int band);
void csr_free(csr_t *m);
void spmv(const csr_t *m, const double *x, double *y);
double norm2(const double *v, int n);
#endif

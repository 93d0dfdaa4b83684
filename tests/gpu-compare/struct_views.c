// Structs of pointers handed whole to helpers in a marked loop: a CSR
// matrix (by address, by value, and through a pointer parameter, with a
// helper that hands it on), and a mesh whose helper writes one of its
// arrays. The kernel takes each struct as a view whose pointer members
// point at the device copies of the arrays the helpers subscript.
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  int n;
  int *rowptr;
  int *col;
  double *val;
} csr_t;

typedef struct {
  int cells;
  double *u;
  double *flux;
  const char *name; // never dereferenced by the helpers
} mesh_t;

static double dot_row(const csr_t *A, const double *x, int i) {
  double s = 0;
  for (int k = A->rowptr[i]; k < A->rowptr[i + 1]; k++)
    s += A->val[k] * x[A->col[k]];
  return s;
}

static double row_norm1(csr_t A, int i) {
  double s = 0;
  for (int k = A.rowptr[i]; k < A.rowptr[i + 1]; k++)
    s += A.val[k] < 0 ? -A.val[k] : A.val[k];
  return s;
}

// Hands the matrix on to dot_row.
static double scaled_row(const csr_t *A, const double *x, int i) {
  return dot_row(A, x, i) / (1.0 + row_norm1(*A, i));
}

static void spmv_value(csr_t A, const double *x, double *y) {
#pragma omp parallel for
  for (int i = 0; i < A.n; i++)
    y[i] = dot_row(&A, x, i);
}

static void spmv_pointer(const csr_t *A, const double *x, double *y) {
#pragma omp parallel for
  for (int i = 0; i < A->n; i++)
    y[i] = scaled_row(A, x, i) + row_norm1(*A, i) * 0.0;
}

static void flux_of(mesh_t *m, int c) {
  double left = c > 0 ? m->u[c - 1] : 0.0;
  m->flux[c] = 0.5 * (m->u[c] - left);
}

static void mesh_step(mesh_t *m) {
#pragma omp parallel for
  for (int c = 0; c < m->cells; c++)
    flux_of(m, c);
}

int main(void) {
  int n = 3000;
  csr_t A;
  A.n = n;
  A.rowptr = malloc(sizeof(int) * (n + 1));
  A.col = malloc(sizeof(int) * 3 * n);
  A.val = malloc(sizeof(double) * 3 * n);
  double *x = malloc(sizeof(double) * n), *y = malloc(sizeof(double) * n),
         *z = malloc(sizeof(double) * n);
  int nnz = 0;
  for (int i = 0; i < n; i++) {
    A.rowptr[i] = nnz;
    for (int d = -1; d <= 1; d++)
      if (i + d >= 0 && i + d < n) {
        A.col[nnz] = (i + d * 7 + n) % n;
        A.val[nnz] = 1.0 + d * 0.5 + (i % 5) * 0.125;
        nnz++;
      }
    x[i] = i % 7 - 3;
  }
  A.rowptr[n] = nnz;
  spmv_value(A, x, y);
  spmv_pointer(&A, y, z);

  mesh_t m;
  m.cells = 2500;
  m.u = malloc(sizeof(double) * m.cells);
  m.flux = malloc(sizeof(double) * m.cells);
  m.name = "rod";
  for (int c = 0; c < m.cells; c++)
    m.u[c] = (c * 37 % 101) * 0.01;
  mesh_step(&m);

  double sy = 0, sz = 0, sf = 0;
  for (int i = 0; i < n; i++) {
    sy += y[i] * (i % 3 + 1);
    sz += z[i] * (i % 4 + 1);
  }
  for (int c = 0; c < m.cells; c++)
    sf += m.flux[c] * (c % 5);
  printf("y %.6f z %.6f flux %.6f (%s)\n", sy, sz, sf, m.name);
  free(A.rowptr);
  free(A.col);
  free(A.val);
  free(x);
  free(y);
  free(z);
  free(m.u);
  free(m.flux);
  return 0;
}

/* GPU comparison test: extents from the record of the program's heap blocks
 * (issue 34 item 1). The functions below have external linkage, so the file
 * does not see every caller's allocation, and their subscripts (a CSR row
 * range, gathers) give no count: each array takes the heap block it starts,
 * from the record at run time. A static array, an interior pointer and a
 * small block start no recorded block: those calls run on the host, in
 * order. Built with gcc and through loop2cuda; the outputs must be
 * identical (sums of small multiples of 1/8, exact in double).
 * The gpu-profile lines check which calls ran where: spmv 3 launches (each
 * power step), the gathered sum once on the GPU (the calloc'd block) and
 * three times on the host, the gather 3 times.
 */
// gpu-profile: ^  spmv_L[0-9]+(_restrict)? \(record_extents\.c:[0-9]+\) +3 
// gpu-profile: ^  gather_shift_L[0-9]+(_restrict)? \(record_extents\.c:[0-9]+\) +3 
// gpu-profile: one of w starts no recorded heap block
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void spmv(int rows, const int *rowptr, const int *col, const double *val,
          const double *x, double *restrict y) {
  int i;
#pragma omp parallel for
  for (i = 0; i < rows; i++) {
    double sum = 0.0;
    int k;
    for (k = rowptr[i]; k < rowptr[i + 1]; k++) {
      int c = col[k];
      sum += val[k] * x[c];
    }
    y[i] = sum;
  }
}

double gathered(const double *w, const int *idx, int n) {
  double s = 0.0;
#pragma omp parallel for reduction(+ : s)
  for (int i = 0; i < n; i++)
    s += w[(size_t)idx[i]];
  return s;
}

void gather_shift(double *x, double *out, const int *ind, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    out[i] = x[ind[i]];
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    x[i] = out[i] * 0.5 + 1.0;
}

static double table[4096];

int main(void) {
  int n = 5000, per = 4, r, k, at = 0, step;
  int *rowptr = malloc((n + 1) * sizeof(int));
  int *col = malloc((size_t)n * per * sizeof(int));
  double *val = malloc((size_t)n * per * sizeof(double));
  double *x = malloc(n * sizeof(double)), *y = malloc(n * sizeof(double));
  for (r = 0; r < n; r++) {
    rowptr[r] = at;
    for (k = 0; k < per - (r % 3); k++) {
      col[at] = (r * 7 + k * 911) % n;
      val[at++] = 0.125 * ((r + k) % 4);
    }
  }
  rowptr[n] = at;
  for (r = 0; r < n; r++)
    x[r] = (r % 8) * 0.125;
  for (step = 0; step < 3; step++) {
    double s = 0;
    spmv(n, rowptr, col, val, x, y);
    for (r = 0; r < n; r++)
      s += y[r];
    printf("spmv step %d: %.6f\n", step, s);
    memcpy(x, y, n * sizeof(double));
    for (r = 0; r < n; r++)
      x[r] = x[r] - (int)x[r];
  }

  int *idx = malloc(n * sizeof(int));
  double *w = calloc(n, sizeof(double));
  double *few = malloc(16 * sizeof(double)); /* under the record's minimum */
  for (r = 0; r < n; r++) {
    idx[r] = (r * 13) % 16;
    w[r] = (r % 5) * 0.25;
  }
  for (r = 0; r < 4096; r++)
    table[r] = (r % 3) * 0.5;
  for (r = 0; r < 16; r++)
    few[r] = r * 0.125;
  printf("gathered heap: %.6f\n", gathered(w, idx, n));
  printf("gathered static: %.6f\n", gathered(table, idx, n));
  printf("gathered interior: %.6f\n", gathered(w + 1, idx, n - 1));
  printf("gathered small: %.6f\n", gathered(few, idx, n));

  /* A block grown by realloc, gathered and shifted in a time loop. */
  double *p = malloc(100 * sizeof(double));
  double *out = malloc(n * sizeof(double));
  int *ind = malloc(n * sizeof(int));
  p = realloc(p, n * sizeof(double));
  for (r = 0; r < n; r++) {
    p[r] = (r % 16) * 0.125;
    ind[r] = (r * 31 + 7) % n;
  }
  for (step = 0; step < 3; step++)
    gather_shift(p, out, ind, n);
  {
    double s = 0;
    for (r = 0; r < n; r++)
      s += p[r];
    printf("gather_shift: %.6f %.6f %.6f\n", s, p[0], p[n - 1]);
  }
  free(rowptr);
  free(col);
  free(val);
  free(x);
  free(y);
  free(idx);
  free(w);
  free(few);
  free(p);
  free(out);
  free(ind);
  return 0;
}

/* GPU comparison test: NPB-style kernels: CG's sparse matrix-vector
 * product over CSR row pointers with a private row sum, its dot products
 * as + reductions inside one parallel region, an EP-like loop whose
 * iterations each run a static linear congruential generator from their
 * own seed and count the pairs in the unit circle, and an MG-like 3-D
 * seven-point residual over an array flattened as u[(k*n+j)*n+i]. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define NA 1500
#define NZ_PER_ROW 7
#define NEP 4096
#define MGN 34

static double lcg_next(unsigned long *s) {
  *s = (*s * 6364136223846793005UL + 1442695040888963407UL);
  return (double)((*s >> 11) & 0xFFFFF) / (double)0x100000;
}

int main(void) {
  int n = NA, nnz = NA * NZ_PER_ROW;
  int *rowstr = malloc((n + 1) * sizeof(int));
  int *colidx = malloc(nnz * sizeof(int));
  double *a = malloc(nnz * sizeof(double));
  double *p = malloc(n * sizeof(double));
  double *q = malloc(n * sizeof(double));
  double *r = malloc(n * sizeof(double));
  for (int j = 0; j <= n; j++)
    rowstr[j] = j * NZ_PER_ROW;
  for (int k = 0; k < nnz; k++) {
    colidx[k] = (k * 37 + k / NZ_PER_ROW) % n;
    a[k] = (double)((k % 5) + 1) / 4.0;
  }
  for (int j = 0; j < n; j++) {
    p[j] = (double)(j % 8) / 8.0;
    r[j] = 1.0;
  }
  double rho = 0.0, d = 0.0;
  int j, k;
  double sum;
#pragma omp parallel default(shared) private(j, k, sum)
  {
#pragma omp for
    for (j = 0; j < n; j++) {
      sum = 0.0;
      for (k = rowstr[j]; k < rowstr[j + 1]; k++)
        sum = sum + a[k] * p[colidx[k]];
      q[j] = sum;
    }
#pragma omp for reduction(+ : d)
    for (j = 0; j < n; j++)
      d = d + p[j] * q[j];
#pragma omp for reduction(+ : rho) nowait
    for (j = 0; j < n; j++)
      rho = rho + r[j] * r[j];
  }
  printf("cg: d %.6f rho %.6f\n", d, rho);

  double sx = 0.0, sy = 0.0;
  int inside = 0;
#pragma omp parallel for reduction(+ : sx, sy, inside)
  for (int i = 0; i < NEP; i++) {
    unsigned long seed = 271828183UL + (unsigned long)i * 2654435761UL;
    for (int t = 0; t < 8; t++) {
      double x1 = 2.0 * lcg_next(&seed) - 1.0;
      double x2 = 2.0 * lcg_next(&seed) - 1.0;
      double t1 = x1 * x1 + x2 * x2;
      if (t1 <= 1.0) {
        inside++;
        sx += x1 * 1048576.0;
        sy += x2 * 1048576.0;
      }
    }
  }
  printf("ep: inside %d sx %.1f sy %.1f\n", inside, sx, sy);

  int m = MGN;
  double *u = malloc(m * m * m * sizeof(double));
  double *v = malloc(m * m * m * sizeof(double));
  double *res = calloc(m * m * m, sizeof(double));
  for (int i = 0; i < m * m * m; i++) {
    u[i] = (double)(i % 13) / 16.0;
    v[i] = (double)(i % 5) / 4.0;
  }
  double a0 = -8.0 / 3.0, a1 = 1.0 / 6.0;
  int i3, i2, i1;
#pragma omp parallel for private(i1, i2, i3) collapse(2)
  for (i3 = 1; i3 < m - 1; i3++)
    for (i2 = 1; i2 < m - 1; i2++)
      for (i1 = 1; i1 < m - 1; i1++)
        res[(i3 * m + i2) * m + i1] =
            v[(i3 * m + i2) * m + i1] - a0 * u[(i3 * m + i2) * m + i1] -
            a1 * (u[(i3 * m + i2) * m + i1 - 1] + u[(i3 * m + i2) * m + i1 + 1] +
                  u[(i3 * m + i2 - 1) * m + i1] + u[(i3 * m + i2 + 1) * m + i1] +
                  u[((i3 - 1) * m + i2) * m + i1] + u[((i3 + 1) * m + i2) * m + i1]);
  double rnm2 = 0.0, rnmu = 0.0;
#pragma omp parallel for reduction(+ : rnm2) reduction(max : rnmu)
  for (int i = 0; i < m * m * m; i++) {
    rnm2 += res[i] * res[i];
    double z = fabs(res[i]);
    rnmu = z > rnmu ? z : rnmu;
  }
  printf("mg: rnm2 %.6e rnmu %.6e\n", sqrt(rnm2 / (m * m * m)), rnmu);
  return 0;
}

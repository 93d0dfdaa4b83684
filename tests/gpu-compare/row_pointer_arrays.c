/* GPU comparison test: 2-D arrays of row pointers (double **a, each row
 * from its own malloc, or rows pointing into one block), as C code and
 * Rodinia's backprop and kmeans hold their matrices. Built with gcc
 * (sequentially: the OpenMP marks are ignored) and through loop2cuda; the
 * two outputs must be identical (small integers in doubles and floats).
 * Covers: a matrix product, a layer forward pass (backprop's shape: the
 * sum over k of conn[k][j]), a stencil in a host time loop whose row
 * tables swap, rows in one block, and read-only rows that share memory
 * (two row pointers to one row). */
#include <stdio.h>
#include <stdlib.h>

static double **alloc2(int rows, int cols) {
  double **m = malloc(rows * sizeof(double *));
  for (int i = 0; i < rows; i++)
    m[i] = malloc(cols * sizeof(double));
  return m;
}

static void free2(double **m, int rows) {
  for (int i = 0; i < rows; i++)
    free(m[i]);
  free(m);
}

static double sum2(double **m, int rows, int cols) {
  double s = 0;
  for (int i = 0; i < rows; i++)
    for (int j = 0; j < cols; j++)
      s += m[i][j] * ((i + 2 * j) % 7 + 1);
  return s;
}

static void matmul(double **a, double **b, double **c, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      double s = 0;
      for (int k = 0; k < n; k++)
        s += a[i][k] * b[k][j];
      c[i][j] = s;
    }
}

static void layerforward(float *l1, float *l2, float **conn, int n1, int n2) {
#pragma omp parallel for
  for (int j = 1; j <= n2; j++) {
    float sum = 0;
    for (int k = 0; k <= n1; k++)
      sum += conn[k][j] * l1[k];
    l2[j] = sum;
  }
}

static void sweep(double **u, double **v, int n) {
#pragma omp parallel for
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      v[i][j] = u[i][j] + u[i - 1][j] + u[i + 1][j] - u[i][j - 1] - u[i][j + 1];
}

int main(void) {
  int n = 200;
  double **a = alloc2(n, n), **b = alloc2(n, n), **c = alloc2(n, n);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      a[i][j] = (i + 3 * j) % 5;
      b[i][j] = (2 * i + j) % 3;
      c[i][j] = -1;
    }
  matmul(a, b, c, n);
  printf("matmul %.1f\n", sum2(c, n, n));

  int n1 = 300, n2 = 100;
  float *l1 = malloc((n1 + 1) * sizeof(float));
  float *l2 = malloc((n2 + 1) * sizeof(float));
  float **conn = malloc((n1 + 1) * sizeof(float *));
  for (int k = 0; k <= n1; k++) {
    conn[k] = malloc((n2 + 1) * sizeof(float));
    l1[k] = k % 4;
    for (int j = 0; j <= n2; j++)
      conn[k][j] = (k * j) % 3;
  }
  for (int j = 0; j <= n2; j++)
    l2[j] = 0;
  layerforward(l1, l2, conn, n1, n2);
  double ls = 0;
  for (int j = 0; j <= n2; j++)
    ls += l2[j] * (j % 5 + 1);
  printf("layer %.1f\n", ls);

  /* Rows in one block, row tables swapped each step. */
  double *block_u = malloc(n * n * sizeof(double));
  double *block_v = malloc(n * n * sizeof(double));
  double **u = malloc(n * sizeof(double *)), **v = malloc(n * sizeof(double *));
  for (int i = 0; i < n; i++) {
    u[i] = block_u + i * n;
    v[i] = block_v + i * n;
    for (int j = 0; j < n; j++) {
      u[i][j] = (i * j) % 4;
      v[i][j] = 0;
    }
  }
  for (int t = 0; t < 4; t++) {
    sweep(u, v, n);
    double **tmp = u;
    u = v;
    v = tmp;
  }
  printf("sweeps %.1f %.1f\n", sum2(u, n, n), sum2(v, n, n));

  /* A row taken as a pointer, written through it (kmeans's shape). */
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    double *row = c[i];
    for (int j = 0; j < n; j++)
      row[j] = row[j] / 4 + a[i][j];
  }
  printf("row pointers %.1f\n", sum2(c, n, n));

  /* Read-only rows that share memory: row 1 is row 0. */
  double **shared = malloc(3 * sizeof(double *));
  shared[0] = a[5];
  shared[1] = a[5];
  shared[2] = b[7];
  double *out = malloc(n * sizeof(double));
#pragma omp parallel for
  for (int j = 0; j < n; j++)
    out[j] = shared[0][j] + 2 * shared[1][j] + 3 * shared[2][j];
  double os = 0;
  for (int j = 0; j < n; j++)
    os += out[j] * (j % 3 + 1);
  printf("shared rows %.1f\n", os);

  free2(a, n);
  free2(b, n);
  free2(c, n);
  return 0;
}

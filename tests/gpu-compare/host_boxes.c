/* GPU comparison test: host statements between kernels that touch a few
 * elements of an array (rule set host-boxes, docs/data-regions.md). Each
 * such statement moves only its box while a host loop holds the array:
 * PolyBench 4.2's cholesky (the diagonal on the host, the column below it
 * in a kernel), ludcmp's factorization (the L part on the host), a time
 * loop that reads one element, one that writes a moving element. The
 * matrices are products of integer triangular factors with unit
 * diagonals, so every value is an exact integer and the GPU build must
 * print exactly what the CPU build prints. The gpu-profile lines check
 * that cholesky's matrix goes to the device once, besides its boxes, and
 * never comes back whole: its kernel says which column it writes (rule
 * launch-writes), so each step brings back only the part of row i the
 * host lacks, and at the end the host lacks nothing (docs in
 * tests/gpu/README.md).
 */
// gpu-profile: ^  C \(host_boxes.c\) +to device +511 +528368 
// gpu-profile: ^  C \(host_boxes.c\) +to host +255 +261120 
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define N 256

static void cholesky(int n, double C[N][N]) {
  int i, j, k;
  for (i = 0; i < n; i++) {
    for (k = 0; k < i; k++) {
      C[i][i] -= C[i][k] * C[i][k];
    }
    C[i][i] = sqrt(C[i][i]);
#pragma omp parallel for private(k)
    for (j = i + 1; j < n; j++) {
      for (k = 0; k < i; k++) {
        C[j][i] -= C[j][k] * C[i][k];
      }
      C[j][i] /= C[i][i];
    }
  }
}

static void ludcmp(int n, double D[N][N]) {
  int i, j, k;
  double w;
  for (i = 0; i < n; i++) {
    for (j = 0; j < i; j++) {
      w = D[i][j];
      for (k = 0; k < j; k++)
        w -= D[i][k] * D[k][j];
      D[i][j] = w / D[j][j];
    }
#pragma omp parallel for private(k, w)
    for (j = i; j < n; j++) {
      w = D[i][j];
      for (k = 0; k < i; k++)
        w -= D[i][k] * D[k][j];
      D[i][j] = w;
    }
  }
}

static double reads(int n, int steps, double *a, double *c) {
  double s = 0;
  for (int t = 0; t < steps; t++) {
#pragma omp parallel for
    for (int i = 0; i < n; i++)
      a[i] = c[i] + t;
    s += a[1] + a[t % n];
#pragma omp parallel for
    for (int i = 0; i < n; i++)
      c[i] = a[i] - c[i];
  }
  return s;
}

static void moving(int n, int steps, double *u, double *v) {
  for (int t = 0; t < steps; t++) {
#pragma omp parallel for
    for (int i = 1; i < n - 1; i++)
      v[i] = (u[i - 1] + u[i + 1]) * 0.5;
    for (int k = t % 7 + 3; k >= 2; k--)
      u[k] = v[k - 1] + k;
#pragma omp parallel for
    for (int i = 1; i < n - 1; i++)
      u[i] = v[i] - u[i] * 0.5;
  }
}

/* Lower-triangular integer factor with a unit diagonal. */
static double low(int i, int j) {
  return i == j ? 1.0 : j < i ? (double)((i * 3 + j * 5) % 5 - 2) : 0.0;
}

int main(void) {
  static double C[N][N], D[N][N];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      double c = 0, d = 0;
      for (int k = 0; k < N; k++) {
        c += low(i, k) * low(j, k);
        d += low(i, k) * (k == j ? 1.0 : k < j ? (double)((k + 2 * j) % 3 - 1) : 0.0);
      }
      C[i][j] = c;
      D[i][j] = d;
    }
  cholesky(N, C);
  ludcmp(N, D);
  double sc = 0, sd = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      sc += C[i][j] * ((i + j) % 7);
      sd += D[i][j] * ((i * j) % 5);
    }
  printf("cholesky %.1f %.1f %.1f\n", sc, C[N - 1][3], C[100][100]);
  printf("ludcmp %.1f %.1f %.1f\n", sd, D[N - 1][3], D[7][200]);

  int n = 1 << 12;
  double *a = malloc(sizeof(double) * n), *c = malloc(sizeof(double) * n);
  double *u = malloc(sizeof(double) * n), *v = malloc(sizeof(double) * n);
  for (int i = 0; i < n; i++) {
    c[i] = i % 11;
    u[i] = i % 5;
    v[i] = 0;
  }
  double s = reads(n, 40, a, c);
  moving(n, 30, u, v);
  double su = 0, sv = 0;
  for (int i = 0; i < n; i++) {
    su += u[i] * (i % 3);
    sv += v[i];
  }
  printf("reads %.1f %.1f\nmoving %.1f %.1f\n", s, c[n / 2], su, sv);
  free(a);
  free(c);
  free(u);
  free(v);
  return 0;
}

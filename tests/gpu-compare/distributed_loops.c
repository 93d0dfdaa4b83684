/* GPU comparison test: marked loops that carry a dependence in one part of
 * their body only (PolyBench-ACC's atax and bicg): the front end splits
 * each into loops over the parts (rewriter/frontend/loops/Distribute.cpp); the
 * part that updates y[j] for every i runs interchanged. A loop whose parts
 * share a scalar is not split. Built with gcc (sequentially) and through
 * loop2cuda; the outputs must be identical. Values stay exact (small
 * integers and quarters). */
#include <stdio.h>

#define NX 700
#define NY 500

static double A[NX][NY], x[NY], y[NY], tmp[NX];
static double s[NY], q[NX], p[NY], r[NX];
static double z[NX];

static void atax(int nx, int ny) {
  int i, j;
#pragma omp parallel for
  for (i = 0; i < ny; i++)
    y[i] = 0;
#pragma omp parallel for private(j)
  for (i = 0; i < nx; i++) {
    tmp[i] = 0;
    for (j = 0; j < ny; j++)
      tmp[i] = tmp[i] + A[i][j] * x[j];
    for (j = 0; j < ny; j++)
      y[j] = y[j] + A[i][j] * tmp[i];
  }
}

static void bicg(int nx, int ny) {
  int i, j;
#pragma omp parallel for
  for (i = 0; i < ny; i++)
    s[i] = 0;
#pragma omp parallel for private(j)
  for (i = 0; i < nx; i++) {
    q[i] = 0;
    for (j = 0; j < ny; j++) {
      s[j] = s[j] + r[i] * A[i][j];
      q[i] = q[i] + A[i][j] * p[j];
    }
  }
}

/* The running sum c joins the two parts: no split, the loop stays on the
 * CPU (its j loops may still run per iteration). */
static double shared(int nx, int ny) {
  int i, j;
  double c = 0;
#pragma omp parallel for private(j)
  for (i = 0; i < nx; i++) {
    c = c + 1;
    z[i] = c;
    for (j = 0; j < ny; j++)
      y[j] = y[j] + 0.25 * z[i];
  }
  return c;
}

int main(void) {
  int i, j;
  for (i = 0; i < NX; i++) {
    for (j = 0; j < NY; j++)
      A[i][j] = (double)((i * 3 + j * 7) % 11 - 5);
    r[i] = (double)(i % 3);
  }
  for (j = 0; j < NY; j++) {
    x[j] = (double)(j % 3) * 0.5;
    p[j] = (double)((j * 5) % 9 - 4);
  }
  atax(NX, NY);
  bicg(NX, NY);
  double c = shared(NX, NY);
  double sy = 0, st = 0, ss = 0, sq = 0;
  for (j = 0; j < NY; j++) {
    sy += y[j] * (double)(j % 3 + 1);
    ss += s[j] * (double)(j % 5 + 1);
  }
  for (i = 0; i < NX; i++) {
    st += tmp[i] * (double)(i % 2 + 1);
    sq += q[i] * (double)(i % 4 + 1);
  }
  printf("%.4f %.4f %.4f %.4f %.1f\n", sy, st, ss, sq, c);
  return 0;
}

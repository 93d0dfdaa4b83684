/* GPU comparison test: OpenMP offload constructs as real programs write
 * them (issue 34): `target map(...)` around braces around a loop directive,
 * lengths from macros, and `target data` around `target teams distribute
 * parallel for`. Built with gcc -fopenmp (on the host) and through
 * loop2cuda; the outputs must be identical (values exact in double). */
#include <stdio.h>
#include <stdlib.h>
#define C 1000

static void scale(double *c) {
#pragma omp target map(tofrom: c[0:C])
  {
#pragma omp parallel for
    for (int i = 0; i < C; i++)
      c[i] = c[i] * 2.0;
  }
}

static void add(double *c, int n) {
#pragma omp target data map(tofrom: c[0:C])
  {
#pragma omp target teams distribute parallel for
    for (int i = 0; i < n; i++)
      c[i] = c[i] + 1.0;
  }
}

int main(void) {
  double *c = (double *)malloc(C * sizeof(double));
  for (int i = 0; i < C; i++)
    c[i] = (double)(i % 17) * 0.5;
  scale(c);
  add(c, C);
#pragma omp target map(tofrom: c[0:C])
#pragma omp teams distribute parallel for
  for (int i = 0; i < C; i++)
    c[i] = c[i] * 0.25;
  double s = 0;
  for (int i = 0; i < C; i++)
    s += c[i] * (double)(i % 3 + 1);
  printf("%.6f %.6f %.6f\n", c[0], c[C - 1], s);
  free(c);
  return 0;
}

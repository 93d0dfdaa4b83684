/* GPU comparison test: a global pointer set into a local allocation
   (G = u + 1) that a static helper also receives as a parameter. The
   helper's two kernels write overlapping memory through A and G; their
   copies must stay next to them (the tool once took the global for apart
   from the caller's fresh allocation and moved G's copy above A's kernel:
   found by a helper's hunt). */
#include <stdio.h>
#include <stdlib.h>

double *G;

static void run(double *A, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    A[i] = A[i] * 2.0;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    G[i] += 1.0;
}

static void point(double *u) { G = u + 7; }

int main(void) {
  int n = 1000, t;
  double *u = malloc((n + 7) * sizeof(double));
  double s = 0;
  for (int i = 0; i < n + 7; i++)
    u[i] = 1.0 + i % 3;
  G = u + 1;
  run(u, n);
  point(u);
  for (t = 0; t < 2; t++)
    run(u, n);
  for (int i = 0; i < n + 7; i++)
    s += u[i] * (i % 5 + 1);
  printf("%.1f\n", s);
  free(u);
  return 0;
}

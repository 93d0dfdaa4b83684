/* Host-simulation test: the run-time checks that send a loop to the host,
 * in order, each with data that makes it do so (every loop here runs on
 * the host; a launch would stop the simulated program):
 *   - arrays the tool assumed apart overlap (rule set host-fallback,
 *     l2c::apartOrHost), the functions called through pointers;
 *   - an array that starts no recorded heap block (a static array, an
 *     interior pointer, a small block: l2c::recordedOrHost).
 * Parameters with and without C99 restrict. The probes of rule set
 * probe-accesses are kernels themselves: the GPU tier tests them. Compared
 * with the gcc build of this file. */
// hostsim-profile: arrays of the loop overlap in memory; it ran on the host
// hostsim-profile: starts no recorded heap block
#include <stdio.h>
#include <stdlib.h>

void shift(double *dst, const double *src, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    dst[i] = src[i] + 1.0;
}

double gathered(const double *restrict w, const int *restrict idx, int n) {
  double s = 0.0;
#pragma omp parallel for reduction(+ : s)
  for (int i = 0; i < n; i++)
    s += w[(size_t)idx[i]];
  return s;
}

static double sum(const double *v, int n) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += v[i] * (double)(i % 7 + 1);
  return s;
}

static double table[4096];

int main(void) {
  const int n = 3000;
  void (*volatile f)(double *, const double *, int) = shift;
  double *a = calloc(n + 1, sizeof(double));
  for (int i = 0; i <= n; i++)
    a[i] = (i % 4) * 0.25;
  f(a + 1, a, n); /* overlapping: in order, a[i] = a[0] + i */
  printf("overlap: %.4f %.4f\n", sum(a, n + 1), a[n]);
  f(a, a, n); /* one array */
  printf("same: %.4f\n", sum(a, n + 1));
  f(a, a + 2, n - 2);
  printf("overlap down: %.4f\n", sum(a, n + 1));

  double *out = calloc(n, sizeof(double));
  for (int i = 0; i < n; i++)
    out[i] = (i % 11) * 0.5;
  int *idx = malloc(n * sizeof(int));
  double *few = malloc(16 * sizeof(double)); /* under the record's minimum */
  for (int i = 0; i < n; i++)
    idx[i] = (i * 13) % 16;
  for (int i = 0; i < 4096; i++)
    table[i] = (i % 3) * 0.5;
  for (int i = 0; i < 16; i++)
    few[i] = i * 0.125;
  printf("gathered static: %.6f\n", gathered(table, idx, n));
  printf("gathered interior: %.6f\n", gathered(out + 1, idx, n - 1));
  printf("gathered small: %.6f\n", gathered(few, idx, n));
  free(a);
  free(out);
  free(idx);
  free(few);
  return 0;
}

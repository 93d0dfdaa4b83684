/* GPU comparison test: the run-time guard on a launch's work (rule
 * guard-small-work, issue 35). One heat step function, launched in every
 * step of a host loop, runs first on a small rod (1,000 cells: on the host,
 * its OpenMP pragma kept) and then on a long one (1,048,576 cells: on the
 * GPU), the two sharing the program's arrays; a 2-D sweep likewise. Built
 * with gcc and through loop2cuda; the outputs must be identical (the
 * arithmetic is exact in float: halves and quarters of small integers).
 * The gpu-profile lines check where each ran: the 1-D step's kernel
 * launched 20 times (the long rod's steps) and the host runs reported. */
// The tier translates with --min-launch-work=0; this test needs the limit,
// and the guard (on by default; named anyway). It failed in session 37 (H100):
// the host runs lost to a stale device copy, because the runtime took the
// restrict parameters for objects (fixed in session 38, l2c::isPointer).
// loop2cuda-flags: --min-launch-work=131072 --runtime-work-guard
// gpu-profile: ^  heat_L[0-9]+(_restrict)? \(small_work\.c:[0-9]+\) +20 
// gpu-profile: small_work\.c:[0-9]+: 998 iterations, at most the 16384 a launch needs to pay off; it ran on the host
// gpu-profile: small_work\.c:[0-9]+: 900 iterations, at most the 16384
#include <stdio.h>
#include <stdlib.h>

static void heat(float *restrict u, float *restrict v, int n, int steps) {
  for (int t = 0; t < steps; t++) {
#pragma omp parallel for
    for (int i = 1; i < n - 1; i++)
      v[i] = 0.25f * u[i - 1] + 0.5f * u[i] + 0.25f * u[i + 1];
#pragma omp parallel for
    for (int i = 1; i < n - 1; i++)
      u[i] = v[i];
  }
}

static void sweep(int n, float *restrict a, float *restrict b, int steps) {
  for (int t = 0; t < steps; t++) {
#pragma omp parallel for
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        b[i * n + j] = 0.5f * a[i * n + j] + 0.125f * (a[(i - 1) * n + j] + a[(i + 1) * n + j] + a[i * n + j - 1] + a[i * n + j + 1]);
#pragma omp parallel for
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        a[i * n + j] = b[i * n + j];
  }
}

static double sum(const float *x, long n) {
  double s = 0;
  for (long i = 0; i < n; i++)
    s += x[i] * (double)(i % 7 + 1);
  return s;
}

int main(void) {
  const int big = 1 << 20;
  float *u = calloc(big, sizeof(float)), *v = calloc(big, sizeof(float));
  for (int n = 1000; n <= big; n = n == 1000 ? big : big + 1) {
    for (int i = 0; i < n; i++)
      u[i] = (float)(i % 16);
    heat(u, v, n, 20);
    printf("rod of %d: %.4f\n", n, sum(u, n));
  }
  for (int n = 32; n <= 1024; n *= 32) {
    float *a = calloc((size_t)n * n, sizeof(float));
    float *b = calloc((size_t)n * n, sizeof(float));
    for (long i = 0; i < (long)n * n; i++)
      a[i] = (float)(i % 8);
    sweep(n, a, b, 10);
    printf("plate of %d: %.4f\n", n, sum(a, (long)n * n));
    free(a);
    free(b);
  }
  free(u);
  free(v);
  return 0;
}

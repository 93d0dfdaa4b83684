/* Host-simulation test: the run-time guard on a launch's work (rule
 * guard-small-work) with every size small, so that every loop runs on the
 * host with its OpenMP pragma. The callers hold the arrays across the calls
 * (rule set hold-calls), the functions copy them in before their time loops
 * and out after: the host's results must survive those copies. Parameters
 * with and without C99 restrict (a restrict pointer's range was once taken
 * as empty, and the device copy kept as current: session 38). Compared
 * with the gcc build of this file. */
// loop2cuda-flags: --min-launch-work=131072 --runtime-work-guard
// hostsim-profile: small_work_host\.c:[0-9]+: 198 iterations, at most the 16384 a launch needs to pay off; it ran on the host
// hostsim-profile: small_work_host\.c:[0-9]+: 900 iterations, at most the 16384
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

/* The same without restrict: the tool assumes the arrays apart. */
static void heat_plain(double *u, double *v, int n, int steps) {
  for (int t = 0; t < steps; t++) {
#pragma omp parallel for
    for (int i = 1; i < n - 1; i++)
      v[i] = 0.5 * u[i] + 0.25 * (u[i - 1] + u[i + 1]);
    for (int i = 1; i < n - 1; i++)
      u[i] = v[i];
  }
}

static void sweep(int n, float *restrict a, float *restrict b, int steps) {
  for (int t = 0; t < steps; t++) {
#pragma omp parallel for
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        b[i * n + j] = 0.5f * a[i * n + j] +
                       0.125f * (a[(i - 1) * n + j] + a[(i + 1) * n + j] +
                                 a[i * n + j - 1] + a[i * n + j + 1]);
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

static double sumd(const double *x, long n) {
  double s = 0;
  for (long i = 0; i < n; i++)
    s += x[i] * (double)(i % 5 + 1);
  return s;
}

int main(void) {
  float *u = calloc(1000, sizeof(float)), *v = calloc(1000, sizeof(float));
  for (int n = 200; n <= 1000; n += 400) {
    for (int i = 0; i < n; i++)
      u[i] = (float)(i % 16);
    heat(u, v, n, 20);
    printf("rod of %d: %.4f\n", n, sum(u, n));
    heat(u, v, n, 5); /* again, from where the first call left it */
    printf("rod of %d, 5 more: %.4f %.4f\n", n, sum(u, n), sum(v, n));
  }
  double *p = malloc(600 * sizeof(double)), *q = calloc(600, sizeof(double));
  for (int i = 0; i < 600; i++)
    p[i] = (double)(i % 9);
  heat_plain(p, q, 600, 12);
  printf("plain rod: %.4f %.4f\n", sumd(p, 600), sumd(q, 600));
  for (int n = 32; n <= 64; n += 32) {
    float *a = calloc((size_t)n * n, sizeof(float));
    float *b = calloc((size_t)n * n, sizeof(float));
    for (long i = 0; i < (long)n * n; i++)
      a[i] = (float)(i % 8);
    sweep(n, a, b, 10);
    printf("plate of %d: %.4f\n", n, sum(a, (long)n * n));
    free(a);
    free(b);
  }
  free(p);
  free(q);
  free(u);
  free(v);
  return 0;
}

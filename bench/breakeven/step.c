/* The break-even point of a launch (rule guard-small-work): a 1-D heat
 * step and a copy back, launched in every step of a host loop that leaves
 * memory alone, timed per step at sizes from 2^8 to 2^22 cells. Built three
 * ways by run.sh: gcc -O2 (one core), gcc -O2 -fopenmp (every core) and
 * through loop2cuda with --min-launch-work=0 (every size on the GPU); the
 * size where the GPU build's time per step falls below the OpenMP build's
 * is the break-even point. Prints "n us_per_step checksum". */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

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

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(void) {
  const int max = 1 << 22;
  float *u = calloc(max, sizeof(float)), *v = calloc(max, sizeof(float));
  heat(u, v, max, 2); /* warm: device, threads, pages */
  for (int n = 1 << 8; n <= max; n *= 2) {
    for (int i = 0; i < n; i++)
      u[i] = (float)(i % 16);
    int steps = n <= (1 << 16) ? 400 : 100;
    double t0 = now();
    heat(u, v, n, steps);
    double t1 = now();
    double s = 0;
    for (int i = 0; i < n; i += 97)
      s += u[i];
    printf("%d %.3f %.4f\n", n, (t1 - t0) / steps * 1e6, s);
  }
  free(u);
  free(v);
  return 0;
}

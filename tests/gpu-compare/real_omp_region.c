/* GPU comparison test: OpenMP regions as people write them: a parallel
 * region with private and firstprivate variables holding several omp for
 * loops (nowait, schedule, a barrier, a single block) with +, max, min and
 * || reductions, and a count under omp atomic (a + reduction on the GPU).
 * Values are multiples of 1/4, so every sum is exact. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int n = 10000;
  double *x = malloc(n * sizeof(double));
  double *y = malloc(n * sizeof(double));
  double *z = malloc(n * sizeof(double));
  long *v = malloc(n * sizeof(long));
  double sum = 0.0, mx = -1e30, scale = 3.0;
  long mn = 1000000;
  int cnt = 0, any = 0;
  int i;
  double tmp;
  for (i = 0; i < n; i++) {
    x[i] = (i % 10) * 0.5;
    y[i] = (i % 7) * 0.25;
    v[i] = (i * 37) % 101 - 50;
  }
#pragma omp parallel private(tmp) firstprivate(scale) shared(x, y, z)
  {
#pragma omp for nowait schedule(static)
    for (i = 0; i < n; i++) {
      tmp = x[i] * x[i];
      z[i] = tmp + scale * y[i];
    }
#pragma omp barrier
#pragma omp for reduction(+ : sum)
    for (i = 0; i < n; i++)
      sum += z[i];
#pragma omp single
    printf("between the loops\n");
#pragma omp for reduction(max : mx)
    for (i = 0; i < n; i++)
      mx = fmax(mx, z[i] - y[i]);
#pragma omp for reduction(+ : cnt) nowait
    for (i = 0; i < n; i++)
      if (z[i] > 10.0)
        cnt++;
  }
#pragma omp parallel for reduction(min : mn)
  for (i = 0; i < n; i++)
    if (v[i] < mn)
      mn = v[i];
#pragma omp parallel for reduction(|| : any)
  for (i = 0; i < n; i++)
    any = any || (v[i] == 50);
#pragma omp parallel for if (n > 100)
  for (i = 0; i < n; i++)
    y[i] = v[i] > 0 ? z[i] : -z[i];
  int hits = 0;
#pragma omp parallel for
  for (i = 0; i < n; i++) {
    if (y[i] > 10) {
#pragma omp atomic
      hits++;
    }
  }
  double t = 0;
  for (i = 0; i < n; i++)
    t += y[i] * (i % 3);
  printf("sum=%.3f max=%.3f cnt=%d min=%ld any=%d hits=%d t=%.3f\n", sum, mx,
         cnt, mn, any, hits, t);
  free(x); free(y); free(z); free(v);
  return 0;
}

/* GPU comparison test: hand-written reductions in parallel regions: a
 * private partial merged under critical, one merged under atomic after an
 * omp for nowait, per-thread slots indexed by omp_get_thread_num (kept on
 * the CPU), a region that sets a private scale (kept on the CPU) and a
 * conditional lastprivate (kept on the CPU). Values are multiples of 1/8,
 * so every sum is exact. */
#include <stdio.h>
#include <stdlib.h>
#include <omp.h>
int main(void) {
  int n = 10000;
  double *a = malloc(n * sizeof(double)), *b = malloc(n * sizeof(double));
  for (int i = 0; i < n; i++) a[i] = (i % 8) * 0.125;
  double sum = 0.0;
  /* manual reduction: private partial + critical merge */
#pragma omp parallel
  {
    double local = 0.0;
#pragma omp for
    for (int i = 0; i < n; i++)
      local += a[i];
#pragma omp critical
    sum += local;
  }
  /* manual reduction with atomic */
  double sum2 = 0.0;
#pragma omp parallel shared(sum2)
  {
    double part = 0.0;
#pragma omp for nowait
    for (int i = 0; i < n; i++)
      part += a[i] * 2.0;
#pragma omp atomic
    sum2 += part;
  }
  /* each thread writes its own slot */
  int nt = 1;
  double partial[64] = {0};
#pragma omp parallel
  {
    int t = omp_get_thread_num();
#pragma omp single
    nt = omp_get_num_threads();
#pragma omp for
    for (int i = 0; i < n; i++)
      partial[t] += a[i];
  }
  double sum3 = 0;
  for (int t = 0; t < nt; t++) sum3 += partial[t];
  /* private scalar used across two omp for loops of a region */
  double scale = 0;
#pragma omp parallel private(scale)
  {
    scale = 2.0;
#pragma omp for
    for (int i = 0; i < n; i++)
      b[i] = a[i] * scale;
  }
  /* lastprivate conditional */
  int lastpos = -1;
  int i;
#pragma omp parallel for lastprivate(lastpos)
  for (i = 0; i < n; i++)
    if (a[i] > 0.5) lastpos = i;
  printf("%.3f %.3f %.3f %.3f %d\n", sum, sum2, sum3, b[n - 1], lastpos);
  return 0;
}

/* c_saxpy.c - y = a * x + y in C99: malloc without casts, restrict
 * pointers, and omp.h's timer on the host.
 *
 * loop2cuda's output is C++ for nvcc: the conversions from void * get
 * casts, restrict becomes __restrict__, and the generated program is built
 * with -Xcompiler -fopenmp -lgomp (it calls omp_get_wtime).
 *
 * Usage: c_saxpy [n]             (default n = 1048576)
 */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

static void saxpy(int n, float a, const float *restrict x, float *restrict y) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    y[i] = a * x[i] + y[i];
}

static float *new_floats(int n) {
  void *p = malloc((size_t)n * sizeof(float));
  if (!p) {
    fprintf(stderr, "c_saxpy: out of memory\n");
    exit(1);
  }
  return p;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1 << 20;
  if (n <= 0) {
    fprintf(stderr, "c_saxpy: n must be positive\n");
    return 1;
  }
  const float a = 3.0f;
  float *x = new_floats(n);
  float *y = malloc((size_t)n * sizeof *y);
  if (!y)
    return 1;
  /* Small integers keep every result exact, so CPU and GPU print the same
   * digits. */
  for (int i = 0; i < n; i++) {
    x[i] = (float)(i % 50);
    y[i] = (float)(i % 9);
  }

  double t0 = omp_get_wtime();
  saxpy(n, a, x, y);
  saxpy(n, a, x, y);
  double t1 = omp_get_wtime();

  long long checksum = 0;
  for (int i = 0; i < n; i++)
    checksum += (long long)y[i] * (i % 13 + 1);
  printf("c_saxpy: n = %d, a = %.1f\n", n, a);
  printf("y[0] = %.1f, y[%d] = %.1f, y[%d] = %.1f\n", y[0], n / 2, y[n / 2],
         n - 1, y[n - 1]);
  printf("checksum: %lld\n", checksum);
  fprintf(stderr, "c_saxpy: %.3f ms\n", (t1 - t0) * 1e3);
  free(x);
  free(y);
  return 0;
}

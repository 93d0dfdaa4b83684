/* GPU comparison test: the OpenMP clauses and constructs of real loops:
 * default(none), min, * and - reductions, lastprivate, a histogram and a count
 * under omp atomic and omp critical, parallel for simd, a step of 2 with
 * num_threads and schedule(static, 16), a file-scope table, ordered (on
 * the CPU), collapse(3), a downward long index, a private array and a
 * firstprivate. Values are multiples of 1/4, so every result is exact. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define NN 1000
static double table[NN];
static int counter;

static inline double sq(double v) { return v * v; }

int main(void) {
  int n = NN;
  double *a = malloc(n * sizeof(double)), *b = malloc(n * sizeof(double));
  double *c = malloc(n * sizeof(double));
  int *hist = calloc(16, sizeof(int));
  for (int i = 0; i < n; i++) {
    a[i] = (i % 17) * 0.25;
    b[i] = (i % 5) * 0.5;
  }
  double prod = 1.0, mn = 1e30, diff = 100.0;
  int last = -1, cnt = 0;
  /* 1: default(none) with shared list */
#pragma omp parallel for default(none) shared(a, b, c, n)
  for (int i = 0; i < n; i++)
    c[i] = sq(a[i]) + b[i];
  /* 2: min reduction and * reduction */
#pragma omp parallel for reduction(min : mn) reduction(* : prod)
  for (int i = 0; i < n; i++) {
    mn = fmin(mn, c[i] + 1.0);
    prod *= (i % 100 == 0) ? 1.5 : 1.0;
  }
  /* 3: minus reduction */
#pragma omp parallel for reduction(- : diff)
  for (int i = 0; i < n; i++)
    diff -= a[i];
  /* 4: lastprivate */
  int i;
#pragma omp parallel for lastprivate(i, last)
  for (i = 0; i < n; i++)
    last = i * 2;
  /* 5: atomic histogram */
#pragma omp parallel for
  for (int k = 0; k < n; k++) {
    int bin = (int)a[k] % 16;
#pragma omp atomic
    hist[bin]++;
  }
  /* 6: critical: stays on the CPU */
#pragma omp parallel for
  for (int k = 0; k < n; k++) {
    if (c[k] > 10.0) {
#pragma omp critical
      cnt++;
    }
  }
  /* 7: simd */
#pragma omp parallel for simd
  for (int k = 0; k < n; k++)
    b[k] = b[k] * 2.0;
  /* 8: step 2 and <= bound, num_threads */
#pragma omp parallel for num_threads(4) schedule(static, 16)
  for (int k = 0; k <= n - 2; k += 2)
    c[k] = a[k] + a[k + 1];
  /* 9: global table written */
#pragma omp parallel for
  for (int k = 0; k < NN; k++)
    table[k] = k * 0.5;
  /* 11: ordered */
#pragma omp parallel for ordered
  for (int k = 0; k < 10; k++) {
#pragma omp ordered
    counter += k;
  }
  /* 12: collapse(3) */
  int d = 12;
  double *v = malloc(d * d * d * sizeof(double));
#pragma omp parallel for collapse(3)
  for (int x = 0; x < d; x++)
    for (int y = 0; y < d; y++)
      for (int z = 0; z < d; z++)
        v[(x * d + y) * d + z] = x + 2 * y + 3 * z;
  /* 13: unsigned/long index, decreasing */
  long total = 0;
#pragma omp parallel for reduction(+ : total)
  for (long k = n - 1; k >= 0; k--)
    total += (long)a[k];
  /* 14: private array */
  double w[4];
#pragma omp parallel for private(w)
  for (int k = 0; k < n; k++) {
    for (int t = 0; t < 4; t++)
      w[t] = a[k] * t;
    c[k] = w[0] + w[1] + w[2] + w[3];
  }
  /* 15: firstprivate modified */
  double off = 1.0;
#pragma omp parallel for firstprivate(off)
  for (int k = 0; k < n; k++) {
    off += 0.0;
    b[k] = b[k] + off;
  }
  printf("%.3f %.3f %.3f %d %d %d %ld %d %.1f %.1f %ld %.3f %.3f\n", mn, prod,
         diff, i, last, cnt, (long)hist[3], counter, table[NN - 1], v[d * d * d - 1], total,
         c[n - 1], b[n - 1]);
  return 0;
}

/* GPU comparison test: small programs of OpenMP tutorials and courses:
 * pi by midpoint integration with a + reduction, a prime count through a
 * static helper with an early return and schedule(dynamic, 100), and an
 * n-body force loop over an array of structs with continue, then its
 * update of two members. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct { double x, y, z, vx, vy, vz, m; } body_t;

static int is_prime(int v) {
  if (v < 2) return 0;
  for (int d = 2; d * d <= v; d++)
    if (v % d == 0) return 0;
  return 1;
}

int main(void) {
  /* pi by integration */
  int steps = 1000000;
  double step = 1.0 / steps, sum = 0.0;
#pragma omp parallel for reduction(+ : sum)
  for (int i = 0; i < steps; i++) {
    double xx = (i + 0.5) * step;
    sum += 4.0 / (1.0 + xx * xx);
  }
  /* primes */
  int np = 0;
#pragma omp parallel for reduction(+ : np) schedule(dynamic, 100)
  for (int v = 0; v < 20000; v++)
    np += is_prime(v);
  /* n-body forces */
  int nb = 256;
  body_t *b = malloc(nb * sizeof(body_t));
  double *ax = malloc(nb * sizeof(double)), *ay = malloc(nb * sizeof(double)), *az = malloc(nb * sizeof(double));
  for (int i = 0; i < nb; i++) {
    b[i].x = i % 16; b[i].y = i / 16; b[i].z = (i % 5) * 0.5;
    b[i].vx = b[i].vy = b[i].vz = 0; b[i].m = 1.0 + (i % 3);
  }
#pragma omp parallel for
  for (int i = 0; i < nb; i++) {
    double fx = 0, fy = 0, fz = 0;
    for (int j = 0; j < nb; j++) {
      if (j == i) continue;
      double dx = b[j].x - b[i].x, dy = b[j].y - b[i].y, dz = b[j].z - b[i].z;
      double r2 = dx * dx + dy * dy + dz * dz + 1e-3;
      double inv = b[j].m / (r2 * sqrt(r2));
      fx += dx * inv; fy += dy * inv; fz += dz * inv;
    }
    ax[i] = fx; ay[i] = fy; az[i] = fz;
  }
#pragma omp parallel for
  for (int i = 0; i < nb; i++) {
    b[i].vx += 0.01 * ax[i];
    b[i].x += 0.01 * b[i].vx;
  }
  printf("pi %.8f primes %d ax0 %.6f x1 %.6f\n", sum * step, np, ax[0], b[1].x);
  return 0;
}

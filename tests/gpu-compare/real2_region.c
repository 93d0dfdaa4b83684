/* GPU comparison test: a Jacobi solver written as one OpenMP parallel
 * region around its iteration loop: inside, an omp for sweep, an omp for
 * copy-back with a max reduction of the change, a single block that counts
 * the iterations, a master block that prints, and barriers; then
 * nearest-neighbour records in a struct array with an if() clause. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define NX 200
#define NY 150

struct record {
  float lat, lng;
  int id;
};

int main(void) {
  int nx = NX, ny = NY, iters = 12, done = 0;
  double *u = calloc(nx * ny, sizeof(double));
  double *unew = calloc(nx * ny, sizeof(double));
  double *f = malloc(nx * ny * sizeof(double));
  double diff = 0.0;
  for (int i = 0; i < nx * ny; i++)
    f[i] = (i % 7 == 0) ? 1.0 : 0.0;
  int it, i, j;
#pragma omp parallel private(it, i, j) shared(u, unew, f)
  {
    for (it = 0; it < iters; it++) {
#pragma omp for collapse(2) schedule(static)
      for (i = 1; i < nx - 1; i++)
        for (j = 1; j < ny - 1; j++)
          unew[i * ny + j] = 0.25 * (u[(i - 1) * ny + j] + u[(i + 1) * ny + j] +
                                     u[i * ny + j - 1] + u[i * ny + j + 1] +
                                     f[i * ny + j]);
#pragma omp single
      diff = 0.0;
#pragma omp for reduction(max : diff)
      for (i = 1; i < nx - 1; i++)
        for (j = 1; j < ny - 1; j++) {
          double d = fabs(unew[i * ny + j] - u[i * ny + j]);
          if (d > diff)
            diff = d;
          u[i * ny + j] = unew[i * ny + j];
        }
#pragma omp master
      done++;
#pragma omp barrier
    }
  }
  printf("jacobi: %d iterations, last change %.6e\n", done, diff);
  double s = 0;
  for (int k = 0; k < nx * ny; k++)
    s += u[k];
  printf("sum %.6f\n", s);

  int nrec = 5000;
  struct record *recs = malloc(nrec * sizeof(struct record));
  float *dist = malloc(nrec * sizeof(float));
  for (int k = 0; k < nrec; k++) {
    recs[k].lat = (float)(k % 90);
    recs[k].lng = (float)((k * 7) % 180);
    recs[k].id = k;
  }
  float qlat = 30.0f, qlng = 90.0f;
#pragma omp parallel for if (nrec > 1000) schedule(guided)
  for (int k = 0; k < nrec; k++) {
    float dlat = recs[k].lat - qlat, dlng = recs[k].lng - qlng;
    dist[k] = sqrtf(dlat * dlat + dlng * dlng);
  }
  int best = 0;
  for (int k = 1; k < nrec; k++)
    if (dist[k] < dist[best])
      best = k;
  printf("nearest record %d at %.4f\n", recs[best].id, dist[best]);
  return 0;
}

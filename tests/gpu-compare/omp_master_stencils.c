/* GPU comparison test: PolyBench-ACC's OpenMP form of a time loop, the
 * worksharing loops inside a 'master' block of a parallel region (not
 * valid OpenMP; loop2cuda reads the block as code that runs once:
 * rewriter/driver/OpenMPRepair.h). Built with gcc (sequentially, which
 * ignores the directives) and through loop2cuda; the two outputs must be
 * identical. The values are multiples of 1/4 that stay exact. */
#include <stdio.h>

#define N 300
#define T 20

static double A[N][N], B[N][N], X[N], Y[N];

/* jacobi-2d as PolyBench-ACC writes it, with a sum that stays exact. */
static void jacobi2d(int tsteps, int n) {
  int t, i, j;
#pragma omp parallel private(i, j, t)
  {
#pragma omp master
    {
      for (t = 0; t < tsteps; t++) {
#pragma omp for schedule(static)
        for (i = 1; i < n - 1; i++)
          for (j = 1; j < n - 1; j++)
            B[i][j] = A[i][j - 1] + A[i][j + 1] - A[i - 1][j] + 0.25;
#pragma omp barrier
#pragma omp for schedule(static)
        for (i = 1; i < n - 1; i++)
          for (j = 1; j < n - 1; j++)
            A[i][j] = B[i][j] - 0.25 * (t % 3);
#pragma omp barrier
      }
    }
  }
}

/* jacobi-1d the same way. */
static void jacobi1d(int tsteps, int n) {
  int t, i, j;
#pragma omp parallel
  {
#pragma omp master
    {
      for (t = 0; t < tsteps; t++) {
#pragma omp for
        for (i = 1; i < n - 1; i++)
          Y[i] = X[i - 1] - X[i + 1] + X[i];
#pragma omp barrier
#pragma omp for
        for (j = 1; j < n - 1; j++)
          X[j] = Y[j] + 0.5;
#pragma omp barrier
      }
    }
  }
}

int main(void) {
  for (int i = 0; i < N; i++) {
    X[i] = (i % 5) * 0.25;
    Y[i] = 0;
    for (int j = 0; j < N; j++) {
      A[i][j] = ((i * 3 + j) % 7) * 0.25;
      B[i][j] = 0;
    }
  }
  jacobi2d(T, N);
  jacobi1d(T, N);
  double s = 0, x = 0;
  for (int i = 0; i < N; i++) {
    x += X[i] * (i % 3 + 1);
    for (int j = 0; j < N; j++)
      s += A[i][j] * ((i + j) % 5 + 1);
  }
  printf("jacobi2d %.6f\njacobi1d %.6f\n", s, x);
  printf("A[7][11] %.6f B[150][3] %.6f X[20] %.6f\n", A[7][11], B[150][3],
         X[20]);
  return 0;
}

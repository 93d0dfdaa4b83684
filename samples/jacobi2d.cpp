// jacobi2d.cpp - a 5-point 2-D Jacobi stencil in a host time loop: two
// sweeps per step, B from A then A from B, as PolyBench's jacobi-2d.
//
// Both sweeps are `omp parallel for` loops over 2-D arrays; loop2cuda makes
// each a kernel, and the copies of A and B leave the time loop: the arrays
// stay on the device for all steps.
//
// Usage: jacobi2d [steps]        (default 50; prints a checksum of A)
#include <cstdio>
#include <cstdlib>

#define N 1024

static double A[N][N], B[N][N];

int main(int argc, char **argv) {
  int steps = argc > 1 ? std::atoi(argv[1]) : 50;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[i][j] = ((double)i * (j + 2) + 2) / N;
      B[i][j] = ((double)i * (j + 3) + 3) / N;
    }
  for (int t = 0; t < steps; t++) {
#pragma omp parallel for
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        B[i][j] = 0.2 * (A[i][j] + A[i][j - 1] + A[i][j + 1] + A[i + 1][j] +
                         A[i - 1][j]);
#pragma omp parallel for
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        A[i][j] = 0.2 * (B[i][j] + B[i][j - 1] + B[i][j + 1] + B[i + 1][j] +
                         B[i - 1][j]);
  }
  double Sum = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      Sum += A[i][j];
  std::printf("jacobi2d %dx%d, %d steps: checksum %.6e, A[100][200] = %.8f\n",
              N, N, steps, Sum, A[100][200]);
  return 0;
}

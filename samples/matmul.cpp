// matmul.cpp - C = alpha * A * B + beta * C on 2-D C arrays, written as
// PolyBench's OpenMP versions write it: loop counters declared at the top,
// a `parallel` region around an `omp for` loop, the inner counters listed
// in private(...).
//
// loop2cuda turns the `omp for` loop into a kernel on a 2-D grid: the j
// loop is independent, so it becomes the x axis (rule map-inner-loop); k
// carries the sum and runs in order inside each thread. The `parallel` line
// goes: the region's body runs once, on the host.
//
// Usage: matmul                  (prints a checksum of C)
#include <cstdio>

#define NI 512
#define NJ 384
#define NK 256

static void gemm(int ni, int nj, int nk, double alpha, double beta,
                 double C[NI][NJ], double A[NI][NK], double B[NK][NJ]) {
  int i, j, k;
#pragma omp parallel
  {
#pragma omp for private(j, k)
    for (i = 0; i < ni; i++)
      for (j = 0; j < nj; j++) {
        C[i][j] *= beta;
        for (k = 0; k < nk; ++k)
          C[i][j] += alpha * A[i][k] * B[k][j];
      }
  }
}

static double A[NI][NK], B[NK][NJ], C[NI][NJ];

int main() {
  for (int i = 0; i < NI; i++)
    for (int k = 0; k < NK; k++)
      A[i][k] = (double)((i * k) % 13) / 13;
  for (int k = 0; k < NK; k++)
    for (int j = 0; j < NJ; j++)
      B[k][j] = (double)((k + 2 * j) % 7) / 7;
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++)
      C[i][j] = (double)((i + j) % 5);
  gemm(NI, NJ, NK, 1.5, 0.5, C, A, B);
  double Sum = 0;
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++)
      Sum += C[i][j] * ((i + j) % 3 + 1);
  std::printf("matmul %dx%dx%d: checksum %.6e, C[7][11] = %.6f\n", NI, NJ, NK,
              Sum, C[7][11]);
  return 0;
}

// matmul_bench.cpp - the matrix product of rule set tile-matmul (issue 10,
// item 4) at 4096 x 4096, in float and in double, written as PolyBench's
// gemm writes it: C := alpha*A*B + beta*C.
//
// Each product runs REPS+1 times in a host loop; loop2cuda moves the copies
// out of that loop, and the time runs from the end of the first (warm-up)
// run to the end of the last, so a GPU build reports kernel time. The values
// are small integers and alpha = 2, beta = 1, so every sum is exact: the
// tiled, the untiled and the cuBLAS results (cublas_gemm.cu fills the same
// matrices) have the same checksum.
//
// Usage: matmul_bench sgemm|dgemm REPS
//   prints "NAME seconds_per_run GFLOP/s checksum"
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#ifdef __CUDACC__
#include <cuda_runtime.h>
#endif

static double now() {
#ifdef __CUDACC__
  cudaDeviceSynchronize(); // kernels run asynchronously
#endif
  return std::chrono::duration<double>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

constexpr int N = 4096;
static float SA[N][N], SB[N][N], SC[N][N];
static double DA[N][N], DB[N][N], DC[N][N];

// The inputs of both programs (cublas_gemm.cu repeats these formulas).
static int valueA(int i, int k) { return (i * 7 + k * 3) % 5 - 2; }
static int valueB(int k, int j) { return (k * 5 + j * 11) % 5 - 2; }
static int valueC(int i, int j) { return (i + j * 2) % 9 - 4; }

static double sgemm(float alpha, float beta, int reps) {
  double start = 0;
  for (int r = 0; r <= reps; ++r) {
    if (r == 1)
      start = now();
#pragma omp parallel for
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++) {
        SC[i][j] *= beta;
        for (int k = 0; k < N; ++k)
          SC[i][j] += alpha * SA[i][k] * SB[k][j];
      }
  }
  double Elapsed = now() - start; // the copy back comes after
  return Elapsed;
}

static double dgemm(double alpha, double beta, int reps) {
  double start = 0;
  for (int r = 0; r <= reps; ++r) {
    if (r == 1)
      start = now();
#pragma omp parallel for
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++) {
        DC[i][j] *= beta;
        for (int k = 0; k < N; ++k)
          DC[i][j] += alpha * DA[i][k] * DB[k][j];
      }
  }
  double Elapsed = now() - start; // the copy back comes after
  return Elapsed;
}

int main(int argc, char **argv) {
  const char *What = argc > 1 ? argv[1] : "sgemm";
  int Reps = argc > 2 ? std::atoi(argv[2]) : 5;
  if (Reps < 1)
    Reps = 1;
  bool Single = !std::strcmp(What, "sgemm");
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      if (Single) {
        SA[i][j] = (float)valueA(i, j);
        SB[i][j] = (float)valueB(i, j);
        SC[i][j] = (float)valueC(i, j);
      } else {
        DA[i][j] = valueA(i, j);
        DB[i][j] = valueB(i, j);
        DC[i][j] = valueC(i, j);
      }
    }
  double Seconds =
      (Single ? sgemm(2.0f, 1.0f, Reps) : dgemm(2.0, 1.0, Reps)) / Reps;
  double Sum = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      Sum += (Single ? (double)SC[i][j] : DC[i][j]) * ((i + 3 * j) % 7 + 1);
  std::printf("%s %.6f %.1f %.1f\n", What, Seconds,
              2.0 * N * N * (double)N / Seconds / 1e9, Sum);
  return 0;
}

// nests_bench.cpp - loop nests on 2-D grids (issue: real loop nests): a 2-D
// map, jacobi-2d and matmul over C arrays, written as OpenMP code is.
//
// Each kernel runs REPS+1 times in a host loop; loop2cuda moves the copies
// out of that loop, and the time runs from the end of the first (warm-up)
// run to the end of the last, so a GPU build reports kernel time. The nvcc
// build also measures the device-to-device copy bandwidth (cudaMemcpy) in
// the same run, the yardstick for the memory-bound nests.
//
// Usage: nests_bench map|jacobi|matmul REPS
//   prints "NAME seconds_per_run rate unit checksum"
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

constexpr int MN = 8192; // 2-D map, float
static float MA[MN][MN], MB[MN][MN];
constexpr int JN = 4096; // jacobi-2d, double
static double JA[JN][JN], JB[JN][JN];
constexpr int GN = 2048; // matmul, float
static float GA[GN][GN], GB[GN][GN], GC[GN][GN];

static double map2d(float a, int reps) {
  double start = 0;
  for (int r = 0; r <= reps; ++r) {
    if (r == 1)
      start = now();
#pragma omp parallel for collapse(2)
    for (int i = 0; i < MN; i++)
      for (int j = 0; j < MN; j++)
        MB[i][j] = a * MA[i][j] + MB[i][j];
  }
  double Elapsed = now() - start; // the copy back comes after
  return Elapsed;
}

// One run is one time step: two sweeps, as PolyBench's jacobi-2d writes it.
static double jacobi(int steps) {
  double start = 0;
  for (int t = 0; t <= steps; ++t) {
    if (t == 1)
      start = now();
#pragma omp parallel for
    for (int i = 1; i < JN - 1; i++)
      for (int j = 1; j < JN - 1; j++)
        JB[i][j] = 0.2 * (JA[i][j] + JA[i][j - 1] + JA[i][j + 1] +
                          JA[i + 1][j] + JA[i - 1][j]);
#pragma omp parallel for
    for (int i = 1; i < JN - 1; i++)
      for (int j = 1; j < JN - 1; j++)
        JA[i][j] = JB[i][j];
  }
  double Elapsed = now() - start; // the copy back comes after
  return Elapsed;
}

static double matmul(int reps) {
  double start = 0;
  for (int r = 0; r <= reps; ++r) {
    if (r == 1)
      start = now();
#pragma omp parallel for
    for (int i = 0; i < GN; i++)
      for (int j = 0; j < GN; j++) {
        float s = 0;
        for (int k = 0; k < GN; k++)
          s += GA[i][k] * GB[k][j];
        GC[i][j] = s;
      }
  }
  double Elapsed = now() - start; // the copy back comes after
  return Elapsed;
}

#ifdef __CUDACC__
/// Device-to-device cudaMemcpy bandwidth, bytes read plus bytes written.
static double copyBandwidth() {
  size_t Bytes = sizeof(float) * MN * MN;
  void *X, *Y;
  cudaMalloc(&X, Bytes);
  cudaMalloc(&Y, Bytes);
  cudaMemcpy(Y, X, Bytes, cudaMemcpyDeviceToDevice);
  double T0 = now();
  for (int K = 0; K < 10; ++K)
    cudaMemcpy(Y, X, Bytes, cudaMemcpyDeviceToDevice);
  double T = now() - T0;
  cudaFree(X);
  cudaFree(Y);
  return 2.0 * Bytes * 10 / T / 1e9;
}
#endif

int main(int argc, char **argv) {
  const char *What = argc > 1 ? argv[1] : "map";
  int Reps = argc > 2 ? std::atoi(argv[2]) : 10;
  if (Reps < 1)
    Reps = 1;
  double Sum = 0, Seconds = 0, Rate = 0;
  const char *Unit = "GB/s";
  if (!std::strcmp(What, "map")) {
    for (int i = 0; i < MN; i++)
      for (int j = 0; j < MN; j++) {
        MA[i][j] = (float)((i * 7 + j) % 13);
        MB[i][j] = (float)((i + j * 3) % 7);
      }
    Seconds = map2d(0.5f, Reps) / Reps;
    Rate = 3.0 * sizeof(float) * MN * MN / Seconds / 1e9; // A, B in; B out
    for (int i = 0; i < MN; i += 97)
      Sum += MB[i][(i * 31) % MN];
  } else if (!std::strcmp(What, "jacobi")) {
    for (int i = 0; i < JN; i++)
      for (int j = 0; j < JN; j++)
        JA[i][j] = ((double)i * (j + 2) + 2) / JN;
    Seconds = jacobi(Reps) / Reps;
    // Each sweep reads one array and writes the other: 4 passes a step.
    Rate = 4.0 * sizeof(double) * (JN - 2) * (JN - 2) / Seconds / 1e9;
    for (int i = 1; i < JN - 1; i += 97)
      Sum += JA[i][(i * 31) % (JN - 2) + 1];
  } else if (!std::strcmp(What, "matmul")) {
    for (int i = 0; i < GN; i++)
      for (int j = 0; j < GN; j++) {
        GA[i][j] = (float)((i * j) % 5) / 5;
        GB[i][j] = (float)((i + 2 * j) % 3) / 3;
      }
    Seconds = matmul(Reps) / Reps;
    Unit = "GFLOP/s";
    Rate = 2.0 * GN * GN * GN / Seconds / 1e9;
    for (int i = 0; i < GN; i += 97)
      Sum += GC[i][(i * 31) % GN];
  } else if (!std::strcmp(What, "copy")) {
#ifdef __CUDACC__
    std::printf("copy 0 %.1f GB/s 0\n", copyBandwidth());
#else
    std::printf("copy 0 0 GB/s 0\n");
#endif
    return 0;
  } else {
    std::fprintf(stderr, "nests_bench: expected map, jacobi, matmul or copy\n");
    return 1;
  }
  std::printf("%s %.6f %.1f %s %.6e\n", What, Seconds, Rate, Unit, Sum);
  return 0;
}

// maps_bench.cpp - the memory-bound maps of issue 10 (items 3 and 5),
// written as OpenMP code is: saxpy over 2^28 floats, jacobi-2d and a
// 9-point stencil over 4096^2 doubles, and fdtd-2d's three sweeps.
//
// Each kernel runs REPS+1 times in a host loop; loop2cuda moves the copies
// out of that loop, and the time runs from the end of the first (warm-up)
// run to the end of the last, both taken inside the loop, so a GPU build
// reports kernel time: the copy back, which loop2cuda places after the
// loop, falls outside it. The rate
// counts each array read and each array written once per sweep. The nvcc
// build also measures cudaMemcpy device-to-device moving the same bytes
// (bench/tiling/run.sh prints the ratio).
//
// Usage: maps_bench saxpy|jacobi|stencil9|fdtd REPS
//   prints "NAME seconds_per_run GB/s checksum copy_GB/s"
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

constexpr long long SN = 1LL << 28; // saxpy, float
static float X[SN], Y[SN];
constexpr int N = 4096; // stencils, double
static double A[N][N], B[N][N];
static double Ex[N][N], Ey[N][N], Hz[N][N];

static double saxpy(float a, int reps) {
  double start = 0, stop = 0;
  for (int r = 0; r <= reps; ++r) {
    if (r == 1)
      start = now();
#pragma omp parallel for
    for (long long i = 0; i < SN; i++)
      Y[i] = a * X[i] + Y[i];
    if (r == reps)
      stop = now();
  }
  return stop - start;
}

// One run is one time step: two sweeps, as PolyBench's jacobi-2d writes it.
static double jacobi(int steps) {
  double start = 0, stop = 0;
  for (int t = 0; t <= steps; ++t) {
    if (t == 1)
      start = now();
#pragma omp parallel for
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        B[i][j] = 0.2 * (A[i][j] + A[i][j - 1] + A[i][j + 1] + A[i + 1][j] +
                         A[i - 1][j]);
#pragma omp parallel for
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        A[i][j] = B[i][j];
    if (t == steps)
      stop = now();
  }
  return stop - start;
}

// A 9-point box filter, back and forth between A and B.
static double stencil9(int steps) {
  double start = 0, stop = 0;
  for (int t = 0; t <= steps; ++t) {
    if (t == 1)
      start = now();
#pragma omp parallel for
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        B[i][j] = (A[i - 1][j - 1] + A[i - 1][j] + A[i - 1][j + 1] +
                   A[i][j - 1] + A[i][j] + A[i][j + 1] + A[i + 1][j - 1] +
                   A[i + 1][j] + A[i + 1][j + 1]) /
                  9.0;
#pragma omp parallel for
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        A[i][j] = (B[i - 1][j - 1] + B[i - 1][j] + B[i - 1][j + 1] +
                   B[i][j - 1] + B[i][j] + B[i][j + 1] + B[i + 1][j - 1] +
                   B[i + 1][j] + B[i + 1][j + 1]) /
                  9.0;
    if (t == steps)
      stop = now();
  }
  return stop - start;
}

// PolyBench's fdtd-2d time step (the boundary row ey[0][j] aside), with
// coefficients that are powers of two, so that contracted and separate
// multiply-adds round alike.
static double fdtd(int steps) {
  double start = 0, stop = 0;
  for (int t = 0; t <= steps; ++t) {
    if (t == 1)
      start = now();
#pragma omp parallel for
    for (int i = 1; i < N; i++)
      for (int j = 0; j < N; j++)
        Ey[i][j] = Ey[i][j] - 0.5 * (Hz[i][j] - Hz[i - 1][j]);
#pragma omp parallel for
    for (int i = 0; i < N; i++)
      for (int j = 1; j < N; j++)
        Ex[i][j] = Ex[i][j] - 0.5 * (Hz[i][j] - Hz[i][j - 1]);
#pragma omp parallel for
    for (int i = 0; i < N - 1; i++)
      for (int j = 0; j < N - 1; j++)
        Hz[i][j] = Hz[i][j] - 0.25 * (Ex[i][j + 1] - Ex[i][j] + Ey[i + 1][j] -
                                       Ey[i][j]);
    if (t == steps)
      stop = now();
  }
  return stop - start;
}

/// Device-to-device cudaMemcpy bandwidth of a copy that moves `Moved` bytes
/// (half read, half written); 0 on the CPU.
static double copyBandwidth(double Moved) {
#ifdef __CUDACC__
  size_t Bytes = (size_t)(Moved / 2);
  void *P, *Q;
  cudaMalloc(&P, Bytes);
  cudaMalloc(&Q, Bytes);
  cudaMemcpy(Q, P, Bytes, cudaMemcpyDeviceToDevice);
  double T0 = now();
  for (int K = 0; K < 10; ++K)
    cudaMemcpy(Q, P, Bytes, cudaMemcpyDeviceToDevice);
  double T = now() - T0;
  cudaFree(P);
  cudaFree(Q);
  return 2.0 * Bytes * 10 / T / 1e9;
#else
  (void)Moved;
  return 0;
#endif
}

int main(int argc, char **argv) {
  const char *What = argc > 1 ? argv[1] : "saxpy";
  int Reps = argc > 2 ? std::atoi(argv[2]) : 10;
  if (Reps < 1)
    Reps = 1;
  double Sum = 0, Seconds = 0, Moved = 0; // bytes a run
  double Inner = (double)(N - 2) * (N - 2);
  if (!std::strcmp(What, "saxpy")) {
    for (long long i = 0; i < SN; i++) {
      X[i] = (float)(i % 13);
      Y[i] = (float)(i % 7);
    }
    Seconds = saxpy(0.5f, Reps) / Reps;
    Moved = 3.0 * sizeof(float) * SN; // x, y in; y out
    for (long long i = 0; i < SN; i += 9973)
      Sum += Y[i];
  } else if (!std::strcmp(What, "jacobi") || !std::strcmp(What, "stencil9")) {
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++)
        A[i][j] = B[i][j] = (double)((i * 7 + j * j) % 23) / 8; // not harmonic
    bool J = What[0] == 'j';
    Seconds = (J ? jacobi(Reps) : stencil9(Reps)) / Reps;
    Moved = 4.0 * sizeof(double) * Inner; // two sweeps: one array in, one out
    for (int i = 1; i < N - 1; i += 97)
      Sum += A[i][(i * 31) % (N - 2) + 1];
  } else if (!std::strcmp(What, "fdtd")) {
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++) {
        Ex[i][j] = (double)((i * (j + 1)) % 64) / 8;
        Ey[i][j] = (double)((i * (j + 2)) % 64) / 8;
        Hz[i][j] = (double)((i * (j + 3)) % 64) / 8;
      }
    Seconds = fdtd(Reps) / Reps;
    // ey: ey, hz in, ey out; ex: ex, hz in, ex out; hz: ex, ey, hz in, hz out.
    Moved = 10.0 * sizeof(double) * N * N;
    for (int i = 0; i < N; i += 97)
      Sum += Hz[i][(i * 31) % N] + Ex[i][i] + Ey[(i * 7) % N][i];
  } else {
    std::fprintf(stderr, "maps_bench: expected saxpy, jacobi, stencil9 or fdtd\n");
    return 1;
  }
  std::printf("%s %.6f %.1f %.6e %.1f\n", What, Seconds, Moved / Seconds / 1e9,
              Sum, copyBandwidth(Moved));
  return 0;
}

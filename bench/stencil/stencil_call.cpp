// stencil_call.cpp - bench/stencil: the stencils of stencil_inline.cpp
// with each pair of sweeps in a function that the time loop calls
// (`for t: step(u, v, n);`). run.sh builds the
// generated .cu and reads LOOP2CUDA_PROFILE's summary.
//
// Usage: stencil_call 1d|2d [steps]   prints `<mode> wall_ms checksum`
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#define N2 2048

static void step1d(float *u, float *v, int n) {
#pragma omp parallel for
  for (int i = 1; i < n - 1; i++)
    v[i] = (u[i - 1] + u[i] + u[i + 1]) / 3.0f;
#pragma omp parallel for
  for (int i = 1; i < n - 1; i++)
    u[i] = (v[i - 1] + v[i] + v[i + 1]) / 3.0f;
}

static void step2d(double (*a)[N2], double (*b)[N2], int n) {
#pragma omp parallel for
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      b[i][j] = 0.2 * (a[i][j] + a[i][j - 1] + a[i][j + 1] + a[i - 1][j] +
                       a[i + 1][j]);
#pragma omp parallel for
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      a[i][j] = 0.2 * (b[i][j] + b[i][j - 1] + b[i][j + 1] + b[i - 1][j] +
                       b[i + 1][j]);
}

static double run1d(int steps) {
  int n = 1 << 20;
  float *u = (float *)std::malloc(sizeof(float) * n);
  float *v = (float *)std::malloc(sizeof(float) * n);
  for (int i = 0; i < n; i++) {
    u[i] = (float)((i * 37) % 101) / 7.0f;
    v[i] = 0.0f;
  }
  for (int t = 0; t < steps; t++)
    step1d(u, v, n);
  double s = 0;
  for (int i = 0; i < n; i++)
    s += u[i];
  std::free(u);
  std::free(v);
  return s;
}

static double run2d(int steps) {
  int n = N2;
  double(*a)[N2] = (double(*)[N2])std::malloc(sizeof(double) * N2 * N2);
  double(*b)[N2] = (double(*)[N2])std::malloc(sizeof(double) * N2 * N2);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      a[i][j] = (double)(((i * n + j) * 13) % 97) / 3.0;
      b[i][j] = 0.0;
    }
  for (int t = 0; t < steps; t++)
    step2d(a, b, n);
  double s = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      s += a[i][j];
  std::free(a);
  std::free(b);
  return s;
}

int main(int argc, char **argv) {
  bool two = argc > 1 && std::strcmp(argv[1], "2d") == 0;
  int steps = argc > 2 ? std::atoi(argv[2]) : two ? 100 : 50;
  auto t0 = std::chrono::steady_clock::now();
  double s = two ? run2d(steps) : run1d(steps);
  double ms = std::chrono::duration<double, std::milli>(
                  std::chrono::steady_clock::now() - t0)
                  .count();
  std::printf("%s %.3f %.9e\n", two ? "2d" : "1d", ms, s);
  return 0;
}

// stencil1d_call.cpp - the 1-D stencil of stencil1d.cpp with the two sweeps
// in a function that the time loop calls: `for t: step(u, v, n);`.
//
// The marked loops live in step(); the caller touches u and v on the host
// only before and after its time loop, so the arrays may stay on the device
// across the calls (docs/data-regions.md says how).
//
// Usage: stencil1d_call [n] [steps]   (default 2^20 floats, 50 steps)
#include <cstdio>
#include <cstdlib>

static void step(float *u, float *v, int n) {
#pragma omp parallel for
  for (int i = 1; i < n - 1; i++)
    v[i] = (u[i - 1] + u[i] + u[i + 1]) / 3.0f;
#pragma omp parallel for
  for (int i = 1; i < n - 1; i++)
    u[i] = (v[i - 1] + v[i] + v[i + 1]) / 3.0f;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? std::atoi(argv[1]) : 1 << 20;
  int steps = argc > 2 ? std::atoi(argv[2]) : 50;
  float *u = (float *)std::malloc(sizeof(float) * n);
  float *v = (float *)std::malloc(sizeof(float) * n);
  for (int i = 0; i < n; i++) {
    u[i] = (float)((i * 37) % 101) / 7.0f;
    v[i] = 0.0f;
  }
  for (int t = 0; t < steps; t++)
    step(u, v, n);
  double sum = 0;
  for (int i = 0; i < n; i++)
    sum += u[i];
  std::printf("stencil1d_call n=%d, %d steps: sum %.6e, u[1] = %.8f, u[n/2] "
              "= %.8f\n",
              n, steps, sum, u[1], u[n / 2]);
  std::free(u);
  std::free(v);
  return 0;
}

// stencil1d.cpp - a 3-point 1-D stencil in a host time loop, the two sweeps
// written inline: v from u, then u from v, as a new user writes it.
//
// Both sweeps are `omp parallel for` loops; loop2cuda makes each a kernel.
// The two sweeps touch different extents of u and v (v[1..n-2] is written,
// u[0..n-1] read), but each array has one device buffer for the whole
// function, so the transfers leave the time loop: u and v go to the device
// once before it and come back once after it (docs/data-regions.md).
//
// Usage: stencil1d [n] [steps]        (default 2^20 floats, 50 steps)
#include <cstdio>
#include <cstdlib>

int main(int argc, char **argv) {
  int n = argc > 1 ? std::atoi(argv[1]) : 1 << 20;
  int steps = argc > 2 ? std::atoi(argv[2]) : 50;
  float *u = (float *)std::malloc(sizeof(float) * n);
  float *v = (float *)std::malloc(sizeof(float) * n);
  for (int i = 0; i < n; i++) {
    u[i] = (float)((i * 37) % 101) / 7.0f;
    v[i] = 0.0f;
  }
  for (int t = 0; t < steps; t++) {
#pragma omp parallel for
    for (int i = 1; i < n - 1; i++)
      v[i] = (u[i - 1] + u[i] + u[i + 1]) / 3.0f;
#pragma omp parallel for
    for (int i = 1; i < n - 1; i++)
      u[i] = (v[i - 1] + v[i] + v[i + 1]) / 3.0f;
  }
  double sum = 0;
  for (int i = 0; i < n; i++)
    sum += u[i];
  std::printf("stencil1d n=%d, %d steps: sum %.6e, u[1] = %.8f, u[n/2] = "
              "%.8f\n",
              n, steps, sum, u[1], u[n / 2]);
  std::free(u);
  std::free(v);
  return 0;
}

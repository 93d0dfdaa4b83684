// GPU comparison test: data that stays on the device across a host time
// loop (docs/data-regions.md). Built with g++ (sequentially) and through
// loop2cuda; the two outputs must be identical. Each case mixes kernels that
// touch different extents of one array with host code that reads or writes
// it between them, or exchanges the buffers.
#include <cstdio>
#include <cstdlib>
#include <utility>

static double checksum(const float *a, int n) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += a[i] * (double)(i % 5 + 1);
  return s;
}

static void init(float *u, float *v, int n) {
  for (int i = 0; i < n; i++) {
    u[i] = (float)((i * 37) % 101);
    v[i] = (float)(i % 7);
  }
}

// Two sweeps over different extents, nothing on the host in between.
static void twoSweeps(int n, int steps) {
  float *u = (float *)std::malloc(sizeof(float) * n);
  float *v = (float *)std::malloc(sizeof(float) * n);
  init(u, v, n);
  for (int t = 0; t < steps; t++) {
#pragma omp parallel for
    for (int i = 1; i < n - 1; i++)
      v[i] = (u[i - 1] + u[i] + u[i + 1]) / 3.0f;
#pragma omp parallel for
    for (int i = 1; i < n - 1; i++)
      u[i] = (v[i - 1] + v[i] + v[i + 1]) / 3.0f;
  }
  std::printf("two sweeps: u %.6f v %.6f v[0] %.1f v[n-1] %.1f\n",
              checksum(u, n), checksum(v, n), v[0], v[n - 1]);
  std::free(u);
  std::free(v);
}

// The host reads u every few steps and writes one element of v (a
// boundary the kernels never write) in every step.
static void hostBetween(int n, int steps) {
  float *u = new float[n];
  float *v = new float[n];
  init(u, v, n);
  double seen = 0;
  for (int t = 0; t < steps; t++) {
#pragma omp parallel for
    for (int i = 1; i < n - 1; i++)
      v[i] = (u[i - 1] + u[i] + u[i + 1]) / 3.0f;
    v[0] = (float)t;
#pragma omp parallel for
    for (int i = 1; i < n - 1; i++)
      u[i] = (v[i - 1] + v[i] + v[i + 1]) / 3.0f;
    if (t % 3 == 0)
      seen += u[n / 2] + u[1];
  }
  std::printf("host between: u %.6f v %.6f seen %.6f\n", checksum(u, n),
              checksum(v, n), seen);
  delete[] u;
  delete[] v;
}

// A write-only sweep over the inside of v: v's ends keep their host values.
static void partialWrite(int n, int steps) {
  float *u = (float *)std::calloc(n, sizeof(float));
  float *v = (float *)std::calloc(n, sizeof(float));
  init(u, v, n);
  v[0] = 11;
  v[n - 1] = 13;
  for (int t = 0; t < steps; t++) {
#pragma omp parallel for
    for (int i = 2; i < n - 2; i++)
      v[i] = u[i] * 0.5f;
#pragma omp parallel for
    for (int i = 0; i < n; i++)
      u[i] = v[i] + 1.0f;
  }
  std::printf("partial write: u %.6f v %.6f ends %.1f %.1f\n",
              checksum(u, n), checksum(v, n), v[0], v[n - 1]);
  std::free(u);
  std::free(v);
}

// Double buffering: one sweep per step, then the buffers change places.
static void swapped(int n, int steps) {
  float *u = (float *)std::malloc(sizeof(float) * n);
  float *v = (float *)std::malloc(sizeof(float) * n);
  init(u, v, n);
  for (int t = 0; t < steps; t++) {
#pragma omp parallel for
    for (int i = 1; i < n - 1; i++)
      v[i] = (u[i - 1] + u[i] + u[i + 1]) / 3.0f;
    std::swap(u, v);
  }
  std::printf("std::swap: u %.6f v %.6f\n", checksum(u, n), checksum(v, n));
  for (int t = 0; t < steps; t++) {
#pragma omp parallel for
    for (int i = 1; i < n - 1; i++)
      v[i] = (u[i - 1] + u[i] + u[i + 1]) / 3.0f;
    float *tmp = u;
    u = v;
    v = tmp;
  }
  std::printf("tmp swap: u %.6f v %.6f\n", checksum(u, n), checksum(v, n));
  std::free(u);
  std::free(v);
}

// Swaps held on the device (rule hold-swap), with host work between steps:
// a read of one buffer, a write of the other, two sweeps per swap, and a
// sweep that writes less than the other reads.
static void swappedHostBetween(int n, int steps) {
  float *u = (float *)std::malloc(sizeof(float) * n);
  float *v = (float *)std::malloc(sizeof(float) * n);
  init(u, v, n);
  double seen = 0;
  for (int t = 0; t < steps; t++) {
#pragma omp parallel for
    for (int i = 1; i < n - 1; i++)
      v[i] = (u[i - 1] + u[i] + u[i + 1]) / 3.0f;
    std::swap(u, v);
    if (t % 3 == 0)
      seen += u[n / 2];
    if (t % 4 == 1)
      v[n - 1] = (float)t;
  }
  for (int t = 0; t < steps; t++) {
#pragma omp parallel for
    for (int i = 2; i < n - 2; i++)
      v[i] = 0.5f * (u[i - 2] + u[i + 2]);
#pragma omp parallel for
    for (int i = 1; i < n / 2; i++)
      u[i] = v[i] + 1.0f;
    std::swap(u, v);
  }
  std::printf("swap, host between: u %.6f v %.6f seen %.6f\n",
              checksum(u, n), checksum(v, n), seen);
  std::free(u);
  std::free(v);
}

// The sweeps in a function the time loop calls; the caller reads between
// calls in one loop and not in the other.
static void step(float *u, float *v, int n) {
#pragma omp parallel for
  for (int i = 1; i < n - 1; i++)
    v[i] = (u[i - 1] + u[i] + u[i + 1]) / 3.0f;
#pragma omp parallel for
  for (int i = 1; i < n - 1; i++)
    u[i] = (v[i - 1] + v[i] + v[i + 1]) / 3.0f;
}

static void calls(int n, int steps) {
  float *u = (float *)std::malloc(sizeof(float) * n);
  float *v = (float *)std::malloc(sizeof(float) * n);
  init(u, v, n);
  for (int t = 0; t < steps; t++)
    step(u, v, n);
  std::printf("calls: u %.6f v %.6f\n", checksum(u, n), checksum(v, n));
  double seen = 0;
  for (int t = 0; t < steps; t++) {
    step(u, v, n);
    u[0] = (float)t;
    seen += v[n / 3];
  }
  std::printf("calls, host between: u %.6f v %.6f seen %.6f\n",
              checksum(u, n), checksum(v, n), seen);
  std::free(u);
  std::free(v);
}

int main() {
  twoSweeps(1000, 20);
  hostBetween(999, 17);
  partialWrite(1001, 9);
  swapped(1000, 15);
  swappedHostBetween(1003, 14);
  calls(1000, 12);
  return 0;
}

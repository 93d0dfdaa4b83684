// GPU comparison test: arrays that stay on the device across calls of a
// function that holds the marked loops (rule set hold-calls,
// docs/data-regions.md). Built with g++ (sequentially) and through
// loop2cuda; the two outputs must be identical. The caller reads and
// writes the arrays between time loops, between calls, and exchanges them.
#include <cstdio>
#include <cstdlib>
#include <utility>

static double checksum(const float *a, int n) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += a[i] * (double)(i % 5 + 1);
  return s;
}

// Two sweeps; its host code never names u or v: both may stay held.
static void step(float *u, float *v, int n) {
#pragma omp parallel for
  for (int i = 1; i < n - 1; i++)
    v[i] = (u[i - 1] + u[i] + u[i + 1]) / 3.0f;
#pragma omp parallel for
  for (int i = 1; i < n - 1; i++)
    u[i] = (v[i - 1] + v[i] + v[i + 1]) / 3.0f;
}

// Writes every element of w (no copy in), reads r.
static void scale(float *w, const float *r, int n, float k) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    w[i] = r[i] * k;
}

// Its host code writes one element of u: u is not clean, v is.
static void stepAndPin(float *u, float *v, int n) {
  u[0] = 1.0f;
#pragma omp parallel for
  for (int i = 1; i < n - 1; i++)
    v[i] = (u[i - 1] + u[i] + u[i + 1]) / 3.0f;
#pragma omp parallel for
  for (int i = 1; i < n - 1; i++)
    u[i] = (v[i - 1] + v[i] + v[i + 1]) / 3.0f;
}

static void init(float *u, float *v, int n) {
  for (int i = 0; i < n; i++) {
    u[i] = (float)((i * 37) % 101);
    v[i] = (float)(i % 7);
  }
}

// Two arrays updated one after the other, each by its own kernel: correct
// sequentially even when b points into a.
static void twoPasses(float *a, float *b, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] = a[i] * 0.5f + 1.0f;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    b[i] = b[i] + 0.25f;
}

// The caller's parameters are held over its calls (CallRegions.cpp) ...
static void run(float *a, float *b, int n, int steps) {
  for (int t = 0; t < steps; t++)
    twoPasses(a, b, n);
}

int main() {
  const int n = 1000, steps = 20;
  float *u = (float *)std::malloc(sizeof(float) * n);
  float *v = (float *)std::malloc(sizeof(float) * n);
  float *w = new float[n];
  init(u, v, n);
  // Only calls in the time loop: one transfer each way.
  for (int t = 0; t < steps; t++)
    step(u, v, n);
  std::printf("calls: %.6f %.6f\n", checksum(u, n), checksum(v, n));
  // The host reads u between calls, and writes v.
  for (int t = 0; t < steps; t++) {
    step(u, v, n);
    if (t % 4 == 0)
      std::printf("  u[%d] = %.6f\n", t, u[t]);
    v[0] = (float)t;
  }
  std::printf("host between: %.6f %.6f\n", checksum(u, n), checksum(v, n));
  // Two callees in one time loop; w written whole on the device.
  for (int t = 0; t < steps; t++) {
    step(u, v, n);
    scale(w, u, n, 0.5f);
    step(w, v, n);
  }
  std::printf("two callees: %.6f %.6f %.6f\n", checksum(u, n),
              checksum(v, n), checksum(w, n));
  // Exchanges between calls.
  for (int t = 0; t < steps; t++) {
    step(u, v, n);
    std::swap(u, w);
  }
  std::printf("swaps: %.6f %.6f\n", checksum(u, n), checksum(w, n));
  // A callee whose host code writes u.
  for (int t = 0; t < steps; t++)
    stepAndPin(u, v, n);
  std::printf("pinned: %.6f %.6f\n", checksum(u, n), checksum(v, n));
  // Back to the first callee after host writes.
  for (int i = 0; i < n; i += 3)
    u[i] += 1.0f;
  for (int t = 0; t < steps; t++)
    step(u, v, n);
  std::printf("after host writes: %.6f %.6f\n", checksum(u, n),
              checksum(v, n));
  // ... where they are distinct arrays,
  run(u, v, n, steps);
  std::printf("parameters: %.6f %.6f\n", checksum(u, n), checksum(v, n));
  // ... and where b points into a: the runtime finds the overlap and holds
  // neither, so each pass sees the other's writes as the CPU build does.
  run(u, u + 7, n - 7, steps);
  std::printf("overlapping parameters: %.6f\n", checksum(u, n));
  std::free(u);
  std::free(v);
  delete[] w;
  return 0;
}

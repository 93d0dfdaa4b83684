// GPU comparison test: std::span (C++20) and pointer-plus-size pairs as
// arrays (issue 36 item 4): a span written in place, a read-only span
// beside a written one (apart: on the GPU; one inside the other: the
// run-time check sends the loop to the host, in order), a reduction over a
// span of a sub-range, and a struct of a pointer and its size. Built with
// g++ and through loop2cuda in C++20; the outputs must be identical.
// loop2cuda-std: c++20
#include <cstdio>
#include <span>
#include <vector>

static void scale(std::span<double> v, double a) {
#pragma omp parallel for
  for (size_t i = 0; i < v.size(); i++)
    v[i] = v[i] * a + 1.0;
}

static void add(std::span<const double> x, std::span<double> y) {
#pragma omp parallel for
  for (size_t i = 0; i < y.size(); i++)
    y[i] += x[i] * 0.5;
}

static double total(std::span<const double> v) {
  double s = 0;
#pragma omp parallel for reduction(+ : s)
  for (size_t i = 0; i < v.size(); i++)
    s += v[i] * (double)(i % 3 + 1);
  return s;
}

struct Buffer {
  float *data;
  int n;
};

static void clampBuffer(Buffer b, float hi) {
#pragma omp parallel for
  for (int i = 0; i < b.n; i++)
    b.data[i] = b.data[i] > hi ? hi : b.data[i];
}

int main() {
  const int n = 20000;
  std::vector<double> a(n), b(n);
  for (int i = 0; i < n; i++) {
    a[i] = i % 13;
    b[i] = (i * 7) % 11;
  }
  scale(a, 0.5);
  add(a, b);
  std::printf("apart: %.2f\n", total(b));
  // One inside the other: y[i] += y[i + 1] * 0.5 in order.
  add(std::span<const double>(b).subspan(1), std::span<double>(b).first(n - 1));
  std::printf("overlap: %.2f\n", total(b));
  std::printf("sub-range: %.2f\n", total(std::span<const double>(a).subspan(100, 5000)));
  std::vector<float> f(n);
  for (int i = 0; i < n; i++)
    f[i] = (float)(i % 17);
  clampBuffer(Buffer{f.data(), n}, 9.0f);
  double s = 0;
  for (int i = 0; i < n; i++)
    s += f[i] * (i % 5 + 1);
  std::printf("clamped: %.1f\n", s);
  return 0;
}

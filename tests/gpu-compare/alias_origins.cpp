// GPU comparison test: names of one array (issue 39, issue 34 item 5).
// The three programs the issues found wrong on the GPU (a reference to a
// vector, two pointers from .data(), a call passing c.data() + 1 and
// c.data()) now stay on the CPU with a witness, and print the sequential
// result; names of one array that the exact test proves independent (the
// two halves of a vector, one vector passed for two references, a loop
// written through two interleaved names that is split) run on the GPU.
// Built with g++ and through loop2cuda; the outputs must be identical
// (every value is a small multiple of 1/8, exact in double).
#include <cstdio>
#include <vector>

static double sum(const std::vector<double> &v) {
  double s = 0;
  for (size_t i = 0; i < v.size(); i++)
    s += v[i] * (double)(i % 7 + 1);
  return s;
}

static void reference(int n) {
  std::vector<double> a(n + 1, 1.0);
  std::vector<double> &b = a;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    b[i + 1] = a[i] * 0.5 + 0.5;
  std::printf("reference: %.6f\n", sum(a));
}

static void data_offsets(int n) {
  std::vector<double> a(n + 1, 2.0);
  double *p = a.data(), *q = a.data() + 1;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    q[i] = p[i] * 0.5 + 1.0;
  std::printf("data offsets: %.6f (last %.6f)\n", sum(a), a[n]);
}

static void shift(double *dst, const double *src, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    dst[i] = src[i] + 1.0;
}

static void halves(std::vector<double> &a, int n) {
  double *lo = a.data(), *hi = a.data() + n;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    hi[i] = lo[i] * 2.0 + 0.125;
}

static void both_written(std::vector<double> &a, int n) {
  double *even = a.data(), *odd = a.data() + 1;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    even[2 * i] = even[2 * i] + 1.0;
    odd[2 * i] = odd[2 * i] * 0.5;
  }
}

static void add_to(std::vector<double> &x, const std::vector<double> &y,
                   int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    x[i] += y[i];
}

int main() {
  const int n = 100000;
  reference(n);
  data_offsets(n);
  std::vector<double> c(n + 1, 0.0);
  shift(c.data() + 1, c.data(), n);
  std::printf("shift: %.6f (last %.6f)\n", sum(c), c[n]);
  std::vector<double> h(2 * n);
  for (int i = 0; i < 2 * n; i++)
    h[i] = (double)(i % 5) * 0.25;
  halves(h, n);
  std::printf("halves: %.6f\n", sum(h));
  both_written(h, n - 1);
  std::printf("both written: %.6f\n", sum(h));
  add_to(h, h, 2 * n);
  std::printf("add to itself: %.6f\n", sum(h));
  std::vector<double> g(2 * n, 0.5);
  add_to(g, h, 2 * n);
  std::printf("add: %.6f\n", sum(g));
  return 0;
}

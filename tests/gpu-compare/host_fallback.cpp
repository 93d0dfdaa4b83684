// GPU comparison test: rule set host-fallback (issue 39 item 2). Functions
// whose callers the tool cannot see (they are called through pointers)
// assume their two arrays apart; at run time they are apart, overlap by an
// element, or are one array, and an earlier kernel of the same function
// wrote the array the overlapping loop reads (its bytes must come back
// before the host runs the loop). Built with g++ and through loop2cuda;
// the outputs must be identical (values exact in double).
#include <cstdio>
#include <vector>

void shift(double *dst, const double *src, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    dst[i] = src[i] + 1.0;
}

void fill_then_shift(double *x, double *y, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    x[i] = i * 0.25;
#pragma omp parallel for
  for (int i = 0; i < n - 1; i++)
    y[i] = x[i] * 0.5 + 1.0;
}

static double sum(const std::vector<double> &v) {
  double s = 0;
  for (size_t i = 0; i < v.size(); i++)
    s += v[i] * (double)(i % 7 + 1);
  return s;
}

int main() {
  const int n = 20000;
  void (*volatile f)(double *, const double *, int) = shift;
  void (*volatile g)(double *, double *, int) = fill_then_shift;
  std::vector<double> a(n + 1, 0.0), b(n + 1, 0.5);
  f(b.data(), a.data(), n); // apart: on the GPU
  std::printf("apart: %.4f %.4f\n", sum(a), sum(b));
  f(a.data() + 1, a.data(), n); // overlapping: on the host, in order
  std::printf("overlap: %.4f %.4f\n", sum(a), a[n]);
  f(b.data(), b.data(), n); // one array
  std::printf("same: %.4f\n", sum(b));
  std::vector<double> c(n + 1, 0.0), d(n + 1, 0.0);
  g(c.data(), d.data(), n); // apart
  std::printf("fill apart: %.4f %.4f\n", sum(c), sum(d));
  g(c.data(), c.data() + 1, n); // y = x + 1: reads what the first loop wrote
  std::printf("fill overlap: %.4f %.4f\n", sum(c), c[n - 1]);
  return 0;
}

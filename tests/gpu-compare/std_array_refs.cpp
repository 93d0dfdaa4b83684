// GPU comparison test: std::array elements read and written through names
// the loop or a helper declares (issue 36, found by a helper's hunt): a
// `const auto &v = p[i]`, a helper's `const std::array &` or by-value
// parameter, a struct's std::array member reached through a parameter
// (reference, value, pointer), a lambda's parameter, a write through
// `auto &q = p[i]`. std::array's operator[] is host code: each must read
// the elements the same way on the device. Built with g++ (sequentially)
// and through loop2cuda; the outputs must be identical.
#include <array>
#include <cstdio>
#include <vector>

using Vec3 = std::array<double, 3>;

struct Coef {
  std::array<double, 3> c;
  double s;
};

static double norm2(const Vec3 &v) { return v[0] * v[0] + v[1] * v[1] + v[2] * v[2]; }
static double sumOf(Vec3 v) { return v[0] + v[1] + v[2]; }
static double poly(const Coef &k, double x) { return k.c[0] + k.c[1] * x + k.c[2] * x * x; }
static double polyByValue(Coef k, double x) { return (k.c[0] + k.c[2] * x) * k.s; }
static double polyAt(const Coef *k, double x) { return k->c[1] * x - k->c[0]; }

int main() {
  const int n = 5000;
  std::vector<Vec3> p(n);
  std::vector<double> a(n), b(n), c(n), d(n), e(n), f(n);
  std::vector<Coef> ks(n);
  for (int i = 0; i < n; ++i) {
    p[i] = {i * 0.5, i * 0.25 - 3.0, 1.0 + (i % 7)};
    ks[i] = {{0.5 * (i % 5), 1.0 + (i % 3), 0.01 * (i % 11)}, 0.5 + (i % 2)};
  }

#pragma omp parallel for
  for (int i = 0; i < n; ++i) {
    const auto &v = p[i];
    a[i] = v[0] * v[1] + v[2];
  }

#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    b[i] = norm2(p[i]) - sumOf(p[i]);

#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    c[i] = poly(ks[i], 0.001 * i) + polyByValue(ks[i], 2.0) + polyAt(&ks[i], 3.0);

#pragma omp parallel for
  for (int i = 0; i < n; ++i) {
    auto dot = [](const Vec3 &x, const Vec3 &y) {
      return x[0] * y[0] + x[1] * y[1] + x[2] * y[2];
    };
    d[i] = dot(p[i], p[(i + 1) % n]);
  }

#pragma omp parallel for
  for (int i = 0; i < n; ++i) {
    auto &q = p[i];
    q[1] = q[0] - 2.0 * q[2];
    e[i] = q[1];
  }

  // (A struct reference declared in the loop, `const Coef &k = ks[i];
  // k.c[0]`, stays on the CPU with a warning: lit std-array-refs.cpp.)
  for (int i = 0; i < n; ++i)
    f[i] = ks[i].c[0] * ks[i].s + ks[i].c[2];

  double s = 0, t = 0;
  for (int i = 0; i < n; ++i) {
    s += a[i] + b[i] + c[i] + d[i] + e[i] + f[i];
    t += p[i][1];
  }
  std::printf("a %.6f b %.6f c %.6f\n", a[n - 1], b[n / 2], c[7]);
  std::printf("d %.6f e %.6f f %.6f\n", d[11], e[n - 3], f[n / 3]);
  std::printf("sum %.6f %.6f\n", s, t);
  return 0;
}

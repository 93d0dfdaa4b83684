// GPU comparison test: lambdas, std::array and the library functions that
// kernels may call (std::min/max/clamp/abs, <cmath>). Built with g++
// (sequentially: the OpenMP marks are ignored) and through loop2cuda; the
// two outputs must be identical. Every value is a small integer held in a
// float or a double, and every operation on it is exact (sqrt of perfect
// squares, floor, fmod), so both sides print the same digits.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

constexpr int N = 1000;

static double checksum(const float *v, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += v[i] * (i % 7 + 1);
  return s;
}

static double checksum(const double *v, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += v[i] * (i % 5 + 1);
  return s;
}

static long long checksum(const int *v, int n) {
  long long s = 0;
  for (int i = 0; i < n; ++i)
    s += (long long)v[i] * (i % 3 + 1);
  return s;
}

// A captureless lambda and lambdas capturing by value and by reference
// (read only), declared before the loop.
static void lambdas(std::vector<float> &v, float k, int m) {
  auto sq = [](float a) { return a * a; };
  auto scale = [k](float a) { return a * k; };
  auto shift = [&](float a) { return a + m; };
#pragma omp parallel for
  for (int i = 0; i < (int)v.size(); ++i)
    v[i] = shift(scale(sq(v[i] - 10)));
  std::printf("lambdas: %.1f\n", checksum(v.data(), (int)v.size()));
}

// A lambda declared in the body captures the iteration's values; a generic
// lambda runs on floats and ints; a lambda calls another; a lambda writes
// through a reference parameter.
static void lambdaForms(float *x, int *y, int n) {
  const int K = 7;
  auto twice = [](auto a) { return a + a; };
  auto rem = [](int a) { return a % K; };
  auto both = [&](int a) { return rem(twice(a)); };
  auto bump = [](float &a) { a += 3.0f; };
#pragma omp parallel for
  for (int i = 0; i < n; ++i) {
    float t = x[i];
    auto mix = [t, i](float a) { return a * t - i; };
    x[i] = twice(mix(2.0f));
    bump(x[i]);
    y[i] = both(y[i] + i);
  }
  std::printf("lambda forms: %.1f %lld\n", checksum(x, n), checksum(y, n));
}

// std::array: parameters by reference, indexing, size(), a local one.
static void arrays(std::array<float, N> &a, const std::array<float, N> &b) {
#pragma omp parallel for
  for (int i = 0; i < (int)a.size(); ++i) {
    std::array<float, 3> t;
    for (int j = 0; j < (int)t.size(); ++j)
      t[j] = b[(i + j) % N] * j;
    a[i] = t[0] + t[1] + t[2] + (float)(b.size() - i);
  }
  std::printf("arrays: %.1f\n", checksum(a.data(), N));
}

// std::min, std::max, std::clamp and std::abs for float, double and int.
static void minMax(float *x, double *y, int *z, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i) {
    float f = x[i] - 500.0f;
    x[i] = std::min(f, 100.0f) + std::max(f, -50.0f) +
           std::clamp(f, -20.0f, 30.0f) + std::abs(f);
    double d = y[i] - 300.0;
    y[i] = std::min(d, 10.0) * 2 + std::max<double>(d, i) + std::abs(d) +
           std::clamp(d, -1.0, 1.0);
    int k = z[i] - 400;
    z[i] = std::abs(k) + std::min(k, 7) + std::max(k, -7) + std::clamp(k, 0, 9) +
           abs(k - 3);
  }
  std::printf("min/max: %.1f %.1f %lld\n", checksum(x, n), checksum(y, n),
              checksum(z, n));
}

// <cmath> overloads for float and double, and the integer ones (which
// compute in double): results that are exact on both sides.
static void cmath(float *x, double *y, const int *z, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i) {
    float s = (float)(i % 40);
    x[i] = std::sqrt(s * s) + std::floor(x[i] / 3.0f) + std::ceil(x[i] / 4.0f) +
           std::fabs(-x[i]) + std::fmod(x[i], 7.0f) + std::fmin(x[i], 9.0f);
    double d = (double)(i % 50);
    y[i] = std::sqrt(d * d) + std::trunc(y[i] / 3.0) + std::fmax(y[i], 4.0) +
           std::sqrt(z[i] * z[i]) + std::floor(z[i] / 2.0);
  }
  std::printf("cmath: %.1f %.1f\n", checksum(x, n), checksum(y, n));
}

int main() {
  std::vector<float> v(N);
  static std::array<float, N> a, b;
  static float x[N];
  static double y[N];
  static int z[N], w[N];
  for (int i = 0; i < N; ++i) {
    v[i] = (float)(i % 23);
    b[i] = (float)(i % 31);
    x[i] = (float)((i * 7) % 1001);
    y[i] = (double)((i * 3) % 601);
    z[i] = (i * 11) % 801;
    w[i] = i % 13;
  }
  lambdas(v, 3.0f, 5);
  lambdaForms(x, w, N);
  arrays(a, b);
  for (int i = 0; i < N; ++i)
    x[i] = (float)((i * 7) % 1001);
  minMax(x, y, z, N);
  for (int i = 0; i < N; ++i) {
    x[i] = (float)((i * 13) % 997);
    y[i] = (double)((i * 5) % 613);
    z[i] = i % 101 - 50;
  }
  cmath(x, y, z, N);
  return 0;
}

// GPU comparison test: C++ as people write it: a class whose methods loop
// over std::vector members, a struct with a member array, a templated axpy
// called with float and double, operators of a struct, lambdas
// (captureless and capturing), std::array counted down, a range-for over a
// vector of structs and max and + reductions. Values are small integers or
// multiples of 1/8: exact.
#include <array>
#include <cmath>
#include <cstdio>
#include <vector>

class Grid {
public:
  explicit Grid(int n) : n_(n), u_(n * n), v_(n * n) {
    for (int i = 0; i < n * n; ++i)
      u_[i] = (i % 9) * 0.5;
  }
  void smooth() {
#pragma omp parallel for
    for (int i = 1; i < n_ - 1; ++i)
      for (int j = 1; j < n_ - 1; ++j)
        v_[i * n_ + j] = (u_[(i - 1) * n_ + j] + u_[(i + 1) * n_ + j] +
                          u_[i * n_ + j - 1] + u_[i * n_ + j + 1]) *
                         0.25;
  }
  void scale(double f) {
#pragma omp parallel for
    for (size_t i = 0; i < v_.size(); ++i)
      v_[i] *= f;
  }
  double norm() const {
    double s = 0;
#pragma omp parallel for reduction(+ : s)
    for (int i = 0; i < n_ * n_; ++i)
      s += std::fabs(v_[i]);
    return s;
  }

private:
  int n_;
  std::vector<double> u_, v_;
};

struct Buffer {
  static const int kSize = 512;
  float data[kSize];
  float gain = 2.0f;
  void apply() {
#pragma omp parallel for
    for (int i = 0; i < kSize; ++i)
      data[i] = data[i] * gain + 1.0f;
  }
};

template <typename T> void axpy(int n, T a, const T *x, T *y) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    y[i] = a * x[i] + y[i];
}

struct Body {
  double x, y, m;
};

struct V3 {
  float x, y, z;
  V3 operator+(const V3 &o) const { return {x + o.x, y + o.y, z + o.z}; }
  V3 operator*(float s) const { return {x * s, y * s, z * s}; }
};

static double energy(const std::vector<Body> &bodies) {
  double e = 0;
#pragma omp parallel for reduction(+ : e)
  for (std::size_t i = 0; i < bodies.size(); ++i)
    e += 0.5 * bodies[i].m *
         (bodies[i].x * bodies[i].x + bodies[i].y * bodies[i].y);
  return e;
}

int main() {
  Grid g(64);
  g.smooth();
  g.scale(2.0);
  std::printf("grid: %.3f\n", g.norm());

  Buffer b;
  for (int i = 0; i < Buffer::kSize; ++i)
    b.data[i] = i % 16;
  b.apply();
  double t = 0;
  for (int i = 0; i < Buffer::kSize; ++i)
    t += b.data[i];
  std::printf("buffer: %.1f\n", t);

  const int n = 2048;
  std::vector<float> xf(n), yf(n);
  std::vector<double> xd(n), yd(n);
  for (int i = 0; i < n; ++i) {
    xf[i] = i % 8;
    yf[i] = 1;
    xd[i] = i % 5;
    yd[i] = 2;
  }
  axpy(n, 2.0f, xf.data(), yf.data());
  axpy<double>(n, 0.5, xd.data(), yd.data());
  double sf = 0, sd = 0;
  for (int i = 0; i < n; ++i) {
    sf += yf[i] * (i % 3);
    sd += yd[i] * (i % 3);
  }
  std::printf("axpy: %.1f %.1f\n", sf, sd);

  std::vector<float> r(n);
  for (int i = 0; i < n; ++i)
    r[i] = (i % 11) - 5;
  auto relu = [](float z) { return z > 0 ? z : 0.0f; };
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    r[i] = relu(r[i]);
  std::vector<int> q(n);
  for (int i = 0; i < n; ++i)
    q[i] = (i % 13) - 9;
  int k = 3;
  auto add = [k](int z) { return z + k; };
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    q[i] = std::max(add(q[i]), 0);
  long s = 0;
  for (int i = 0; i < n; ++i)
    s += (long)r[i] * (i % 4) + q[i];
  std::printf("lambdas: %ld\n", s);

  std::vector<V3> pos(n), vel(n);
  for (int i = 0; i < n; ++i) {
    pos[i] = {float(i % 3), 0, 1};
    vel[i] = {1, float(i % 2), 0.25f};
  }
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    pos[i] = pos[i] + vel[i] * 0.5f;
  double sp = 0;
  for (const V3 &q : pos)
    sp += q.x + 2 * q.y + 4 * q.z;
  std::printf("operators: %.3f\n", sp);

  constexpr int N = 1024;
  std::array<double, N> a{};
  std::vector<Body> bodies(N);
  for (int i = 0; i < N; ++i) {
    a[i] = i % 16;
    bodies[i] = {double(i % 3), double(i % 5), 1.0 + i % 2};
  }
#pragma omp parallel for
  for (int i = N - 1; i >= 0; --i)
    a[i] = a[i] * 2 + 1;
#pragma omp parallel for
  for (auto &body : bodies)
    body.x += 1.0;
  double m = 0;
#pragma omp parallel for reduction(max : m)
  for (unsigned i = 0; i < N; ++i)
    m = std::fmax(m, a[i]);
  long sa = 0;
  for (int i = 0; i < N; ++i)
    sa += (long)a[i] * (i % 3);
  std::printf("array: %ld max=%.1f energy=%.3f\n", sa, m, energy(bodies));
}

// GPU comparison test: sizes and range-based loops inside a kernel, as
// C++ code writes inner loops: `k < w.size()` over a std::vector,
// `for (double x : w)` over a vector, a C array and a std::array, `auto &`
// elements that are only read, and `j < m[i].size()` over the jagged rows
// of a vector of vectors. Built with g++ (sequentially) and through
// loop2cuda; the outputs must be identical (small integers in doubles).
#include <array>
#include <cstdio>
#include <vector>

static const double Taps[3] = {1, 2, 1};

static void weigh(std::vector<double> &out, const std::vector<double> &x,
                  const std::vector<double> &w) {
#pragma omp parallel for
  for (std::size_t i = 0; i < out.size(); ++i) {
    double s = 0;
    for (std::size_t k = 0; k < w.size(); ++k)
      s += w[k] * x[(i + k) % x.size()];
    out[i] = s;
  }
}

static void ranges(std::vector<double> &out, const std::vector<double> &w) {
  std::array<int, 3> offs = {3, 1, 2};
#pragma omp parallel for
  for (int i = 0; i < (int)out.size(); ++i) {
    double s = 0;
    for (double v : w)
      s += v * (i % 3);
    for (const auto &t : Taps)
      s += t;
    for (int o : offs)
      s += o * i;
    for (auto &v : w) // read only, through a non-const reference type
      s -= v;
    out[i] = s;
  }
}

static void jagged(std::vector<std::vector<double>> &m) {
#pragma omp parallel for
  for (std::size_t i = 0; i < m.size(); ++i)
    for (std::size_t j = 0; j < m[i].size(); ++j)
      m[i][j] = m[i][j] * 2 + m[i].size();
}

int main() {
  const int n = 5000;
  std::vector<double> x(n), w(17), out(n), out2(n);
  for (int i = 0; i < n; ++i)
    x[i] = i % 11;
  for (int k = 0; k < 17; ++k)
    w[k] = k % 4;
  weigh(out, x, w);
  ranges(out2, w);
  std::vector<std::vector<double>> m(300);
  for (int i = 0; i < 300; ++i)
    m[i].assign(i % 17 + 1, double(i % 5));
  jagged(m);
  double a = 0, b = 0, c = 0;
  for (int i = 0; i < n; ++i) {
    a += out[i] * (i % 3 + 1);
    b += out2[i] * (i % 5 + 1);
  }
  for (std::size_t i = 0; i < m.size(); ++i)
    for (std::size_t j = 0; j < m[i].size(); ++j)
      c += m[i][j] * (j + 1);
  std::printf("%.1f %.1f %.1f\n", a, b, c);
  return 0;
}

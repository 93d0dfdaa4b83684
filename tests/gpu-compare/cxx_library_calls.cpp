// GPU comparison test: library calls that kernels now make: std::swap,
// std::numeric_limits (libcu++'s on the device), assert (CUDA's device
// assert), INFINITY, and std::max and std::min of initializer lists (the
// runtime's maxOf and minOf: the first of the largest, of the smallest). Built with g++ and through loop2cuda; the outputs
// must be identical.
#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstdio>
#include <limits>
#include <utility>
#include <vector>

static void nearest(const std::vector<float> &pts, const std::vector<float> &c,
                    std::vector<int> &best) {
  int k = (int)c.size();
#pragma omp parallel for
  for (int i = 0; i < (int)pts.size(); i++) {
    float bd = std::numeric_limits<float>::max();
    int b = -1;
    for (int j = 0; j < k; j++) {
      float d = std::fabs(pts[i] - c[j]);
      if (d < bd) {
        bd = d;
        b = j;
      }
    }
    assert(b >= 0);
    best[i] = b;
  }
}

static void order(std::vector<double> &lo, std::vector<double> &hi) {
#pragma omp parallel for
  for (int i = 0; i < (int)lo.size(); i++)
    if (lo[i] > hi[i])
      std::swap(lo[i], hi[i]);
}

static void cap(std::vector<float> &v) {
#pragma omp parallel for
  for (int i = 0; i < (int)v.size(); i++)
    v[i] = v[i] < 0 ? INFINITY : v[i];
}

static void spread(std::vector<float> &out, const std::vector<float> &a) {
  int n = (int)a.size();
#pragma omp parallel for
  for (int i = 1; i < n - 1; i++)
    out[i] = std::max({a[i - 1], a[i], a[i + 1]}) -
             std::min({a[i - 1], a[i] * 0.5f, a[i + 1], 1.0f});
}

int main() {
  const int n = 30000;
  std::vector<float> pts(n), c = {0.5f, 3.25f, 7.75f, 12.0f};
  std::vector<int> best(n);
  std::vector<double> lo(n), hi(n);
  std::vector<float> v(n);
  for (int i = 0; i < n; i++) {
    pts[i] = (i % 61) * 0.25f;
    lo[i] = i % 9;
    hi[i] = (i * 7) % 11;
    v[i] = (i % 5) - 2.0f;
  }
  nearest(pts, c, best);
  order(lo, hi);
  cap(v);
  std::vector<float> out(n, 0.0f);
  spread(out, pts);
  double so = 0;
  for (int i = 0; i < n; i++)
    so += out[i] * (i % 4 + 1);
  std::printf("spread %.2f\n", so);
  long sb = 0;
  double s = 0;
  int inf = 0;
  for (int i = 0; i < n; i++) {
    sb += best[i] * (i % 3 + 1);
    s += lo[i] - 2 * hi[i];
    inf += std::isinf(v[i]) ? 1 : 0;
  }
  std::printf("%ld %.1f %d\n", sb, s, inf);
  return 0;
}

// GPU comparison test: OpenMP in C++ as people write it: std::vector
// data, a struct of parameters, a static inline function with std::exp,
// a size_t index bounded by size(), + and max reductions, a member
// function's stencil over vector members with std::swap between steps,
// and Needleman-Wunsch's anti-diagonals with std::max.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

struct Params {
  float alpha;
  float beta;
  int n;
};

static inline float sigmoid(float x) { return 1.0f / (1.0f + std::exp(-x)); }

class Grid {
public:
  Grid(int nx, int ny) : nx_(nx), ny_(ny), u_(nx * ny), v_(nx * ny) {}
  void init() {
    for (int i = 0; i < nx_ * ny_; ++i)
      u_[i] = static_cast<float>(i % 9) * 0.25f;
  }
  void smooth(int steps);
  float total() const {
    float s = 0;
    for (float x : u_)
      s += x;
    return s;
  }

private:
  int nx_, ny_;
  std::vector<float> u_, v_;
};

void Grid::smooth(int steps) {
  for (int t = 0; t < steps; ++t) {
#pragma omp parallel for collapse(2)
    for (int i = 1; i < nx_ - 1; ++i)
      for (int j = 1; j < ny_ - 1; ++j)
        v_[i * ny_ + j] = 0.25f * (u_[(i - 1) * ny_ + j] + u_[(i + 1) * ny_ + j] +
                                   u_[i * ny_ + j - 1] + u_[i * ny_ + j + 1]);
    std::swap(u_, v_);
  }
}

/* Needleman-Wunsch: the anti-diagonals of the score matrix */
static void nw(std::vector<int> &score, const std::vector<int> &ref, int n,
               int penalty) {
  for (int d = 1; d < 2 * n - 2; ++d) {
    int lo = std::max(1, d - n + 2), hi = std::min(d, n - 1);
#pragma omp parallel for
    for (int i = lo; i <= hi; ++i) {
      int j = d - i + 1;
      int a = score[(i - 1) * n + j - 1] + ref[i * n + j];
      int b = score[i * n + j - 1] - penalty;
      int c = score[(i - 1) * n + j] - penalty;
      score[i * n + j] = std::max(a, std::max(b, c));
    }
  }
}

int main() {
  Params p{0.5f, 2.0f, 4096};
  std::vector<float> x(p.n), y(p.n);
  for (int i = 0; i < p.n; ++i)
    x[i] = static_cast<float>(i % 16) / 16.0f;
#pragma omp parallel for
  for (std::size_t i = 0; i < x.size(); ++i)
    y[i] = sigmoid(p.alpha * x[i]) * p.beta;
  double s = 0;
#pragma omp parallel for reduction(+ : s)
  for (int i = 0; i < p.n; ++i)
    s += y[i];
  float mx = 0;
#pragma omp parallel for reduction(max : mx)
  for (int i = 0; i < p.n; ++i)
    mx = std::max(mx, std::fabs(y[i] - 1.0f));
  std::printf("%.2f %.4f\n", s, mx);

  Grid g(64, 48);
  g.init();
  g.smooth(5);
  std::printf("grid %.3f\n", g.total());

  int n = 64;
  std::vector<int> score(n * n, 0), ref(n * n);
  for (int i = 0; i < n * n; ++i)
    ref[i] = (i * 7) % 11 - 5;
  for (int i = 0; i < n; ++i) {
    score[i * n] = -i * 10;
    score[i] = -i * 10;
  }
  nw(score, ref, n, 10);
  std::printf("nw %d %d\n", score[n * n - 1], score[(n / 2) * n + n / 2]);
  return 0;
}

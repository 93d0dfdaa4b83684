// Numbers a kernel reads by a qualified name: a constant of a namespace
// (phys::kG) and a static member of a class (Wrap::K, named K in its own
// methods). The launch passes them by their qualified names; they did not
// build (found by a helper's hunt).
#include <cstdio>
#include <vector>

namespace phys {
constexpr double kG = 9.81;
namespace detail {
const int kSteps = 3;
}
} // namespace phys

namespace {
const double kHalf = 0.5;
}

struct Wrap {
  static constexpr int K = 7;
  static const int Offset = 2;
  void fill(int *p, int n) {
#pragma omp parallel for
    for (int i = 0; i < n; ++i)
      p[i] = i % K + Offset;
  }
};

int main() {
  std::vector<double> v(5000);
  for (size_t i = 0; i < v.size(); ++i)
    v[i] = (double)(i % 11);
  double dt = 0.125;
  for (int s = 0; s < phys::detail::kSteps; ++s) {
#pragma omp parallel for
    for (size_t i = 0; i < v.size(); ++i)
      v[i] -= phys::kG * dt * kHalf + phys::detail::kSteps;
  }
  std::vector<int> p(3000);
  Wrap w;
  w.fill(p.data(), (int)p.size());
  double s = 0;
  long t = 0;
  for (size_t i = 0; i < v.size(); ++i)
    s += v[i];
  for (size_t i = 0; i < p.size(); ++i)
    t += p[i] * (long)(i % 5);
  std::printf("%.4f %ld\n", s, t);
}

// GPU comparison test: methods called in a marked loop that read private
// members (numbers, a std::array), in an object that could travel to the
// device as its bytes. The methods' device copies are no members, so they
// take those members as parameters (MemberScalars.cpp) instead of reading
// them from the object (nvcc: 'member is inaccessible'; found by a
// helper's hunt with the emulated device).
#include <array>
#include <cstdio>
#include <vector>

class Filter {
  double gain_, bias_;
  std::array<double, 4> coef_{{1, 2, 3, 4}};
  double twice() const { return 2 * gain_; }

public:
  Filter(double g, double b) : gain_(g), bias_(b) {}
  double effGain() const { return twice() + bias_; }
  double coef(int k) const { return coef_[k]; }
  void apply(std::vector<double> &v) const;
  void applyRef(std::vector<double> &v);
};

void Filter::apply(std::vector<double> &v) const {
#pragma omp parallel for
  for (std::size_t i = 0; i < v.size(); ++i)
    v[i] = v[i] * effGain() + coef_[i % 4];
}

void Filter::applyRef(std::vector<double> &v) {
#pragma omp parallel for
  for (int i = 0; i < (int)v.size(); ++i) {
    double &r = v[i];
    r += coef(i & 3) * gain_;
  }
}

int main() {
  std::vector<double> v(100000);
  for (int i = 0; i < (int)v.size(); ++i)
    v[i] = i % 17;
  Filter f(1.5, 0.25);
  f.apply(v);
  f.applyRef(v);
  long long h = 0;
  for (double d : v)
    h = h * 3 + (long long)(d * 16);
  std::printf("%lld\n", h);
  return 0;
}

// GPU comparison test (issue 36 item 2): methods of an object that owns a
// std::vector, called from a marked loop in another method, when they never
// name the object (no member, no `this`): their device copies take no
// object, so the loop runs on the GPU while the object stays on the host.
// A method that reads a member keeps its loop on the CPU with a warning.
// Built with g++ and through loop2cuda; the outputs must be identical
// (small multiples of 1/4 in doubles).
#include <cstdio>
#include <vector>

class Field {
public:
  explicit Field(int n) : v_(n, 1.0), n_(n) {}
  double weight(int i) const { return 0.5 + (i % 3) * 0.25; }
  double mix(int i, double x) const { return weight(i) * x + clampTo(i, 7); }
  static double clampTo(int i, int hi) { return i < hi ? i : hi; }
  double offset(double x) const { return x + scale_; } // reads a member

  void step() {
#pragma omp parallel for
    for (int i = 0; i < n_; i++)
      v_[i] = mix(i, v_[i]);
  }
  void shift() {
#pragma omp parallel for
    for (int i = 0; i < n_; i++)
      v_[i] = offset(v_[i]);
  }
  double sum() const {
    double s = 0;
    for (int i = 0; i < n_; i++)
      s += v_[i] * (i % 5 + 1);
    return s;
  }

private:
  std::vector<double> v_;
  int n_;
  double scale_ = 0.25;
};

int main() {
  Field f(1 << 18);
  for (int t = 0; t < 3; t++)
    f.step();
  f.shift();
  std::printf("field: %.4f\n", f.sum());
  return 0;
}

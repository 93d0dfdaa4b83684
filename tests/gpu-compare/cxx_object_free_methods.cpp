// GPU comparison test (issue 36 item 2): methods of an object that owns a
// std::vector, called from a marked loop in another method. One that never
// names the object (no member, no `this`) has a device copy that takes no
// object; one that reads only numbers of the object (offset reads scale_,
// damped reads scale_ through offset and its own mode_) takes those
// numbers as parameters: the loops run on the GPU while the object stays
// on the host. One that reads the vector (at) keeps its loop on the CPU
// with a warning. Built with g++ and through loop2cuda; the outputs must be
// identical (small multiples of 1/4 in doubles).
// gpu-profile: ^  shift_L[0-9]+ \(cxx_object_free_methods\.cpp:[0-9]+\) +1 
// gpu-profile: ^  damp_L[0-9]+ \(cxx_object_free_methods\.cpp:[0-9]+\) +2 
#include <cstdio>
#include <vector>

class Field {
public:
  explicit Field(int n) : v_(n, 1.0), n_(n) {}
  double weight(int i) const { return 0.5 + (i % 3) * 0.25; }
  double mix(int i, double x) const { return weight(i) * x + clampTo(i, 7); }
  static double clampTo(int i, int hi) { return i < hi ? i : hi; }
  double offset(double x) const { return x + scale_; } // reads a member
  double damped(int i, double x) const {
    return this->mode_ == 1 ? offset(x) * 0.5 : offset(weight(i) * x);
  }
  double at(int i) const { return v_[i]; } // reads the vector

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
  void damp() {
#pragma omp parallel for
    for (int i = 0; i < n_; i++)
      v_[i] = damped(i, v_[i]);
  }
  void fromAt(std::vector<double> &out) const {
#pragma omp parallel for
    for (int i = 0; i < n_; i++)
      out[i] = at(i) + 1.0;
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
  int mode_ = 1;
};

int main() {
  Field f(1 << 18);
  for (int t = 0; t < 3; t++)
    f.step();
  f.shift();
  f.damp();
  f.damp();
  std::vector<double> out(1 << 18);
  f.fromAt(out);
  std::printf("out: %.4f %.4f\n", out[0], out[(1 << 18) - 1]);
  std::printf("field: %.4f\n", f.sum());
  return 0;
}

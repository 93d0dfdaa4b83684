// RUN: %loop2cuda %s -o %t -- -std=c++17 2>&1 | FileCheck %s --implicit-check-not=warning:

// A private member of another object is read on the host at its offset in
// the object; the offset of w_ is 4 in Grid<float> and 8 in Grid<double>,
// and the instantiations share one launch: the loop stays on the CPU.
#include <vector>
#include <cstdio>
template <typename T>
class Grid {
public:
  Grid(int w, int h) : pad_(0), w_(w), h_(h), px_(w * h) {}
  T &at(int x, int y) { return px_[y * w_ + x]; }
  int w() const { return w_; }
  int h() const { return h_; }
private:
  T pad_;          // float: w_ at offset 4; double: w_ at offset 8
  int w_, h_;
  std::vector<T> px_;
};
// CHECK: [[#@LINE+4]]:3: warning: loop not parallelized: the instantiations 'fill<float>' and 'fill<double>' read a member at different places in the object, and the host code of the one launch has one
// CHECK: [[#@LINE+3]]:3: warning: loop not parallelized: the instantiations 'fill<float>' and 'fill<double>' read a member at different places in the object, and the host code of the one launch has one
template <typename T> void fill(Grid<T> &g) {
#pragma omp parallel for
  for (int y = 0; y < g.h(); ++y)
    for (int x = 0; x < g.w(); ++x) g.at(x, y) = T(x + 100 * y);
}
template <typename T> double run() {
  Grid<T> g(30, 20);
  fill(g);
  double s = 0;
  for (int y = 0; y < 20; ++y) for (int x = 0; x < 30; ++x) s += g.at(x, y) * (x + 1);
  return s;
}
int main() { printf("%.1f %.1f\n", run<float>(), run<double>()); }

// Host-simulation test (C++): loops whose arrays overlap at run time run on
// the host, in order (l2c::apartOrHost), called again and again from a
// host loop of the caller, through a pointer (the tool sees no caller) and
// as a method of a class that owns a std::vector; the caller reads the
// results between the calls. Every marked loop here takes the host path: a
// launch would stop the simulated program. Compared with the sequential g++
// build of this file.
// hostsim-profile: arrays of the loop overlap in memory; it ran on the host
#include <cstdio>
#include <vector>

void smooth(double *dst, const double *src, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    dst[i] = 0.5 * src[i] + 0.25 * (i > 0 ? src[i - 1] : 0.0);
}

struct Signal {
  std::vector<double> v;
  // Shifts the samples by one, in place through two views of one vector.
  void shiftBy(int k) {
    double *out = v.data() + k;
    const double *in = v.data();
    int n = (int)v.size() - k;
#pragma omp parallel for
    for (int i = 0; i < n; i++)
      out[i] = in[i] * 0.5 + 1.0;
  }
};

static double sum(const std::vector<double> &v) {
  double s = 0;
  for (size_t i = 0; i < v.size(); i++)
    s += v[i] * (double)(i % 7 + 1);
  return s;
}

int main() {
  const int n = 4000;
  void (*volatile f)(double *, const double *, int) = smooth;
  std::vector<double> a(n + 2);
  for (int i = 0; i < n + 2; i++)
    a[i] = (i % 8) * 0.25;
  for (int step = 0; step < 4; step++) {
    f(a.data() + 1, a.data(), n); // dst one past src: in order
    std::printf("step %d: %.6f\n", step, sum(a));
    a[step] += 1.0;
  }
  Signal s{std::vector<double>(n, 1.0)};
  for (int k = 1; k <= 3; k++) {
    s.shiftBy(k);
    std::printf("shift %d: %.6f\n", k, sum(s.v));
  }
  return 0;
}

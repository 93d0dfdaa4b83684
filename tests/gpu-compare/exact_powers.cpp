// GPU comparison test for the rule set exact-powers (docs/writing-a-rule.md):
// pow(x, 2) becomes x * x on the GPU. The values are halves and small
// integers, whose squares are exact, so the CPU's pow and the GPU's product
// agree to the bit.
#include <cmath>
#include <cstdio>
#include <vector>

int main() {
  const int n = 1 << 16;
  std::vector<double> a(n), out(n);
  std::vector<float> f(n), g(n);
  for (int i = 0; i < n; i++) {
    a[i] = (i % 2001 - 1000) * 0.5;
    f[i] = (float)(i % 301 - 150);
  }
  float s = 3;
  double *pa = a.data(), *pout = out.data();
  float *pf = f.data(), *pg = g.data();
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    pout[i] = std::pow(pa[i], 2.0) + pow(s, 2) - pow(pa[i] + 1, 2);
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    pg[i] = powf(pf[i], 2.0f) + 1;
  double so = 0, sg = 0;
  for (int i = 0; i < n; i++) {
    so += out[i] * (i % 7 + 1);
    sg += g[i] * (i % 5 + 1);
  }
  std::printf("squares %.3f %.1f\n", so, sg);
  return 0;
}

// Vectors in a time loop with a host statement on one of them: the hold
// of the other spans the loop, and names its elements (w.data()): it
// named the vector itself, which did not build (found by a helper's hunt).
#include <cstdio>
#include <vector>
#include <algorithm>
int main() {
  const int n = 4096;
  std::vector<double> u(n), w(n);
  for (int i = 0; i < n; ++i) u[i] = i % 17;
  for (int t = 0; t < 10; ++t) {
#pragma omp parallel for
    for (int i = 1; i < n - 1; ++i) w[i] = 0.5 * u[i] + 0.25 * (u[i - 1] + u[i + 1]);
#pragma omp parallel for
    for (int i = 1; i < n - 1; ++i) u[i] = w[i];
    if (t == 5) std::reverse(u.begin(), u.end());
  }
  double s = 0; for (int i = 0; i < n; ++i) s += u[i] * (i % 7 + 1);
  printf("%.6f\n", s);
}

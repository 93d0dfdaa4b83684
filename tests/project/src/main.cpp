#include "kernels.h"

#include <cstdio>

int main() {
  const int N = 1 << 10;
  std::vector<float> x(N, 1.0f), y(N, 2.0f), z(N);
  saxpy(3.0f, x, y);
  scale(N, 0.5f, z.data(), y.data());
  std::vector<double> u(N, 1.0), v(N, 0.0);
  jacobi(N, u.data(), v.data());
  std::vector<int> p(N, 0);
  prefix(N, p.data());
  report(4, z.data());
  std::printf("%f %d\n", dot(N, u.data(), v.data()), p[N - 1]);
  return 0;
}

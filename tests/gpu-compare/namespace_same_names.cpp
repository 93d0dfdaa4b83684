// GPU comparison test: functions of the same name in two namespaces
// (lin::f and quad::f; trunc_::f(int) beside lin::f(double)), static
// members of same-named classes in two namespaces (fluid::Law::f,
// solid::Law::f) and overloads within one namespace (geo::len). Each
// device copy keeps its namespaces in its name: once, copies of the same
// name clashed (nvcc: already defined) or, with other parameter types,
// overloaded each other, and the kernel called lin::f for trunc_::f (a
// wrong result; found by a helper's hunt). Built with g++ (sequentially)
// and through loop2cuda; the outputs must be identical.
#include <cstdio>
#include <vector>

namespace lin {
inline double f(double x) { return 2 * x + 1; }
} // namespace lin
namespace quad {
inline double f(double x) { return x * x; }
} // namespace quad
namespace trunc_ {
inline double f(int x) { return x * 10; }
} // namespace trunc_
namespace fluid {
struct Law {
  static double f(double x) { return 2 * x; }
};
} // namespace fluid
namespace solid {
struct Law {
  static double f(double x) { return x + 100; }
};
} // namespace solid
namespace geo {
namespace detail {
inline double sq(double x) { return x * x; }
} // namespace detail
inline double len(double x, double y) { return detail::sq(x) + detail::sq(y); }
inline double len(double x) { return detail::sq(x); }
} // namespace geo

int main() {
  const int n = 4000;
  std::vector<double> a(n), b(n), c(n), d(n);
  for (int i = 0; i < n; i++)
    a[i] = (i % 97) * 0.37 - 5.0;

#pragma omp parallel for
  for (int i = 0; i < n; i++)
    b[i] = lin::f(a[i]) + quad::f(a[i]) + trunc_::f(a[i]);

#pragma omp parallel for
  for (int i = 0; i < n; i++)
    c[i] = fluid::Law::f(a[i]) - solid::Law::f(a[i]);

  using namespace geo;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    d[i] = len(a[i], 0.5 * a[i]) - len(a[i]);

  double s = 0;
  for (int i = 0; i < n; i++)
    s += b[i] + c[i] + d[i];
  std::printf("%.6f %.6f %.6f %.6f\n", s, b[150], c[151], d[152]);
  return 0;
}

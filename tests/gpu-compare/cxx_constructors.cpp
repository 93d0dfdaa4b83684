// GPU comparison test: constructors that only set scalar members from
// their parameters, called in marked loops (issue 36): `V3 r(a, b, c)`,
// `V3{...}`, a temporary `V3(...)`, one defined outside its class, and one
// that an operator's device copy calls. The output declares them
// __host__ __device__. Built with g++ and through loop2cuda; the outputs
// must be identical (sums of small integers and halves).
#include <cstdio>
#include <vector>

struct V3 {
  double x, y, z;
  V3() = default;
  V3(double a, double b, double c) : x(a), y(b), z(c) {}
  explicit V3(double s);
  V3 operator+(const V3 &o) const { return V3(x + o.x, y + o.y, z + o.z); }
};

V3::V3(double s) : x(s), y(s * 0.5), z(-s) {}

struct Cell {
  int id;
  float w;
  Cell(int i, float v) : id(i), w(v > 0 ? v : 0) {}
};

static void build(std::vector<V3> &p, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    V3 r(i % 7, 0.5 * (i % 3), 1.0);
    V3 s{1.0, 2.0, double(i % 5)};
    p[i] = r + s + V3(double(i % 2)) + V3(0.0, 0.0, 0.25);
  }
}

static void cells(std::vector<Cell> &c) {
#pragma omp parallel for
  for (int i = 0; i < (int)c.size(); i++)
    c[i] = Cell(i % 11, float(i % 4) - 1.5f);
}

int main() {
  const int n = 40000;
  std::vector<V3> p(n);
  std::vector<Cell> c(n, Cell(0, 0));
  build(p, n);
  cells(c);
  double s = 0;
  long ids = 0;
  for (int i = 0; i < n; i++) {
    s += p[i].x + 2 * p[i].y + 3 * p[i].z + c[i].w;
    ids += c[i].id;
  }
  std::printf("%.3f %ld\n", s, ids);
  return 0;
}

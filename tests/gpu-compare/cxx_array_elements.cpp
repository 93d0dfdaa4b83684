// GPU comparison test: std::array as the element of a vector and as a
// member of the element: p[i].x[k], q[i][k] (issue 36). Their operator[] is
// a constexpr host function, which a kernel cannot call; the kernel reads
// l2c::elemsOf(q[i])[k]. Built with g++ and through loop2cuda; the outputs
// must be identical (halves and quarters of small integers).
#include <array>
#include <cstdio>
#include <vector>

struct Particle {
  std::array<double, 3> x;
  double m;
};

static void drift(std::vector<Particle> &p,
                  const std::vector<std::array<double, 3>> &v, double dt) {
#pragma omp parallel for
  for (int i = 0; i < (int)p.size(); i++)
    for (int k = 0; k < 3; k++)
      p[i].x[k] += dt * v[i][k] * p[i].m;
}

static void norms(std::vector<std::array<float, 4>> &q) {
#pragma omp parallel for
  for (int i = 0; i < (int)q.size(); i++) {
    q[i][3] = q[i][0] + 2.0f * q[i][1] + 4.0f * q[i][2];
    q[i][0] *= 0.5f;
  }
}

int main() {
  const int n = 50000;
  std::vector<Particle> p(n);
  std::vector<std::array<double, 3>> v(n);
  std::vector<std::array<float, 4>> q(n);
  for (int i = 0; i < n; i++) {
    p[i].m = i % 5;
    p[i].x = {double(i % 7), double(i % 3), 1.0};
    v[i] = {0.5, 0.25, double(i % 2)};
    q[i] = {float(i % 9), float(i % 4), 0.25f, 0.0f};
  }
  drift(p, v, 0.5);
  norms(q);
  double s = 0, t = 0;
  for (int i = 0; i < n; i++) {
    s += p[i].x[0] + 2 * p[i].x[1] + 3 * p[i].x[2];
    t += q[i][0] + q[i][3];
  }
  std::printf("%.3f %.3f\n", s, t);
  return 0;
}

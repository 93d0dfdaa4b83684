// GPU comparison test: members that travel alone. A struct that owns a
// std::vector cannot go to the kernel as its bytes; the loops below name
// its numbers (in.ny, m.w) beside its vectors, and a structure of raw
// arrays its count (p->n). Built with g++ (sequentially: the OpenMP marks
// are ignored) and through loop2cuda; the two outputs must be identical.
// Values are small integers held in floats and doubles, so both sides
// print the same digits. The last two loops assign a member in every
// iteration: they stay on the CPU, and the member keeps the value the
// loop leaves (a private copy in a kernel would lose it).
#include <cstddef>
#include <cstdio>
#include <vector>

struct Grid {
  int nx, ny;
  std::vector<float> data;
};

static void sweep(const Grid &in, Grid &out) {
#pragma omp parallel for
  for (int i = 1; i < in.nx - 1; ++i)
    for (int j = 1; j < in.ny - 1; ++j)
      out.data[i * in.ny + j] = in.data[(i - 1) * in.ny + j] -
                                in.data[(i + 1) * in.ny + j] +
                                in.data[i * in.ny + j - 1];
}

struct Mesh {
  int n;
  double w;
  std::vector<double> x, y;
};

static void scale(Mesh &m) {
#pragma omp parallel for
  for (int i = 0; i < m.n; ++i)
    m.y[i] = m.w * m.x[i] + m.n;
}

static double weighted(const Mesh &m) {
  double s = 0;
#pragma omp parallel for reduction(+ : s)
  for (int i = 0; i < m.n; ++i)
    s += m.y[i] * m.w;
  return s;
}

static void lastWeight(Mesh &m) {
#pragma omp parallel for
  for (int i = 0; i < m.n; ++i) {
    m.w = 3;
    m.y[i] = m.x[i] + 1;
  }
}

// A member vector's size (m.x.size()) and a range-based for over another
// (ws.w): the launch passes m.x.size() and ws.w.size().
struct Weights {
  std::vector<double> w;
};

static void weigh(const Weights &ws, Mesh &m) {
#pragma omp parallel for
  for (std::size_t i = 0; i < m.x.size(); ++i) {
    double s = 0;
    for (double v : ws.w)
      s += v;
    m.y[i] = m.x[i] * s + ws.w.size();
  }
}

struct Soa {
  int n;
  double *x, *y;
};

static void axpy(Soa *p, double a) {
#pragma omp parallel for
  for (int i = 0; i < p->n; i++)
    p->y[i] = a * p->x[i] + p->n % 7;
}

struct Particles {
  std::vector<double> x, v;
  double dt = 0;
  int n = 0;
  void step() {
#pragma omp parallel for
    for (int i = 0; i < n; ++i) {
      dt = 2;
      x[i] += dt * v[i];
    }
  }
};

int main() {
  const int NX = 600, NY = 700;
  Grid a{NX, NY, std::vector<float>(NX * NY)},
      b{NX, NY, std::vector<float>(NX * NY)};
  for (int k = 0; k < NX * NY; ++k)
    a.data[k] = float((k * 7) % 13);
  for (int t = 0; t < 4; ++t) {
    sweep(a, b);
    sweep(b, a);
  }
  double ga = 0;
  for (int k = 0; k < NX * NY; ++k)
    ga += a.data[k] * ((k % 5) + 1);

  const int N = 1 << 20;
  Mesh m{N, 2.0, std::vector<double>(N), std::vector<double>(N)};
  for (int i = 0; i < N; ++i)
    m.x[i] = i % 9;
  scale(m);
  double s = weighted(m);
  lastWeight(m);
  Weights ws{{1, 2, 3, 4}};
  weigh(ws, m);
  double sw = 0;
  for (int i = 0; i < N; ++i)
    sw += m.y[i];

  std::vector<double> xs(N), ys(N);
  for (int i = 0; i < N; ++i)
    xs[i] = i % 5;
  Soa p{N, xs.data(), ys.data()};
  axpy(&p, 3.0);
  double sy = 0;
  for (int i = 0; i < N; ++i)
    sy += ys[i];

  Particles q;
  q.n = N;
  q.x.assign(N, 1.0);
  q.v.assign(N, 0.5);
  q.step();
  std::printf("grid %.1f weighted %.1f w %.1f y5 %.1f weighed %.1f axpy %.1f "
              "dt %.1f x7 %.1f\n",
              ga, s, m.w, m.y[5], sw, sy, q.dt, q.x[7]);
  return 0;
}

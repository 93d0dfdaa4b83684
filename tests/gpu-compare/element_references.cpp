// GPU comparison test: loops whose dependences the file shows only through
// a reference to an element (double &r = a[500], a const double & bound by
// the caller to a[400]), a row (r0 = A[0] of row pointers, a reference to
// g[0] of a vector of vectors), a global array read by a helper
// (prev(i) reads g[i - 1]) or a range-based for's variable next to a
// subscript the probe must check. Each stays on the CPU with a warning and
// prints what the sequential program prints; the independent neighbours
// (a reference to an element no iteration writes, a helper reading the
// element its own iteration writes) run on the GPU.
#include <cstdio>
#include <cstdlib>
#include <vector>

static double g[1000];
static double prev(int i) { return i > 0 ? g[i - 1] : 0.0; }
static double same(int i) { return g[i] * 0.5; }

static void add_ref(double *a, const double &s, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] += s;
}

static double checksum(const double *a, int n) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += a[i] * (i % 7 + 1);
  return s;
}

int main() {
  const int n = 1000;
  double *a = (double *)std::malloc(n * sizeof(double));
  for (int i = 0; i < n; i++)
    a[i] = i;
  double &r = a[500];
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] = a[i] + r;
  double &h = a[0];
#pragma omp parallel for
  for (int i = 1; i < n; i++)
    a[i] = a[i] * 0.5 + h;
  std::printf("%.3f\n", checksum(a, n));
  for (int i = 0; i < n; i++)
    a[i] = i;
  add_ref(a, a[400], n);
  std::printf("%.3f\n", checksum(a, n));

  for (int i = 0; i < n; i++)
    g[i] = i;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    g[i] = prev(i) + 1.0;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    g[i] = same(i) + 2.0;
  std::printf("%.3f\n", checksum(g, n));

  const int m = 60;
  double **A = (double **)std::malloc(m * sizeof(double *));
  for (int i = 0; i < m; i++) {
    A[i] = (double *)std::malloc(m * sizeof(double));
    for (int j = 0; j < m; j++)
      A[i][j] = (i * 3 + j) % 7;
  }
  double *r0 = A[0];
#pragma omp parallel for
  for (int i = 0; i < m; i++)
    A[i][i] = r0[m - 1 - i] + 0.5;
  std::vector<std::vector<double>> G(m, std::vector<double>(m));
  for (int i = 0; i < m; i++)
    for (int j = 0; j < m; j++)
      G[i][j] = (i + 2 * j) % 5;
  std::vector<double> &row0 = G[0];
#pragma omp parallel for
  for (int i = 0; i < m; i++)
    G[i][i] = row0[m - 1 - i] + 0.25;
  double s = 0;
  for (int i = 0; i < m; i++)
    s += checksum(A[i], m) * (i + 1) + checksum(G[i].data(), m) * (i + 2);
  std::printf("%.3f\n", s);

  std::vector<double> v(800);
  for (int i = 0; i < 800; i++)
    v[i] = i % 9 + 1;
  int k = 0;
#pragma omp parallel for
  for (auto &x : v)
    x = x * 2 + v[k];
  std::printf("%.3f\n", checksum(v.data(), 800));
  for (int i = 0; i < m; i++)
    std::free(A[i]);
  std::free(A);
  std::free(a);
  return 0;
}

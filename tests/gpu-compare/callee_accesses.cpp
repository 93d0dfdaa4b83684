// GPU comparison test: elements reached through pointer arithmetic and
// through helpers of the file. Loops whose helpers or *(a + e) forms touch
// elements other iterations write stay on the CPU (a warning each); the
// others run on the GPU with the elements the helpers' subscripts name as
// their extents: a stencil through a helper, *(v + k) *= s with a long k,
// a helper of one element (bump(&a[i])), a pair per iteration
// (set_pair(&c[2 * i])), a row of a heap matrix through &g[i * m], a helper
// that writes only under a condition, and *(i + a) spelled backwards.
#include <cstdio>
#include <cstdlib>

static void smooth(const double *in, double *out, int i) {
  out[i] = 0.5 * (in[i - 1] + in[i + 1]);
}
static void scale(double *v, long k, double s) { *(v + k) *= s; }
static void bump(double *cell) { *cell += 1.0; }
static void set_pair(double *p, double v) {
  p[0] = v;
  p[1] = -v;
}
static void init_row(double *row, int j, int m) { row[j] = j + 0.25 * m; }
static void clamp_at(double *v, int i, double hi) {
  if (v[i] > hi)
    v[i] = hi;
}
static void carry(double *a, int i) { a[i] = a[i - 1] + 1.0; }
static void pull(double *a, int i) { a[i] = a[i + 1] * 0.5; }

int main() {
  const int n = 5000, m = 12;
  double *a = (double *)std::malloc(n * sizeof(double));
  double *b = (double *)std::malloc(n * sizeof(double));
  double *c = (double *)std::malloc(2 * n * sizeof(double));
  double *g = (double *)std::malloc(n * m * sizeof(double));
  double *d = (double *)std::malloc(n * sizeof(double));
  for (int i = 0; i < n; i++) {
    a[i] = i % 7;
    b[i] = 0;
    d[i] = (i * 37) % 101;
  }
#pragma omp parallel for
  for (int i = 1; i < n - 1; i++)
    smooth(a, b, i);
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    scale(b, i, 2.0);
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    bump(&a[i]);
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    set_pair(&c[2 * i], i * 0.5);
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      init_row(&g[i * m], j, i);
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    clamp_at(d, i, 50.0);
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    *(i + b) = *(b + i) + *(a + i);
  // Dependences: these stay on the CPU.
#pragma omp parallel for
  for (int i = 1; i < n; i++)
    carry(a, i);
#pragma omp parallel for
  for (int i = 0; i < n - 1; i++)
    pull(d, i);
#pragma omp parallel for
  for (int i = 1; i < n; i++)
    *(b + i) = *(b + i - 1) * 0.5 + 1.0;
  double s = 0;
  for (int i = 0; i < n; i++)
    s += a[i] * (i % 13 + 1) + 3 * b[i] + d[i] * (i % 5);
  for (int i = 0; i < 2 * n; i++)
    s += c[i] * (i % 3);
  for (int i = 0; i < n * m; i++)
    s += g[i] * (i % 11);
  std::printf("%.6f %.6f %.6f %.6f\n", a[n - 1], b[n - 1], d[17], s);
  std::free(a);
  std::free(b);
  std::free(c);
  std::free(g);
  std::free(d);
  return 0;
}

// GPU comparison test: sums along the rows of a matrix, which rule set
// warp-rows (docs/rules/warp-rows.md) gives a warp each: atax's
// `tmp[i] = tmp[i] + A[i][j] * x[j]` after a store, a local sum over a
// flat heap matrix, gesummv's two sums with the element on the right and a
// statement after the loop, a difference (a residual), an integer count
// through a cast, a std::vector row through an index temporary, a helper
// that sums a row, and a `for` whose counter is declared in its head. The
// values are small integers, so every sum is exact in any order and the GPU
// build must print exactly what the CPU build prints. Sizes are no
// multiples of a warp.
#include <cstdio>
#include <vector>

constexpr int R = 777, C = 301;

static double A[R][C], B[R][C];
static int M[R][C];
static double x[C], tmp[R], t2[R], u[R], y[R], r[R], b[R], yh[R];
static long cnt[R];

static double dot(const double *row, const double *v, int n) {
  double s = 0;
  for (int j = 0; j < n; j++)
    s += row[j] * v[j];
  return s;
}

int main() {
  int n = C, m = R;
  std::vector<double> flat(static_cast<size_t>(R) * C), vy(R);
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++) {
      A[i][j] = (i * 3 + j * 5) % 7 - 3;
      B[i][j] = (i + 2 * j) % 5 - 2;
      M[i][j] = (i * 7 + j) % 9;
      flat[static_cast<size_t>(i) * C + j] = (i + j) % 4;
    }
  for (int j = 0; j < C; j++)
    x[j] = j % 3 - 1;
  for (int i = 0; i < R; i++)
    b[i] = i % 10;

  // atax: a store before the loop, the element written out on the left.
  int i, j;
#pragma omp parallel for private(j)
  for (i = 0; i < m; i++) {
    tmp[i] = 0.0;
    for (j = 0; j < n; j++)
      tmp[i] = tmp[i] + A[i][j] * x[j];
  }

  // A local sum over a flat heap matrix, stored after the loop.
  double *a = flat.data();
#pragma omp parallel for
  for (int i = 0; i < m; i++) {
    double s = 0;
    for (int j = 0; j < n; j++)
      s += a[i * n + j] * x[j];
    y[i] = s * 2;
  }

  // gesummv: two sums, the element on the right, a statement after.
  double alpha = 1.5, beta = 1.25;
#pragma omp parallel for private(j)
  for (i = 0; i < m; i++) {
    t2[i] = 0.0;
    u[i] = 0.0;
    for (j = 0; j < n; j++) {
      t2[i] = A[i][j] * x[j] + t2[i];
      u[i] = B[i][j] * x[j] + u[i];
    }
    u[i] = alpha * t2[i] + beta * u[i];
  }

  // A residual: r = b - A x.
#pragma omp parallel for
  for (int i = 0; i < m; i++) {
    r[i] = b[i];
    for (int j = 0; j < n; j++)
      r[i] -= A[i][j] * x[j];
  }

  // An integer count through a cast.
#pragma omp parallel for
  for (int i = 0; i < m; i++) {
    cnt[i] = 0;
    for (int j = 0; j < n; j++)
      cnt[i] += (long)M[i][j];
  }

  // A std::vector row through an index temporary.
#pragma omp parallel for
  for (int i = 0; i < m; i++) {
    const int row = i * n;
    double acc = 0.0;
    for (int j = 0; j < n; ++j) {
      acc += flat[row + j];
    }
    vy[i] = acc;
  }

  // A helper that sums a row.
#pragma omp parallel for
  for (int i = 0; i < m; i++)
    yh[i] = dot(&B[i][0], x, n);

  double s1 = 0, s2 = 0, s3 = 0, s4 = 0, s6 = 0, s7 = 0;
  long s5 = 0;
  for (int i = 0; i < R; i++) {
    s1 += tmp[i] * (i % 5 + 1);
    s2 += y[i] * (i % 3 + 1);
    s3 += u[i] * (i % 7 + 1);
    s4 += r[i] * (i % 2 + 1);
    s5 += cnt[i] * (i % 4 + 1);
    s6 += vy[i] * (i % 6 + 1);
    s7 += yh[i] * (i % 5 + 1);
  }
  std::printf("atax %.2f local %.2f gesummv %.4f residual %.2f count %ld "
              "vector %.2f helper %.2f\n",
              s1, s2, s3, s4, s5, s6, s7);
  std::printf("rows %.2f %.2f %.4f %.2f %ld %.2f %.2f\n", tmp[R - 1], y[5],
              u[R / 2], r[3], cnt[R - 2], vy[100], yh[7]);
  return 0;
}

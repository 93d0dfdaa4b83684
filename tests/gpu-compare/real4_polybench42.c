/* GPU comparison test: the OpenMP forms of PolyBench/C 4.2's OpenMP ports
 * and of PolyBench/GPU's OpenMP offload ports: `target`, `teams` and
 * `distribute parallel for` written as three directives (one loop, and a
 * teams region of two), a wavefront over diagonals whose private column is
 * j = i + d, a skewed sweep (j = w - 2*i between host-computed bounds), an
 * array declared in a parallel region, a master block written as
 * `if (omp_get_thread_num() == 0)`, a column loop j > k over flat arrays
 * inside a host loop over k, and a flattened triangle whose diagonal is
 * written under `if (i == j)`. */
#include <omp.h>
#include <stdio.h>

#define N 48
#define P 12

static double a[N * N], b[N * N], c[N * N], q[N * N], s[(N + 1) * (N + 1)];
static double w[N][N], z[N][N], cube[P][P][P], c4[P][P];
static int t[N][N];
static char seq[N];

int main(void) {
  int i, j, k, d, r, p, x, lo, hi, v;
  for (i = 0; i < N; i++) {
    seq[i] = (char)((i + 1) % 4);
    for (j = 0; j < N; j++) {
      a[i * N + j] = (i * 3 + j * 5) % 7 - 3;
      b[i * N + j] = (i + 2 * j) % 5 - 2;
      q[i * N + j] = (i * j) % 3;
      w[i][j] = (i * 7 + j) % 11;
      t[i][j] = 0;
    }
  }
  for (r = 0; r < P; r++)
    for (p = 0; p < P; p++) {
      c4[r][p] = (r + p) % 3 - 1;
      for (x = 0; x < P; x++)
        cube[r][p][x] = (r * x + p) % 5;
    }

#pragma omp target map(to : a[0 : N * N]) map(from : z[0 : N])
#pragma omp teams num_teams(4) thread_limit(64)
#pragma omp distribute parallel for private(j)
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      z[i][j] = 2 * a[i * N + j] + 1;

#pragma omp target map(to : a[0 : N * N], b[0 : N * N])                      \
    map(tofrom : c[0 : N * N], q[0 : N * N])
#pragma omp teams
  {
#pragma omp distribute parallel for private(i, j, k) collapse(2)
    for (i = 0; i < N; i++)
      for (j = 0; j < N; j++) {
        c[i * N + j] = 0;
        for (k = 0; k < N; k++)
          c[i * N + j] += a[i * N + k] * b[k * N + j];
      }
#pragma omp distribute parallel for private(i, j) collapse(2)
    for (i = 0; i < N; i++)
      for (j = 0; j < N; j++)
        q[i * N + j] = c[i * N + j] - c[j * N + i] + q[i * N + j];
  }

  /* nussinov's wavefront: diagonal d reads diagonals below it only */
  for (d = 1; d < N; d++) {
#pragma omp parallel for private(j, k)
    for (i = 0; i <= N - 1 - d; i++) {
      j = i + d;
      if (t[i][j - 1] > t[i][j])
        t[i][j] = t[i][j - 1];
      if (t[i + 1][j] > t[i][j])
        t[i][j] = t[i + 1][j];
      if (t[i + 1][j - 1] + (seq[i] + seq[j] == 3) > t[i][j])
        t[i][j] = t[i + 1][j - 1] + (seq[i] + seq[j] == 3);
      for (k = i + 1; k < j; k++)
        if (t[i][k] + t[k + 1][j] > t[i][j])
          t[i][j] = t[i][k] + t[k + 1][j];
    }
  }

  /* seidel's skewed sweep: one anti-diagonal 2*i + j == v at a time */
  for (v = 3; v <= 3 * (N - 2); v++) {
    hi = (v - 1) / 2;
    if (hi > N - 2)
      hi = N - 2;
    lo = (v - (N - 2) + 1) / 2;
    if (lo < 1)
      lo = 1;
#pragma omp parallel for private(j)
    for (i = lo; i <= hi; i++) {
      j = v - 2 * i;
      w[i][j] = (w[i - 1][j - 1] + w[i - 1][j] + w[i - 1][j + 1] +
                 w[i][j - 1] + w[i][j] + w[i][j + 1] + w[i + 1][j - 1] +
                 w[i + 1][j] + w[i + 1][j + 1]) / 9.0;
    }
  }

  /* doitgen: a row buffer declared in the region; a master block by hand */
#pragma omp parallel private(p, x, k)
  {
    double row[P];
    if (omp_get_thread_num() == 0)
      printf("doitgen: %d rows\n", P * P);
#pragma omp for
    for (r = 0; r < P; r++)
      for (k = 0; k < P; k++) {
        for (p = 0; p < P; p++) {
          row[p] = 0;
          for (x = 0; x < P; x++)
            row[p] += cube[r][k][x] * c4[x][p];
        }
        for (p = 0; p < P; p++)
          cube[r][k][p] = row[p];
      }
  }

  /* gramschmidt's column update: j > k inside the host loop over k */
  for (k = 0; k < N; k++) {
#pragma omp parallel for private(i)
    for (j = k + 1; j < N; j++)
      for (i = 0; i < N; i++)
        a[i * N + j] = a[i * N + j] - q[i * N + k] * (b[k * N + j] > 0);
  }

  /* correlation's flattened triangle: the diagonal under i == j */
#pragma omp parallel for collapse(2) private(k)
  for (i = 1; i < N + 1; i++)
    for (j = 1; j < N + 1; j++) {
      if (i == j) {
        s[i * (N + 1) + i] = 1;
      } else {
        s[i * (N + 1) + j] = 0;
        for (k = 0; k < N; k++)
          s[i * (N + 1) + j] += b[k * N + i - 1] * b[k * N + j - 1];
      }
    }

  double zs = 0, cs = 0, qs = 0, ts = 0, ws = 0, us = 0, as = 0, ss = 0;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++) {
      zs += z[i][j] * (i + 1);
      cs += c[i * N + j] * (j + 1);
      qs += q[i * N + j];
      ts += t[i][j] * (i + 2 * j + 1);
      ws += w[i][j];
      as += a[i * N + j] * (i + j + 1);
      ss += s[(i + 1) * (N + 1) + j + 1] * (i + 1);
    }
  for (r = 0; r < P; r++)
    for (p = 0; p < P; p++)
      for (x = 0; x < P; x++)
        us += cube[r][p][x] * (x + 1);
  printf("z %.1f c %.1f q %.1f t %.1f\n", zs, cs, qs, ts);
  printf("w %.9f cube %.1f a %.1f s %.1f t[0][N-1] %d\n", ws, us, as, ss,
         t[0][N - 1]);
  return 0;
}

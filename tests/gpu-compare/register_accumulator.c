/* GPU comparison test: inner loops that update one element, kept in a
 * register by rule set register-accumulator
 * (docs/rules/register-accumulator.md): lu's update (the element's own row
 * and column are read, k < i <= j), cholesky's column update, trmm's (two
 * arrays of one shape, k > i), the same written out as x = x + e and as a
 * product, a running maximum (nussinov's `if (e > X) X = e;`, and
 * `X = fmax(X, e)`), and a row whose first loop runs no iteration at all. Unsigned
 * arithmetic and small doubles keep every result exact, so the GPU build
 * must print exactly what the CPU build prints. Sizes are not multiples of
 * any block.
 */
#include <math.h>
#include <stdio.h>

#define N 301

static unsigned L[N][N], K[N][N];
static int T[N][N];
static double A[N][N], B[N][N], P[N][N];
static float W[N][N];

static void init(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      L[i][j] = K[i][j] = (unsigned)((i * 7 + j * 13) % 11);
      A[i][j] = (double)((i * 3 + j * 5) % 5 - 2);
      B[i][j] = (double)((i + 2 * j) % 7 - 3);
      P[i][j] = 1.0;
      W[i][j] = (float)((i + j) % 3);
      T[i][j] = (i * 5 + j * 3) % 4;
    }
}

/* lu without the division: row i, columns j >= i. */
static void lu(int n) {
  int i, j, k;
  for (i = 0; i < n; i++) {
#pragma omp parallel for private(k)
    for (j = i; j < n; j++)
      for (k = 0; k < i; k++)
        L[i][j] -= L[i][k] * L[k][j];
  }
}

/* cholesky's column update, rows below the diagonal. */
static void column(int n) {
  int i, j, k;
  for (i = 0; i < n; i++) {
#pragma omp parallel for private(k)
    for (j = i + 1; j < n; j++)
      for (k = 0; k < i; k++)
        K[j][i] -= K[j][k] * K[i][k];
  }
}

/* trmm, alpha = 2; then the same written out on the result. */
static void trmm(int m, int n) {
  int i, j, k;
#pragma omp parallel for private(i, k)
  for (j = 0; j < n; j++)
    for (i = 0; i < m; i++) {
      for (k = i + 1; k < m; k++)
        B[i][j] += A[k][i] * B[k][j];
      B[i][j] = 2.0 * B[i][j];
    }
#pragma omp parallel for private(i, k)
  for (j = 0; j < n; j++)
    for (i = 0; i < m; i++)
      for (k = i + 1; k < m; k++)
        A[i][j] = A[i][j] + B[k][i] * A[k][j];
}

/* A product over a row of floats: P[i][j] *= 1 + W[i][k] for three k. */
static void product(int n) {
  int i, j, k;
#pragma omp parallel for private(j, k)
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      for (k = j % 7; k < j % 7 + 3; k++)
        P[i][j] *= 1.0 + (double)W[i][k];
}

/* nussinov's diagonals: a running maximum over k for each (i, i + d). */
static void maxima(int n) {
  int i, j, k, d;
  for (d = 2; d < n; d++) {
#pragma omp parallel for private(j, k)
    for (i = 0; i < n - d; i++) {
      j = i + d;
      for (k = i + 1; k < j; k++)
        if (T[i][k] + T[k + 1][j] > T[i][j])
          T[i][j] = T[i][k] + T[k + 1][j];
    }
  }
}

/* The diagonal element as the maximum of its row's differences. */
static void rowMax(int n) {
  int i, k;
#pragma omp parallel for private(k)
  for (i = 0; i < n; i++)
    for (k = i + 1; k < n; k++)
      B[i][i] = fmax(B[i][i], B[i][k] - B[k][i]);
}

static double sumd(double (*X)[N]) {
  double s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      s += X[i][j] * (double)((i + j) % 3 + 1);
  return s;
}

static unsigned sumu(unsigned (*X)[N]) {
  unsigned s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      s += X[i][j] * (unsigned)(i % 5 + 1);
  return s;
}

int main(void) {
  init();
  lu(N);
  column(N);
  trmm(N, N);
  product(N);
  maxima(N);
  rowMax(N);
  printf("lu %u %u %u\n", sumu(L), L[N - 1][N - 1], L[0][N - 1]);
  printf("column %u %u %u\n", sumu(K), K[N - 1][N - 2], K[N - 1][0]);
  printf("trmm %.1f %.1f %.1f\n", sumd(B), B[0][0], B[N - 1][N - 1]);
  printf("written %.1f %.1f %.1f\n", sumd(A), A[0][N - 1], A[N / 2][3]);
  printf("product %.1f %.1f %.1f\n", sumd(P), P[0][0], P[N - 1][N - 2]);
  long long t = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      t += (long long)T[i][j] * (i % 7 + 1);
  printf("rowmax %.1f %.1f %.1f\n", sumd(B), B[0][0], B[N / 2][N / 2]);
  printf("maxima %lld %d %d\n", t, T[0][N - 1], T[N / 3][N - 5]);
  return 0;
}

/* GPU comparison test: marked loops whose inner loop over j runs in pieces
 * (rule set sink-inner-loop, docs/rules/sink-inner-loop.md): PolyBench's
 * syrk and syr2k (scale a row, then add a term to each element for every
 * k), the i-k-j matrix product with its counters declared in the loops
 * (and with a scalar of Q[i][k] declared for each k), the same on flat
 * matrices behind pointers (c[i * n + j]), a branch on the element in the
 * loop over j, and two arrays written in several pieces. The pieces become one loop
 * over j on the grid; every element gets its updates in the source's
 * order. The data are small integers, so every sum is exact and the GPU
 * build must print exactly what the CPU build prints. Sizes are not
 * multiples of any tile.
 */
#include <stdio.h>

#define N 300
#define M 217

static double A[N][M], B[N][M], C[N][N], D[N][N];
static double P[N][N], Q[N][N], R[N][N], X[N][N], Y[N][N];
static double F[N * N], G[N * N], S[N][N];

static void init(void) {
  for (int i = 0; i < N; i++) {
    for (int k = 0; k < M; k++) {
      A[i][k] = (double)((i * 7 + k * 3) % 5 - 2);
      B[i][k] = (double)((i * 5 + k * 11) % 7 - 3);
    }
    for (int j = 0; j < N; j++) {
      C[i][j] = D[i][j] = (double)((i + 2 * j) % 9 - 4);
      P[i][j] = R[i][j] = (double)((i * 3 + j) % 4 - 1);
      Q[i][j] = (double)((i + j * 5) % 3 - 1);
      X[i][j] = Y[i][j] = -1;
      S[i][j] = (double)((i * 5 + j) % 11 - 5);
      F[i * N + j] = (double)((i * 7 + j * 2) % 5 - 2);
      G[i * N + j] = (double)((i + j * 3) % 4 - 1);
    }
  }
}

static void syrk(int n, int m, double alpha, double beta) {
  int i, j, k;
#pragma omp parallel for private(j, k)
  for (i = 0; i < n; i++) {
    for (j = 0; j <= i; j++)
      C[i][j] *= beta;
    for (k = 0; k < m; k++)
      for (j = 0; j <= i; j++)
        C[i][j] += alpha * A[i][k] * A[j][k];
  }
}

static void syr2k(int n, int m, double alpha, double beta) {
  int i, j, k;
#pragma omp parallel for private(j, k)
  for (i = 0; i < n; i++) {
    for (j = 0; j <= i; j++)
      D[i][j] *= beta;
    for (k = 0; k < m; k++)
      for (j = 0; j <= i; j++)
        D[i][j] += A[j][k] * alpha * B[i][k] + B[j][k] * alpha * A[i][k];
  }
}

static void ikj(int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int k = 0; k < n; k++)
      for (int j = 0; j < n; j++)
        P[i][j] += Q[i][k] * Q[k][j];
}

static void hoisted(int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int k = 0; k < n; k++) {
      double q = 3 * Q[i][k];
      for (int j = 0; j < n; j++)
        R[i][j] += q * Q[k][j];
    }
}

/* Flat matrices behind pointers: the subscript i * n + j moves with j. */
static void flat(int n, double *c, const double *a, const double *b) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int k = 0; k < n; k++) {
      double q = a[i * n + k];
      for (int j = 0; j < n; j++)
        c[i * n + j] = c[i * n + j] + q * b[k * n + j] - 1;
    }
}

/* A branch on the element itself in the loop over j. */
static void branchy(int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int k = 0; k < 40; k++)
      for (int j = 0; j < n; j++)
        if (S[i][j] > Q[k][j])
          S[i][j] -= 1;
        else
          S[i][j] += Q[j][k] + 2;
}

static void two(int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < n; j++) {
      X[i][j] = 0;
      Y[i][j] = 1;
    }
    for (int k = 0; k < 20; k++)
      for (int j = 0; j < n; j++) {
        X[i][j] += 2 * Q[k][j] + Q[i][k] + 1;
        Y[i][j] = Y[i][j] * 2 - X[i][j];
      }
    for (int k = 0; k < n; k++)
      for (int j = 0; j < n; j++)
        Y[i][j] -= Q[j][k];
  }
}

static double sum(double T[N][N]) {
  double s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      s += T[i][j] * (double)((i + j) % 3 + 1);
  return s;
}

int main(void) {
  init();
  syrk(N, M, 2.0, 3.0);
  syr2k(N, M, 2.0, -1.0);
  ikj(N);
  hoisted(N);
  flat(N, F, &Q[0][0], G);
  branchy(N);
  two(N);
  printf("syrk %.1f %.1f %.1f\n", sum(C), C[N - 1][0], C[N - 1][N - 1]);
  printf("syr2k %.1f %.1f %.1f\n", sum(D), D[N - 1][0], D[17][5]);
  printf("ikj %.1f %.1f %.1f\n", sum(P), P[0][0], P[N - 1][N - 2]);
  printf("hoisted %.1f %.1f %.1f\n", sum(R), R[0][0], R[N - 1][N - 2]);
  double f = 0;
  for (int i = 0; i < N * N; i++)
    f += F[i] * (double)(i % 7 + 1);
  printf("flat %.1f %.1f %.1f\n", f, F[0], F[N * N - 1]);
  printf("branchy %.1f %.1f %.1f\n", sum(S), S[0][0], S[N - 1][N - 3]);
  printf("two %.1f %.1f %.1f\n", sum(X), sum(Y), Y[N / 2][N / 3]);
  return 0;
}

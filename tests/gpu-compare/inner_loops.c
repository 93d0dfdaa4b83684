/* GPU comparison test: marked loops that are not parallel, whose inner
 * loops run on the GPU while they run in order on the host
 * (rewriter/frontend/loops/InnerLoops.cpp), and loops of the same kind that stay
 * on the CPU. Built with gcc (sequentially) and through loop2cuda; the two
 * outputs must be identical. Every value stays a small integer in a double
 * (lu's pivots are 1), so that every operation is exact on both sides. */
#include <stdio.h>

#define N 40
#define M 48

static double A[N][N], C[M][M], S[M][M], T[M][M], V[N][M], P[M], Q[M];

static double sum2(const double *v, int rows, int cols) {
  double s = 0;
  for (int i = 0; i < rows; i++)
    for (int j = 0; j < cols; j++)
      s += v[i * cols + j] * ((i + 3 * j) % 7 + 1);
  return s;
}

/* PolyBench's lu on A = L * U, L unit lower and U unit upper triangular
 * with entries -1, 0, 1: the k loop runs in order, its j loop and i-j nest
 * on the GPU. */
static void lu(int n) {
  int i, j, k;
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++) {
      double s = 0;
      for (k = 0; k < n; k++) {
        double l = i > k ? (i * 7 + k * 3) % 3 - 1 : i == k;
        double u = k < j ? (k * 5 + j * 11) % 3 - 1 : k == j;
        s += l * u;
      }
      A[i][j] = s;
    }
#pragma omp parallel
  {
#pragma omp for private(j, i)
    for (k = 0; k < n; k++) {
      for (j = k + 1; j < n; j++)
        A[k][j] = A[k][j] / A[k][k];
      for (i = k + 1; i < n; i++)
        for (j = k + 1; j < n; j++)
          A[i][j] = A[i][j] - A[i][k] * A[k][j];
    }
  }
  printf("lu: %.1f %.1f %.1f %.1f\n", sum2(&A[0][0], N, N), A[1][0],
         A[n - 1][n - 1], A[n / 2][n - 1]);
}

/* PolyBench's symm: the i loop runs in order, the j loop on the GPU with
 * acc and k private to each iteration. */
static void symm(int n, double alpha, double beta) {
  int i, j, k;
  double acc;
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++) {
      C[i][j] = (i + 2 * j) % 5;
      S[i][j] = (i * j) % 3;
      T[i][j] = (i + j) % 4 - 1;
    }
#pragma omp parallel for private(j, acc, k)
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++) {
      acc = 0;
      for (k = 0; k < j - 1; k++) {
        C[k][j] += alpha * S[k][i] * T[i][j];
        acc += T[k][j] * S[k][i];
      }
      C[i][j] = beta * C[i][j] + alpha * S[i][i] * T[i][j] + alpha * acc;
    }
  printf("symm: %.1f %.1f %.1f\n", sum2(&C[0][0], M, M), C[0][n - 1],
         C[n - 1][n - 1]);
}

/* A statement on scalars in the body: t is computed on the host in each
 * iteration and passed to the kernel. The k loop reads row k - 1. */
static void scalarStep(int n, int m) {
  int j, k, t;
  for (j = 0; j < m; j++)
    V[0][j] = j % 5;
#pragma omp parallel for private(j)
  for (k = 1; k < n; k++) {
    t = k % 3 + 1;
    for (j = 0; j < m; j++)
      V[k][j] = V[k - 1][m - 1 - j] + t;
  }
  printf("scalarStep: %.1f %.1f\n", sum2(&V[0][0], N, M), V[n - 1][m - 1]);
}

/* PolyBench's trmm: the j loop is not parallel either; the whole nest runs
 * on the CPU as written. */
static void trmm(int n, double alpha) {
  int i, j, k;
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++) {
      S[i][j] = (i * j) % 3 - 1;
      T[i][j] = (i + j) % 3;
    }
#pragma omp parallel for private(j, k)
  for (i = 1; i < n; i++)
    for (j = 0; j < n; j++)
      for (k = 0; k < i; k++)
        T[i][j] += alpha * S[i][k] * T[j][k];
  printf("trmm: %.1f\n", sum2(&T[0][0], M, M));
}

/* A scalar temporary of an `omp for` loop in a parallel region that is not
 * read after the loop: private to each iteration (the region's captures do
 * not count as reads after it). */
static void tempInRegion(int n) {
  int i;
  double x;
  for (i = 0; i < n; i++)
    P[i] = i % 9 - 4;
#pragma omp parallel
  {
#pragma omp for
    for (i = 0; i < n; i++) {
      x = P[i] * 2 + 1;
      Q[i] = x * x;
    }
  }
  double s = 0;
  for (i = 0; i < n; i++)
    s += Q[i] * (i % 5 + 1);
  printf("tempInRegion: %.1f\n", s);
}

int main(void) {
  lu(N);
  lu(1);
  symm(M, 2, 3);
  symm(3, 1, 1);
  scalarStep(N, M);
  trmm(12, 1);
  tempInRegion(M);
  return 0;
}

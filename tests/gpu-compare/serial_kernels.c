/* GPU comparison test: marked loops that are not parallel and run in order
 * on the host, whose parallel inner loops run on the GPU and whose other
 * statements run in kernels of one thread (rewriter/frontend/
 * SerialKernels.cpp): PolyBench's gramschmidt and cholesky, and a body
 * whose one-thread statements read what the previous launch wrote. Built
 * with gcc and through loop2cuda; the two outputs must be identical. The
 * GPU contracts a * b + c into one rounding where gcc does not, so the
 * floating-point results are printed to 9 significant digits. */
#include <math.h>
#include <stdio.h>

#define NI 48
#define NJ 40
#define N 56

static double A[NI][NJ], R[NJ][NJ], Q[NI][NJ];
static double C[N][N], P[N];
static double V[N][N], W[N];

static double sum(const double *v, int n) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += v[i] * ((i % 7) + 1);
  return s;
}

/* PolyBench's gramschmidt: the column norm (a sum in order, a square root
 * into R[k][k]) runs in one thread; the Q column and the j loop on the
 * grid. */
static void gramschmidt(int ni, int nj) {
  int i, j, k;
  double nrm;
  for (i = 0; i < ni; i++)
    for (j = 0; j < nj; j++)
      A[i][j] = ((i * 7 + j * 3) % 11) + (i == j ? 20.0 : 1.0);
#pragma omp parallel for private(i, j)
  for (k = 0; k < nj; k++) {
    nrm = 0;
    for (i = 0; i < ni; i++)
      nrm += A[i][k] * A[i][k];
    R[k][k] = sqrt(nrm);
    for (i = 0; i < ni; i++)
      Q[i][k] = A[i][k] / R[k][k];
    for (j = k + 1; j < nj; j++) {
      R[k][j] = 0;
      for (i = 0; i < ni; i++)
        R[k][j] += Q[i][k] * A[i][j];
      for (i = 0; i < ni; i++)
        A[i][j] = A[i][j] - Q[i][k] * R[k][j];
    }
  }
  printf("gramschmidt: %.9g %.9g %.9g %.9g\n", sum(&R[0][0], NJ * NJ),
         sum(&Q[0][0], NI * NJ), R[nj - 1][nj - 1], Q[ni - 1][0]);
}

/* PolyBench's cholesky on a diagonally dominant matrix: x = C[i][i], the
 * sum over the row and p[i] in one thread, the j loop (x private to each
 * j) on the grid. */
static void cholesky(int n) {
  int i, j, k;
  double x;
  for (i = 0; i < n; i++) {
    P[i] = 0;
    for (j = 0; j < n; j++)
      C[i][j] = i == j ? n + 4.0 : 1.0 / (1 + (i + j) % 5);
  }
#pragma omp parallel
  {
#pragma omp for private(j, k)
    for (i = 0; i < n; ++i) {
      x = C[i][i];
      for (j = 0; j <= i - 1; ++j)
        x = x - C[i][j] * C[i][j];
      P[i] = 1.0 / sqrt(x);
      for (j = i + 1; j < n; ++j) {
        x = C[i][j];
        for (k = 0; k <= i - 1; ++k)
          x = x - C[j][k] * C[i][k];
        C[j][i] = x * P[i];
      }
    }
  }
  printf("cholesky: %.9g %.9g %.9g\n", sum(&C[0][0], N * N), sum(P, N),
         C[n - 1][n / 2]);
}

/* Statements before, between and after two parallel loops: the one-thread
 * kernels read what the kernels before them wrote (W[t], V[t][0]) and
 * write what the next ones read; all values are small integers (fmod is
 * exact), the same on both sides. */
static void between(int n) {
  int t, j;
  for (t = 0; t < n; t++) {
    W[t] = t % 3;
    for (j = 0; j < n; j++)
      V[t][j] = (t + j) % 4;
  }
#pragma omp parallel for private(j)
  for (t = 1; t < n; t++) {
    W[t] = fmod(V[t - 1][0] + W[t - 1], 97);
    for (j = 0; j < n; j++)
      V[t][j] = fmod(V[t - 1][j] + W[t], 89);
    V[t][0] = V[t][0] + W[t - 1];
    for (j = 1; j < n; j++)
      V[t][j] = V[t][j] + V[t][0];
    W[t] = W[t] + V[t][n - 1];
  }
  printf("between: %.1f %.1f %.1f\n", sum(&V[0][0], N * N), sum(W, N),
         V[n - 1][n - 1]);
}

int main(void) {
  gramschmidt(NI, NJ);
  cholesky(N);
  between(N);
  return 0;
}

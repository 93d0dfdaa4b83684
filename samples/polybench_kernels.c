/* polybench_kernels.c - kernels shaped like PolyBench's, written the way
 * its OpenMP versions are: C99, loop counters declared at the top, `omp
 * parallel` regions around `omp for private(...)` loops, array parameters
 * `double A[N][M]`. loop2cuda turns the parallel ones into 2-D kernels and
 * leaves two on the CPU with a warning: seidel-2d updates in place, and lu's
 * outer loop carries the factorisation. The GPU tier compares the output of
 * the generated program with this file's gcc build.
 *
 * The inputs are small integers, so that most results are exact in double
 * whatever the order of operations; the rest print 6 significant digits.
 */
#include <math.h>
#include <stdio.h>

#define N 96
#define M 80
#define T 12

static double A[N][M], B[M][N], C[N][N], D[N][N], S[M][M];
static double x[N], y[N], z[M], w[M];

static void init(void) {
  int i, j;
  for (i = 0; i < N; i++) {
    x[i] = i % 5;
    y[i] = (i * 3) % 7;
    for (j = 0; j < M; j++)
      A[i][j] = (i * j + 1) % 9;
    for (j = 0; j < N; j++)
      C[i][j] = D[i][j] = (i + 2 * j) % 4;
  }
  for (i = 0; i < M; i++) {
    z[i] = w[i] = 0;
    for (j = 0; j < N; j++)
      B[i][j] = (2 * i + j) % 6;
  }
}

static double sum2(int n, int m, double X[n][m]) {
  double s = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      s += X[i][j] * ((i + j) % 3 + 1);
  return s;
}

static double sum1(int n, double *v) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += v[i] * (i % 4 + 1);
  return s;
}

/* gemm: C := alpha*A*B + beta*C. */
static void gemm(int ni, int nj, int nk, double alpha, double beta,
                 double C[N][N], double A[N][M], double B[M][N]) {
  int i, j, k;
#pragma omp parallel
  {
#pragma omp for private(j, k)
    for (i = 0; i < ni; i++)
      for (j = 0; j < nj; j++) {
        C[i][j] *= beta;
        for (k = 0; k < nk; ++k)
          C[i][j] += alpha * A[i][k] * B[k][j];
      }
  }
}

/* 2mm: D := A*B*C, two products in one region. */
static void two_mm(int ni, double tmp[N][N], double A[N][M], double B[M][N],
                   double C[N][N], double D[N][N]) {
  int i, j, k;
#pragma omp parallel private(j, k)
  {
#pragma omp for
    for (i = 0; i < ni; i++)
      for (j = 0; j < ni; j++) {
        tmp[i][j] = 0;
        for (k = 0; k < M; ++k)
          tmp[i][j] += A[i][k] * B[k][j];
      }
#pragma omp for
    for (i = 0; i < ni; i++)
      for (j = 0; j < ni; j++) {
        D[i][j] *= 2;
        for (k = 0; k < ni; ++k)
          D[i][j] += tmp[i][k] * C[k][j];
      }
  }
}

/* atax: y := A^T (A x), the second product parallel over columns. */
static void atax(double A[N][M], double *x, double *tmp, double *y) {
  int i, j;
#pragma omp parallel for private(j)
  for (i = 0; i < N; i++) {
    tmp[i] = 0;
    for (j = 0; j < M; j++)
      tmp[i] = tmp[i] + A[i][j] * x[j];
  }
#pragma omp parallel for private(i)
  for (j = 0; j < M; j++) {
    y[j] = 0;
    for (i = 0; i < N; i++)
      y[j] = y[j] + A[i][j] * tmp[i];
  }
}

/* bicg: q := A p, s := A^T r. */
static void bicg(double A[N][M], double *s, double *q, double *p, double *r) {
  int i, j;
#pragma omp parallel
  {
#pragma omp for private(j)
    for (i = 0; i < N; i++) {
      q[i] = 0;
      for (j = 0; j < M; j++)
        q[i] = q[i] + A[i][j] * p[j];
    }
#pragma omp for private(i)
    for (j = 0; j < M; j++) {
      s[j] = 0;
      for (i = 0; i < N; i++)
        s[j] = s[j] + r[i] * A[i][j];
    }
  }
}

/* mvt: x1 += A y1, x2 += A^T y2. */
static void mvt(double x1[N], double x2[N], double y1[N], double y2[N],
                double A[N][N]) {
  int i, j;
#pragma omp parallel
  {
#pragma omp for private(j)
    for (i = 0; i < N; i++)
      for (j = 0; j < N; j++)
        x1[i] = x1[i] + A[i][j] * y1[j];
#pragma omp for private(j)
    for (i = 0; i < N; i++)
      for (j = 0; j < N; j++)
        x2[i] = x2[i] + A[j][i] * y2[j];
  }
}

/* gesummv: y := alpha A x + beta B x, with PolyBench's scalar tmp. */
static void gesummv(double alpha, double beta, double A[N][N], double B[N][N],
                    double *tmp, double *x, double *y) {
  int i, j;
#pragma omp parallel for private(j)
  for (i = 0; i < N; i++) {
    tmp[i] = 0;
    y[i] = 0;
    for (j = 0; j < N; j++) {
      tmp[i] = A[i][j] * x[j] + tmp[i];
      y[i] = B[i][j] * x[j] + y[i];
    }
    y[i] = alpha * tmp[i] + beta * y[i];
  }
}

/* syrk: the lower triangle of C := alpha A A^T + beta C (a triangular
 * nest: j <= i). */
static void syrk(double alpha, double beta, double C[N][N], double A[N][M]) {
  int i, j, k;
#pragma omp parallel for private(j, k)
  for (i = 0; i < N; i++)
    for (j = 0; j <= i; j++) {
      C[i][j] *= beta;
      for (k = 0; k < M; k++)
        C[i][j] += alpha * A[i][k] * A[j][k];
    }
}

/* covariance and correlation of the columns of data (N rows, M columns). */
static void covariance(double data[N][M], double cov[M][M], double *mean) {
  int i, j, j1, j2;
#pragma omp parallel
  {
#pragma omp for private(i)
    for (j = 0; j < M; j++) {
      mean[j] = 0.0;
      for (i = 0; i < N; i++)
        mean[j] += data[i][j];
      mean[j] /= N;
    }
#pragma omp for private(j)
    for (i = 0; i < N; i++)
      for (j = 0; j < M; j++)
        data[i][j] -= mean[j];
#pragma omp for private(j2, i)
    for (j1 = 0; j1 < M; j1++)
      for (j2 = j1; j2 < M; j2++) {
        cov[j1][j2] = 0.0;
        for (i = 0; i < N; i++)
          cov[j1][j2] += data[i][j1] * data[i][j2];
        cov[j1][j2] /= N - 1;
      }
#pragma omp for private(j2)
    for (j1 = 0; j1 < M; j1++)
      for (j2 = 0; j2 < j1; j2++)
        cov[j1][j2] = cov[j2][j1];
  }
}

static void correlation(double cov[M][M], double *stddev) {
  int i, j;
#pragma omp parallel for
  for (j = 0; j < M; j++) {
    stddev[j] = sqrt(cov[j][j]);
    stddev[j] = stddev[j] <= 0.1 ? 1.0 : stddev[j];
  }
#pragma omp parallel for private(j)
  for (i = 0; i < M; i++)
    for (j = 0; j < M; j++)
      cov[i][j] = cov[i][j] / (stddev[i] * stddev[j]);
}

/* jacobi-2d: a 5-point stencil in a host time loop; the arrays stay on the
 * device between the steps. */
static void jacobi_2d(int tsteps, double A[N][N], double B[N][N]) {
  int t, i, j;
  for (t = 0; t < tsteps; t++) {
#pragma omp parallel
    {
#pragma omp for private(j)
      for (i = 1; i < N - 1; i++)
        for (j = 1; j < N - 1; j++)
          B[i][j] = 0.2 * (A[i][j] + A[i][j - 1] + A[i][1 + j] + A[1 + i][j] +
                           A[i - 1][j]);
#pragma omp for private(j)
      for (i = 1; i < N - 1; i++)
        for (j = 1; j < N - 1; j++)
          A[i][j] = B[i][j];
    }
  }
}

/* fdtd-2d: three fields updated in turn in each time step. */
static void fdtd_2d(int tmax, double ex[N][N], double ey[N][N],
                    double hz[N][N], double fict[T]) {
  int t, i, j;
  for (t = 0; t < tmax; t++) {
#pragma omp parallel
    {
#pragma omp for
      for (j = 0; j < N; j++)
        ey[0][j] = fict[t];
#pragma omp for private(j)
      for (i = 1; i < N; i++)
        for (j = 0; j < N; j++)
          ey[i][j] = ey[i][j] - 0.5 * (hz[i][j] - hz[i - 1][j]);
#pragma omp for private(j)
      for (i = 0; i < N; i++)
        for (j = 1; j < N; j++)
          ex[i][j] = ex[i][j] - 0.5 * (hz[i][j] - hz[i][j - 1]);
#pragma omp for private(j)
      for (i = 0; i < N - 1; i++)
        for (j = 0; j < N - 1; j++)
          hz[i][j] = hz[i][j] - 0.7 * (ex[i][j + 1] - ex[i][j] + ey[i + 1][j] -
                                       ey[i][j]);
    }
  }
}

/* seidel-2d updates in place: row i reads row i - 1 of the same sweep. The
 * marked loop carries a dependence, so it stays on the CPU. */
static void seidel_2d(int tsteps, double A[N][N]) {
  int t, i, j;
  for (t = 0; t < tsteps; t++) {
#pragma omp parallel for private(j)
    for (i = 1; i < N - 1; i++)
      for (j = 1; j < N - 1; j++)
        A[i][j] = (A[i - 1][j - 1] + A[i - 1][j] + A[i - 1][j + 1] +
                   A[i][j - 1] + A[i][j] + A[i][j + 1] + A[i + 1][j - 1] +
                   A[i + 1][j] + A[i + 1][j + 1]) /
                  9.0;
  }
}

/* lu: marking the outer loop is wrong (step k reads what step k - 1
 * wrote): it is not parallelized. The inner loops of each step are
 * parallel: the outer loop runs in order on the host and launches them
 * (docs/rules/mark-loop.md, loops inside a marked loop that is not
 * parallel). */
static void lu_outer(double A[N][N]) {
  int i, j, k;
#pragma omp parallel for private(i, j)
  for (k = 0; k < N; k++) {
    for (j = k + 1; j < N; j++)
      A[k][j] = A[k][j] / A[k][k];
    for (i = k + 1; i < N; i++)
      for (j = k + 1; j < N; j++)
        A[i][j] = A[i][j] - A[i][k] * A[k][j];
  }
}

static void lu_inner(double A[N][N]) {
  int i, j, k;
  for (k = 0; k < N; k++) {
#pragma omp parallel for
    for (j = k + 1; j < N; j++)
      A[k][j] = A[k][j] / A[k][k];
#pragma omp parallel for private(j)
    for (i = k + 1; i < N; i++)
      for (j = k + 1; j < N; j++)
        A[i][j] = A[i][j] - A[i][k] * A[k][j];
  }
}

int main(void) {
  static double tmp[N][N], E[N][N], F[N][N], v[N], u[N];
  int i, j;
  init();
  gemm(N, N, M, 2.0, 3.0, C, A, B);
  printf("gemm        %.6g\n", sum2(N, N, C));
  init();
  two_mm(N, tmp, A, B, C, D);
  printf("2mm         %.6g\n", sum2(N, N, D));
  init();
  atax(A, x, v, z);
  printf("atax        %.6g\n", sum1(M, z));
  bicg(A, w, v, z, y);
  printf("bicg        %.6g %.6g\n", sum1(M, w), sum1(N, v));
  init();
  mvt(x, y, v, u, C);
  printf("mvt         %.6g %.6g\n", sum1(N, x), sum1(N, y));
  init();
  gesummv(2.0, 3.0, C, D, v, x, y);
  printf("gesummv     %.6g\n", sum1(N, y));
  init();
  syrk(2.0, 3.0, C, A);
  printf("syrk        %.6g\n", sum2(N, N, C));
  init();
  covariance(A, S, z);
  printf("covariance  %.6g\n", sum2(M, M, S));
  correlation(S, w);
  printf("correlation %.6g\n", sum2(M, M, S));
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++) {
      E[i][j] = (i * (j + 2) + 2) % 11;
      F[i][j] = 0;
    }
  jacobi_2d(T, E, F);
  printf("jacobi-2d   %.6g\n", sum2(N, N, E));
  for (i = 0; i < N; i++) {
    v[i] = i % 3;
    for (j = 0; j < N; j++) {
      E[i][j] = (i * (j + 1)) % 5;
      F[i][j] = (i * (j + 2)) % 7;
      tmp[i][j] = (i * (j + 3)) % 3;
    }
  }
  fdtd_2d(T, E, F, tmp, v);
  printf("fdtd-2d     %.6g %.6g %.6g\n", sum2(N, N, E), sum2(N, N, F),
         sum2(N, N, tmp));
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      E[i][j] = (i * (j + 2) + 2) % 11;
  seidel_2d(T, E);
  printf("seidel-2d   %.6g\n", sum2(N, N, E));
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++) {
      E[i][j] = F[i][j] = (i == j) ? N : (i + j) % 3;
    }
  lu_outer(E);
  lu_inner(F);
  printf("lu          %.6g %.6g\n", sum2(N, N, E), sum2(N, N, F));
  return 0;
}

/* GPU comparison test: PolyBench 4.x-style kernels with C99 VLA
 * parameters, as the suite's POLYBENCH_USE_C99_PROTO prototypes write
 * them (`double A[n][m]`, `double s[m]`): gemm, syrk's triangle,
 * jacobi-2d's time loop, fdtd-2d, doitgen with a private sum array,
 * gramschmidt with sqrt and a + reduction over VLA rows, bicg's two
 * products, and floyd-warshall and seidel-2d (not parallel: rejected). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static void kernel_gemm(int ni, int nj, int nk, double alpha, double beta,
                        double C[ni][nj], double A[ni][nk], double B[nk][nj]) {
  int i, j, k;
#pragma omp parallel for private(j, k)
  for (i = 0; i < ni; i++) {
    for (j = 0; j < nj; j++)
      C[i][j] *= beta;
    for (k = 0; k < nk; k++)
      for (j = 0; j < nj; j++)
        C[i][j] += alpha * A[i][k] * B[k][j];
  }
}

static void kernel_syrk(int n, int m, double alpha, double beta,
                        double C[n][n], double A[n][m]) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    for (int j = 0; j <= i; j++)
      C[i][j] *= beta;
    for (int k = 0; k < m; k++)
      for (int j = 0; j <= i; j++)
        C[i][j] += alpha * A[i][k] * A[j][k];
  }
}

static void kernel_jacobi_2d(int tsteps, int n, double A[n][n], double B[n][n]) {
  for (int t = 0; t < tsteps; t++) {
#pragma omp parallel for collapse(2)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        B[i][j] = 0.2 * (A[i][j] + A[i][j - 1] + A[i][1 + j] + A[1 + i][j] + A[i - 1][j]);
#pragma omp parallel for collapse(2)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[i][j] = 0.2 * (B[i][j] + B[i][j - 1] + B[i][1 + j] + B[1 + i][j] + B[i - 1][j]);
  }
}

static void kernel_fdtd_2d(int tmax, int nx, int ny, double ex[nx][ny],
                           double ey[nx][ny], double hz[nx][ny],
                           double _fict_[tmax]) {
  int t, i, j;
  for (t = 0; t < tmax; t++) {
#pragma omp parallel
    {
#pragma omp for
      for (j = 0; j < ny; j++)
        ey[0][j] = _fict_[t];
#pragma omp for collapse(2)
      for (i = 1; i < nx; i++)
        for (j = 0; j < ny; j++)
          ey[i][j] = ey[i][j] - 0.5 * (hz[i][j] - hz[i - 1][j]);
#pragma omp for collapse(2)
      for (i = 0; i < nx; i++)
        for (j = 1; j < ny; j++)
          ex[i][j] = ex[i][j] - 0.5 * (hz[i][j] - hz[i][j - 1]);
#pragma omp for collapse(2)
      for (i = 0; i < nx - 1; i++)
        for (j = 0; j < ny - 1; j++)
          hz[i][j] = hz[i][j] - 0.7 * (ex[i][j + 1] - ex[i][j] + ey[i + 1][j] - ey[i][j]);
    }
  }
}

static void kernel_doitgen(int nr, int nq, int np, double A[nr][nq][np],
                           double C4[np][np], double sum[np]) {
  int r, q, p, s;
#pragma omp parallel for private(q, p, s, sum)
  for (r = 0; r < nr; r++)
    for (q = 0; q < nq; q++) {
      for (p = 0; p < np; p++) {
        sum[p] = 0.0;
        for (s = 0; s < np; s++)
          sum[p] += A[r][q][s] * C4[s][p];
      }
      for (p = 0; p < np; p++)
        A[r][q][p] = sum[p];
    }
}

static void kernel_gramschmidt(int m, int n, double A[m][n], double R[n][n],
                               double Q[m][n]) {
  for (int k = 0; k < n; k++) {
    double nrm = 0.0;
#pragma omp parallel for reduction(+ : nrm)
    for (int i = 0; i < m; i++)
      nrm += A[i][k] * A[i][k];
    R[k][k] = sqrt(nrm);
#pragma omp parallel for
    for (int i = 0; i < m; i++)
      Q[i][k] = A[i][k] / R[k][k];
#pragma omp parallel for
    for (int j = k + 1; j < n; j++) {
      R[k][j] = 0.0;
      for (int i = 0; i < m; i++)
        R[k][j] += Q[i][k] * A[i][j];
      for (int i = 0; i < m; i++)
        A[i][j] = A[i][j] - Q[i][k] * R[k][j];
    }
  }
}

static void kernel_bicg(int m, int n, double A[n][m], double s[m], double q[n],
                        double p[m], double r[n]) {
#pragma omp parallel for
  for (int j = 0; j < m; j++) {
    s[j] = 0;
    for (int i = 0; i < n; i++)
      s[j] = s[j] + r[i] * A[i][j];
  }
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    q[i] = 0.0;
    for (int j = 0; j < m; j++)
      q[i] = q[i] + A[i][j] * p[j];
  }
}

static void kernel_floyd_warshall(int n, int path[n][n]) {
  for (int k = 0; k < n; k++) {
#pragma omp parallel for
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        path[i][j] = path[i][j] < path[i][k] + path[k][j]
                         ? path[i][j]
                         : path[i][k] + path[k][j];
  }
}

static void kernel_seidel_2d(int tsteps, int n, double A[n][n]) {
  for (int t = 0; t <= tsteps - 1; t++)
#pragma omp parallel for
    for (int i = 1; i <= n - 2; i++)
      for (int j = 1; j <= n - 2; j++)
        A[i][j] = (A[i - 1][j - 1] + A[i - 1][j] + A[i - 1][j + 1] + A[i][j - 1] +
                   A[i][j] + A[i][j + 1] + A[i + 1][j - 1] + A[i + 1][j] +
                   A[i + 1][j + 1]) / 9.0;
}

int main(void) {
  int ni = 40, nj = 44, nk = 48, n = 36, m = 30;
  double (*C)[nj] = malloc(sizeof(double) * ni * nj);
  double (*A)[nk] = malloc(sizeof(double) * ni * nk);
  double (*B)[nj] = malloc(sizeof(double) * nk * nj);
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++)
      C[i][j] = (double)((i * j + 1) % ni) / ni;
  for (int i = 0; i < ni; i++)
    for (int k = 0; k < nk; k++)
      A[i][k] = (double)(i * (k + 1) % nk) / nk;
  for (int k = 0; k < nk; k++)
    for (int j = 0; j < nj; j++)
      B[k][j] = (double)(k * (j + 2) % nj) / nj;
  kernel_gemm(ni, nj, nk, 1.5, 1.2, C, A, B);
  printf("gemm %.6f %.6f\n", C[0][0], C[ni - 1][nj - 1]);

  double (*S)[n] = malloc(sizeof(double) * n * n);
  double (*SA)[m] = malloc(sizeof(double) * n * m);
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < n; j++)
      S[i][j] = (double)((i * j + 2) % m) / m;
    for (int j = 0; j < m; j++)
      SA[i][j] = (double)((i * j + 1) % n) / n;
  }
  kernel_syrk(n, m, 1.5, 1.2, S, SA);
  printf("syrk %.6f %.6f\n", S[n - 1][0], S[n - 1][n - 1]);

  double (*JA)[n] = malloc(sizeof(double) * n * n);
  double (*JB)[n] = malloc(sizeof(double) * n * n);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      JA[i][j] = ((double)i * (j + 2) + 2) / n;
      JB[i][j] = ((double)i * (j + 3) + 3) / n;
    }
  kernel_jacobi_2d(10, n, JA, JB);
  printf("jacobi-2d %.6f %.6f\n", JA[n / 2][n / 2], JB[1][n - 2]);

  int tmax = 8, nx = 30, ny = 34;
  double (*ex)[ny] = malloc(sizeof(double) * nx * ny);
  double (*ey)[ny] = malloc(sizeof(double) * nx * ny);
  double (*hz)[ny] = malloc(sizeof(double) * nx * ny);
  double *fict = malloc(sizeof(double) * tmax);
  for (int i = 0; i < tmax; i++)
    fict[i] = (double)i;
  for (int i = 0; i < nx; i++)
    for (int j = 0; j < ny; j++) {
      ex[i][j] = ((double)i * (j + 1)) / nx;
      ey[i][j] = ((double)i * (j + 2)) / ny;
      hz[i][j] = ((double)i * (j + 3)) / nx;
    }
  kernel_fdtd_2d(tmax, nx, ny, ex, ey, hz, fict);
  printf("fdtd-2d %.6f %.6f\n", hz[3][4], ex[nx - 1][ny - 1]);

  int nr = 10, nq = 8, np = 12;
  double (*DA)[nq][np] = malloc(sizeof(double) * nr * nq * np);
  double (*C4)[np] = malloc(sizeof(double) * np * np);
  double *sum = malloc(sizeof(double) * np);
  for (int i = 0; i < nr; i++)
    for (int j = 0; j < nq; j++)
      for (int k = 0; k < np; k++)
        DA[i][j][k] = (double)((i * j + k) % np) / np;
  for (int i = 0; i < np; i++)
    for (int j = 0; j < np; j++)
      C4[i][j] = (double)(i * j % np) / np;
  kernel_doitgen(nr, nq, np, DA, C4, sum);
  printf("doitgen %.6f %.6f\n", DA[1][2][3], DA[nr - 1][nq - 1][np - 1]);

  double (*GA)[n] = malloc(sizeof(double) * m * n);
  double (*GR)[n] = malloc(sizeof(double) * n * n);
  double (*GQ)[n] = malloc(sizeof(double) * m * n);
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      GA[i][j] = (((double)((i * j) % m) / m) * 100) + 10;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      GR[i][j] = 0.0;
  kernel_gramschmidt(m, n, GA, GR, GQ);
  printf("gramschmidt %.6f %.6f\n", GR[0][0], GQ[m - 1][1]);

  double (*BA)[m] = malloc(sizeof(double) * n * m);
  double *bs = malloc(sizeof(double) * m), *bq = malloc(sizeof(double) * n);
  double *bp = malloc(sizeof(double) * m), *br = malloc(sizeof(double) * n);
  for (int i = 0; i < m; i++)
    bp[i] = (double)(i % m) / m;
  for (int i = 0; i < n; i++) {
    br[i] = (double)(i % n) / n;
    for (int j = 0; j < m; j++)
      BA[i][j] = (double)(i * (j + 1) % n) / n;
  }
  kernel_bicg(m, n, BA, bs, bq, bp, br);
  printf("bicg %.6f %.6f\n", bs[m - 1], bq[n - 1]);

  int (*path)[n] = malloc(sizeof(int) * n * n);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      path[i][j] = i * j % 7 + 1;
      if ((i + j) % 13 == 0 || (i + j) % 7 == 0 || (i + j) % 11 == 0)
        path[i][j] = 999;
    }
  kernel_floyd_warshall(n, path);
  printf("floyd %d %d\n", path[0][n - 1], path[n - 1][3]);

  double (*SE)[n] = malloc(sizeof(double) * n * n);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      SE[i][j] = ((double)i * (j + 2) + 2) / n;
  kernel_seidel_2d(4, n, SE);
  printf("seidel %.6f\n", SE[n / 2][n / 2]);
  return 0;
}

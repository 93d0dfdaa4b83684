/* GPU comparison test: PolyBench 4.x-style kernels in C with OpenMP:
 * heat-3d over VLA-typed arrays with a time loop, a deriche-like pair of
 * recurrences where only the loop across the rows is parallel, nussinov's
 * triangular loops with a static max helper (only the row update of one
 * diagonal is parallel), and correlation with sqrt and the eps guard. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define N 20
#define TSTEPS 10
#define W 64
#define H 48
#define M 24
#define NN 32
#define SEQ 60

#define max_score(s1, s2) ((s1 >= s2) ? s1 : s2)
#define match(b1, b2) (((b1) + (b2)) == 3 ? 1 : 0)

static void kernel_heat_3d(int tsteps, int n, double A[N][N][N],
                           double B[N][N][N]) {
  for (int t = 1; t <= tsteps; t++) {
#pragma omp parallel for collapse(2)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        for (int k = 1; k < n - 1; k++)
          B[i][j][k] = 0.125 * (A[i + 1][j][k] - 2.0 * A[i][j][k] + A[i - 1][j][k]) +
                       0.125 * (A[i][j + 1][k] - 2.0 * A[i][j][k] + A[i][j - 1][k]) +
                       0.125 * (A[i][j][k + 1] - 2.0 * A[i][j][k] + A[i][j][k - 1]) +
                       A[i][j][k];
#pragma omp parallel for collapse(2)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        for (int k = 1; k < n - 1; k++)
          A[i][j][k] = 0.125 * (B[i + 1][j][k] - 2.0 * B[i][j][k] + B[i - 1][j][k]) +
                       0.125 * (B[i][j + 1][k] - 2.0 * B[i][j][k] + B[i][j - 1][k]) +
                       0.125 * (B[i][j][k + 1] - 2.0 * B[i][j][k] + B[i][j][k - 1]) +
                       B[i][j][k];
  }
}

static void kernel_deriche(int w, int h, float alpha, float imgIn[W][H],
                           float imgOut[W][H], float y1[W][H], float y2[W][H]) {
  float k = (1.0f - expf(-alpha)) * (1.0f - expf(-alpha)) /
            (1.0f + 2.0f * alpha * expf(-alpha) - expf(2.0f * alpha));
  float a1 = k, a2 = k * expf(-alpha) * (alpha - 1.0f);
  float b1 = powf(2.0f, -alpha), b2 = -expf(-2.0f * alpha);
  int i, j;
  float ym1, ym2, xm1, yp1, yp2;
#pragma omp parallel for private(j, ym1, ym2, xm1)
  for (i = 0; i < w; i++) {
    ym1 = 0.0f;
    ym2 = 0.0f;
    xm1 = 0.0f;
    for (j = 0; j < h; j++) {
      y1[i][j] = a1 * imgIn[i][j] + a2 * xm1 + b1 * ym1 + b2 * ym2;
      xm1 = imgIn[i][j];
      ym2 = ym1;
      ym1 = y1[i][j];
    }
  }
#pragma omp parallel for private(j, yp1, yp2)
  for (i = 0; i < w; i++) {
    yp1 = 0.0f;
    yp2 = 0.0f;
    for (j = h - 1; j >= 0; j--) {
      y2[i][j] = b1 * yp1 + b2 * yp2;
      yp2 = yp1;
      yp1 = y2[i][j];
    }
  }
#pragma omp parallel for collapse(2)
  for (i = 0; i < w; i++)
    for (j = 0; j < h; j++)
      imgOut[i][j] = y1[i][j] + y2[i][j];
}

static void kernel_correlation(int m, int n, double float_n,
                               double data[NN][M], double corr[M][M],
                               double mean[M], double stddev[M]) {
  double eps = 0.1;
#pragma omp parallel for
  for (int j = 0; j < m; j++) {
    mean[j] = 0.0;
    for (int i = 0; i < n; i++)
      mean[j] += data[i][j];
    mean[j] /= float_n;
  }
#pragma omp parallel for
  for (int j = 0; j < m; j++) {
    stddev[j] = 0.0;
    for (int i = 0; i < n; i++)
      stddev[j] += (data[i][j] - mean[j]) * (data[i][j] - mean[j]);
    stddev[j] /= float_n;
    stddev[j] = sqrt(stddev[j]);
    stddev[j] = stddev[j] <= eps ? 1.0 : stddev[j];
  }
#pragma omp parallel for collapse(2)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      data[i][j] -= mean[j];
      data[i][j] /= sqrt(float_n) * stddev[j];
    }
#pragma omp parallel for schedule(dynamic, 1)
  for (int i = 0; i < m - 1; i++) {
    corr[i][i] = 1.0;
    for (int j = i + 1; j < m; j++) {
      corr[i][j] = 0.0;
      for (int k = 0; k < n; k++)
        corr[i][j] += (data[k][i] * data[k][j]);
      corr[j][i] = corr[i][j];
    }
  }
  corr[m - 1][m - 1] = 1.0;
}

static void kernel_nussinov(int n, int seq[SEQ], int table[SEQ][SEQ]) {
  for (int i = n - 1; i >= 0; i--) {
#pragma omp parallel for
    for (int j = i + 1; j < n; j++) {
      if (j - 1 >= 0)
        table[i][j] = max_score(table[i][j], table[i][j - 1]);
      if (i + 1 < n)
        table[i][j] = max_score(table[i][j], table[i + 1][j]);
      if (j - 1 >= 0 && i + 1 < n) {
        if (i < j - 1)
          table[i][j] = max_score(table[i][j], table[i + 1][j - 1] + match(seq[i], seq[j]));
        else
          table[i][j] = max_score(table[i][j], table[i + 1][j - 1]);
      }
      for (int k = i + 1; k < j; k++)
        table[i][j] = max_score(table[i][j], table[i][k] + table[k + 1][j]);
    }
  }
}

int main(void) {
  double (*A)[N][N] = (double (*)[N][N])malloc(N * N * N * sizeof(double));
  double (*B)[N][N] = (double (*)[N][N])malloc(N * N * N * sizeof(double));
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k < N; k++)
        A[i][j][k] = B[i][j][k] = (double)((i * j + k * k) % 11) / 4.0;
  kernel_heat_3d(TSTEPS, N, A, B);
  double hs = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k < N; k++)
        hs += A[i][j][k];
  printf("heat-3d: %.6f\n", hs);

  float (*imgIn)[H] = malloc(W * H * sizeof(float));
  float (*imgOut)[H] = malloc(W * H * sizeof(float));
  float (*y1)[H] = malloc(W * H * sizeof(float));
  float (*y2)[H] = malloc(W * H * sizeof(float));
  for (int i = 0; i < W; i++)
    for (int j = 0; j < H; j++)
      imgIn[i][j] = (float)((313 * i + 991 * j) % 65536) / 65535.0f;
  kernel_deriche(W, H, 0.25f, imgIn, imgOut, y1, y2);
  double ds = 0;
  for (int i = 0; i < W; i++)
    for (int j = 0; j < H; j++)
      ds += imgOut[i][j];
  printf("deriche: %.2f %.4f %.4f\n", ds, imgOut[3][5], imgOut[W - 1][H - 1]);

  double (*data)[M] = malloc(NN * M * sizeof(double));
  double (*corr)[M] = malloc(M * M * sizeof(double));
  double *mean = malloc(M * sizeof(double));
  double *stddev = malloc(M * sizeof(double));
  for (int i = 0; i < NN; i++)
    for (int j = 0; j < M; j++)
      data[i][j] = (double)((i * j) % 7) / 2.0 + (i % 3);
  kernel_correlation(M, NN, (double)NN, data, corr, mean, stddev);
  for (int i = 0; i < M; i += 5)
    printf("corr[%d][%d] = %.5f\n", i, M - 1, corr[i][M - 1]);

  int *seq = malloc(SEQ * sizeof(int));
  int (*table)[SEQ] = calloc(SEQ * SEQ, sizeof(int));
  for (int i = 0; i < SEQ; i++)
    seq[i] = (i + 1) % 4;
  kernel_nussinov(SEQ, seq, table);
  printf("nussinov: %d\n", table[0][SEQ - 1]);
  return 0;
}

/* GPU comparison test: OpenMP loops whose inner loops carry
 * `#pragma omp simd` (or `omp loop`), as OpenMP 4+ codes write them: a
 * matrix-vector product whose row sum is a simd reduction, a gemm whose
 * innermost loop is simd with aligned and safelen, a row maximum and
 * minimum (simd reduction(max:) and (min:)), a lastprivate, an `omp loop`
 * copy, a stencil with a carried dependence over rows (rejected; its inner
 * loop runs on the GPU in place of it), and atax's row sums reduced into
 * an array element (reduction(+: tmp[i])). */
#include <math.h>
#include <stdio.h>

#define N 96
#define M 80

static double A[N][M], B[M][N], C[N][N], x[M], y[N], S[N][M];
static double rmax[N], rmin[N], rlast[N], tmp[N];

int main(void) {
  int i, j, k;
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++) {
      A[i][j] = ((i * 7 + j * 3) % 17) * 0.25 - 2.0;
      B[j][i] = ((i * 5 + j) % 13) * 0.5 - 3.0;
      S[i][j] = (i + j) % 4;
    }
  for (j = 0; j < M; j++)
    x[j] = (j % 9) * 0.125;

#pragma omp parallel for private(j)
  for (i = 0; i < N; i++) {
    double s = 0.0;
#pragma omp simd reduction(+ : s)
    for (j = 0; j < M; j++)
      s += A[i][j] * x[j];
    y[i] = s;
  }

#pragma omp parallel for private(j, k)
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++) {
      double acc = 0.0;
#pragma omp simd reduction(+ : acc) safelen(16)
      for (k = 0; k < M; k++)
        acc += A[i][k] * B[k][j];
      C[i][j] = 0.5 * C[i][j] + acc;
    }

#pragma omp parallel for
  for (int r = 0; r < N; r++) {
    double hi = A[r][0], lo = A[r][0], last = 0.0;
#pragma omp simd reduction(max : hi) reduction(min : lo) lastprivate(last)
    for (int c = 0; c < M; c++) {
      hi = fmax(hi, A[r][c]);
      if (A[r][c] < lo)
        lo = A[r][c];
      last = A[r][c] * 2.0;
    }
    rmax[r] = hi;
    rmin[r] = lo;
    rlast[r] = last;
  }

  /* a carried dependence over rows: the rows stay in order, the columns
   * run in parallel */
#pragma omp parallel for
  for (int r = 1; r < N; r++) {
#pragma omp simd
    for (int c = 0; c < M; c++)
      S[r][c] = S[r - 1][c] * 0.5 + S[r][c];
  }

#pragma omp parallel for
  for (int r = 0; r < N; r++) {
#pragma omp loop
    for (int c = 0; c < M; c++)
      A[r][c] = A[r][c] + S[r][c];
  }

  /* atax's first product (over B, whose values keep every sum exact), its
   * row sum an array element reduced by the
   * simd loop (OpenMP 5) */
#pragma omp parallel for private(j)
  for (i = 0; i < N; i++) {
    tmp[i] = 0.0;
#pragma omp simd reduction(+ : tmp[i])
    for (j = 0; j < M; j++)
      tmp[i] = tmp[i] + B[j][i] * x[j];
  }

  double cs = 0.0, ys = 0.0, ms = 0.0, ss = 0.0, as = 0.0, ts = 0.0;
  for (i = 0; i < N; i++) {
    ys += y[i];
    ts += tmp[i];
    ms += rmax[i] - rmin[i] + rlast[i];
    for (j = 0; j < N; j++)
      cs += C[i][j];
    for (j = 0; j < M; j++) {
      ss += S[i][j];
      as += A[i][j];
    }
  }
  printf("simd: y %.6f C %.6f minmax %.6f S %.6f A %.6f\n", ys, cs, ms, ss, as);
  printf("y[5] %.6f C[7][9] %.6f S[50][3] %.6f tmp %.6f\n", y[5], C[7][9],
         S[50][3], ts);
  return 0;
}

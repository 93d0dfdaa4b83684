// GPU comparison test for the rule set tile-matmul-dmma
// (docs/rules/tile-matmul-dmma.md): double matrix products on the FP64
// tensor cores in the shapes the rule accepts (PolyBench's gemm with its
// prologue C *= beta, transposed operands, a subtraction, syr2k's two
// updates per k, linearised subscripts, a sum in a local), at sizes that are
// not multiples of the 128 x 64 block tile, the 8 x 8 mma tile nor the k-slab
// (1, 7, 63, 65, 127, 129, 1000). The values are small integers and the
// factors powers of two, so every product and sum is exact in double and the
// GPU's output equals the CPU's to the bit, whatever order the tensor cores
// add in.
// gpu-emulate-args: small
#include <cstdio>
#include <vector>

constexpr int M = 1000; // the row length of the 2-D arrays

static double A[M][M], B[M][M], C[M][M];

static double sum2(const double (*X)[M], int ni, int nj) {
  double s = 0;
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++)
      s += X[i][j] * ((i * 3 + j) % 7 + 1);
  return s;
}

static void init(int seed) {
  for (int i = 0; i < M; i++)
    for (int j = 0; j < M; j++) {
      A[i][j] = (double)((i * 13 + j * 3 + seed) % 9 - 4);
      B[i][j] = (double)((i * 2 + j * 7 + seed) % 5 - 2);
      C[i][j] = (double)((i * 3 + j * 5 + seed) % 7 - 3);
    }
}

// gemm: C := alpha*A*B + beta*C, as PolyBench writes it.
static void gemm(int ni, int nj, int nk, double alpha, double beta) {
#pragma omp parallel for
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++) {
      C[i][j] *= beta;
      for (int k = 0; k < nk; ++k)
        C[i][j] += alpha * A[i][k] * B[k][j];
    }
}

// Both operands transposed (A[k][i], B[j][k]) and a subtraction.
static void at_bt(int ni, int nj, int nk) {
#pragma omp parallel for
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++)
      for (int k = 0; k < nk; k++)
        C[i][j] -= A[k][i] * B[j][k];
}

// syr2k: two updates per k, the factor on i written last in the first.
static void syr2k(int n, int m, double alpha) {
#pragma omp parallel for collapse(2)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < m; k++) {
        C[i][j] += A[j][k] * alpha * B[i][k];
        C[i][j] += alpha * B[j][k] * A[i][k];
      }
}

// The sum in a local, read after the loop.
static void local_sum(int ni, int nj, int nk) {
#pragma omp parallel for
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++) {
      double s = 1;
      for (int k = 0; k < nk; k++)
        s += A[i][k] * B[j][k];
      C[i][j] = s * 2;
    }
}

// Linearised subscripts over std::vector and a statement after the loop.
static void flat(std::vector<double> &c, const std::vector<double> &a,
                 const std::vector<double> &b, int ni, int nj, int nk,
                 double beta) {
#pragma omp parallel for
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++) {
      c[i * nj + j] *= beta;
      for (int k = 0; k < nk; k++)
        c[i * nj + j] += a[i * nk + k] * b[k * nj + j];
      c[i * nj + j] += 1;
    }
}

static void run(int ni, int nj, int nk) {
  init(ni + 2 * nj + nk);
  gemm(ni, nj, nk, 2.0, 0.5);
  std::printf("gemm %d %d %d: %.1f\n", ni, nj, nk, sum2(C, ni, nj));
  at_bt(ni, nj, nk);
  std::printf("at_bt %d %d %d: %.1f\n", ni, nj, nk, sum2(C, ni, nj));
  syr2k(ni, nk, 0.5);
  std::printf("syr2k %d %d: %.1f\n", ni, nk, sum2(C, ni, ni));
  local_sum(ni, nj, nk);
  std::printf("sum  %d %d %d: %.1f\n", ni, nj, nk, sum2(C, ni, nj));
  std::vector<double> a(ni * nk), b(nk * nj), c(ni * nj);
  for (int i = 0; i < ni * nk; i++)
    a[i] = (double)(i % 9 - 4);
  for (int i = 0; i < nk * nj; i++)
    b[i] = (double)(i % 7 - 3);
  for (int i = 0; i < ni * nj; i++)
    c[i] = (double)(i % 5 - 2);
  flat(c, a, b, ni, nj, nk, 0.25);
  double s = 0;
  for (int i = 0; i < ni * nj; i++)
    s += c[i] * (i % 7 + 1);
  std::printf("flat %d %d %d: %.2f\n", ni, nj, nk, s);
}

int main(int argc, char **argv) {
  // "small": the sizes of the sanitizer runs.
  if (argc > 1) {
    run(7, 65, 9);
    run(129, 63, 5);
    return 0;
  }
  const int sizes[] = {1, 7, 63, 65, 127, 129, 1000};
  for (int n : sizes)
    run(n, n, n);
  run(129, 65, 7);   // a partial block tile on both axes, k under a slab
  run(63, 1000, 127); // one partial row of tiles, a partial last slab
  run(1000, 7, 65);
  return 0;
}

// GPU comparison test for the rule set tile-matmul
// (docs/rules/tile-matmul.md): matrix products in the shapes of PolyBench's
// gemm, 2mm, 3mm, syrk and syr2k, with 2-D arrays, linearised subscripts and
// transposed operands, a sum in a local, at sizes that are not multiples of the
// 128 x 128 tile nor of the k-slab of 8 (partial tiles and slabs on every
// edge). The values are small integers and the factors powers of two, so every
// sum is exact and the GPU's output equals the CPU's to the bit whatever the
// order of summation. Each product is also printed from a second run with the
// sizes of one tile, and with k shorter than one slab.
#include <cstdio>
#include <vector>

constexpr int M = 300; // the row length of the 2-D arrays

static float FA[M][M], FB[M][M], FC[M][M], FD[M][M];
static int IA[M][M], IB[M][M], IC[M][M];
static double DA[M][M], DB[M][M], DC[M][M];

static double sum2(const float (*X)[M], int ni, int nj) {
  double s = 0;
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++)
      s += X[i][j] * ((i * 3 + j) % 7 + 1);
  return s;
}

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
      FA[i][j] = (float)((i * 7 + j * 3 + seed) % 5 - 2);
      FB[i][j] = (float)((i * 5 + j * 11 + seed) % 7 - 3);
      FC[i][j] = (float)((i + j * 2 + seed) % 9 - 4);
      FD[i][j] = (float)((i * 3 + j + seed) % 3 - 1);
      DA[i][j] = (double)((i * 13 + j * 3 + seed) % 9 - 4);
      DB[i][j] = (double)((i * 2 + j * 7 + seed) % 5 - 2);
      DC[i][j] = (double)((i * 3 + j * 5 + seed) % 7 - 3);
      IA[i][j] = (i * 3 + j + seed) % 11 - 5;
      IB[i][j] = (i + j * 7 + seed) % 13 - 6;
      IC[i][j] = i - j;
    }
}

// gemm: C := alpha*A*B + beta*C, as PolyBench writes it.
static void gemm(int ni, int nj, int nk, float alpha, float beta) {
#pragma omp parallel for
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++) {
      FC[i][j] *= beta;
      for (int k = 0; k < nk; ++k)
        FC[i][j] += alpha * FA[i][k] * FB[k][j];
    }
}

// 2mm's first product into a zeroed array, in double.
static void mm_zero(int ni, int nj, int nk, double alpha) {
#pragma omp parallel for
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++) {
      DC[i][j] = 0;
      for (int k = 0; k < nk; ++k)
        DC[i][j] += alpha * DA[i][k] * DB[k][j];
    }
}

// syrk and syr2k: operands transposed (A[j][k]), two updates per k.
static void syr2k(int n, int m, float alpha) {
#pragma omp parallel for collapse(2)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < m; k++) {
        FD[i][j] += FA[j][k] * alpha * FB[i][k];
        FD[i][j] += FB[j][k] * alpha * FA[i][k];
      }
}

// A transposed the other way (A[k][i]) and a subtraction.
static void at_b(int ni, int nj, int nk) {
#pragma omp parallel for
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++)
      for (int k = 0; k < nk; k++)
        FC[i][j] -= FA[k][i] * FB[k][j];
}

// The sum in a local, read after the loop (bench/nests' matmul).
static void local_sum(int ni, int nj, int nk) {
#pragma omp parallel for
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++) {
      double s = 1;
      for (int k = 0; k < nk; k++)
        s += DA[i][k] * DB[j][k];
      DC[i][j] = s * 2;
    }
}

// Integers: the fragments are read one value at a time.
static void imm(int ni, int nj, int nk) {
#pragma omp parallel for
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++)
      for (int k = 0; k < nk; k++)
        IC[i][j] += IA[i][k] * IB[k][j];
}

// Linearised subscripts over std::vector, leading dimensions as
// parameters, and a statement after the k loop.
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
  init(ni + nj + nk);
  gemm(ni, nj, nk, 2.0f, 0.5f);
  std::printf("gemm %d %d %d: %.1f\n", ni, nj, nk, sum2(FC, ni, nj));
  mm_zero(ni, nj, nk, 4.0);
  std::printf("2mm  %d %d %d: %.1f\n", ni, nj, nk, sum2(DC, ni, nj));
  syr2k(ni, nk, 0.5f);
  std::printf("syr2k %d %d: %.1f\n", ni, nk, sum2(FD, ni, ni));
  at_b(ni, nj, nk);
  std::printf("at_b %d %d %d: %.1f\n", ni, nj, nk, sum2(FC, ni, nj));
  local_sum(ni, nj, nk);
  std::printf("sum  %d %d %d: %.1f\n", ni, nj, nk, sum2(DC, ni, nj));
  imm(ni, nj, nk);
  long long si = 0;
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++)
      si += (long long)IC[i][j] * (i + 2 * j + 1);
  std::printf("int  %d %d %d: %lld\n", ni, nj, nk, si);
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

int main() {
  run(291, 150, 77); // partial tiles on both axes, a partial last slab
  run(128, 128, 8);  // exactly one tile and one slab
  run(5, 200, 3);    // fewer rows than a thread's block, k under a slab
  return 0;
}

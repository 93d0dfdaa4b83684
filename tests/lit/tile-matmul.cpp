// RUN: rm -rf %t && %loop2cuda %s -o %t --disable-rule tile-matmul-dmma -- -std=c++17 -fopenmp 2>&1 \
// RUN:   | FileCheck %s --allow-empty --implicit-check-not=warning:
// RUN: %nochecks %t/tile-matmul.cu | FileCheck %s --check-prefix=KERN
// RUN: %nochecks %t/tile-matmul.cu | FileCheck %s --check-prefix=CU
// RUN: rm -rf %t.off && %loop2cuda %s -o %t.off --disable-rule tile-matmul --disable-rule tile-matmul-dmma -- -std=c++17 -fopenmp > /dev/null 2>&1
// RUN: %nochecks %t.off/tile-matmul.cu | FileCheck %s --check-prefix=OFF --implicit-check-not=__shared__
// RUN: rm -rf %t.tr && %loop2cuda --trace %s -o %t.tr --disable-rule tile-matmul-dmma -- -std=c++17 -fopenmp 2>&1 \
// RUN:   | FileCheck %s --check-prefix=TRACE

// Matrix products (rules/tile-matmul.rules, docs/rules/tile-matmul.md): a
// 2-D kernel whose k loop sums products into C[i][j] computes a 128 x 128
// tile of C per block, 8 x 8 outputs per thread, k-slabs of the operands in
// shared memory; shapes the rule cannot prove right keep the kernel of
// extract-kernel. The double products here would go to the FP64 tensor
// cores (tile-matmul-dmma, tests/lit/tile-matmul-dmma.cpp), which the RUN
// lines switch off to test this set alone.
#include <vector>
#define N 64

// PolyBench's gemm: the prologue runs per output, acc starts from C[i][j]
// and adds alpha * A * B in the order of k; A's last subscript moves with k
// (loads along k), B's with j (loads along the row).
// KERN-LABEL: __global__ void __launch_bounds__(256, 2) gemm_L{{[0-9]+}}(
// KERN-NEXT: // tile-matmul: 128x128 tile of C per block, 8x8 outputs per thread, k-slabs of 8 in shared memory
// KERN-NEXT: __shared__ __align__(16) float l2c_ys0[1056];
// KERN-NEXT: __shared__ __align__(16) float l2c_xs0[1056];
// KERN-NEXT: int l2c_tid = threadIdx.y * 16 + threadIdx.x;
// KERN-NEXT: for (long long l2c_ty = (long long)blockIdx.y * 128; l2c_ty < (long long)ni; l2c_ty += (long long)gridDim.y * 128) {
// KERN-NEXT:   for (long long l2c_tx = (long long)blockIdx.x * 128; l2c_tx < (long long)nj; l2c_tx += (long long)gridDim.x * 128) {
// KERN-NEXT:     float l2c_acc[64];
// KERN-NEXT:     #pragma unroll
// KERN-NEXT:     for (int l2c_m = 0; l2c_m < 8; ++l2c_m) {
// KERN:              long long l2c_gy = l2c_ty + (threadIdx.y * 4 + (l2c_m & 3) + 64 * (l2c_m >> 2));
// KERN-NEXT:         long long l2c_gx = l2c_tx + (threadIdx.x * 4 + (l2c_n & 3) + 64 * (l2c_n >> 2));
// KERN-NEXT:         if (l2c_gy < (long long)ni && l2c_gx < (long long)nj) {
// KERN-NEXT:           int i = l2c_gy;
// KERN-NEXT:           int j = l2c_gx;
// KERN-NEXT:           C[i][j] *= beta;
// KERN-NEXT:           l2c_acc[l2c_m * 8 + l2c_n] = C[i][j];
// KERN:          for (long long l2c_kk = 0; l2c_kk < nk; l2c_kk += 8) {
// KERN-NEXT:       for (int l2c_l = l2c_tid; l2c_l < 1024; l2c_l += 256) {
// KERN-NEXT:         int l2c_r = l2c_l >> 3;
// KERN-NEXT:         int l2c_c = l2c_l & 7;
// KERN:              l2c_ys0[l2c_c * 132 + l2c_r] = l2c_g < (long long)ni && l2c_gk < nk ? A[(int)l2c_g][l2c_gk] : 0;
// KERN:              int l2c_r = l2c_l & 127;
// KERN-NEXT:         int l2c_c = l2c_l >> 7;
// KERN:              l2c_xs0[l2c_c * 132 + l2c_r] = l2c_g < (long long)nj && l2c_gk < nk ? B[l2c_gk][(int)l2c_g] : 0;
// KERN-NEXT:       }
// KERN-NEXT:       __syncthreads();
// KERN-NEXT:       int l2c_kn = nk - l2c_kk < 8 ? nk - l2c_kk : 8;
// KERN-NEXT:       if (l2c_kn == 8) {
// KERN-NEXT:         #pragma unroll
// KERN-NEXT:         for (int l2c_q = 0; l2c_q < 8; ++l2c_q) {
// KERN-NEXT:           float l2c_yf0[8];
// KERN-NEXT:           #pragma unroll
// KERN-NEXT:           for (int l2c_h = 0; l2c_h < 2; ++l2c_h) {
// KERN-NEXT:             float4 l2c_v = *(float4 *)&l2c_ys0[l2c_q * 132 + threadIdx.y * 4 + 64 * l2c_h];
// KERN-NEXT:             l2c_yf0[4 * l2c_h] = l2c_v.x;
// KERN-NEXT:             l2c_yf0[4 * l2c_h + 1] = l2c_v.y;
// KERN-NEXT:             l2c_yf0[4 * l2c_h + 2] = l2c_v.z;
// KERN-NEXT:             l2c_yf0[4 * l2c_h + 3] = l2c_v.w;
// KERN:                  float4 l2c_v = *(float4 *)&l2c_xs0[l2c_q * 132 + threadIdx.x * 4 + 64 * l2c_h];
// KERN:                      l2c_acc[l2c_m * 8 + l2c_n] += alpha * l2c_yf0[l2c_m] * l2c_xf0[l2c_n];
// KERN:              } else {
// KERN-NEXT:         for (int l2c_q = 0; l2c_q < l2c_kn; ++l2c_q) {
// KERN:                      l2c_acc[l2c_m * 8 + l2c_n] += alpha * l2c_yf0[l2c_m] * l2c_xf0[l2c_n];
// KERN:              __syncthreads();
// KERN-NEXT:     }
// KERN:                if (l2c_gy < (long long)ni && l2c_gx < (long long)nj) {
// KERN-NEXT:           int i = l2c_gy;
// KERN-NEXT:           int j = l2c_gx;
// KERN-NEXT:           C[i][j] = l2c_acc[l2c_m * 8 + l2c_n];
// KERN-NEXT:         }
// CU:  L2C_LAUNCH(l2c_device::gemm_L{{[0-9]+}}, "tile-matmul.cpp:{{[0-9]+}}", l2c::gridFor(dim3(16, 16), ((long long)nj + 7) / 8, ((long long)ni + 7) / 8), dim3(16, 16),
// OFF-LABEL: __global__ void gemm_L{{[0-9]+}}(
// OFF:           C[i][j] += alpha * A[i][k] * B[k][j];
// OFF: L2C_LAUNCH_DISTINCT(l2c_device::gemm_L{{[0-9]+}}, l2c_device::gemm_L{{[0-9]+}}_restrict, "tile-matmul.cpp:{{[0-9]+}}", l2c::gridFor(dim3(128, 2), nj, ni), dim3(128, 2),
// TRACE: trace: tile-matmul/tile-matmul-nest at
void gemm(int ni, int nj, int nk, float alpha, float beta, float C[N][N],
          float A[N][N], float B[N][N]) {
#pragma omp parallel for
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++) {
      C[i][j] *= beta;
      for (int k = 0; k < nk; ++k)
        C[i][j] += alpha * A[i][k] * B[k][j];
    }
}

// syr2k: two updates per k, operands transposed (B[j][k], A[j][k]: the
// x side loads along k too); four slabs, in order of first use.
// KERN-LABEL: __global__ void __launch_bounds__(256) syr2k_L{{[0-9]+}}(
// KERN:      __shared__ __align__(16) double l2c_ys0[1056];
// KERN-NEXT: __shared__ __align__(16) double l2c_ys1[1056];
// KERN-NEXT: __shared__ __align__(16) double l2c_xs0[1056];
// KERN-NEXT: __shared__ __align__(16) double l2c_xs1[1056];
// KERN:      l2c_ys0[l2c_c * 132 + l2c_r] = l2c_g < (long long)n && l2c_gk < m ? B[(int)l2c_g][l2c_gk] : 0;
// KERN:      l2c_ys1[l2c_c * 132 + l2c_r] = l2c_g < (long long)n && l2c_gk < m ? A[(int)l2c_g][l2c_gk] : 0;
// KERN:      int l2c_r = l2c_l >> 3;
// KERN-NEXT: int l2c_c = l2c_l & 7;
// KERN-NEXT: long long l2c_g = l2c_tx + l2c_r;
// KERN:      l2c_xs0[l2c_c * 132 + l2c_r] = l2c_g < (long long)n && l2c_gk < m ? A[(int)l2c_g][l2c_gk] : 0;
// KERN:      l2c_xs1[l2c_c * 132 + l2c_r] = l2c_g < (long long)n && l2c_gk < m ? B[(int)l2c_g][l2c_gk] : 0;
// KERN:      double2 l2c_v = *(double2 *)&l2c_ys0[l2c_q * 132 + threadIdx.y * 4 + 64 * l2c_h];
// KERN-NEXT: l2c_yf0[4 * l2c_h] = l2c_v.x;
// KERN-NEXT: l2c_yf0[4 * l2c_h + 1] = l2c_v.y;
// KERN-NEXT: double2 l2c_w = *(double2 *)&l2c_ys0[l2c_q * 132 + threadIdx.y * 4 + 64 * l2c_h + 2];
// KERN:      l2c_acc[l2c_m * 8 + l2c_n] += l2c_xf0[l2c_n] * alpha * l2c_yf0[l2c_m];
// KERN-NEXT: l2c_acc[l2c_m * 8 + l2c_n] += l2c_xf1[l2c_n] * alpha * l2c_yf1[l2c_m];
// TRACE: trace: tile-matmul/tile-matmul-nest at
void syr2k(int n, int m, double alpha, double C[N][N], double A[N][N],
           double B[N][N]) {
#pragma omp parallel for collapse(2)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < m; k++) {
        C[i][j] += A[j][k] * alpha * B[i][k];
        C[i][j] += B[j][k] * alpha * A[i][k];
      }
}

// Linearised subscripts and A transposed (A[k * n + i]: both operands load
// along the row of the tile).
// KERN-LABEL: __global__ void __launch_bounds__(256, 2) linear_L{{[0-9]+}}(
// KERN:      l2c_ys0[l2c_c * 132 + l2c_r] = l2c_g < (long long)n && l2c_gk < n ? A[l2c_gk * n + (int)l2c_g] : 0;
// KERN:      l2c_xs0[l2c_c * 132 + l2c_r] = l2c_g < (long long)n && l2c_gk < n ? B[l2c_gk * n + (int)l2c_g] : 0;
// KERN:      l2c_acc[l2c_m * 8 + l2c_n] += l2c_yf0[l2c_m] * l2c_xf0[l2c_n];
// KERN:      C[i * n + j] = l2c_acc[l2c_m * 8 + l2c_n];
// TRACE: trace: tile-matmul/tile-matmul-nest at
void linear(int n, std::vector<float> &C, const std::vector<float> &A,
            const std::vector<float> &B) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
        C[i * n + j] += A[k * n + i] * B[k * n + j];
}

// The sum in a local: the prologue declares it and copies it into acc, the
// epilogue declares it again with the sum for the statements after the loop.
// KERN-LABEL: __global__ void __launch_bounds__(256, 2) scalar_sum_L{{[0-9]+}}(
// KERN:      float s = 0;
// KERN-NEXT: l2c_acc[l2c_m * 8 + l2c_n] = s;
// KERN:      l2c_acc[l2c_m * 8 + l2c_n] += l2c_yf0[l2c_m] * l2c_xf0[l2c_n];
// KERN:      float s = l2c_acc[l2c_m * 8 + l2c_n];
// KERN-NEXT: C[i][j] = s;
// TRACE: trace: tile-matmul/tile-matmul-local-sum at
// TRACE-NOT: trace: tile-matmul/tile-matmul-{{nest|local-sum}}
void scalar_sum(int n, float C[N][N], float A[N][N], float B[N][N]) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      float s = 0;
      for (int k = 0; k < n; k++)
        s += A[i][k] * B[k][j];
      C[i][j] = s;
    }
}

// Not tiled: the statement after the loop reads t, which the epilogue could
// not see (declared before the loop, in the prologue's scope).
// KERN-LABEL: __global__ void pre_local_L{{[0-9]+}}(
// KERN-NOT:  __shared__
// KERN:      C[i][j] = s * t;
void pre_local(int n, float C[N][N], float A[N][N], float B[N][N]) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      float t = A[i][j];
      float s = 0;
      for (int k = 0; k < n; k++)
        s += A[i][k] * B[k][j];
      C[i][j] = s * t;
    }
}

// Not tiled: the summand uses i outside an access (productOperands).
// KERN-LABEL: __global__ void index_in_sum_L{{[0-9]+}}(
// KERN-NOT:  __shared__
// KERN:      C[i][j] += A[i][k] * B[k][j] * i;
void index_in_sum(int n, float C[N][N], float A[N][N], float B[N][N]) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
        C[i][j] += A[i][k] * B[k][j] * i;
}

// Not tiled: the body writes the operand A (elements no iteration reads,
// so the nest is parallel, but readOnlyOperands refuses any write).
// KERN-LABEL: __global__ void writes_operand_L{{[0-9]+}}(
// KERN-NOT:  __shared__
// KERN:      A[i][n + j] = C[i][j];
void writes_operand(int n, float C[N][N], float A[N][2 * N], float B[N][N]) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      for (int k = 0; k < n; k++)
        C[i][j] += A[i][k] * B[k][j];
      A[i][n + j] = C[i][j];
    }
}

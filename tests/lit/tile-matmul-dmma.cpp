// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c++17 -fopenmp 2>&1 \
// RUN:   | FileCheck %s --allow-empty --implicit-check-not=warning:
// RUN: %nochecks %t/tile-matmul-dmma.cu | FileCheck %s --check-prefix=KERN
// RUN: %nochecks %t/tile-matmul-dmma.cu | FileCheck %s --check-prefix=CU
// RUN: rm -rf %t.off && %loop2cuda %s -o %t.off --disable-rule tile-matmul-dmma -- -std=c++17 -fopenmp > /dev/null 2>&1
// RUN: %nochecks %t.off/tile-matmul-dmma.cu | FileCheck %s --check-prefix=OFF --implicit-check-not=mmaF64
// RUN: rm -rf %t.det && %loop2cuda %s -o %t.det --deterministic -- -std=c++17 -fopenmp > /dev/null 2>&1
// RUN: %nochecks %t.det/tile-matmul-dmma.cu | FileCheck %s --check-prefix=OFF --implicit-check-not=mmaF64
// RUN: rm -rf %t.tr && %loop2cuda --trace %s -o %t.tr -- -std=c++17 -fopenmp 2>&1 \
// RUN:   | FileCheck %s --check-prefix=TRACE

// Double matrix products on the FP64 tensor cores (rules/tile-matmul-dmma.rules,
// docs/rules/tile-matmul-dmma.md): a 128 x 64 tile of C per block, 8 warps
// of 32 x 32, the factors Y(i, k) and X(k, j) of each summand staged in two
// buffers of k-slabs, m16n8k8 steps through the runtime helper. What the
// rule does not take (a summand that is not p * q with p free of j and q
// free of i, float operands, float) goes to tile-matmul's kernel; with
// --disable-rule tile-matmul-dmma or --deterministic every product does.
#define N 64

// gemm: the prologue per output, Y = alpha * A[i][k] (the original's first
// product), X = B[k][j]; the launch counts 8 rows and 4 columns a thread.
// KERN-LABEL: __global__ void __launch_bounds__(256, 2) gemm_L{{[0-9]+}}(
// KERN-NEXT: // tile-matmul-dmma: 128x64 tile of C per block, 8 warps of 32x32 on the FP64 tensor cores (mma m16n8k8), k-slabs of 8 in shared memory, two buffers
// KERN-NEXT: __shared__ double l2c_ys[2112];
// KERN-NEXT: __shared__ double l2c_xs[1088];
// KERN-NEXT: int l2c_tid = threadIdx.y * 16 + threadIdx.x;
// KERN-NEXT: int l2c_lane = l2c_tid & 31;
// KERN-NEXT: int l2c_wy = (l2c_tid >> 5) / 2;
// KERN-NEXT: int l2c_wx = (l2c_tid >> 5) % 2;
// KERN-NEXT: int l2c_ao = (l2c_lane & 3) * 132 + l2c_wy * 32 + (l2c_lane >> 2);
// KERN-NEXT: int l2c_bo = (l2c_lane & 3) * 68 + l2c_wx * 32 + (l2c_lane >> 2);
// KERN:      double l2c_acc[32];
// KERN:      long long l2c_gy = l2c_ty + (l2c_wy * 32 + l2c_m * 8 + (l2c_lane >> 2));
// KERN-NEXT: long long l2c_gx = l2c_tx + (l2c_wx * 32 + (l2c_n >> 1) * 8 + (l2c_lane & 3) * 2 + (l2c_n & 1));
// KERN:      C[i][j] *= beta;
// KERN-NEXT: l2c_acc[l2c_m * 8 + l2c_n] = C[i][j];
// KERN:      l2c_yp[l2c_p] = l2c_g < (long long)ni && l2c_gk < nk ? alpha * A[(int)l2c_g][l2c_gk] : 0;
// KERN:      l2c_xp[l2c_p] = l2c_g < (long long)nj && l2c_gk < nk ? B[l2c_gk][(int)l2c_g] : 0;
// KERN:      __syncthreads();
// KERN-NEXT: int l2c_b = 0;
// KERN-NEXT: for (long long l2c_kk = 0; l2c_kk < nk; l2c_kk += 8) {
// KERN:        long long l2c_gk = l2c_kk + 8 + l2c_c;
// KERN:        l2c_af[l2c_m] = l2c_ys[l2c_sy + l2c_m / 4 * 528 + l2c_ao + l2c_m % 4 * 8];
// KERN:        l2c_bf[l2c_n] = l2c_xs[l2c_sx + l2c_n / 4 * 272 + l2c_bo + l2c_n % 4 * 8];
// KERN:        l2c::mmaF64m16n8k8(l2c_acc[l2c_m * 8 + l2c_n * 2], l2c_acc[l2c_m * 8 + l2c_n * 2 + 1], l2c_acc[l2c_m * 8 + l2c_n * 2 + 8], l2c_acc[l2c_m * 8 + l2c_n * 2 + 9], l2c_af[l2c_m], l2c_af[l2c_m + 1], l2c_af[l2c_m + 4], l2c_af[l2c_m + 4 + 1], l2c_bf[l2c_n], l2c_bf[l2c_n + 4]);
// KERN:        l2c_ys[1056 - l2c_sy + l2c_c * 132 + l2c_r] = l2c_yp[l2c_p];
// KERN:        l2c_xs[544 - l2c_sx + l2c_c * 68 + l2c_r] = l2c_xp[l2c_p];
// KERN:        __syncthreads();
// KERN-NEXT:   l2c_b ^= 1;
// KERN-NEXT: }
// KERN-NEXT: l2c_lane = l2c::opaque(l2c_lane);
// KERN:      C[i][j] = l2c_acc[l2c_m * 8 + l2c_n];
// CU: L2C_LAUNCH(l2c_device::gemm_L{{[0-9]+}}, "tile-matmul-dmma.cpp:{{[0-9]+}}", l2c::gridFor(dim3(16, 16), ((long long)nj + 3) / 4, ((long long)ni + 7) / 8), dim3(16, 16),
// OFF-LABEL: __global__ void __launch_bounds__(256) gemm_L
// OFF-NEXT: // tile-matmul: 128x128 tile of C per block

// PolyBench's gemm in double.
void gemm(int ni, int nj, int nk, double alpha, double beta, double C[N][N],
          const double A[N][N], const double B[N][N]) {
#pragma omp parallel for
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++) {
      C[i][j] *= beta;
      for (int k = 0; k < nk; ++k)
        C[i][j] += alpha * A[i][k] * B[k][j];
    }
}

// syr2k: columns 0-3 of a slab hold the first update's factors, 4-7 the
// second's, for the same 4 values of k; the first update's Y is B[i][k]
// (the factor free of j comes second in A[j][k] * alpha * B[i][k]).
// KERN-LABEL: syr2k_L{{[0-9]+}}(
// KERN:      l2c_yp[l2c_p] = l2c_g < (long long)n && l2c_gk < m ? l2c_c < 4 ? B[(int)l2c_g][l2c_gk] : A[(int)l2c_g][l2c_gk] : 0;
// KERN:      l2c_xp[l2c_p] = l2c_g < (long long)n && l2c_gk < m ? l2c_c < 4 ? A[(int)l2c_g][l2c_gk] * alpha : alpha * B[(int)l2c_g][l2c_gk] : 0;
// KERN:      for (long long l2c_kk = 0; l2c_kk < m; l2c_kk += 4) {
// KERN:        long long l2c_gk = l2c_kk + 4 + (l2c_c & 3);
// OFF-LABEL: __global__ void __launch_bounds__(256) syr2k_L
// OFF-NEXT: // tile-matmul: 128x128 tile of C per block

// syr2k: two updates per k share a slab, 4 values of k each.
void syr2k(int n, int m, double alpha, double C[N][N], const double A[N][N],
           const double B[N][N]) {
#pragma omp parallel for collapse(2)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < m; k++) {
        C[i][j] += A[j][k] * alpha * B[i][k];
        C[i][j] += alpha * B[j][k] * A[i][k];
      }
}

// The local sum: the prologue copies s into the accumulator, the epilogue
// declares it again; s -= A[k][i] * B[j][k] stages -A[k][i].
// KERN-LABEL: local_sum_L{{[0-9]+}}(
// KERN:      double s = 1;
// KERN-NEXT: l2c_acc[l2c_m * 8 + l2c_n] = s;
// KERN:      l2c_yp[l2c_p] = l2c_g < (long long)ni && l2c_gk < nk ? -A[l2c_gk][(int)l2c_g] : 0;
// KERN:      l2c_xp[l2c_p] = l2c_g < (long long)nj && l2c_gk < nk ? B[(int)l2c_g][l2c_gk] : 0;
// KERN:      double s = l2c_acc[l2c_m * 8 + l2c_n];
// KERN-NEXT: C[i][j] = s * 2;

// The sum in a local, a transposed operand and a subtraction.
void local_sum(int ni, int nj, int nk, double C[N][N], const double A[N][N],
               const double B[N][N]) {
#pragma omp parallel for
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++) {
      double s = 1;
      for (int k = 0; k < nk; k++)
        s -= A[k][i] * B[j][k];
      C[i][j] = s * 2;
    }
}

// Not p * q with p free of j and q free of i: tile-matmul's kernel.
void cube(int ni, int nj, int nk, double C[N][N], const double A[N][N],
          const double B[N][N]) {
#pragma omp parallel for
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++)
      for (int k = 0; k < nk; k++)
        C[i][j] += A[i][k] * B[k][j] * A[i][k];
}

// float operands into a double C: tile-matmul's kernel (the tensor cores
// would not round the float products).
void mixed(int ni, int nj, int nk, double C[N][N], const float A[N][N],
           const float B[N][N]) {
#pragma omp parallel for
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++)
      for (int k = 0; k < nk; k++)
        C[i][j] += A[i][k] * B[k][j];
}

// float: tile-matmul's kernel.
void sgemm(int ni, int nj, int nk, float C[N][N], const float A[N][N],
           const float B[N][N]) {
#pragma omp parallel for
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++)
      for (int k = 0; k < nk; k++)
        C[i][j] += A[i][k] * B[k][j];
}

// KERN-LABEL: void __launch_bounds__(256) cube_L
// KERN-NEXT: // tile-matmul: 128x128 tile of C per block
// KERN-LABEL: void __launch_bounds__(256) mixed_L
// KERN-NEXT: // tile-matmul: 128x128 tile of C per block
// KERN-LABEL: void __launch_bounds__(256, 2) sgemm_L
// KERN-NEXT: // tile-matmul: 128x128 tile of C per block

// TRACE-DAG: trace: tile-matmul-dmma/dmma-nest
// TRACE-DAG: trace: tile-matmul-dmma/dmma-local-sum
// TRACE-DAG: trace: tile-matmul-dmma/factor-add-swapped
// TRACE-DAG: trace: tile-matmul-dmma/factor-sub
// TRACE-DAG: trace: tile-matmul-dmma/dkernel

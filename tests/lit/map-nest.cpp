// RUN: rm -rf %t && %loop2cuda %s -o %t --disable-rule tile-matmul --disable-rule tile-matmul-dmma -- -std=c++17 -fopenmp 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning:
// RUN: %nochecks %t/map-nest.cu | FileCheck %s --check-prefix=KERN
// RUN: %nochecks %t/map-nest.cu | FileCheck %s --check-prefix=CU
// RUN: rm -rf %t.off && %loop2cuda %s -o %t.off --disable-rule map-inner-loop -- -std=c++17 -fopenmp > /dev/null 2>&1
// RUN: %nochecks %t.off/map-nest.cu | FileCheck %s --check-prefix=OFF

// The grid loops as map-nest and extract-kernel make them: tile-matmul, which
// would tile the gemm below, is off (tests/lit/tile-matmul.cpp checks it).
// Loop nests on 2-D and 3-D grids (rules/map-nest.rules): the loops that
// collapse(n) names, and the perfectly nested loops the exact dependence
// test proves independent, become axes; the loop that moves the last
// subscript gets threadIdx.x.
#define N 64

// PolyBench's gemm: `omp for` on i only; j is independent, k carries the
// sum and runs in order. j moves the last subscript of C and B: x.
// KERN-LABEL: __global__ void gemm_L{{[0-9]+}}(
// KERN-NEXT: for (long long l2c_ky = (long long)blockIdx.y * blockDim.y + threadIdx.y; l2c_ky < (long long)ni; l2c_ky += (long long)gridDim.y * blockDim.y) {
// KERN-NEXT:   int i = l2c_ky;
// KERN-NEXT:   for (long long l2c_kx = (long long)blockIdx.x * blockDim.x + threadIdx.x; l2c_kx < (long long)nj; l2c_kx += (long long)gridDim.x * blockDim.x) {
// KERN-NEXT:     int j = l2c_kx;
// KERN-NEXT:     int k;
// KERN-NEXT:     C[i][j] *= beta;
// KERN-NEXT:     for (k = 0; k < nk; ++k) {
// CU:      L2C_LAUNCH_DISTINCT(l2c_device::gemm_L{{[0-9]+}}, l2c_device::gemm_L{{[0-9]+}}_restrict, "map-nest.cpp:{{[0-9]+}}", l2c::gridFor(dim3(128, 2), nj, ni), dim3(128, 2),
// OFF-LABEL: __global__ void gemm_L{{[0-9]+}}(
// OFF-NEXT: for (long long l2c_kx = (long long)blockIdx.x * blockDim.x + threadIdx.x; l2c_kx < (long long)ni;
// OFF-NEXT:   int i = l2c_kx;
// OFF-NEXT:   for (int j = 0; j < nj; j++) {
void gemm(int ni, int nj, int nk, double alpha, double beta, double C[N][N],
          double A[N][N], double B[N][N]) {
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

// collapse(2) over a transposed access: i moves the last subscript, so the
// loops trade axes (rule unit-stride-to-x); j was declared outside the loop
// and is private, as OpenMP makes collapsed indices.
// KERN-LABEL: __global__ void transpose_L{{[0-9]+}}(
// KERN-NEXT: for (long long l2c_ky = {{.*}}; l2c_ky < (long long)n; {{.*}}) {
// KERN-NEXT:   int j = l2c_ky;
// KERN-NEXT:   for (long long l2c_kx = {{.*}}; l2c_kx < (long long)n; {{.*}}) {
// KERN-NEXT:     int i = l2c_kx;
// KERN-NEXT:     B[j][i] = 2 * A[j][i];
void transpose(int n, float B[N][N], const float A[N][N]) {
  int j;
#pragma omp parallel for collapse(2)
  for (int i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      B[j][i] = 2 * A[j][i];
}

// A triangular nest: the inner bound depends on i, so the kernel computes
// it per row; the grid's x extent is the outer loop's.
// KERN-LABEL: __global__ void lower_L{{[0-9]+}}(
// KERN: l2c_kx < (long long)i + 1;
// CU: L2C_LAUNCH(l2c_device::lower_L{{[0-9]+}}, "map-nest.cpp:{{[0-9]+}}", l2c::gridFor(dim3(128, 2), n, n), dim3(128, 2),
void lower(int n, float A[N][N]) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j <= i; j++)
      A[i][j] *= 2;
}

// Three loops: the whole grid.
// KERN-LABEL: __global__ void cube_L{{[0-9]+}}(
// KERN-NEXT: for (long long l2c_kz = (long long)blockIdx.z * blockDim.z + threadIdx.z;
// KERN: for (long long l2c_ky =
// KERN: for (long long l2c_kx =
// CU: L2C_LAUNCH(l2c_device::cube_L{{[0-9]+}}, "map-nest.cpp:{{[0-9]+}}", l2c::gridFor(dim3(32, 4, 2), 16, 16, n), dim3(32, 4, 2),
void cube(int n, float C[N][16][16]) {
#pragma omp parallel for collapse(3)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < 16; j++)
      for (int k = 0; k < 16; k++)
        C[i][j][k] = i + j + k;
}

// The inner loop carries a dependence: it runs in order in each thread.
// KERN-LABEL: __global__ void prefix_rows_L{{[0-9]+}}(
// KERN-NEXT: for (long long l2c_k = {{.*}}; l2c_k < l2c_count; {{.*}}) {
// KERN-NEXT:   int i = l2c_begin + l2c_k;
// KERN-NEXT:   for (int j = 1; j < n; j++) {
void prefix_rows(int n, float A[N][N]) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 1; j < n; j++)
      A[i][j] += A[i][j - 1];
}

// collapse(2) where the collapsed iterations race: rejected, with a witness.
// CHECK: map-nest.cpp:[[@LINE+4]]:3: warning: loop not parallelized: iterations are not independent: s[i] written at i=0, j=0 is written at i=0, j=1 (n=2) [dependence]
// CHECK: note: found here
void racy_collapse(int n, float s[N], const float A[N][N]) {
#pragma omp parallel for collapse(2)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      s[i] = A[i][j];
}

// A reduction keeps the 1-D kernel: collapse runs as the outer loop.
// CHECK: map-nest.cpp:[[@LINE+4]]:3: remark: collapse(2) runs as the outer loop only: with a reduction, the inner loops run in order in each thread [map-nest]
float total(int n, const float A[N][N]) {
  float s = 0;
#pragma omp parallel for collapse(2) reduction(+ : s)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      s += A[i][j];
  return s;
}

// The kernel of a nest evaluates the marked loop's bounds; `v.size()` is
// not device code, so the loop keeps the 1-D kernel (host-evaluated bounds)
// and its inner loop runs in order.
// KERN-LABEL: __global__ void by_size_L{{[0-9]+}}(long long l2c_begin, long long l2c_count,
// KERN: for (int j = 0; j < m; j++) {
#include <vector>
void by_size(std::vector<float> &v, int m, float *__restrict__ out) {
#pragma loop2cuda parallel copyout(out[0:v.size() * m])
  for (int i = 0; i < (int)v.size(); i++)
    for (int j = 0; j < m; j++)
      out[i * m + j] = v[i] * j;
}

// RUN: rm -rf %t && %loop2cuda --disable-rule scan-blelloch --disable-rule scan-warp-shuffle %s -o %t/s1 -- -std=c++17
// RUN: %nochecks %t/s1/scan-stages.cu | FileCheck %s --check-prefixes=ALL,S1
// RUN: %loop2cuda --disable-rule scan-warp-shuffle %s -o %t/s2 -- -std=c++17
// RUN: %nochecks %t/s2/scan-stages.cu | FileCheck %s --check-prefixes=ALL,S2
// RUN: %loop2cuda %s -o %t/s3 -- -std=c++17
// RUN: %nochecks %t/s3/scan-stages.cu | FileCheck %s --check-prefixes=ALL,S3
// Stage 3 rewrites only Blelloch's block scan: without stage 2, stage 1.
// RUN: %loop2cuda --disable-rule scan-blelloch %s -o %t/s13 -- -std=c++17
// RUN: %nochecks %t/s13/scan-stages.cu | FileCheck %s --check-prefixes=ALL,S1
// Without extract-scan nothing lowers the scan: no .cu, exit status 2.
// RUN: %loop2cuda --disable-rule extract-scan %s -o %t/off -- -std=c++17 > %t.off 2>&1; test $? -eq 2 && FileCheck %s --check-prefix=OFF < %t.off

// The scan ladder (docs/scans.md) on one prefix sum: the block scan of the
// first and second kernels at each stage, and the tile size.

// OFF: error: cannot print the host code: no source range for host statement ParallelScan(

// ALL-LABEL: // loop2cuda kernel prefix_scan:
// S1: // rules: extract-scan, lower-scan, lower-reduce, simplify-kernel
// S2: // rules: extract-scan, scan-blelloch, lower-scan, lower-reduce, simplify-kernel
// S3: // rules: extract-scan, scan-blelloch, scan-warp-shuffle, lower-scan, lower-reduce, simplify-kernel
// ALL: __global__ void prefix_scan(
// S1: int l2c_item[1];
// S2: int l2c_item[1];
// S3: int l2c_item[8];
// S3: long long l2c_k = l2c_base + ((long long)threadIdx.x * 8 + l2c_j);
// ALL: int l2c_p;
// ALL-NEXT: int l2c_total;
// ALL-NEXT: {

// Stage 1: Hillis-Steele in two halves of a shared array.
// S1-NEXT: // extract-scan: Hillis-Steele, log2(256) steps over a double-buffered shared array
// S1-NEXT: __shared__ int l2c_hs[512];
// S1-NEXT: int l2c_t = threadIdx.x;
// S1-NEXT: int l2c_in = 0;
// S1-NEXT: l2c_hs[l2c_t] = l2c_v;
// S1-NEXT: __syncthreads();
// S1-NEXT: for (int l2c_d = 1; l2c_d < 256; l2c_d <<= 1) {
// S1-NEXT: int l2c_x = l2c_hs[l2c_in * 256 + l2c_t];
// S1-NEXT: if (l2c_t >= l2c_d) {
// S1-NEXT: l2c_x = l2c_hs[l2c_in * 256 + (l2c_t - l2c_d)] + l2c_x;
// S1-NEXT: }
// S1-NEXT: l2c_in = 1 - l2c_in;
// S1-NEXT: l2c_hs[l2c_in * 256 + l2c_t] = l2c_x;
// S1-NEXT: __syncthreads();
// S1-NEXT: }
// S1-NEXT: l2c_total = l2c_hs[l2c_in * 256 + 255];
// S1-NEXT: l2c_p = l2c_t > 0 ? l2c_hs[l2c_in * 256 + (l2c_t - 1)] : (int)0;
// S1-NEXT: __syncthreads();
// S1-NEXT: }

// Stage 2: Blelloch's up-sweep and down-sweep, element x at x + x / 32.
// S2-NEXT: // scan-blelloch: work-efficient up-sweep and down-sweep, padded against bank conflicts
// S2-NEXT: __shared__ int l2c_bl[264];
// S2-NEXT: int l2c_t = threadIdx.x;
// S2-NEXT: l2c_bl[l2c_t + (l2c_t >> 5)] = l2c_v;
// S2-NEXT: for (int l2c_d = 1; l2c_d < 256; l2c_d <<= 1) {
// S2-NEXT: __syncthreads();
// S2-NEXT: if (l2c_t < 128 / l2c_d) {
// S2-NEXT: int l2c_a = 2 * l2c_d * (l2c_t + 1) - 1;
// S2-NEXT: int l2c_b = l2c_a - l2c_d;
// S2-NEXT: l2c_bl[l2c_a + (l2c_a >> 5)] = l2c_bl[l2c_b + (l2c_b >> 5)] + l2c_bl[l2c_a + (l2c_a >> 5)];
// S2-NEXT: }
// S2-NEXT: }
// S2-NEXT: __syncthreads();
// S2-NEXT: l2c_total = l2c_bl[262];
// S2-NEXT: __syncthreads();
// S2-NEXT: if (l2c_t == 0) {
// S2-NEXT: l2c_bl[262] = (int)0;
// S2-NEXT: }
// S2-NEXT: for (int l2c_d = 128; l2c_d > 0; l2c_d >>= 1) {
// S2-NEXT: __syncthreads();
// S2-NEXT: if (l2c_t < 128 / l2c_d) {
// S2-NEXT: int l2c_a = 2 * l2c_d * (l2c_t + 1) - 1;
// S2-NEXT: int l2c_b = l2c_a - l2c_d;
// S2-NEXT: int l2c_y = l2c_bl[l2c_b + (l2c_b >> 5)];
// S2-NEXT: l2c_bl[l2c_b + (l2c_b >> 5)] = l2c_bl[l2c_a + (l2c_a >> 5)];
// S2-NEXT: l2c_bl[l2c_a + (l2c_a >> 5)] = l2c_bl[l2c_a + (l2c_a >> 5)] + l2c_y;
// S2-NEXT: }
// S2-NEXT: }
// S2-NEXT: __syncthreads();
// S2-NEXT: l2c_p = l2c_bl[l2c_t + (l2c_t >> 5)];
// S2-NEXT: __syncthreads();
// S2-NEXT: }

// Stage 3: shuffles within each warp, then over the warp totals.
// S3-NEXT: // scan-warp-shuffle: warps scan by __shfl_up_sync, warp 0 scans the warp totals
// S3-NEXT: __shared__ int l2c_ws[32];
// S3-NEXT: int l2c_t = threadIdx.x;
// S3-NEXT: int l2c_lane = l2c_t & 31;
// S3-NEXT: int l2c_w = l2c_t >> 5;
// S3-NEXT: int l2c_x = l2c_v;
// S3-NEXT: for (int l2c_d = 1; l2c_d < 32; l2c_d <<= 1) {
// S3-NEXT: int l2c_y = l2c::shflUp(l2c_x, l2c_d);
// S3-NEXT: if (l2c_lane >= l2c_d) {
// S3-NEXT: l2c_x = l2c_y + l2c_x;
// S3-NEXT: }
// S3-NEXT: }
// S3-NEXT: if (l2c_lane == 31) {
// S3-NEXT: l2c_ws[l2c_w] = l2c_x;
// S3-NEXT: }
// S3-NEXT: __syncthreads();
// S3-NEXT: if (l2c_w == 0) {
// S3-NEXT: int l2c_z = l2c_lane < 8 ? l2c_ws[l2c_lane] : (int)0;
// S3-NEXT: for (int l2c_d = 1; l2c_d < 32; l2c_d <<= 1) {
// S3-NEXT: int l2c_y = l2c::shflUp(l2c_z, l2c_d);
// S3-NEXT: if (l2c_lane >= l2c_d) {
// S3-NEXT: l2c_z = l2c_y + l2c_z;
// S3-NEXT: }
// S3-NEXT: }
// S3-NEXT: l2c_ws[l2c_lane] = l2c_z;
// S3-NEXT: }
// S3-NEXT: __syncthreads();
// S3-NEXT: l2c_total = l2c_ws[7];
// S3-NEXT: int l2c_xe = l2c::shflUp(l2c_x, 1);
// S3-NEXT: l2c_p = l2c_lane == 0 ? (int)0 : l2c_xe;
// S3-NEXT: if (l2c_w > 0) {
// S3-NEXT: l2c_p = l2c_ws[l2c_w - 1] + l2c_p;
// S3-NEXT: }
// S3-NEXT: __syncthreads();
// S3-NEXT: }

// The sums kernel uses the same block scan.
// ALL-LABEL: __global__ void prefix_sums(
// S1: __shared__ int l2c_hs[512];
// S2: __shared__ int l2c_bl[264];
// S3: __shared__ int l2c_ws[32];
// ALL-LABEL: __global__ void prefix_add(
// S1: for (int l2c_j = 0; l2c_j < 1; ++l2c_j) {
// S2: for (int l2c_j = 0; l2c_j < 1; ++l2c_j) {
// S3: for (int l2c_j = 0; l2c_j < 8; ++l2c_j) {
// ALL-LABEL: void prefix(
// S1: const long long l2c_tiles = (l2c_n + 255) / 256;
// S2: const long long l2c_tiles = (l2c_n + 255) / 256;
// S3: const long long l2c_tiles = (l2c_n + 2047) / 2048;

void prefix(const int *a, int *s, int n) {
#pragma loop2cuda parallel name(prefix)
  for (int i = 1; i < n; ++i)
    s[i] = s[i - 1] + a[i];
}

// RUN: rm -rf %t && %loop2cuda --disable-rule scan-blelloch --disable-rule scan-warp-shuffle %s -o %t/s1 -- -std=c++17
// RUN: %nochecks %t/s1/scan-stages.cu | FileCheck %s --check-prefixes=ALL,S1,S23
// RUN: %loop2cuda --disable-rule scan-warp-shuffle %s -o %t/s2 -- -std=c++17
// RUN: %nochecks %t/s2/scan-stages.cu | FileCheck %s --check-prefixes=ALL,S2,S23
// The default pipeline runs every stage (5); stage 3 is stages 4 and 5
// switched off.
// RUN: %loop2cuda --disable-rule scan-single-pass --disable-rule scan-coalesce %s -o %t/s3 -- -std=c++17
// RUN: %nochecks %t/s3/scan-stages.cu | FileCheck %s --check-prefixes=ALL,S3,S23
// --deterministic leaves stage 4 out (pipeline.txt marks it
// 'nondeterministic': its look-back is timing-dependent): three passes
// with coalesced tiles.
// RUN: %loop2cuda --deterministic %s -o %t/det -- -std=c++17
// RUN: %nochecks %t/det/scan-stages.cu | FileCheck %s --check-prefix=DET
// RUN: %loop2cuda --disable-rule scan-coalesce %s -o %t/s4 -- -std=c++17
// RUN: %nochecks %t/s4/scan-stages.cu | FileCheck %s --check-prefixes=ALL,S4
// RUN: %loop2cuda %s -o %t/s5 -- -std=c++17
// RUN: %nochecks %t/s5/scan-stages.cu | FileCheck %s --check-prefix=S5
// --disable-rule wins over --enable-rule.
// RUN: %loop2cuda --enable-rule scan-single-pass --disable-rule scan-single-pass --disable-rule scan-coalesce %s -o %t/s3b -- -std=c++17
// RUN: %nochecks %t/s3b/scan-stages.cu | FileCheck %s --check-prefixes=ALL,S3,S23
// Stage 3 rewrites only Blelloch's block scan, stages 4 and 5 only what
// stage 3 leaves: without stage 2, stage 1.
// RUN: %loop2cuda --disable-rule scan-blelloch %s -o %t/s13 -- -std=c++17
// RUN: %nochecks %t/s13/scan-stages.cu | FileCheck %s --check-prefixes=ALL,S1,S23
// Without extract-scan nothing lowers the scan: no .cu, exit status 2.
// RUN: %loop2cuda --disable-rule extract-scan %s -o %t/off -- -std=c++17 > %t.off 2>&1; test $? -eq 2 && FileCheck %s --check-prefix=OFF < %t.off

// The scan ladder (docs/scans.md) on one prefix sum: the block scan of the
// first and second kernels at each stage, and the tile size.

// --deterministic: the three passes of stage 3 with the block-wide
// transpose of scan-coalesce, 16 iterations a thread.
// DET: // rules: extract-scan, scan-blelloch, scan-warp-shuffle, scan-coalesce, lower-scan, lower-reduce, simplify-kernel
// DET: int l2c_item[16];
// DET: // scan-coalesce: the tile goes through shared memory, so that loads and stores are coalesced
// DET-NEXT: __shared__ int l2c_tr[4224];
// DET: runs on the GPU in 3 passes: prefix_scan, prefix_sums, prefix_add
// DET: const long long l2c_tiles = (l2c_n + 4095) / 4096;

// Stage 5: warp tiles. Blocks of 128 threads take tiles of 4096; each
// warp's 1024 iterations go through its own part of a shared tile (in by
// l2c::warpTileLoad, cp.async when full and aligned; out by
// l2c::warpTileStore), each lane folds and rewrites its 32 values there;
// the block scan of 4 warps has one barrier.
// S5: // rules: extract-scan, scan-blelloch, scan-warp-shuffle, scan-single-pass, scan-coalesce, lower-scan, lower-reduce, simplify-kernel
// S5-NEXT: __global__ void __launch_bounds__(128, 12) prefix_scan(
// S5: long long l2c_base = (long long)l2c_tile * (blockDim.x * 32);
// S5-NEXT: // scan-coalesce: each warp moves its 1024 iterations through its own part of a shared tile (rows in and out, coalesced); no item registers
// S5-NEXT: __shared__ l2c::ScanChunk<int> l2c_wt[1024];
// S5-NEXT: long long l2c_wbase = l2c_base + (long long)(threadIdx.x >> 5) * 1024;
// S5-NEXT: int l2c_wn = l2c::segmentLength<32>(l2c_count - l2c_wbase);
// S5-NEXT: int *l2c_sh = l2c::warpTile<32>(l2c_wt);
// S5-NEXT: l2c::warpTileLoad<32>(l2c_sh, &a[l2c_begin + l2c_wbase], l2c_wn, (int)0);
// S5-NEXT: int l2c_v = l2c::warpTileFold<32>(l2c::Sum(), l2c_sh, (int)0);
// S5: // scan-coalesce: warps scan by __shfl_up_sync; each thread folds the 4 warp totals (one barrier)
// S5-NEXT: __shared__ int l2c_ws[4];
// S5: __syncthreads();
// S5-NEXT: int l2c_xe = l2c::shflUp(l2c_x, 1);
// S5-NEXT: l2c_p = l2c_lane == 0 ? (int)0 : l2c_xe;
// S5-NEXT: l2c_total = l2c_ws[0];
// S5-NEXT: for (int l2c_q = 1; l2c_q < 4; ++l2c_q) {
// S5-NEXT: if (l2c_q == l2c_w) {
// S5-NEXT: l2c_p = l2c_total + l2c_p;
// S5-NEXT: }
// S5-NEXT: l2c_total = l2c_total + l2c_ws[l2c_q];
// S5-NEXT: }
// S5-NEXT: }
// S5-NEXT: int l2c_carry = s[l2c_begin - 1];
// S5: l2c_p = l2c_pre_sh[0] + l2c_p;
// S5-NEXT: l2c::warpTilePrefix<32, false>(l2c::Sum(), l2c_sh, l2c_p);
// S5-NEXT: l2c::warpTileStore<32>(&s[l2c_begin + l2c_wbase], l2c_sh, l2c_wn);
// S5-NEXT: }
// S5: runs on the GPU in 1 pass: prefix_scan
// S5: const long long l2c_tiles = (l2c_n + 4095) / 4096;
// S5: L2C_LAUNCH(l2c_device::prefix_scan, "scan-stages.cpp:{{[0-9]+}}", (unsigned)l2c_tiles, 128, 1,

// OFF: error: cannot print the host code: no source range for host statement ParallelScan(

// ALL-LABEL: // loop2cuda kernel prefix_scan:
// S1: // rules: extract-scan, lower-scan, lower-reduce, simplify-kernel
// S2: // rules: extract-scan, scan-blelloch, lower-scan, lower-reduce, simplify-kernel
// S3: // rules: extract-scan, scan-blelloch, scan-warp-shuffle, lower-scan, lower-reduce, simplify-kernel
// S4: // rules: extract-scan, scan-blelloch, scan-warp-shuffle, scan-single-pass, lower-scan, lower-reduce, simplify-kernel
// ALL: __global__ void prefix_scan(
// S1: int l2c_item[1];
// S2: int l2c_item[2];
// S4-SAME: long long l2c_begin, long long l2c_count, const int *a, int *s, int *l2c_sums, l2c::ScanTile<int> *l2c_state, long long l2c_tiles, unsigned l2c_generation) {
// S4: __shared__ long long l2c_tile_sh[1];
// S4-NEXT: __shared__ int l2c_pre_sh[1];
// S4-NEXT: if (threadIdx.x == 0) {
// S4-NEXT: l2c_tile_sh[0] = (long long)l2c::takeTicket(l2c_state, l2c_tiles);
// S4-NEXT: }
// S4-NEXT: __syncthreads();
// S4-NEXT: long long l2c_tile = l2c_tile_sh[0];
// S4-NEXT: long long l2c_base = (long long)l2c_tile * (blockDim.x * 4);
// S3: int l2c_item[2];
// S4: int l2c_item[4];
// S3: long long l2c_k = l2c_base + ((long long)threadIdx.x * 2 + l2c_j);
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
// S4-NEXT: // scan-warp-shuffle: warps scan by __shfl_up_sync, warp 0 scans the warp totals
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

// Stage 4: warp 0 looks back (l2c::lookBack publishes the tile's total,
// looks back over the tiles before it and publishes its inclusive prefix).
// S4: int l2c_carry = s[l2c_begin - 1];
// S4-NEXT: if (threadIdx.x < 32) {
// S4-NEXT: int l2c_pre = l2c::lookBack(l2c::Sum(), l2c_state, l2c_generation, l2c_tile, l2c_total, l2c_carry);
// S4-NEXT: if (threadIdx.x == 0) {
// S4-NEXT: l2c_pre_sh[0] = l2c_pre;
// S4-NEXT: if (l2c_tile == l2c_tiles - 1) {
// S4-NEXT: l2c_sums[l2c_tiles] = l2c_pre + l2c_total;
// S4-NEXT: }
// S4-NEXT: }
// S4-NEXT: }
// S4-NEXT: __syncthreads();
// S4-NEXT: l2c_p = l2c_pre_sh[0] + l2c_p;
// S4-NOT: l2c_sums[blockIdx.x]
// S4-NOT: prefix_sums
// S4-NOT: prefix_add

// The sums kernel uses the same block scan.
// S23-LABEL: __global__ void prefix_sums(
// S1: __shared__ int l2c_hs[512];
// S2: __shared__ int l2c_bl[264];
// S3: __shared__ int l2c_ws[32];
// S23-LABEL: __global__ void prefix_add(
// S1: for (int l2c_j = 0; l2c_j < 1; ++l2c_j) {
// S2: for (int l2c_j = 0; l2c_j < 2; ++l2c_j) {
// S3: for (int l2c_j = 0; l2c_j < 2; ++l2c_j) {
// ALL-LABEL: void prefix(
// S1: const long long l2c_tiles = (l2c_n + 255) / 256;
// S2: const long long l2c_tiles = (l2c_n + 511) / 512;
// S3: const long long l2c_tiles = (l2c_n + 511) / 512;
// S4: // loop2cuda: the loop at scan-stages.cpp:{{[0-9]+}} runs on the GPU in 1 pass: prefix_scan
// S4: const long long l2c_tiles = (l2c_n + 1023) / 1024;
// S4: int *l2c_sums = l2c_buffers.get<int>(0, l2c_tiles + 1, "scan-stages.cpp:{{[0-9]+}}");
// S4-NEXT: l2c::ScanTile<int> *l2c_state = l2c_buffers.get<l2c::ScanTile<int>>(1, l2c_tiles + 1,
// S4-NEXT: const unsigned l2c_generation = l2c::scanGeneration(l2c_buffers, l2c_state, "scan-stages.cpp:{{[0-9]+}}");
// S4-NEXT: L2C_LAUNCH(l2c_device::prefix_scan, "scan-stages.cpp:{{[0-9]+}}", (unsigned)l2c_tiles, 256, 1, l2c_n, l2c::dev(a, n, "scan-stages.cpp:{{[0-9]+}}"), l2c::dev(s, n, "scan-stages.cpp:{{[0-9]+}}"), l2c_sums, l2c_state, l2c_tiles, l2c_generation);
// S4-NEXT: }

// A running value read back at stage 4: the grand total the last tile
// leaves in l2c_sums[l2c_tiles].
// S4-LABEL: int total(
// S4: L2C_LAUNCH(l2c_device::total_L{{[0-9]+}}_scan,
// S4-NEXT: acc = l2c::Scratch::read(l2c_sums + l2c_tiles, "scan-stages.cpp:{{[0-9]+}}");

void prefix(const int *a, int *s, int n) {
#pragma loop2cuda parallel name(prefix)
  for (int i = 1; i < n; ++i)
    s[i] = s[i - 1] + a[i];
}

int total(const int *a, int *out, int n) {
  int acc = 0;
#pragma omp parallel for
  for (int i = 0; i < n; ++i) {
    acc += a[i];
    out[i] = acc;
  }
  return acc;
}

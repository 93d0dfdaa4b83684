// RUN: rm -rf %t && %loop2cuda %s -o %t/on -- -std=c++17
// RUN: %nochecks %t/on/bitonic-shared.cu | FileCheck %s --check-prefix=ON
// RUN: %loop2cuda --disable-rule bitonic-shared %s -o %t/off -- -std=c++17
// RUN: %nochecks %t/off/bitonic-shared.cu | FileCheck %s --check-prefix=OFF \
// RUN:   --implicit-check-not=_tiles

// bitonic-shared: the host nest of a bitonic sort runs its steps with j below
// the tile (4096) in shared memory: one launch sorts every tile (k <= 4096),
// one launch per larger k merges within tiles; each thread takes whole pairs
// (the body acts on the lower element only); large strides stay global, two
// steps a launch on quads of elements, one single step when their count is
// odd.

#include <vector>

void swap(int &x, int &y) {
  int t = x;
  x = y;
  y = t;
}

// ON: // rules: bitonic-shared
// ON-NEXT: __global__ void sort_step_sort_tiles(long long l2c_begin, long long l2c_count, int *a) {
// ON-NEXT: __shared__ int l2c_tile[4096];
// ON-NEXT: for (long long l2c_t = blockIdx.x; l2c_t * 4096 < l2c_count; l2c_t += gridDim.x) {
// ON: l2c_tile[l2c_l] = a[l2c_t * 4096 + l2c_l];
// ON: __syncthreads();
// ON-NEXT: for (int k = 2; k <= 4096; k <<= 1) {
// ON-NEXT: for (int j = k >> 1; j > 0; j >>= 1) {
// ON-NEXT: for (int l2c_p = threadIdx.x; l2c_p < 2048; l2c_p += blockDim.x) {
// ON-NEXT: int l2c_l = 2 * l2c_p - (l2c_p & (j - 1));
// ON: if (l2c_tile[i & 4095] > l2c_tile[ixj & 4095]) {
// ON: __syncthreads();
// ON: a[l2c_t * 4096 + l2c_l] = l2c_tile[l2c_l];
// ON: __global__ void sort_step_two_steps(long long l2c_begin, long long l2c_count, int j, int k, int *a) {
// ON: for (long long l2c_q = {{.*}}; l2c_q < l2c_count / 4; l2c_q += {{.*}}) {
// ON-NEXT: int l2c_h = j >> 1;
// ON-NEXT: long long l2c_u = 2 * l2c_q - (l2c_q & (l2c_h - 1));
// ON-NEXT: long long l2c_i0 = 2 * l2c_u - (l2c_u & (j - 1));
// ON-NEXT: {
// ON-NEXT: int i = l2c_begin + l2c_i0;
// ON-NEXT: int ixj = i ^ j;
// ON: int i = l2c_begin + (l2c_i0 + l2c_h);
// ON-NEXT: int ixj = i ^ j;
// ON: int i = l2c_begin + l2c_i0;
// ON-NEXT: int ixj = i ^ l2c_h;
// ON: int i = l2c_begin + (l2c_i0 + j);
// ON-NEXT: int ixj = i ^ l2c_h;
// ON: __global__ void sort_step(long long l2c_begin, long long l2c_count, int j, int k, int *a) {
// ON: __global__ void sort_step_merge_tiles(long long l2c_begin, long long l2c_count, int k, int *a) {
// ON: for (int j = 2048; j > 0; j >>= 1) {
void sort(std::vector<int> &a, int n) {
  // ON: if (4096 <= n && n % 4096 == 0) {
  // ON-NEXT: // loop2cuda: the loop at {{.*}} runs on the GPU as sort_step_sort_tiles
  // ON-NEXT: L2C_LAUNCH(l2c_device::sort_step_sort_tiles, {{.*}}, 1024, 0, n, l2c::dev(
  // ON-NEXT: for (int k = 8192; k <= n; k <<= 1) {
  // ON-NEXT: for (int j = k >> 1; j >= 4096; j >>= 2) {
  // ON-NEXT: if (j >= 8192) {
  // ON: L2C_LAUNCH(l2c_device::sort_step_two_steps, {{.*}}, 256, 0, n, j, k, l2c::dev(
  // ON: } else {
  // ON: L2C_LAUNCH(l2c_device::sort_step, {{.*}}, 256, 0, n, j, k, l2c::dev(
  // ON: L2C_LAUNCH(l2c_device::sort_step_merge_tiles, {{.*}}, 1024, 0, n, k, l2c::dev(
  // ON: } else {
  // ON-NEXT: for (int k = 2; k <= n; k <<= 1) {
  // ON: L2C_LAUNCH(l2c_device::sort_step, {{.*}}, j, k,
  // OFF-NOT: if (4096
  // OFF: for (int k = 2; k <= n; k <<= 1) {
  // OFF: L2C_LAUNCH(l2c_device::sort_step,
  for (int k = 2; k <= n; k <<= 1) {
    for (int j = k >> 1; j > 0; j >>= 1) {
#pragma loop2cuda parallel name(sort_step)
      for (int i = 0; i < n; ++i) {
        int ixj = i ^ j;
        if (ixj > i) {
          if ((i & k) == 0) {
            if (a[i] > a[ixj])
              swap(a[i], a[ixj]);
          } else {
            if (a[i] < a[ixj])
              swap(a[i], a[ixj]);
          }
        }
      }
    }
  }
}

// Does not match: the k loop starts at 1 (stage k = 1 is not the tile sort's).
// ON: __global__ void from_one(
// ON-NOT: _tiles
void fromOne(std::vector<int> &a, int n) {
  for (int k = 1; k <= n; k <<= 1)
    for (int j = k >> 1; j > 0; j >>= 1)
#pragma loop2cuda parallel name(from_one)
      for (int i = 0; i < n; ++i) {
        int ixj = i ^ j;
        if (ixj > i && a[i] > a[ixj])
          swap(a[i], a[ixj]);
      }
}

// Does not match: a second array.
// ON: __global__ void two_arrays(
// ON-NOT: _tiles
void twoArrays(std::vector<int> &a, std::vector<int> &b, int n) {
  for (int k = 2; k <= n; k <<= 1)
    for (int j = k >> 1; j > 0; j >>= 1)
#pragma loop2cuda parallel name(two_arrays)
      for (int i = 0; i < n; ++i) {
        int ixj = i ^ j;
        if (ixj > i && a[i] > a[ixj]) {
          swap(a[i], a[ixj]);
          b[i] = k;
        }
      }
}

// Does not match: a partner that is not i ^ j.
// ON: __global__ void offset_partner(
// ON-NOT: _tiles
void offsetPartner(std::vector<int> &a, int n) {
  for (int k = 2; k <= n; k <<= 1)
    for (int j = k >> 1; j > 0; j >>= 1)
#pragma loop2cuda parallel name(offset_partner)
      for (int i = 0; i < n; ++i) {
        int p = i ^ (j + 1);
        if (p > i && p < n && a[i] > a[p])
          swap(a[i], a[p]);
      }
}

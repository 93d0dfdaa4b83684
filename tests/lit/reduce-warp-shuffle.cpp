// RUN: rm -rf %t && %loop2cuda --disable-rule reduce-grid-stride --disable-rule reduce-single-pass %s -o %t/on -- -std=c++17
// RUN: %nochecks %t/on/reduce-warp-shuffle.cu | FileCheck %s --check-prefix=ON
// RUN: %loop2cuda --disable-rule reduce-warp-shuffle --disable-rule reduce-grid-stride --disable-rule reduce-single-pass %s -o %t/off -- -std=c++17
// RUN: %nochecks %t/off/reduce-warp-shuffle.cu | FileCheck %s --check-prefix=OFF

// reduce-warp-shuffle: the block tree is warp shuffles plus one shared word
// per warp and a single barrier.

// ON: // rules: extract-reduction, reduce-shared-memory, reduce-fewer-branches, reduce-sequential-addressing, reduce-first-add-on-load, reduce-unroll-last-warp, reduce-warp-shuffle, lower-reduce
// ON: __shared__ int l2c_buf[8];
// ON-NEXT: int l2c_v = s;
// ON-NEXT: l2c_v = l2c_v + l2c::shflDown(l2c_v, 16);
// ON: if ((l2c_tid & 31) == 0) {
// ON-NEXT: l2c_buf[l2c_tid >> 5] = l2c_v;
// ON: __syncthreads();
// ON-NEXT: if (l2c_tid < 32) {
// ON-NEXT: l2c_v = l2c_tid < 8 ? l2c_buf[l2c_tid] : (int)0;
// ON-NEXT: l2c_v = l2c_v + l2c::shflDown(l2c_v, 4);
// ON-NEXT: l2c_v = l2c_v + l2c::shflDown(l2c_v, 2);
// ON-NEXT: l2c_v = l2c_v + l2c::shflDown(l2c_v, 1);
// ON-NOT: l2c_s >>= 1

// OFF: // rules: extract-reduction, reduce-shared-memory, reduce-fewer-branches, reduce-sequential-addressing, reduce-first-add-on-load, reduce-unroll-last-warp, lower-reduce
// OFF: __shared__ int l2c_buf[256];
// OFF: l2c_s > 32

int sum(const int *a, int n) {
  int s = 0;
#pragma loop2cuda parallel name(k) reduction(+:s)
  for (int i = 0; i < n; ++i)
    s += a[i];
  return s;
}

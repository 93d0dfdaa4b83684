// RUN: rm -rf %t && %loop2cuda --disable-rule reduce-warp-shuffle --disable-rule reduce-grid-stride --disable-rule reduce-single-pass %s -o %t/on -- -std=c++17
// RUN: %nochecks %t/on/reduce-unroll-last-warp.cu | FileCheck %s --check-prefix=ON
// RUN: %loop2cuda --disable-rule reduce-unroll-last-warp --disable-rule reduce-warp-shuffle --disable-rule reduce-grid-stride --disable-rule reduce-single-pass %s -o %t/off -- -std=c++17
// RUN: %nochecks %t/off/reduce-unroll-last-warp.cu | FileCheck %s --check-prefix=OFF

// reduce-unroll-last-warp (paper 3.7, made correct on Volta and later): the
// shared tree stops at s > 32 and the first warp finishes with full-mask
// shuffles, no lock-step assumption.

// ON: // rules: extract-reduction, reduce-shared-memory, reduce-fewer-branches, reduce-sequential-addressing, reduce-first-add-on-load, reduce-unroll-last-warp, lower-reduce
// ON: for (unsigned l2c_s = blockDim.x / 2; l2c_s > 32; l2c_s >>= 1) {
// ON: if (l2c_tid < 32) {
// ON-NEXT: int l2c_v = l2c_buf[l2c_tid] + l2c_buf[l2c_tid + 32];
// ON-NEXT: l2c_v = l2c_v + l2c::shflDown(l2c_v, 16);
// ON-NEXT: l2c_v = l2c_v + l2c::shflDown(l2c_v, 8);
// ON-NEXT: l2c_v = l2c_v + l2c::shflDown(l2c_v, 4);
// ON-NEXT: l2c_v = l2c_v + l2c::shflDown(l2c_v, 2);
// ON-NEXT: l2c_v = l2c_v + l2c::shflDown(l2c_v, 1);
// ON-NEXT: if (l2c_tid == 0) {
// ON-NEXT: l2c_partial_s[blockIdx.x] = l2c_v;

// OFF: // rules: extract-reduction, reduce-shared-memory, reduce-fewer-branches, reduce-sequential-addressing, reduce-first-add-on-load, lower-reduce
// OFF-NOT: shflDown
// OFF: for (unsigned l2c_s = blockDim.x / 2; l2c_s > 0; l2c_s >>= 1) {

int sum(const int *a, int n) {
  int s = 0;
#pragma loop2cuda parallel name(k) reduction(+:s)
  for (int i = 0; i < n; ++i)
    s += a[i];
  return s;
}

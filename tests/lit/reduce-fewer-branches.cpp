// RUN: rm -rf %t && %loop2cuda --disable-rule reduce-sequential-addressing --disable-rule reduce-first-add-on-load --disable-rule reduce-unroll-last-warp --disable-rule reduce-warp-shuffle --disable-rule reduce-grid-stride --disable-rule reduce-single-pass %s -o %t/on -- -std=c++17
// RUN: %nochecks %t/on/reduce-fewer-branches.cu | FileCheck %s --check-prefix=ON
// RUN: %loop2cuda --disable-rule reduce-fewer-branches --disable-rule reduce-sequential-addressing --disable-rule reduce-first-add-on-load --disable-rule reduce-unroll-last-warp --disable-rule reduce-warp-shuffle --disable-rule reduce-grid-stride --disable-rule reduce-single-pass %s -o %t/off -- -std=c++17
// RUN: %nochecks %t/off/reduce-fewer-branches.cu | FileCheck %s --check-prefix=OFF

// reduce-fewer-branches (paper 3.4): `tid % (2*s) == 0` becomes a strided
// index, so the active threads are contiguous.

// ON: // rules: extract-reduction, reduce-shared-memory, reduce-fewer-branches, lower-reduce
// ON: for (unsigned l2c_s = 1; l2c_s < blockDim.x; l2c_s *= 2) {
// ON-NEXT: unsigned l2c_index = 2 * l2c_s * l2c_tid;
// ON-NEXT: if (l2c_index < blockDim.x) {
// ON-NEXT: l2c_buf[l2c_index] = l2c_buf[l2c_index] + l2c_buf[l2c_index + l2c_s];
// ON-NOT: l2c_tid % (2

// OFF: // rules: extract-reduction, reduce-shared-memory, lower-reduce
// OFF-NOT: l2c_index
// OFF: if (l2c_tid % (2 * l2c_s) == 0) {

int sum(const int *a, int n) {
  int s = 0;
#pragma loop2cuda parallel name(k) reduction(+:s)
  for (int i = 0; i < n; ++i)
    s += a[i];
  return s;
}

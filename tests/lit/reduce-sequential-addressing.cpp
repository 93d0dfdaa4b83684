// RUN: rm -rf %t && %loop2cuda --disable-rule reduce-first-add-on-load --disable-rule reduce-unroll-last-warp --disable-rule reduce-warp-shuffle --disable-rule reduce-grid-stride --disable-rule reduce-single-pass %s -o %t/on -- -std=c++17
// RUN: %nochecks %t/on/reduce-sequential-addressing.cu | FileCheck %s --check-prefix=ON
// RUN: %loop2cuda --disable-rule reduce-sequential-addressing --disable-rule reduce-first-add-on-load --disable-rule reduce-unroll-last-warp --disable-rule reduce-warp-shuffle --disable-rule reduce-grid-stride --disable-rule reduce-single-pass %s -o %t/off -- -std=c++17
// RUN: %nochecks %t/off/reduce-sequential-addressing.cu | FileCheck %s --check-prefix=OFF

// reduce-sequential-addressing (paper 3.5): the loop halves s from
// blockDim.x/2 and the test is tid < s: no bank conflicts.

// ON: // rules: extract-reduction, reduce-shared-memory, reduce-fewer-branches, reduce-sequential-addressing, lower-reduce
// ON: for (unsigned l2c_s = blockDim.x / 2; l2c_s > 0; l2c_s >>= 1) {
// ON-NEXT: if (l2c_tid < l2c_s) {
// ON-NEXT: l2c_buf[l2c_tid] = l2c_buf[l2c_tid] + l2c_buf[l2c_tid + l2c_s];
// ON-NEXT: }
// ON-NEXT: __syncthreads();
// ON-NOT: l2c_index

// OFF: // rules: extract-reduction, reduce-shared-memory, reduce-fewer-branches, lower-reduce
// OFF-NOT: l2c_s >>= 1
// OFF: l2c_index

int sum(const int *a, int n) {
  int s = 0;
#pragma loop2cuda parallel name(k) reduction(+:s)
  for (int i = 0; i < n; ++i)
    s += a[i];
  return s;
}

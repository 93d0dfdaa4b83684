// RUN: rm -rf %t && %loop2cuda --disable-rule reduce-unroll-last-warp --disable-rule reduce-warp-shuffle --disable-rule reduce-grid-stride --disable-rule reduce-single-pass %s -o %t/on -- -std=c++17
// RUN: %nochecks %t/on/reduce-first-add-on-load.cu | FileCheck %s --check-prefix=ON
// RUN: %loop2cuda --disable-rule reduce-first-add-on-load --disable-rule reduce-unroll-last-warp --disable-rule reduce-warp-shuffle --disable-rule reduce-grid-stride --disable-rule reduce-single-pass %s -o %t/off -- -std=c++17
// RUN: %nochecks %t/off/reduce-first-add-on-load.cu | FileCheck %s --check-prefix=OFF

// reduce-first-add-on-load (paper 3.6): each thread takes iterations k and
// k + blockDim.x of its block's span of 2*blockDim.x, and the launch asks for
// half the blocks (two iterations per thread).

// ON: // rules: extract-reduction, reduce-shared-memory, reduce-fewer-branches, reduce-sequential-addressing, reduce-first-add-on-load, lower-reduce
// ON: for (long long l2c_k = (long long)blockIdx.x * blockDim.x * 2 + threadIdx.x; l2c_k < l2c_count; l2c_k += (long long)gridDim.x * blockDim.x * 2) {
// ON-NEXT: {
// ON-NEXT: int i = l2c_begin + l2c_k;
// ON-NEXT: s = s + a[i];
// ON-NEXT: }
// ON-NEXT: if (l2c_k + blockDim.x < l2c_count) {
// ON-NEXT: {
// ON-NEXT: int i = l2c_begin + (l2c_k + blockDim.x);
// ON-NEXT: s = s + a[i];
// ON: const unsigned l2c_blocks = l2c::reduceGridPerThread(l2c_n, 256, 2);

// OFF: // rules: extract-reduction, reduce-shared-memory, reduce-fewer-branches, reduce-sequential-addressing, lower-reduce
// OFF: for (long long l2c_k = (long long)blockIdx.x * blockDim.x + threadIdx.x; l2c_k < l2c_count; l2c_k += (long long)gridDim.x * blockDim.x) {
// OFF: const unsigned l2c_blocks = l2c::reduceGridPerThread(l2c_n, 256, 1);

int sum(const int *a, int n) {
  int s = 0;
#pragma loop2cuda parallel name(k) reduction(+:s)
  for (int i = 0; i < n; ++i)
    s += a[i];
  return s;
}

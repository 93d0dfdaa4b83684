// RUN: rm -rf %t && %loop2cuda --disable-rule reduce-fewer-branches --disable-rule reduce-sequential-addressing --disable-rule reduce-first-add-on-load --disable-rule reduce-unroll-last-warp --disable-rule reduce-warp-shuffle --disable-rule reduce-grid-stride --disable-rule reduce-single-pass %s -o %t/on -- -std=c++17
// RUN: %nochecks %t/on/reduce-shared-memory.cu | FileCheck %s --check-prefix=ON
// RUN: %loop2cuda --disable-rule reduce-shared-memory --disable-rule reduce-fewer-branches --disable-rule reduce-sequential-addressing --disable-rule reduce-first-add-on-load --disable-rule reduce-unroll-last-warp --disable-rule reduce-warp-shuffle --disable-rule reduce-grid-stride --disable-rule reduce-single-pass %s -o %t/off -- -std=c++17
// RUN: %nochecks %t/off/reduce-shared-memory.cu | FileCheck %s --check-prefix=OFF

// reduce-shared-memory (paper 3.3): the block tree moves from the global
// scratch into __shared__ T l2c_buf[256], indexed by threadIdx.x; the scratch
// parameter goes.

// ON: // rules: extract-reduction, reduce-shared-memory, lower-reduce
// ON-NEXT: __global__ void k(long long l2c_begin, long long l2c_count, const int *a, int *l2c_partial_s) {
// ON: __shared__ int l2c_buf[256];
// ON-NEXT: l2c_buf[l2c_tid] = s;
// ON-NEXT: __syncthreads();
// ON-NEXT: for (unsigned l2c_s = 1; l2c_s < blockDim.x; l2c_s *= 2) {
// ON-NEXT: if (l2c_tid % (2 * l2c_s) == 0) {
// ON-NEXT: l2c_buf[l2c_tid] = l2c_buf[l2c_tid] + l2c_buf[l2c_tid + l2c_s];
// ON: l2c_partial_s[blockIdx.x] = l2c_buf[0];
// ON-NOT: l2c_scratch
// ON: L2C_LAUNCH(l2c_device::k,

// OFF: // rules: extract-reduction, lower-reduce
// OFF-NOT: __shared__
// OFF: l2c_gbuf[l2c_g] = l2c_gbuf[l2c_g] + l2c_gbuf[l2c_g + l2c_s];
// OFF: unsigned long long *l2c_scratch = l2c_buffers.get<unsigned long long>(

int sum(const int *a, int n) {
  int s = 0;
#pragma loop2cuda parallel name(k) reduction(+:s)
  for (int i = 0; i < n; ++i)
    s += a[i];
  return s;
}

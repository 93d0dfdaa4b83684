// RUN: rm -rf %t && %loop2cuda --disable-rule reduce-single-pass %s -o %t/on -- -std=c++17
// RUN: %nochecks %t/on/reduce-grid-stride.cu | FileCheck %s --check-prefix=ON
// RUN: %loop2cuda --disable-rule reduce-grid-stride --disable-rule reduce-single-pass %s -o %t/off -- -std=c++17
// RUN: %nochecks %t/off/reduce-grid-stride.cu | FileCheck %s --check-prefix=OFF

// reduce-grid-stride: a persistent grid sized by occupancy; the plain array
// sum reads 16 bytes at a time through the runtime's vectorised fold.

// ON: reduce-warp-shuffle, reduce-grid-stride, lower-reduce
// ON-NEXT: __global__ void k(long long l2c_begin, long long l2c_count, const int *a, int *l2c_partial_s) {
// ON-NEXT: int s = (int)0;
// ON-NEXT: s = l2c::reduceRange(l2c::Sum(), a, l2c_begin, l2c_count, s);
// ON: static const unsigned l2c_resident = l2c::residentBlocks((void (*)(long long, long long, const int *, {{.*}}))l2c_device::k, 256);
// ON-NEXT: const unsigned l2c_blocks = l2c::reduceGridPerThread(l2c_n, 256, 16, l2c_resident);

// OFF: reduce-warp-shuffle, lower-reduce
// OFF-NOT: reduceRange
// OFF-NOT: residentBlocks
// OFF: const unsigned l2c_blocks = l2c::reduceGridPerThread(l2c_n, 256, 2);

int sum(const int *a, int n) {
  int s = 0;
#pragma loop2cuda parallel name(k) reduction(+:s)
  for (int i = 0; i < n; ++i)
    s += a[i];
  return s;
}

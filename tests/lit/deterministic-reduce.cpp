// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c++17
// RUN: %nochecks %t/deterministic-reduce.cu | FileCheck %s --check-prefix=DEFAULT
// RUN: rm -rf %t && %loop2cuda --deterministic %s -o %t -- -std=c++17
// RUN: %nochecks %t/deterministic-reduce.cu | FileCheck %s --check-prefix=DET
// RUN: rm -rf %t && %loop2cuda --deterministic --disable-rule reduce-single-pass %s -o %t -- -std=c++17
// RUN: %nochecks %t/deterministic-reduce.cu | FileCheck %s --check-prefix=ORDERED
// RUN: rm -rf %t && %loop2cuda --disable-rule reduce-single-pass %s -o %t -- -std=c++17
// RUN: %nochecks %t/deterministic-reduce.cu | FileCheck %s --check-prefix=CUB

// A floating-point sum never uses atomics; by default its grid follows the
// device (occupancy x SMs), so the bits may differ between GPUs. With
// --deterministic the grid is fixed, and the same bits come on every run and
// every GPU.
// DEFAULT: l2c::residentBlocks((void (*)(long long, long long, const float *, {{.*}}))l2c_device::fsum,
// DEFAULT-NOT: atomicAdd
// DET-NOT: residentBlocks
// DET: const unsigned l2c_blocks = l2c::reduceGridPerThread(l2c_n, 256, 16, 1024);
// Without the single-pass finish, the partials are folded by one block in a
// fixed order (--deterministic) or by CUB (by default).
// ORDERED: l2c::reduceOrdered(l2c_partial_s, l2c_blocks, l2c::Sum(), l2c_out_s, "deterministic-reduce.cpp:[[LOOP:[0-9]+]]");
// ORDERED-NEXT: s = l2c::combine(l2c::Sum(), s, l2c::readMapped(l2c_out_s, "deterministic-reduce.cpp:[[LOOP]]"));
// CUB: l2c::reduceCub(l2c_partial_s, l2c_blocks, l2c::Sum(), l2c_out_s, "deterministic-reduce.cpp:[[LOOP:[0-9]+]]");
// CUB-NEXT: s = l2c::combine(l2c::Sum(), s, l2c::readMapped(l2c_out_s, "deterministic-reduce.cpp:[[LOOP]]"));
float fsum(const float *a, long long n) {
  float s = 0;
#pragma loop2cuda parallel name(fsum) reduction(+:s)
  for (long long i = 0; i < n; ++i)
    s += a[i];
  return s;
}

// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c++17 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning: --allow-empty
// RUN: %nochecks %t/loop-bounds-limits.cu | FileCheck %s --check-prefix=CU

// Bounds near the type's limit: OpenMP counts a canonical loop's iterations
// without overflow. The launch computes the count in long long (the kernel's
// l2c_count), and `i <= n` ends at n + 1LL, so neither INT_MAX + 1 nor an
// unsigned end below the start wraps.
#include <climits>

// i <= n with n == INT_MAX has INT_MAX + 1 iterations.
// CU: L2C_LAUNCH(l2c_device::inclusive_L[[#@LINE+3]], {{.*}}, l2c::gridFor(n + 1LL, 256), 256, 0, n + 1LL, l2c::devWrites(o, n + 1,
void inclusive(char *o, int n) {
#pragma omp parallel for
  for (int i = 0; i <= n; ++i)
    o[i] = 1;
}

// A step near INT_MAX: (INT_MAX - lb + 6) / 7 in long long.
// CU: L2C_LAUNCH(l2c_device::nearMax_L[[#@LINE+3]], {{.*}}, l2c::gridFor(((long long)2147483647 - (long long)(INT_MAX - 100) + 6) / 7, 256), 256, INT_MAX - 100, ((long long)2147483647 - (long long)(INT_MAX - 100) + 6) / 7,
void nearMax(char *o) {
#pragma omp parallel for
  for (int i = INT_MAX - 100; i < INT_MAX; i += 7)
    o[i - (INT_MAX - 100)] = 1;
}

// An unsigned loop that starts past its end runs no iteration: the span is
// negative in long long, where the unsigned difference would wrap.
// CU: L2C_LAUNCH(l2c_device::unsignedSpan_L[[#@LINE+3]], {{.*}}, l2c::gridFor(((long long)n - (long long)lo + 2) / 3, 256), 256, lo, ((long long)n - (long long)lo + 2) / 3,
void unsignedSpan(char *o, unsigned lo, unsigned n) {
#pragma omp parallel for
  for (unsigned i = lo; i < n; i += 3)
    o[i] = 1;
}

// unsigned char up to 255: the count and the index stay in range.
// CU: __global__ void bytes_L[[#@LINE+5]](
// CU: unsigned char c = l2c_begin + l2c_k;
// CU: L2C_LAUNCH(l2c_device::bytes_L[[#@LINE+3]], {{.*}}, l2c::gridFor(255, 256), 256, 0, 255,
void bytes(unsigned char *o) {
#pragma omp parallel for
  for (unsigned char c = 0; c < 255; ++c)
    o[c] = c;
}

// Downward to INT_MIN + 5: the span is computed in long long.
// CU: L2C_LAUNCH(l2c_device::downToMin_L[[#@LINE+3]], {{.*}}, l2c::gridFor((long long)(hi + 1LL) - (long long)(INT_MIN + 5), 256), 256, INT_MIN + 5, (long long)(hi + 1LL) - (long long)(INT_MIN + 5),
void downToMin(char *o, int hi) {
#pragma omp parallel for
  for (int i = hi; i >= INT_MIN + 5; --i)
    o[i - (INT_MIN + 5)] = 1;
}

// Unsigned i <= UINT_MAX - 1: n + 1LL does not wrap to 0.
// CU: L2C_LAUNCH(l2c_device::unsignedInclusive_L[[#@LINE+3]], {{.*}}, l2c::gridFor((long long)(n + 1LL) - (long long)lo, 256), 256, lo, (long long)(n + 1LL) - (long long)lo,
void unsignedInclusive(char *o, unsigned lo, unsigned n) {
#pragma omp parallel for
  for (unsigned i = lo; i <= n; ++i)
    o[i] = 1;
}

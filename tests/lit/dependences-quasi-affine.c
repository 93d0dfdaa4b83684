// RUN: rm -rf %t && %loop2cuda --min-launch-work=0 %s -o %t -- -std=c99 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning:
// RUN: %nochecks %t/dependences-quasi-affine.cu | FileCheck %s --check-prefix=CU

// Subscripts with / and % (and >>, & masks) by constants are quasi-affine:
// isl decides them exactly, with C's rounding towards 0 (QuasiAffine.cpp).
#include <stdlib.h>

// The element t, spelled through its block and its offset: no histogram.
// CU: __global__ void blockOffset_L[[#@LINE+3]](
void blockOffset(int *a, int n) {
#pragma omp parallel for
  for (int t = 0; t < n; t++)
    a[(t / 8) * 8 + t % 8] += 1;
}

// The same through temporaries, row and column of a tile.
// CU: __global__ void tileTemps_L[[#@LINE+3]](
void tileTemps(float *x, int nb) {
#pragma omp parallel for
  for (int t = 0; t < nb * 64; t++) {
    int r = t / 64, c = t % 64;
    x[r * 64 + c] = x[r * 64 + c] + 1.0f;
  }
}

// A shift and a mask: the element t again.
// CU: __global__ void shiftMask_L[[#@LINE+3]](
void shiftMask(unsigned *h, int n) {
#pragma omp parallel for
  for (int t = 0; t < n; t++)
    h[((t >> 4) << 4) + (t & 15)] ^= 1u;
}

// Two iterations write one element: rejected with the witness.
// CHECK: dependences-quasi-affine.c:[[@LINE+3]]:3: warning: loop not parallelized: iterations are not independent: out[i / 2] written at i=0 is written at i=1 (n=2) [dependence]
void halve(float *out, const float *in, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    out[i / 2] = in[i];
}

// An update of a shared element is a histogram; the warning names the pair.
// CHECK: dependences-quasi-affine.c:[[@LINE+3]]:3: warning: loop not parallelized: 'h[i / 4]' is updated at a subscript that other iterations may share: a histogram races on the GPU; add reduction(+: h[:B]) to the pragma, B the number of elements of 'h' the updates may reach (h[i / 4] written at i=0 is read at i=1 (n=2)) [dependence]
void histogram(int *h, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    h[i / 4] += 1;
}

// C rounds towards 0: -1 / 2 and 1 / 2 are both 0, so i = -1 and i = 1 of
// an odd n meet (with rounding down they would not).
// CHECK: dependences-quasi-affine.c:[[@LINE+3]]:3: warning: loop not parallelized: iterations are not independent: a[i / 2 + n] written at i=-1 is written at i=1 (n=3) [dependence]
void towardsZero(int *a, int n) {
#pragma omp parallel for
  for (int i = -n; i < n; i += 2)
    a[i / 2 + n] = i;
}

// % by a constant of a negative numerator is negative in C: a[i % 4 + 3]
// runs over a[0..6], one element per iteration. (isl's mod rounds down:
// taken so, i = -3 and i = 1 would meet at a[4].)
// CU: __global__ void negativeRem_L[[#@LINE+3]](
void negativeRem(int *a) {
#pragma omp parallel for
  for (int i = -3; i < 4; i++)
    a[i % 4 + 3] = i;
}

// Blocks of 16 under a bound n / 16: exact, and the extent 16 * (n / 16)
// comes from the subscripts; x[i / 2] reads (n - 1) / 2 + 1 elements.
// CU-LABEL: void blocked(
// CU: l2c::toDevice(x, l2c::extent(16 * (n / 16), n),
// CU: l2c::devReads(in, ((n - 1) / 3) + 1,
void blocked(float *in, int n) {
  float *x = malloc(n * sizeof(float));
#pragma omp parallel for
  for (int b = 0; b < n / 16; b++)
    for (int k = 0; k < 16; k++)
      x[b * 16 + k] = 2.0f;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    x[i] = in[i / 3];
  free(x);
}

// An unsigned quotient may have wrapped: (unsigned)(i - 1) / 2 is not
// (i - 1) / 2 at i = 0, so the test does not take it as one; the probe
// decides at run time.
// CHECK: dependences-quasi-affine.c:[[@LINE+4]]:5: remark: iterations are checked at run time: subscript 'a[(unsigned int)(i - 1) / 2]'
void wrapped(int *a, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[(unsigned)(i - 1) / 2] = i;
}

// A condition over a quotient of an inner index (j < i / 2) narrows no
// extent with host text: i and j exist only in the kernel.
// CU-LABEL: void triangleHalf(
// CU-NOT: i / 2
// CU: l2c::toDevice(x, n * n,
void triangleHalf(float *x, const float *y, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      if (j < i / 2)
        x[i * n + j] = y[j];
}

// t % 64 is t - 64 * (t / 64): the tile's row and column give t again,
// and the extent is exact.
// CU-LABEL: void tileExtent(
// CU: l2c::toDevice(x, 64 * tiles,
void tileExtent(float *x, int tiles) {
#pragma omp parallel for
  for (int t = 0; t < tiles * 64; t++) {
    int r = t / 64, c = t % 64;
    x[r * 64 + c] += 1.0f;
  }
}

// A quotient whose term falls as the index grows beside one that rises:
// each at its own end would give n + (n - 1) / 2, past the largest
// subscript (n, at i = 0). The record of allocations gives the count.
// CHECK: dependences-quasi-affine.c:[[#@LINE+5]]:3: remark: the subscripts give no count of 'y'
// CU-LABEL: void fallingQuotient(
// CU: l2c::toDevice(y, l2c::recordedCount(y),
void fallingQuotient(float *x, const float *y, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    x[i] = y[n + i / 2 - i];
}

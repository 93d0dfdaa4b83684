// RUN: rm -rf %t && %loop2cuda --disable-rule scan-single-pass --disable-rule scan-coalesce %s -o %t -- -std=c++17 2>&1 | FileCheck %s --check-prefix=DIAG --allow-empty
// RUN: %nochecks %t/scan-forms.cu | FileCheck %s

// The scans the front end recognises (docs/scans.md), at stage 3 of the
// ladder (scan-stages.cpp shows stages 4 and 5): each becomes three
// kernels that a Passes term launches; the
// recurrence reads its carry s[lb-1] on the device, a running value is
// passed by value and, when it is live after the loop, read back.
// DIAG-NOT: warning:

#include <algorithm>
#include <vector>

// CHECK-LABEL: __global__ void rec_scan(long long l2c_begin, long long l2c_count, const int *a, int *s, int *l2c_sums, long long l2c_tiles) {
// CHECK: l2c_e = a[i];
// CHECK: s[i] = l2c_p + l2c_item[l2c_j];
// CHECK: l2c_sums[blockIdx.x] = l2c_total;
// CHECK-LABEL: __global__ void rec_sums(
// CHECK: int l2c_carry = s[l2c_begin - 1];
// CHECK: l2c_sums[l2c_tiles] = l2c_carry + l2c_total;
// CHECK-LABEL: __global__ void rec_add(
// CHECK: int l2c_p = l2c_sums[blockIdx.x];
// CHECK: s[i] = l2c_p + s[i];
// CHECK-LABEL: void rec(int *s, const int *a, int n) {
// CHECK: l2c::toDevice(s, n,
// CHECK: // loop2cuda: the loop at scan-forms.cpp:{{[0-9]+}} runs on the GPU in 3 passes: rec_scan, rec_sums, rec_add
// CHECK-NEXT: {
// CHECK-NEXT: const long long l2c_span = (long long)(n) - (long long)(1);
// CHECK-NEXT: const long long l2c_n = l2c_span > 0 ? l2c_span : 0;
// CHECK-NEXT: if (l2c_n > 0) {
// CHECK-NEXT: const long long l2c_tiles = (l2c_n + 511) / 512;
// CHECK:      static l2c::Scratch l2c_buffers;
// CHECK-NEXT: int *l2c_sums = l2c_buffers.get<int>(0, l2c_tiles + 1, "scan-forms.cpp:{{[0-9]+}}");
// CHECK-NEXT: L2C_LAUNCH(l2c_device::rec_scan, "scan-forms.cpp:{{[0-9]+}}", (unsigned)l2c_tiles, 256, 1, l2c_n, l2c::dev(a, n, "scan-forms.cpp:{{[0-9]+}}"), l2c::dev(s, n, "scan-forms.cpp:{{[0-9]+}}"), l2c_sums, l2c_tiles);
// CHECK-NEXT: L2C_LAUNCH(l2c_device::rec_sums, "scan-forms.cpp:{{[0-9]+}}", 1, 256, 1, l2c_n,
// CHECK-NEXT: L2C_LAUNCH(l2c_device::rec_add, "scan-forms.cpp:{{[0-9]+}}", (unsigned)l2c_tiles, 256, 1, l2c_n,
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: l2c::toHost(s, n,
void rec(int *s, const int *a, int n) {
#pragma loop2cuda parallel name(rec)
  for (int i = 1; i < n; ++i)
    s[i] = s[i - 1] + a[i];
}

// In place: the element itself is the input.
// CHECK-LABEL: __global__ void inplace_scan(long long l2c_begin, long long l2c_count, float *a, float *l2c_sums, long long l2c_tiles) {
// CHECK: l2c_e = a[i];
// CHECK: a[i] = l2c_p + l2c_item[l2c_j];
// CHECK-LABEL: __global__ void inplace_sums(
// CHECK: float l2c_carry = a[l2c_begin - 1];
void inplace(float *a, int n) {
#pragma loop2cuda parallel name(inplace)
  for (int i = 1; i < n; ++i)
    a[i] += a[i - 1];
}

// A vector, and min written as a call.
// CHECK-LABEL: __global__ void vecmin_scan(
// CHECK: long l2c_e = l2c::identity(l2c::Min(), (long)0);
// CHECK: l2c_e = a[i] * 2;
// CHECK: s[i] = l2c::combine(l2c::Min(), l2c_p, l2c_item[l2c_j]);
// CHECK-LABEL: void vecmin(
// CHECK: L2C_LAUNCH(l2c_device::vecmin_scan, "scan-forms.cpp:{{[0-9]+}}", (unsigned)l2c_tiles, 256, 1, l2c_n, l2c::dev(a.data(), a.size(), "scan-forms.cpp:{{[0-9]+}}"), l2c::dev(s.data(), s.size(),
void vecmin(std::vector<long> &s, const std::vector<long> &a) {
#pragma loop2cuda parallel name(vecmin)
  for (long i = 1; i < (long)s.size(); ++i)
    s[i] = std::min(a[i] * 2, s[i - 1]);
}

// A running value, live after the loop: its grand total is read back.
// CHECK-LABEL: __global__ void running_L{{[0-9]+}}_sums(long long l2c_begin, long long l2c_count, const long *a, long *out, long acc, long *l2c_sums, long long l2c_tiles) {
// CHECK: long l2c_carry = acc;
// CHECK-LABEL: long running(const long *a, long *out, int n) {
// CHECK: L2C_LAUNCH(l2c_device::running_L{{[0-9]+}}_add,
// CHECK-NEXT: acc = l2c::Scratch::read(l2c_sums + l2c_tiles, "scan-forms.cpp:{{[0-9]+}}");
long running(const long *a, long *out, int n) {
  long acc = 5;
#pragma omp parallel for
  for (int i = 0; i < n; ++i) {
    acc += a[i];
    out[i] = acc;
  }
  return acc;
}

// The store first: an exclusive scan, beside a declaration and an
// independent array write.
// CHECK-LABEL: __global__ void offsets_scan(
// CHECK: float half = len[i] * 0.5f;
// CHECK-NEXT: w[i] = half;
// CHECK-NEXT: l2c_e = len[i];
// CHECK: start[i] = l2c_j == 0 ? l2c_p : l2c_p + l2c_item[l2c_j - 1];
// CHECK-LABEL: unsigned offsets(
// CHECK: next = l2c::Scratch::read(l2c_sums + l2c_tiles,
unsigned offsets(const unsigned *len, unsigned *start, float *w, int n) {
  unsigned next = 0;
#pragma loop2cuda parallel name(offsets)
  for (int i = 0; i < n; ++i) {
    start[i] = next;
    float half = len[i] * 0.5f;
    w[i] = half;
    next += len[i];
  }
  return next;
}

// OpenMP inscan, inclusive, a product.
// CHECK-LABEL: __global__ void inscan_incl_L{{[0-9]+}}_scan(
// CHECK: double l2c_v = (double)1;
// CHECK: out[i] = l2c_p * l2c_item[l2c_j];
// CHECK-LABEL: double inscan_incl(
// CHECK: x = l2c::Scratch::read(
double inscan_incl(const double *a, double *out, int n) {
  double x = 1;
#pragma omp parallel for reduction(inscan, * : x)
  for (int i = 0; i < n; ++i) {
    x *= a[i];
#pragma omp scan inclusive(x)
    out[i] = x;
  }
  return x;
}

// OpenMP inscan, exclusive; x is declared in the block of the loop and not
// read after it, so nothing is read back.
// CHECK-LABEL: __global__ void inscan_excl_L{{[0-9]+}}_scan(
// CHECK: out[i] = l2c_j == 0 ? l2c_p : l2c_p ^ l2c_item[l2c_j - 1];
// CHECK-LABEL: void inscan_excl(
// CHECK: L2C_LAUNCH(l2c_device::inscan_excl_L{{[0-9]+}}_add,
// CHECK-NOT: Scratch::read
// CHECK: l2c::toHost(out, n,
void inscan_excl(const int *a, int *out, int n) {
  for (int r = 0; r < 3; ++r) {
    int x = 0;
#pragma omp parallel for reduction(inscan, ^ : x)
    for (int i = 0; i < n; ++i) {
      out[i] = x;
#pragma omp scan exclusive(x)
      x ^= a[i];
    }
  }
}

// The store with a cast to out's own element type, written or as a
// static_cast (issue 37): the same scan.
// CHECK-LABEL: __global__ void inscan_cast_L{{[0-9]+}}_scan(
// CHECK: out[i] = l2c_j == 0 ? l2c_p : l2c_p + l2c_item[l2c_j - 1];
// CHECK-LABEL: __global__ void cast_running_L{{[0-9]+}}_scan(
void inscan_cast(const int *a, int *out, int n) {
  int run = 0;
#pragma omp parallel for reduction(inscan, + : run)
  for (int i = 0; i < n; ++i) {
    out[i] = (int)run;
#pragma omp scan exclusive(run)
    run += a[i];
  }
}
void cast_running(const float *a, float *out, int n) {
  float acc = 0;
#pragma loop2cuda parallel
  for (int i = 0; i < n; ++i) {
    acc += a[i];
    out[i] = static_cast<float>(acc);
  }
}

// A first index and a step; the update as `if (e > m) m = e`.
// CHECK-LABEL: __global__ void stepped_scan(
// CHECK: int i = l2c_begin + l2c_k * 3;
// CHECK-NEXT: l2c_e = a[i];
// CHECK: out[i] = l2c::combine(l2c::Max(), l2c_p, l2c_item[l2c_j]);
// CHECK-LABEL: int stepped(
// CHECK: const long long l2c_n = l2c_span > 0 ? (l2c_span + 2) / 3 : 0;
// CHECK: L2C_LAUNCH(l2c_device::stepped_scan, "scan-forms.cpp:{{[0-9]+}}", (unsigned)l2c_tiles, 256, lo, l2c_n,
int stepped(const int *a, int *out, int lo, int n) {
  int m = -100;
#pragma loop2cuda parallel name(stepped)
  for (int i = lo; i < n; i += 3) {
    if (a[i] > m)
      m = a[i];
    out[i] = m;
  }
  return m;
}

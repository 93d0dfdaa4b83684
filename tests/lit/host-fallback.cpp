// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c++17 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: %nochecks %t/host-fallback.cu | FileCheck %s
// RUN: rm -rf %t && %loop2cuda --disable-rule host-fallback %s -o %t -- -std=c++17 2>/dev/null
// RUN: %nochecks %t/host-fallback.cu | FileCheck %s --check-prefix=OFF

// Rule set host-fallback: a kernel whose arrays the dependence test assumed
// apart (a caller in another file may pass overlapping pointers) launches
// only when their host ranges are apart at run time; otherwise the loop as
// written runs on the host, in order, its pragma a comment.
#include <vector>

// DIAG: host-fallback.cpp:[[@LINE+5]]:3: remark: assuming iterations are independent: 'dst' and 'src' may point into the same memory [dependence]
// CHECK-LABEL: void shift(double *dst, const double *src, int n) {
// CHECK:      if (l2c::apartOrHost("host-fallback.cpp:[[#@LINE+3]]", {l2c::range(dst, (long long)(n), true), l2c::range(src, (long long)(n), false)})) {
void shift(double *dst, const double *src, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    dst[i] = src[i] + 1.0;
}
// CHECK-NEXT:   // loop2cuda: the loop at host-fallback.cpp:[[#@LINE-3]] runs on the GPU as shift_L[[#@LINE-3]]
// CHECK-NEXT:   L2C_LAUNCH_DISTINCT(l2c_device::shift_L[[#@LINE-4]],
// CHECK-NEXT: } else {
// CHECK-NEXT: // loop2cuda: on the host, in order, when the run-time check fails: #pragma omp parallel for
// CHECK-NEXT: for (int i = 0; i < n; i++)
// CHECK-NEXT:   dst[i] = src[i] + 1.0;
// CHECK-NEXT: }
// CHECK-NEXT: l2c::toHost(dst, n,
// OFF-NOT: apartOrHost

// Arrays the file proves apart (a static function whose every call passes
// distinct arrays) need no check.
// CHECK-LABEL: void scale_into(
// CHECK-NOT:   apartOrHost
// CHECK:       L2C_LAUNCH_DISTINCT(
static void scale_into(double *out, const double *in, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    out[i] = 2.0 * in[i];
}
void caller(std::vector<double> &v) {
  std::vector<double> w(v.size());
  scale_into(w.data(), v.data(), (int)v.size());
}

// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c++17 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %nochecks %t/scan-rejections.cu | FileCheck %s --check-prefix=CPU

// Every loop stays as it was, on the CPU.
// CPU-NOT: L2C_LAUNCH
// CPU: s[i] = a[i] - s[i - 1];
// CPU: s[i] = s[i - 1] * a[i] + b[i];
// CPU: s[i] = s[i - 1] + s[i - 2];

// Loops that look like scans but are not ones loop2cuda runs
// (docs/scans.md, docs/diagnostics.md#scan): each stays on the CPU with a
// [scan] warning at the loop that says what differs. Recurrences that are
// no scan at all keep the dependence test's rejection.

#include <algorithm>

int g;

void nonassoc(int *s, const int *a, int n) {
// CHECK: scan-rejections.cpp:[[@LINE+2]]:3: warning: loop not parallelized: 's[i] = a[i] - s[i - 1]' carries 's[i - 1]' from the previous iteration with an operator that does not associate: only + - * min max & | ^ scans run on the GPU [scan]
#pragma loop2cuda parallel
  for (int i = 1; i < n; ++i)
    s[i] = a[i] - s[i - 1];
// CHECK: scan-rejections.cpp:[[@LINE+2]]:3: warning: loop not parallelized: 's[i] = s[i - 1] / a[i]' carries 's[i - 1]' from the previous iteration with an operator that does not associate: only + - * min max & | ^ scans run on the GPU [scan]
#pragma loop2cuda parallel
  for (int i = 1; i < n; ++i)
    s[i] = s[i - 1] / a[i];
// CHECK: scan-rejections.cpp:[[@LINE+2]]:3: warning: loop not parallelized: 's[i] -= s[i - 1]' carries 's[i - 1]' from the previous iteration with an operator that does not associate: only + - * min max & | ^ scans run on the GPU [scan]
#pragma loop2cuda parallel
  for (int i = 1; i < n; ++i)
    s[i] -= s[i - 1];
}

void shapes(int *s, const int *a, int n) {
// CHECK: scan-rejections.cpp:[[@LINE+2]]:3: warning: loop not parallelized: the scan of 's' runs over a loop that does not count up by 1, so 's[i - 1]' is not the previous iteration's value [scan]
#pragma loop2cuda parallel
  for (int i = 1; i < n; i += 2)
    s[i] = s[i - 1] + a[i];
// CHECK: scan-rejections.cpp:[[@LINE+2]]:3: warning: loop not parallelized: the scan of 's' reads 's[-1]' in its first iteration; start the loop at 1 [scan]
#pragma loop2cuda parallel
  for (int i = 0; i < n; ++i)
    s[i] = s[i - 1] + a[i];
}

void types(short *s, const short *a, int *out, long long *o2, int n) {
// CHECK: scan-rejections.cpp:[[@LINE+2]]:3: warning: loop not parallelized: the scan of 's' runs over 'short': scans take int, unsigned, long, long long (signed or unsigned), float and double [scan]
#pragma loop2cuda parallel
  for (int i = 1; i < n; ++i)
    s[i] = s[i - 1] + a[i];
  long acc = 0;
// CHECK: scan-rejections.cpp:[[@LINE+2]]:3: warning: loop not parallelized: the scan stores 'acc' (long) into 'out' of int; the two types must be the same [scan]
#pragma omp parallel for
  for (int i = 0; i < n; ++i) {
    acc += a[i];
    out[i] = acc;
  }
  int t = 1;
// CHECK: scan-rejections.cpp:[[@LINE+2]]:3: warning: loop not parallelized: a '&&' scan of 't' is not implemented (+ * min max & | ^ are) [scan]
#pragma omp parallel for
  for (int i = 0; i < n; ++i) {
    t = t && a[i];
    out[i] = t;
  }
}

void bodies(int *s, const int *a, int *b, int *c, int *out, int *out2, int n) {
// CHECK: scan-rejections.cpp:[[@LINE+2]]:3: warning: loop not parallelized: 'c[i + 1] = 2' stands beside the scan of 's': only declarations and independent array writes b[i] = e (not using 's') may [scan]
#pragma loop2cuda parallel
  for (int i = 1; i < n; ++i) {
    s[i] = s[i - 1] + a[i];
    c[i + 1] = 2;
  }
  int acc = 0;
// CHECK: scan-rejections.cpp:[[@LINE+2]]:3: warning: loop not parallelized: 'b[i] = acc * 2' stands beside the scan of 'acc': only declarations and independent array writes b[i] = e (not using 'acc') may [scan]
#pragma omp parallel for
  for (int i = 0; i < n; ++i) {
    acc += a[i];
    out[i] = acc;
    b[i] = acc * 2;
  }
// CHECK: scan-rejections.cpp:[[@LINE+2]]:3: warning: loop not parallelized: the running value 'acc' is stored more than once in the loop; a scan stores it once, as out[i] = acc [scan]
#pragma omp parallel for
  for (int i = 0; i < n; ++i) {
    acc += a[i];
    out[i] = acc;
    out2[i] = acc;
  }
// CHECK: scan-rejections.cpp:[[@LINE+2]]:3: warning: loop not parallelized: the running value 'acc' is updated more than once in the loop; a scan updates it once [scan]
#pragma omp parallel for
  for (int i = 0; i < n; ++i) {
    acc += a[i];
    acc += b[i];
    out[i] = acc;
  }
// CHECK: scan-rejections.cpp:[[@LINE+2]]:3: warning: loop not parallelized: the scan variable 'g' must be a local variable or a parameter [scan]
#pragma omp parallel for
  for (int i = 0; i < n; ++i) {
    g += a[i];
    out[i] = g;
  }
// CHECK: scan-rejections.cpp:[[@LINE+2]]:3: warning: loop not parallelized: the scan of 'acc' runs over a loop that counts down; only upward scans run on the GPU [scan]
#pragma omp parallel for
  for (int i = n - 1; i >= 0; --i) {
    acc += a[i];
    out[i] = acc;
  }
}

void inscan(const int *a, int *out, int *b, int n) {
  int x = 0;
// CHECK: scan-rejections.cpp:[[@LINE+2]]:3: warning: loop not parallelized: the inscan reduction of 'x' needs its update in the input phase and the store out[i] = x in the scan phase of '#pragma omp scan' [scan]
#pragma omp parallel for reduction(inscan, + : x)
  for (int i = 0; i < n; ++i) {
    out[i] = x;
#pragma omp scan inclusive(x)
    x += a[i];
  }
// CHECK: scan-rejections.cpp:[[@LINE+2]]:3: warning: loop not parallelized: 'x' is updated in a form that is not a '+' scan [scan]
#pragma omp parallel for reduction(inscan, + : x)
  for (int i = 0; i < n; ++i) {
    x *= a[i];
#pragma omp scan inclusive(x)
    out[i] = x;
  }
// CHECK: scan-rejections.cpp:[[@LINE+2]]:3: warning: loop not parallelized: the scan phase of the inscan reduction of 'x' must store it as out[i] = x [scan]
#pragma omp parallel for reduction(inscan, + : x)
  for (int i = 0; i < n; ++i) {
    x += a[i];
#pragma omp scan inclusive(x)
    b[i] = x * 2;
  }
// CHECK: scan-rejections.cpp:[[@LINE+2]]:3: warning: loop not parallelized: the input phase of the inscan reduction of 'x' must update it as x += e [scan]
#pragma omp parallel for reduction(inscan, + : x)
  for (int i = 0; i < n; ++i) {
    x = a[i] * x + 1;
#pragma omp scan inclusive(x)
    out[i] = x;
  }
}

void recurrences(int *s, const int *a, const int *b, int n) {
// CHECK: scan-rejections.cpp:[[@LINE+2]]:3: warning: loop not parallelized: iterations are not independent: s[i] written at i=1 is read by s[i - 1] at i=2 (n=3) [dependence]
#pragma loop2cuda parallel
  for (int i = 1; i < n; ++i)
    s[i] = s[i - 1] * a[i] + b[i];
// CHECK: scan-rejections.cpp:[[@LINE+2]]:3: warning: loop not parallelized: iterations are not independent: s[i] written at i=2 is read by s[i - 1] at i=3 (n=4) [dependence]
#pragma loop2cuda parallel
  for (int i = 2; i < n; ++i)
    s[i] = s[i - 1] + s[i - 2];
}

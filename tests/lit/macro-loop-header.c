// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c99 -fopenmp 2>&1 | FileCheck %s --allow-empty --implicit-check-not=warning:
// RUN: %nochecks %t/macro-loop-header.cu | FileCheck %s --check-prefix=CU

// A loop header that a macro writes, with the pragma before the macro or
// inside it (_Pragma): the bounds have no text of their own in the file,
// and the launch prints them (before, `gridFor((long long)1000 - (long
// long), 256)` did not build).
#define FOR(i, lo, hi) for (int i = (lo); i < (hi); i++)
#define PLOOP(i, n) _Pragma("omp parallel for") for (int i = 0; i < (n); ++i)
static double a[1000], b[1000];

// CU-LABEL: void before(int n) {
// CU: L2C_LAUNCH_DISTINCT(l2c_device::before_L{{[0-9]+}}, l2c_device::before_L{{[0-9]+}}_restrict, "macro-loop-header.c:{{[0-9]+}}", l2c::gridFor((long long)(n) - (long long)(1), 256), 256, (1), (long long)(n) - (long long)(1),
void before(int n) {
#pragma omp parallel for
  FOR(i, 1, n) a[i] = 2 * b[i];
}

// CU-LABEL: void inside(int n) {
// CU: L2C_LAUNCH_DISTINCT(l2c_device::inside_L{{[0-9]+}}, l2c_device::inside_L{{[0-9]+}}_restrict, "macro-loop-header.c:{{[0-9]+}}", l2c::gridFor((n), 256), 256, 0, (n),
void inside(int n) {
  PLOOP(i, n) b[i] = a[i] + 1;
}

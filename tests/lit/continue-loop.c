// RUN: rm -rf %t && %loop2cuda --min-launch-work=0 %s -o %t -- -std=c99 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning: --allow-empty
// RUN: %nochecks %t/continue-loop.cu | FileCheck %s --check-prefix=CU

// `continue` of the parallel loop ends the iteration: the body runs as the
// one pass of `do { } while (0)`, in the 1-D kernel, a reduction's and a 2-D
// grid's. Elements written after a `continue` are written in some
// iterations only, so they are copied in before the launch.

// CU-LABEL: __global__ void skip_L{{[0-9]+}}(
// CU: int i = l2c_begin + l2c_k;
// CU-NEXT: do {
// CU-NEXT: if (b[i] < 0) {
// CU-NEXT: continue;
// CU-NEXT: }
// CU-NEXT: a[i] = b[i] * 2;
// CU-NEXT: } while (0);
// CU-LABEL: void skip(
// CU: l2c::toDevice(a, n,
void skip(int n, double *restrict a, const double *restrict b) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    if (b[i] < 0)
      continue;
    a[i] = b[i] * 2;
  }
}

// CU-LABEL: __global__ void positives_L{{[0-9]+}}(
// CU: do {
// CU: continue;
// CU: s = s + b[i];
// CU: } while (0);
double positives(int n, const double *b) {
  double s = 0;
#pragma omp parallel for reduction(+ : s)
  for (int i = 0; i < n; i++) {
    if (b[i] < 0)
      continue;
    s += b[i];
  }
  return s;
}

// The continue of a collapsed inner loop ends the thread's point.
// CU-LABEL: __global__ void grid_L{{[0-9]+}}(
// CU: int j = l2c_kx;
// CU-NEXT: do {
// CU-NEXT: if (B[i][j] == 0) {
// CU-NEXT: continue;
// CU: } while (0);
void grid(int n, double A[64][64], double B[64][64]) {
#pragma omp parallel for collapse(2)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      if (B[i][j] == 0)
        continue;
      A[i][j] = 1 / B[i][j];
    }
}

// A lastprivate store still runs after a continue.
// CU-LABEL: __global__ void last_L{{[0-9]+}}(
// CU: do {
// CU: continue;
// CU: } while (0);
// CU-NEXT: if (l2c_k == l2c_count - 1) {
double last(int n, double *restrict a, const double *restrict b) {
  double v = 0;
#pragma omp parallel for lastprivate(v)
  for (int i = 0; i < n; i++) {
    v = b[i];
    if (v < 0)
      continue;
    a[i] = v;
  }
  return v;
}

// RUN: rm -rf %t && %loop2cuda --min-launch-work=0 %s -o %t -- -fopenmp 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning:
// RUN: %nochecks %t/host-loop-context.cu | FileCheck %s --check-prefix=CU

#define N 64

// The counter of a host loop around the marked loop is a parameter of the
// dependence test, within that loop's bounds: with 0 <= k < N, the columns
// j > k stay inside their rows of the flat array, and each iteration owns
// its column (PolybenchOMP's gramschmidt).
// CU: __global__ void columns_L[[#@LINE+5]](
void columns(float *a, const float *q) {
  int i, j, k;
  for (k = 0; k < N; k++) {
#pragma omp parallel for private(i)
    for (j = k + 1; j < N; j++)
      for (i = 0; i < N; i++)
        a[i * N + j] = a[i * N + j] - q[i * N + k] * a[i * N + j];
  }
}

// The body moves the counter: its bounds say nothing at the marked loop,
// where j may be negative and a[i * N + j] another row's element.
// CHECK: host-loop-context.c:[[@LINE+8]]:5: warning: loop not parallelized: iterations are not independent: {{.*}}[dependence]
// CU-LABEL: void moved(
// CU-NOT: L2C_LAUNCH
void moved(float *a, const float *q) {
  int i, j, k;
  for (k = 0; k < N; k++) {
    k -= 2 * N;
#pragma omp parallel for private(i)
    for (j = k + 1; j < N; j++)
      for (i = 0; i < N; i++)
        a[i * N + j] = a[i * N + j] - q[i * N + k + 2 * N] * a[i * N + j];
    k += 2 * N;
  }
}

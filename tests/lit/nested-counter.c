// RUN: rm -rf %t && %loop2cuda --min-launch-work=0 %s -o %t -- -fopenmp 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning:
// RUN: %nochecks %t/nested-counter.cu | FileCheck %s --check-prefix=CU

// k, shared in the OpenMP source, is the counter of a loop two levels down:
// every iteration of j assigns it before reading it, so no iteration of i
// reads another's k, and each gets its own (PolybenchOMP's CPU syr2k).
// CHECK: nested-counter.c:[[@LINE+7]]:12: remark: 'k' is assigned before it is read in every iteration: each iteration gets its own copy
// CU: __global__ void {{.*}}rankTwo_L[[#@LINE+4]](
void rankTwo(int n, int m, float *c, const float *a, const float *b) {
  int i, j, k;
#pragma omp parallel for private(j)
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      for (k = 0; k < m; k++)
        c[i * n + j] += a[i * m + k] * b[j * m + k];
}

// Read after the j loop, which may run no iteration: the value may be an
// earlier iteration's.
// CHECK: nested-counter.c:[[@LINE+6]]:3: warning: loop not parallelized: {{.*}}[dependence]
// CU-LABEL: void leftOver(
// CU-NOT: L2C_LAUNCH
void leftOver(int n, int m, float *c, const float *a) {
  int i, j, k;
#pragma omp parallel for private(j)
  for (i = 0; i < n; i++) {
    for (j = 0; j < n; j++)
      for (k = 0; k < m; k++)
        c[i * n + j] += a[i * m + k];
    c[i * n] += k;
  }
}
